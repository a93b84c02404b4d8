"""Parchís' board: the Spanish cross. Four arms of 3 columns by 8 rows round a centre of four
coloured triangles (the goal); the homes fill the corners between the arms, yellow's at the
bottom right, then blue's, red's and green's counter-clockwise. Each arm's two outer columns
and the middle column's far end (its tip) are track, 17 spaces an arm; the middle column's
other 7 are the colour's home column. The spaces carry the numbers the real board prints,
1 to 68, counter-clockwise from beside yellow's tip (printed 68)."""

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
    svg_path,
)
from pegrace.boards.race import race_names, race_pieces, race_steps
from pegrace.games.parchis import Parchis

Point = tuple[float, float]
ROW = 44.0  # a space's depth along its arm
COLUMN = 78.0  # a space's width across its arm (a real board's spaces are wide and shallow)
INNER = 1.5 * COLUMN  # from the centre to where the arms begin: half the goal's square
ARM = 8  # rows an arm
SPOT = 18.0  # a space's spot: two pieces side by side fit it
NUMBER_AWAY = 0.36 * COLUMN  # a printed number, from its space's middle towards the edge


def _turn(point: Point, quarters: int) -> Point:
    """``point`` (round the centre, y down) turned ``quarters`` quarter turns counter-clockwise
    on screen: the bottom arm's place onto the right arm's, the top's, the left's."""
    x, y = point
    for _ in range(quarters % 4):
        x, y = y, -x
    return x, y


def _at(point: Point) -> Point:
    return CENTRE + point[0], CENTRE + point[1]


def _row_y(row: int) -> float:
    """The middle of an arm's ``row`` (0 beside the centre, 7 at the arm's end), downwards."""
    return INNER + (row + 0.5) * ROW


def _quarter_spaces() -> list[tuple[Point, Point, Point]]:
    """The 17 track spaces after the bottom arm's tip, in printed order 1..17, as each space's
    middle, its half width and half height, and where its number goes (round the centre):
    up the bottom arm's right column, out along the right arm's lower row, the right arm's
    tip. The other quarters are these turned."""
    column = (COLUMN / 2, ROW / 2)
    row = (ROW / 2, COLUMN / 2)
    spaces = []
    for k in range(ARM - 1, -1, -1):  # printed 1..8: from the arm's end towards the centre
        middle = (COLUMN, _row_y(k))
        spaces.append((middle, column, (COLUMN + NUMBER_AWAY, middle[1])))
    for k in range(ARM):  # printed 9..16: from the centre out
        middle = (_row_y(k), COLUMN)
        spaces.append((middle, row, (middle[0], COLUMN + NUMBER_AWAY)))
    tip = (_row_y(ARM - 1), 0.0)
    spaces.append((tip, row, (tip[0], NUMBER_AWAY)))
    return spaces


def _space_rect(middle: Point, half: Point, quarters: int, css: str) -> Json:
    """A space's square on the board, turned with its quarter (width and height swap)."""
    x, y = _at(_turn(middle, quarters))
    w, h = half if quarters % 2 == 0 else (half[1], half[0])
    return drawn("rect", css, x=x - w, y=y - h, width=2 * w, height=2 * h)


def parchis_layout(rules: Parchis) -> Json:
    """The cross: each colour's corner, home column and goal, then the 68 track spaces."""
    quarter = rules.track.loop_length // 4
    decor = [board_square(24)]
    spots = []
    for colour, start in rules.track.starts.items():
        turns = start // quarter  # yellow's quarter (0) is the bottom arm and right corner
        decor += _corner(colour, turns)
        spots += _home_spots(colour, turns)
        spots += _lane(colour, turns, rules.track.lane_length - 1, decor)
    spaces, numbers, track = _track(rules)
    dome = {"x": CENTRE, "y": CENTRE, "r": 32}
    # no name always drawn: the board prints its own numbers, the ones the move words say
    return make_layout(rules, spots + track, decor + spaces + numbers, dome, race_names(rules))


def _track(rules: Parchis) -> tuple[list[Json], list[Json], list[Json]]:
    """The track's squares (the exits in their colours, the seguros shaded), the numbers
    printed on them and their spots (``t<space>``: the track space, printed 5 on)."""
    loop = rules.track.loop_length
    exit_of = {space: colour for colour, space in rules.track.starts.items()}
    in_quarter = _quarter_spaces()
    squares, numbers, spots = [], [], []
    for space in range(loop):
        printed = rules.printed(space)
        turns, index = divmod(printed - 1, loop // 4)
        middle, half, number = in_quarter[index]
        owner = exit_of.get(space)
        kind = "start" if owner else ("safe" if space in rules.safe else "track")
        css = {"start": f"space exit c-{owner}", "safe": "space safe"}.get(kind, "space")
        squares.append(_space_rect(middle, half, turns, css))
        on = f"number on-{kind} c-{owner}" if owner else f"number on-{kind}"
        numbers.append(drawn_text(_at(_turn(number, turns)), str(printed), on))
        spots.append(make_spot(f"t{space}", _at(_turn(middle, turns)), kind, owner, SPOT))
    return squares, numbers, spots


def _corner(colour: str, turns: int) -> list[Json]:
    """A colour's home in the corner after its arm, and its triangle of the goal."""
    side = ARM * ROW
    x, y = _at(_turn((INNER + side / 2, INNER + side / 2), turns))
    inset = side / 2 - 8  # a margin between the home and the arms round it
    square = {"x": x - inset, "y": y - inset, "width": 2 * inset, "height": 2 * inset}
    home = drawn("rect", f"home c-{colour}", **square, rx=14)
    ring = drawn("circle", f"home-ring c-{colour}", cx=x, cy=y, r=side * 0.4)
    corners = [_at(_turn(p, turns)) for p in ((-INNER, INNER), (INNER, INNER), (0.0, 0.0))]
    triangle = drawn("path", f"triangle c-{colour}", d=svg_path(corners, closed=True))
    return [home, ring, triangle]


def _home_spots(colour: str, turns: int) -> list[Json]:
    """The four places of a colour's pieces at home, in its corner's ring."""
    middle = INNER + ARM * ROW / 2
    corner = _at(_turn((middle, middle), turns))
    return [
        make_spot(f"base-{colour}-{slot}", point, "base", colour, 30)
        for slot, point in enumerate(cluster(corner, 120))
    ]


def _lane(colour: str, turns: int, length: int, decor: list[Json]) -> list[Json]:
    """A colour's home column up its arm's middle from beside the tip, and its goal in its
    triangle of the centre (its squares drawn into ``decor``)."""
    spots = []
    half = (COLUMN / 2, ROW / 2)
    for k in range(1, length + 1):
        middle = (0.0, _row_y(ARM - 1 - k))
        decor.append(_space_rect(middle, half, turns, f"space lane c-{colour}"))
        point = _at(_turn(middle, turns))
        spots.append(make_spot(f"lane-{colour}-{k}", point, "lane", colour, SPOT))
    goal = _at(_turn((0.0, 0.62 * INNER), turns))
    spots.append(make_spot(f"goal-{colour}", goal, "goal", colour, 26))
    return spots


BOARD = Board(parchis_layout, race_pieces, race_steps)
