"""Headache over many seeded games: the engine-wide invariants (cones conserved
across stacks, JSON round trip, replay, every game ends) on 2, 3 and 4 players with
and without ``challenge``, what a finished game looks like, and a golden transcript."""

from __future__ import annotations

import pytest

from golden_records import seeded_record, store, stored
from invariants import check_random_games
from pegrace import get_rules
from pegrace.games.headache import Headache

GOLDEN = "headache_seed_2024.json"

# (players, options, games): 300 games in all
CONFIGS = [
    (players, options, games)
    for players in (2, 3, 4)
    for options, games in [({}, 60), ({"challenge": "on"}, 40)]
]


@pytest.mark.parametrize(("players", "options", "games"), CONFIGS)
def test_random_games_keep_every_invariant(
    players: int, options: dict[str, str], games: int
) -> None:
    rules = get_rules("headache", players, options)
    assert isinstance(rules, Headache)
    for state in check_random_games(rules, range(games)):
        cones = sorted(c for row in state.pieces for c in row)
        assert len(cones) == 4 * players
        standing = [s for s in range(players) if s not in state.out]
        if state.end == "all places decided":
            assert len(standing) == 1  # the winner owns every cone
            assert rules.scores(state)[standing[0]] == 4 * players
        else:
            assert state.end.startswith("turn limit")
        for seat in state.out:
            assert rules.scores(state)[seat] == 0


@pytest.mark.parametrize("players", [2, 4])
def test_heuristic_games_keep_every_invariant(players: int) -> None:
    rules = get_rules("headache", players, {"challenge": "on"} if players == 2 else {})
    check_random_games(rules, range(15), players="computer:heuristic")


def test_a_short_turn_limit_ends_games_ranked_by_cones_owned() -> None:
    rules = get_rules("headache", 4, {"turn_limit": "12"})
    assert isinstance(rules, Headache)
    for state in check_random_games(rules, range(20)):
        assert state.turn <= 13
        if state.end.startswith("turn limit"):
            owned = rules.scores(state)
            places = rules.outcome(state).places
            standing = [s for s in range(4) if s not in state.out]
            for a in standing:
                for b in standing:
                    assert (owned[a] > owned[b]) == (places[a] < places[b])


def golden_record() -> dict[str, object]:
    return seeded_record("headache", 2024, ["red", "green"])


def test_golden_transcript() -> None:
    """The seeded game's every pop and move, as stored. A change in the rules is a behaviour
    change: bump Headache.version. A change in the computer players' choices (the evaluation)
    only changes the transcript. Regenerate with
    `PYTHONPATH=tests .venv/bin/python tests/games/test_headache_play.py`."""
    assert golden_record() == stored(GOLDEN)


if __name__ == "__main__":
    store(GOLDEN, golden_record())
