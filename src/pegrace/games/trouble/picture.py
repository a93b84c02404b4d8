"""Trouble's board in the terminal: the 28-space loop as a square ring (space
numbers round the edge), finish lanes and the dome inside, homes at the corners."""

from __future__ import annotations

from pegrace.engine import Rules
from pegrace.i18n import fill, gettext, say
from pegrace.pictures import cell, clip, lay_out, letter, numbered_ring, paint, pair, ring_cell
from pegrace.race import RaceRules
from pegrace.state import State
from pegrace.terminal_words import colour_words

SIDE = 8  # spaces per side of the square ring, corners shared: 4 * (8 - 1) = 28
LAST = SIDE - 1
HOME_ROOM = 24  # columns for a corner's home and its pegs ("yellow home YYYY")


def draw(rules: Rules, state: State, use_colour: bool, big: bool = False) -> str:
    assert isinstance(rules, RaceRules)
    width, step = (5, 2) if big else (3, 1)
    starts = {rules.track.starts[c]: c for c in rules.colours}
    grid = [[cell("", width)] * SIDE for _ in range(SIDE)]
    for index in range(rules.track.loop_length):
        row, col = ring_cell(index, SIDE)
        start = starts.get(index)
        shown = cell(start[0] if start else "·", width)
        grid[row][col] = paint(shown, start, use_colour, bold=False) if start else shown
    lane_rows: list[str] = []
    homes: dict[str, str] = {}
    # TRANSLATORS: on the terminal's board, a colour's finish lane ("R finish · · · ·"): short
    finish = gettext("finish")
    # TRANSLATORS: on the terminal's board, where a colour's pegs wait ("red home RRRR"): short
    home = gettext("{colour} home")
    # a lane's row inside the ring: a column in (two on the big board), its letter, the word
    # and its slots, in the ring's inside
    room = (LAST - 1) * width - step - 3 - (2 * rules.track.lane_length - 1)
    for seat, colour in enumerate(rules.colours):
        mark = paint(cell(f"[{letter(colour)}]", width), colour, use_colour)
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
        initial = paint(letter(colour), colour, use_colour)
        lane_rows.append(f"{initial} {clip(finish, room)} {' '.join(slots)}")
        named = fill(home, colour=say(colour_words(colour)))
        homes[colour] = (
            clip(named, HOME_ROOM - 1 - rules.pieces_per_colour)
            + " "
            + paint(letter(colour) * at_home, colour, use_colour)
            + "·" * (rules.pieces_per_colour - at_home)
        )
    roll = "   " if state.roll is None else f" {state.roll} "
    indent = " " * step  # one column in from the ring, two on the big board
    inside = {2 + step * i: indent + lane for i, lane in enumerate(lane_rows)}
    inside[2 + step * len(lane_rows)] = f"{indent}   ( {roll} )"
    lines = numbered_ring(lay_out(grid, width, step, inside, (1, LAST - 1)), SIDE, width, step)
    corner = {c: homes.get(c, "") for c in rules.all_colours}
    top = pair(corner["red"], corner["yellow"])
    bottom = pair(corner["blue"], corner["green"])
    return "\n".join([top, *lines, bottom])
