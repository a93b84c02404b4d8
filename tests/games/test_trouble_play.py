"""Trouble played out: random-play invariants over 2,000+ seeded games and every
option, determinism, and a golden transcript."""

from __future__ import annotations

import pytest

from golden_records import seeded_record, store, stored
from invariants import check_random_games
from pegrace import get_rules
from pegrace.match import parse_seats, run_game

GOLDEN = "trouble_seed_2024.json"

# (players, options, games): 2,160 games in all, every option on 2, 3 and 4 players
CONFIGS = [
    (players, options, games)
    for players in (2, 3, 4)
    for options, games in [
        ({}, 160),
        ({"turn_order": "counterclockwise"}, 60),
        ({"voluntary_pass": "off"}, 100),
        ({"six_bonus": "if-played"}, 60),
        ({"three_sixes": "forfeit"}, 60),
        ({"finish": "deepest-first"}, 80),
        ({"play_on": "off", "voluntary_pass": "off"}, 160),
    ]
] + [(2, {"two_sets": "on"}, 120)]


@pytest.mark.parametrize(("players", "options", "games"), CONFIGS)
def test_random_games_keep_every_invariant(
    players: int, options: dict[str, str], games: int
) -> None:
    rules = get_rules("trouble", players, options)
    finals = check_random_games(rules, range(games))
    for state in finals:
        finished = set(state.finished)
        if rules.plays_on:
            assert (
                len(set(rules.sides[s] for s in range(len(rules.colours)) if s not in finished))
                <= 1
            )
        else:
            assert finished


def test_heuristic_players_keep_every_invariant() -> None:
    check_random_games(get_rules("trouble", 4), range(40), players="computer:heuristic")


def test_same_seed_same_game() -> None:
    rules = get_rules("trouble", 4)
    seats = parse_seats(rules, ["red=computer:heuristic"], "computer:random")
    first = run_game(rules, seats, 99).record.to_json()
    assert run_game(rules, seats, 99).record.to_json() == first
    assert run_game(rules, seats, 100).record.to_json() != first


def golden_record() -> dict[str, object]:
    # played when `random` passed as often as it moved: the player now named `uniform`
    return seeded_record("trouble", 2024, ["red", "green"], others="computer:uniform")


def test_golden_transcript() -> None:
    """The seeded game's every pop and move, as stored. A change here is a change of the
    rules (bump Trouble.version) or of the heuristic player's evaluation; regenerate with
    `PYTHONPATH=tests python tests/games/test_trouble_play.py`."""
    assert golden_record() == stored(GOLDEN)


if __name__ == "__main__":
    store(GOLDEN, golden_record())
