"""Turn `pegrace tournament --json` reports into the markdown rows of docs/ai.md.

Usage: python benchmarks/strength_table.py REPORT.json [...]
Each row: game, the line-up (first entry against the rest), games, the first entry's win rate
with its 95% interval, the fair share, and the command that reproduces it.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path


def lineup_text(lineup: list[str]) -> str:
    first, rest = lineup[0], Counter(lineup[1:])
    return f"{first} vs " + " + ".join(f"{n} {spec}" for spec, n in rest.items())


def command(report: dict[str, object]) -> str:
    lineup = report["lineup"]
    assert isinstance(lineup, list)
    rules = report["rules"]
    assert isinstance(rules, dict)
    players = " ".join(f"--player {spec}" for spec in lineup)
    given = ",".join(f"{k}={v}" for k, v in rules.items())
    return (
        f"pegrace tournament {report['game']} {players} --games {report['games']} "
        f"--seed {report['seed']} --rules {given}"
    )


def row(report: dict[str, object]) -> str:
    entries = report["entries"]
    assert isinstance(entries, list)
    lineup = report["lineup"]
    assert isinstance(lineup, list)
    first = next(e for e in entries if e["player"] == lineup[0])
    low, high = first["ci95"]
    share = report["fair_share"]
    assert isinstance(share, float)
    return (
        f"| {report['game']} | {lineup_text(lineup)} | {report['games']} | "
        f"{first['win_rate']:.1%} | [{low:.1%}, {high:.1%}] | {share:.0%} | "
        f"`{command(report)}` |"
    )


def main(paths: list[str]) -> None:
    print("| game | line-up | games | first entry wins | 95% CI | fair share | command |")
    print("|---|---|---|---|---|---|---|")
    for path in paths:
        print(row(json.loads(Path(path).read_text())))


if __name__ == "__main__":
    main(sys.argv[1:])
