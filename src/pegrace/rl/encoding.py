"""What a learner sees and does: each game's fixed action space (an index for every move the
game can offer) and fixed-size observation, seen from the observing seat, as the core encodes
them (core/rl/encoding.rs; docs/rl.md has the tables). The moves themselves always come from
the engine: an action is only ever a legal move looked up by its index, never a move made up
from one.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pegrace.engine import Rules
from pegrace.errors import IllegalMoveError, saying
from pegrace.i18n import said
from pegrace.moves import Move
from pegrace.state import State

# every observation's numbers lie within [-BOUND, BOUND]: the board's within [-1, 1], the moves'
# expected losses (steps / 10, at most 3 seats' 4 pieces a whole lap each) below 100
BOUND = 100.0
Observation = npt.NDArray[np.float32]


def action_count(rules: Rules) -> int:
    """How many actions the game's space has (the last is the pass)."""
    return rules.core.encoding_sizes()[0]


def observation_size(rules: Rules) -> int:
    return rules.core.encoding_sizes()[1]


def legal_actions(rules: Rules, state: State) -> dict[int, Move]:
    """Each legal move of the seat to move, by its action."""
    return dict(zip(rules.core.actions(state), rules.legal_moves(state), strict=True))


def action_of(rules: Rules, state: State, move: Move) -> int:
    """The index of a legal ``move`` in its game's action space."""
    for action, legal in zip(rules.core.actions(state), rules.legal_moves(state), strict=True):
        if legal == move:
            return action
    # TRANSLATORS: {move} is the move in the game's notation ("13>17"), {position} the
    # position in it
    illegal = said(
        "{move} is not a legal move here: {position}", move=str(move), position=rules.summary(state)
    )
    raise saying(IllegalMoveError, illegal)


def observe(rules: Rules, state: State, seat: int) -> Observation:
    """The position as ``seat`` sees it (docs/rl.md has the layout)."""
    return np.array(rules.core.observe(state, seat), dtype=np.float32)
