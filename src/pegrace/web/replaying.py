"""A stored game played again, as a server resumes it and as `pegrace store copy` checks a
copy: every event through the checked engine, every roll drawn again from the game's seeded
dice."""

from __future__ import annotations

import random
from dataclasses import dataclass

from pegrace.dice import Roll
from pegrace.engine import Rules
from pegrace.errors import saying
from pegrace.i18n import said
from pegrace.match import dice_rng
from pegrace.moves import Move
from pegrace.record import Event, Record, replay
from pegrace.state import State
from pegrace.web.gamestore import StoredGame, StoreError


@dataclass
class Replayed:
    """A stored game played again: its rules, its dice generator as the last stored roll left
    it, its events, the state before each (and the last) and what each event played."""

    rules: Rules
    rng: random.Random
    events: list[Event]
    states: list[State]
    played: list[Roll | Move | None]  # None: the seat resigned


def replay_stored(stored: StoredGame) -> Replayed:
    """The game's events replayed through the checked engine and its dice generator put back
    by re-drawing every stored roll in order; a PegraceError names the first event that does
    not play, or a roll the seeded dice do not give."""
    settings = stored.settings
    rules = settings.rules()
    rng = dice_rng(settings.seed)
    record = Record.start(rules, settings.seed, dict(settings.seats))
    record.events = [Event(e.colour, e.roll, e.move, e.resign) for e in stored.events]
    _, states = replay(record)
    played: list[Roll | Move | None] = []
    for event, before, stored_event in zip(record.events, states, stored.events, strict=False):
        if event.resign:
            played.append(None)
        elif event.move is None:
            roll = rules.sample_roll(before, rng)
            if rules.dice_at(before).to_json(roll) != event.roll:
                # TRANSLATORS: {stored} is the roll as stored (JSON), {drawn} the dice as the
                # game writes them ("3+5")
                redrawn = said(
                    "game {game} event {seq}: stored roll {stored} "
                    "but the seeded dice give {drawn}",
                    game=stored.id,
                    seq=stored_event.seq,
                    stored=str(event.roll),
                    drawn=rules.dice_at(before).format(roll),
                )
                raise saying(StoreError, redrawn)
            played.append(roll)
        else:
            played.append(rules.parse_move(before, event.move))
    return Replayed(rules, rng, record.events, states, played)
