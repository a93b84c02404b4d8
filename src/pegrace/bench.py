"""``pegrace bench``: random games per second on one core, measured two ways.

- engine: the bare loop a simulation or search uses (apply_roll, legal_moves,
  a uniform random choice, apply_move), nothing recorded;
- full: ``match.run_game`` with RandomPlayer seats, the legality check of every
  choice and the game record, as ``pegrace simulate`` runs it.
Each is timed over several runs and the median reported.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Mapping
from typing import Any

from pegrace.dice import roll_d6
from pegrace.engine import Rules
from pegrace.games import get_rules
from pegrace.match import run_game
from pegrace.state import Phase


def engine_games(rules: Rules, games: int, seed: int) -> int:
    """Play ``games`` random games with the bare engine loop; returns moves made."""
    rng = random.Random(seed)
    dice = rules.dice
    moves = 0
    for _ in range(games):
        state = rules.initial_state()
        while state.phase != Phase.OVER:
            if state.phase == Phase.MOVE:
                legal = rules.legal_moves(state)
                state = rules.apply_move(state, legal[int(rng.random() * len(legal))])
                moves += 1
            elif state.phase == Phase.ROLL:
                state = rules.apply_roll(state, dice.sample(rng))
            else:
                state = rules.apply_roll(state, roll_d6(rng))
    return moves


def full_games(rules: Rules, games: int, seed: int) -> int:
    seats = {c: "computer:random" for c in rules.colours}
    moves = 0
    for index in range(games):
        result = run_game(rules, seats, seed + index)
        moves += sum(1 for e in result.record.events if e.move is not None)
    return moves


def bench(
    game: str, players: int, options: Mapping[str, str], games: int, runs: int, seed: int
) -> dict[str, Any]:
    rules = get_rules(game, players, options)
    report: dict[str, Any] = {
        "game": game,
        "players": players,
        "rules": dict(rules.options),
        "games_per_run": games,
        "runs": runs,
    }
    for label, loop in (("engine", engine_games), ("full", full_games)):
        rates, move_rates = [], []
        for run in range(runs):
            start = time.perf_counter()
            moves = loop(rules, games, seed + run * games)
            elapsed = time.perf_counter() - start
            rates.append(games / elapsed)
            move_rates.append(moves / elapsed)
        report[label] = {
            "games_per_second": statistics.median(rates),
            "moves_per_second": statistics.median(move_rates),
            "moves_per_game": statistics.median(move_rates) / statistics.median(rates),
        }
    return report


def format_bench(report: dict[str, Any]) -> str:
    rules = ", ".join(f"{k}={v}" for k, v in report["rules"].items())
    lines = [
        f"{report['game']}, {report['players']} random players, {rules}",
        f"median of {report['runs']} runs of {report['games_per_run']} games, one core",
    ]
    for label in ("engine", "full"):
        r = report[label]
        lines.append(
            f"  {label:<7}{r['games_per_second']:>9.0f} games/s {r['moves_per_second']:>11.0f}"
            f" moves/s  ({r['moves_per_game']:.0f} moves per game)"
        )
    return "\n".join(lines)
