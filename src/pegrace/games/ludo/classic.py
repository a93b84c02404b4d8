"""Ludo ``variant=classic``: one die, blocks, safe squares, a 6 rolls again."""

from __future__ import annotations

from pegrace.dice import D6
from pegrace.games.ludo.common import Ludo


class ClassicLudo(Ludo):
    """Classic one-die Ludo: blocks, safe squares, a 6 rolls again (third 6 forfeited)."""

    def setup(self) -> None:
        self.dice = D6
        self._build("home")
