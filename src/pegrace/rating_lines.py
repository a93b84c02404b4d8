"""Players rated by the strength protocol (``pegrace.claims``): every player plays a line against
K-1 of each opponent level, seats rotated (``pegrace.tournament``), every line the same fixed
size on one seed stated beforehand; each line's games are kept in a folder of its own and read
back, not played again, where a run played them before; and every game of every line is fitted
on one scale (``pegrace.ratings``: Bradley-Terry, Elo points, random at 0, bootstrap intervals).
What `pegrace rate` and tools/ratings.py share."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NotRequired, TypedDict

from pegrace import ratings
from pegrace.claims import MIN_GAMES, line_folder
from pegrace.engine import Rules
from pegrace.errors import OptionError, saying
from pegrace.i18n import Fixed, said
from pegrace.provenance import Provenance
from pegrace.tournament import GameRow, Report, run_kept, run_tournament

RESAMPLES = 200  # bootstrap fits behind each interval
PROTOCOL_PLAYERS = 4  # the protocol's table: its lines' folders are named without a count
# a spec that names its lines' folders as it is (expert:ms=20); others (a bot's command, with
# spaces and slashes) by their plain characters and a checksum
PLAIN_SPEC = re.compile(r"[A-Za-z0-9._:=,+-]{1,64}")
NOT_PLAIN = re.compile(r"[^A-Za-z0-9._=,+-]+")


@dataclass(frozen=True)
class Line:
    """``player`` against K-1 ``against`` players: ``lineup``, the player first."""

    player: str
    against: str
    lineup: tuple[str, ...]


class RatedLine(TypedDict):
    """A line's first player as its tournament report says: wins per seat-game with the 95%
    Wilson interval, the mean place, and a player from outside's faults."""

    player: str
    against: str
    games: int
    wins: int
    win_rate: float
    ci95: list[float]
    mean_place: float
    faults: NotRequired[int]


class Rated(TypedDict):
    player: str
    elo: float
    low: float  # the 95% interval's ends, Elo
    high: float
    games: int  # the games the player sat in


class RateReport(Provenance):
    """`pegrace rate`'s JSON report, keys in this order (provenance first)."""

    game: str
    rules: dict[str, str]
    players: int
    against: list[str]
    games: int  # every line's
    draft: bool  # lines shorter than the protocol's: no claim
    ratings: list[Rated]
    lines: list[RatedLine]


def protocol_lines(players: Sequence[str], against: Sequence[str], seats: int) -> list[Line]:
    """Every player, each once and the levels among them, against ``seats - 1`` of each level
    but itself: the levels are rated on games of their own, not only through the others'."""
    return [
        Line(player, level, (player, *[level] * (seats - 1)))
        for player in dict.fromkeys([*players, *against])
        for level in against
        if level != player
    ]


def check_size(games: int, draft: bool, least: int = MIN_GAMES) -> None:
    """The protocol's lines have ``least`` games at least; shorter only as a draft."""
    if games < least and not draft:
        # TRANSLATORS: --games and --draft are options, as typed; {games} and {least} numbers
        short = said(
            "--games {games}: the protocol's lines have at least {least} games "
            "(--draft plays a shorter line, which claims nothing)",
            games=str(games),
            least=Fixed(least, 0),
        )
        raise saying(OptionError, short)


def folder_name(spec: str) -> str:
    """A player's part of its lines' folders' names (``claims.line_folder``)."""
    if PLAIN_SPEC.fullmatch(spec):
        return spec
    plain = NOT_PLAIN.sub("_", spec).strip("_.")[:40]
    return f"{plain}-{hashlib.sha256(spec.encode()).hexdigest()[:12]}"


def line_path(out: Path, rules: Rules, line: Line, seed: int, games: int) -> Path:
    """Where a line's games are kept: the protocol table's folder, so that a line either
    script played serves the other (another player count is named after it)."""
    name = line_folder(rules.name, folder_name(line.player), folder_name(line.against), seed, games)
    count = "" if rules.players == PROTOCOL_PLAYERS else f"-p{rules.players}"
    return out / f"{name}{count}"


def play_line(
    rules: Rules,
    line: Line,
    games: int,
    seed: int,
    out: Path | None = None,
    workers: int = 1,
    scheduler: str | None = None,
) -> tuple[Report, list[GameRow]]:
    """A line's report and games: with ``out``, kept there (read back if finished, played on
    if stopped)."""
    if out is None:
        return run_tournament(rules, line.lineup, games, seed, workers, scheduler=scheduler)
    folder = line_path(out, rules, line, seed, games)
    return run_kept(rules, line.lineup, games, seed, folder, workers, scheduler)


def game_results(rows: Iterable[GameRow]) -> list[ratings.GameResult]:
    """Each game's players and places, seat by seat, as the fit reads them."""
    found = []
    for row in rows:
        colours = list(row["seats"])
        players = tuple(row["seats"][colour] for colour in colours)
        found.append(ratings.GameResult(players, tuple(row["places"][c] for c in colours)))
    return found


def rated_line(line: Line, report: Report) -> RatedLine:
    entry = report["entries"][0]  # the line's player: first in its line-up, seated once
    rated: RatedLine = {
        "player": line.player,
        "against": line.against,
        "games": entry["seat_games"],
        "wins": entry["wins"],
        "win_rate": entry["win_rate"],
        "ci95": entry["ci95"],
        "mean_place": entry["mean_place"],
    }
    if "faults" in entry:
        rated["faults"] = entry["faults"]
    return rated


def fitted(results: Sequence[ratings.GameResult], seed: int) -> list[Rated]:
    """Every player's rating, best first, its interval from ``RESAMPLES`` fits on games drawn
    again (the draws seeded by the run's ``seed``)."""
    return [
        {"player": r.player, "elo": r.elo, "low": r.low, "high": r.high, "games": r.games}
        for r in ratings.rate(results, resamples=RESAMPLES, seed=seed)
    ]
