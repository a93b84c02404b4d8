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
from pegrace.errors import PegraceError, RecordError
from pegrace.games import get_rules
from pegrace.readers import read_json
from pegrace.state import State

FORMAT = "pegrace-record"
FORMAT_VERSION = 1


class Event(NamedTuple):
    colour: str
    roll: Any = None  # the roll as JSON (int or [a, b]) for a roll event
    move: str | None = None  # the move's text for a move event

    def to_json(self) -> dict[str, Any]:
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
            raise RecordError(f'not a pegrace record (expected "format": "{FORMAT}")')
        if data.get("format_version") != FORMAT_VERSION:
            raise RecordError(f"record format version {data.get('format_version')!r} is unknown")
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
        return cls.from_json(read_json(path, "record", RecordError))


KIND_NAMES = {str: "a string", int: "a whole number", list: "a list", dict: "an object"}


def _field(data: dict[str, Any], key: str, kind: type, optional: bool = False) -> Any:
    """``data[key]``, checked to be of ``kind`` (or missing or null, if ``optional``)."""
    value = data.get(key)
    if value is None and optional:
        return None
    if type(value) is not kind:
        shown = "missing" if key not in data else f"{value!r:.40}"
        raise RecordError(f'malformed record: "{key}" must be {KIND_NAMES[kind]}, not {shown}')
    return value


def _names(data: dict[str, Any], key: str) -> dict[str, str]:
    """An object of names to strings (or whole numbers, read as their text); {} if missing."""
    value = data.get(key, {})
    if not isinstance(value, dict) or not all(type(v) in (str, int) for v in value.values()):
        raise RecordError(f'malformed record: "{key}" must be an object of names to strings')
    return {str(k): str(v) for k, v in value.items()}


def _event(data: Any) -> Event:
    if not isinstance(data, dict) or not isinstance(data.get("colour"), str):
        raise RecordError(f"malformed event {data!r}")
    if ("move" in data) == ("roll" in data):
        raise RecordError(f"event {data!r} must hold exactly one of roll and move")
    move = data.get("move")
    if move is not None and not isinstance(move, str):
        raise RecordError(f"malformed move in event {data!r}")
    return Event(data["colour"], data.get("roll"), move)


def replay(record: Record) -> tuple[Rules, list[State]]:
    """Every state of the recorded game, from the first roll-off pop to the last event."""
    try:
        rules = record.rules()
    except PegraceError as err:
        raise RecordError(f"record rules: {err}") from None
    if record.rules_version != rules.version:
        raise RecordError(
            f"record was made with {rules.name} rules version {record.rules_version}; "
            f"this pegrace plays version {rules.version}"
        )
    states = [rules.initial_state()]
    for number, event in enumerate(record.events, 1):
        state = states[-1]
        try:
            if state.is_over:
                raise RecordError("the game is already over")
            expected = rules.colours[state.current]
            if event.colour != expected:
                raise RecordError(f"it is {expected}'s turn, not {event.colour}'s")
            if event.move is None:
                if not state.is_chance:
                    raise RecordError(f"{expected} must move, not roll")
                state = rules.roll(state, rules.dice_at(state).from_json(event.roll))
            else:
                if state.is_chance:
                    raise RecordError(f"{expected} must roll, not move")
                state = rules.play(state, rules.parse_move(state, event.move))
        except PegraceError as err:
            raise RecordError(f"event {number} ({event.to_json()}): {err}") from None
        states.append(state)
    return rules, states
