"""Game records: seed, rules, rules version, the roll-off and every roll and move.

Replaying a record through the checked engine reproduces every state exactly;
a record that does not replay is reported with the event that broke it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from pegrace.engine import Rules
from pegrace.errors import PegraceError, RecordError, saying, words_of
from pegrace.games import get_rules
from pegrace.i18n import N_, Said, said
from pegrace.readers import RECORD_FILE, read_json
from pegrace.state import State

FORMAT = "pegrace-record"
FORMAT_VERSION = 1


ROLL, MOVE, RESIGN = "roll", "move", "resign"  # the kinds of event


class Event(NamedTuple):
    """One event of a game: a seat's roll, its move (one a roll allowed, or a bonus the
    rules granted), or the seat resigning (leaving the game, at any time)."""

    colour: str
    roll: Any = None  # the roll as JSON (int or [a, b]) for a roll event
    move: str | None = None  # the move's text for a move event
    resign: bool = False  # a resign event

    @property
    def kind(self) -> str:
        return RESIGN if self.resign else MOVE if self.move is not None else ROLL

    def to_json(self) -> dict[str, Any]:
        if self.resign:
            return {"colour": self.colour, "resign": True}
        if self.move is not None:
            return {"colour": self.colour, "move": self.move}
        return {"colour": self.colour, "roll": self.roll}


@dataclass
class Record:
    game: str
    players: int
    options: dict[str, str]
    rules_version: int
    seed: int | None = None
    seats: dict[str, str] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    result: dict[str, Any] | None = None

    @classmethod
    def start(cls, rules: Rules, seed: int | None, seats: dict[str, str]) -> Record:
        return cls(rules.name, rules.players, dict(rules.options), rules.version, seed, seats)

    def rules(self) -> Rules:
        return get_rules(self.game, self.players, self.options)

    def finish(self, rules: Rules, state: State) -> None:
        outcome = rules.outcome(state)
        self.result = {
            "places": {rules.side_name(s): p for s, p in enumerate(outcome.places)},
            "winners": [rules.side_name(s) for s in outcome.winners],
            "reason": outcome.reason,
            "turns": state.turn,
        }

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "rules": self.options,
            "seed": self.seed,
            "seats": self.seats,
            "events": [e.to_json() for e in self.events],
        }
        if self.result is not None:
            data["result"] = self.result
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: Path) -> None:
        path.write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            # TRANSLATORS: {field} is what a record's first field must be, as typed
            unknown = said("not a pegrace record (expected {field})", field=EXPECTED)
            raise saying(RecordError, unknown)
        if data.get("format_version") != FORMAT_VERSION:
            # TRANSLATORS: {version} is the record's, as written in it
            version = said(
                "record format version {version} is unknown",
                version=repr(data.get("format_version")),
            )
            raise saying(RecordError, version)
        return cls(
            game=_field(data, "game", str),
            players=_field(data, "players", int),
            options=_names(data, "rules"),
            rules_version=_field(data, "rules_version", int),
            seed=_field(data, "seed", int, optional=True),
            seats=_names(data, "seats"),
            events=[_event(e) for e in _field(data, "events", list)],
            result=_field(data, "result", dict, optional=True),
        )

    @classmethod
    def load(cls, path: Path) -> Record:
        return cls.from_json(read_json(path, RECORD_FILE, RecordError))


# what a record's first field says
EXPECTED = f'"format": "{FORMAT}"'
# TRANSLATORS: what a record's field must be: 'malformed record: "seed" must be a whole
# number, not 'x''
KIND_NAMES = {
    str: N_("a string"),
    int: N_("a whole number"),
    list: N_("a list"),
    dict: N_("an object"),
}


def _field(data: dict[str, Any], key: str, kind: type, optional: bool = False) -> Any:
    """``data[key]``, checked to be of ``kind`` (or missing or null, if ``optional``)."""
    value = data.get(key)
    if value is None and optional:
        return None
    if type(value) is not kind:
        if key not in data:
            # TRANSLATORS: {field} is a record's field, as typed; {kind} what it must be ("a
            # whole number")
            malformed = said(
                "malformed record: {field} is missing (it must be {kind})",
                field=json.dumps(key),
                kind=Said(KIND_NAMES[kind]),
            )
            raise saying(RecordError, malformed)
        # TRANSLATORS: {field} is a record's field, as typed; {kind} what it must be ("a
        # list"); {found} what it is, as written in the record
        malformed = said(
            "malformed record: {field} must be {kind}, not {found}",
            field=json.dumps(key),
            kind=Said(KIND_NAMES[kind]),
            found=format(repr(value), ".40"),
        )
        raise saying(RecordError, malformed)
    return value


def _names(data: dict[str, Any], key: str) -> dict[str, str]:
    """An object of names to strings (or whole numbers, read as their text); {} if missing."""
    value = data.get(key, {})
    if not isinstance(value, dict) or not all(type(v) in (str, int) for v in value.values()):
        # TRANSLATORS: {field} is a record's field, as typed
        malformed = said(
            "malformed record: {field} must be an object of names to strings", field=json.dumps(key)
        )
        raise saying(RecordError, malformed)
    return {str(k): str(v) for k, v in value.items()}


def _event(data: Any) -> Event:
    if not isinstance(data, dict) or not isinstance(data.get("colour"), str):
        # TRANSLATORS: {event} is an event of a record, as written in it
        raise saying(RecordError, said("malformed event {event}", event=repr(data)))
    if sum(key in data for key in (ROLL, MOVE, RESIGN)) != 1 or data.get(RESIGN, True) is not True:
        # TRANSLATORS: roll, move and resign are an event's fields, as typed ("resign": true)
        both = said(
            "event {event} must hold exactly one of roll, move and resign (true)",
            event=repr(data),
        )
        raise saying(RecordError, both)
    move = data.get("move")
    if move is not None and not isinstance(move, str):
        # TRANSLATORS: {event} is an event of a record, as written in it
        raise saying(RecordError, said("malformed move in event {event}", event=repr(data)))
    return Event(data["colour"], data.get(ROLL), move, RESIGN in data)


def replay(record: Record) -> tuple[Rules, list[State]]:
    """Every state of the recorded game, from the first roll-off pop to the last event."""
    try:
        rules = record.rules()
    except PegraceError as err:
        # TRANSLATORS: {problem} is what is wrong with the record's game and rules
        raise saying(RecordError, said("record rules: {problem}", problem=words_of(err))) from None
    if record.rules_version != rules.version:
        # TRANSLATORS: {game} is the game's name as typed; versions are whole numbers
        newer = said(
            "record was made with {game} rules version {version}; "
            "this pegrace plays version {mine}",
            game=rules.name,
            version=record.rules_version,
            mine=rules.version,
        )
        raise saying(RecordError, newer)
    states = [rules.initial_state()]
    for number, event in enumerate(record.events, 1):
        state = states[-1]
        try:
            if state.is_over:
                raise saying(RecordError, said("the game is already over"))
            if event.resign:  # a seat may leave at any time, its turn or not
                states.append(rules.resign(state, event.colour))
                continue
            expected = rules.colours[state.current]
            if event.colour != expected:
                # TRANSLATORS: {colour} and {other} are colours as the record writes them
                # ("red")
                wrong = said(
                    "it is {colour}'s turn, not {other}'s", colour=expected, other=event.colour
                )
                raise saying(RecordError, wrong)
            if event.move is None:
                if not state.is_chance:
                    # TRANSLATORS: {colour} is a colour as the record writes it ("red")
                    raise saying(RecordError, said("{colour} must move, not roll", colour=expected))
                state = rules.roll(state, rules.dice_at(state).from_json(event.roll))
            else:
                if state.is_chance:
                    # TRANSLATORS: {colour} is a colour as the record writes it ("red")
                    raise saying(RecordError, said("{colour} must roll, not move", colour=expected))
                state = rules.play(state, rules.parse_move(state, event.move))
        except PegraceError as err:
            # TRANSLATORS: "event 12 ({...}): ...": {event} is the event as the record writes
            # it, {problem} what is wrong with it
            problem = said(
                "event {number} ({event}): {problem}",
                number=number,
                event=str(event.to_json()),
                problem=words_of(err),
            )
            raise saying(RecordError, problem) from None
        states.append(state)
    return rules, states
