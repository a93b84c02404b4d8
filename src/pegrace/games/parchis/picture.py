"""Parchís' board in the terminal. The big picture is the board's cross: four arms of 3
columns by 8 rows, each colour's home column up its arm's middle to its goal beside the
centre (where the roll is), the homes in the corners between the arms (yellow's bottom
right, then blue's, red's and green's counter-clockwise). The small one folds the cross's
track into a ring of 19 by 17 cells, the arms' tips in the middle of its sides and the home
columns running in from them to the roll in the middle; each home, with its pieces in the
goal, is listed in its corner inside the ring.

A space shows the pieces on it by colour letter (``Y``, a wall of two as ``YY``, two
colours sharing a seguro as ``YB``); empty, ``*`` for a seguro, the owner's lower-case
letter for an exit (numbered beside it on the board's count), ``·`` otherwise."""

from __future__ import annotations

from collections.abc import Callable

from pegrace.engine import Rules
from pegrace.games.parchis import Parchis
from pegrace.i18n import fill, gettext, pgettext, say
from pegrace.pictures import cell, clip, fit_words, letter, paint, visible_len
from pegrace.state import State
from pegrace.terminal_words import colour_words

Cell = tuple[int, int]  # row, column
Turn = Callable[[Cell], Cell]

# the small ring: 19 cells wide, 17 high, the tips in the middle of its sides
RING_ROWS, RING_COLUMNS = 17, 19
RING_MIDDLE = (RING_ROWS // 2, RING_COLUMNS // 2)
# the big cross: 19 cells a side (two arms of 8 and the centre's 3)
CROSS = 19
CROSS_MIDDLE = CROSS // 2
ARM = 8


def ring_cells() -> list[Cell]:
    """The small ring's cell of each space in the board's printed order, from printed 1 (the
    space after yellow's tip, at the bottom) counter-clockwise: along the bottom to the
    right, up the right side, along the top, down the left side and back along the bottom."""
    bottom, right = RING_ROWS - 1, RING_COLUMNS - 1
    middle_row, middle_column = RING_MIDDLE
    cells = [(bottom, c) for c in range(middle_column + 1, right + 1)]
    cells += [(r, right) for r in range(bottom - 1, -1, -1)]
    cells += [(0, c) for c in range(right - 1, -1, -1)]
    cells += [(r, 0) for r in range(1, bottom + 1)]
    cells += [(bottom, c) for c in range(1, middle_column + 1)]
    assert len(cells) == 4 * (2 * ARM + 1) and cells[2 * ARM] == (middle_row, right)  # a tip
    return cells


def _cross_turn(at: Cell) -> Cell:
    """A cross cell a quarter turn counter-clockwise: the bottom arm's onto the right arm's."""
    row, column = at
    return CROSS - 1 - column, row


def _turned(at: Cell, quarters: int, turn: Turn) -> Cell:
    for _ in range(quarters):
        at = turn(at)
    return at


def cross_cells() -> list[Cell]:
    """The cross's cell of each space in printed order from printed 1: up the bottom arm's
    right column, out along the right arm's lower row, the right arm's tip; the other three
    quarters the same turned."""
    last, right = CROSS - 1, CROSS_MIDDLE + 1
    quarter = [(last - k, right) for k in range(ARM)]
    quarter += [(right, right + 1 + k) for k in range(ARM)]
    quarter.append((CROSS_MIDDLE, last))
    return [_turned(at, q, _cross_turn) for q in range(4) for at in quarter]


RING = ring_cells()
CROSS_CELLS = cross_cells()


def _pieces_cell(colours: list[str], width: int, use_colour: bool) -> str:
    """A cell showing the pieces' letters, each in its colour."""
    text = "".join(letter(c) for c in colours)
    left = (width - len(text)) // 2  # as ``cell`` centres: the odd column on the right
    painted = "".join(paint(letter(c), c, use_colour) for c in colours)
    return " " * left + painted + " " * (width - len(text) - left)


class Picture:
    """One picture being drawn: a grid of cells, the texts written over runs of them."""

    def __init__(self, rules: Parchis, state: State, use_colour: bool, big: bool) -> None:
        self.rules, self.state, self.use_colour = rules, state, use_colour
        self.width = 4 if big else 3
        rows, columns = (CROSS, CROSS) if big else (RING_ROWS, RING_COLUMNS)
        self.grid = [[" " * self.width] * columns for _ in range(rows)]
        self.texts: dict[int, list[tuple[int, int, str]]] = {}
        self.cells = CROSS_CELLS if big else RING

    def put(self, at: Cell, text: str, colour: str | None = None, bold: bool = False) -> None:
        self.grid[at[0]][at[1]] = paint(cell(text, self.width), colour, self.use_colour, bold)

    def write(self, row: int, columns: tuple[int, int], text: str) -> None:
        """``text`` (made to fit) over the cells ``columns`` (first and last) of ``row``."""
        self.texts.setdefault(row, []).append((columns[0], columns[1], text))

    def track(self) -> None:
        """Every track space: its pieces, else its mark; each exit's number inside beside it."""
        rules = self.rules
        exits = {space: colour for colour, space in rules.track.starts.items()}
        on: dict[int, list[str]] = {}
        for seat, colour in enumerate(rules.colours):
            for p in self.state.pieces[seat]:
                if 0 <= p < rules.lane_start:
                    on.setdefault(rules.abs_of[seat][p], []).append(colour)
        for space in range(rules.track.loop_length):
            at = self.cells[rules.printed(space) - 1]
            if space in on:
                self.grid[at[0]][at[1]] = _pieces_cell(on[space], self.width, self.use_colour)
            elif space in exits:
                self.put(at, exits[space][0], exits[space])
            else:
                self.put(at, "*" if space in rules.safe else "·")

    def lanes(self, middle: Cell) -> None:
        """Each colour's home column from beside its tip towards ``middle``."""
        rules = self.rules
        loop = rules.track.loop_length
        seats = {colour: seat for seat, colour in enumerate(rules.colours)}
        for colour, start in rules.track.starts.items():
            tip = self.cells[rules.printed((start + rules.lane_start - 1) % loop) - 1]
            step = (_sign(middle[0] - tip[0]), _sign(middle[1] - tip[1]))
            seat = seats.get(colour)
            pieces = [] if seat is None else list(self.state.pieces[seat])
            for k in range(1, rules.track.lane_length):
                at = (tip[0] + k * step[0], tip[1] + k * step[1])
                here = pieces.count(rules.lane_start + k - 1)
                if here:
                    self.put(at, letter(colour) * here, colour, bold=True)
                else:
                    self.put(at, "·", colour)

    def exit_number(self, colour: str, inward: Cell) -> None:
        """The board's count of ``colour``'s exit, in the cell ``inward`` of it."""
        space = self.rules.track.starts[colour]
        printed = self.rules.printed(space)
        at = self.cells[printed - 1]
        self.put((at[0] + inward[0], at[1] + inward[1]), str(printed))

    def lines(self) -> list[str]:
        rows = []
        for y, row in enumerate(self.grid):
            cells = list(row)
            for first, last, text in sorted(self.texts.get(y, []), reverse=True):
                room = (last - first + 1) * self.width
                cells[first : last + 1] = [text + " " * (room - visible_len(text))]
            rows.append("".join(cells).rstrip())
        return rows


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def _home_lines(
    rules: Parchis, state: State, colour: str, use_colour: bool, room: int
) -> list[str]:
    """A colour in play's home with its pieces there and its goal with its pieces there
    (``yellow home YY··``, ``goal Y···``), each cut to ``room``."""
    # TRANSLATORS: on the terminal's board, where a colour's pieces wait ("red home RRRR"): short
    home = fill(gettext("{colour} home"), colour=say(colour_words(colour)))
    pieces = state.pieces[rules.colours.index(colour)]
    mark = paint(letter(colour), colour, use_colour)
    count = rules.pieces_per_colour
    return [
        _labelled(home, mark, pieces.count(-1), count, room),
        _labelled(say(rules.goal_words()), mark, pieces.count(rules.goal), count, room),
    ]


def _labelled(label: str, mark: str, here: int, count: int, room: int) -> str:
    """``label`` and a row of ``count`` places, ``here`` of them taken (``home YY··``)."""
    return f"{clip(label, room - count - 1)} {mark * here}{'·' * (count - here)}"


def _turn_words(rules: Parchis, state: State) -> str:
    """Whose turn it is and their roll (a bonus move's count: ``+20``), or that the game is
    over."""
    if state.is_over:
        # TRANSLATORS: on the terminal's board, once a game is over
        return gettext("game over")
    colour = say(colour_words(rules.colours[state.current]))
    if state.roll:
        bonus = rules.bonus(state)  # a bonus move goes its count, not the die's
        roll = f"+{bonus}" if bonus else rules.dice.format(state.roll)
        # TRANSLATORS: on the terminal's board: {colour} moves with {roll} ("red to move: 5")
        moving = gettext("{colour} to move: {roll}")
        return fill(moving, colour=colour, roll=roll)
    # TRANSLATORS: on the terminal's board: {colour} is to roll ("red to roll: -")
    return fill(gettext("{colour} to roll: {roll}"), colour=colour, roll="-")


def _legend(rules: Parchis, room: int) -> str:
    """What the marks of empty spaces mean (``* safe  y b r g exit``), cut to ``room``."""
    # TRANSLATORS: under the terminal's board: * marks a safe spot (a seguro, in Parchís)
    safe = gettext("safe")
    exits = " ".join(c[0] for c in rules.all_colours)
    marks = f"*   {exits} "  # the legend without its words
    # TRANSLATORS: the terminal board's legend: a Parchís space its colour's pieces come
    # out onto (not a finish: where they start)
    exit_word = pgettext("Parchís' exit, where pieces come out", "exit")
    safe, exit_word = fit_words([safe, exit_word], room - len(marks))
    return f"* {safe}  {exits} {exit_word}"


def _roll(rules: Parchis, state: State) -> str:
    return "" if state.roll is None else rules.dice.format(state.roll)


# each colour's corner, on the small ring and the big cross: the rows its home and goal are
# listed on, the cells they take (first and last), and where its exit's number goes (the
# cell beside the exit, inwards)
RING_HOMES = {
    "yellow": ((12, 13), (10, 16), (-1, 0)),
    "blue": ((3, 4), (10, 16), (0, -1)),
    "red": ((3, 4), (2, 8), (1, 0)),
    "green": ((12, 13), (2, 8), (0, 1)),
}
CROSS_HOMES = {
    "yellow": ((16, 17), (11, 18), (0, 1)),
    "blue": ((1, 2), (11, 18), (-1, 0)),
    "red": ((1, 2), (0, 7), (0, -1)),
    "green": ((16, 17), (0, 7), (1, 0)),
}
# the small ring's words inside it: the turn's above the centre, the legend's below (each in
# a corner: the home columns cross the rows)
RING_TURN, RING_LEGEND, RING_WORDS = 6, 10, (2, 8)


def draw(rules: Rules, state: State, use_colour: bool, big: bool = False) -> str:
    assert isinstance(rules, Parchis)
    picture = Picture(rules, state, use_colour, big)
    picture.track()
    middle = (CROSS_MIDDLE, CROSS_MIDDLE) if big else RING_MIDDLE
    picture.lanes(middle)
    corners = CROSS_HOMES if big else RING_HOMES
    for colour, (rows, columns, inward) in corners.items():
        picture.exit_number(colour, inward)
        if colour in rules.colours:
            room = (columns[1] - columns[0] + 1) * picture.width
            lines = _home_lines(rules, state, colour, use_colour, room)
            for row, line in zip(rows, lines, strict=True):
                picture.write(row, columns, line)
    if big:
        picture.put(middle, f"({_roll(rules, state)})")
        _goals(picture)
        room = CROSS * picture.width
        under = [clip(_turn_words(rules, state), room), _legend(rules, room)]
        return "\n".join([*picture.lines(), *(f"  {line}" for line in under)])
    row, column = middle
    for offset, text in ((-1, "("), (0, _roll(rules, state)), (1, ")")):
        picture.put((row, column + offset), text)
    room = (RING_WORDS[1] - RING_WORDS[0] + 1) * picture.width
    picture.write(RING_TURN, RING_WORDS, clip(_turn_words(rules, state), room))
    picture.write(RING_LEGEND, RING_WORDS, _legend(rules, room))
    return "\n".join(picture.lines())


def _goals(picture: Picture) -> None:
    """The big cross's goal cells round the centre, each where its colour's column ends:
    how many of its pieces are there (``Y2``)."""
    rules = picture.rules
    seats = {colour: seat for seat, colour in enumerate(rules.colours)}
    quarter = rules.track.loop_length // 4
    for colour, start in rules.track.starts.items():
        at = _turned((CROSS_MIDDLE + 1, CROSS_MIDDLE), start // quarter, _cross_turn)
        seat = seats.get(colour)
        here = 0 if seat is None else picture.state.pieces[seat].count(rules.goal)
        picture.put(at, f"{letter(colour)}{here}" if here else "·", colour, bold=bool(here))
