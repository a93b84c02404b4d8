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
from pegrace.errors import OptionError
from pegrace.games import get_rules
from pegrace.match import run_game
from pegrace.state import Phase


def engine_games(rules: Rules, games: int, seed: int) -> int:
    """Play ``games`` random games with the bare engine loop; returns moves made.
    Methods are bound once, as a search or simulation loop would."""
    rng = random.Random(seed)
    draw = rng.random
    sample = rules.dice.sample
    legal_moves, apply_move, apply_roll = rules.legal_moves, rules.apply_move, rules.apply_roll
    move_phase, roll_phase, over = Phase.MOVE, Phase.ROLL, Phase.OVER
    moves = 0
    for _ in range(games):
        state = rules.initial_state()
        while state.phase != over:
            if state.phase == move_phase:
                legal = legal_moves(state)
                state = apply_move(state, legal[int(draw() * len(legal))])
                moves += 1
            elif state.phase == roll_phase:
                state = apply_roll(state, sample(rng))
            else:
                state = apply_roll(state, roll_d6(rng))
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


# ---------------------------------------------------------------- LUDOpy side by side
def ludopy_games(games: int, seed: int) -> int:
    """Play ``games`` random 4-player games in the LUDOpy package, its README loop (the
    piece drawn with numpy's generator, the game stopped at the first winner); returns
    the moves (observations answered)."""
    import ludopy  # type: ignore[import-untyped, import-not-found, unused-ignore]
    import numpy as np

    np.random.seed(seed % 2**32)
    steps = 0
    for _ in range(games):
        game = ludopy.Game()
        winner = False
        while not winner:
            (_, movable, _, _, _, _), _ = game.get_observation()
            piece = movable[np.random.randint(0, len(movable))] if len(movable) else -1
            winner = game.answer_observation(piece)[5]
            steps += 1
    return steps


def compare_ludopy(options: Mapping[str, str], games: int, runs: int, seed: int) -> dict[str, Any]:
    """Random 4-player games in our ``ludo variant=ludopy`` engine loop and in LUDOpy,
    the same number of games per run, alternating which goes first; medians and ratio."""
    try:
        import ludopy  # type: ignore[import-untyped, import-not-found, unused-ignore]  # noqa: F401
    except ImportError:
        raise OptionError(
            "--compare-ludopy needs the ludopy package: pip install ludopy==1.5.0 "
            "(it is in pegrace's dev extra)"
        ) from None
    rules = get_rules("ludo", 4, options)
    if rules.options.get("variant") != "ludopy":
        raise OptionError("--compare-ludopy compares ludo with variant=ludopy (--variant ludopy)")
    loops = {
        "pegrace": lambda run: engine_games(rules, games, seed + run * games),
        "ludopy": lambda run: ludopy_games(games, seed + run),
    }
    rates: dict[str, list[float]] = {name: [] for name in loops}
    for run in range(runs):
        order = list(loops) if run % 2 == 0 else list(loops)[::-1]
        for name in order:
            start = time.perf_counter()
            loops[name](run)
            rates[name].append(games / (time.perf_counter() - start))
    medians = {name: statistics.median(r) for name, r in rates.items()}
    return {
        "game": "ludo",
        "rules": dict(rules.options),
        "games_per_run": games,
        "runs": runs,
        "games_per_second": medians,
        "ratio": medians["pegrace"] / medians["ludopy"],
    }


def format_compare(report: dict[str, Any]) -> str:
    rates = report["games_per_second"]
    return "\n".join(
        [
            "ludo variant=ludopy against LUDOpy 1.5.0, 4 random players, one core",
            f"median of {report['runs']} alternated runs of {report['games_per_run']} games each",
            f"  pegrace {rates['pegrace']:>9.0f} games/s",
            f"  ludopy  {rates['ludopy']:>9.0f} games/s",
            f"  ratio   {report['ratio']:>9.1f}x",
        ]
    )
