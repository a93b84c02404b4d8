"""`pegrace bench`'s rows of two checkouts, side by side: did a change make anything slower?

    git worktree add /tmp/base COMMIT      # and build its core: (cd /tmp/base && cargo build
    cp /tmp/base/target/release/lib_core.so /tmp/base/src/pegrace/_core.abi3.so   # --release)
    python benchmarks/checkout_compare.py --base /tmp/base/src [--new src] [--rounds 3]

For each round and each game, runs ``pegrace bench GAME --json --runs 3`` of the two checkouts
in turn (base first in odd rounds, this one first in even ones: the machine is shared and
noisy), each in a process of its own with ``PYTHONPATH`` set to the checkout's ``src``, and
prints the median of the rounds for every row (engine: the Python ``Rules`` API move by move;
full: the runner; native: random games in the core) with the ratio new / base.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from pegrace.games import list_games

GAMES = list_games()
ROWS = ("engine", "full", "native")


def bench(src: Path, game: str) -> dict[str, float]:
    """The moves a second of each row of one checkout's ``pegrace bench GAME``."""
    env = dict(os.environ, PYTHONPATH=str(src.resolve()))
    command = [sys.executable, "-m", "pegrace.cli", "bench", game, "--json", "--runs", "3"]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    report = json.loads(out.stdout)
    return {row: float(report[row]["moves_per_second"]) for row in ROWS}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, required=True, help="the base checkout's src/")
    parser.add_argument("--new", type=Path, default=Path("src"), help="this checkout's src/")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    sides = {"base": args.base, "new": args.new}
    found: dict[tuple[str, str, str], list[float]] = {}
    for round_ in range(args.rounds):
        order = ("base", "new") if round_ % 2 == 0 else ("new", "base")
        for side in order:
            for game in args.games.split(","):
                for row, rate in bench(sides[side], game).items():
                    found.setdefault((game, row, side), []).append(rate)
        print(f"round {round_ + 1} of {args.rounds} done", file=sys.stderr, flush=True)
    print(f"{'game':9}{'row':8}{'base moves/s':>15}{'new moves/s':>15}{'new / base':>12}")
    for game in args.games.split(","):
        for row in ROWS:
            base = statistics.median(found[(game, row, "base")])
            new = statistics.median(found[(game, row, "new")])
            print(f"{game:9}{row:8}{base:>15,.0f}{new:>15,.0f}{new / base:>12.3f}")


if __name__ == "__main__":
    main()
