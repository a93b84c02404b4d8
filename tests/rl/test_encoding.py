"""The learner's encoding, value by value, in positions worked out by hand from docs/rl.md's
tables (the core computes it; the environments' tests hold every path to this one)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pegrace import get_rules
from pegrace.errors import IllegalMoveError
from pegrace.games.ludo import DiceMove
from pegrace.rl.encoding import action_count, action_of, legal_actions, observation_size, observe
from positions import every, position

HOME4 = ["home"] * 4


@pytest.mark.parametrize(
    ("game", "options", "actions", "size"),
    [
        ("trouble", {}, 9, 48),
        ("ludo", {}, 41, 48),
        ("ludo", {"variant": "classic"}, 9, 48),
        ("marbles", {}, 9, 48),
        ("headache", {}, 4705, 260),
    ],
)
def test_each_game_has_its_tables_sizes(
    game: str, options: dict[str, str], actions: int, size: int
) -> None:
    rules = get_rules(game, 4, options)
    assert (action_count(rules), observation_size(rules)) == (actions, size)


def test_a_trouble_position_as_two_seats_see_it() -> None:
    colours = ("red", "yellow", "green", "blue")
    rules, state = position("trouble", every(colours, HOME4, red=["track:0", *HOME4[:3]]), 6)
    mine = observe(rules, state, 0)
    assert mine[6] == pytest.approx(1 / 32)  # red's 4th piece (sorted): 1 step of 32, home 0
    assert mine[7] == 0.0  # on red's own start
    assert mine[0] == 0.0 and mine[1] == -1.0  # a piece at home: no steps, off the loop
    assert mine[32:36].tolist() == [1, 0, 0, 0]  # red (the observer) to act
    assert mine[36:48].tolist() == [0] * 5 + [1] + [0] * 6  # a 6, no second die
    theirs = observe(rules, state, 1)  # yellow: red is 3rd after it round the table
    assert theirs[30] == pytest.approx(1 / 32)
    assert theirs[31] == pytest.approx(21 / 28)  # red's start is 21 spaces past yellow's
    assert theirs[32:36].tolist() == [0, 0, 0, 1]


def test_one_die_actions_are_the_owner_and_the_pieces_index() -> None:
    colours = ("red", "yellow", "green", "blue")
    pieces = every(colours, HOME4, red=["home", "home", "track:3", "track:10"])
    rules, state = position("trouble", pieces, 6)
    actions = {str(move): action for action, move in legal_actions(rules, state).items()}
    assert actions == {
        "home>track:0": 0,  # the first piece at home
        "track:3>track:9": 2,
        "track:10>track:16": 3,
        "pass": 8,
    }
    move = legal_actions(rules, state)[3]
    assert action_of(rules, state, move) == 3


def test_two_dice_actions_are_the_order_of_the_dice_and_the_pieces() -> None:
    colours = ("red", "green", "yellow", "blue")
    pieces = every(colours, ["base"] * 4, red=["track:0", "track:5", "base", "base"])
    rules, state = position("ludo", pieces, [2, 5])
    by_uses = {}
    for action, move in legal_actions(rules, state).items():
        assert isinstance(move, DiceMove) or move.is_pass
        by_uses[tuple(getattr(move, "uses", ()))] = action
    # the 2 (the lower die: 0) moves the 3rd piece (0), then the 5 the 4th (5): (0*4+2)*5+3
    assert by_uses[((2, 0, 2), (5, 5, 10))] == 13
    # the 5 (the higher die: 1) moves the 4th piece, then the 2 the 3rd: (1*4+3)*5+2
    assert by_uses[((5, 5, 10), (2, 0, 2))] == 37


def test_headache_actions_name_origin_and_target_and_start_is_48() -> None:
    rules = get_rules("headache", 4)
    state, dice = rules.initial_state(), random.Random(5)
    while not legal_actions(rules, state):  # the roll-off, then the first seat's roll
        state = rules.apply_roll(state, rules.sample_roll(state, dice))
    assert any(move.from_start for move in legal_actions(rules, state).values())  # type: ignore[attr-defined]
    for action, move in legal_actions(rules, state).items():
        if move.is_pass:
            assert action == 4704
            continue
        origin = 48 if move.from_start else move.origin  # type: ignore[attr-defined]
        assert action // 2 == origin * 48 + move.target  # type: ignore[attr-defined]


def test_a_move_that_is_not_legal_has_no_action() -> None:
    rules = get_rules("trouble", 4)
    state = rules.initial_state()
    later, _ = position("trouble", every(rules.colours, HOME4, red=["track:0", *HOME4[:3]]), 6)
    move = next(iter(legal_actions(later, _).values()))
    with pytest.raises(IllegalMoveError, match="not a legal move"):
        action_of(rules, state, move)
    assert np.isfinite(observe(rules, state, 0)).all()
