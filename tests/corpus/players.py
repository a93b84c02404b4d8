"""The computer players' record: what the Python players, search and evaluation chose and
valued, recorded before they were deleted; the native core's players are checked against it
(tests/test_native_players.py, tests/test_native_search.py; docs/architecture.md). It was
recorded by this module's ``main`` at commit 9dc4566, the last with the Python players
(``git show 9dc4566:tests/corpus/players.py``); this module keeps the positions and formats.

``tests/corpus/players.json.xz`` holds, for every setup of tests/setups.py:

- ``evaluation``: at every position of the seeded random games 1 and 2 (300 positions each at
  most), a 4-byte blake2b digest of every seat's evaluation and its danger part, each float in
  ``float.hex`` (bit for bit);
- ``best``: at every position with a choice of the seeded game 4 (150 positions at most), the
  legal moves (indices) each one-move player (``ONE_MOVE``) rates best, tied;
- ``fixed``: at 3 positions with a choice of game 1, for each of ``FIXED`` search settings, the
  ranking (each move's text, its mover's value and every side's, in ``float.hex``) and nodes;
- ``games``: 4 games of a mixed seating of ``KINDS`` (run seed 31): each seat's place, the
  turns, rolls, events and the roll-off's winner (re-recorded for the Trouble setups with the
  voluntary pass on when easy's random choices stopped passing, issue 56, from the core's
  games once Python's players and the core's played them alike);

and for a few setups the rankings of iterative deepening within a node budget (``deepening``)
and games of search players (``search_games``).
"""

from __future__ import annotations

import hashlib
import json
import lzma
import random
from pathlib import Path
from typing import Any

from pegrace.engine import Rules
from pegrace.state import Phase, State

HERE = Path(__file__).resolve().parent
PATH = HERE / "players.json.xz"
FORMAT = 1
# recorded when `random` was uniform over every move, the pass too: the player now `uniform`
KINDS = ("uniform", "easy:mistakes=0.3", "medium", "aggressive", "runner", "cautious")
ONE_MOVE = ("medium", "aggressive", "runner", "cautious")
FIXED: list[dict[str, float]] = [
    {"depth": 2, "model": 0},  # hard
    {"depth": 2, "model": 1},
    {"depth": 1, "paranoid": 1, "model": 1},  # the expert's model when recorded
    {"depth": 3, "width": 2, "model": 1},
]
DEEPENING_SETUPS = [
    ("trouble", 4, {}),
    ("ludo", 4, {}),
    ("headache", 4, {}),
    ("marbles", 4, {"teams": "on"}),
]
DEEPENING: list[dict[str, Any]] = [
    {"paranoid": False, "width": None},
    {"paranoid": True, "width": 3},
]
DEEPENING_BUDGET = 4000.0
SEARCH_GAME_SETUPS = [
    ("trouble", 3, {}),
    ("ludo", 2, {}),
    ("headache", 2, {}),
    ("marbles", 2, {"mode": "war"}),
]
SEARCH_SPECS = ("computer:hard", "computer:expert:depth=1,paranoid=1,model=1", "computer:medium")

Setup = tuple[str, int, dict[str, str]]
# a ranking as recorded: each move's text, the mover's value and every side's (float.hex)
Ranking = list[tuple[str, str, list[str]]]


def positions(rules: Rules, seed: int, limit: int) -> list[State]:
    """The positions of a seeded random game (at most ``limit``)."""
    rng = random.Random(seed)
    state, seen = rules.initial_state(), []
    while not state.is_over and len(seen) < limit:
        seen.append(state)
        if state.is_chance:
            state = rules.apply_roll(state, rules.sample_roll(state, rng))
        else:
            moves = rules.legal_moves(state)
            state = rules.apply_move(state, moves[int(rng.random() * len(moves))])
    return [*seen, state]


def choices(rules: Rules, seed: int, limit: int) -> list[State]:
    """The positions with more than one legal move of a seeded random game."""
    return [
        s
        for s in positions(rules, seed, limit)
        if s.phase == Phase.MOVE and len(rules.legal_moves(s)) > 1
    ]


def decisions(rules: Rules, seed: int, count: int) -> list[State]:
    """``count`` positions with a choice, spread over a seeded random game."""
    found = choices(rules, seed, 600)
    return found[:: max(1, len(found) // count)][:count]


def evaluation_positions(rules: Rules) -> list[State]:
    return positions(rules, 1, 300) + positions(rules, 2, 300)


def evaluation_digest(values: list[tuple[float, float]]) -> str:
    """Every seat's (evaluation, danger), bit for bit, as 4 bytes of hex."""
    text = " ".join(f"{a.hex()},{b.hex()}" for a, b in values)
    return hashlib.blake2b(text.encode(), digest_size=4).hexdigest()


def ranking_record(ranked: list[tuple[str, float, tuple[float, ...]]]) -> Ranking:
    return [(text, value.hex(), [v.hex() for v in values]) for text, value, values in ranked]


def load() -> dict[str, Any]:
    record: dict[str, Any] = json.loads(lzma.decompress(PATH.read_bytes()))
    return record
