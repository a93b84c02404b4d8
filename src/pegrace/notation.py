"""State JSON: a form a person can write by hand, and an exact round trip.

Written states hold every field; a hand-written one needs only ``pieces`` (the
colours named there say how many players), and may add ``game``, ``players``,
``rules``, ``to_move``, ``roll`` and the rest. docs/notation.md has examples.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pegrace.engine import Rules
from pegrace.errors import NotationError, PegraceError
from pegrace.games import get_rules
from pegrace.readers import parse_json
from pegrace.state import Phase, State

STATE_KEYS = {
    "game",
    "players",
    "rules",
    "phase",
    "to_move",
    "roll",
    "pieces",
    "finished",
    "out",
    "streak",
    "turn",
    "contenders",
    "rolloff",
    "aux",
    "end",
}
# the largest values the native core keeps: extra rolls in a turn, turns, a game's counters
LONGEST_STREAK, LAST_TURN, LARGEST_COUNTER = 255, 2**32 - 1, 2**16 - 1


def state_to_json(rules: Rules, state: State) -> dict[str, Any]:
    colour = rules.colours
    return {
        "game": rules.name,
        "players": rules.players,
        "rules": dict(rules.options),
        "phase": state.phase.name.lower(),
        "to_move": colour[state.current],
        "roll": None if state.roll is None else rules.dice.to_json(state.roll),
        "pieces": {
            colour[seat]: [rules.piece_text(seat, p) for p in row]
            for seat, row in enumerate(state.pieces)
        },
        "finished": [colour[s] for s in state.finished],
        "out": [colour[s] for s in state.out],
        "streak": state.streak,
        "turn": state.turn,
        "contenders": [colour[s] for s in state.contenders],
        "rolloff": list(state.rolloff),
        "aux": list(state.aux),
        "end": state.end,
    }


def rules_for_state(data: Mapping[str, Any], game: str | None = None) -> Rules:
    """The rules a state document describes (its game, player count and options)."""
    if not isinstance(data, Mapping):
        raise NotationError("a state must be a JSON object")
    unknown = set(data) - STATE_KEYS
    if unknown:
        raise NotationError(f"unknown state key(s): {', '.join(sorted(unknown))}")
    named = data.get("game", game)
    if game is not None and named != game:
        raise NotationError(f"the state is a {named} state, not {game}")
    if not isinstance(named, str):
        raise NotationError('the state does not say which game it is (add "game")')
    pieces = data.get("pieces")
    if not isinstance(pieces, Mapping) or not pieces:
        raise NotationError('a state needs "pieces": {colour: [position, ...], ...}')
    options = data.get("rules", {})
    if not isinstance(options, Mapping):
        raise NotationError('"rules" must be an object of option names to values')
    players = data.get("players", len(pieces))
    if type(players) is not int:
        raise NotationError(f'"players" must be a whole number, not {players!r}')
    return get_rules(named, players, {str(k): str(v) for k, v in options.items()})


def state_from_json(rules: Rules, data: Mapping[str, Any]) -> State:
    """Read and check a state for ``rules``; raises NotationError naming the problem."""
    try:
        return _read_state(rules, data)
    except PegraceError as err:
        raise NotationError(str(err)) from None


def _seat(rules: Rules, value: object, field: str) -> int:
    if not isinstance(value, str):
        raise NotationError(f'"{field}" must name a colour, not {value!r}')
    return rules.seat_of(value)


def _seats(rules: Rules, data: Mapping[str, Any], field: str) -> tuple[int, ...]:
    value = data.get(field, [])
    if not isinstance(value, list):
        raise NotationError(f'"{field}" must be a list of colours')
    seats = tuple(_seat(rules, v, field) for v in value)
    if len(set(seats)) != len(seats):
        raise NotationError(f'"{field}" lists a colour twice: {value}')
    return seats


def _ints(data: Mapping[str, Any], field: str, most: int) -> tuple[int, ...]:
    value = data.get(field, [])
    if not isinstance(value, list) or not all(type(v) is int and 0 <= v <= most for v in value):
        raise NotationError(f'"{field}" must be a list of whole numbers 0..{most}')
    return tuple(value)


def _int(data: Mapping[str, Any], field: str, default: int, most: int) -> int:
    value = data.get(field, default)
    if type(value) is not int or not 0 <= value <= most:
        raise NotationError(f'"{field}" must be a whole number 0..{most}, not {value!r:.40}')
    return value


def _end(data: Mapping[str, Any], phase: Phase) -> str:
    """Why the game ended: a reason once it is over, nothing before."""
    end = data.get("end", "")
    if not isinstance(end, str):
        raise NotationError(f'"end" must be the reason the game ended (a string), not {end!r:.40}')
    if end and phase != Phase.OVER:
        raise NotationError(f'"end" {end!r} is for a game that is over (phase "over")')
    return end


def _read_state(rules: Rules, data: Mapping[str, Any]) -> State:
    raw = data["pieces"]
    missing = [c for c in rules.colours if c not in raw]
    extra = [c for c in raw if c not in rules.colours]
    if missing or extra:
        raise NotationError(
            f"pieces are given for {', '.join(map(str, raw))}; this {rules.players}-player "
            f"{rules.name} game plays {', '.join(rules.colours)}"
        )
    rows = []
    for seat, colour in enumerate(rules.colours):
        row = raw[colour]
        if not isinstance(row, list) or not all(isinstance(p, str) for p in row):
            raise NotationError(f"{colour}'s pieces must be a list of position strings")
        rows.append(tuple(sorted(rules.parse_piece(seat, p) for p in row)))
    pieces = tuple(rows)
    rules.check_pieces(pieces)
    roll = data.get("roll")
    phase_name = data.get("phase", "roll" if roll is None else "move")
    try:
        phase = Phase[str(phase_name).upper()]
    except KeyError:
        raise NotationError(
            f'"phase" {phase_name!r} is not one of rolloff, roll, move, over'
        ) from None
    if (phase == Phase.MOVE) != (roll is not None):
        raise NotationError('a "roll" is given exactly when the phase is "move"')
    current = _seat(rules, data.get("to_move", rules.colours[0]), "to_move")
    finished = _seats(rules, data, "finished")
    for seat in range(len(rules.colours)):
        if seat not in finished and rules.seat_finished(pieces, seat):
            finished += (seat,)
    for seat in finished:
        if not rules.seat_finished(pieces, seat):
            raise NotationError(f"{rules.colours[seat]} is listed as finished but is not")
    state = State(
        pieces=pieces,
        phase=phase,
        current=current,
        roll=None if roll is None else rules.dice.from_json(roll),
        streak=_int(data, "streak", 0, LONGEST_STREAK),
        turn=_int(data, "turn", 1, LAST_TURN),
        finished=finished,
        out=_seats(rules, data, "out"),
        contenders=_seats(rules, data, "contenders"),
        rolloff=_ints(data, "rolloff", 6),
        aux=_ints(data, "aux", LARGEST_COUNTER) if "aux" in data else rules.initial_aux(),
        end=_end(data, phase),
    )
    rules.check_aux(state.aux)
    if phase == Phase.ROLLOFF and not state.contenders:
        state = state._replace(contenders=rules.initial_state().contenders)
    if state.rolloff and len(state.rolloff) >= len(state.contenders):
        raise NotationError(
            f'"rolloff" holds the pops so far, fewer than the {len(state.contenders)} '
            f"contenders, not {list(state.rolloff)}"
        )
    if phase != Phase.OVER and not rules.seat_active(current, state.finished, state.out):
        raise NotationError(f"{rules.colours[current]} is to move but has no turns left")
    return state


def load_state(text: str, game: str | None = None) -> tuple[Rules, State]:
    data = parse_json(text, "the state", NotationError)
    rules = rules_for_state(data, game)
    return rules, state_from_json(rules, data)


def dump_state(rules: Rules, state: State) -> str:
    return json.dumps(state_to_json(rules, state), indent=2)
