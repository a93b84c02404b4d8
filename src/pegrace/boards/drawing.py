"""What every game's board is drawn with: the 1000 x 1000 SVG viewBox, spots, pieces,
decoration and the layout the page reads, and ``Board``, what each game's module gives
(pegrace.boards has the overview)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from pegrace.boards.labels import name_spots
from pegrace.engine import Rules
from pegrace.i18n import Said
from pegrace.pictures import letter
from pegrace.state import State

Json = dict[str, Any]
SIZE = 1000
CENTRE = SIZE / 2
# a second cue besides the letter, so no one has to tell colours apart
SHAPES = {"red": "circle", "yellow": "diamond", "green": "square", "blue": "hexagon"}
Steps = tuple[list[Json], str, int]  # a move's uses, the mover's colour and its piece's index
# spot id -> colour -> what that colour's move words call the spot (a number as text)
Names = dict[str, dict[str, Said | str]]


@dataclass(frozen=True)
class Board:
    """How the page draws one game (each game's module has one, ``BOARD``, which its
    registry entry names): the board's spots and decoration, every piece on its spot, and
    the uses of a move with the colour and index of the piece it moves. Each takes the
    game's own rules class."""

    layout: Callable[[Any], Json]
    pieces: Callable[[Any, State], list[Json]]
    steps: Callable[[Any, State, Any], Steps]


def polar(radius: float, degrees: float) -> tuple[float, float]:
    angle = math.radians(degrees)
    return CENTRE + radius * math.cos(angle), CENTRE + radius * math.sin(angle)


def make_spot(
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


def svg_path(points: Iterable[tuple[float, float]], closed: bool = False) -> str:
    text = " ".join(f"{'M' if i == 0 else 'L'}{x:.1f},{y:.1f}" for i, (x, y) in enumerate(points))
    return text + (" Z" if closed else "")


def cluster(centre: tuple[float, float], gap: float) -> list[tuple[float, float]]:
    """Four places in a 2 x 2 square around ``centre`` (a base or home of 4 pieces)."""
    x, y = centre
    h = gap / 2
    return [(x - h, y - h), (x + h, y - h), (x - h, y + h), (x + h, y + h)]


def drawn(shape: str, css: str, **attrs: float | str) -> Json:
    """One drawn element: an SVG shape, its CSS class and its attributes."""
    rounded = {k: round(v, 1) if isinstance(v, float) else v for k, v in attrs.items()}
    return {"shape": shape, "class": css, **rounded}


def drawn_text(point: tuple[float, float], text: str | Said, css: str) -> Json:
    """Text drawn on the board: a name as it is (``text``: a game's title), or words in the
    page's language (``said``)."""
    if isinstance(text, Said):
        return {**drawn("text", css, x=point[0], y=point[1]), "said": text.json()}
    return drawn("text", css, x=point[0], y=point[1], text=text)


def board_square(corner_radius: float) -> Json:
    return drawn("rect", "board", x=20, y=20, width=960, height=960, rx=corner_radius)


def make_piece(colour: str, seat: int, index: int, spot: str, words: Said, **extra: Any) -> Json:
    """A piece (or a Headache stack, whose ``stack`` lists its colours from the bottom), with
    its ``words`` where it stands, for screen readers."""
    height = len(extra.get("stack", ())) or 1
    piece = {"colour": colour, "seat": seat, "index": index, "spot": spot}
    return {**piece, "letter": letter(colour), "height": height, **extra, "words": words.json()}


def make_layout(
    rules: Rules,
    spots: list[Json],
    decor: list[Json],
    dome: Json,
    names: Names | None = None,
    shown: Iterable[str] = (),
) -> Json:
    """The layout the page reads; ``names`` (what each colour's words call a spot) are put on
    their spots with a ``tag``, where the name is drawn, and ``shown``: the spots whose name is
    always drawn (the others' only when a move shown goes there)."""
    if names:
        name_spots(spots, dome, names, set(shown), SIZE)
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
