"""What a web game's clients are sent: a game's state, seats, settings and outcome as views
(protocol.py gives their shapes), its log lines, its summary for the lobby and what a replay
is made from. The views of the state's slow-changing parts are kept with their JSON while what
they are made of stays the same, so an event's state message is built and encoded once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar, cast

import orjson

from pegrace.dice import Roll
from pegrace.engine import Rules
from pegrace.i18n import Said, SaidJson, said
from pegrace.moves import PASS, Move
from pegrace.record import Event, Record
from pegrace.state import Phase, State
from pegrace.web import boards
from pegrace.web.heavy import PHASE_NAMES, FramesJob
from pegrace.web.protocol import (
    EMOTES,
    Client,
    GameView,
    Json,
    LogEntry,
    Placed,
    SeatView,
    StateSent,
    Welcome,
    to_json,
)
from pegrace.web.settings import OPEN, GameSettings
from pegrace.words import colour_name

View = TypeVar("View")


class Kept(Generic[View]):
    """A view kept, with its JSON, while what it is made of stays the same (``key``): an
    event's state message then neither rebuilds nor re-encodes the parts it did not change."""

    def __init__(self, make: Callable[[], View]) -> None:
        self.make = make
        self.key: object = object()  # equal to no key
        self._view: View | None = None
        self._json: orjson.Fragment | None = None

    def view(self, key: object) -> View:
        if self._view is None or self.key != key:
            self.key, self._view, self._json = key, self.make(), None
        return self._view

    def json(self, key: object) -> orjson.Fragment:
        view = self.view(key)
        if self._json is None:
            self._json = orjson.Fragment(orjson.dumps(view))
        return self._json


class GameViews:
    """The views of a game, made from what its session (session.GameSession, which is one of
    these) holds: the attributes below are the session's, read here and never changed."""

    id: str
    settings: GameSettings
    rules: Rules
    computer_delay: float
    state: State
    events: list[Event]
    log: list[LogEntry]
    kinds: dict[str, str]  # colour -> human | open | computer:LEVEL
    names: dict[str, str]  # colour -> the name its person gave
    clients: dict[Client, tuple[str, ...]]  # joined clients -> colours they hold
    takeover: set[str]
    chat: list[Json]
    rematch: str | None
    code: str | None = None  # the room code (roomcodes.py), which the hub gives the session

    def __init__(self) -> None:
        self._update: str | None = None  # the state message of the last event, built once
        # views that change far less often than the state, kept with their JSON (Kept)
        self._spots = Kept(lambda: boards.piece_spots(self.rules, self.state))
        self._seats = Kept(self._seats_view)
        self._log = Kept(lambda: self.log)  # the whole log only grows: its length is its key
        self._layout = Kept(lambda: boards.board_layout(self.rules))  # never changes

    def idle_left(self) -> float | None:
        """Seconds before the computer takes over the seat to act (the session's clock)."""
        raise NotImplementedError

    def called(self, colour: str) -> Said | str:
        """What the log calls a seat: its person's name, else its colour's."""
        return self.names.get(colour) or colour_name(colour)

    def _entry(
        self, before: State, after: State, event: Event, actor: str, played: Roll | Move
    ) -> LogEntry:
        """The log line of an event: what was rolled or moved, in words told of its player
        (``said``); the pieces it captured and the places it settled, as data (the page says
        them)."""
        rules = self.rules
        steps: list[Json] = []
        words: SaidJson
        who = self.called(event.colour)
        if isinstance(played, Move):
            view = boards.move_view(rules, before, played, who)
            words = view["said"]
            roll, move_text = None, played.text
            # where it went, for the page to show when the line is pointed at
            steps = [
                {key: step[key] for key in ("from", "to", "path") if key in step}
                for step in view["steps"]
            ]
        else:  # the dome is popped, in the roll-off as in play: "pops" both
            roll = rules.dice_at(before).format(played)
            # TRANSLATORS: {who} is a player (a name, or a colour's: "Red"), {roll} the dice
            # as the game writes them ("3+5", "4*")
            words = said("{who} pops {roll}", who=who, roll=roll).json()
            move_text = None
        moved = isinstance(played, Move) and not played.is_pass
        captured = rules.captured(before, played) if isinstance(played, Move) and moved else 0
        placed = self.placed(after, settled=rules.decided(before))
        return {
            "seq": len(self.log) + 1,
            "colour": event.colour,
            "roll": roll,
            "move": move_text,
            "said": words,
            "by": actor,
            "steps": steps,
            "rolloff": before.phase == Phase.ROLLOFF,
            "captured": captured,
            "placed": placed,
        }

    def placed(self, state: State, settled: dict[int, int] | None = None) -> list[Placed]:
        """The places settled in ``state`` (less those already ``settled``), by place: a side
        finished, or out of the game (every seat out, none finished: a bottom place)."""
        rules, already = self.rules, settled or {}
        decided = sorted(rules.decided(state).items(), key=lambda pair: pair[1])
        return [
            {
                "side": rules.side_name(side),
                "place": place,
                "out": not all(seat in state.finished for seat in rules.side_seats[side]),
            }
            for side, place in decided
            if side not in already
        ]

    def welcome(self, colours: tuple[str, ...], refused: list[int] | None = None) -> Welcome:
        """The answer to a hello: ``refused`` lists the tokens (by their place in the hello)
        that hold no seat here, so a page can keep a token it had over one that failed."""
        return {
            "type": "welcome",
            "you": list(colours),
            "refused": refused or [],
            "chat": self.chat,
            "emotes": EMOTES,
            "layout": self._layout.json(None),
            "game": self.game_view(),
        }

    def game_view(self) -> GameView:
        settings = self.settings
        return {
            "id": self.id,
            "url": f"/game/{self.id}",
            "game": settings.game,
            "title": self.rules.title,
            "players": settings.players,
            "colours": list(self.rules.colours),
            "options": settings.options,
            "idle_seconds": settings.idle_seconds,
            "watcher_chat": settings.watcher_chat,
            "turns": settings.turns,
            "computer_delay": self.computer_delay,
            "code": self.code,
            # secret while dice matter; then text (128 bits: no JSON number holds it exactly)
            "seed": str(settings.seed) if self.state.is_over else None,
        }

    def seats_view(self) -> dict[str, SeatView]:
        return self._seats.view(self._seats_key())

    def _seats_key(self) -> object:
        """What the seats view is made of (the seats' kinds are in a fixed order)."""
        names = tuple(sorted(self.names.items()))
        return (
            tuple(self.clients.values()),
            frozenset(self.takeover),
            tuple(self.kinds.values()),
            names,
        )

    def _seats_view(self) -> dict[str, SeatView]:
        connected = {c for colours in self.clients.values() for c in colours}
        return {
            colour: {
                "kind": kind,
                "connected": colour in connected,
                "takeover": colour in self.takeover,
                "name": self.names.get(colour),
            }
            for colour, kind in self.kinds.items()
        }

    def watchers(self) -> int:
        """How many connected clients hold no seat."""
        return sum(1 for colours in self.clients.values() if not colours)

    def seats_message(self) -> str:
        return to_json(
            {
                "type": "seats",
                "seats": self.seats_view(),
                "watchers": self.watchers(),
                "idle_left": self.idle_left(),
            }
        )

    def state_message(self, full_log: bool = False) -> str:
        """The state as sent: with the whole log, or (built once per event) the last entry."""
        if full_log:
            return self._encode(self.log)
        if self._update is None:
            self._update = self._encode(self.log[-1:])
        return self._update

    def _encode(self, log: list[LogEntry]) -> str:
        # the parts kept with their JSON go in as JSON fragments
        view = cast(Json, self.state_view([]))
        view["log"] = self._log.json(len(self.log)) if log is self.log else log
        view["seats"] = self._seats.json(self._seats_key())
        view["pieces"] = self._spots.json(self.state.pieces)
        return to_json(view)

    def piece_spots(self) -> list[Json]:
        """``boards.piece_spots`` of the state, kept while the pieces stand still: they move
        only on moves, so a roll's update (half of all updates) does not map them again."""
        return self._spots.view(self.state.pieces)

    def state_view(self, log: list[LogEntry]) -> StateSent:
        rules, state = self.rules, self.state
        colours = rules.colours
        over = state.is_over
        legal = rules.legal_moves(state)
        return {
            "type": "state",
            "seq": len(self.events),
            "phase": PHASE_NAMES[state.phase],
            "current": None if over else colours[state.current],
            "roll": None if state.roll is None else rules.dice.format(state.roll),
            "contenders": [colours[s] for s in state.contenders],
            "rolloff": {  # this round's pops so far
                colours[s]: pop for s, pop in zip(state.contenders, state.rolloff, strict=False)
            },
            # moves that end the same way are one choice: the others' texts in ``same``
            "moves": [
                {**boards.move_view(rules, state, same[0]), "same": [m.text for m in same[1:]]}
                for same in rules.moves_by_outcome(state)
            ],
            "can_pass": any(move.is_pass for move in legal),
            "forced_pass": legal == [PASS],  # it plays itself: nobody is asked
            "last": self.log[-1] if self.log else None,
            "log": log,
            "seats": self.seats_view(),
            "watchers": self.watchers(),
            "idle_left": self.idle_left(),  # the clock as the view is made
            "places": self.placed(state),
            "outcome": self.outcome_view(),
            "rematch": self.rematch,
            "pieces": self.piece_spots(),
        }

    def outcome_view(self) -> Json | None:
        if not self.state.is_over:
            return None
        record = Record.start(self.rules, None, {})
        record.finish(self.rules, self.state)
        assert record.result is not None
        unplayed = self.rules.unplayed(self.state)
        return {
            **record.result,
            "unplayed": [self.rules.side_name(side) for side in unplayed],
            "ranked_by": self.rules.score_words.json() if unplayed else None,
        }

    def record(self) -> Record:
        """The game record (`pegrace replay` reads it); the seed only once the game is over."""
        over = self.state.is_over
        record = Record.start(self.rules, self.settings.seed if over else None, dict(self.kinds))
        record.events = list(self.events)
        if over:
            record.finish(self.rules, self.state)
        return record

    def solo(self) -> bool:
        """One person (or nobody) against computers: every seat not a computer's (an open
        one too: someone may take it) is of one person, so nobody else can join."""
        people = {
            self.rules.side_of(colour) if self.rules.one_player_sides else colour
            for colour, kind in self.kinds.items()
            if not kind.startswith("computer:")
        }
        return len(people) <= 1

    def summary(self, age: float | None = None) -> Json:
        """The game as the lobby lists it; ``age``: the seconds since it was made."""
        return {
            "id": self.id,
            "url": f"/game/{self.id}",
            "title": self.rules.title,
            "seats": [
                {"colour": colour, "kind": kind, "name": self.names.get(colour)}
                for colour, kind in self.kinds.items()
            ],
            "open": [colour for colour, kind in self.kinds.items() if kind == OPEN],
            "seq": len(self.events),
            "turn": self.state.turn,  # turns begun since the roll-off, every player's counted
            "current": None if self.state.is_over else self.rules.colours[self.state.current],
            "age": None if age is None else int(age),
            "over": self.state.is_over,
            "watchers": self.watchers(),
        }

    def replay_job(self) -> FramesJob:
        """What a worker needs to rebuild every position of the game so far (heavy.py)."""
        # heavy.FramesJob takes the views as plain JSON objects, which they are
        log, game = cast(list[Json], list(self.log)), cast(Json, self.game_view())
        return FramesJob(self.record().to_json(), log, game, self.outcome_view())
