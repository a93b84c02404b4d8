"""Games kept as they finish. A tournament with ``--out DIR`` appends each batch of finished
games to ``DIR/partial.jsonl`` (its first line the run's settings), so a run stopped part way
loses at most a batch; ``--resume`` plays on from there. Games are seeded by their index, so
the resumed run plays the uninterrupted run's games and makes its report. The file goes once
the run is over and its report written."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pegrace.errors import OptionError
from pegrace.readers import loads
from pegrace.simulate import GameSummary

PARTIAL = "partial.jsonl"
SAYS = "the games of a run stopped before its end: the same command with --resume plays on"


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
        if not self.path.exists():
            raise OptionError(f"--resume: {self.path} does not exist: no stopped run to resume")
        header, *batches = self.path.read_text().splitlines() or [""]
        try:
            found = loads(header).get("settings")
        except (ValueError, AttributeError):
            raise OptionError(f"--resume: {self.path} is not a stopped run's games") from None
        if found != settings:
            raise OptionError(f"--resume: {self.path} was made by another run ({found}), "
                              f"not this one ({settings})")  # fmt: skip
        games: list[GameSummary] = []
        for line in batches:
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

    def finish(self) -> None:
        self.path.unlink(missing_ok=True)
