"""Parchís played out: random-play invariants over 2, 3 and 4 players and every option, the
count every legal move walks (the roll's, 7 for a 6, the bonus's), determinism, and a golden
transcript."""

from __future__ import annotations

import pytest

from golden_records import seeded_record, store, stored
from invariants import check_random_games
from pegrace import get_rules
from pegrace.engine import Rules
from pegrace.match import parse_seats, run_game
from pegrace.moves import Step
from pegrace.state import State
from positions import random_positions

GOLDEN = "parchis_seed_2024.json"
HOME = -1

# every option's other values, a few at a time
VARIANTS: list[tuple[dict[str, str], int]] = [
    ({}, 80),
    ({"six_counts": "6", "three_sixes": "off", "finish": "bounce"}, 30),
    ({"blockades": "safe", "blockade_six": "free", "exit_capture": "off"}, 30),
    ({"start_out": "2", "play_on": "on", "turn_order": "clockwise"}, 30),
    ({"six_counts": "12", "three_sixes": "lane-start", "capture_bonus": "0"}, 30),
    ({"start_out": "1", "first": "yellow", "goal_bonus": "0"}, 30),
]
# (players, options, games): 720 games in all
CONFIGS = [(players, options, games) for players in (2, 3, 4) for options, games in VARIANTS] + [
    (4, {"teams": "on"}, 40),
    (4, {"teams": "on", "play_on": "on"}, 20),
    (2, {"two_sets": "on"}, 40),
    (2, {"two_sets": "on", "finish": "bounce"}, 20),
]


def check_final(rules: Rules, state: State) -> None:
    """What every finished game shows, whatever the options."""
    outcome = rules.outcome(state)
    assert state.finished and not state.out
    assert rules.bonus(state) == 0
    (winner,) = outcome.winners
    seats = [s for s in range(len(rules.colours)) if rules.sides[s] == winner]
    if rules.options["teams"] == "on":
        # the pair of the first home wins, and that decides both pairs' places
        assert len(state.finished) == 1 and rules.sides[state.finished[0]] == winner
    else:
        assert all(all(p == rules.goal for p in state.pieces[s]) for s in seats)
    for seat in state.finished:
        assert all(p == rules.goal for p in state.pieces[seat])
    if rules.plays_on and rules.options["teams"] == "off":
        unfinished = {rules.sides[s] for s in range(len(rules.colours)) if s not in state.finished}
        assert len(unfinished) <= 1
    elif not rules.plays_on:
        assert state.end == "first place decided"


@pytest.mark.parametrize(("players", "options", "games"), CONFIGS)
def test_random_games_keep_every_invariant(
    players: int, options: dict[str, str], games: int
) -> None:
    rules = get_rules("parchis", players, options)
    for state in check_random_games(rules, range(games)):
        check_final(rules, state)


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {}), (4, {"teams": "on"})])
def test_heuristic_players_keep_every_invariant(players: int, options: dict[str, str]) -> None:
    rules = get_rules("parchis", players, options)
    for state in check_random_games(rules, range(15), players="computer:heuristic"):
        check_final(rules, state)


def count_due(rules: Rules, state: State) -> int:
    """How far a move walks in ``state``: the bonus, else the roll, a 6 counting
    ``six_counts`` while none of the seat's pieces is at home."""
    bonus = rules.bonus(state)
    if bonus:
        return bonus
    assert isinstance(state.roll, int)
    at_home = HOME in state.pieces[state.current]
    six = int(rules.options["six_counts"])
    return six if state.roll == 6 and not at_home else state.roll


@pytest.mark.parametrize("options", [{}, {"six_counts": "12"}])
def test_every_legal_move_walks_the_count_due(options: dict[str, str]) -> None:
    """Over random positions of 4-player games: a piece comes out only with a 5 (and then
    nothing else moves), every other move walks exactly the bonus or the roll's count, and
    both bonuses (20 after a capture, 10 on reaching the goal) come up."""
    rules = get_rules("parchis", 4, options)
    bonuses = set()
    for state in random_positions(rules, seed=3, count=4000):
        due = count_due(rules, state)
        bonuses.add(rules.bonus(state))
        legal = rules.legal_moves(state)
        steps = [m for m in legal if isinstance(m, Step)]
        assert len(steps) == len(legal) or [str(m) for m in legal] == ["pass"]
        for move in steps:
            if move.origin == HOME:
                assert (state.roll, rules.bonus(state), move.target) == (5, 0, 0)
                assert len(legal) == 1
            else:
                assert move.target - move.origin == due, (str(move), state)
    assert bonuses == {0, 10, 20}


def test_same_seed_same_game() -> None:
    rules = get_rules("parchis", 4)
    seats = parse_seats(rules, ["red=computer:heuristic"], "computer:random")
    first = run_game(rules, seats, 99).record.to_json()
    assert run_game(rules, seats, 99).record.to_json() == first
    assert run_game(rules, seats, 100).record.to_json() != first


def golden_record() -> dict[str, object]:
    return seeded_record("parchis", 2024, ["red", "green"])


def test_golden_transcript() -> None:
    """The seeded game's every roll and move (bonus moves with no roll), as stored. A change in
    the rules is a behaviour change: bump Parchis.version. A change in the computer players'
    choices (the evaluation) only changes the transcript. Regenerate with
    `PYTHONPATH=tests .venv/bin/python tests/games/test_parchis_play.py`."""
    assert golden_record() == stored(GOLDEN)


if __name__ == "__main__":
    store(GOLDEN, golden_record())
