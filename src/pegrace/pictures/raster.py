"""A position as an RGB picture (a ``height x width x 3`` array of bytes): the environments'
``rgb_array`` render mode, for video recorders and learning libraries that ask for one. It
draws the web page's board (boards.py: the same spots and pieces, in the same places) with
Pillow, simply: spots as rings, pieces as discs in their colour, a stack as rings of its
colours, the colour to act ringed at its start.

Needs Pillow and NumPy (the ``rl`` extra)."""

from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageDraw

from pegrace.boards import board_layout, piece_spots
from pegrace.boards.drawing import SIZE
from pegrace.engine import Rules
from pegrace.state import State

RGB = tuple[int, int, int]
COLOURS: dict[str, RGB] = {
    "red": (214, 40, 57),
    "yellow": (240, 180, 20),
    "green": (34, 150, 60),
    "blue": (36, 99, 235),
}
PAPER: RGB = (238, 228, 204)
SPOT: RGB = (252, 250, 244)
INK: RGB = (60, 60, 60)
DEFAULT_SIZE = 256  # pixels a side: enough to tell every piece apart


def pale(colour: RGB) -> RGB:
    """The colour mixed with white: a spot that belongs to a colour."""
    return (colour[0] + 255) // 2, (colour[1] + 255) // 2, (colour[2] + 255) // 2


@functools.lru_cache(maxsize=32)
def _layout(rules: Rules) -> dict[str, Any]:
    return board_layout(rules)


def rgb_picture(rules: Rules, state: State, size: int = DEFAULT_SIZE) -> npt.NDArray[np.uint8]:
    """The position drawn ``size`` pixels a side."""
    layout = _layout(rules)
    scale = size / SIZE
    picture = Image.new("RGB", (size, size), PAPER)
    pen = ImageDraw.Draw(picture)
    spots = {spot["id"]: spot for spot in layout["spots"]}
    for spot in layout["spots"]:
        owner = COLOURS.get(spot.get("colour") or "")
        _disc(
            pen,
            spot["x"] * scale,
            spot["y"] * scale,
            spot["r"] * scale,
            pale(owner) if owner else SPOT,
            owner or INK,
        )
    if not state.is_over:
        _ring_start(pen, layout, rules.colours[state.current], scale)
    for piece in piece_spots(rules, state):
        _piece(pen, piece, spots[piece["spot"]], scale)
    return np.asarray(picture, dtype=np.uint8)


def _disc(pen: ImageDraw.ImageDraw, x: float, y: float, r: float, fill: RGB, line: RGB) -> None:
    pen.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=line, width=max(1, round(r / 6)))


def _ring_start(
    pen: ImageDraw.ImageDraw, layout: dict[str, Any], colour: str, scale: float
) -> None:
    """A ring round the base (or START) of the colour to act, as the page's turn marker."""
    home = [
        s for s in layout["spots"] if s["id"].startswith((f"base-{colour}-", f"start-{colour}-"))
    ]
    if not home:
        return
    x = sum(s["x"] for s in home) / len(home)
    y = sum(s["y"] for s in home) / len(home)
    reach = max(math.hypot(s["x"] - x, s["y"] - y) + s["r"] for s in home) + 8
    r = reach * scale
    pen.ellipse(
        (x * scale - r, y * scale - r, x * scale + r, y * scale + r),
        outline=INK,
        width=max(2, round(6 * scale)),
    )


def _piece(
    pen: ImageDraw.ImageDraw, piece: dict[str, Any], spot: dict[str, Any], scale: float
) -> None:
    """A disc in its colour (spread out where pieces share a spot); a stack as rings of its
    colours from the bottom (outside) to the top (the disc)."""
    x, y, r = spot["x"], spot["y"], max(spot["r"] * 0.9, 16.0)
    if piece.get("of", 1) > 1:
        angle = -math.pi / 2 + piece["slot"] * 2 * math.pi / piece["of"]
        x += spot["r"] * 0.55 * math.cos(angle)
        y += spot["r"] * 0.55 * math.sin(angle)
        r *= 0.72
    layers = piece.get("stack") or [piece["colour"]]
    step = r / (len(layers) + 1)
    for level, colour in enumerate(layers):  # the bottom one widest
        radius = (r + step * (len(layers) - 1 - level)) * scale
        _disc(pen, x * scale, y * scale, radius, COLOURS[colour], INK)
