"""The core's failures arrive as pegrace's error classes (core/binding/error.rs), each with
the core's message, and still as ValueError."""

from __future__ import annotations

import pickle
import re

import pytest

from pegrace import _core, i18n, native
from pegrace.errors import IllegalMoveError, NotationError, OptionError, PegraceError
from pegrace.games import get_rules
from pegrace.native import Computer
from pegrace.state import Phase, State


def test_an_unknown_option_value_is_an_option_error() -> None:
    with pytest.raises(
        OptionError, match=r'^trouble option finish="nowhere": choose one of exact, deepest-first$'
    ):
        _core.CoreRules("trouble", 4, [("finish", "nowhere")], list(Phase), State)
    with pytest.raises(OptionError, match=r"^the native core has no chess yet$"):
        _core.random_games("chess", 4, [], 1, 1)
    with pytest.raises(OptionError, match=r'^the native core has no player "nobody"$'):
        _core.CorePlayer.named("nobody")
    with pytest.raises(OptionError, match=r"^not a weights file \(its model's name"):
        _core.give_value("{}")


def test_a_move_asked_for_where_none_is_due_is_an_illegal_move_error() -> None:
    rules = get_rules("trouble")
    state = rules.initial_state()
    assert state.phase != Phase.MOVE
    computer = _core.Computer("trouble", 4, [])
    with pytest.raises(IllegalMoveError, match=r"^no move is due$"):
        computer.best(state, _core.CorePlayer.named("medium"))
    with pytest.raises(IllegalMoveError, match=r"^no move is due$"):
        computer.rank(state, _core.CorePlayer.search(budget=0, depth=1))


def test_a_malformed_state_is_a_notation_error() -> None:
    rules = get_rules("trouble")
    state = rules.initial_state()
    with pytest.raises(NotationError, match=r'^unknown end "sideways"$'):
        rules.core.legal(state._replace(end="sideways"))
    with pytest.raises(NotationError, match=r"^a seat holds 4 pieces$"):
        rules.core.legal(state._replace(pieces=((0, 0, 0),) * 4))
    with pytest.raises(NotationError, match=r"^no such seat or roll-off$"):
        _core.Computer("trouble", 4, []).look(state._replace(current=7), 0)


def test_the_rest_are_plain_value_errors() -> None:
    games = _core.Games(
        "trouble",
        4,
        [],
        ["red", "yellow", "green", "blue"],
        [None, *[_core.CorePlayer.named("random")] * 3],
        2,
    )
    with pytest.raises(ValueError, match=r"^no game 2 of 2$") as raised:
        games.turn(2)
    assert type(raised.value) is ValueError


def test_pegrace_says_where_and_keeps_the_core_s_class() -> None:
    """native.py's calls add what was asked and the position to the core's message, and keep
    its class; an error the core leaves a plain ValueError becomes a PegraceError."""
    rules = get_rules("trouble")
    state = rules.initial_state()
    computer = Computer(rules)
    with pytest.raises(OptionError, match=r"^native random: random rates no moves one by one: "):
        computer.best(state._replace(phase=Phase.MOVE), _core.CorePlayer.named("random"))
    with pytest.raises(IllegalMoveError, match=r"^native search: no move is due: "):
        computer.rank(state, _core.CorePlayer.search(budget=0, depth=1))
    with pytest.raises(NotationError, match=r"^native look: unknown end \"sideways\": "):
        computer.look(state._replace(end="sideways"), 0)
    with pytest.raises(PegraceError, match=r"^native look: no seat 7: ") as raised:
        computer.look(state, 7)
    assert type(raised.value) is PegraceError
    with pytest.raises(OptionError, match=r"^native games: no seating to play$"):
        native.play_games(rules, [], 1, 0, 1)


@pytest.mark.parametrize(
    ("game", "players", "options", "english"),
    [
        ("marbles", 3, {"teams": "on"}, "marbles option teams=on needs exactly 4 players, not 3"),
        ("trouble", 3, {"two_sets": "on"}, "trouble option two_sets=on needs exactly 2 players"),
        ("trouble", 4, {"seating": "1"}, "trouble option seating=1: every colour plays with 4"),
    ],
)
def test_options_the_core_refuses_together_are_refused_in_the_persons_language(
    game: str, players: int, options: dict[str, str], english: str
) -> None:
    with pytest.raises(OptionError) as refused:
        get_rules(game, players, options)
    assert str(refused.value).startswith(english)
    words = refused.value.said
    assert words is not None and words.said_in(i18n.SOURCE) == str(refused.value)
    assert (words.text, words.plural) in _core.refusal_messages()
    german = words.said_in("de")
    assert german != str(refused.value)
    assert all(str(value) in german for _, value in words.args)  # "4", "3", "trouble" ...
    assert pickle.loads(pickle.dumps(refused.value)).said == words  # across processes too


@pytest.mark.parametrize(
    ("settings", "english"),
    [
        ({"budget": float("nan")}, "budget NaN: a number of nodes, 0 or more"),
        ({"budget": -1.0}, "budget -1: a number of nodes, 0 or more"),
        ({"budget": 1.0, "model": 3}, "model 3: 0, 1 or 2"),
        ({"budget": 1.0, "threads": 0}, "threads and width: at least 1"),
        ({"budget": 1.0, "width": 0}, "threads and width: at least 1"),
        ({"budget": 1.0, "horizon": 1001}, "horizon: at most 1000 decisions"),
    ],
)
def test_a_search_player_is_checked_where_it_is_made(settings: dict, english: str) -> None:
    with pytest.raises(OptionError, match=f"^{re.escape(english)}$"):
        _core.CorePlayer.search(**settings)
    with pytest.raises(TypeError):
        _core.CorePlayer.search(budget=1.0, depth="2")  # typed: no number read from a string


def test_a_named_player_and_a_policy_keep_their_kind() -> None:
    assert _core.CorePlayer.named("easy", 0.3).name == "easy"
    assert _core.CorePlayer.named("easy", 0.3) != _core.CorePlayer.named("easy", 0.5)
    assert _core.CorePlayer.policy(7).name == "policy"
    with pytest.raises(OptionError, match=r"^mistakes 1\.5: a share, 0 to 1$"):
        _core.CorePlayer.named("easy", 1.5)
