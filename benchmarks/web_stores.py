"""`pegrace bench-web` on the three ways to serve, in one run, alternating: one server on an
SQLite file, one on PostgreSQL and three on PostgreSQL (the games spread over them
round-robin). Each round runs the three once; the table gives each way's median over the
rounds: events a second, the latency's p99, the servers' CPU per event and the database's.

    python benchmarks/web_stores.py --store postgresql://pegrace@127.0.0.1:5432/bench \\
        --games 200 --seconds 20 --rounds 3

The database must exist (each run adds its games to it). docs/performance.md has the figures;
the targets on a 2-core machine: three servers at least 1.5 times one server's events a second
on PostgreSQL, and p99 under 100 ms."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from typing import Any

from pegrace.web.loadbench import bench_web

WAYS = (("1 on SQLite", None, 1), ("1 on PostgreSQL", "pg", 1), ("3 on PostgreSQL", "pg", 3))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--store", required=True, help="a PostgreSQL database's URL")
    parser.add_argument("--games", type=int, default=200, help="concurrent games (200)")
    parser.add_argument("--seconds", type=float, default=20, help="each run's length (20)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the three (3)")
    parser.add_argument("--json", action="store_true", help="print every run as JSON")
    args = parser.parse_args(argv)
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name, _, _ in WAYS}
    for round_number in range(args.rounds):
        for name, store, servers in WAYS:
            print(f"round {round_number + 1}: {name}", file=sys.stderr, flush=True)
            url = args.store if store else None
            report = bench_web(
                args.games, args.seconds, "trouble", 4, round_number, None, url, servers
            )
            runs[name].append(report)
    if args.json:
        print(json.dumps(runs, indent=2))
        return 0
    one_pg = median(runs["1 on PostgreSQL"], "events_per_second")
    print(f"{args.games} games, {args.seconds:g} s a run, median of {args.rounds} rounds")
    print("| servers | events/s | vs 1 on PostgreSQL | p99 ms | server CPU ms/event | db CPU s |")
    print("|---|---|---|---|---|---|")
    for name, reports in runs.items():
        rate = median(reports, "events_per_second")
        p99 = statistics.median(r["latency_ms"]["p99"] for r in reports)
        cpu = median(reports, "server_cpu_ms_per_event")
        db = (
            ""
            if reports[0]["database_cpu_seconds"] is None
            else median(reports, "database_cpu_seconds")
        )
        print(f"| {name} | {rate:.0f} | {rate / one_pg:.2f}x | {p99:.1f} | {cpu:.3f} | {db} |")
    return 0


def median(reports: list[dict[str, Any]], key: str) -> float:
    return float(statistics.median(r[key] for r in reports))


if __name__ == "__main__":
    sys.exit(main())
