"""What a learner sees and does: each game's fixed action space (an index for every move the
game can offer) and fixed-size observation, seen from the observing seat. docs/rl.md has the
tables. The moves themselves always come from the engine: an action is only ever a legal move
looked up by its index, never a move made up from one.

Actions:
- Trouble, one-die Ludo (classic, LUDOpy) and Marbles: ``owner * 4 + piece`` (9 actions):
  ``piece`` the index, in the owner's sorted positions, of the first piece where the move
  starts; ``owner`` 0 for the mover's own pieces, 1 for a partner's (Marbles' partner roll);
  8 is the pass.
- Two-dice Ludo: ``(die * 4 + first) * 5 + second`` (41 actions): ``die`` 0 when the first
  use is of the lower die, 1 the higher; ``first`` the piece it moves; ``second`` the piece the
  other die moves, indexed in the positions after the first use (4: no second use); 40 is the
  pass.
- Headache: ``(origin * 48 + target) * 2 + ccw`` (4,705 actions): ``origin`` the cone's or
  stack's space (48 for START), ``target`` its destination, ``ccw`` 1 for a stack moving
  counter-clockwise; 4,704 is the pass.

Observations (float32, every seat listed from the observer's round, absent seats zeros):
- race games: for each of 4 seats and each of its 4 pieces (sorted), how far it has come
  (position + 1) / (goal + 1) (0 in the base) and where it stands on the loop counted from the
  observer's start, / loop length (-1 off the loop); then the seat to act (one-hot of 4) and the
  roll (one-hot of 6 for each die, 2 dice).
- Headache: for each of the 48 spaces, the owner of the cone or stack there (one-hot of 4 seats)
  and its height / 16; each seat's cones on START / 4; the seat to act (4); the number die
  (one-hot of 6), then the bonus dot (1) and 5 zeros.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pegrace.engine import Rules
from pegrace.games.headache import HEIGHT_BITS, HEIGHT_MASK, SPACE_COUNT, ConeMove, Headache
from pegrace.games.ludo import TWO_DICE, DiceMove, DieMove, Ludo
from pegrace.games.marbles import MarbleStep
from pegrace.moves import Move, Step
from pegrace.race import RaceRules
from pegrace.state import State

SEATS = 4  # observations list 4 seats whatever the player count
PIECES = 4
FACES = 6
# every observation's numbers lie within [-BOUND, BOUND]: the board's within [-1, 1], the moves'
# expected losses (steps / 10, at most 3 seats' 4 pieces a whole lap each) below 100
BOUND = 100.0
Observation = npt.NDArray[np.float32]


def action_of(rules: Rules, state: State, move: Move) -> int:
    """The index of a legal ``move`` in its game's action space."""
    size = action_count(rules)
    if move.is_pass:
        return size - 1
    if isinstance(move, ConeMove):
        origin = 48 if move.from_start else move.origin
        return (origin * SPACE_COUNT + move.target) * 2 + int(move.backward)
    if isinstance(move, DiceMove):
        return _dice_action(state, move)
    owner = move.owner if isinstance(move, MarbleStep) else state.current
    assert isinstance(move, (Step, DieMove))
    row = state.pieces[owner]
    return int(owner != state.current) * PIECES + row.index(move.origin)


def _dice_action(state: State, move: DiceMove) -> int:
    (die, origin, target), *rest = move.uses
    roll = state.roll
    assert isinstance(roll, tuple)
    row = list(state.pieces[state.current])
    first = row.index(origin)
    row[first] = target
    row.sort()
    second = row.index(rest[0][1]) if rest else PIECES
    return ((int(die != min(roll)) * PIECES + first) * (PIECES + 1)) + second


def action_count(rules: Rules) -> int:
    """How many actions the game's space has (the last is the pass)."""
    if isinstance(rules, Headache):
        return 49 * SPACE_COUNT * 2 + 1
    if isinstance(rules, Ludo) and rules.variant == TWO_DICE:
        return 2 * PIECES * (PIECES + 1) + 1
    return 2 * PIECES + 1


def observation_size(rules: Rules) -> int:
    seat_and_roll = SEATS + 2 * FACES
    if isinstance(rules, Headache):
        return SPACE_COUNT * (SEATS + 1) + SEATS + seat_and_roll
    return SEATS * PIECES * 2 + seat_and_roll


def legal_actions(rules: Rules, state: State) -> dict[int, Move]:
    """Each legal move of the seat to move, by its action."""
    return {action_of(rules, state, move): move for move in rules.legal_moves(state)}


def observe(rules: Rules, state: State, seat: int) -> Observation:
    """The position as ``seat`` sees it (see the module's table)."""
    out = np.zeros(observation_size(rules), dtype=np.float32)
    if isinstance(rules, Headache):
        _observe_headache(rules, state, seat, out)
    else:
        assert isinstance(rules, RaceRules)
        _observe_race(rules, state, seat, out)
    return out


def _round(rules: Rules, seat: int) -> list[int]:
    """The seats from ``seat`` round the table, in board order."""
    count = len(rules.colours)
    return [(seat + k) % count for k in range(count)]


def _seat_and_roll(rules: Rules, state: State, seat: int, out: Observation, at: int) -> int:
    """The seat to act (relative to ``seat``), then the number dice; the next index."""
    if not state.is_over:
        out[at + _round(rules, seat).index(state.current)] = 1.0
    at += SEATS
    roll = state.roll
    faces = roll if isinstance(roll, tuple) else (() if roll is None else (roll,))
    if isinstance(rules, Headache) and isinstance(roll, tuple):
        faces = roll[:1]
    for k, face in enumerate(faces[:2]):
        out[at + k * FACES + face - 1] = 1.0
    return at + 2 * FACES


def _observe_race(rules: RaceRules, state: State, seat: int, out: Observation) -> None:
    loop = rules.track.loop_length
    mine = rules.abs_of[seat][0]  # the observer's start, on the loop
    for k, other in enumerate(_round(rules, seat)):
        for p, position in enumerate(state.pieces[other]):  # sorted, as every State's
            at = (k * PIECES + p) * 2
            out[at] = (position + 1) / (rules.goal + 1) if position >= 0 else 0.0
            on_loop = 0 <= position < rules.lane_start
            out[at + 1] = (
                ((rules.abs_of[other][position % loop] - mine) % loop) / loop if on_loop else -1.0
            )
    _seat_and_roll(rules, state, seat, out, SEATS * PIECES * 2)


def _observe_headache(rules: Headache, state: State, seat: int, out: Observation) -> None:
    order = _round(rules, seat)
    for other, row in enumerate(state.pieces):
        k = order.index(other)
        for cone in row:
            if cone < 0:
                out[SPACE_COUNT * (SEATS + 1) + k] += 1.0 / PIECES
                continue
            space, height = cone >> HEIGHT_BITS, cone & HEIGHT_MASK
            top = out[space * (SEATS + 1) + SEATS] * 16 - 1  # the highest cone seen there yet
            if height > top:  # the top cone owns the stack
                out[space * (SEATS + 1) : space * (SEATS + 1) + SEATS] = 0.0
                out[space * (SEATS + 1) + k] = 1.0
                out[space * (SEATS + 1) + SEATS] = (height + 1) / 16
    at = _seat_and_roll(rules, state, seat, out, SPACE_COUNT * (SEATS + 1) + SEATS)
    roll = state.roll
    if isinstance(roll, tuple) and len(roll) > 1:
        out[at - FACES] = float(roll[1])  # the bonus dot, where a second die would be
