"""Games kept as they finish. A tournament or simulation with ``--out DIR`` appends each batch
of finished games to ``DIR/partial.jsonl`` (its first line the run's settings and that it is
partial), so a run stopped part way loses at most a batch; ``--resume`` plays on from there.
Games are seeded by their index, so the resumed run plays the uninterrupted run's games and
makes its report (a run ``--until-decided`` replays the kept games through its test first, so
it decides at the same game). The file goes once the run is over and its report written."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from pegrace.errors import OptionError
from pegrace.readers import loads
from pegrace.simulate import GameSummary

PARTIAL = "partial.jsonl"
SAYS = "the games of a run stopped before its end: the same command with --resume plays on"
BATCHES = 20  # a kept run's batches: a stopped run loses at most one


class KeptGames:
    """``partial.jsonl`` of one run: ``add`` each batch as it finishes, ``finish`` at the end."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def start(
        cls, folder: Path, settings: dict[str, Any], resume: bool
    ) -> tuple[KeptGames, list[GameSummary]]:
        """The kept games of a run with ``settings``: those already played where ``resume``
        (the file must be this run's), else none and a new file."""
        path = folder / PARTIAL
        kept = cls(path)
        if resume:
            return kept, kept.read(settings)
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"partial": SAYS, "settings": settings}) + "\n")
        return kept, []

    def read(self, settings: dict[str, Any]) -> list[GameSummary]:
        if not self.path.is_file():
            raise OptionError(f"--resume: {self.path} does not exist: no stopped run to resume")
        with self.path.open() as lines:  # line by line: the file is not held whole
            try:
                found = loads(lines.readline()).get("settings")
            except (ValueError, AttributeError):
                found = None
            if not isinstance(found, dict):
                raise OptionError(f"--resume: {self.path} is not a stopped run's games")
            if found != settings:
                raise OptionError(
                    f"--resume: {self.path} was made by another run: "
                    f"{'; '.join(differences(found, settings))}"
                )
            games: list[GameSummary] = []
            for line in lines:
                try:
                    rows = json.loads(line)
                except json.JSONDecodeError:
                    break  # the last batch, cut off as the run stopped: played again
                games += [GameSummary(tuple(row[0]), *row[1:]) for row in rows]
        return games

    def add(self, games: Sequence[GameSummary]) -> None:
        """One batch, on disk before the run goes on."""
        with self.path.open("a") as out:
            out.write(json.dumps([list(game) for game in games]) + "\n")
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
            new = play(len(summaries), min(batch, games - len(summaries)))
            summaries += new
            self.add(new)
        return summaries

    def finish(self) -> None:
        self.path.unlink(missing_ok=True)


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
