"""What the browser needs to draw a game: the board's spots and decoration, where every
piece stands, and where each legal move goes. The web page draws it, and so do the RL
environments' pictures (pictures/raster.py): it lives outside web/ for both.

Each game's drawing is its package's ``board`` module (pegrace/games/<game>/board.py, its
``BOARD``); what they share is here: drawing.py (the view box, spots, pieces, ``Board``),
labels.py (where the spots' names go) and race.py (the race games' pieces and moves).

Everything here is geometry and bookkeeping; the rules stay in the engine. Spots are
named per game (stable for a game, its options and player count); pieces and moves are
mapped onto them from the games' own encodings (race frames through ``abs_of``,
Headache's ``space * 16 + height``). Coordinates are in a 1000 x 1000 SVG viewBox.
The page (static/) draws the returned dicts as they are; it holds no game logic.
"""

from __future__ import annotations

import importlib
from functools import cache

from pegrace.boards.drawing import Board, Json
from pegrace.engine import Rules
from pegrace.games import entry
from pegrace.moves import Move
from pegrace.state import State
from pegrace.words import Who


@cache
def _board(module: str) -> Board:
    board: Board = importlib.import_module(module).BOARD
    return board


def game_board(rules: Rules) -> Board:
    """The drawing of ``rules``' game: its package's ``board`` module."""
    return _board(entry(rules.name).board)


def board_layout(rules: Rules) -> Json:
    """Spots, decoration and the dome of the board ``rules`` is played on."""
    return game_board(rules).layout(rules)


def piece_spots(rules: Rules, state: State) -> list[Json]:
    """Every piece of every seat on its spot. Pieces sharing a spot carry ``slot`` (0..)
    and ``of`` (how many share it) so the page can spread them out; a Headache stack is
    one entry whose ``stack`` lists its colours from the bottom up."""
    pieces = game_board(rules).pieces(rules, state)
    sharing: dict[str, list[Json]] = {}
    for piece in pieces:
        sharing.setdefault(piece["spot"], []).append(piece)
    for group in sharing.values():
        for slot, piece in enumerate(group):
            piece["slot"], piece["of"] = slot, len(group)
    return pieces


def move_view(rules: Rules, state: State, move: Move, who: Who = None) -> Json:
    """A legal move as the page shows it: its text (what the page sends back), its words
    (``said``: ``rules.describe``, an order to the player, or told of ``who``), the spots it
    leaves and reaches, and its ``steps`` (one per die use in two-dice Ludo; a Headache move
    also gives the spots it passes through in ``path``)."""
    view: Json = {
        "text": move.text,
        "said": rules.describe(state, move, who).json(),
        "pass": move.is_pass,
        "from": None,
        "to": None,
        "piece": None,
        "steps": [],
    }
    if move.is_pass:
        return view
    steps, colour, index = game_board(rules).steps(rules, state, move)
    view.update(
        {
            "from": steps[0]["from"],
            "to": steps[-1]["to"],
            "piece": {"colour": colour, "index": index},
            "steps": steps,
        }
    )
    return view
