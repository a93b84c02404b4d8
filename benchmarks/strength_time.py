"""The expert's strength against its time: its win rate against 3 ``hard`` players at each
budget per decision (``expert:ms=B``), seats rotated, 4 players, each game's default rules,
seed 2026, with 95% Wilson intervals; a plot per game.

    python benchmarks/strength_time.py --games 400 --workers 2 [--only marbles]
        [--ms 10,30,100,300,1000]

Results accumulate in ``docs/results/strength-time/results.json`` (a line already measured
with as many games or more is not played again), the plots go beside it (``<game>.png``: win
rate by milliseconds per decision, log scale, the 25% of an even seat drawn; ``all.png``: every
game measured, side by side), and a markdown table is printed. The budget is in the core's
nodes (each game entry's ``nodes_per_ms``), so the lines are the same on any machine.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from pegrace.games import get_rules, list_games
from pegrace.simulate import wilson
from pegrace.tournament import run_tournament

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "results" / "strength-time"
SEED = 2026


def measure(game: str, ms: int, games: int, workers: int) -> dict[str, Any]:
    rules = get_rules(game, 4, {})
    lineup = [f"expert:ms={ms}", "hard", "hard", "hard"]
    report, _ = run_tournament(rules, lineup, games, SEED, workers)
    entry = report["entries"][0]
    return {
        "wins": entry["wins"],
        "games": entry["seat_games"],
        "learned_values": report["learned_values"],
    }


def draw(ax: Any, game: str, lines: dict[str, Any]) -> None:
    """One game's win rates by budget, with their intervals, on `ax`."""
    budgets = sorted(lines, key=int)
    rates = [lines[b]["wins"] / lines[b]["games"] for b in budgets]
    bounds = [wilson(lines[b]["wins"], lines[b]["games"]) for b in budgets]
    xs = [int(b) for b in budgets]
    ax.errorbar(
        xs,
        [100 * r for r in rates],
        yerr=[
            [100 * (r - lo) for r, (lo, _) in zip(rates, bounds, strict=True)],
            [100 * (hi - r) for r, (_, hi) in zip(rates, bounds, strict=True)],
        ],
        marker="o",
        capsize=3,
        color="tab:blue",
    )
    ax.axhline(25, color="grey", linestyle="--", linewidth=1)
    ax.set_xscale("log")
    ax.set_xticks(xs, [str(x) for x in xs])
    ax.minorticks_off()
    ax.set_xlabel("milliseconds per decision (the core's nodes)")
    ax.set_ylabel("win rate against 3 hard, %")
    games = ", ".join(sorted({str(lines[b]["games"]) for b in budgets}, key=int))
    ax.set_title(f"{game.title()} ({games} games a point)")


def plot(results: dict[str, dict[str, Any]], path: Path, games: list[str]) -> None:
    """The lines of `games` side by side, one panel each."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    columns = min(len(games), 2)
    rows = (len(games) + columns - 1) // columns
    fig, axes = plt.subplots(
        rows, columns, figsize=(5.5 * columns, 3.6 * rows), squeeze=False, sharey=True
    )
    for ax, game in zip(axes.flat, games, strict=False):
        draw(ax, game, results[game])
    for ax in list(axes.flat)[len(games) :]:
        ax.set_visible(False)
    fig.suptitle("The expert's win rate against 3 hard by its time per decision")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", maxsplit=1)[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", choices=list_games())
    parser.add_argument("--ms", default="10,30,100,300,1000")
    args = parser.parse_args(argv)
    budgets = [int(b) for b in args.ms.split(",")]
    OUT.mkdir(parents=True, exist_ok=True)
    store = OUT / "results.json"
    results: dict[str, dict[str, Any]] = json.loads(store.read_text()) if store.exists() else {}
    for game in [args.only] if args.only else list_games():
        lines = results.setdefault(game, {})
        for ms in budgets:
            if lines.get(str(ms), {}).get("games", 0) < args.games:
                lines[str(ms)] = measure(game, ms, args.games, args.workers)
                store.write_text(json.dumps(results, indent=1) + "\n")
            line = lines[str(ms)]
            low, high = wilson(line["wins"], line["games"])
            print(
                f"| {game} | {ms} | {line['games']} | {line['wins'] / line['games']:.1%} "
                f"| [{low:.1%}, {high:.1%}] |",
                flush=True,
            )
        plot(results, OUT / f"{game}.png", [game])
    measured = [game for game in list_games() if results.get(game)]
    plot(results, OUT / "all.png", measured)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
