"""Ludo's board in the terminal: the loop as a square ring walked counter-clockwise from
the top-left corner (48 points for the two-dice game, 52 squares otherwise), with the
lanes, bases and the roll listed inside. A cell shows the pins on it by colour letter
(``R``, a stack of one colour as ``R2``, colours sharing a safe spot as ``RG``); empty
cells show ``*`` for a safe spot, ``+`` for a LUDOpy star, a lower-case colour letter
for a start, ``·`` otherwise. Space numbers of the corners are printed outside."""

from __future__ import annotations

from pegrace.engine import Rules
from pegrace.games.ludo import LP_STARS, Ludo
from pegrace.i18n import fill, gettext, pgettext, say
from pegrace.pictures import cell, clip, fit_words, lay_out, letter, paint, ring_cell, visible_len
from pegrace.state import State
from pegrace.terminal_words import colour_words


def ccw_cell(index: int, side: int) -> tuple[int, int]:
    """Row and column of loop space ``index``: 0 top-left, then down, right, up, left
    (Ludo walks counter-clockwise: the clockwise ring, mirrored on its diagonal)."""
    row, col = ring_cell(index, side)
    return col, row


def _empty_cells(rules: Ludo) -> dict[int, str]:
    marks: dict[int, str] = {space: " * " for space in rules.safe}
    if rules.is_ludopy:
        for start in (rules.track.starts[c] for c in rules.all_colours):
            marks.update({(start + s - 1) % 52: " + " for s in LP_STARS})
    for colour in rules.all_colours:
        marks[rules.track.starts[colour]] = f" {colour[0]} "
    return marks


def draw(rules: Rules, state: State, use_colour: bool, big: bool = False) -> str:
    assert isinstance(rules, Ludo)
    width, step = (5, 2) if big else (3, 1)
    loop = rules.track.loop_length
    side = loop // 4 + 1
    marks = _empty_cells(rules)
    on_space: dict[int, dict[str, int]] = {}
    inside: list[str] = []
    spaced = " " if big else ""  # the small board's lanes close up to fit inside the ring
    room = (side - 2) * width - (step - 1)  # the ring's inside, less the indent
    labels = _labels(room, rules.track.lane_length - 1, spaced, say(rules.goal_words()))
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
        base_label, lane_label, exit_label = labels
        inside.append(
            f"{mark} {base_label} {mark * base}{'·' * (4 - base)}  {lane_label} "
            f"{spaced.join(lane)}  {exit_label} {mark * out}{'·' * (4 - out)}"
        )
    inside.append(clip(_turn(rules, state), room))
    grid = [[cell("", width)] * side for _ in range(side)]
    for space in range(loop):
        row, col = ccw_cell(space, side)
        grid[row][col] = _cell(on_space.get(space), marks.get(space, " · "), width, use_colour)
    last = side - 1
    indent = " " * (step - 1)  # on the big board, a column in from the ring
    over = {step * (i + 1): indent + text for i, text in enumerate(inside)}
    body = lay_out(grid, width, step, over, (1, last - 1))
    middle, far = 2 + width // 2, 2 + last * width + width // 2  # the corner cells' middles
    lines = [f"{'0':>{middle + 1}}{3 * last:>{far - middle + 1}}"]
    lines += [("  " + text).rstrip() for text in body]
    lines.append(f"{last:>{middle + 1}}{2 * last:>{far - middle + 1}}")
    lines.append(_legend(rules.is_ludopy))
    return "\n".join(lines)


def _labels(room: int, lane_length: int, spaced: str, goal: str) -> list[str]:
    """The words of a colour's row inside the ring (``goal``: the variant's name of the
    last lane slot), cut to share what its pins leave."""
    # TRANSLATORS: a short label on the terminal's Ludo board: where a colour's pins wait
    base = gettext("base")
    # TRANSLATORS: a short label on the terminal's Ludo board: a colour's home column
    lane = gettext("lane")
    pins = f"R ____  {spaced.join('·' * lane_length)}  ____"  # the row without its words
    return fit_words([base, lane, goal], room - visible_len(pins) - 3)


def _turn(rules: Ludo, state: State) -> str:
    """Whose turn it is and their roll, or that the game is over."""
    if state.is_over:
        # TRANSLATORS: on the terminal's board, once a game is over
        return gettext("game over")
    colour = say(colour_words(rules.colours[state.current]))
    if state.roll:
        # TRANSLATORS: on the terminal's board: {colour} moves with {roll} ("red to move: 5")
        moving = gettext("{colour} to move: {roll}")
        return fill(moving, colour=colour, roll=rules.dice.format(state.roll))
    # TRANSLATORS: on the terminal's board: {colour} is to roll ("red to roll: -")
    return fill(gettext("{colour} to roll: {roll}"), colour=colour, roll="-")


def _legend(stars: bool) -> str:
    """What the marks of empty cells mean."""
    # TRANSLATORS: under the terminal's Ludo board: * marks a safe spot
    safe = gettext("safe")
    # TRANSLATORS: under the terminal's Ludo board: r g y b mark each colour's start
    start = pgettext("legend", "start")
    # TRANSLATORS: under the terminal's Ludo board: + marks a star
    star = gettext("star")
    return f"  * {safe}   r g y b {start}" + (f"   + {star}" if stars else "")


def _cell(counts: dict[str, int] | None, empty: str, width: int, use_colour: bool) -> str:
    """A loop space's cell: the pins on it by colour letter (a stack of one colour as ``R2``,
    colours sharing a safe spot as ``RG``), else what marks the empty space."""
    if not counts:
        return cell(empty.strip(), width)
    if len(counts) == 1:
        ((colour, n),) = counts.items()
        return paint(cell(f"{letter(colour)}{n if n > 1 else ''}", width), colour, use_colour)
    return cell("".join(letter(c) for c in counts)[:3], width)
