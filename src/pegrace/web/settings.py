"""What a web game is set up with: the catalog the page offers (games, player counts, colours,
rule options, seat kinds) and the checked settings of one game, read from a request or the store.

The catalog is the same in every language: its titles, guides and options' words are message
ids the page translates where it shows them (the catalogs have them from guide.py's
``guide_messages``); the words it makes itself are ``Said`` (JSON: pegrace/i18n.py), and so are
the reasons a new game is refused (``saying``: their English is the error's text)."""

from __future__ import annotations

import functools
import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NotRequired, TypedDict

import orjson

from pegrace.boards import board_layout, piece_spots
from pegrace.boards.drawing import Json
from pegrace.engine import Rules
from pegrace.errors import OptionError, PegraceError
from pegrace.games import entry, get_rules, list_games, rules_class
from pegrace.guide import GuideView, guide_view
from pegrace.i18n import Said, SaidJson, said, said_n
from pegrace.players import (
    LEVELS,
    canonical_spec,
    check_seats,
    make_player,
    named_file,
    player_names,
)
from pegrace.players import parse_settings as player_settings
from pegrace.web import offered
from pegrace.web.effects import effect_words, measured_note, skill_players
from pegrace.web.refusals import colour_words, colours_words, saying
from pegrace.web.turnrules import LIVE, check_turn_seconds, parse_turns

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
    """The built-in computers, then the operator's players from outside (offered.py)."""
    return [*(name for name in player_names() if name != HUMAN), *offered.names()]


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
    help: str  # a message id
    effects: dict[str, SaidJson]  # value -> its measured effect in words (lab_effects.json)


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
    effects_measured: SaidJson | None  # how lab_effects.json was measured, in words


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
        "effects_measured": None if measured is None else measured_note(measured).json(),
    }


@functools.cache
def catalog_json() -> bytes:
    """The catalog as the page fetches it (/api/catalog), encoded once."""
    return orjson.dumps(catalog())


def option_effects(game: str) -> dict[str, dict[str, Said]]:
    """option -> value -> what the lab measured it to do, in words (lab_effects.json)."""
    who = skill_players(lab_effects().get("measured") or {})
    found = lab_effects()["games"].get(game, {}).get("options", {})
    return {
        option: {value: effect_words(f"{option}={value}", e, who) for value, e in values.items()}
        for option, values in found.items()
    }


def _game_entry(name: str) -> CatalogGame:
    cls = rules_class(name)
    effects = option_effects(name)
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
                "effects": {value: said.json() for value, said in effects.get(o.name, {}).items()},
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
    turns: str = LIVE  # a turn-based game's "play" or "away" (turnrules.py)

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
            "turns": self.turns,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameSettings:
        return cls(
            str(data["game"]),
            int(data["players"]),
            {str(k): str(v) for k, v in data["options"].items()},
            {str(k): str(v) for k, v in data["seats"].items()},
            int(data["seed"]),
            _parse_idle(data["idle_seconds"], turns := parse_turns(data.get("turns") or None)),
            bool(data.get("listed", False)),
            bool(data.get("watcher_chat", True)),
            turns,
        )


def parse_settings(data: Any) -> tuple[GameSettings, Rules]:
    """Check a new-game request (see docs/web-protocol.md); OptionError names the first problem."""
    if not isinstance(data, dict):
        raise saying(OptionError, said("a new game is a JSON object with game, seats and options"))
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
        "rated",  # read by profiles.Profiles.rated (a profile's game)
        "turn_based",
    }
    unknown = set(data) - fields
    if unknown:
        # TRANSLATORS: {fields} are the request's fields pegrace does not know, as sent
        fields_sent = ", ".join(sorted(unknown))
        problem = said_n(
            "unknown field: {fields}", "unknown fields: {fields}", len(unknown), fields=fields_sent
        )
        raise saying(OptionError, problem)
    name = data.get("game")
    if not isinstance(name, str):
        # TRANSLATORS: {games} are the games' names as a request writes them ("trouble, ludo")
        words = said(
            'say which game to play: "game": one of {games}', games=", ".join(list_games())
        )
        raise saying(OptionError, words)
    cls = rules_class(name)
    seats = _parse_seats(data.get("seats"), cls.all_colours)
    players = data.get("players", len(seats))
    if type(players) is not int:
        # TRANSLATORS: {value} is the value sent, as the request wrote it
        raise saying(
            OptionError, said("players {value}: expected a whole number", value=repr(players))
        )
    rules = get_rules(cls.name, players, _parse_options(data.get("options", {})))
    if set(seats) != set(rules.colours):
        raise saying(OptionError, _seats_problem(rules, list(seats)))
    check_seats(rules, {colour: offered.playable(spec) for colour, spec in seats.items()})
    if rules.one_player_sides:  # one person plays every colour of a side: as its first
        seats = {colour: seats[rules.side_of(colour)[0]] for colour in rules.colours}
    turns = parse_turns(data.get("turn_based"))
    settings = GameSettings(
        rules.name,
        players,
        dict(rules.options),
        {colour: seats[colour] for colour in rules.colours},
        _parse_seed(data.get("seed"), seats),
        _parse_idle(data.get("idle_seconds", DEFAULT_IDLE_SECONDS), turns),
        # TRANSLATORS: what "listed": true means in a new-game request
        _parse_switch("listed", data.get("listed", False), said("shown in the lobby")),
        # TRANSLATORS: what "watcher_chat": true means in a new-game request
        _parse_switch("watcher_chat", data.get("watcher_chat", True), said("watchers may chat")),
        turns,
    )
    return settings, rules


def _seats_problem(rules: Rules, seats: list[str]) -> Said:
    """Seats given for other colours than the rules seat: which ones play, and how to seat
    the colours given where the ``seating`` option can."""
    given: Said | str = colours_words(seats) if seats else said("nobody")
    # TRANSLATORS: {game} is the game's name as a request writes it ("trouble"), {colours} and
    # {given} lists of colours
    problem = said_n(
        "{count}-player {game} is played by {colours}; seats were given for {given}",
        "{count}-player {game} is played by {colours}; seats were given for {given}",
        rules.players,
        game=rules.name,
        colours=colours_words(rules.colours),
        given=given,
    )
    hint = _seating_hint(rules, set(seats))
    # TRANSLATORS: a problem and, in brackets, how to mend it
    return problem if hint is None else said("{problem} ({hint})", problem=problem, hint=hint)


def _seating_hint(rules: Rules, colours: set[str]) -> Said | None:
    """How to seat ``colours`` instead, where the ``seating`` option can: the sets it allows."""
    try:
        found = seatings(rules.name, rules.players, rules.options)
    except PegraceError:
        return None
    match = [s for s in found if set(s["colours"]) == colours]
    if match:
        # TRANSLATORS: {value} is the value of the rule option "seating" ("1"), as written in code
        return said(
            "set the rule option seating={value} for them", value=match[0]["options"][SEATING]
        )
    others: Said | None = None
    for s in found:
        if set(s["colours"]) == set(rules.colours):
            continue
        # TRANSLATORS: a value of the rule option "seating" ("1") and the colours it seats
        other = said(
            "{value} for {colours}",
            value=s["options"][SEATING],
            colours=colours_words(s["colours"]),
        )
        # TRANSLATORS: a list of the values of an option, one more at its end
        others = other if others is None else said("{list}; {item}", list=others, item=other)
    if others is None:
        return None
    # TRANSLATORS: {others} are values of the rule option "seating" with the colours each seats
    return said("other colours play with the rule option seating: {others}", others=others)


def _parse_switch(name: str, given: Any, meaning: Said) -> bool:
    if not isinstance(given, bool):
        # TRANSLATORS: {name} is a request's field ("listed"), {value} the value sent; {meaning}
        # what true means
        problem = said(
            "{name} {value}: expected true ({meaning}) or false",
            name=name,
            value=repr(given),
            meaning=meaning,
        )
        raise saying(OptionError, problem)
    return given


def _parse_seats(given: Any, colours: tuple[str, ...]) -> dict[str, str]:
    """The seats that play (empty ones left out), each kind in its canonical form."""
    if not isinstance(given, dict) or not given:
        # TRANSLATORS: {kinds} are the seat kinds as a request writes them ("human, open, ...")
        words = said(
            '"seats" must map each colour to one of {kinds}', kinds=", ".join(seat_kinds())
        )
        raise saying(OptionError, words)
    seats: dict[str, str] = {}
    for colour, value in given.items():
        if colour not in colours:
            # TRANSLATORS: {colour} is the colour sent, as the request wrote it; {colours} the
            # game's colours
            words = said(
                "seat {colour}: not a colour of this game ({colours})",
                colour=repr(colour),
                colours=colours_words(colours),
            )
            raise saying(OptionError, words)
        kind = value.strip().lower() if isinstance(value, str) else ""
        if kind != EMPTY:
            seats[colour] = _seat_kind(kind, colour, value)
    return seats


def _seat_kind(kind: str, colour: str, given: Any) -> str:
    if kind == OPEN:
        return OPEN
    if offered.is_outside(kind):  # refused unmade: a client never names code to run
        return offered.seat(kind, colour_words(colour), given)
    if named_file(kind) is not None:  # refused unread: a client never names a server file
        # TRANSLATORS: {colour} is a seat's colour, {kind} the seat kind sent ("'expert:value=x'")
        words = said(
            "seat {colour}: {kind}: a web game's players read no file "
            "(value=FILE, policy:FILE); the shipped ones only",
            colour=colour_words(colour),
            kind=repr(given),
        )
        raise saying(OptionError, words)
    try:
        spec = canonical_spec(kind)
    except OptionError:
        # TRANSLATORS: {colour} is a seat's colour, {kind} the seat kind sent; {kinds} the seat
        # kinds there are, as a request writes them
        words = said(
            "seat {colour}: {kind} is not a seat kind ({kinds}, empty)",
            colour=colour_words(colour),
            kind=repr(given),
            kinds=", ".join(seat_kinds()),
        )
        raise saying(OptionError, words) from None
    # TRANSLATORS: where a computer player was set up: a seat's colour ("seat red")
    check_bounds(spec, said("seat {colour}", colour=colour_words(colour)))
    return spec


def check_bounds(spec: str, where: Said | str) -> None:
    """Refuse a computer player set to think longer than a web game allows (WEB_BOUNDS)."""
    _, _, settings = spec.removeprefix("computer:").partition(":")
    given = player_settings(settings)
    for name, most in WEB_BOUNDS.items():
        value = given.get(name)
        if value is not None and value > most:
            # TRANSLATORS: {spec} is a computer player as written in code
            # ("computer:expert:ms=9000"); {given} and {most} its setting and the most it may be
            # ("ms=9000", "ms=2000")
            asked, allowed = f"{name}={value:g}", f"{name}={most:g}"
            words = said(
                "{where}: {spec} thinks too long for a web game ({given}; at most {most})",
                where=where,
                spec=spec,
                given=asked,
                most=allowed,
            )
            raise saying(OptionError, words)


def _parse_options(given: Any) -> dict[str, str]:
    if not isinstance(given, dict):
        raise saying(OptionError, said('"options" must map option names to values'))
    options: dict[str, str] = {}
    for key, value in given.items():
        if isinstance(value, bool) or not isinstance(value, str | int):
            # TRANSLATORS: {option} is an option's name, {value} the value sent, as written in code
            words = said(
                "option {option}: {value} is not a value (give a string)",
                option=str(key),
                value=repr(value),
            )
            raise saying(OptionError, words)
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
        # TRANSLATORS: {value} is the seed sent; {bits} a number of bits (128)
        words = said(
            "seed {value}: expected a whole number from 0 to 2**{bits} - 1",
            value=repr(seed),
            bits=SEED_BITS,
        )
        raise saying(OptionError, words)
    if OPEN in seats.values():
        words = said(
            "seed: a game with open seats has dice the server chooses "
            "(leave the seed out, or play it without open seats)"
        )
        raise saying(OptionError, words)
    return seed


def _parse_idle(seconds: Any, turns: str = LIVE) -> float:
    """A finite number of seconds from 0 to a day, or a turn-based game's time a move (NaN
    compares false with everything, so the bounds are checked as what must hold)."""
    if turns != LIVE and isinstance(seconds, int | float) and not isinstance(seconds, bool):
        check_turn_seconds(turns, seconds)
        return float(seconds)
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, int | float)
        or not 0 <= seconds <= MOST_IDLE_SECONDS
    ):
        most = f"{MOST_IDLE_SECONDS:g}"
        # TRANSLATORS: {value} is the value sent; {most} the most seconds ("86400")
        words = said(
            "idle_seconds {value}: expected a number of seconds from 0 (never) to {most} (a day)",
            value=repr(seconds),
            most=most,
        )
        raise saying(OptionError, words)
    return float(seconds)
