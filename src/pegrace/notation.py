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
from pegrace.errors import NotationError, PegraceError, saying, words_of
from pegrace.games import get_rules
from pegrace.i18n import Said, said, said_n
from pegrace.readers import THE_STATE, parse_json
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
            colour[seat]: list(row) for seat, row in enumerate(rules.position(state).places)
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
        raise saying(NotationError, said("a state must be a JSON object"))
    unknown = set(data) - STATE_KEYS
    if unknown:
        # TRANSLATORS: {keys} are a state's fields, as given
        keys = said_n(
            "unknown state key: {keys}",
            "unknown state keys: {keys}",
            len(unknown),
            keys=", ".join(sorted(unknown)),
        )
        raise saying(NotationError, keys)
    named = data.get("game", game)
    if game is not None and named != game:
        # TRANSLATORS: {named} and {game} are games' names as typed ("trouble")
        other = said("the state is a {named} state, not {game}", named=str(named), game=game)
        raise saying(NotationError, other)
    if not isinstance(named, str):
        # TRANSLATORS: "game" is a state's field, as typed
        raise saying(NotationError, said('the state does not say which game it is (add "game")'))
    pieces = data.get("pieces")
    if not isinstance(pieces, Mapping) or not pieces:
        # TRANSLATORS: {form} is the form of a state's field, as typed
        needs = said("a state needs {form}", form='"pieces": {colour: [position, ...], ...}')
        raise saying(NotationError, needs)
    options = data.get("rules", {})
    if not isinstance(options, Mapping):
        # TRANSLATORS: {field} is a state's field, as typed ("rules")
        rules = said("{field} must be an object of option names to values", field='"rules"')
        raise saying(NotationError, rules)
    players = data.get("players", len(pieces))
    if type(players) is not int:
        # TRANSLATORS: {field} is a state's field ("players"), {value} its value, as given
        count = said(
            "{field} must be a whole number, not {value}", field='"players"', value=repr(players)
        )
        raise saying(NotationError, count)
    return get_rules(named, players, {str(k): str(v) for k, v in options.items()})


def state_from_json(rules: Rules, data: Mapping[str, Any]) -> State:
    """Read and check a state for ``rules``; raises NotationError naming the problem."""
    try:
        return _read_state(rules, data)
    except PegraceError as err:
        raise saying(NotationError, _words(err)) from None


def _words(err: PegraceError) -> Said:
    """An error's words, as a ``Said`` (one raised without one: its English, as it is)."""
    found = words_of(err)
    return found if isinstance(found, Said) else Said(found)


# a state's fields in its errors ({field}) are as typed, in double quotes: '"turn"'
def _seat(rules: Rules, value: object, field: str) -> int:
    if not isinstance(value, str):
        # TRANSLATORS: {field} is a state's field, as typed; {value} its value, as given
        problem = said(
            "{field} must name a colour, not {value}", field=json.dumps(field), value=repr(value)
        )
        raise saying(NotationError, problem)
    return rules.seat_of(value)


def _seats(rules: Rules, data: Mapping[str, Any], field: str) -> tuple[int, ...]:
    value = data.get(field, [])
    if not isinstance(value, list):
        problem = said("{field} must be a list of colours", field=json.dumps(field))
        raise saying(NotationError, problem)
    seats = tuple(_seat(rules, v, field) for v in value)
    if len(set(seats)) != len(seats):
        # TRANSLATORS: {colours} is the list given, as given
        twice = said(
            "{field} lists a colour twice: {colours}", field=json.dumps(field), colours=str(value)
        )
        raise saying(NotationError, twice)
    return seats


def _ints(data: Mapping[str, Any], field: str, most: int) -> tuple[int, ...]:
    value = data.get(field, [])
    if not isinstance(value, list) or not all(type(v) is int and 0 <= v <= most for v in value):
        # TRANSLATORS: '"aux" must be a list of whole numbers 0..99': {most} is a number
        problem = said(
            "{field} must be a list of whole numbers 0..{most}", field=json.dumps(field), most=most
        )
        raise saying(NotationError, problem)
    return tuple(value)


def _int(data: Mapping[str, Any], field: str, default: int, most: int) -> int:
    value = data.get(field, default)
    if type(value) is not int or not 0 <= value <= most:
        problem = said(
            "{field} must be a whole number 0..{most}, not {value}",
            field=json.dumps(field),
            most=most,
            value=repr(value)[:40],
        )
        raise saying(NotationError, problem)
    return value


def _end(data: Mapping[str, Any], phase: Phase) -> str:
    """Why the game ended: a reason once it is over, nothing before."""
    end = data.get("end", "")
    if not isinstance(end, str):
        # TRANSLATORS: "end" is a state's field, as typed; {value} its value, as given
        problem = said(
            '"end" must be the reason the game ended (a string), not {value}',
            value=repr(end)[:40],
        )
        raise saying(NotationError, problem)
    if end and phase != Phase.OVER:
        # TRANSLATORS: "end", "over" and phase as typed; {value} the end given
        early = said('"end" {value} is for a game that is over (phase "over")', value=repr(end))
        raise saying(NotationError, early)
    return end


def _read_state(rules: Rules, data: Mapping[str, Any]) -> State:
    raw = data["pieces"]
    missing = [c for c in rules.colours if c not in raw]
    extra = [c for c in raw if c not in rules.colours]
    if missing or extra:
        # TRANSLATORS: "pieces are given for red, blue; this 4-player trouble game plays red,
        # yellow, green, blue": colours and the game's name as typed
        problem = said_n(
            "pieces are given for {given}; this {count}-player {game} game plays {colours}",
            "pieces are given for {given}; this {count}-player {game} game plays {colours}",
            rules.players,
            given=", ".join(map(str, raw)),
            game=rules.name,
            colours=", ".join(rules.colours),
        )
        raise saying(NotationError, problem)
    rows = []
    for seat, colour in enumerate(rules.colours):
        row = raw[colour]
        if not isinstance(row, list) or not all(isinstance(p, str) for p in row):
            # TRANSLATORS: {colour} is a colour as typed ("red")
            problem = said("{colour}'s pieces must be a list of position strings", colour=colour)
            raise saying(NotationError, problem)
        rows.append(tuple(sorted(rules.parse_piece(seat, p) for p in row)))
    pieces = tuple(rows)
    rules.check_pieces(pieces)
    roll = data.get("roll")
    phase_name = data.get("phase", "roll" if roll is None else "move")
    try:
        phase = Phase[str(phase_name).upper()]
    except KeyError:
        # TRANSLATORS: "phase" and the phases (rolloff, roll, move, over) as typed; {phase}
        # the phase given
        problem = said(
            '"phase" {phase} is not one of rolloff, roll, move, over', phase=repr(phase_name)
        )
        raise saying(NotationError, problem) from None
    if (phase == Phase.MOVE) != (roll is not None):
        # TRANSLATORS: "roll" and "move" as typed (a state's field, a phase)
        raise saying(NotationError, said('a "roll" is given exactly when the phase is "move"'))
    current = _seat(rules, data.get("to_move", rules.colours[0]), "to_move")
    finished = _seats(rules, data, "finished")
    for seat in range(len(rules.colours)):
        if seat not in finished and rules.seat_finished(pieces, seat):
            finished += (seat,)
    for seat in finished:
        if not rules.seat_finished(pieces, seat):
            # TRANSLATORS: {colour} is a colour as typed ("red")
            problem = said("{colour} is listed as finished but is not", colour=rules.colours[seat])
            raise saying(NotationError, problem)
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
        # TRANSLATORS: "rolloff" is a state's field, as typed; {pops} the numbers given
        problem = said_n(
            '"rolloff" holds the pops so far, fewer than the {count} contender, not {pops}',
            '"rolloff" holds the pops so far, fewer than the {count} contenders, not {pops}',
            len(state.contenders),
            pops=str(list(state.rolloff)),
        )
        raise saying(NotationError, problem)
    if phase != Phase.OVER and not rules.seat_active(current, state.finished, state.out):
        # TRANSLATORS: {colour} is a colour as typed ("red")
        done = said("{colour} is to move but has no turns left", colour=rules.colours[current])
        raise saying(NotationError, done)
    return state


def load_state(text: str, game: str | None = None) -> tuple[Rules, State]:
    data = parse_json(text, THE_STATE, NotationError)
    rules = rules_for_state(data, game)
    return rules, state_from_json(rules, data)


def dump_state(rules: Rules, state: State) -> str:
    return json.dumps(state_to_json(rules, state), indent=2)
