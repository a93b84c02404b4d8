"""Many seeded games: win rates with confidence intervals, game lengths, places.

Game ``i`` of a run with seed ``S`` always uses the seed ``S * 1_000_003 + i``,
so the numbers depend only on the seed and the game count, never on how many
worker processes shared the work. A run's jobs are made as the workers take them, a few ahead:
``--games 1000000000000`` starts at once and its memory does not grow by the jobs to come.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future
from contextlib import AbstractContextManager, closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, Protocol, TextIO

from pegrace import native, policy, value
from pegrace.engine import Rules
from pegrace.errors import OptionError, saying, system_words
from pegrace.games import get_rules
from pegrace.i18n import said
from pegrace.match import run_game, seat_players
from pegrace.outside import BOTS, OutsidePlayer
from pegrace.player import Player
from pegrace.players import core_seatings, pinned_spec, value_entry, value_texts
from pegrace.provenance import core_build, pegrace_version, provenance, provenance_lines
from pegrace.record import Record
from pegrace.state import Phase
from pegrace.worker_pool import worker_pool

Seating = tuple[tuple[str, str], ...]  # (colour, player spec) for every seat, in board order
# jobs handed to each local worker process ahead of the one whose games are awaited: enough to
# keep every worker busy, few enough that a run's jobs are not all made before its first game
AHEAD_PER_WORKER = 4


@dataclass(frozen=True)
class Job:
    """Games ``first`` to ``first + count - 1`` of a run; game ``i`` seats
    ``seatings[i % len(seatings)]`` (one seating keeps every seat fixed; a
    tournament passes its rotations)."""

    game: str
    players: int
    options: tuple[tuple[str, str], ...]
    seatings: tuple[Seating, ...]
    seed: int
    first: int
    count: int
    record_dir: str | None
    drama: bool = False  # count captures and lead changes (the core's games only)
    # the weights files its players name (value=sha256:…), sent along: a worker reads no file
    values: tuple[str, ...] = ()


class GameSummary(NamedTuple):
    places: tuple[int, ...]  # per seat: its side's place
    turns: int
    rolls: int
    starter: int  # the seat that won the roll-off and moved first
    # the drama, where a job asked for it: pieces captured, changes of the lead, whether the
    # side alone in the lead at half-time won (None: sides tied for it then)
    captures: int | None = None
    lead_changes: int | None = None
    half_leader_won: bool | None = None
    # per seat, the answers of a player from outside that could not be played (pegrace.outside):
    # None where no seat is one
    faults: tuple[int, ...] | None = None


class Keeping(Protocol):
    """Where a run's games are kept as they finish (pegrace.kept's KeptGames, which reads
    GameSummary here: named by what it does, so this module is below it)."""

    def play_on(
        self,
        games: int,
        done: Sequence[GameSummary],
        least: int,
        play: Callable[[int, int], list[GameSummary]],
    ) -> list[GameSummary]: ...


def game_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def run_job(job: Job, core: bool = True) -> list[GameSummary]:
    """The job's games: in the native core where every seat is a computer player and no
    record is asked for (the same games, ``core=False`` plays them in Python)."""
    rules = get_rules(job.game, job.players, dict(job.options))
    value.adopt_texts(job.values)
    seatings = [dict(s) for s in job.seatings]
    found = core_seatings(rules, seatings) if core and job.record_dir is None else None
    last = game_seed(job.seed, job.first + job.count)
    if found is not None and job.seed >= 0 and last <= native.LARGEST_SEED:
        played = native.play_games(rules, found, job.seed, job.first, job.count, job.drama)
        return [
            GameSummary(
                tuple(game.places),
                game.turns,
                game.rolls,
                game.starter,
                game.captures,
                game.lead_changes,
                game.half_leader_won,
            )
            for game in played
        ]
    if job.drama:
        # TRANSLATORS: {game} is a game's name as typed ("trouble"); drama is what a game's
        # lead changes and comebacks are counted as
        drama = said("{game}: the native core plays the games that count drama", game=rules.name)
        raise saying(OptionError, drama)
    try:
        return python_games(rules, job)
    finally:
        BOTS.close()  # the bot programs the games started (pegrace.outside)


def python_games(rules: Rules, job: Job) -> list[GameSummary]:
    """The job's games played in Python (a seat the core does not play, or records asked)."""
    results = []
    for index in range(job.first, job.first + job.count):
        seats = dict(job.seatings[index % len(job.seatings)])
        players = seat_players(seats, game_seed(job.seed, index))
        result = run_game(rules, seats, game_seed(job.seed, index), players=players)
        places = rules.outcome(result.state).places
        seat_places = tuple(places[rules.sides[s]] for s in range(len(seats)))
        starter = roll_off_winner(rules, result.record)
        faults = outside_faults(players)
        summary = GameSummary(seat_places, result.state.turn, result.rolls, starter)
        results.append(summary._replace(faults=faults))
        if job.record_dir is not None:
            result.record.save(Path(job.record_dir) / f"{job.game}-{job.seed}-{index:06d}.json")
    return results


def outside_faults(players: Sequence[Player]) -> tuple[int, ...] | None:
    """Each seat's faults where a seat is a player from outside (pegrace.outside), else None."""
    if not any(isinstance(player, OutsidePlayer) for player in players):
        return None
    return tuple(getattr(player, "faults", 0) for player in players)


def seat_faults(summaries: Sequence[GameSummary], seat: int) -> dict[str, int]:
    """``{"faults": N}`` for a seat a player from outside held (pegrace.outside), else {}."""
    counted = [s.faults[seat] for s in summaries if s.faults is not None]
    return {"faults": sum(counted)} if counted else {}


def roll_off_winner(rules: Rules, record: Record) -> int:
    """Replays only the record's roll-off pops (a few events) to find who moved first."""
    state = rules.initial_state()
    for event in record.events:
        if state.phase != Phase.ROLLOFF:
            break
        state = rules.apply_roll(state, event.roll)
    return state.current


def run_games(
    jobs: Iterable[Job],
    workers: int,
    progress: Callable[[int], None],
    scheduler: str | None = None,
    run: Callable[[Job], list[GameSummary]] = run_job,
    pool: Executor | None = None,
) -> Iterator[list[GameSummary]]:
    """The jobs' games, job by job in order: here, in ``workers`` processes (``pool``'s where
    a command started them for all its batches: `worker_pool`) or on the Dask cluster
    whose scheduler is at ``scheduler``. ``jobs`` is read as the work goes on (a few jobs ahead
    of the results), so it may be a generator of any length."""
    if scheduler is not None:
        from pegrace.cluster import run_on_cluster

        yield from run_on_cluster(scheduler, run, jobs, lambda done: progress(len(done)))
        return
    if workers <= 1:
        for job in jobs:
            done = run(job)
            progress(len(done))
            yield done
        return
    if pool is None:
        with worker_pool(workers) as started:
            yield from run_games(jobs, workers, progress, run=run, pool=started)
        return
    # the jobs handed out are cancelled first, then the pool waits for the running ones
    with closing(in_order(pool, run, jobs, AHEAD_PER_WORKER * workers)) as results:
        for done in results:
            progress(len(done))
            yield done


def batch_pool(workers: int, scheduler: str | None) -> AbstractContextManager[Executor | None]:
    """The workers that play a command's batches of games, started once for all of them: none
    where a cluster plays them (or one process: here)."""
    return worker_pool(1 if scheduler is not None else workers)


@contextmanager
def batches(
    rules: Rules,
    seatings: Sequence[Mapping[str, str]],
    seed: int,
    workers: int,
    scheduler: str | None,
    progress: Callable[[int], None],
    record_dir: Path | None = None,
) -> Iterator[Callable[[int, int], list[GameSummary]]]:
    """``play(first, count)``: a run's games ``first .. first+count-1`` (`play_games`), every
    batch on the same workers, started once for the block."""
    with batch_pool(workers, scheduler) as pool:

        def play(first: int, count: int) -> list[GameSummary]:
            return play_games(
                rules,
                seatings,
                count,
                seed,
                workers,
                record_dir,
                None,
                scheduler,
                first=first,
                progress=progress,
                pool=pool,
            )

        yield play


def in_order(
    pool: Executor,
    run: Callable[[Job], list[GameSummary]],
    jobs: Iterable[Job],
    ahead: int,
) -> Generator[list[GameSummary], None, None]:
    """``pool.map(run, jobs)``, except that a job is taken from ``jobs`` only while fewer than
    ``ahead`` are handed out (``Executor.map`` takes every job first). Jobs still handed out
    when the caller stops are cancelled."""
    pending: deque[Future[list[GameSummary]]] = deque()
    try:
        for job in jobs:
            pending.append(pool.submit(run, job))
            if len(pending) >= ahead:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


class ProgressBar:
    """On a terminal ``[#####.....] 1200/4000  830 games/s  ETA 0:03`` on one line, redrawn;
    elsewhere (a log, a pipe) a plain line every ``LINE_SECONDS``, so that a long run off a
    terminal is not silent."""

    LINE_SECONDS = 30.0

    def __init__(self, total: int, stream: TextIO, enabled: bool, lines: bool = False) -> None:
        self.total, self.done, self.stream, self.enabled = total, 0, stream, enabled
        self.lines = lines and not enabled
        self.started = self.said = time.monotonic()
        self.spoke = False  # a short run says nothing off a terminal; a long one says its end

    def __call__(self, step: int) -> None:
        self.done += step
        now = time.monotonic()
        if self.enabled:
            filled = int(30 * self.done / max(self.total, 1))
            self.stream.write(
                f"\r[{'#' * filled}{'.' * (30 - filled)}] {self.done}/{self.total}"
                f"  {self.pace(now)}  "
            )
            if self.done >= self.total:
                self.stream.write("\n")
            self.stream.flush()
        elif self.lines and (
            now - self.said >= self.LINE_SECONDS or (self.spoke and self.done >= self.total)
        ):
            self.said, self.spoke = now, True
            self.stream.write(f"{self.done}/{self.total} games  {self.pace(now)}\n")
            self.stream.flush()

    def pace(self, now: float) -> str:
        """ "830 games/s  ETA 0:03", or for slow games "12.5 s a game  ETA 1:02:00"."""
        rate = self.done / max(now - self.started, 1e-9)
        left = int((self.total - self.done) / rate) if rate > 0 else 0
        eta = f"{left // 3600}:{left // 60 % 60:02d}:{left % 60:02d}".removeprefix("0:")
        speed = f"{rate:,.0f} games/s" if rate >= 1 or rate == 0 else f"{1 / rate:,.1f} s a game"
        return f"{speed}  ETA {eta}"

    def close(self) -> None:
        """Ends the bar's line where the work stopped short of the total."""
        if self.enabled and self.done < self.total:
            self.stream.write("\n")
            self.stream.flush()


def play_games(
    rules: Rules,
    seatings: Sequence[Mapping[str, str]],
    games: int,
    seed: int,
    workers: int = 1,
    record_dir: Path | None = None,
    progress_stream: TextIO | None = None,
    scheduler: str | None = None,
    first: int = 0,
    progress: Callable[[int], None] | None = None,
    drama: bool = False,
    pool: Executor | None = None,
) -> list[GameSummary]:
    """Plays games ``first .. first+games-1`` in chunks over ``workers`` processes (or the Dask
    cluster whose scheduler is at ``scheduler``) and returns their summaries in game order,
    with a progress bar on stderr when it is a terminal (or on ``progress_stream`` when one is
    given; ``progress``, if given, is told of each chunk's games instead). ``drama``: count
    each game's captures and lead changes (the core's games only). ``pool``: the workers a
    command started for all its batches (`worker_pool`)."""
    jobs = make_jobs(rules, seatings, games, seed, workers, record_dir, scheduler, first, drama)
    if progress is None:
        progress = progress_bar(games, progress_stream)
    played = run_games(jobs, workers, progress, scheduler, pool=pool)
    return [s for done in played for s in done]


def make_jobs(
    rules: Rules,
    seatings: Sequence[Mapping[str, str]],
    games: int,
    seed: int,
    workers: int = 1,
    record_dir: Path | None = None,
    scheduler: str | None = None,
    first: int = 0,
    drama: bool = False,
) -> Iterator[Job]:
    """The jobs that play games ``first .. first+games-1`` in chunks, each made only when it is
    taken (``play_games``' arguments)."""
    core = record_dir is None and core_seatings(rules, seatings) is not None
    # the core's games are quick: bigger chunks keep the work of setting each one up small
    share = workers if scheduler is None else 16  # a cluster's workers are not counted here
    chunk = max(1, min(2000 if core else 250, games // (share * 4) or 1))
    fixed = tuple(tuple((c, pinned_spec(s)) for c, s in seats.items()) for seats in seatings)
    values = value_texts([spec for seats in fixed for _, spec in seats])
    options = tuple(rules.options.items())
    folder = None if record_dir is None else str(record_dir)
    return (
        Job(
            rules.name,
            rules.players,
            options,
            fixed,
            seed,
            start,
            min(chunk, first + games - start),
            folder,
            drama,
            values,
        )
        for start in range(first, first + games, chunk)
    )


def progress_bar(total: int, stream: TextIO | None = None) -> ProgressBar:
    """A bar on ``stream``, or on stderr when it is a terminal (else a line now and then)."""
    out = stream or sys.stderr
    return ProgressBar(total, out, stream is not None or out.isatty(), lines=stream is None)


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
    scheduler: str | None = None,
    kept: Keeping | None = None,
    done: Sequence[GameSummary] = (),
) -> dict[str, Any]:
    """The report of ``games`` games. With ``kept``, the games go to it in batches as they
    finish (``pegrace.kept``), and the games ``done`` before (a resumed run's) are not played
    again: the report is the one a run never stopped makes."""
    rules = get_rules(game, players, options)
    bar = progress_bar(games, progress_stream)
    bar(len(done))

    with batches(rules, [seats], seed, workers, scheduler, bar, record_dir) as play:
        summaries = play(0, games) if kept is None else kept.play_on(games, done, 1, play)
    bar.close()
    return summarise(rules.name, rules.options_in_play(), seats, seed, summaries)


def kept_settings(rules: Rules, seats: Mapping[str, str], games: int, seed: int) -> dict[str, Any]:
    """What a resumed run must share with the stopped one (``pegrace.kept``): this pegrace and
    its core too (another version could play other games from the same seeds)."""
    return {
        "pegrace": pegrace_version(),
        "core": core_build()["source"],
        "game": rules.name,
        "players": rules.players,
        "options": dict(rules.options),
        "seats": {colour: pinned_spec(spec) for colour, spec in seats.items()},
        "games": games,
        "seed": seed,
    }


def write_results(folder: Path, report: Mapping[str, Any]) -> None:
    """``results.json``: the report, as ``--json`` prints it."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "results.json").write_text(json.dumps(report, indent=2) + "\n")
    except OSError as err:
        # TRANSLATORS: {path} is a folder's path; {problem} the system's words for what failed
        failed = said("--out {path}: {problem}", path=str(folder), problem=system_words(err))
        raise saying(OptionError, failed) from None


def summarise(
    game: str,
    options: Mapping[str, str],
    seats: Mapping[str, str],
    seed: int,
    summaries: list[GameSummary],
) -> dict[str, Any]:
    n = len(summaries)
    colours = list(seats)
    per_seat = []
    for i, colour in enumerate(colours):
        wins = sum(1 for s in summaries if s.places[i] == 1)
        low, high = wilson(wins, n)
        counts = [0] * len(colours)
        for summary in summaries:
            counts[summary.places[i] - 1] += 1
        per_seat.append(
            {
                "colour": colour,
                "player": seats[colour],
                **value_entry(seats[colour]),
                "wins": wins,
                "win_rate": wins / n,
                "ci95": [low, high],
                "places": counts,
                "mean_place": sum((p + 1) * c for p, c in enumerate(counts)) / n,
                **seat_faults(summaries, i),
            }
        )
    return {
        **provenance(None, seed),  # the versions of pegrace and of the learned values, the seed
        "game": game,
        "rules": dict(options),
        "games": n,
        "seats": per_seat,
        **lengths(summaries),
    }


def format_report(report: dict[str, Any]) -> str:
    lines = [
        heading(report),
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
    seats = report["seats"]
    lines += [f"{s['colour']}: {value.describe(s['value'])}" for s in seats if "value" in s]
    lines += [f"{s['colour']}: {policy.describe(s['policy'])}" for s in seats if "policy" in s]
    lines += [
        f"{s['colour']}: {s['faults']} answers could not be played (a random legal move instead)"
        for s in seats
        if s.get("faults")
    ]
    places = len(report["seats"])
    lines += ["", "finishing places (share of games):"]
    lines.append(f"{'seat':<8}" + "".join(f"{i + 1:>8}" for i in range(places)))
    for seat in report["seats"]:
        lines.append(
            f"{seat['colour']:<8}" + "".join(f"{c / report['games']:>8.1%}" for c in seat["places"])
        )
    lines += ["", game_length(report), "", *provenance_lines(report)]
    return "\n".join(lines)


def heading(report: Mapping[str, Any]) -> str:
    rules = ", ".join(f"{k}={v}" for k, v in report["rules"].items())
    return f"{report['game']}: {report['games']} games, seed {report['seed']}, rules {rules}"


def lengths(summaries: Sequence[GameSummary]) -> dict[str, dict[str, float]]:
    turns = [s.turns for s in summaries]
    rolls = [s.rolls for s in summaries]
    return {
        "turns": {"mean": statistics.fmean(turns), "median": statistics.median(turns)},
        "rolls": {"mean": statistics.fmean(rolls), "median": statistics.median(rolls)},
    }


def game_length(report: Mapping[str, Any]) -> str:
    t, r = report["turns"], report["rolls"]
    return (
        f"game length: turns mean {t['mean']:.1f}, median {t['median']:g}; "
        f"rolls mean {r['mean']:.1f}, median {r['median']:g}"
    )
