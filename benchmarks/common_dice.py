"""Would playing two line-ups on the same dice measure their difference with fewer games?

Usage: python benchmarks/common_dice.py FIRST_DIR SECOND_DIR
Each DIR is the `--out` of a `pegrace tournament` of the same game, players count and
`--seed`, e.g. `hard` against 3 medium and `medium` against 3 medium: game ``i`` of both then
has the same seed (the same dice) and seats the first entry in the same seat. Prints the first
entry's win rate in each, the correlation of its wins game by game, the paired difference with
its 95% interval, and how much narrower that interval is than the plain one of the first
tournament (a control variate with the best weight narrows it by sqrt(1 - correlation²)).
"""

from __future__ import annotations

import csv
import math
import sys
from pathlib import Path


def first_entry_wins(out_dir: Path) -> tuple[list[str], list[bool]]:
    """Game seeds and whether the line-up's first entry won each game (rotation: game ``i``
    puts it in seat ``i mod K``, one seat a colour)."""
    with (out_dir / "games.csv").open(newline="") as file:
        rows = list(csv.DictReader(file))
    if not rows:
        raise SystemExit(f"{out_dir}/games.csv has no games")
    colours = [key.removesuffix("_place") for key in rows[0] if key.endswith("_place")]
    seeds = [row["seed"] for row in rows]
    wins = [row[f"{colours[i % len(colours)]}_place"] == "1" for i, row in enumerate(rows)]
    return seeds, wins


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    (seeds_a, a), (seeds_b, b) = (first_entry_wins(Path(arg)) for arg in argv)
    if seeds_a != seeds_b:
        print("the two tournaments did not play the same seeds", file=sys.stderr)
        return 2
    n = len(a)
    mean_a, mean_b = sum(a) / n, sum(b) / n
    var_a, var_b = mean_a * (1 - mean_a), mean_b * (1 - mean_b)
    cov = sum((x - mean_a) * (y - mean_b) for x, y in zip(a, b, strict=True)) / n
    rho = cov / math.sqrt(var_a * var_b) if var_a and var_b else 0.0
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean_d = sum(diffs) / n
    half_d = 1.96 * math.sqrt(sum((d - mean_d) ** 2 for d in diffs) / (n - 1) / n)
    half_a = 1.96 * math.sqrt(var_a / n)
    print(f"{n} games: first entry wins {mean_a:.2%} and {mean_b:.2%}; correlation {rho:.3f}")
    print(f"paired difference {mean_d:+.2%} ± {half_d:.2%} (plain interval ± {half_a:.2%})")
    print(f"control variate: interval × {math.sqrt(1 - rho * rho):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
