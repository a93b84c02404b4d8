"""Trouble's board in the terminal: the 28-space loop as a square ring (space
numbers round the edge), finish lanes and the dome inside, homes at the corners."""

from __future__ import annotations

from pegrace.engine import Rules
from pegrace.pictures import letter, paint, ring_cell, visible_len
from pegrace.race import RaceRules
from pegrace.state import State

SIDE = 8  # spaces per side of the square ring, corners shared: 4 * (8 - 1) = 28


def draw(rules: Rules, state: State, use_colour: bool) -> str:
    assert isinstance(rules, RaceRules)
    starts = {rules.track.board.starts[c]: c for c in rules.colours}
    grid = [["   "] * SIDE for _ in range(SIDE)]
    for index in range(rules.track.loop_length):
        row, col = ring_cell(index, SIDE)
        start = starts.get(index)
        grid[row][col] = paint(f" {start[0]} ", start, use_colour, bold=False) if start else " · "
    lane_rows: list[str] = []
    homes: dict[str, str] = {}
    for seat, colour in enumerate(rules.colours):
        mark = paint(f"[{letter(colour)}]", colour, use_colour)
        slots = ["·"] * rules.track.lane_length
        at_home = 0
        for p in state.pieces[seat]:
            if p < 0:
                at_home += 1
            elif p >= rules.lane_start:
                slots[p - rules.lane_start] = paint(letter(colour), colour, use_colour)
            else:
                row, col = ring_cell(rules.abs_of[seat][p], SIDE)
                grid[row][col] = mark
        lane_rows.append(f"{paint(letter(colour), colour, use_colour)} finish {' '.join(slots)}")
        homes[colour] = (
            f"{colour} home "
            + paint(letter(colour) * at_home, colour, use_colour)
            + "·" * (rules.pieces_per_colour - at_home)
        )
    roll = "   " if state.roll is None else f" {state.roll} "
    inside = ["", *lane_rows, f"   ( {roll} )", ""]
    lines = [
        "     " + "".join(f"{i:^3}" for i in range(SIDE)),
    ]
    last = SIDE - 1
    for row in range(SIDE):
        left = f"{(4 * last - row) % (4 * last):>3}  " if 0 < row < last else "     "
        right = f"  {last + row}" if 0 < row < last else ""
        if row in (0, last):
            body = "".join(grid[row])
        else:
            text = inside[row - 1] if row - 1 < len(inside) else ""
            pad = 3 * (SIDE - 2) - visible_len(text)
            body = grid[row][0] + " " + text + " " * max(pad - 1, 0) + grid[row][last]
        lines.append(left + body + right)
    lines.append("     " + "".join(f"{3 * last - i:^3}" for i in range(SIDE)))
    corner = {c: homes.get(c, "") for c in rules.all_colours}
    top = f"  {corner['red']:<30}{corner['yellow']}"
    bottom = f"  {corner['blue']:<30}{corner['green']}"
    return "\n".join([top, *lines, bottom])
