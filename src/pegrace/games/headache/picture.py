"""Headache's board in the terminal: a 9 x 9 grid of cells. The outer track is the
border (Xs at the corners and the middle of each side, 3 outer spaces between them),
the inner track runs one cell inside it (2 spaces between neighbouring Xs, joined to
each X by a connector). Empty spaces show their short name (x0, o5, i12); a cone or
stack shows its owner's letter and its height (``R``, ``Y3``); a START pile shows
``(R4)``. A key under the grid says what these labels mean, the centre what a pop's
star is (the bonus die's red dot), and below them every stack is listed with its
colours, top first."""

from __future__ import annotations

import textwrap

from pegrace.engine import Rules
from pegrace.games.headache import (
    INNER_BASE,
    OUTER_BASE,
    Headache,
    space_name,
)
from pegrace.i18n import N_, fill, gettext, ngettext, say
from pegrace.pictures import cell, clip, lay_out, letter, paint, visible_len
from pegrace.state import State
from pegrace.terminal_words import colour_words

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
KEY_ROWS = 3  # the most rows the key takes, in any language (the ? guide says it in full)
KEY = (
    # TRANSLATORS: under the terminal's Headache board: what its spaces' short names mean
    # (x0, o5, i12: as written)
    N_("x: X, where tracks cross; o: outer; i: inner"),
    # TRANSLATORS: under the terminal's Headache board: what (R4) and R3 mean (as written)
    N_("(R4): 4 on START; R3: stack of 3, R on top"),
)


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
    stacks = rules.stacks(state)
    for space, (r, c) in CELLS.items():
        grid[r][c] = cell(short_name(space), width)
        if space in stacks:
            height, colour = len(stacks[space]), rules.colours[stacks[space][-1]]
            label = letter(colour) + (str(height) if height > 1 else "")
            grid[r][c] = paint(cell(label, width), colour, use_colour)
    for seat, colour in enumerate(rules.colours):
        waiting = sum(1 for cone in state.pieces[seat] if cone < 0)
        if waiting:
            r, c = CELLS[rules.start_space[seat]]
            pile = f"({letter(colour)}{waiting})".center(width)  # (as the old board: " (R4)")
            grid[r][c] = paint(pile, colour, use_colour)
    centre = _centre_lines(rules, state, use_colour, 5 * width - 2)
    over = {step * 2 + (step if big else 1) * i: text for i, text in enumerate(centre)}
    lines = [row.rstrip() for row in lay_out(grid, width, step, over, (2, SIZE - 3))]
    key = textwrap.wrap(" ".join(gettext(said) for said in KEY), SIZE * 5)[:KEY_ROWS]
    below = _stack_lines(rules, state, use_colour, big)
    return "\n".join([*lines, *key, *below])


def _centre_lines(rules: Headache, state: State, use_colour: bool, room: int) -> list[str]:
    """What the middle of the board says (5 lines at most, each cut to ``room`` columns):
    whose turn and their pop, the star of a red dot explained."""
    if state.is_over:
        # TRANSLATORS: on the terminal's board, once a game is over
        over = gettext("game over")
        return ["", f"  {clip(over, room)}"]
    colour = rules.colours[state.current]
    # TRANSLATORS: on the terminal's Headache board: whose turn it is, and their letter
    turn = gettext("{colour} ({letter})")
    who = fill(turn, colour=say(colour_words(colour)), letter=letter(colour))
    lines = [f"  {paint(clip(who, room), colour, use_colour)}"]
    if state.roll is None:
        # TRANSLATORS: on the terminal's Headache board, under whose turn it is
        to_pop = gettext("to pop")
        lines.append(f"  {clip(to_pop, room)}")
    else:
        roll = rules.dice.format(state.roll)
        # TRANSLATORS: on the terminal's Headache board: the pop of the player whose turn it
        # is, as written ("5*")
        popped = fill(gettext("popped {roll}"), roll=roll)
        lines.append(f"  {clip(popped, room)}")
        if "*" in roll:
            # TRANSLATORS: on the terminal's Headache board: what the * of a pop means
            red_dot = gettext("* red dot: pop again")
            lines.append(f"  {clip(red_dot, room)}")
    if state.aux and state.aux[-1]:  # the bonus-pop flag
        # TRANSLATORS: on the terminal's Headache board: this pop is a bonus one
        bonus = gettext("(a bonus pop)")
        lines.append(f"  {clip(bonus, room)}")
    if state.out:
        letters = " ".join(letter(rules.colours[s]) for s in state.out)
        # TRANSLATORS: on the terminal's Headache board: the colours (letters) that left
        out = fill(gettext("out: {colours}"), colours=letters)
        lines.append(f"  {clip(out, room)}")
    return ["", *lines] if len(lines) < 5 else lines


def _stack_lines(rules: Headache, state: State, use_colour: bool, big: bool) -> list[str]:
    """Every stack with its colours, top first: a line each on the big board or while they
    are few, else several to a line by the short names the board shows; then the cones each
    colour owns."""
    found = rules.stacks(state)
    stacks = [space for space in sorted(found) if len(found[space]) > 1]
    tops = {
        space: [
            paint(letter(colour), colour, use_colour)
            for colour in reversed(rules.stack_colours(state, space))
        ]
        for space in stacks
    }
    if big or len(stacks) <= STACKS_APART:
        lines = [stack_line(space, len(found[space]), top, big) for space, top in tops.items()]
        # TRANSLATORS: under the terminal's Headache board, before a line for each stack
        lines = [gettext("stacks:"), *lines] if lines else []
    else:
        # TRANSLATORS: under the terminal's Headache board, before the stacks and their
        # colours, the top cone's first
        head = gettext("stacks, top first:")
        lines = packed(head, [f"{short_name(s)} {''.join(tops[s])}" for s in stacks])
    owned = rules.scores(state)
    counts = ", ".join(f"{letter(c)} {owned[s]}" for s, c in enumerate(rules.colours))
    # TRANSLATORS: under the terminal's Headache board: how many cones each colour (its
    # letter) owns ("R 4, Y 3")
    return [*lines, fill(gettext("cones owned: {counts}"), counts=counts)]


def stack_line(space: int, height: int, top: list[str], big: bool) -> str:
    """A stack's line: where, how many cones, their colours top first (on the small board
    closed up where they would not fit its width)."""
    where, count = f"  {space_name(space):<9} ", f"{height:>2}"
    # TRANSLATORS: a stack on the terminal's Headache board: its cones, and their colours'
    # letters from the top down ("3 cones, top first: R Y R")
    said = ngettext(
        "{count} cone, top first: {colours}", "{count} cones, top first: {colours}", height
    )
    line = where + fill(said, count=count, colours=" ".join(top))
    if big or visible_len(line) <= SIZE * 5:
        return line
    # TRANSLATORS: a stack on the terminal's Headache board, closed up where the words do not
    # fit: how many cones, their colours' letters from the top down ("3, top first: RYR")
    said = gettext("{count}, top first: {colours}")
    line = where + fill(said, count=count, colours="".join(top))
    if visible_len(line) <= SIZE * 5:
        return line
    return f"{where}{count}: {''.join(top)}"  # the words too long for the board: none


def packed(head: str, entries: list[str]) -> list[str]:
    """``head`` and ``entries`` on as few lines as fit the small board's width (the lines
    after the first indented)."""
    lines = [head]
    for entry in entries:
        if visible_len(lines[-1]) + 1 + visible_len(entry) > SIZE * 5:
            lines.append(" ")
        lines[-1] += f" {entry}"
    return lines
