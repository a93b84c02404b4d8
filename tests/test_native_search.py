"""The native core's search against the Python search, its oracle while the port goes on: on
positions of seeded games under every rule option, the same ranking (every move's values, bit
for bit, in the same order) and the same number of nodes, at fixed depths (max-n and paranoid,
the evaluation's leaves and the learned ones, every move or the promising few) and within the
same node budget (iterative deepening); and whole games of the search players, decision for
decision."""

from __future__ import annotations

import pytest

from pegrace import native
from pegrace.engine import Rules
from pegrace.errors import OptionError
from pegrace.games import get_rules
from pegrace.match import run_game
from pegrace.players import make_player
from pegrace.search import MAX_DEPTH, SearchPlayer, deepen
from pegrace.simulate import game_seed, roll_off_winner
from pegrace.state import State
from setups import SETUPS
from test_native_players import python_players, setup_id
from test_native_rules import positions


def decisions(rules: Rules, seed: int, count: int) -> list[State]:
    """``count`` positions with a choice, spread over a seeded random game."""
    found = [
        s for s in positions(rules, seed, 600) if s.phase == 2 and len(rules.legal_moves(s)) > 1
    ]
    return found[:: max(1, len(found) // count)][:count]


def python_player(**settings: float) -> SearchPlayer:
    player = SearchPlayer(0, **settings)  # type: ignore[arg-type]
    player.native = False
    return player


def ranked(player: SearchPlayer, rules: Rules, state: State) -> list[tuple[str, float, tuple]]:
    ranking = player.ranking(rules, state, rules.legal_moves(state))
    return [(r.move.text, r.value, r.values) for r in ranking]


FIXED = [
    {"depth": 2, "model": 0},  # hard
    {"depth": 2, "model": 1},
    {"depth": 1, "paranoid": 1},
    {"depth": 3, "width": 2},
]


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_fixed_depth_rankings_are_the_pythons(setup: tuple[str, int, dict[str, str]]) -> None:
    rules = get_rules(*setup)
    for state in decisions(rules, 1, 3):
        for settings in FIXED:
            python, core = python_player(**settings), SearchPlayer(0, **settings)  # type: ignore[arg-type]
            assert ranked(core, rules, state) == ranked(python, rules, state), rules.summary(state)
            assert core.last_nodes == python.last_nodes


@pytest.mark.parametrize(
    ("game", "options"),
    [("trouble", {}), ("ludo", {}), ("headache", {}), ("marbles", {"teams": "on"})],
)
def test_deepening_within_a_node_budget_is_the_pythons(game: str, options: dict[str, str]) -> None:
    rules = get_rules(game, 4, options)
    computer = native.Computer(rules)
    for state in decisions(rules, 2, 3):
        moves = rules.legal_moves(state)
        for paranoid, width in ((False, None), (True, 3)):
            expected, depth, nodes = deepen(
                rules, state, moves, 4000.0, MAX_DEPTH, width, None, paranoid, learned=True
            )
            settings = {"budget": 4000.0, "width": float(width or 0), "paranoid": float(paranoid),
                        "learned": 1.0}  # fmt: skip
            found, found_depth, found_nodes = computer.rank(state, settings)
            assert [(moves[i].text, v, tuple(vs)) for i, v, vs in found] == [
                (r.move.text, r.value, r.values) for r in expected
            ]
            assert (found_depth, found_nodes) == (depth, nodes)


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("trouble", 3, {}), ("ludo", 2, {}), ("headache", 2, {}), ("marbles", 2, {"mode": "war"})],
)
def test_games_of_search_players_are_the_pythons(
    game: str, players: int, options: dict[str, str]
) -> None:
    rules = get_rules(game, players, options)
    specs = ["computer:hard", "computer:expert:depth=1,paranoid=1", "computer:medium"]
    seats = {c: specs[i % len(specs)] for i, c in enumerate(rules.colours)}
    found = native.core_seatings(rules, [seats])
    assert found is not None
    for index, (places, turns, rolls, starter, events, _) in enumerate(
        native.play_games(rules, found, 3, 0, 2)
    ):
        seed = game_seed(3, index)
        result = run_game(rules, seats, seed, players=python_players(seats, seed))
        outcome = rules.outcome(result.state).places
        assert places == [outcome[rules.sides[s]] for s in range(len(seats))]
        assert (turns, rolls, events) == (
            result.state.turn,
            result.rolls,
            len(result.record.events),
        )
        assert starter == roll_off_winner(rules, result.record)


def test_threads_sharing_the_root_moves_rank_as_one_thread_does() -> None:
    rules = get_rules("headache", 4, {})
    for state in decisions(rules, 3, 3):
        one, two = SearchPlayer(0, depth=2), SearchPlayer(0, depth=2, threads=2)
        assert ranked(two, rules, state) == ranked(one, rules, state)
        assert two.last_nodes >= one.last_nodes  # each thread's table is its own
    with pytest.raises(OptionError, match="threads"):
        make_player("expert:threads=0")
