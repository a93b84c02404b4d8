"""Headache's board in the terminal: a 9 x 9 grid of cells. The outer track is the
border (Xs at the corners and the middle of each side, 3 outer spaces between them),
the inner track runs one cell inside it (2 spaces between neighbouring Xs, joined to
each X by a connector). Empty spaces show their short name (x0, o5, i12); a cone or
stack shows its owner's letter and its height (``R``, ``Y3``); a START pile shows
``(R4)``. A key under the grid says what these labels mean, the centre what a pop's
star is (the bonus die's red dot), and below them every stack is listed with its
colours, top first."""

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
from pegrace.pictures import cell, lay_out, letter, paint, visible_len
from pegrace.state import State

SIZE = 9
MIDDLE = SIZE // 2
LAST = SIZE - 1

# the 8 Xs clockwise from the top-left corner
X_CELLS = ((0, 0), (0, 4), (0, 8), (4, 8), (8, 8), (8, 4), (8, 0), (4, 0))
# where each X's inner-track connector is drawn, and with what
CONNECTORS = {(1, 1): "\\", (1, 4): "|", (1, 7): "/", (4, 7): "-",
              (7, 7): "\\", (7, 4): "|", (7, 1): "/", (4, 1): "-"}  # fmt: skip
# what the labels mean, under the grid (each line as wide as the small grid at most)
STACKS_APART = 3  # the small board lists this many stacks a line each; more, several a line
KEY = ("x: X, where tracks cross; o: outer; i: inner",
       "(R4): 4 on START; R3: stack of 3, R on top")  # fmt: skip


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


def draw(rules: Rules, state: State, use_colour: bool, big: bool = False) -> str:
    assert isinstance(rules, Headache)
    width, step = (7, 2) if big else (5, 1)
    grid = [[cell("", width)] * SIZE for _ in range(SIZE)]
    for (r, c), mark in CONNECTORS.items():
        grid[r][c] = cell(mark, width)
    heights: dict[int, int] = {}
    for row in state.pieces:
        for cone in row:
            if cone >= 0:
                space = cone >> HEIGHT_BITS
                heights[space] = max(heights.get(space, 0), (cone & HEIGHT_MASK) + 1)
    occupancy = rules.occupancy(state.pieces)
    for space, (r, c) in CELLS.items():
        grid[r][c] = cell(short_name(space), width)
        if space in heights:
            colour = rules.colours[occupancy[space] & 7]
            label = letter(colour) + (str(heights[space]) if heights[space] > 1 else "")
            grid[r][c] = paint(cell(label, width), colour, use_colour)
    for seat, colour in enumerate(rules.colours):
        waiting = sum(1 for cone in state.pieces[seat] if cone < 0)
        if waiting:
            r, c = CELLS[rules.start_space[seat]]
            pile = f"({letter(colour)}{waiting})".center(width)  # (as the old board: " (R4)")
            grid[r][c] = paint(pile, colour, use_colour)
    centre = _centre_lines(rules, state, use_colour)
    over = {step * 2 + (step if big else 1) * i: text for i, text in enumerate(centre)}
    lines = [row.rstrip() for row in lay_out(grid, width, step, over, (2, SIZE - 3))]
    stacks = _stack_lines(rules, state, heights, use_colour, big)
    return "\n".join([*lines, *KEY, *stacks])


def _centre_lines(rules: Headache, state: State, use_colour: bool) -> list[str]:
    """What the middle of the board says (5 lines at most): whose turn and their pop, the
    star of a red dot explained."""
    if state.is_over:
        return ["", "  game over"]
    colour = rules.colours[state.current]
    who = paint(f"{colour} ({letter(colour)})", colour, use_colour)
    doing = "to pop" if state.roll is None else f"popped {rules.dice.format(state.roll)}"
    lines = [f"  {who}", f"  {doing}"]
    if "*" in doing:
        lines.append("  * red dot: pop again")
    if state.aux and state.aux[-1]:  # the bonus-pop flag
        lines.append("  (a bonus pop)")
    if state.out:
        lines.append("  out: " + " ".join(letter(rules.colours[s]) for s in state.out))
    return ["", *lines] if len(lines) < 5 else lines


def _stack_lines(
    rules: Headache, state: State, heights: dict[int, int], use_colour: bool, big: bool
) -> list[str]:
    """Every stack with its colours, top first: a line each on the big board or while they
    are few, else several to a line by the short names the board shows; then the cones each
    colour owns."""
    stacks = [space for space in sorted(heights) if heights[space] > 1]
    tops = {
        space: [
            paint(mark, next(c for c in rules.colours if letter(c) == mark), use_colour)
            for mark in rules.stack_text(state.pieces, space).split()
        ]
        for space in stacks
    }
    if big or len(stacks) <= STACKS_APART:
        lines = [stack_line(space, heights[space], top, big) for space, top in tops.items()]
        lines = ["stacks:", *lines] if lines else []
    else:
        lines = packed(
            "stacks, top first:", [f"{short_name(s)} {''.join(tops[s])}" for s in stacks]
        )
    owned = rules.owned(state.pieces)
    counts = ", ".join(f"{letter(c)} {owned[s]}" for s, c in enumerate(rules.colours))
    return [*lines, f"cones owned: {counts}"]


def stack_line(space: int, height: int, top: list[str], big: bool) -> str:
    """A stack's line: where, how many cones, their colours top first (on the small board
    closed up where they would not fit its width)."""
    line = f"  {space_name(space):<9} {height:>2} cones, top first: {' '.join(top)}"
    if big or visible_len(line) <= SIZE * 5:
        return line
    return f"  {space_name(space):<9} {height:>2}, top first: {''.join(top)}"


def packed(head: str, entries: list[str]) -> list[str]:
    """``head`` and ``entries`` on as few lines as fit the small board's width (the lines
    after the first indented)."""
    lines = [head]
    for entry in entries:
        if visible_len(lines[-1]) + 1 + visible_len(entry) > SIZE * 5:
            lines.append(" ")
        lines[-1] += f" {entry}"
    return lines
