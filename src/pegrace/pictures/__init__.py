"""Terminal pictures of a position, one drawer per game: the module its registry entry names.

Every drawer returns plain text; ``paint`` adds ANSI colour only when asked, so
the same picture serves a colour terminal, a pipe and a test. Pieces always
carry their colour's letter, so nobody needs to tell colours apart.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable

from pegrace.engine import Rules
from pegrace.games import entry
from pegrace.state import State

ANSI = {"red": "91", "yellow": "93", "green": "92", "blue": "94"}

Drawer = Callable[[Rules, State, bool], str]


def paint(text: str, colour: str | None, use_colour: bool, bold: bool = True) -> str:
    if not use_colour or colour not in ANSI:
        return text
    return f"\033[{'1;' if bold else ''}{ANSI[colour]}m{text}\033[0m"


ANSI_CODE = re.compile(r"\033\[[0-9;]*m")


def visible_len(text: str) -> int:
    """Length as shown on screen: colour codes take no room."""
    return len(ANSI_CODE.sub("", text))


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


def draw(rules: Rules, state: State, use_colour: bool = False) -> str:
    drawer: Drawer = importlib.import_module(entry(rules.name).picture).draw
    return drawer(rules, state, use_colour)
