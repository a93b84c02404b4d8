"""How much faster a run gets from 1 to 2 Dask workers (and from 1 to 2 local processes), on
this machine: wall-clock seconds of the same seeded run, the settings alternated round by round.

    python benchmarks/cluster_speedup.py [--game ludo] [--games 300000] [--rounds 3]

Each round times, in turn: the local pool with 1 and 2 processes (``--workers``), and a Dask
``LocalCluster`` of worker processes with 1 and 2 workers (``--scheduler``; the cluster is
started before its timing starts). Every run's report must be the same JSON, or the script
stops. Prints each round, then the medians and the speed-ups. The machine has 2 cores, so 2 is
the most that can help here; a cluster of more hosts adds its workers' cores the same way.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable

from distributed import LocalCluster

from pegrace.simulate import simulate

SEATS = {
    "red": "computer:medium",
    "yellow": "computer:random",
    "green": "computer:random",
    "blue": "computer:random",
}


def timed(run: Callable[[], dict[str, object]]) -> tuple[float, str]:
    started = time.perf_counter()
    report = run()
    return time.perf_counter() - started, json.dumps(report, sort_keys=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="ludo")
    parser.add_argument("--games", type=int, default=300_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    base = (args.game, args.games, 4, {}, SEATS, 1)
    times: dict[str, list[float]] = {}
    reports = set()
    for round_ in range(args.rounds):
        for name in ("local 1", "local 2", "dask 1", "dask 2"):
            where, count = name.split()
            if where == "local":
                seconds, report = timed(lambda c=int(count): simulate(*base, workers=c))
            else:
                with LocalCluster(
                    n_workers=int(count),
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                ) as cluster:
                    address = cluster.scheduler_address
                    seconds, report = timed(lambda a=address: simulate(*base, scheduler=a))
            reports.add(report)
            if len(reports) > 1:
                raise SystemExit(f"round {round_}, {name}: a different report")
            times.setdefault(name, []).append(seconds)
            rate = args.games / seconds
            print(f"round {round_}  {name:8} {seconds:7.2f} s  {rate:9,.0f} games/s")
    median = {name: statistics.median(t) for name, t in times.items()}
    for name, seconds in median.items():
        print(f"median  {name:8} {seconds:7.2f} s  {args.games / seconds:9,.0f} games/s")
    print(
        f"speed-up 1 -> 2 workers: local {median['local 1'] / median['local 2']:.2f}x, "
        f"Dask {median['dask 1'] / median['dask 2']:.2f}x; "
        f"Dask 2 against local 2: {median['local 2'] / median['dask 2']:.2f}x"
    )


if __name__ == "__main__":
    main()
