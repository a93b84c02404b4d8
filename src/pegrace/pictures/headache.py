"""Headache's board in the terminal: a 9 x 9 grid of cells. The outer track is the
border (Xs at the corners and the middle of each side, 3 outer spaces between them),
the inner track runs one cell inside it (2 spaces between neighbouring Xs, joined to
each X by a connector). Empty spaces show their short name (x0, o5, i12); a cone or
stack shows its owner's letter and its height (``R``, ``Y3``); a START pile shows
``(R4)``. Below the grid every stack is listed with its colours, top first."""

from __future__ import annotations

from pegrace.engine import Rules
from pegrace.games.headache import (
    HEIGHT_BITS,
    HEIGHT_MASK,
    INNER_BASE,
    OUTER_BASE,
    Headache,
    space_name,
)
from pegrace.pictures import letter, paint, visible_len
from pegrace.state import State

SIZE = 9
WIDTH = 5  # characters per cell
MIDDLE = SIZE // 2
LAST = SIZE - 1

# the 8 Xs clockwise from the top-left corner
X_CELLS = ((0, 0), (0, 4), (0, 8), (4, 8), (8, 8), (8, 4), (8, 0), (4, 0))
# where each X's inner-track connector is drawn, and with what
CONNECTORS = {(1, 1): "\\", (1, 4): "|", (1, 7): "/", (4, 7): "-",
              (7, 7): "\\", (7, 4): "|", (7, 1): "/", (4, 1): "-"}  # fmt: skip


def _ring(offset: int) -> list[tuple[int, int]]:
    """The cells of the square ring ``offset`` cells in, clockwise from its top-left."""
    low, high = offset, LAST - offset
    cells = [(low, c) for c in range(low, high)]
    cells += [(r, high) for r in range(low, high)]
    cells += [(high, c) for c in range(high, low, -1)]
    cells += [(r, low) for r in range(high, low, -1)]
    return cells


def space_cells() -> dict[int, tuple[int, int]]:
    """Grid cell of every space."""
    cells = dict(enumerate(X_CELLS))
    outer = [cell for cell in _ring(0) if cell not in X_CELLS]
    inner = [cell for cell in _ring(1) if cell not in CONNECTORS]
    # the inner ring starts at (1, 1), a connector; its first space is (1, 2)
    cells.update({OUTER_BASE + j: cell for j, cell in enumerate(outer)})
    cells.update({INNER_BASE + j: cell for j, cell in enumerate(inner)})
    return cells


CELLS = space_cells()


def short_name(space: int) -> str:
    kind, _, number = space_name(space).partition(":")
    return f"{kind[0]}{number}"


def draw(rules: Rules, state: State, use_colour: bool) -> str:
    assert isinstance(rules, Headache)
    grid = [[" " * WIDTH for _ in range(SIZE)] for _ in range(SIZE)]
    for cell, mark in CONNECTORS.items():
        grid[cell[0]][cell[1]] = f"{mark:^{WIDTH}}"
    heights: dict[int, int] = {}
    for row in state.pieces:
        for cone in row:
            if cone >= 0:
                space = cone >> HEIGHT_BITS
                heights[space] = max(heights.get(space, 0), (cone & HEIGHT_MASK) + 1)
    occupancy = rules.occupancy(state.pieces)
    for space, (r, c) in CELLS.items():
        grid[r][c] = f"{short_name(space):^{WIDTH}}"
        if space in heights:
            colour = rules.colours[occupancy[space] & 7]
            label = letter(colour) + (str(heights[space]) if heights[space] > 1 else "")
            grid[r][c] = paint(f"{label:^{WIDTH}}", colour, use_colour)
    for seat, colour in enumerate(rules.colours):
        waiting = sum(1 for cone in state.pieces[seat] if cone < 0)
        if waiting:
            r, c = CELLS[rules.start_space[seat]]
            grid[r][c] = paint(f"({letter(colour)}{waiting})".center(WIDTH), colour, use_colour)
    centre = _centre_lines(rules, state, use_colour)
    lines = []
    for r in range(SIZE):
        cells = grid[r]
        if 2 <= r <= 6:
            text = centre[r - 2] if r - 2 < len(centre) else ""
            inside = 5 * WIDTH
            text = text + " " * max(inside - visible_len(text), 0)
            cells = [*grid[r][:2], text, *grid[r][7:]]
        lines.append("".join(cells).rstrip())
    return "\n".join(lines + _stack_lines(rules, state, heights, use_colour))


def _centre_lines(rules: Headache, state: State, use_colour: bool) -> list[str]:
    if state.is_over:
        return ["", "  game over"]
    colour = rules.colours[state.current]
    who = paint(f"{colour} ({letter(colour)})", colour, use_colour)
    doing = "to pop" if state.roll is None else f"popped {rules.dice.format(state.roll)}"
    lines = ["", f"  {who}", f"  {doing}"]
    if state.aux and state.aux[-1]:  # the bonus-pop flag
        lines.append("  (bonus pop)")
    if state.out:
        lines.append("  out: " + " ".join(letter(rules.colours[s]) for s in state.out))
    return lines


def _stack_lines(
    rules: Headache, state: State, heights: dict[int, int], use_colour: bool
) -> list[str]:
    lines = []
    for space in sorted(heights):
        if heights[space] > 1:
            colours = rules.stack_text(state.pieces, space).split()
            painted = " ".join(
                paint(mark, next(c for c in rules.colours if letter(c) == mark), use_colour)
                for mark in colours
            )
            lines.append(
                f"  {space_name(space):<9} {heights[space]:>2} cones, top first: {painted}"
            )
    owned = rules.owned(state.pieces)
    counts = ", ".join(f"{letter(c)} {owned[s]}" for s, c in enumerate(rules.colours))
    return [*(["stacks:", *lines] if lines else []), f"cones owned: {counts}"]
