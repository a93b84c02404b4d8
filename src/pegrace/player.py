"""The Player interface: anything that, shown the state, the roll and the legal moves, returns
one; and what it is to the native core (``core_player``: the core's name for it and its
settings), by which the core plays it. The players themselves are in players.py (and the search
players in search.py); native.py knows none of them."""

from __future__ import annotations

from collections.abc import Sequence

from pegrace import _core
from pegrace.engine import Rules
from pegrace.moves import Move
from pegrace.native import CorePlayer
from pegrace.state import State

# the computer players the core plays by their own names (the search players, hard, expert and
# their variations, and the learned policies by their settings: their own ``core_player``)
CORE_PLAYERS = frozenset(_core.player_names())


class Player:
    name = "player"
    is_human = False

    def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        raise NotImplementedError

    def core_player(self, rules: Rules) -> CorePlayer | None:
        """How the native core plays this player in ``rules``: its name there and its
        settings, or None where the core does not play it (a person, a player of Python's
        alone). By default a player the core knows by its name (``CORE_PLAYERS``), with its
        share of random moves (``mistakes``)."""
        if self.is_human or self.name not in CORE_PLAYERS:
            return None
        return CorePlayer.named(self.name, float(getattr(self, "mistakes", 0.5)))
