"""Trouble's board: a round track, HOME in the corners, FINISH lanes towards the dome."""

from __future__ import annotations

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
    polar,
    svg_path,
)
from pegrace.boards.race import loop_spots, race_names, race_pieces, race_steps
from pegrace.race import RaceRules

TROUBLE_TRACK = 335


def trouble_layout(rules: RaceRules) -> Json:
    """A round track of 28 spaces clockwise, HOME in the corners beside each START, the
    FINISH lanes running in towards the Pop-O-Matic dome in the middle."""
    loop = rules.track.loop_length
    step = 360 / loop
    starts = rules.track.starts
    start_of = {s: c for c, s in starts.items()}

    def angle(space: float) -> float:
        return -135 + space * step

    decor = [
        board_square(110),
        drawn("circle", "track-band", cx=CENTRE, cy=CENTRE, r=TROUBLE_TRACK),
        drawn_text((CENTRE, 92), "TROUBLE", "title"),
    ]
    spots = []
    for colour in rules.all_colours:
        start = starts[colour]
        lane_angle = angle(start - 0.5)
        lane_points = [
            polar(TROUBLE_TRACK - 4 - k * 44, lane_angle)
            for k in range(1, rules.track.lane_length + 1)
        ]
        band = svg_path([polar(TROUBLE_TRACK, lane_angle), lane_points[-1]])
        decor.append(drawn("path", f"lane-band s-{colour}", d=band))
        for k, point in enumerate(lane_points, 1):
            spots.append(make_spot(f"lane-{colour}-{k}", point, "lane", colour, 17))
        home = polar(TROUBLE_TRACK + 118, angle(start))
        decor.append(drawn("circle", f"home c-{colour}", cx=home[0], cy=home[1], r=82))
        for slot, point in enumerate(cluster(home, 58)):
            spots.append(make_spot(f"base-{colour}-{slot}", point, "base", colour, 20))
    for space in range(loop):
        owner = start_of.get(space)
        kind = "start" if owner else "track"
        spots.append(make_spot(f"t{space}", polar(TROUBLE_TRACK, angle(space)), kind, owner, 22))
    dome = {"x": CENTRE, "y": CENTRE, "r": 92}
    # numbered every 7th space: the starts
    return make_layout(rules, spots, decor, dome, race_names(rules), loop_spots(rules, (0,)))


BOARD = Board(trouble_layout, race_pieces, race_steps)
