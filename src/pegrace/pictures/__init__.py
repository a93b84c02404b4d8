"""Terminal pictures of a position, one drawer per game: its package's ``picture`` module
(pegrace/games/<game>/picture.py); what the drawers share is here.

Every drawer returns plain text; ``paint`` adds ANSI colour only when asked, so
the same picture serves a colour terminal, a pipe and a test. Pieces always
carry their colour's letter, so nobody needs to tell colours apart. Every drawer
draws a small picture (for 80x24) and, asked for ``big``, one with wider cells and
the rows of its grid two apart, for a terminal that has the room.

The words on a picture are in the person's language (pegrace.i18n), measured in the
terminal's columns: a word longer than its room on the board is cut to fit (``clip``), so
that the board keeps its shape in every language; the ? guide says everything in full.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping

from pegrace.cells import cell_len, set_cell_size
from pegrace.engine import Rules
from pegrace.games import entry
from pegrace.state import State

ANSI = {"red": "91", "yellow": "93", "green": "92", "blue": "94"}

Drawer = Callable[[Rules, State, bool, bool], str]


def paint(text: str, colour: str | None, use_colour: bool, bold: bool = True) -> str:
    if not use_colour or colour not in ANSI:
        return text
    return f"\033[{'1;' if bold else ''}{ANSI[colour]}m{text}\033[0m"


ANSI_CODE = re.compile(r"\033\[[0-9;]*m")


def visible_len(text: str) -> int:
    """Columns taken on screen: colour codes take none (nor do a script's combining marks)."""
    return cell_len(ANSI_CODE.sub("", text))


def clip(text: str, room: int) -> str:
    """Plain ``text`` (no colour codes) cut to at most ``room`` columns on screen."""
    return text if cell_len(text) <= room else set_cell_size(text, max(0, room))


def fit_words(words: list[str], room: int) -> list[str]:
    """``words`` (plain text) sharing ``room`` columns: the shorter ones whole where they fit
    their share, the longer cut to share what those leave."""
    fitted, left = list(words), room
    by_length = sorted(range(len(words)), key=lambda i: cell_len(words[i]))
    for done, index in enumerate(by_length):
        fitted[index] = clip(words[index], left // (len(words) - done))
        left -= cell_len(fitted[index])
    return fitted


def ring_cell(index: int, side: int) -> tuple[int, int]:
    """Row and column of loop space ``index`` on a square ring of ``side`` cells a side
    (0 top-left, clockwise; the corners are shared, so the loop has 4 * (side - 1) spaces)."""
    last = side - 1
    if index < last:
        return 0, index
    if index < 2 * last:
        return index - last, last
    if index < 3 * last:
        return last, last - (index - 2 * last)
    return last - (index - 3 * last), 0


def letter(colour: str) -> str:
    return colour[0].upper()


def cell(text: str, width: int) -> str:
    """``text`` centred in a cell ``width`` columns wide."""
    return f"{text:^{width}}"


def lay_out(
    grid: list[list[str]], width: int, step: int, over: Mapping[int, str], span: tuple[int, int]
) -> list[str]:
    """A grid of cells (each ``width`` columns on screen, painted or not) as rows of text, its
    rows ``step`` apart (blank rows between them), and on each row ``over`` names (counted
    from the first, blank ones too) its text in place of the cells from column ``span[0]`` to
    ``span[1]``."""
    first, last = span
    room = (last - first + 1) * width
    rows = []
    for y in range((len(grid) - 1) * step + 1):
        row, between = divmod(y, step)
        cells = [" " * width] * len(grid[0]) if between else list(grid[row])
        if y in over:
            cells[first : last + 1] = [over[y] + " " * max(room - visible_len(over[y]), 0)]
        rows.append("".join(cells))
    return rows


def numbered_ring(body: list[str], side: int, width: int, step: int) -> list[str]:
    """The rows of a square ring drawn by ``lay_out`` (clockwise from the top-left corner,
    ``side`` cells a side) with its space numbers round it: above and below, and at either
    side of each row of cells."""
    last = side - 1
    lines = [("     " + "".join(cell(str(i), width) for i in range(side))).rstrip()]
    for y, text in enumerate(body):
        row, between = divmod(y, step)
        edge = 0 < row < last and not between
        left = f"{(4 * last - row) % (4 * last):>3}  " if edge else "     "
        lines.append((left + text + (f"  {last + row}" if edge else "")).rstrip())
    footer = "".join(cell(str(3 * last - i), width) for i in range(side))
    return [*lines, ("     " + footer).rstrip()]


def pair(left: str, right: str, column: int = 30) -> str:
    """Two labels on one line, indented by two, the right one ``column`` further on (ANSI
    codes take no room on screen, so they do not count towards the padding)."""
    hidden = len(left) - visible_len(left)
    return f"  {left:<{column + hidden}}{right}".rstrip()


def draw(rules: Rules, state: State, use_colour: bool = False, big: bool = False) -> str:
    """The game's picture of ``state``: the small one, or the big one if ``big``."""
    drawer: Drawer = importlib.import_module(entry(rules.name).picture).draw
    return drawer(rules, state, use_colour, big)
