"""The native core's search against the record of the Python search it replaced
(tests/corpus/players.py): on positions of seeded games under every rule option, the same
ranking (every move's values, bit for bit, in the same order) and the same number of nodes, at
fixed depths (max-n and paranoid, the evaluation's leaves and the learned ones, every move or
the promising few) and within the same node budget (iterative deepening); and whole games of
the search players, decision for decision, as a batch or asked move by move."""

from __future__ import annotations

from typing import Any

import pytest

from corpus.players import (
    DEEPENING,
    DEEPENING_BUDGET,
    DEEPENING_SETUPS,
    FIXED,
    SEARCH_GAME_SETUPS,
    SEARCH_SPECS,
    decisions,
    load,
    ranking_record,
)
from corpus.record import name
from pegrace import native
from pegrace._core import CorePlayer
from pegrace.engine import Rules
from pegrace.errors import OptionError
from pegrace.games import entry, get_rules
from pegrace.players import make_player
from pegrace.search import SearchPlayer
from pegrace.state import State
from setups import SETUPS
from test_native_players import Setup, setup_id, summaries_by_core, summaries_by_python

RECORD = load()
# the setups the Python players played before they were deleted (Parchís came after them)
RECORDED = [setup for setup in SETUPS if name(*setup) in RECORD["setups"]]


def ranked(player: SearchPlayer, rules: Rules, state: State) -> list[tuple[str, float, tuple]]:
    ranking = player.ranking(rules, state, rules.legal_moves(state))
    return [(r.move.text, r.value, r.values) for r in ranking]


@pytest.mark.parametrize("setup", RECORDED, ids=setup_id)
def test_fixed_depth_rankings_are_the_recorded_ones(setup: Setup) -> None:
    rules = get_rules(*setup)
    expected = iter(RECORD["setups"][name(*setup)]["fixed"])
    for state in decisions(rules, 1, 3):
        for settings in FIXED:
            player = SearchPlayer(0, **settings)  # type: ignore[arg-type]
            found = {
                "ranking": ranking_record(ranked(player, rules, state)),
                "nodes": player.last_nodes,
            }
            assert found == json_like(next(expected)), (rules.summary(state), settings)


def json_like(record: dict[str, Any]) -> dict[str, Any]:
    """A recorded ranking as ``ranking_record`` builds one (JSON keeps tuples as lists)."""
    return {**record, "ranking": [tuple(entry) for entry in record["ranking"]]}


@pytest.mark.parametrize("setup", DEEPENING_SETUPS, ids=setup_id)
def test_deepening_within_a_node_budget_is_the_recorded_one(setup: Setup) -> None:
    rules = get_rules(*setup)
    computer = native.Computer(rules)
    expected = iter(RECORD["deepening"][name(*setup)])
    for state in decisions(rules, 2, 3):
        moves = rules.legal_moves(state)
        for settings in DEEPENING:
            searching = CorePlayer.search(
                budget=DEEPENING_BUDGET, model=1, horizon=0, **settings
            )  # the recorded deepening is expectimax's, also where the expert rolls out
            found, depth, nodes = computer.rank(state, searching)
            ranking = ranking_record([(moves[i].text, v, tuple(vs)) for i, v, vs in found])
            assert {"ranking": ranking, "depth": depth, "nodes": nodes} == json_like(next(expected))


@pytest.mark.parametrize("setup", SEARCH_GAME_SETUPS, ids=setup_id)
def test_games_of_search_players_are_the_recorded_ones(setup: Setup) -> None:
    rules = get_rules(*setup)
    seats = {c: SEARCH_SPECS[i % len(SEARCH_SPECS)] for i, c in enumerate(rules.colours)}
    expected = RECORD["search_games"][name(*setup)]
    assert summaries_by_core(rules, seats, 3, 2) == expected
    assert summaries_by_python(rules, seats, 3, 2) == expected


def test_threads_sharing_the_root_moves_rank_as_one_thread_does() -> None:
    rules = get_rules("headache", 4, {})
    for state in decisions(rules, 3, 3):
        one, two = SearchPlayer(0, depth=2), SearchPlayer(0, depth=2, threads=2)
        assert ranked(two, rules, state) == ranked(one, rules, state)
        assert two.last_nodes >= one.last_nodes  # each thread's table is its own
    with pytest.raises(OptionError, match="threads"):
        make_player("expert:threads=0")


def test_the_expert_rolls_out_where_its_judge_says_and_searches_elsewhere() -> None:
    """Deepening ranks by rollouts where the game's judge says so (two-dice Ludo, Trouble and
    Marbles with a learned value: one round of 4 decisions), by expectimax elsewhere (Headache);
    ``horizon`` says which, whatever the game."""
    games = (
        ("ludo", 4, {}, 4),
        ("trouble", 4, {}, 4),
        ("trouble", 2, {"two_sets": "on"}, 0),  # no learned value with two sets
        ("headache", 4, {}, 0),
        ("marbles", 4, {}, 4),
        ("marbles", 4, {"mode": "war"}, 0),  # no learned value in War
    )
    for game, players, options, horizon in games:
        rules = get_rules(game, players, options)
        for state in decisions(rules, 5, 2):
            default = ranked(SearchPlayer(0, ms=2), rules, state)
            assert default == ranked(SearchPlayer(0, ms=2, horizon=horizon), rules, state)
            other = ranked(SearchPlayer(0, ms=2, horizon=4 - horizon), rules, state)
            assert [values for *_, values in other] != [values for *_, values in default]
    rules = get_rules("ludo", 4, {})
    state = decisions(rules, 5, 4)[1]  # 4 moves reaching 3 positions
    rolling = SearchPlayer(0, ms=20)
    first = ranked(rolling, rules, state)
    assert first == ranked(rolling, rules, state)  # the same rounds: the same dice
    assert rolling.last_depth > 1  # rounds played
    four = CorePlayer.search(budget=100 * entry("ludo").nodes_per_ms, depth=2, model=2, horizon=4)
    assert SearchPlayer(0, depth=2, horizon=4).core_player(rules) == four
    with pytest.raises(OptionError, match="horizon"):
        make_player("expert:horizon=1001")
