"""Many seeded games: win rates with confidence intervals, game lengths, places.

Game ``i`` of a run with seed ``S`` always uses the seed ``S * 1_000_003 + i``,
so the numbers depend only on the seed and the game count, never on how many
worker processes shared the work.
"""

from __future__ import annotations

import math
import statistics
import sys
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from pegrace.games import get_rules
from pegrace.match import run_game


@dataclass(frozen=True)
class Job:
    game: str
    players: int
    options: tuple[tuple[str, str], ...]
    seats: tuple[tuple[str, str], ...]
    seed: int
    first: int
    count: int
    record_dir: str | None


# (places per seat, turns, rolls) of one game
GameSummary = tuple[tuple[int, ...], int, int]


def game_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def run_job(job: Job) -> list[GameSummary]:
    rules = get_rules(job.game, job.players, dict(job.options))
    seats = dict(job.seats)
    results = []
    for index in range(job.first, job.first + job.count):
        result = run_game(rules, seats, game_seed(job.seed, index))
        places = rules.outcome(result.state).places
        seat_places = tuple(places[rules.sides[s]] for s in range(len(seats)))
        results.append((seat_places, result.state.turn, result.rolls))
        if job.record_dir is not None:
            result.record.save(Path(job.record_dir) / f"{job.game}-{job.seed}-{index:06d}.json")
    return results


def run_games(
    jobs: list[Job], workers: int, progress: Callable[[int], None]
) -> Iterator[list[GameSummary]]:
    if workers <= 1:
        for job in jobs:
            done = run_job(job)
            progress(len(done))
            yield done
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for done in pool.map(run_job, jobs):
            progress(len(done))
            yield done


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


class ProgressBar:
    def __init__(self, total: int, stream: TextIO, enabled: bool) -> None:
        self.total, self.done, self.stream, self.enabled = total, 0, stream, enabled

    def __call__(self, step: int) -> None:
        self.done += step
        if self.enabled:
            filled = int(30 * self.done / max(self.total, 1))
            self.stream.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {self.done}/{self.total}")
            if self.done >= self.total:
                self.stream.write("\n")
            self.stream.flush()


def simulate(
    game: str,
    games: int,
    players: int,
    options: Mapping[str, str],
    seats: Mapping[str, str],
    seed: int,
    workers: int = 1,
    record_dir: Path | None = None,
    progress_stream: TextIO | None = None,
) -> dict[str, Any]:
    rules = get_rules(game, players, options)
    chunk = max(1, min(250, games // (workers * 4) or 1))
    jobs = [
        Job(
            game, players, tuple(rules.options.items()), tuple(seats.items()), seed, first,
            min(chunk, games - first), None if record_dir is None else str(record_dir),
        )
        for first in range(0, games, chunk)
    ]  # fmt: skip
    stream = progress_stream or sys.stderr
    bar = ProgressBar(games, stream, progress_stream is not None or stream.isatty())
    summaries = [s for done in run_games(jobs, workers, bar) for s in done]
    return summarise(rules.name, rules.options, seats, seed, summaries)


def summarise(
    game: str,
    options: Mapping[str, str],
    seats: Mapping[str, str],
    seed: int,
    summaries: list[GameSummary],
) -> dict[str, Any]:
    n = len(summaries)
    colours = list(seats)
    turns = [t for _, t, _ in summaries]
    rolls = [r for _, _, r in summaries]
    per_seat = []
    for i, colour in enumerate(colours):
        wins = sum(1 for places, _, _ in summaries if places[i] == 1)
        low, high = wilson(wins, n)
        counts = [0] * len(colours)
        for places, _, _ in summaries:
            counts[places[i] - 1] += 1
        per_seat.append(
            {
                "colour": colour,
                "player": seats[colour],
                "wins": wins,
                "win_rate": wins / n,
                "ci95": [low, high],
                "places": counts,
                "mean_place": sum((p + 1) * c for p, c in enumerate(counts)) / n,
            }
        )
    return {
        "game": game,
        "rules": dict(options),
        "seed": seed,
        "games": n,
        "seats": per_seat,
        "turns": {"mean": statistics.fmean(turns), "median": statistics.median(turns)},
        "rolls": {"mean": statistics.fmean(rolls), "median": statistics.median(rolls)},
    }


def format_report(report: dict[str, Any]) -> str:
    lines = [
        f"{report['game']}: {report['games']} games, seed {report['seed']}, rules "
        + ", ".join(f"{k}={v}" for k, v in report["rules"].items()),
        "",
        f"{'seat':<8}{'player':<22}{'win rate':>9}  {'95% CI':<17}{'mean place':>10}",
    ]
    for seat in report["seats"]:
        low, high = seat["ci95"]
        lines.append(
            f"{seat['colour']:<8}{seat['player']:<22}{seat['win_rate']:>8.1%}  "
            f"[{low:.1%}, {high:.1%}]".ljust(57)
            + f"{seat['mean_place']:>10.2f}"
        )
    places = len(report["seats"])
    lines += ["", "finishing places (share of games):"]
    lines.append(f"{'seat':<8}" + "".join(f"{i + 1:>8}" for i in range(places)))
    for seat in report["seats"]:
        lines.append(
            f"{seat['colour']:<8}" + "".join(f"{c / report['games']:>8.1%}" for c in seat["places"])
        )
    t, r = report["turns"], report["rolls"]
    lines += [
        "",
        f"game length: turns mean {t['mean']:.1f}, median {t['median']:g}; "
        f"rolls mean {r['mean']:.1f}, median {r['median']:g}",
    ]
    return "\n".join(lines)
