"""Marbles' board in the terminal: the 56-space loop as a square ring (space numbers
round the edge, each colour's start on a corner), each Home running diagonally in
from the corner (entered from the space before the start), the bases inside the ring
(red's and yellow's above the middle, blue's and green's below)."""

from __future__ import annotations

from pegrace.engine import Rules
from pegrace.i18n import fill, gettext, say
from pegrace.pictures import (
    cell,
    clip,
    lay_out,
    letter,
    numbered_ring,
    paint,
    ring_cell,
    visible_len,
)
from pegrace.race import RaceRules
from pegrace.state import State
from pegrace.terminal_words import colour_words

SIDE = 15  # spaces per side of the square ring, corners shared: 4 * (15 - 1) = 56
LAST = SIDE - 1
MIDDLE = LAST // 2
CORNERS = {"red": (0, 0), "yellow": (0, LAST), "green": (LAST, LAST), "blue": (LAST, 0)}
# the rows of the ring's grid each base is listed on (between the Homes), and on which side
BASE_ROWS = {"red": (MIDDLE - 2, "<"), "yellow": (MIDDLE - 1, ">"),
             "blue": (MIDDLE + 1, "<"), "green": (MIDDLE + 2, ">")}  # fmt: skip


def home_cell(colour: str, slot: int) -> tuple[int, int]:
    """Home space ``slot`` (1..4) runs diagonally inward from the colour's corner."""
    row, col = CORNERS[colour]
    return abs(row - slot), abs(col - slot)


def draw(rules: Rules, state: State, use_colour: bool, big: bool = False) -> str:
    assert isinstance(rules, RaceRules)
    width, step = (5, 2) if big else (3, 1)
    war = rules.options.get("mode") == "war"
    grid = [[cell("", width)] * SIDE for _ in range(SIDE)]
    for index in range(rules.track.loop_length):
        row, col = ring_cell(index, SIDE)
        grid[row][col] = cell("·", width)
    inside: dict[int, str] = {}
    room = (LAST - 1) * width
    for seat, colour in enumerate(rules.colours):
        row, col = ring_cell(rules.track.starts[colour], SIDE)
        grid[row][col] = paint(cell(colour[0], width), colour, use_colour, bold=False)
        if not war:
            for slot in range(1, rules.track.lane_length + 1):
                row, col = home_cell(colour, slot)
                grid[row][col] = paint(cell(f"{colour[0]}{slot}", width), colour, use_colour, False)
        mark = paint(cell(f"[{letter(colour)}]", width), colour, use_colour)
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
        # TRANSLATORS: on the terminal's Marbles board, where a colour's marbles wait ("red
        # base RRRR"): short
        named = fill(gettext("{colour} base"), colour=say(colour_words(colour)))
        # TRANSLATORS: on the terminal's Marbles board, how many marbles War removed: short
        gone = " " + fill(gettext("removed:{count}"), count=removed) if removed else ""
        marbles = (
            paint(letter(colour) * in_base, colour, use_colour)
            + "·" * (rules.pieces_per_colour - in_base - removed)
            + gone
        )
        base = f"{clip(named, room - visible_len(marbles) - 3)} {marbles}"
        row, side = BASE_ROWS[colour]
        pad = " " * (1 if side == "<" else room - visible_len(base) - 1)
        inside[row * step] = pad + base
    roll = "" if state.roll is None else str(state.roll)
    grid[MIDDLE][MIDDLE - 1 : MIDDLE + 2] = [cell("(", width), cell(roll, width), cell(")", width)]
    body = lay_out(grid, width, step, inside, (1, LAST - 1))
    return "\n".join(numbered_ring(body, SIDE, width, step))
