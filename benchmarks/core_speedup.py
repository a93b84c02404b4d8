"""The native core's speed-up over a pure-Python checkout, measured side by side.

    git worktree add /tmp/base 9848ef4
    python benchmarks/core_speedup.py --base /tmp/base/src [--rounds 3] [--games trouble,ludo]

For each game, runs the same command of the two checkouts in turn (base, this one, base, ...),
each in a process of its own, and compares their CPU time (steadier than wall time on a shared
machine):
- ``simulate``: ``pegrace simulate GAME`` (random players, the default seats) as games per CPU
  second, this checkout playing ``FACTOR`` times the base's games; the CPU time of a one-game
  run (starting Python, importing, the report) is taken off both;
- ``expert``: ``pegrace bench GAME --player expert`` (the expert's decisions against medium
  players, 2 games), the search's nodes per ms as the command reports them;
- ``engine``: ``pegrace bench GAME`` (``ENGINE_GAMES`` games, one run), the games a second of
  its engine row: random games played move by move through the Python ``Rules`` API (pure
  Python in the base, a call to the core per step now).
Prints each round's figures and, per game and measure, the median ratio of the rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

from pegrace.games import list_games

HERE = Path(__file__).resolve().parent.parent / "src"
GAMES = list_games()
BASE_GAMES = 300  # simulate's games in the base checkout
FACTOR = 50  # this checkout's simulate plays this many times more
ENGINE_GAMES = 200  # games of bench's engine row


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def pegrace(src: Path, *args: str) -> tuple[str, float]:
    """Run ``pegrace ARGS`` from the checkout ``src``; its output and CPU seconds."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    code = "import sys; from pegrace.cli import main; sys.argv[0] = 'pegrace'; sys.exit(main())"
    before = cpu_seconds()
    done = subprocess.run(
        [sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout, cpu_seconds() - before


def simulate_rate(src: Path, game: str, games: int, seed: int) -> float:
    """Games a CPU second, the cost of a one-game run taken off."""
    _, seconds = pegrace(src, "simulate", game, "--games", str(games), "--seed", str(seed))
    _, start = pegrace(src, "simulate", game, "--games", "1", "--seed", str(seed))
    return (games - 1) / (seconds - start)


def expert_rate(src: Path, game: str, seed: int) -> float:
    out, _ = pegrace(
        src, "bench", game, "--player", "expert", "--games", "2", "--seed", str(seed), "--json"
    )
    return float(json.loads(out)["nodes_per_ms"])


def engine_rate(src: Path, game: str, seed: int) -> float:
    out, _ = pegrace(
        src,
        "bench",
        game,
        "--games",
        str(ENGINE_GAMES),
        "--runs",
        "1",
        "--seed",
        str(seed),
        "--json",
    )
    return float(json.loads(out)["engine"]["games_per_second"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", maxsplit=1)[0])
    parser.add_argument("--base", type=Path, required=True, help="the base checkout's src/")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated games")
    parser.add_argument("--only", choices=("simulate", "expert", "engine"), help="one measure only")
    args = parser.parse_args()
    if not (args.base / "pegrace").is_dir() or args.rounds < 1:
        parser.error("--base must be a checkout's src/ holding pegrace; --rounds at least 1")
    measures = [args.only] if args.only else ["simulate", "expert"]
    for game in args.games.split(","):
        for measure in measures:
            ratios = []
            for round_ in range(args.rounds):
                seed = round_ + 1
                if measure == "simulate":
                    base = simulate_rate(args.base, game, BASE_GAMES, seed)
                    ours = simulate_rate(HERE, game, BASE_GAMES * FACTOR, seed)
                    unit = "games per CPU second"
                elif measure == "expert":
                    base, ours, unit = (
                        expert_rate(args.base, game, seed),
                        expert_rate(HERE, game, seed),
                        "nodes per ms",
                    )
                else:
                    base, ours = engine_rate(args.base, game, seed), engine_rate(HERE, game, seed)
                    unit = "games per second (the Rules API loop)"
                ratios.append(ours / base)
                print(
                    f"{game} {measure} round {seed}: base {base:,.1f}, this {ours:,.1f} "
                    f"{unit}: {ours / base:.1f}x",
                    flush=True,
                )
            print(f"{game} {measure}: median {statistics.median(ratios):.1f}x of the base\n")


if __name__ == "__main__":
    main()
