"""Where the board's labels go: each named spot's name beside it, as a box of text placed on
the side with the most room (from the other spots, the dome, the board's edge and the names
always drawn), not nearer any other spot than its own. The page draws a name centred on its
spot's ``tag``; a move's destination, named larger, from the same side (static/labels.js)."""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from pegrace.i18n import Said

Json = dict[str, Any]
Circle = tuple[float, float, float]  # x, y, radius
Box = tuple[float, float, float, float]  # centre x and y, half width and half height
CHAR_WIDTH = 16.8  # a character of a name at the page's size for names (28 units)
HALF_HEIGHT = 15.0
AWAY = (5.0, 15.0, 25.0)  # the distances tried between a spot's edge and its name
DIRECTIONS = 16
EDGE = 22.0  # the board's own margin round the view


def name_spots(
    spots: list[Json],
    dome: Json,
    names: dict[str, dict[str, Said | str]],
    shown: set[str],
    size: float,
) -> None:
    """Put on each spot ``names`` names its ``names`` (what each colour's words call it: a
    Said's JSON, or a number as text), its ``tag`` (where the name goes, placed for the
    English words) and ``shown`` (whether the name is always drawn)."""
    named = tuple(i for i, spot in enumerate(spots) if spot["id"] in names)
    always = frozenset(i for i in named if spots[i]["id"] in shown)
    widths = tuple(max(len(str(n)) for n in names[spots[i]["id"]].values()) for i in named)
    circles = tuple((spot["x"], spot["y"], spot["r"]) for spot in spots)
    ring = (dome["x"], dome["y"], dome["r"] + 10)
    tags = _tags(circles, ring, named, widths, always, size)
    for i, (x, y) in zip(named, tags, strict=True):
        spot = spots[i]
        spot["names"] = {
            colour: name.json() if isinstance(name, Said) else name
            for colour, name in names[spot["id"]].items()
        }
        spot["tag"] = {"x": round(x, 1), "y": round(y, 1)}
        spot["shown"] = i in always


@cache
def _tags(
    circles: tuple[Circle, ...],
    dome: Circle,
    named: tuple[int, ...],
    widths: tuple[int, ...],
    always: frozenset[int],
    size: float,
) -> tuple[tuple[float, float], ...]:
    """Each named spot's tag: the names always drawn first, each kept clear of those before it
    (kept by the board's geometry: the RL pictures draw a layout every frame)."""
    placed: list[Box] = []
    tags: dict[int, tuple[float, float]] = {}
    for i, chars in sorted(zip(named, widths, strict=True), key=lambda pair: pair[0] not in always):
        spot = circles[i]
        near = [c for j, c in enumerate(circles) if j != i and math.dist(spot[:2], c[:2]) < 250]
        near.append(dome)
        boxes = placed if i in always else []
        half = (chars * CHAR_WIDTH / 2, HALF_HEIGHT)
        # the most room from the others, less the distance from its own spot: clearly its own
        room = {box: _room(box, near, boxes, size) - _gap(box, spot) for box in _beside(spot, half)}
        best = max(room, key=room.__getitem__)
        tags[i] = best[:2]
        if i in always:
            placed.append(best)
    return tuple(tags[i] for i in named)


def _beside(spot: Circle, half: tuple[float, float]) -> list[Box]:
    """A name's boxes round ``spot`` in each of the directions tried, as far from it as tried."""
    x, y, r = spot
    w, h = half
    boxes = []
    for k in range(DIRECTIONS):
        a = 2 * math.pi * k / DIRECTIONS
        for away in AWAY:
            reach = r + away + abs(math.cos(a)) * w + abs(math.sin(a)) * h
            boxes.append((x + reach * math.cos(a), y + reach * math.sin(a), w, h))
    return boxes


def _gap(box: Box, circle: Circle) -> float:
    """From ``box`` to the edge of ``circle``."""
    x, y, w, h = box
    cx, cy, r = circle
    return math.hypot(max(abs(cx - x) - w, 0), max(abs(cy - y) - h, 0)) - r


def _room(box: Box, circles: list[Circle], boxes: list[Box], size: float) -> float:
    """How far ``box`` is from the nearest of ``circles`` (their edges), ``boxes`` and the
    board's edge."""
    x, y, w, h = box
    room = min(x - w, y - h, size - x - w, size - y - h) - EDGE
    for circle in circles:
        room = min(room, _gap(box, circle))
    for bx, by, bw, bh in boxes:
        room = min(room, math.hypot(max(abs(bx - x) - w - bw, 0), max(abs(by - y) - h - bh, 0)))
    return room
