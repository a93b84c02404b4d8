"""What a web game is set up with: the catalog the page offers (games, player counts, colours,
rule options, seat kinds) and the checked settings of one game, read from a request or the store."""

from __future__ import annotations

import functools
import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NotRequired, TypedDict

from pegrace.engine import Rules
from pegrace.errors import OptionError, PegraceError
from pegrace.games import entry, get_rules, list_games, rules_class
from pegrace.guide import GuideView, guide_view
from pegrace.players import (
    LEVELS,
    canonical_spec,
    check_seats,
    make_player,
    named_file,
    player_names,
)
from pegrace.players import parse_settings as player_settings
from pegrace.web.boards import board_layout, piece_spots
from pegrace.web.boards.drawing import Json

HUMAN, OPEN, EMPTY = "human", "open", "empty"
DEFAULT_IDLE_SECONDS = 120.0  # a seat due to act this long is played by the computer
MOST_IDLE_SECONDS = 86_400.0  # the longest idle limit a game may set: a day
SEED_BITS = 128  # the server's dice seeds: too many to guess or search
# The most a web game's computer seat may be set to think (`expert:ms=2000`, `hard:depth=3`,
# `expert:horizon=12`): a deeper search, or a rollout's first round of a longer horizon, can
# take minutes a move (the worker's time limit stops it, but the seat would then play far
# below its name).
WEB_BOUNDS = {"ms": 2000.0, "depth": 3.0, "threads": 1.0, "horizon": 12.0}
TAKEOVER_CHOICES = ("computer:medium",)  # the first one that exists


def computer_kinds() -> list[str]:
    return [name for name in player_names() if name != HUMAN]


def seat_kinds() -> list[str]:
    return [HUMAN, OPEN, *computer_kinds()]


def takeover_spec() -> str:
    """The computer player that plays an idle seat: the first of TAKEOVER_CHOICES that exists."""
    for spec in TAKEOVER_CHOICES:
        try:
            make_player(spec)
        except OptionError:
            continue
        return spec
    return computer_kinds()[-1]


LAB_EFFECTS = Path(__file__).with_name("lab_effects.json")  # tools/lab_effects.py
RATINGS = Path(__file__).with_name("ratings.json")  # tools/ratings.py


def _shipped(path: Path) -> dict[str, Any]:
    """Measurements shipped with the package; empty where the file is missing or unreadable
    (the form then shows none)."""
    try:
        found: dict[str, Any] = json.loads(path.read_text())
    except (OSError, ValueError):
        return {"games": {}}
    return found


@functools.cache
def lab_effects() -> dict[str, Any]:
    """The measured effect of every option value (pegrace lab)."""
    return _shipped(LAB_EFFECTS)


@functools.cache
def ratings() -> dict[str, Any]:
    """Every computer player's rating and wins against 3 random, per game."""
    return _shipped(RATINGS)


class SeatRating(TypedDict):
    """A computer seat's measured strength (ratings.json): Elo with its interval."""

    elo: float
    low: float
    high: float
    against_random: NotRequired[float]  # its win rate against 3 random players, if measured


class BoardView(TypedDict):
    layout: Json  # boards.board_layout
    pieces: list[Json]  # boards.piece_spots at the start


class OptionEntry(TypedDict):
    name: str
    default: str
    choices: list[str]  # empty: any whole number
    help: str
    effects: dict[str, str]  # value -> its measured effect in words (lab_effects.json)


class Seating(TypedDict):
    """A set of colours that may play at a player count, and the rule options that seat it."""

    colours: list[str]  # in turn order
    options: dict[str, str]  # e.g. {"seating": "1"}


class Teams(TypedDict):
    """Colours that win together when a rule option has a value (Marbles' teams=on)."""

    option: str
    value: str
    sides: list[list[str]]  # the sides of more than one colour, in turn order


class CatalogGame(TypedDict):
    """One game the page offers (``_game_entry``), keys in this order."""

    name: str
    title: str
    pitch: str
    board: BoardView
    guide: GuideView
    ratings: dict[str, SeatRating]  # computer:LEVEL -> its rating
    players: list[int]  # the player counts the default options allow
    colours: dict[str, list[str]]  # player count (as text) -> the colours that play
    # player count (as text) -> every set of colours that may play, the default first
    seatings: dict[str, list[Seating]]
    teams: list[Teams]  # the option values that make colours partners, at the most players
    options: list[OptionEntry]


class Catalog(TypedDict):
    """``GET /api/catalog``: everything the page needs to offer a new game."""

    games: list[CatalogGame]
    seat_kinds: list[str]
    levels: list[str]  # the computers that are levels (computer:LEVEL), weakest first
    idle_seconds: float
    effects_measured: str | None  # how lab_effects.json was measured, in words


def _seat_ratings(game: str) -> dict[str, SeatRating]:
    """``computer:LEVEL -> {elo, low, high, against_random}`` for the seat menu."""
    measured = ratings()["games"].get(game, {})
    against = measured.get("against_random", {})
    return {
        f"computer:{r['player']}": _seat_rating(r, against) for r in measured.get("ratings", [])
    }


def _seat_rating(found: Any, against: Any) -> SeatRating:
    """One player's entry of ratings.json (as read: the shipped file), for the seat menu."""
    rating: SeatRating = {"elo": found["elo"], "low": found["low"], "high": found["high"]}
    if found["player"] in against:
        rating["against_random"] = against[found["player"]]["win_rate"]
    return rating


@functools.cache
def catalog() -> Catalog:
    """Everything the page needs to offer a new game, from the game registry itself."""
    measured = lab_effects().get("measured")
    return {
        "games": [_game_entry(name) for name in list_games()],
        "seat_kinds": seat_kinds(),
        "levels": [f"computer:{level}" for level in LEVELS],
        "idle_seconds": DEFAULT_IDLE_SECONDS,
        "effects_measured": None
        if measured is None
        else (
            f"measured by pegrace lab against each option's default: {measured['games']:,} "
            f"games of {measured['players']} {measured['seats']} players a rule, skill as "
            f"{measured['skill']}"
        ),
    }


def _game_entry(name: str) -> CatalogGame:
    cls = rules_class(name)
    effects = lab_effects()["games"].get(name, {}).get("options", {})
    colours: dict[str, list[str]] = {}
    for players in range(cls.min_players, cls.max_players + 1):
        try:
            colours[str(players)] = list(get_rules(name, players).colours)
        except PegraceError:
            continue  # the default options do not allow this count
    biggest = get_rules(name, max(int(k) for k in colours))
    return {
        "name": cls.name,
        "title": cls.title,
        "pitch": cls.pitch,
        # the board at the start, for the setup page's thumbnail and the rules page
        "board": {
            "layout": board_layout(biggest),
            "pieces": piece_spots(biggest, biggest.initial_state()),
        },
        "guide": guide_view(entry(name)),  # how to play, the options in words: the rules page
        "ratings": _seat_ratings(cls.name),
        "players": [int(k) for k in colours],
        "colours": colours,
        "seatings": {count: seatings(name, int(count)) for count in colours},
        "teams": teams(name, biggest.players),
        "options": [
            {
                "name": o.name,
                "default": o.default,
                "choices": list(o.choices),
                "help": o.help,
                "effects": {
                    value: found["summary"] for value, found in effects.get(o.name, {}).items()
                },
            }
            for o in cls.option_specs
        ],
    }


SEATING = "seating"  # the rule option that turns the colours that play round the board


def seatings(game: str, players: int, options: Mapping[str, str] | None = None) -> list[Seating]:
    """Each set of colours that may play ``game`` at ``players`` with ``options``, with the
    value of the ``seating`` option that seats it: every value the core accepts (``Rules``
    refuses the others), one a set, the default first."""
    base = {k: v for k, v in (options or {}).items() if k != SEATING}
    found: list[Seating] = []
    spec = rules_class(game).option(SEATING)
    for value in sorted(spec.choices, key=lambda value: value != spec.default):
        try:
            colours = list(get_rules(game, players, {**base, SEATING: value}).colours)
        except OptionError:
            continue
        if all(set(colours) != set(known["colours"]) for known in found):
            found.append({"colours": colours, "options": {SEATING: value}})
    return found


def teams(game: str, players: int) -> list[Teams]:
    """Each rule option's value that makes colours of ``game`` at ``players`` win together
    (the core's sides of more than one seat), one option changed from the defaults at a time."""
    found: list[Teams] = []
    for spec in rules_class(game).option_specs:
        for value in (v for v in spec.choices if v != spec.default):
            try:
                rules = get_rules(game, players, {spec.name: value})
            except OptionError:
                continue
            sides = [[rules.colours[s] for s in side] for side in rules.side_seats if len(side) > 1]
            if sides:
                found.append({"option": spec.name, "value": value, "sides": sides})
    return found


@dataclass(frozen=True)
class GameSettings:
    """One game's settings: stored as JSON, enough to rebuild its rules and seats."""

    game: str
    players: int
    options: dict[str, str]  # every rule option, defaults filled in
    seats: dict[str, str]  # colour -> human | open | computer:LEVEL, in board order
    seed: int
    idle_seconds: float  # 0: never take over an idle seat
    listed: bool = False  # shown in the lobby (games stored before the lobby are not)
    watcher_chat: bool = True  # watchers may chat (else only the seats' people)

    def rules(self) -> Rules:
        return get_rules(self.game, self.players, self.options)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seats": self.seats,
            "seed": self.seed,
            "idle_seconds": self.idle_seconds,
            "listed": self.listed,
            "watcher_chat": self.watcher_chat,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameSettings:
        return cls(
            str(data["game"]),
            int(data["players"]),
            {str(k): str(v) for k, v in data["options"].items()},
            {str(k): str(v) for k, v in data["seats"].items()},
            int(data["seed"]),
            _parse_idle(data["idle_seconds"]),
            bool(data.get("listed", False)),
            bool(data.get("watcher_chat", True)),
        )


def parse_settings(data: Any) -> tuple[GameSettings, Rules]:
    """Check a new-game request (see docs/web.md); OptionError names the first problem."""
    if not isinstance(data, dict):
        raise OptionError("a new game is a JSON object with game, seats and options")
    fields = {
        "game",
        "players",
        "options",
        "seats",
        "seed",
        "idle_seconds",
        "listed",
        "watcher_chat",
        "names",  # read by names.seat_names once the seats are known
    }
    unknown = set(data) - fields
    if unknown:
        raise OptionError(f"unknown field(s): {', '.join(sorted(unknown))}")
    name = data.get("game")
    if not isinstance(name, str):
        raise OptionError('say which game to play: "game": one of ' + ", ".join(list_games()))
    cls = rules_class(name)
    seats = _parse_seats(data.get("seats"), cls.all_colours)
    players = data.get("players", len(seats))
    if type(players) is not int:
        raise OptionError(f"players {players!r}: expected a whole number")
    rules = get_rules(cls.name, players, _parse_options(data.get("options", {})))
    if set(seats) != set(rules.colours):
        raise OptionError(
            f"{players}-player {cls.name} is played by {', '.join(rules.colours)}; "
            f"seats were given for {', '.join(seats) or 'nobody'}"
            + _seating_hint(rules, set(seats))
        )
    check_seats(rules, seats)
    if rules.one_player_sides:  # one person plays every colour of a side: as its first
        seats = {colour: seats[rules.side_of(colour)[0]] for colour in rules.colours}
    settings = GameSettings(
        rules.name,
        players,
        dict(rules.options),
        {colour: seats[colour] for colour in rules.colours},
        _parse_seed(data.get("seed"), seats),
        _parse_idle(data.get("idle_seconds", DEFAULT_IDLE_SECONDS)),
        _parse_switch("listed", data.get("listed", False), "shown in the lobby"),
        _parse_switch("watcher_chat", data.get("watcher_chat", True), "watchers may chat"),
    )
    return settings, rules


def _seating_hint(rules: Rules, colours: set[str]) -> str:
    """How to seat ``colours`` instead, where the ``seating`` option can: the sets it allows."""
    try:
        found = seatings(rules.name, rules.players, rules.options)
    except PegraceError:
        return ""
    match = [s for s in found if set(s["colours"]) == colours]
    if match:
        return f" (set the rule option seating={match[0]['options'][SEATING]} for them)"
    others = [
        f"{s['options'][SEATING]} for {', '.join(s['colours'])}"
        for s in found
        if set(s["colours"]) != set(rules.colours)
    ]
    if not others:
        return ""
    return f" (other colours play with the rule option seating: {'; '.join(others)})"


def _parse_switch(name: str, given: Any, meaning: str) -> bool:
    if not isinstance(given, bool):
        raise OptionError(f"{name} {given!r}: expected true ({meaning}) or false")
    return given


def _parse_seats(given: Any, colours: tuple[str, ...]) -> dict[str, str]:
    """The seats that play (empty ones left out), each kind in its canonical form."""
    if not isinstance(given, dict) or not given:
        raise OptionError('"seats" must map each colour to one of ' + ", ".join(seat_kinds()))
    seats: dict[str, str] = {}
    for colour, value in given.items():
        if colour not in colours:
            raise OptionError(f"seat {colour!r}: not a colour of this game ({', '.join(colours)})")
        kind = value.strip().lower() if isinstance(value, str) else ""
        if kind != EMPTY:
            seats[colour] = _seat_kind(kind, colour, value)
    return seats


def _seat_kind(kind: str, colour: str, given: Any) -> str:
    if kind == OPEN:
        return OPEN
    if named_file(kind) is not None:  # refused unread: a client never names a server file
        raise OptionError(
            f"seat {colour}: {given!r}: a web game's players read no file "
            "(value=FILE, policy:FILE); the shipped ones only"
        )
    try:
        spec = canonical_spec(kind)
    except OptionError:
        raise OptionError(
            f"seat {colour}: {given!r} is not a seat kind ({', '.join(seat_kinds())}, empty)"
        ) from None
    check_bounds(spec, f"seat {colour}")
    return spec


def check_bounds(spec: str, where: str) -> None:
    """Refuse a computer player set to think longer than a web game allows (WEB_BOUNDS)."""
    _, _, settings = spec.removeprefix("computer:").partition(":")
    given = player_settings(settings)
    for name, most in WEB_BOUNDS.items():
        value = given.get(name)
        if value is not None and value > most:
            raise OptionError(
                f"{where}: {spec} thinks too long for a web game "
                f"({name}={value:g}; at most {name}={most:g})"
            )


def _parse_options(given: Any) -> dict[str, str]:
    if not isinstance(given, dict):
        raise OptionError('"options" must map option names to values')
    options: dict[str, str] = {}
    for key, value in given.items():
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise OptionError(f"option {key}: {value!r} is not a value (give a string)")
        options[str(key)] = str(value)
    return options


def new_seed() -> int:
    return secrets.randbits(SEED_BITS)


def _parse_seed(seed: Any, seats: dict[str, str]) -> int:
    """A seed chosen by the game's creator only where nobody else can sit down: a creator
    who chose the dice could foresee them."""
    if seed is None:
        return new_seed()
    if type(seed) is not int or not 0 <= seed < 2**SEED_BITS:
        raise OptionError(f"seed {seed!r}: expected a whole number from 0 to 2**{SEED_BITS} - 1")
    if OPEN in seats.values():
        raise OptionError(
            "seed: a game with open seats has dice the server chooses "
            "(leave the seed out, or play it without open seats)"
        )
    return seed


def _parse_idle(seconds: Any) -> float:
    """A finite number of seconds from 0 to a day (NaN compares false with everything, so the
    bounds are checked as what must hold)."""
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, int | float)
        or not 0 <= seconds <= MOST_IDLE_SECONDS
    ):
        raise OptionError(
            f"idle_seconds {seconds!r}: expected a number of seconds from 0 "
            f"(never) to {MOST_IDLE_SECONDS:g} (a day)"
        )
    return float(seconds)
