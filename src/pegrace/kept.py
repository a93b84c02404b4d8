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
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, BinaryIO

from pegrace.errors import OptionError, saying, system_words
from pegrace.games import get_rules
from pegrace.i18n import N_, Arg, Said, said, said_c, said_n
from pegrace.outputs import check_file
from pegrace.provenance import weights_checksums
from pegrace.readers import RESUME_FILE, checked_json, open_regular
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
            # TRANSLATORS: --resume is an option, as typed; {path} a file's path
            none = said(
                "--resume: {path} does not exist: no stopped run to resume", path=str(self.path)
            )
            raise saying(OptionError, none)
        with open_regular(self.path, RESUME_FILE, OptionError) as lines:
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
            # TRANSLATORS: --resume is an option, as typed; {path} a file's path
            other = said("--resume: {path} is not a stopped run's games", path=str(self.path))
            raise saying(OptionError, other)
        if found != settings:
            # TRANSLATORS: --resume is an option, as typed; {path} a file's path; {differences}
            # the settings that differ ("seed 3 (this run: 4); games 60 (this run: 80)")
            another = said(
                "--resume: {path} was made by another run: {differences}",
                path=str(self.path),
                differences=_listed(list(differences(found, settings))),
            )
            raise saying(OptionError, another)

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
            # TRANSLATORS: where in a file a problem is, before what it is ("--resume: x.jsonl
            # line 3: ..."); --resume is an option, as typed; {path} a file's path
            where = said("--resume: {path} line {line}", path=str(self.path), line=number)
            if not line.endswith(b"\n"):
                if len(line) > longest:
                    # TRANSLATORS: {where} is where in a file ("--resume: x.jsonl line 3")
                    long = said(
                        "{where} is longer than any batch of this run: not read", where=where
                    )
                    raise saying(OptionError, long)
                return games, (whole if line else None)  # cut off as the run stopped, or none
            batch = checked_json(line, where, OptionError)
            games += _batch(batch, where, settings["seed"], len(games), seats)
            if len(games) > most:
                raise saying(OptionError, _too_many(where, len(games), most))
            whole += len(line)

    def _cut_at(self, whole: int) -> None:
        """The file cut back to its whole lines: the next batch starts a line of its own."""
        try:
            os.truncate(self.path, whole)
        except OSError as err:
            # TRANSLATORS: --resume is an option, as typed; {path} a file's path; {problem} the
            # system's words for what went wrong
            uncut = said(
                "--resume: {path}: cannot cut off its half-written last batch ({problem})",
                path=str(self.path),
                problem=system_words(err),
            )
            raise saying(OptionError, uncut) from None

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


def _too_many(where: Said, kept: int, most: int) -> Said:
    # TRANSLATORS: {where} is where in a file ("--resume: x.jsonl line 3"); {most} a number
    return said_n(
        "{where}: {count} game kept, the run plays {most}",
        "{where}: {count} games kept, the run plays {most}",
        kept,
        where=where,
        most=most,
    )


def _batch(found: Any, where: Said, seed: int, first: int, seats: int) -> list[GameSummary]:
    """A batch's games, checked: the run's ``seed``, its first game ``first`` (the one after
    those before it), each game a kept game of ``seats`` seats."""
    if not isinstance(found, dict) or set(found) != {"seed", "first", "games"}:
        # TRANSLATORS: {where} is where in a file ("--resume: x.jsonl line 3"); {fields} a
        # batch's fields, as typed; --resume an option, as typed
        unknown = said(
            "{where} is not a batch of kept games ({fields}): edited, or kept by an older "
            "pegrace (run it again without --resume)",
            where=where,
            fields='{"seed", "first", "games"}',
        )
        raise saying(OptionError, unknown)
    if type(found["seed"]) is not int or found["seed"] != seed:
        # TRANSLATORS: {where} is where in a file ("--resume: x.jsonl line 3"); {found} the
        # seed there, as written in it; {seed} a number
        other = said(
            "{where}: games of seed {found}, not this run's {seed}",
            where=where,
            found=format(repr(found["seed"]), ".40"),
            seed=seed,
        )
        raise saying(OptionError, other)
    if found["first"] != first or type(found["first"]) is not int:
        raise saying(OptionError, _out_of_order(where, found["first"], first))
    rows = found["games"]
    if not isinstance(rows, list) or not rows:
        # TRANSLATORS: {where} is where in a file ("--resume: x.jsonl line 3")
        raise saying(OptionError, said("{where}: its games are not a list of games", where=where))
    games = []
    for index, row in enumerate(rows):
        # TRANSLATORS: where in a file a game is ("--resume: x.jsonl line 3: game 7"); {game}
        # a number
        at = said("{where}: game {game}", where=where, game=first + index)
        games.append(_game(row, at, seats))
    return games


def _out_of_order(where: Said, said_first: Any, first: int) -> Said:
    """Why a batch whose first game is ``said_first`` is not the next, ``first``, in words."""
    if type(said_first) is not int:
        # TRANSLATORS: {where} is where in a file ("--resume: x.jsonl line 3"); {found} what
        # it says, as written in it
        return said(
            "{where}: its first game {found} is not a game's index",
            where=where,
            found=format(repr(said_first), ".40"),
        )
    if said_first < first:
        # TRANSLATORS: {where} is where in a file ("--resume: x.jsonl line 3"); {game} and
        # {last} are numbers
        return said(
            "{where}: game {game} is kept twice (games 0 to {last} came before)",
            where=where,
            game=said_first,
            last=first - 1,
        )
    # TRANSLATORS: {where} is where in a file ("--resume: x.jsonl line 3"); {first} and {last}
    # are numbers
    return said(
        "{where}: games {first} to {last} are missing",
        where=where,
        first=first,
        last=said_first - 1,
    )


# what a kept game's each field must be, whole sentences (N_: said when one is not)
# TRANSLATORS: {where} is where a game is ("--resume: x.jsonl line 3: game 7"); {least} and
# {most} are numbers; {found} what the file holds, as written in it
A_PLACE = N_("{where}: a place must be a whole number {least}..{most}, not {found}")
# TRANSLATORS: {where} is where a game is ("--resume: x.jsonl line 3: game 7"); {least} and
# {most} are numbers; {found} what the file holds, as written in it
TURNS = N_("{where}: its turns must be a whole number {least}..{most}, not {found}")
# TRANSLATORS: {where} is where a game is ("--resume: x.jsonl line 3: game 7"); {least} and
# {most} are numbers; {found} what the file holds, as written in it
ROLLS = N_("{where}: its rolls must be a whole number {least}..{most}, not {found}")
# TRANSLATORS: {where} is where a game is ("--resume: x.jsonl line 3: game 7"); {least} and
# {most} are numbers; {found} what the file holds, as written in it
STARTER = N_("{where}: its starting seat must be a whole number {least}..{most}, not {found}")
# TRANSLATORS: {where} is where a game is ("--resume: x.jsonl line 3: game 7"); {least} and
# {most} are numbers; {found} what the file holds, as written in it
CAPTURES = N_("{where}: its captures must be a whole number {least}..{most}, not {found}")
# TRANSLATORS: {where} is where a game is ("--resume: x.jsonl line 3: game 7"); {least} and
# {most} are numbers; {found} what the file holds, as written in it
LEAD_CHANGES = N_("{where}: its lead changes must be a whole number {least}..{most}, not {found}")
# TRANSLATORS: {where} is where a game is ("--resume: x.jsonl line 3: game 7"); {least} and
# {most} are numbers; {found} what the file holds, as written in it; a fault: an answer of a
# player from outside pegrace that could not be played
FAULTS = N_("{where}: its faults must be whole numbers {least}..{most}, not {found}")


def _game(row: Any, where: Said, seats: int) -> GameSummary:
    """A kept game (``list(GameSummary)``), each field checked."""
    if not isinstance(row, list) or len(row) != len(GameSummary._fields):
        fields = ", ".join(GameSummary._fields)
        # TRANSLATORS: {where} is where a game is ("--resume: x.jsonl line 3: game 7");
        # {fields} a kept game's fields, as typed
        unknown = said("{where} is not a kept game ({fields})", where=where, fields=fields)
        raise saying(OptionError, unknown)
    places, turns, rolls, starter, captures, lead_changes, half_leader_won, faults = row
    if not isinstance(places, list) or len(places) != seats:
        # TRANSLATORS: {where} is where a game is ("--resume: x.jsonl line 3: game 7")
        placeless = said_n(
            "{where}: its places are not a list of {count} place",
            "{where}: its places are not a list of {count} places",
            seats,
            where=where,
        )
        raise saying(OptionError, placeless)
    for place in places:
        _whole(place, 1, seats, where, A_PLACE)
    _whole(turns, 0, COUNT_MOST, where, TURNS)
    _whole(rolls, 0, COUNT_MOST, where, ROLLS)
    _whole(starter, 0, seats - 1, where, STARTER)
    for count, sentence in ((captures, CAPTURES), (lead_changes, LEAD_CHANGES)):
        if count is not None:
            _whole(count, 0, COUNT_MOST, where, sentence)
    if half_leader_won is not None and not isinstance(half_leader_won, bool):
        # TRANSLATORS: {where} is where a game is ("--resume: x.jsonl line 3: game 7"); true,
        # false and null are JSON's words, as typed
        unsure = said(
            "{where}: whether the half-time leader won is not true, false or null", where=where
        )
        raise saying(OptionError, unsure)
    if faults is not None:
        if not isinstance(faults, list) or len(faults) != seats:
            # TRANSLATORS: {where} is where a game is ("--resume: x.jsonl line 3: game 7")
            unfaulted = said("{where}: its faults are not a list, one a seat", where=where)
            raise saying(OptionError, unfaulted)
        for count in faults:
            _whole(count, 0, COUNT_MOST, where, FAULTS)
    return GameSummary(
        tuple(places), turns, rolls, starter, captures, lead_changes, half_leader_won,
        None if faults is None else tuple(faults),
    )  # fmt: skip


def _whole(found: Any, least: int, most: int, where: Said, sentence: str) -> None:
    """``found``, a whole number ``least``..``most``; else ``sentence`` (a message id) says
    it is not."""
    if type(found) is not int or not least <= found <= most:
        refused = Said(
            sentence,
            (("where", where), ("least", least), ("most", most), ("found", f"{found!r:.40}")),
        )
        raise saying(OptionError, refused)


def check_made_by(path: Path, report: Mapping[str, Any], settings: Mapping[str, Any]) -> None:
    """A finished run's ``report`` (in ``path``), played by the core ``settings`` name and
    the learned values shipped here: another could play other games from the same seeds, so
    the two are never mixed. (Its pegrace version may differ, as a commit of the docs alone
    makes it: the games are the core's.)"""
    core = report.get("core")
    found = {
        "core": core.get("source") if isinstance(core, dict) else core,
        "learned_values_sha256": report.get("learned_values_sha256"),
    }
    wanted = {"core": settings["core"], "learned_values_sha256": weights_checksums()}
    if found != wanted:
        # TRANSLATORS: {path} is a file's path; {differences} the builds that differ
        # ('core "0123456789ab" (this run: "456789abcdef")'); --out is an option, as typed
        other = said(
            "{path} was played by another core or other learned values: {differences}; play "
            "its games again in another --out folder",
            path=str(path),
            differences=_listed(list(differences(found, wanted))),
        )
        raise saying(OptionError, other)


def differences(found: dict[str, Any], wanted: dict[str, Any], within: str = "") -> Iterator[Said]:
    """Each setting where the kept run (``found``) and this one (``wanted``) differ, in words:
    ``seed 3 (this run: 4)``; a setting of settings by its dotted name (``seats.red``)."""
    for key in dict.fromkeys([*wanted, *found]):
        theirs, ours = found.get(key), wanted.get(key)
        if theirs == ours:
            continue
        if isinstance(theirs, dict) and isinstance(ours, dict):
            yield from differences(theirs, ours, f"{within}{key}.")
        else:
            # TRANSLATORS: a setting a stopped run and this one differ in: {setting} its name,
            # {found} the stopped run's value, {wanted} this run's, as written in JSON (or
            # "none")
            yield said(
                "{setting} {found} (this run: {wanted})",
                setting=within + str(key),
                found=_setting(theirs),
                wanted=_setting(ours),
            )


def _setting(value: Any) -> Arg:
    """A setting's value as JSON writes it, or none."""
    # TRANSLATORS: a run's setting that another run has not ("lineup [...] (this run: none)")
    return json.dumps(value) if value is not None else said_c("a run's setting", "none")


def _listed(items: list[Said]) -> Said:
    """Differences listed: ``seed 3 (this run: 4); games 60 (this run: 80)``."""
    found = items[0]
    for item in items[1:]:
        # TRANSLATORS: a run's settings that differ from this run's, one more added at the
        # end ("seed 3 (this run: 4); games 60 (this run: 80)")
        found = said("{differences}; {difference}", differences=found, difference=item)
    return found
