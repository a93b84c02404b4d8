"""Properties of every game's checked engine, over positions that hypothesis picks from seeded
random games (derandomized: the same examples every run): ``play`` accepts exactly the moves
``legal_moves`` lists and refuses any other with IllegalMoveError, leaving the position as it
was; ``roll`` accepts exactly the chance outcomes; ``parse_move`` reads every legal move back
from its text and refuses any other text by name."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pegrace.engine import Rules
from pegrace.errors import IllegalMoveError, NotationError
from pegrace.games import get_rules
from pegrace.state import Phase, State

SETUPS = [
    ("trouble", 4, {}),
    ("trouble", 2, {"two_sets": "on", "voluntary_pass": "off"}),
    ("ludo", 4, {}),
    ("ludo", 3, {"variant": "classic"}),
    ("ludo", 4, {"variant": "ludopy"}),
    ("headache", 3, {}),
    ("headache", 4, {"challenge": "on"}),
    ("marbles", 4, {"teams": "on"}),
    ("marbles", 3, {"mode": "war"}),
]
CHECKS = settings(max_examples=80, deadline=None, derandomize=True, database=None)


def position(rules: Rules, seed: int, steps: int) -> State:
    """The position after ``steps`` events of a seeded random game (or its end)."""
    rng = random.Random(seed)
    state = rules.initial_state()
    for _ in range(steps):
        if state.is_over:
            break
        if state.is_chance:
            state = rules.apply_roll(state, rules.sample_roll(state, rng))
        else:
            moves = rules.legal_moves(state)
            state = rules.apply_move(state, moves[int(rng.random() * len(moves))])
    return state


def move_position(rules: Rules, seed: int, steps: int) -> State:
    """The first position at or after ``steps`` events where a move is due."""
    state = position(rules, seed, steps)
    rng = random.Random(seed)
    while state.phase != Phase.MOVE:
        if state.is_over:
            return position(rules, seed, 0) if steps else state
        state = rules.apply_roll(state, rules.sample_roll(state, rng))
    return state


@CHECKS
@given(
    setup=st.sampled_from(SETUPS),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 300),
    other_steps=st.integers(0, 300),
)
def test_play_accepts_exactly_the_listed_moves(
    setup: tuple[str, int, dict[str, str]], seed: int, steps: int, other_steps: int
) -> None:
    rules = get_rules(*setup)
    state = move_position(rules, seed, steps)
    if state.phase != Phase.MOVE:
        return
    legal = rules.legal_moves(state)
    assert legal, "a seat to move always has a move (the pass at least)"
    candidates = list(legal) + rules.legal_moves(move_position(rules, seed + 1, other_steps))
    for move in candidates:
        before = state
        if move in legal:
            assert rules.play(state, move) == rules.apply_move(state, move)
        else:
            with pytest.raises(IllegalMoveError, match="is not a legal move"):
                rules.play(state, move)
        assert state == before


@CHECKS
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 10**6), steps=st.integers(0, 300))
def test_roll_accepts_exactly_the_chance_outcomes(
    setup: tuple[str, int, dict[str, str]], seed: int, steps: int
) -> None:
    rules = get_rules(*setup)
    state = position(rules, seed, steps)
    outcomes = [roll for roll, _ in rules.chance_outcomes(state)]
    candidates = [0, 7, -1, (0, 1), (7, 1), (1, 2), (6, 6), (6, 1), (4, 1), 3, 6]
    for roll in outcomes + candidates:
        if roll in outcomes:
            assert rules.roll(state, roll) == rules.apply_roll(state, roll)
        else:
            with pytest.raises(IllegalMoveError):
                rules.roll(state, roll)


@CHECKS
@given(
    setup=st.sampled_from(SETUPS),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 300),
    text=st.text(alphabet="abcehkmnoprstx:>+ 0123456789", max_size=24),
)
def test_a_move_is_read_back_from_its_text_and_nothing_else_is(
    setup: tuple[str, int, dict[str, str]], seed: int, steps: int, text: str
) -> None:
    rules = get_rules(*setup)
    state = move_position(rules, seed, steps)
    if state.phase != Phase.MOVE:
        return
    legal = rules.legal_moves(state)
    for move in legal:
        assert rules.parse_move(state, move.text) == move
    try:
        read = rules.parse_move(state, text)
    except (IllegalMoveError, NotationError) as err:
        assert str(err)
    else:
        assert read in legal


@CHECKS
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 10**6), steps=st.integers(0, 300))
def test_distinct_moves_are_one_legal_move_for_each_position_reached(
    setup: tuple[str, int, dict[str, str]], seed: int, steps: int
) -> None:
    """What a person chooses between: every position a legal move reaches, once, by the first
    legal move that reaches it, in the legal moves' order."""
    rules = get_rules(*setup)
    state = move_position(rules, seed, steps)
    if state.phase != Phase.MOVE:
        return
    legal = rules.legal_moves(state)
    distinct = rules.distinct_moves(state)
    reached = [rules.apply_move(state, move) for move in legal]
    firsts = [move for i, move in enumerate(legal) if reached[i] not in reached[:i]]
    assert distinct == firsts
    # the groups (the page lists a group's first, the rest as ``same``): every legal move
    # once, in order, a group's moves reaching one position and no two groups the same one
    groups = rules.moves_by_outcome(state)
    assert [group[0] for group in groups] == firsts
    assert sorted(m.text for group in groups for m in group) == sorted(m.text for m in legal)
    for group in groups:
        assert len({rules.apply_move(state, move) for move in group}) == 1
        assert group == sorted(group, key=legal.index)


def test_two_dice_ludo_offers_each_end_once() -> None:
    """Two pins moved by the two dice, in either order, end the same: one choice, not two."""
    rules = get_rules("ludo", 4)
    state, rng = rules.initial_state(), random.Random(4)
    merged = 0
    for _ in range(400):
        if state.is_over:
            break
        if state.is_chance:
            state = rules.apply_roll(state, rules.sample_roll(state, rng))
            continue
        merged += len(rules.legal_moves(state)) - len(rules.distinct_moves(state))
        state = rules.apply_move(state, rng.choice(rules.legal_moves(state)))
    assert merged > 0
