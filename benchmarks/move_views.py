"""What the server spends on each listed move of a state message (its words, its steps on the
board), this pegrace against another (issue 53: the words became language-neutral ``Said``s):
the same positions of random games, every listed move's view made and encoded as the server
does, CPU time per view; the two sides alternate, each in a process of its own.

    python benchmarks/move_views.py --other-src /tmp/before/src [--rounds 3]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"

ONE_SIDE = """
import random, sys, time
import orjson
from pegrace.games import get_rules
from pegrace import boards
rules = get_rules(sys.argv[1], 4)
rng, states = random.Random(1), []
for _ in range(20):
    state = rules.initial_state()
    for _ in range(400):
        if state.is_over:
            break
        legal = rules.legal_moves(state)
        if legal:
            states.append(state)
            state = rules.apply_move(state, rng.choice(legal))
        else:
            state = rules.apply_roll(state, rules.sample_roll(state, rng))
def work():
    made = 0
    for state in states:
        for same in rules.moves_by_outcome(state):
            orjson.dumps(boards.move_view(rules, state, same[0]))
            made += 1
    return made
work()
best = []
for _ in range(5):
    started = time.process_time()
    made = work()
    best.append(time.process_time() - started)
print(min(best) * 1e6 / made)
"""


def per_view(src: Path, game: str) -> float:
    """CPU microseconds a listed move's view takes, the pegrace in ``src`` (best of 5)."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    found = subprocess.run(
        [sys.executable, "-c", ONE_SIDE, game], env=env, capture_output=True, text=True, check=True
    )
    return float(found.stdout.strip())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--other-src", type=Path, required=True, help="the other pegrace's src")
    parser.add_argument("--rounds", type=int, default=3, help="pairs of runs (default 3)")
    parser.add_argument("--games", default="trouble,headache", help="games, comma-separated")
    args = parser.parse_args(argv)
    print("game      this (µs a view)  other (µs a view)  this/other")
    for game in args.games.split(","):
        this, other = [], []
        for round_ in range(args.rounds):
            sides = [(SRC, this), (args.other_src, other)]
            for src, found in sides if round_ % 2 == 0 else reversed(sides):
                found.append(per_view(src, game))
        print(
            f"{game:9} {min(this):16.1f}  {min(other):17.1f}  {min(this) / min(other):10.3f}"
            f"   (runs: {', '.join(f'{t:.1f}' for t in this)} / "
            f"{', '.join(f'{o:.1f}' for o in other)})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
