"""Ludo's board in the terminal: the loop as a square ring walked counter-clockwise from
the top-left corner (48 points for the two-dice game, 52 squares otherwise), with the
lanes, bases and the roll listed inside. A cell shows the pins on it by colour letter
(``R``, a stack of one colour as ``R2``, colours sharing a safe spot as ``RG``); empty
cells show ``*`` for a safe spot, ``+`` for a LUDOpy star, a lower-case colour letter
for a start, ``·`` otherwise. Space numbers of the corners are printed outside."""

from __future__ import annotations

from pegrace.engine import Rules
from pegrace.games.ludo import LP_STARS, Ludo
from pegrace.pictures import letter, paint, ring_cell, visible_len
from pegrace.state import State


def ccw_cell(index: int, side: int) -> tuple[int, int]:
    """Row and column of loop space ``index``: 0 top-left, then down, right, up, left
    (Ludo walks counter-clockwise: the clockwise ring, mirrored on its diagonal)."""
    row, col = ring_cell(index, side)
    return col, row


def _empty_cells(rules: Ludo) -> dict[int, str]:
    marks: dict[int, str] = {space: " * " for space in rules.safe}
    if rules.is_ludopy:
        for start in (rules.track.board.starts[c] for c in rules.all_colours):
            marks.update({(start + s - 1) % 52: " + " for s in LP_STARS})
    for colour in rules.all_colours:
        marks[rules.track.board.starts[colour]] = f" {colour[0]} "
    return marks


def draw(rules: Rules, state: State, use_colour: bool) -> str:
    assert isinstance(rules, Ludo)
    loop = rules.track.loop_length
    side = loop // 4 + 1
    marks = _empty_cells(rules)
    on_space: dict[int, dict[str, int]] = {}
    inside: list[str] = []
    for seat, colour in enumerate(rules.colours):
        mark = paint(letter(colour), colour, use_colour)
        lane = ["·"] * (rules.track.lane_length - 1)
        base = out = 0
        for p in state.pieces[seat]:
            if p < 0:
                base += 1
            elif p == rules.goal:
                out += 1
            elif p >= rules.lane_start:
                lane[p - rules.lane_start] = mark
            else:
                here = on_space.setdefault(rules.abs_of[seat][p], {})
                here[colour] = here.get(colour, 0) + 1
        goal = rules.track.position_name(rules.goal)
        inside.append(
            f"{mark} base {mark * base}{'·' * (4 - base)}  lane {' '.join(lane)}  "
            f"{goal} {mark * out}{'·' * (4 - out)}"
        )
    roll = "-" if state.roll is None else rules.dice.format(state.roll)
    doing = f"to {'move' if state.roll else 'roll'}: {roll}"
    inside.append("game over" if state.is_over else f"{rules.colours[state.current]} {doing}")
    grid = [["   "] * side for _ in range(side)]
    for space in range(loop):
        row, col = ccw_cell(space, side)
        counts = on_space.get(space)
        if not counts:
            grid[row][col] = marks.get(space, " · ")
            continue
        if len(counts) == 1:
            ((colour, n),) = counts.items()
            text = f"{letter(colour)}{n if n > 1 else ''}".center(3)
            grid[row][col] = paint(text, colour, use_colour)
        else:
            letters = "".join(letter(c) for c in counts)[:3].center(3)
            grid[row][col] = letters
    last = side - 1
    lines = [f"    0{' ' * (3 * side - 5)}{3 * last}"]
    for row in range(side):
        if row in (0, last):
            body = "".join(grid[row])
        else:
            text = inside[row - 1] if row - 1 < len(inside) else ""
            pad = 3 * (side - 2) - visible_len(text)
            body = grid[row][0] + " " + text + " " * max(pad - 1, 0) + grid[row][last]
        lines.append("  " + body)
    lines.append(f"  {last:<3}{' ' * (3 * side - 7)}{2 * last}")
    lines.append("  * safe   r g y b start" + ("   + star" if rules.is_ludopy else ""))
    return "\n".join(lines)
