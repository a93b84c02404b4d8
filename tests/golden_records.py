"""Golden transcripts: seeded games whose every roll and move is stored under golden/.

A difference is a behaviour change: bump the game's ``version`` and rewrite the file
by running the test module as a script (``PYTHONPATH=tests python tests/games/...``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pegrace import get_rules
from pegrace.match import parse_seats, run_game

GOLDEN = Path(__file__).parent / "golden"


def seeded_record(
    game: str,
    seed: int,
    heuristic: list[str],
    options: dict[str, str] | None = None,
    others: str = "computer:random",
) -> dict[str, Any]:
    """The record of a 4-player game: ``heuristic`` colours against ``others`` (random)."""
    rules = get_rules(game, 4, options)
    seats = parse_seats(rules, [f"{c}=computer:heuristic" for c in heuristic], others)
    return run_game(rules, seats, seed).record.to_json()


def stored(name: str) -> Any:
    return json.loads((GOLDEN / name).read_text())


def store(name: str, record: dict[str, Any]) -> None:
    (GOLDEN / name).write_text(json.dumps(record, indent=1) + "\n")
