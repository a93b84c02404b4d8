"""Engine-wide checks every game must pass over many seeded random games.

Used by each game's tests: ``check_random_games(rules, seeds)`` plays the games
with random (and heuristic) players and asserts, after every event, that the
pieces are a reachable position (``check_pieces``: counts conserved, no two own
pieces sharing a space where the game forbids it), that the state round-trips
through JSON exactly, that the legal-move list of a seat to move is never empty;
and at the end that the game ended and that replaying its record (through JSON)
reproduces every state.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from pegrace.engine import Rules
from pegrace.match import run_game
from pegrace.notation import state_from_json, state_to_json
from pegrace.record import Event, Record, replay
from pegrace.state import Phase, State


class Watcher:
    """Checks every state of one game as it is played."""

    def __init__(self, rules: Rules, seed: int) -> None:
        self.rules, self.seed = rules, seed
        self.seen: list[State] = []

    def __call__(self, before: State, event: Event, after: State) -> None:
        if not self.seen:
            self.seen.append(before)
        self.seen.append(after)
        self.rules.check_pieces(after.pieces)
        text = json.dumps(state_to_json(self.rules, after))
        assert state_from_json(self.rules, json.loads(text)) == after, f"{self.seed}: {text}"
        if after.phase == Phase.MOVE:
            assert self.rules.legal_moves(after), f"seed {self.seed}: no legal move"


def check_random_games(
    rules: Rules,
    seeds: Iterable[int],
    players: str = "computer:random",
    max_events: int = 200_000,
) -> list[State]:
    """Play one game per seed and check every invariant; returns the final states."""
    finals = []
    for seed in seeds:
        watcher = Watcher(rules, seed)
        seats = {c: players for c in rules.colours}
        result = run_game(rules, seats, seed, observer=watcher, max_events=max_events)
        seen = watcher.seen
        assert result.state.is_over, f"seed {seed} did not end"
        assert result.state.end
        record = Record.from_json(json.loads(result.record.dumps()))
        _, states = replay(record)
        assert states == seen, f"seed {seed}: replay differs"
        outcome = rules.outcome(result.state)
        assert sorted(outcome.places)[0] == 1
        assert outcome.winners
        finals.append(result.state)
    return finals
