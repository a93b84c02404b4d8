"""Random 4-player Trouble (default rules, played to the end): the native core against a
minimal hand-written C loop of the same rules (benchmarks/trouble_c/trouble.c), and against
the Python engine's bare loop. A benchmark, not a test.

Both native sides draw from the same splitmix64 generator and pick among the legal moves in the
same order, so with the same seed they play the very same games: the script checks that they
make the same number of moves. Runs alternate C and Rust, and time each by CPU time (the
machine is shared; CPU time is steadier than wall time).

    python benchmarks/native_playouts.py [--games 20000] [--pairs 5] [--python-games 300]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pegrace import native
from pegrace.bench import engine_games
from pegrace.games import get_rules

SOURCE = Path(__file__).with_name("trouble_c") / "trouble.c"


def build_c(folder: Path) -> Path:
    binary = folder / "trouble"
    subprocess.run(["gcc", "-O2", "-o", str(binary), str(SOURCE)], check=True)
    return binary


def run_c(binary: Path, games: int, seed: int) -> tuple[float, int]:
    """(CPU seconds, moves) of the C loop."""
    out = subprocess.run(
        [str(binary), str(games), str(seed)], check=True, capture_output=True, text=True
    ).stdout.split()
    return float(out[2]), int(out[1])


def run_rust(games: int, seed: int) -> tuple[float, int]:
    rules = get_rules("trouble", 4)
    start = time.process_time()
    moves = native.random_games(rules, games, seed).moves
    return time.process_time() - start, moves


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20_000, help="games per run (default 20000)")
    parser.add_argument("--pairs", type=int, default=5, help="C/Rust pairs of runs (default 5)")
    parser.add_argument(
        "--python-games",
        type=int,
        default=300,
        help="games of the Python engine's bare loop (default 300)",
    )
    args = parser.parse_args()
    if args.games < 1 or args.pairs < 1 or args.python_games < 1:
        parser.error("--games, --pairs and --python-games take at least 1")
    with tempfile.TemporaryDirectory() as folder:
        binary = build_c(Path(folder))
        c_rates, rust_rates = [], []
        for pair in range(args.pairs):
            seed = pair + 1
            c_seconds, c_moves = run_c(binary, args.games, seed)
            rust_seconds, rust_moves = run_rust(args.games, seed)
            if c_moves != rust_moves:
                print(f"the two sides played different games: {c_moves} vs {rust_moves} moves")
                return 1
            c_rates.append(args.games / c_seconds)
            rust_rates.append(args.games / rust_seconds)
            length = c_moves / args.games
            print(
                f"pair {pair + 1}: C {c_rates[-1]:,.0f} games/s, Rust {rust_rates[-1]:,.0f} "
                f"games/s, {length:.1f} moves a game (both)",
                flush=True,
            )
    start = time.process_time()
    python_moves = engine_games(get_rules("trouble", 4), args.python_games, seed=1)
    python_rate = args.python_games / (time.process_time() - start)
    c, rust = statistics.median(c_rates), statistics.median(rust_rates)
    print(f"C loop        {c:>9,.0f} games/s (median of {args.pairs})")
    print(f"native core   {rust:>9,.0f} games/s: {rust / c:.2f} of C")
    print(
        f"Python engine {python_rate:>9,.0f} games/s "
        f"({python_moves / args.python_games:.1f} moves a game): the core is "
        f"{rust / python_rate:.0f}x"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
