"""How many cells of a terminal a text takes, as terminals count them.

Rich lays out the terminal's screen (screen.py) and pictures (pictures/) with width tables made
from the wcwidth project, which count a spacing mark (Unicode category Mc: Devanagari's vowel
signs ा ि ी ो, its visarga ः) no cell at all. glibc's wcwidth, and with it tmux, screen, xterm,
GNOME's VTE and the Linux console, counts one: a Hindi line Rich measured 80 cells wide takes
more in the terminal, wraps, and pushes the screen up. Importing this module makes Rich count
as the terminals do; every module that lays out terminal text imports ``cell_len`` from here.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import lru_cache

from rich import cells, segment

_RICH_SIZE: Callable[..., int] = getattr(
    cells.get_character_cell_size, "_pegrace_rich", cells.get_character_cell_size
)


@lru_cache(maxsize=4096)
def character_cells(character: str, unicode_version: str = "auto") -> int:
    """A character's cells: Rich's, but a spacing mark takes one."""
    if unicodedata.category(character) == "Mc":
        return 1
    return _RICH_SIZE(character, unicode_version)


character_cells._pegrace_rich = _RICH_SIZE  # type: ignore[attr-defined]
# Rich looks its width function up by name at each call, in these two modules
cells.get_character_cell_size = character_cells
segment.get_character_cell_size = character_cells  # type: ignore[attr-defined]
cells.cached_cell_len.cache_clear()  # anything measured before, measured again

cell_len = cells.cell_len
set_cell_size = cells.set_cell_size
