"""Games kept as they finish. A tournament or simulation with ``--out DIR`` appends each batch
of finished games to ``DIR/partial.jsonl`` (its first line the run's settings and that it is
partial), so a run stopped part way loses at most a batch; ``--resume`` plays on from there.
Games are seeded by their index, so the resumed run plays the uninterrupted run's games and
makes its report (a run ``--until-decided`` replays the kept games through its test first, so
it decides at the same game). The file goes once the run is over and its report written.

Each batch's line says whose games it holds (the run's seed, its first game's index), so that
``--resume`` takes only this run's games, each once, in order and no more than the run asks
for, and every game is checked field by field: a file edited, damaged or put together from
other runs is one error naming the file and the line, never a traceback or a report of games
the run did not play."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, BinaryIO

from pegrace.errors import OptionError
from pegrace.games import get_rules
from pegrace.outputs import check_file
from pegrace.readers import checked_json, open_regular
from pegrace.simulate import GameSummary

PARTIAL = "partial.jsonl"
SAYS = "the games of a run stopped before its end: the same command with --resume plays on"
BATCHES = 20  # a kept run's batches: a stopped run loses at most one
HEADER_BYTES = 1024 * 1024  # the most the settings' line is read to (they take far less)
GAME_BYTES = 256  # the most a kept game takes on its line (it takes under a hundred bytes)
COUNT_MOST = 2**32 - 1  # a game's turns, rolls, captures or lead changes (the core's counters)


class KeptGames:
    """``partial.jsonl`` of one run: ``add`` each batch as it finishes, ``finish`` at the end.
    ``seed``, the run's, goes with each batch (a ``KeptGames`` made only to ``finish`` needs
    none)."""

    def __init__(self, path: Path, seed: int | None = None) -> None:
        self.path = path
        self.seed = seed

    @classmethod
    def start(
        cls, folder: Path, settings: dict[str, Any], resume: bool
    ) -> tuple[KeptGames, list[GameSummary]]:
        """The kept games of a run with ``settings`` (its ``seed`` and ``games`` among them):
        those already played where ``resume`` (the file must be this run's), else none and a
        new file."""
        path = folder / PARTIAL
        kept = cls(path, settings["seed"])
        if resume:
            return kept, kept.read(settings)
        folder.mkdir(parents=True, exist_ok=True)
        check_file(path, "--out")  # a FIFO there would wait for a reader for ever
        path.write_text(json.dumps({"partial": SAYS, "settings": settings}) + "\n")
        return kept, []

    def read(self, settings: dict[str, Any]) -> list[GameSummary]:
        """The games kept by the run of ``settings``. A last line cut off as the run stopped
        (no line end) is cut from the file: its games are played again."""
        if not self.path.exists():
            raise OptionError(f"--resume: {self.path} does not exist: no stopped run to resume")
        with open_regular(self.path, "--resume file", OptionError) as lines:
            self._check_settings(lines.readline(HEADER_BYTES), settings)
            games, whole = self._read_games(lines, settings)
        if whole is not None:
            self._cut_at(whole)
        return games

    def _check_settings(self, line: bytes, settings: dict[str, Any]) -> None:
        try:
            found = checked_json(line, str(self.path), OptionError).get("settings")
        except (OptionError, AttributeError):
            found = None
        if not isinstance(found, dict):
            raise OptionError(f"--resume: {self.path} is not a stopped run's games")
        if found != settings:
            raise OptionError(
                f"--resume: {self.path} was made by another run: "
                f"{'; '.join(differences(found, settings))}"
            )

    def _read_games(
        self, lines: BinaryIO, settings: dict[str, Any]
    ) -> tuple[list[GameSummary], int | None]:
        """The games on the lines after the settings' (line by line: the file is not held
        whole), and where the whole lines end if the last one was cut off (else None)."""
        seats = len(get_rules(settings["game"], settings["players"], settings["options"]).colours)
        most = settings["games"]
        longest = GAME_BYTES * (most + 1)  # a batch of every game the run plays, and more
        games: list[GameSummary] = []
        whole, number = lines.tell(), 1
        while True:  # each line holds a game at least, and more games than the run's stop it
            line, number = lines.readline(longest + 1), number + 1
            where = f"--resume: {self.path} line {number}"
            if not line.endswith(b"\n"):
                if len(line) > longest:
                    raise OptionError(f"{where} is longer than any batch of this run: not read")
                return games, (whole if line else None)  # cut off as the run stopped, or none
            batch = checked_json(line, where, OptionError)
            games += _batch(batch, where, settings["seed"], len(games), seats)
            if len(games) > most:
                raise OptionError(f"{where}: {len(games):,} games kept, the run plays {most:,}")
            whole += len(line)

    def _cut_at(self, whole: int) -> None:
        """The file cut back to its whole lines: the next batch starts a line of its own."""
        try:
            os.truncate(self.path, whole)
        except OSError as err:
            raise OptionError(
                f"--resume: {self.path}: cannot cut off its half-written last batch "
                f"({err.strerror})"
            ) from None

    def add(self, first: int, games: Sequence[GameSummary]) -> None:
        """One batch, games ``first`` onwards, on disk before the run goes on."""
        if not games:
            return  # a line holds a game at least
        batch = {"seed": self.seed, "first": first, "games": [list(game) for game in games]}
        with self.path.open("a") as out:
            out.write(json.dumps(batch) + "\n")
            out.flush()
            os.fsync(out.fileno())

    def play_on(
        self,
        games: int,
        done: Sequence[GameSummary],
        least: int,
        play: Callable[[int, int], list[GameSummary]],
    ) -> list[GameSummary]:
        """Games ``len(done) .. games-1`` after ``done``, ``play(first, count)`` a batch at a
        time (a ``BATCHES``-th of the run, at least ``least`` games), each kept as it finishes."""
        summaries = list(done)
        batch = max(least, -(-games // BATCHES))
        while len(summaries) < games:
            first = len(summaries)
            new = play(first, min(batch, games - first))
            summaries += new
            self.add(first, new)
        return summaries

    def finish(self) -> None:
        self.path.unlink(missing_ok=True)


def _batch(found: Any, where: str, seed: int, first: int, seats: int) -> list[GameSummary]:
    """A batch's games, checked: the run's ``seed``, its first game ``first`` (the one after
    those before it), each game a kept game of ``seats`` seats."""
    if not isinstance(found, dict) or set(found) != {"seed", "first", "games"}:
        raise OptionError(
            f'{where} is not a batch of kept games ({{"seed", "first", "games"}}): '
            "edited, or kept by an older pegrace (run it again without --resume)"
        )
    if type(found["seed"]) is not int or found["seed"] != seed:
        raise OptionError(f"{where}: games of seed {found['seed']!r:.40}, not this run's {seed}")
    if found["first"] != first or type(found["first"]) is not int:
        raise OptionError(f"{where}: {_out_of_order(found['first'], first)}")
    rows = found["games"]
    if not isinstance(rows, list) or not rows:
        raise OptionError(f"{where}: its games are not a list of games")
    return [_game(row, f"{where}: game {first + i}", seats) for i, row in enumerate(rows)]


def _out_of_order(said: Any, first: int) -> str:
    """Why a batch's first game ``said`` is not the next game, ``first``, in words."""
    if type(said) is not int:
        return f"its first game {said!r:.40} is not a game's index"
    if said < first:
        return f"game {said} is kept twice (games 0 to {first - 1} came before)"
    return f"games {first} to {said - 1} are missing"


def _game(row: Any, where: str, seats: int) -> GameSummary:
    """A kept game (``list(GameSummary)``), each field checked."""
    if not isinstance(row, list) or len(row) != len(GameSummary._fields):
        raise OptionError(f"{where} is not a kept game ({', '.join(GameSummary._fields)})")
    places, turns, rolls, starter, captures, lead_changes, half_leader_won = row
    if not isinstance(places, list) or len(places) != seats:
        raise OptionError(f"{where}: its places are not a list of {seats} places")
    for place in places:
        _whole(place, 1, seats, where, "a place")
    _whole(turns, 0, COUNT_MOST, where, "its turns")
    _whole(rolls, 0, COUNT_MOST, where, "its rolls")
    _whole(starter, 0, seats - 1, where, "its starting seat")
    for count, name in ((captures, "its captures"), (lead_changes, "its lead changes")):
        if count is not None:
            _whole(count, 0, COUNT_MOST, where, name)
    if half_leader_won is not None and not isinstance(half_leader_won, bool):
        raise OptionError(f"{where}: whether the half-time leader won is not true, false or null")
    return GameSummary(
        tuple(places), turns, rolls, starter, captures, lead_changes, half_leader_won
    )


def _whole(found: Any, least: int, most: int, where: str, name: str) -> None:
    if type(found) is not int or not least <= found <= most:
        raise OptionError(
            f"{where}: {name} must be a whole number {least}..{most}, not {found!r:.40}"
        )


def differences(found: dict[str, Any], wanted: dict[str, Any], within: str = "") -> Iterator[str]:
    """Each setting where the kept run (``found``) and this one (``wanted``) differ, in words:
    ``seed 3 (this run: 4)``; a setting of settings by its dotted name (``seats.red``)."""
    for key in dict.fromkeys([*wanted, *found]):
        theirs, ours = found.get(key), wanted.get(key)
        if theirs == ours:
            continue
        if isinstance(theirs, dict) and isinstance(ours, dict):
            yield from differences(theirs, ours, f"{within}{key}.")
        else:
            shown = [json.dumps(v) if v is not None else "none" for v in (theirs, ours)]
            yield f"{within}{key} {shown[0]} (this run: {shown[1]})"
