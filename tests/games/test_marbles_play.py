"""Marbles played out: random-play invariants over 2, 3 and 4 players in classic,
teams and War, determinism, and golden transcripts."""

from __future__ import annotations

import pytest

from golden_records import seeded_record, store, stored
from invariants import check_random_games
from pegrace import get_rules
from pegrace.engine import Rules
from pegrace.match import parse_seats, run_game
from pegrace.state import State

REMOVED = -2

# (players, options, games): 400 games in all
CONFIGS = [
    (2, {}, 40),
    (3, {}, 30),
    (4, {}, 30),
    (2, {"play_on": "on"}, 20),
    (4, {"play_on": "on"}, 20),
    (4, {"teams": "on"}, 40),
    (4, {"teams": "on", "partner_roll": "off"}, 20),
    (2, {"mode": "war"}, 40),
    (3, {"mode": "war"}, 30),
    (4, {"mode": "war"}, 30),
    (4, {"mode": "war", "teams": "on"}, 20),
    (4, {"mode": "war", "turn_limit": "60"}, 20),
]


def check_final(rules: Rules, state: State) -> None:
    """What every finished game must show, whatever the options."""
    war = rules.options["mode"] == "war"
    outcome = rules.outcome(state)
    if war:
        assert not state.finished
        # a player is out exactly when every one of its marbles is removed
        for seat, row in enumerate(state.pieces):
            assert (seat in state.out) == all(p == REMOVED for p in row)
        if not state.end.startswith("turn limit"):
            standing = {rules.sides[s] for s in range(len(rules.colours)) if s not in state.out}
            assert standing == set(outcome.winners) and len(standing) == 1
        else:
            assert state.turn == int(rules.options["turn_limit"]) + 1
    else:
        assert not state.out and state.finished
        assert all(REMOVED not in row for row in state.pieces)
        (winner,) = outcome.winners
        # a side wins only with every marble of every partner Home
        assert all(state.pieces[s][0] >= rules.lane_start for s in rules.side_seats[winner])
        assert all(s in state.finished for s in rules.side_seats[winner])
        if not rules.plays_on:
            assert state.end == "first place decided"


@pytest.mark.parametrize(("players", "options", "games"), CONFIGS)
def test_random_games_keep_every_invariant(
    players: int, options: dict[str, str], games: int
) -> None:
    rules = get_rules("marbles", players, options)
    for state in check_random_games(rules, range(games)):
        check_final(rules, state)


@pytest.mark.parametrize("options", [{}, {"teams": "on"}, {"mode": "war"}])
def test_heuristic_players_keep_every_invariant(options: dict[str, str]) -> None:
    rules = get_rules("marbles", 4, options)
    for state in check_random_games(rules, range(15), players="computer:heuristic"):
        check_final(rules, state)


def test_partner_roll_happens_in_team_games() -> None:
    """Some seeded team game has a player moving its partner's marbles."""
    rules = get_rules("marbles", 4, {"teams": "on"})
    seats = {c: "computer:random" for c in rules.colours}
    partner_moves = 0
    for seed in range(20):
        events = run_game(rules, seats, seed).record.events
        partner_moves += sum(1 for e in events if e.move and e.move.split()[0] in rules.colours)
    assert partner_moves > 0


def test_same_seed_same_game() -> None:
    rules = get_rules("marbles", 4)
    seats = parse_seats(rules, ["red=computer:heuristic"], "computer:random")
    first = run_game(rules, seats, 99).record.to_json()
    assert run_game(rules, seats, 99).record.to_json() == first
    assert run_game(rules, seats, 100).record.to_json() != first


GOLDEN_GAMES = {
    "marbles_teams_seed_2024.json": ({"teams": "on"}, 2024),
    "marbles_war_seed_7.json": ({"mode": "war"}, 7),
}


def golden_record(options: dict[str, str], seed: int) -> dict[str, object]:
    return seeded_record("marbles", seed, ["red", "yellow"], options)


@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_golden_transcript(name: str) -> None:
    """The seeded game's every roll and move, as stored. A change here is a behaviour
    change: bump Marbles.version and regenerate with
    `PYTHONPATH=tests python tests/games/test_marbles_play.py`."""
    assert golden_record(*GOLDEN_GAMES[name]) == stored(name)


if __name__ == "__main__":
    for file, (opts, game_seed) in GOLDEN_GAMES.items():
        store(file, golden_record(opts, game_seed))
