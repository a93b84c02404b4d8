"""What the browser needs to draw a game: the board's spots and decoration, where every
piece stands, and where each legal move goes.

Everything here is geometry and bookkeeping; the rules stay in the engine. Spots are
named per game (stable for a game, its options and player count); pieces and moves are
mapped onto them from the games' own encodings (race frames through ``abs_of``,
Headache's ``space * 16 + height``). Coordinates are in a 1000 x 1000 SVG viewBox.
The page (static/) draws the returned dicts as they are; it holds no game logic.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from pegrace.engine import Rules
from pegrace.games.headache import (
    HEIGHT_BITS,
    HEIGHT_MASK,
    INNER_BASE,
    INNER_PER,
    OUTER_BASE,
    OUTER_PER,
    SPACE_COUNT,
    START_X,
    X_COUNT,
    ConeMove,
    Headache,
    cone_words,
    space_name,
    space_words,
)
from pegrace.games.ludo import LP_STARS, TWO_DICE, DiceMove, DieMove, Ludo
from pegrace.games.marbles import REMOVED, Marbles, MarbleStep
from pegrace.moves import Move, Step
from pegrace.pictures import letter
from pegrace.race import RaceRules
from pegrace.state import State

Json = dict[str, Any]
SIZE = 1000
CENTRE = SIZE / 2
# a second cue besides the letter, so no one has to tell colours apart
SHAPES = {"red": "circle", "yellow": "diamond", "green": "square", "blue": "hexagon"}


# ---------------------------------------------------------------- small helpers
def _polar(radius: float, degrees: float) -> tuple[float, float]:
    angle = math.radians(degrees)
    return CENTRE + radius * math.cos(angle), CENTRE + radius * math.sin(angle)


def _spot(
    spot_id: str,
    point: tuple[float, float],
    kind: str,
    colour: str | None = None,
    radius: float = 20,
    shape: str = "circle",
) -> Json:
    return {
        "id": spot_id,
        "x": round(point[0], 1),
        "y": round(point[1], 1),
        "kind": kind,
        "colour": colour,
        "r": radius,
        "shape": shape,
    }


def _path(points: Iterable[tuple[float, float]], closed: bool = False) -> str:
    text = " ".join(f"{'M' if i == 0 else 'L'}{x:.1f},{y:.1f}" for i, (x, y) in enumerate(points))
    return text + (" Z" if closed else "")


def _cluster(centre: tuple[float, float], gap: float) -> list[tuple[float, float]]:
    """Four places in a 2 x 2 square around ``centre`` (a base or home of 4 pieces)."""
    x, y = centre
    h = gap / 2
    return [(x - h, y - h), (x + h, y - h), (x - h, y + h), (x + h, y + h)]


def _decor(shape: str, css: str, **attrs: float | str) -> Json:
    """One drawn element: an SVG shape, its CSS class and its attributes."""
    rounded = {k: round(v, 1) if isinstance(v, float) else v for k, v in attrs.items()}
    return {"shape": shape, "class": css, **rounded}


def _text(point: tuple[float, float], text: str, css: str) -> Json:
    return _decor("text", css, x=point[0], y=point[1], text=text)


def _board_square(corner_radius: float) -> Json:
    return _decor("rect", "board", x=20, y=20, width=960, height=960, rx=corner_radius)


def _piece(colour: str, seat: int, index: int, spot: str, **extra: Any) -> Json:
    """A piece (or a Headache stack, whose ``stack`` lists its colours from the bottom)."""
    height = len(extra.get("stack", ())) or 1
    piece = {"colour": colour, "seat": seat, "index": index, "spot": spot}
    return {**piece, "letter": letter(colour), "height": height, **extra}


def _layout(rules: Rules, spots: list[Json], decor: list[Json], dome: Json) -> Json:
    return {
        "game": rules.name,
        "title": rules.title,
        "viewBox": [0, 0, SIZE, SIZE],
        "colours": list(rules.colours),
        # the sides that win together: one colour each, or a team's (Marbles' teams, Trouble's
        # two sets)
        "sides": [[rules.colours[seat] for seat in side] for side in rules.side_seats],
        "letters": {c: letter(c) for c in rules.all_colours},
        "shapes": {c: SHAPES[c] for c in rules.all_colours},
        "spots": spots,
        "decor": decor,
        "dome": dome,
    }


# ---------------------------------------------------------------- the public API
def board_layout(rules: Rules) -> Json:
    """Spots, decoration and the dome of the board ``rules`` is played on."""
    if isinstance(rules, Headache):
        return _headache_layout(rules)
    if isinstance(rules, Ludo):
        return _ludo_layout(rules)
    if isinstance(rules, Marbles):
        return _marbles_layout(rules)
    assert isinstance(rules, RaceRules)
    return _trouble_layout(rules)


def piece_spots(rules: Rules, state: State) -> list[Json]:
    """Every piece of every seat on its spot. Pieces sharing a spot carry ``slot`` (0..)
    and ``of`` (how many share it) so the page can spread them out; a Headache stack is
    one entry whose ``stack`` lists its colours from the bottom up."""
    if isinstance(rules, Headache):
        pieces = _headache_pieces(rules, state)
    else:
        assert isinstance(rules, RaceRules)
        pieces = _race_pieces(rules, state)
    sharing: dict[str, list[Json]] = {}
    for piece in pieces:
        sharing.setdefault(piece["spot"], []).append(piece)
    for group in sharing.values():
        for slot, piece in enumerate(group):
            piece["slot"], piece["of"] = slot, len(group)
    return pieces


def move_view(rules: Rules, state: State, move: Move) -> Json:
    """A legal move as the page shows it: its text (what the page sends back), a label,
    the spots it leaves and reaches, and its ``steps`` (one per die use in two-dice
    Ludo; a Headache move also gives the spots it passes through in ``path``)."""
    view: Json = {
        "text": move.text,
        "label": rules.describe(state, move),
        "pass": move.is_pass,
        "from": None,
        "to": None,
        "piece": None,
        "steps": [],
    }
    if move.is_pass:
        return view
    if isinstance(rules, Headache):
        assert isinstance(move, ConeMove)
        steps, colour, index = _headache_steps(rules, state, move)
    else:
        assert isinstance(rules, RaceRules)
        steps, colour, index = _race_steps(rules, state, move)
    view.update(
        {
            "from": steps[0]["from"],
            "to": steps[-1]["to"],
            "piece": {"colour": colour, "index": index},
            "steps": steps,
        }
    )
    return view


# ---------------------------------------------------------------- race games: pieces
def race_spot(rules: RaceRules, seat: int, position: int, base_slot: int = 0) -> str:
    """The spot of a piece at ``position`` of ``seat``'s frame (in the base: its slot)."""
    colour = rules.colours[seat]
    if position == REMOVED and isinstance(rules, Marbles):
        return f"out-{colour}-{base_slot}"
    if position < 0:
        return f"base-{colour}-{base_slot}"
    if position < rules.lane_start:
        return f"t{rules.abs_of[seat][position % rules.track.loop_length]}"
    if isinstance(rules, Ludo) and position == rules.goal:
        return f"goal-{colour}"
    return f"lane-{colour}-{position - rules.lane_start + 1}"


def _race_pieces(rules: RaceRules, state: State) -> list[Json]:
    pieces = []
    for seat, row in enumerate(state.pieces):
        colour = rules.colours[seat]
        in_base = removed = 0
        for index, position in enumerate(row):
            if position == REMOVED:
                slot, removed = removed, removed + 1
            else:
                slot = in_base
                in_base += position < 0
            spot = race_spot(rules, seat, position, slot)
            words = rules.piece_words(seat, position)
            pieces.append(_piece(colour, seat, index, spot, words=words))
    return pieces


def _race_steps(rules: RaceRules, state: State, move: Move) -> tuple[list[Json], str, int]:
    """The uses of a race move (one for a step, one per die for two-dice Ludo), each from
    and to a spot, following the mover's pieces through the uses."""
    seat = state.current
    if isinstance(move, MarbleStep):
        seat = move.owner
    if isinstance(move, DiceMove):
        uses = [(origin, target, die) for die, origin, target in move.uses]
    elif isinstance(move, DieMove):
        uses = [(move.origin, move.target, move.die)]
    else:
        assert isinstance(move, Step)
        uses = [(move.origin, move.target, 0)]
    row = list(state.pieces[seat])
    first_index = _piece_index(row, uses[0][0])
    steps = []
    for origin, target, die in uses:
        leaving = race_spot(rules, seat, origin, row.count(-1) - 1)
        row.remove(origin)
        reaching = race_spot(rules, seat, target, row.count(-1))
        row.append(target)
        row.sort()
        step: Json = {
            "from": leaving,
            "to": reaching,
            "path": _hops(rules, seat, origin, target),
            "to_words": rules.to_words(target),
        }
        if die:
            step["die"] = die
        steps.append(step)
    return steps, rules.colours[seat], first_index


def _hops(rules: RaceRules, seat: int, origin: int, target: int) -> list[str]:
    """The spots a piece passes on its way, its destination last (one hop from the base, or
    where it does not walk: a LUDOpy piece sent home or bouncing back from the goal)."""
    reaching = race_spot(rules, seat, target)
    if origin < 0 or target < 0:
        return [reaching]
    loop = rules.track.loop_length
    wraps = target < origin and isinstance(rules, Marbles)  # War: round and round the loop
    end = target + loop if wraps else target
    if end <= origin:
        return [reaching]
    passed = [race_spot(rules, seat, p % loop if wraps else p) for p in range(origin + 1, end)]
    return [*passed, reaching]


def _piece_index(row: list[int], position: int) -> int:
    """Index in the seat's sorted row of the piece that leaves ``position`` (from the
    base: the last piece there, so the others keep their slots)."""
    if position < 0:
        return row.count(position) - 1 + row.index(position)
    return row.index(position)


# ---------------------------------------------------------------- Trouble
TROUBLE_TRACK = 335


def _trouble_layout(rules: RaceRules) -> Json:
    """A round track of 28 spaces clockwise, HOME in the corners beside each START, the
    FINISH lanes running in towards the Pop-O-Matic dome in the middle."""
    loop = rules.track.loop_length
    step = 360 / loop
    starts = rules.track.board.starts
    start_of = {s: c for c, s in starts.items()}

    def angle(space: float) -> float:
        return -135 + space * step

    decor = [
        _board_square(110),
        _decor("circle", "track-band", cx=CENTRE, cy=CENTRE, r=TROUBLE_TRACK),
        _text((CENTRE, 92), "TROUBLE", "title"),
    ]
    spots = []
    for colour in rules.all_colours:
        start = starts[colour]
        lane_angle = angle(start - 0.5)
        lane_points = [
            _polar(TROUBLE_TRACK - 4 - k * 44, lane_angle)
            for k in range(1, rules.track.lane_length + 1)
        ]
        band = _path([_polar(TROUBLE_TRACK, lane_angle), lane_points[-1]])
        decor.append(_decor("path", f"lane-band s-{colour}", d=band))
        for k, point in enumerate(lane_points, 1):
            spots.append(_spot(f"lane-{colour}-{k}", point, "lane", colour, 17))
        home = _polar(TROUBLE_TRACK + 118, angle(start))
        decor.append(_decor("circle", f"home c-{colour}", cx=home[0], cy=home[1], r=82))
        for slot, point in enumerate(_cluster(home, 58)):
            spots.append(_spot(f"base-{colour}-{slot}", point, "base", colour, 20))
    for space in range(loop):
        owner = start_of.get(space)
        kind = "start" if owner else "track"
        spots.append(_spot(f"t{space}", _polar(TROUBLE_TRACK, angle(space)), kind, owner, 22))
    return _layout(rules, spots, decor, {"x": CENTRE, "y": CENTRE, "r": 92})


# ---------------------------------------------------------------- Ludo
def _ludo_layout(rules: Ludo) -> Json:
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

    starts = rules.track.board.starts
    start_of = {s: c for c, s in starts.items()}
    decor = [
        _board_square(34),
        _decor("rect", "track-band", x=margin, y=margin, width=span, height=span, rx=8),
    ]
    spots = []
    for colour in rules.all_colours:
        corner_row, corner_col = _ccw_ring(starts[colour], per_side)
        inward_row = 1 if corner_row == 0 else -1
        inward_col = 1 if corner_col == 0 else -1
        base = at(corner_row + inward_row * 3, corner_col + inward_col * 3)
        corner = (base[0] - 100, base[1] - 100)
        decor.append(
            _decor(
                "rect", f"home c-{colour}", x=corner[0], y=corner[1], width=200, height=200, rx=28
            )
        )
        for slot, point in enumerate(_cluster(base, 76)):
            spots.append(_spot(f"base-{colour}-{slot}", point, "base", colour, 24))
        branch = (starts[colour] + rules.lane_start - 1) % loop
        row, col = _ccw_ring(branch, per_side)
        d_row, d_col = (middle - row) / middle, (middle - col) / middle
        lane = [
            at(row + d_row * k * 0.9, col + d_col * k * 0.9)
            for k in range(1, rules.track.lane_length)
        ]
        decor.append(_decor("path", f"lane-band s-{colour}", d=_path([at(row, col), lane[-1]])))
        for k, point in enumerate(lane, 1):
            spots.append(_spot(f"lane-{colour}-{k}", point, "lane", colour, 22))
        goal = _polar(EXIT_RADIUS * 0.65, math.degrees(math.atan2(-d_row, -d_col)))
        spots.append(_spot(f"goal-{colour}", goal, "goal", colour, 27))
    decor.insert(2, _decor("circle", "exit", cx=CENTRE, cy=CENTRE, r=EXIT_RADIUS))
    for space in range(loop):
        owner = start_of.get(space)
        kind = "start" if owner else ("safe" if space in rules.safe else "track")
        spots.append(_spot(f"t{space}", at(*_ccw_ring(space, per_side)), kind, owner, 24))
    # a big dome: its two dice stay readable on a phone
    return _layout(rules, spots, decor, {"x": CENTRE, "y": CENTRE, "r": 82})


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


def _ludo_cross_layout(rules: Ludo) -> Json:
    """The classic cross-shaped board: 52 squares clockwise, yards in the corners, home
    columns up the middle of each arm to the home triangle."""
    cell = 920 / 15
    origin = 40.0

    def at(row: float, col: float) -> tuple[float, float]:
        return origin + (col + 0.5) * cell, origin + (row + 0.5) * cell

    starts = rules.track.board.starts
    start_of = {s: c for c, s in starts.items()}
    stars: set[int] = set()
    if rules.is_ludopy:
        stars = {(starts[c] + s - 1) % 52 for c in rules.all_colours for s in LP_STARS}
    decor = [_board_square(30)]
    spots = []
    centre = at(7, 7)
    corners = [at(6, 6), at(6, 8), at(8, 8), at(8, 6)]
    for quarter, colour in enumerate(rules.all_colours):
        top, left = CROSS_BASES[quarter]
        x, y = origin + left * cell, origin + top * cell
        decor.append(
            _decor("rect", f"home c-{colour}", x=x, y=y, width=6 * cell, height=6 * cell, rx=18)
        )
        for slot, point in enumerate(_cluster(at(top + 2.5, left + 2.5), 1.7 * cell)):
            spots.append(_spot(f"base-{colour}-{slot}", point, "base", colour, 24))
        a, b = corners[quarter - 1], corners[quarter]
        a = (a[0] + (a[0] - centre[0]) * 0.5, a[1] + (a[1] - centre[1]) * 0.5)
        b = (b[0] + (b[0] - centre[0]) * 0.5, b[1] + (b[1] - centre[1]) * 0.5)
        decor.append(_decor("path", f"triangle c-{colour}", d=_path([a, b, centre], True)))
        branch = (starts[colour] + rules.lane_start - 1) % 52
        row, col = CROSS_LOOP[branch]
        d_row, d_col = (7 - row) / 7, (7 - col) / 7
        for k in range(1, rules.track.lane_length):
            point = at(row + d_row * k, col + d_col * k)
            spots.append(_spot(f"lane-{colour}-{k}", point, "lane", colour, 24, shape="square"))
        goal = at(7 - d_row * 1.02, 7 - d_col * 1.02)
        spots.append(_spot(f"goal-{colour}", goal, "goal", colour, 19))
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
        spots.append(_spot(f"t{space}", at(row, col), kind, owner, 24, shape="square"))
    return _layout(rules, spots, decor, {"x": CENTRE, "y": CENTRE, "r": 34})


# ---------------------------------------------------------------- Marbles
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


def _marbles_layout(rules: Marbles) -> Json:
    """Aggravation's cross: 56 holes clockwise, each colour's start at its arm's tip,
    Home running down the arm's middle, the base of 4 beside the arm."""
    holes = marble_loop()

    def at(point: tuple[float, float]) -> tuple[float, float]:
        return CENTRE + point[0] * MARBLE_CELL, CENTRE + point[1] * MARBLE_CELL

    starts = rules.track.board.starts
    start_of = {s: c for c, s in starts.items()}
    war = rules.war
    outline = [(-1.6, -7.7), (1.6, -7.7), (1.6, -2.6), (2.6, -2.6), (2.6, -1.6)]
    cross = [at(_quarter_turns(p, q)) for q in range(4) for p in outline]
    decor = [
        _board_square(140),
        _decor("path", "cross", d=_path(cross, closed=True)),
        _text((150, 960), "MARBLES", "title"),
    ]
    spots = []
    for quarter, colour in enumerate(rules.all_colours):
        home_row = [at(_quarter_turns((0, -7 + k), quarter)) for k in range(1, 5)]
        if not war:
            decor.append(_decor("path", f"lane-band s-{colour}", d=_path(home_row)))
            for k, point in enumerate(home_row, 1):
                spots.append(_spot(f"lane-{colour}-{k}", point, "lane", colour, 20))
        base = at(_quarter_turns((4.6, -5.0), quarter))
        decor.append(_decor("circle", f"home c-{colour}", cx=base[0], cy=base[1], r=84))
        for slot, point in enumerate(_cluster(base, 58)):
            spots.append(_spot(f"base-{colour}-{slot}", point, "base", colour, 21))
        if war:  # marbles out of the game: round the base, towards the board's corner
            corner = _quarter_turns((1.0, -1.0), quarter)
            towards = math.degrees(math.atan2(corner[1], corner[0]))
            for slot in range(4):
                angle = math.radians(towards + (slot - 1.5) * 24)
                point = (base[0] + 112 * math.cos(angle), base[1] + 112 * math.sin(angle))
                spots.append(_spot(f"out-{colour}-{slot}", point, "out", colour, 13))
    for index, hole in enumerate(holes):
        owner = start_of.get(index)
        spots.append(_spot(f"t{index}", at(hole), "start" if owner else "track", owner, 21))
    return _layout(rules, spots, decor, {"x": CENTRE, "y": CENTRE, "r": 88})


# ---------------------------------------------------------------- Headache
X_RADIUS = 300
BULGE = 95


def _x_angle(k: float) -> float:
    return -135 + k * 360 / X_COUNT


def headache_point(space: int) -> tuple[float, float]:
    """Where a space is drawn: Xs on a circle, the outer track bulging out between them
    and the inner track bulging in, so the two tracks cross at every X."""
    if space < OUTER_BASE:
        return _polar(X_RADIUS, _x_angle(space))
    if space < INNER_BASE:
        j = space - OUTER_BASE
        t = (j % OUTER_PER + 1) / (OUTER_PER + 1)
        return _polar(X_RADIUS + BULGE * math.sin(math.pi * t), _x_angle(j // OUTER_PER + t))
    j = space - INNER_BASE
    t = (j % INNER_PER + 1) / (INNER_PER + 1)
    return _polar(X_RADIUS - BULGE * math.sin(math.pi * t), _x_angle(j // INNER_PER + t))


def headache_spot_id(space: int) -> str:
    """``x3``, ``o12``, ``i5``: the space's name (``x:3``...) made short for the page."""
    kind, _, number = space_name(space).partition(":")
    return kind[0] + number


def _headache_layout(rules: Headache) -> Json:
    """The round board: two tracks weaving round the dome and crossing at 8 Xs; each
    colour's START X sits below its triangle, its START cones piled beside it."""
    decor = [_decor("circle", "board", cx=CENTRE, cy=CENTRE, r=485)]
    for track, sign in (("outer", 1), ("inner", -1)):
        steps = 8 * 48
        curve = [
            _polar(
                X_RADIUS + sign * BULGE * math.sin(math.pi * ((n * X_COUNT / steps) % 1)),
                _x_angle(n * X_COUNT / steps),
            )
            for n in range(steps)
        ]
        decor.append(_decor("path", f"track-band track-{track}", d=_path(curve, closed=True)))
    spots = []
    colour_at = {x: c for c, x in START_X.items()}
    for colour, x in START_X.items():
        angle = _x_angle(x)
        triangle = [
            _polar(X_RADIUS + 48, angle),
            _polar(X_RADIUS + 182, angle - 13),
            _polar(X_RADIUS + 182, angle + 13),
        ]
        decor.append(_decor("path", f"triangle c-{colour}", d=_path(triangle, closed=True)))
        pile = _polar(X_RADIUS + 126, angle)  # the cones inside their triangle
        for slot, point in enumerate(_cluster(pile, 48)):  # cones a finger can see on a phone
            spots.append(_spot(f"start-{colour}-{slot}", point, "base", colour, 22))
    for space in range(SPACE_COUNT):
        is_x = space < OUTER_BASE
        kind, radius = ("x", 27) if is_x else ("track", 21)
        point = headache_point(space)
        spots.append(_spot(headache_spot_id(space), point, kind, colour_at.get(space), radius))
    return _layout(rules, spots, decor, {"x": CENTRE, "y": CENTRE, "r": 105})


def _headache_pieces(rules: Headache, state: State) -> list[Json]:
    stacks: dict[int, dict[int, int]] = {}  # space -> height -> seat
    pieces: list[Json] = []
    for seat, row in enumerate(state.pieces):
        colour = rules.colours[seat]
        waiting = 0
        for cone in row:
            if cone < 0:
                spot = f"start-{colour}-{waiting}"
                words = cone_words(colour, [colour], None)
                pieces.append(_piece(colour, seat, waiting, spot, start=True, words=words))
                waiting += 1
            else:
                stacks.setdefault(cone >> HEIGHT_BITS, {})[cone & HEIGHT_MASK] = seat
    for space in sorted(stacks):
        level = stacks[space]
        seats = [level[h] for h in sorted(level)]
        owner = seats[-1]
        colour = rules.colours[owner]
        stack = [rules.colours[s] for s in seats]
        words = cone_words(colour, stack, space)
        pieces.append(
            _piece(colour, owner, space, headache_spot_id(space), stack=stack, words=words)
        )
    return pieces


def _headache_steps(rules: Headache, state: State, move: ConeMove) -> tuple[list[Json], str, int]:
    colour = rules.colours[state.current]
    if move.from_start:
        waiting = sum(1 for cone in state.pieces[state.current] if cone < 0)
        leaving = f"start-{colour}-{waiting - 1}"
        index = waiting - 1
    else:
        leaving = headache_spot_id(move.origin)
        index = move.origin
    step = {
        "from": leaving,
        "to": headache_spot_id(move.target),
        "path": [headache_spot_id(s) for s in move.path],
        "ccw": move.backward,
        "to_words": f"to {space_words(move.target)}",
    }
    return [step], colour, index
