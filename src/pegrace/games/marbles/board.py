"""Marbles' board: Aggravation's cross of 56 holes, Home rows down the arms."""

from __future__ import annotations

import math

from pegrace.boards.drawing import (
    CENTRE,
    Board,
    Json,
    board_square,
    cluster,
    drawn,
    drawn_text,
    make_layout,
    make_spot,
    svg_path,
)
from pegrace.boards.race import loop_spots, race_names, race_pieces, race_steps
from pegrace.games.marbles import Marbles

MARBLE_CELL = 58


def _quarter_turns(point: tuple[float, float], quarters: int) -> tuple[float, float]:
    """``point`` (grid units round the centre) turned ``quarters`` quarter turns clockwise."""
    x, y = point
    for _ in range(quarters):
        x, y = -y, x
    return x, y


def marble_loop() -> list[tuple[float, float]]:
    """The 56 holes of a cross-shaped Aggravation board (grid units round the centre),
    clockwise from red's start at the top arm's tip: per arm, down its right side, round
    the inner corner, out along the next arm, to the middle of that arm's tip (the hole
    before that colour's start, where its Home row branches off)."""
    arm = [(1.0, -7.0), *((1.0, float(y)) for y in range(-6, -1)), (2.0, -2.0)]
    arm += [(float(x), -1.0) for x in range(2, 7)]
    arm += [(7.0, -1.0), (7.0, 0.0)]
    return [_quarter_turns(p, quarter) for quarter in range(4) for p in arm]


def marbles_layout(rules: Marbles) -> Json:
    """Aggravation's cross: 56 holes clockwise, each colour's start at its arm's tip,
    Home running down the arm's middle, the base of 4 beside the arm."""
    holes = marble_loop()

    def at(point: tuple[float, float]) -> tuple[float, float]:
        return CENTRE + point[0] * MARBLE_CELL, CENTRE + point[1] * MARBLE_CELL

    starts = rules.track.starts
    start_of = {s: c for c, s in starts.items()}
    war = rules.war
    outline = [(-1.6, -7.7), (1.6, -7.7), (1.6, -2.6), (2.6, -2.6), (2.6, -1.6)]
    cross = [at(_quarter_turns(p, q)) for q in range(4) for p in outline]
    decor = [
        board_square(140),
        drawn("path", "cross", d=svg_path(cross, closed=True)),
        drawn_text((150, 960), "MARBLES", "title"),
    ]
    spots = []
    for quarter, colour in enumerate(rules.all_colours):
        home_row = [at(_quarter_turns((0, -7 + k), quarter)) for k in range(1, 5)]
        if not war:
            decor.append(drawn("path", f"lane-band s-{colour}", d=svg_path(home_row)))
            for k, point in enumerate(home_row, 1):
                spots.append(make_spot(f"lane-{colour}-{k}", point, "lane", colour, 20))
        base = at(_quarter_turns((4.6, -5.0), quarter))
        decor.append(drawn("circle", f"home c-{colour}", cx=base[0], cy=base[1], r=84))
        for slot, point in enumerate(cluster(base, 58)):
            spots.append(make_spot(f"base-{colour}-{slot}", point, "base", colour, 21))
        if war:  # marbles out of the game: round the base, towards the board's corner
            corner = _quarter_turns((1.0, -1.0), quarter)
            towards = math.degrees(math.atan2(corner[1], corner[0]))
            for slot in range(4):
                angle = math.radians(towards + (slot - 1.5) * 24)
                point = (base[0] + 112 * math.cos(angle), base[1] + 112 * math.sin(angle))
                spots.append(make_spot(f"out-{colour}-{slot}", point, "out", colour, 13))
    for index, hole in enumerate(holes):
        owner = start_of.get(index)
        spots.append(make_spot(f"t{index}", at(hole), "start" if owner else "track", owner, 21))
    dome = {"x": CENTRE, "y": CENTRE, "r": 88}
    # numbered at the starts and at the inner corners, 6 holes on (7 on is cramped by the dome)
    return make_layout(rules, spots, decor, dome, race_names(rules), loop_spots(rules, (0, 6)))


BOARD = Board(marbles_layout, race_pieces, race_steps)
