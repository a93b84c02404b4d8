"""What a web game's clients are sent: a game's state, seats, settings and outcome as views
(protocol.py gives their shapes), its log lines, its summary for the lobby and what a replay
is made from. The views of the state's slow-changing parts are kept with their JSON while what
they are made of stays the same, so an event's state message is built and encoded once. A
part the game's session holds (``session.views``): it reads the game through ``Viewed``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Generic, Protocol, TypeVar, cast

import orjson

from pegrace import boards
from pegrace.dice import Roll
from pegrace.engine import Rules
from pegrace.i18n import Said, SaidJson, said
from pegrace.moves import PASS, Move
from pegrace.record import Event, Record
from pegrace.state import Phase, State
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


class Viewed(Protocol):
    """What the views read of their game (the session holds it), never changing it."""

    @property
    def id(self) -> str: ...
    @property
    def settings(self) -> GameSettings: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def computer_delay(self) -> float: ...
    @property
    def state(self) -> State: ...
    @property
    def events(self) -> list[Event]: ...
    @property
    def log(self) -> list[LogEntry]: ...
    @property
    def kinds(self) -> dict[str, str]: ...  # colour -> human | open | computer:LEVEL
    @property
    def names(self) -> dict[str, str]: ...  # colour -> the name its person gave
    @property
    def clients(self) -> dict[Client, tuple[str, ...]]: ...  # joined clients -> their colours
    @property
    def takeover(self) -> set[str]: ...
    @property
    def rematch(self) -> str | None: ...
    @property
    def code(self) -> str | None: ...  # the room code (roomcodes.py), which the hub gives


def called(names: Mapping[str, str], colour: str) -> Said | str:
    """What the log (and a chat line) calls a seat: its person's name, else its colour's."""
    return names.get(colour) or colour_name(colour)


def placed(rules: Rules, state: State, settled: dict[int, int] | None = None) -> list[Placed]:
    """The places settled in ``state`` (less those already ``settled``), by place: a side
    finished, or out of the game (every seat out, none finished: a bottom place)."""
    already = settled or {}
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


class GameViews:
    """The views of a game (``game``); ``idle_left``: seconds before the computer takes
    over the seat to act, as the game's clock says."""

    def __init__(self, game: Viewed, idle_left: Callable[[], float | None]) -> None:
        self.game = game
        self.idle_left = idle_left
        self._update: str | None = None  # the state message of the last event, built once
        # views that change far less often than the state, kept with their JSON (Kept)
        self._spots = Kept(lambda: boards.piece_spots(game.rules, game.state))
        self._seats = Kept(self._seats_view)
        self._log = Kept(lambda: game.log)  # the whole log only grows: its length is its key
        self._layout = Kept(lambda: boards.board_layout(game.rules))  # never changes

    def stale(self) -> None:
        """The game has changed since its last state message: the next is built again."""
        self._update = None

    def entry(
        self, before: State, after: State, event: Event, actor: str, played: Roll | Move | None
    ) -> LogEntry:
        """The log line of an event: what was rolled or moved, in words told of its player
        (``said``); the pieces it captured and the places it settled, as data (the page says
        them)."""
        rules = self.game.rules
        steps: list[Json] = []
        words: SaidJson
        who = called(self.game.names, event.colour)
        if event.resign or played is None:
            # TRANSLATORS: {who} is a player (a name, or a colour's: "Red") leaving the game
            words = said("{who} resigns", who=who).json()
            roll, move_text = None, None
        elif isinstance(played, Move):
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
        placed_now = placed(rules, after, settled=rules.decided(before))
        return {
            "seq": len(self.game.log) + 1,
            "colour": event.colour,
            "roll": roll,
            "move": move_text,
            "said": words,
            "by": actor,
            "steps": steps,
            "rolloff": before.phase == Phase.ROLLOFF,
            "captured": captured,
            "placed": placed_now,
            "resign": event.resign,
        }

    def welcome(
        self, colours: tuple[str, ...], chat: list[Json], refused: list[int] | None = None
    ) -> Welcome:
        """The answer to a hello, with the ``chat`` kept so far: ``refused`` lists the tokens
        (by their place in the hello) that hold no seat here, so a page can keep a token it
        had over one that failed."""
        return {
            "type": "welcome",
            "you": list(colours),
            "refused": refused or [],
            "chat": chat,
            "emotes": EMOTES,
            "layout": self._layout.json(None),
            "game": self.game_view(),
        }

    def game_view(self) -> GameView:
        settings = self.game.settings
        return {
            "id": self.game.id,
            "url": f"/game/{self.game.id}",
            "game": settings.game,
            "title": self.game.rules.title,
            "players": settings.players,
            "colours": list(self.game.rules.colours),
            "options": settings.options,
            "idle_seconds": settings.idle_seconds,
            "watcher_chat": settings.watcher_chat,
            "turns": settings.turns,
            "computer_delay": self.game.computer_delay,
            "code": self.game.code,
            # secret while dice matter; then text (128 bits: no JSON number holds it exactly)
            "seed": str(settings.seed) if self.game.state.is_over else None,
        }

    def seats_view(self) -> dict[str, SeatView]:
        return self._seats.view(self.seats_key())

    def seats_key(self) -> object:
        """What the seats view is made of (the seats' kinds are in a fixed order)."""
        names = tuple(sorted(self.game.names.items()))
        return (
            tuple(self.game.clients.values()),
            frozenset(self.game.takeover),
            tuple(self.game.kinds.values()),
            names,
        )

    def _seats_view(self) -> dict[str, SeatView]:
        connected = {c for colours in self.game.clients.values() for c in colours}
        return {
            colour: {
                "kind": kind,
                "connected": colour in connected,
                "takeover": colour in self.game.takeover,
                "name": self.game.names.get(colour),
            }
            for colour, kind in self.game.kinds.items()
        }

    def watchers(self) -> int:
        """How many connected clients hold no seat."""
        return sum(1 for colours in self.game.clients.values() if not colours)

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
            return self._encode(self.game.log)
        if self._update is None:
            self._update = self._encode(self.game.log[-1:])
        return self._update

    def _encode(self, log: list[LogEntry]) -> str:
        # the parts kept with their JSON go in as JSON fragments
        view = cast(Json, self.state_view([]))
        view["log"] = self._log.json(len(self.game.log)) if log is self.game.log else log
        view["seats"] = self._seats.json(self.seats_key())
        view["pieces"] = self._spots.json(self.game.state.pieces)
        return to_json(view)

    def piece_spots(self) -> list[Json]:
        """``boards.piece_spots`` of the state, kept while the pieces stand still: they move
        only on moves, so a roll's update (half of all updates) does not map them again."""
        return self._spots.view(self.game.state.pieces)

    def state_view(self, log: list[LogEntry]) -> StateSent:
        rules, state = self.game.rules, self.game.state
        colours = rules.colours
        over = state.is_over
        legal = rules.legal_moves(state)
        return {
            "type": "state",
            "seq": len(self.game.events),
            "phase": PHASE_NAMES[state.phase],
            "current": None if over else colours[state.current],
            "roll": None if state.roll is None else rules.dice.format(state.roll),
            "bonus": rules.bonus(state),
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
            "last": self.game.log[-1] if self.game.log else None,
            "log": log,
            "seats": self.seats_view(),
            "watchers": self.watchers(),
            "idle_left": self.idle_left(),  # the clock as the view is made
            "places": placed(rules, state),
            "outcome": self.outcome_view(),
            "rematch": self.game.rematch,
            "pieces": self.piece_spots(),
        }

    def outcome_view(self) -> Json | None:
        if not self.game.state.is_over:
            return None
        record = Record.start(self.game.rules, None, {})
        record.finish(self.game.rules, self.game.state)
        assert record.result is not None
        unplayed = self.game.rules.unplayed(self.game.state)
        return {
            **record.result,
            "unplayed": [self.game.rules.side_name(side) for side in unplayed],
            "ranked_by": self.game.rules.score_words.json() if unplayed else None,
        }

    def record(self) -> Record:
        """The game record (`pegrace replay` reads it); the seed only once the game is over."""
        over = self.game.state.is_over
        record = Record.start(
            self.game.rules, self.game.settings.seed if over else None, dict(self.game.kinds)
        )
        record.events = list(self.game.events)
        if over:
            record.finish(self.game.rules, self.game.state)
        return record

    def solo(self) -> bool:
        """One person (or nobody) against computers: every seat not a computer's (an open
        one too: someone may take it) is of one person, so nobody else can join."""
        people = {
            self.game.rules.side_of(colour) if self.game.rules.one_player_sides else colour
            for colour, kind in self.game.kinds.items()
            if not kind.startswith("computer:")
        }
        return len(people) <= 1

    def summary(self, age: float | None = None) -> Json:
        """The game as the lobby lists it; ``age``: the seconds since it was made."""
        return {
            "id": self.game.id,
            "url": f"/game/{self.game.id}",
            "title": self.game.rules.title,
            "seats": [
                {"colour": colour, "kind": kind, "name": self.game.names.get(colour)}
                for colour, kind in self.game.kinds.items()
            ],
            "open": [colour for colour, kind in self.game.kinds.items() if kind == OPEN],
            "seq": len(self.game.events),
            "turn": self.game.state.turn,  # turns begun since the roll-off, every player's counted
            "current": None
            if self.game.state.is_over
            else self.game.rules.colours[self.game.state.current],
            "age": None if age is None else int(age),
            "over": self.game.state.is_over,
            "watchers": self.watchers(),
        }

    def replay_job(self) -> FramesJob:
        """What a worker needs to rebuild every position of the game so far (heavy.py)."""
        # heavy.FramesJob takes the views as plain JSON objects, which they are
        log, game = cast(list[Json], list(self.game.log)), cast(Json, self.game_view())
        return FramesJob(self.record().to_json(), log, game, self.outcome_view())
