"""Headache's board: two tracks weaving round the dome, crossing at 8 Xs; its pieces are
stacks (``space * 16 + height``) and its moves follow a path."""

from __future__ import annotations

import math

from pegrace.boards.drawing import (
    CENTRE,
    Board,
    Json,
    Names,
    cluster,
    drawn,
    drawn_text,
    make_layout,
    make_piece,
    make_spot,
    polar,
    svg_path,
)
from pegrace.games.headache import (
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
    track_words,
)
from pegrace.i18n import said
from pegrace.state import State
from pegrace.words import towards

X_RADIUS = 300
BULGE = 95
# TRANSLATORS: the name of the place on Headache's board where a player's cones start
START = said("START")


def _x_angle(k: float) -> float:
    return -135 + k * 360 / X_COUNT


def headache_point(space: int) -> tuple[float, float]:
    """Where a space is drawn: Xs on a circle, the outer track bulging out between them
    and the inner track bulging in, so the two tracks cross at every X."""
    if space < OUTER_BASE:
        return polar(X_RADIUS, _x_angle(space))
    if space < INNER_BASE:
        j = space - OUTER_BASE
        t = (j % OUTER_PER + 1) / (OUTER_PER + 1)
        return polar(X_RADIUS + BULGE * math.sin(math.pi * t), _x_angle(j // OUTER_PER + t))
    j = space - INNER_BASE
    t = (j % INNER_PER + 1) / (INNER_PER + 1)
    return polar(X_RADIUS - BULGE * math.sin(math.pi * t), _x_angle(j // INNER_PER + t))


def headache_spot_id(space: int) -> str:
    """``x3``, ``o12``, ``i5``: the space's name (``x:3``...) made short for the page."""
    return SPOT_IDS[space]


def _spot_id(space: int) -> str:
    kind, _, number = space_name(space).partition(":")
    return kind[0] + number


SPOT_IDS = tuple(_spot_id(space) for space in range(SPACE_COUNT))  # every move names several


def headache_layout(rules: Headache) -> Json:
    """The round board: two tracks weaving round the dome and crossing at 8 Xs; each
    colour's START X sits below its triangle, its START cones piled beside it."""
    decor = [drawn("circle", "board", cx=CENTRE, cy=CENTRE, r=485)]
    for track, sign in (("outer", 1), ("inner", -1)):
        steps = 8 * 48
        curve = [
            polar(
                X_RADIUS + sign * BULGE * math.sin(math.pi * ((n * X_COUNT / steps) % 1)),
                _x_angle(n * X_COUNT / steps),
            )
            for n in range(steps)
        ]
        decor.append(drawn("path", f"track-band track-{track}", d=svg_path(curve, closed=True)))
    spots = []
    colour_at = {x: c for c, x in START_X.items()}
    for colour, x in START_X.items():
        angle = _x_angle(x)
        triangle = [
            polar(X_RADIUS + 48, angle),
            polar(X_RADIUS + 182, angle - 13),
            polar(X_RADIUS + 182, angle + 13),
        ]
        decor.append(drawn("path", f"triangle c-{colour}", d=svg_path(triangle, closed=True)))
        pile = polar(X_RADIUS + 126, angle)  # the cones inside their triangle
        for slot, point in enumerate(cluster(pile, 48)):  # cones a finger can see on a phone
            spots.append(make_spot(f"start-{colour}-{slot}", point, "base", colour, 22))
    for space in range(SPACE_COUNT):
        is_x = space < OUTER_BASE
        kind, radius = ("x", 27) if is_x else ("track", 21)
        point = headache_point(space)
        spots.append(make_spot(headache_spot_id(space), point, kind, colour_at.get(space), radius))
    decor += ring_names()
    dome = {"x": CENTRE, "y": CENTRE, "r": 105}
    shown = [headache_spot_id(space) for space in range(X_COUNT)]  # the Xs
    return make_layout(rules, spots, decor, dome, headache_names(rules), shown)


def ring_names() -> list[Json]:
    """The tracks' names as the words say them (``outer``, ``inner``), twice each: outside the
    outer track and inside the inner one, halfway between two Xs."""
    texts = []
    for k in (0.5, X_COUNT / 2 + 0.5):
        for track, radius in (("outer", X_RADIUS + BULGE + 50), ("inner", X_RADIUS - 160)):
            ring = track_words(track)
            texts.append(drawn_text(polar(radius, _x_angle(k)), ring, "ring-name"))
    return texts


def headache_names(rules: Headache) -> Names:
    """What the move words call each space (``space_words``: ``X 2``, ``outer 7``), the same
    for every colour, and each colour's START pile."""
    names: Names = {
        headache_spot_id(space): dict.fromkeys(rules.colours, space_words(space))
        for space in range(SPACE_COUNT)
    }
    for colour in rules.colours:
        for slot in range(rules.pieces_per_colour):
            names[f"start-{colour}-{slot}"] = {colour: START}
    return names


def headache_pieces(rules: Headache, state: State) -> list[Json]:
    pieces: list[Json] = []
    for seat, row in enumerate(state.pieces):
        colour = rules.colours[seat]
        waiting = 0
        for cone in row:
            if cone < 0:
                spot = f"start-{colour}-{waiting}"
                words = cone_words(colour, [colour], None)
                pieces.append(make_piece(colour, seat, waiting, spot, start=True, words=words))
                waiting += 1
    for space, seats in sorted(rules.stacks(state).items()):
        owner = seats[-1]
        colour = rules.colours[owner]
        stack = [rules.colours[s] for s in seats]
        words = cone_words(colour, stack, space)
        pieces.append(
            make_piece(colour, owner, space, headache_spot_id(space), stack=stack, words=words)
        )
    return pieces


def headache_steps(rules: Headache, state: State, move: ConeMove) -> tuple[list[Json], str, int]:
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
        "to_words": towards(space_words(move.target)).json(),
    }
    return [step], colour, index


BOARD = Board(headache_layout, headache_pieces, headache_steps)
