"""Marbles' board in the terminal: the 56-space loop as a square ring (space numbers
round the edge, each colour's start on a corner), each Home running diagonally in
from the corner (entered from the space before the start), bases above and below."""

from __future__ import annotations

from pegrace.engine import Rules
from pegrace.pictures import letter, paint, ring_cell, visible_len
from pegrace.race import RaceRules
from pegrace.state import State

SIDE = 15  # spaces per side of the square ring, corners shared: 4 * (15 - 1) = 56
LAST = SIDE - 1
CORNERS = {"red": (0, 0), "yellow": (0, LAST), "green": (LAST, LAST), "blue": (LAST, 0)}


def home_cell(colour: str, slot: int) -> tuple[int, int]:
    """Home space ``slot`` (1..4) runs diagonally inward from the colour's corner."""
    row, col = CORNERS[colour]
    return abs(row - slot), abs(col - slot)


def draw(rules: Rules, state: State, use_colour: bool) -> str:
    assert isinstance(rules, RaceRules)
    war = rules.options.get("mode") == "war"
    grid = [["   "] * SIDE for _ in range(SIDE)]
    for index in range(rules.track.loop_length):
        row, col = ring_cell(index, SIDE)
        grid[row][col] = " · "
    bases: dict[str, str] = {}
    for seat, colour in enumerate(rules.colours):
        row, col = ring_cell(rules.track.board.starts[colour], SIDE)
        grid[row][col] = paint(f" {colour[0]} ", colour, use_colour, bold=False)
        if not war:
            for slot in range(1, rules.track.lane_length + 1):
                row, col = home_cell(colour, slot)
                grid[row][col] = paint(f"{colour[0]}{slot} ", colour, use_colour, bold=False)
        mark = paint(f"[{letter(colour)}]", colour, use_colour)
        in_base = removed = 0
        for p in state.pieces[seat]:
            if p == -1:
                in_base += 1
            elif p < -1:
                removed += 1
            elif p >= rules.lane_start:
                row, col = home_cell(colour, p - rules.lane_start + 1)
                grid[row][col] = mark
            else:
                row, col = ring_cell(rules.abs_of[seat][p], SIDE)
                grid[row][col] = mark
        bases[colour] = (
            f"{colour} base "
            + paint(letter(colour) * in_base, colour, use_colour)
            + "·" * (rules.pieces_per_colour - in_base - removed)
            + (f" removed:{removed}" if removed else "")
        )
    roll = "   " if state.roll is None else f" {state.roll} "
    grid[LAST // 2][LAST // 2 - 1] = "  ("
    grid[LAST // 2][LAST // 2] = roll
    grid[LAST // 2][LAST // 2 + 1] = ")  "
    lines = ["     " + "".join(f"{i:^3}" for i in range(SIDE))]
    for row in range(SIDE):
        left = f"{(4 * LAST - row) % (4 * LAST):>3}  " if 0 < row < LAST else "     "
        right = f"  {LAST + row}" if 0 < row < LAST else ""
        lines.append(left + "".join(grid[row]) + right)
    lines.append("     " + "".join(f"{3 * LAST - i:^3}" for i in range(SIDE)))
    top = _pair(bases.get("red", ""), bases.get("yellow", ""))
    bottom = _pair(bases.get("blue", ""), bases.get("green", ""))
    return "\n".join([top, *lines, bottom])


def _pair(left: str, right: str) -> str:
    """Two base labels on one line, the right one in a fixed column (ANSI codes take
    no room on screen, so they do not count towards the padding)."""
    hidden = len(left) - visible_len(left)
    return f"  {left:<{30 + hidden}}{right}".rstrip()
