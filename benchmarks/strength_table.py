"""Turn `pegrace tournament --json` reports into the markdown rows of docs/ai.md.

Usage: python benchmarks/strength_table.py [--pool] REPORT.json [...]
Each row: game, the line-up (first entry against the rest), games, the first entry's win rate
with its 95% interval, the fair share, and the command that reproduces it. With ``--pool``, the
reports of one line-up (game, players, rules) played with several seeds are also added up into
one line: wins of seat-games and the pooled 95% Wilson interval.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from pegrace.simulate import wilson


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
    lineup = report["lineup"]
    assert isinstance(lineup, list)
    first = first_entry(report)
    rate, (low, high) = first["win_rate"], first["ci95"]
    share = report["fair_share"]
    assert isinstance(share, float)
    return (
        f"| {report['game']} | {lineup_text(lineup)} | {report['games']} | "
        f"{rate:.1%} | [{low:.1%}, {high:.1%}] | {share:.0%} | "
        f"`{command(report)}` |"
    )


def first_entry(report: dict[str, object]) -> dict[str, Any]:
    entries, lineup = report["entries"], report["lineup"]
    assert isinstance(entries, list) and isinstance(lineup, list)
    entry: dict[str, Any] = next(e for e in entries if e["player"] == lineup[0])
    return entry


def pooled(reports: list[dict[str, object]]) -> list[str]:
    """One line per line-up played with several seeds: its wins added up, with their interval."""
    lines: dict[str, list[dict[str, object]]] = {}
    for report in reports:
        key = json.dumps([report["game"], report["lineup"], report["rules"]], sort_keys=True)
        lines.setdefault(key, []).append(report)
    text = []
    for same in lines.values():
        if len(same) > 1:
            wins = sum(first_entry(r)["wins"] for r in same)
            games = sum(first_entry(r)["seat_games"] for r in same)
            low, high = wilson(wins, games)
            lineup = same[0]["lineup"]
            assert isinstance(lineup, list)
            seeds = ", ".join(str(r["seed"]) for r in same)
            text.append(
                f"{same[0]['game']} {lineup_text(lineup)}, seeds {seeds}: {wins} of {games}, "
                f"{wins / games:.1%} [{low:.1%}, {high:.1%}]"
            )
    return text


def read_report(path: str) -> dict[str, object]:
    try:
        report: dict[str, object] = json.loads(Path(path).read_text())
    except (OSError, ValueError) as error:
        raise SystemExit(f"{path}: not a `pegrace tournament --json` report ({error})") from None
    return report


def main(args: list[str]) -> None:
    pool = "--pool" in args
    reports = [read_report(path) for path in args if path != "--pool"]
    print("| game | line-up | games | first entry wins | 95% CI | fair share | command |")
    print("|---|---|---|---|---|---|---|")
    for report in reports:
        print(row(report))
    if pool:
        print()
        for line in pooled(reports):
            print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
