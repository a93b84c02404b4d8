"""Ludo's boards: two-dice Ludo's square ring, and the classic cross (classic, ludopy)."""

from __future__ import annotations

import math

from pegrace.boards.drawing import (
    CENTRE,
    Board,
    Json,
    board_square,
    cluster,
    drawn,
    make_layout,
    make_spot,
    polar,
    svg_path,
)
from pegrace.boards.race import loop_spots, race_names, race_pieces, race_steps
from pegrace.games.ludo import LP_STARS, TWO_DICE, Ludo


def ludo_layout(rules: Ludo) -> Json:
    if rules.variant == TWO_DICE:
        return _ludo_square_layout(rules)
    return _ludo_cross_layout(rules)


def _ccw_ring(index: int, per_side: int) -> tuple[int, int]:
    """Row and column of ring point ``index``: 0 top-left, then down the left side, along
    the bottom, up the right side and back along the top (counter-clockwise on screen)."""
    side, offset = divmod(index, per_side)
    last = per_side
    return [(offset, 0), (last, offset), (last - offset, last), (0, last - offset)][side]


EXIT_RADIUS = 140


def _ludo_square_layout(rules: Ludo) -> Json:
    """Seed 002's board: a square ring of 48 points (12 a side) walked counter-clockwise,
    starts on the corners, safe spots on corners and mid-sides, each colour's 4 coloured
    points running in from a mid-side point to the exit in the middle."""
    loop = rules.track.loop_length
    per_side = loop // 4
    margin, span = 90, 820
    gap = span / per_side
    middle = per_side / 2

    def at(row: float, col: float) -> tuple[float, float]:
        return margin + col * gap, margin + row * gap

    starts = rules.track.starts
    start_of = {s: c for c, s in starts.items()}
    decor = [
        board_square(34),
        drawn("rect", "track-band", x=margin, y=margin, width=span, height=span, rx=8),
    ]
    spots = []
    for colour in rules.all_colours:
        corner_row, corner_col = _ccw_ring(starts[colour], per_side)
        inward_row = 1 if corner_row == 0 else -1
        inward_col = 1 if corner_col == 0 else -1
        base = at(corner_row + inward_row * 3, corner_col + inward_col * 3)
        corner = (base[0] - 100, base[1] - 100)
        decor.append(
            drawn(
                "rect", f"home c-{colour}", x=corner[0], y=corner[1], width=200, height=200, rx=28
            )
        )
        for slot, point in enumerate(cluster(base, 76)):
            spots.append(make_spot(f"base-{colour}-{slot}", point, "base", colour, 24))
        branch = (starts[colour] + rules.lane_start - 1) % loop
        row, col = _ccw_ring(branch, per_side)
        d_row, d_col = (middle - row) / middle, (middle - col) / middle
        lane = [
            at(row + d_row * k * 0.9, col + d_col * k * 0.9)
            for k in range(1, rules.track.lane_length)
        ]
        decor.append(drawn("path", f"lane-band s-{colour}", d=svg_path([at(row, col), lane[-1]])))
        for k, point in enumerate(lane, 1):
            spots.append(make_spot(f"lane-{colour}-{k}", point, "lane", colour, 22))
        goal = polar(EXIT_RADIUS * 0.65, math.degrees(math.atan2(-d_row, -d_col)))
        spots.append(make_spot(f"goal-{colour}", goal, "goal", colour, 27))
    decor.insert(2, drawn("circle", "exit", cx=CENTRE, cy=CENTRE, r=EXIT_RADIUS))
    for space in range(loop):
        owner = start_of.get(space)
        kind = "start" if owner else ("safe" if space in rules.safe else "track")
        spots.append(make_spot(f"t{space}", at(*_ccw_ring(space, per_side)), kind, owner, 24))
    # a big dome: its two dice stay readable on a phone
    dome = {"x": CENTRE, "y": CENTRE, "r": 82}
    # numbered every 6th point: the corners and mid-sides, the safe spots
    shown = loop_spots(rules, (0, per_side // 2))
    return make_layout(rules, spots, decor, dome, race_names(rules), shown)


# the classic cross board (15 x 15 squares): the 52-square loop clockwise from red's start
CROSS_LOOP: tuple[tuple[int, int], ...] = (
    *((6, c) for c in range(1, 6)),
    *((r, 6) for r in range(5, -1, -1)),
    (0, 7),
    (0, 8),
    *((r, 8) for r in range(1, 6)),
    *((6, c) for c in range(9, 15)),
    (7, 14),
    (8, 14),
    *((8, c) for c in range(13, 8, -1)),
    *((r, 8) for r in range(9, 15)),
    (14, 7),
    (14, 6),
    *((r, 6) for r in range(13, 8, -1)),
    *((8, c) for c in range(5, -1, -1)),
    (7, 0),
    (6, 0),
)
CROSS_BASES = ((0, 0), (0, 9), (9, 9), (9, 0))  # top-left square of each colour's yard
CROSS_STAR = 8  # the globe (a safe square) 8 squares past each start


def _ludo_cross_layout(rules: Ludo) -> Json:
    """The classic cross-shaped board: 52 squares clockwise, yards in the corners, home
    columns up the middle of each arm to the home triangle."""
    cell = 920 / 15
    origin = 40.0

    def at(row: float, col: float) -> tuple[float, float]:
        return origin + (col + 0.5) * cell, origin + (row + 0.5) * cell

    starts = rules.track.starts
    start_of = {s: c for c, s in starts.items()}
    stars: set[int] = set()
    if rules.is_ludopy:
        stars = {(starts[c] + s - 1) % 52 for c in rules.all_colours for s in LP_STARS}
    decor = [board_square(30)]
    spots = []
    centre = at(7, 7)
    corners = [at(6, 6), at(6, 8), at(8, 8), at(8, 6)]
    for quarter, colour in enumerate(rules.all_colours):
        top, left = CROSS_BASES[quarter]
        x, y = origin + left * cell, origin + top * cell
        decor.append(
            drawn("rect", f"home c-{colour}", x=x, y=y, width=6 * cell, height=6 * cell, rx=18)
        )
        for slot, point in enumerate(cluster(at(top + 2.5, left + 2.5), 1.7 * cell)):
            spots.append(make_spot(f"base-{colour}-{slot}", point, "base", colour, 24))
        a, b = corners[quarter - 1], corners[quarter]
        a = (a[0] + (a[0] - centre[0]) * 0.5, a[1] + (a[1] - centre[1]) * 0.5)
        b = (b[0] + (b[0] - centre[0]) * 0.5, b[1] + (b[1] - centre[1]) * 0.5)
        decor.append(drawn("path", f"triangle c-{colour}", d=svg_path([a, b, centre], True)))
        branch = (starts[colour] + rules.lane_start - 1) % 52
        row, col = CROSS_LOOP[branch]
        d_row, d_col = (7 - row) / 7, (7 - col) / 7
        for k in range(1, rules.track.lane_length):
            point = at(row + d_row * k, col + d_col * k)
            spots.append(make_spot(f"lane-{colour}-{k}", point, "lane", colour, 24, shape="square"))
        goal = at(7 - d_row * 1.02, 7 - d_col * 1.02)
        spots.append(make_spot(f"goal-{colour}", goal, "goal", colour, 19))
    for space, (row, col) in enumerate(CROSS_LOOP):
        owner = start_of.get(space)
        if owner:
            kind = "start"
        elif space in stars:
            kind = "star"
        elif space in rules.safe:
            kind = "safe"
        else:
            kind = "track"
        spots.append(make_spot(f"t{space}", at(row, col), kind, owner, 24, shape="square"))
    dome = {"x": CENTRE, "y": CENTRE, "r": 34}
    # numbered where the board marks its squares: the starts and the squares 8 past them
    shown = loop_spots(rules, (0, CROSS_STAR))
    return make_layout(rules, spots, decor, dome, race_names(rules), shown)


BOARD = Board(ludo_layout, race_pieces, race_steps)
