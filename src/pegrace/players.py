"""Players: anything that, shown the state, the roll and the legal moves, returns one (the
interface, ``Player``, is in player.py; the search players are in search.py).

The engine never trusts the answer: ``match.run_game`` checks it against the
legal moves. Every computer player draws from its own seeded generator, so a
game seed fixes its choices too.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pegrace import _core, native, outside, policy, value
from pegrace.engine import Rules
from pegrace.errors import OptionError, saying, words_of
from pegrace.i18n import N_, Said, said
from pegrace.moves import Move
from pegrace.native import Computer, CorePlayer, CoreSeat
from pegrace.player import Player
from pegrace.search import SearchPlayer
from pegrace.state import State


class RandomPlayer(Player):
    """Any legal move, all equally likely, but never a pass while a piece can move: the
    baseline (docs/rl.md says why: uniform over every move, a Trouble player passes about half
    its turns under ``voluntary_pass``, and beating it measures that, not skill)."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        return random_move(self.rng, moves)


def random_move(rng: random.Random, moves: Sequence[Move]) -> Move:
    """Any move but the pass, all equally likely (the pass when it is all there is)."""
    playable = [move for move in moves if not move.is_pass]
    if 0 < len(playable) < len(moves):
        moves = playable
    return moves[int(rng.random() * len(moves))]


class UniformPlayer(RandomPlayer):
    """Uniform over every legal move, the voluntary pass included (``random`` until issue 56)."""

    name = "uniform"

    def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        return moves[int(self.rng.random() * len(moves))]


class MediumPlayer(Player):
    """One ply: plays the move whose resulting position the game's evaluation rates best for
    its side (captures, progress, pieces out, safety from hits); ties are broken by its own
    generator. The native core rates the moves (``native.Computer.best``); the personalities
    are the same player with another rating, by the core's name."""

    name = "medium"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)
        self.computer: Computer | None = None

    def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        best = self.best(rules, state, moves)
        return best[int(self.rng.random() * len(best))] if len(best) > 1 else best[0]

    def best(self, rules: Rules, state: State, moves: Sequence[Move]) -> list[Move]:
        """The moves whose positions this player rates best, tied."""
        if self.computer is None or self.computer.rules is not rules:
            self.computer = Computer(rules)
        return [moves[i] for i in self.computer.best(state, self.rated())]

    def rated(self) -> CorePlayer:
        """The core's player of the rating this player maximises."""
        return CorePlayer.named(self.rating)

    # the core's name of the rating this player maximises
    rating = "medium"


class PolicyPlayer(MediumPlayer):
    """A learned policy (pegrace.policy): the move its network rates best, from what each move
    would do; ties broken by its own generator. ``file`` None: the shipped policy."""

    name = rating = "policy"

    def __init__(self, seed: int | str = 0, file: str | None = None) -> None:
        super().__init__(seed)
        self.policy = policy.named(file)

    def rated(self) -> CorePlayer:
        return CorePlayer.policy(self.policy.number)

    def core_player(self, rules: Rules) -> CorePlayer | None:
        native.check_policy(rules, self.policy)
        return self.rated()


class EasyPlayer(MediumPlayer):
    """The medium player's move, except that a share of its choices (``mistakes``) is the random
    player's (any move but a voluntary pass): a beatable opponent."""

    name = "easy"

    def __init__(self, seed: int | str = 0, mistakes: float = 0.5) -> None:
        super().__init__(seed)
        self.mistakes = mistakes

    def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        if self.rng.random() < self.mistakes:
            return random_move(self.rng, moves)
        return super().choose(rules, state, moves)


class AggressivePlayer(MediumPlayer):
    """Captures first: a move that sends opponents back outweighs almost anything else (the
    evaluation plus 100 per piece captured)."""

    name = rating = "aggressive"


class RunnerPlayer(MediumPlayer):
    """Races: prefers the move that leaves its side furthest ahead of the field, caring
    little for safety (the evaluation with the danger part left out)."""

    name = rating = "runner"


class CautiousPlayer(MediumPlayer):
    """Keeps out of reach: counts the danger of being hit three times over."""

    name = rating = "cautious"


class HumanSeat(Player):
    """A seat a person plays; front ends ask the person instead of calling ``choose``."""

    name = "human"
    is_human = True

    def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        raise RuntimeError("a human seat is played through a front end")


def search_player(level: str) -> Callable[..., Player]:
    def make(seed: int | str = 0, **params: Any) -> Player:
        settings = {**LEVEL_SEARCH[level], **params}
        if VALUE in params and "model" not in params:
            settings["model"] = 2  # the value named is read at the leaves, hard's too
        player = SearchPlayer(seed, **settings)
        player.name = level
        return player

    return make


# the computer players as the core lists them, in the order people are offered them
# (core/ai/players.rs COMPUTERS): each one's name, role, how the core plays it (by name, as a
# search of its depth and leaves' model, or as a policy) and its note for translators
OFFERED = _core.computer_players()
# the Python face of each player the core plays by its name or as a policy (each says its name)
FACES: dict[str, Callable[..., Player]] = {
    face.name: face
    for face in (
        RandomPlayer,
        UniformPlayer,
        EasyPlayer,
        MediumPlayer,
        AggressivePlayer,
        RunnerPlayer,
        CautiousPlayer,
        PolicyPlayer,
    )
}


def _search_settings(depth: int | None, model: int) -> dict[str, float]:
    return {"model": model} if depth is None else {"depth": depth, "model": model}


# Search settings of the search levels; `expert:ms=50` or `hard:depth=3` override them.
LEVEL_SEARCH: dict[str, dict[str, float]] = {
    name: _search_settings(*search) for name, _, _, search, _ in OFFERED if search is not None
}
# the computer players in the order they are offered (``player_names``, the web's seat menu):
# the levels weakest first, then the personalities (the learned policy is named, not offered)
COMPUTER_PLAYERS: dict[str, Callable[..., Player]] = {
    name: search_player(name) if plays == "search" else FACES[name]
    for name, _, plays, _, _ in OFFERED
}
# named, not offered: a learned policy plays the game it learned only; `uniform` is a baseline
# for study (the old `random`, passing half its Trouble turns), no opponent for a person
NAMED_ONLY = tuple(name for name, role, *_ in OFFERED if role in ("baseline", "learned"))
ALIASES = {"heuristic": "medium"}
# the levels, weakest first (the others are personalities: medium's strength, another style)
LEVELS = tuple(name for name, role, *_ in OFFERED if role == "level")
# the setting that names a weights file (``expert:value=FILE``): the levels whose search leaves
# read a learned value, the search levels, take it (medium's one ply reads the game's evaluation)
VALUE, VALUE_LEVELS = "value", tuple(LEVEL_SEARCH)
PARAMS = {
    "mistakes": float,
    "ms": float,
    "depth": int,
    "width": int,
    "paranoid": int,
    "model": int,
    "threads": int,
    "horizon": int,
}
# Each setting's least and most (paranoid and model are checked by the search player, naming
# their values): beyond them a player would think for ever or stop making sense; NaN and
# infinities are refused for every setting.
RANGES: dict[str, tuple[float, float, str]] = {
    # TRANSLATORS: what a computer player's setting counts ("mistakes goes from 0 to 1 (a
    # share of the moves)")
    "mistakes": (0.0, 1.0, N_("a share of the moves")),
    "ms": (0.0, 3_600_000.0, N_("milliseconds a move, at most an hour")),
    "depth": (1.0, 64.0, N_("decisions searched ahead")),
    "width": (0.0, 1000.0, N_("moves followed below the root, 0 for every one")),
    "threads": (1.0, 256.0, N_("threads sharing the search")),
    "horizon": (0.0, 1000.0, N_("decisions each rollout plays, 0 for expectimax")),
}


def player_names() -> list[str]:
    """The players offered in every game (not those ``NAMED_ONLY``: ``policy``, ``policy:FILE``
    and ``uniform`` are played when named; nor players from outside,
    ``module:``, ``bot:``, ``sb3:`` and ``openspiel:``: pegrace.outside)."""
    return [
        "human",
        *(f"computer:{name}" for name in COMPUTER_PLAYERS if name not in NAMED_ONLY),
    ]


def make_player(spec: str, seed: int | str = 0) -> Player:
    """``human``, ``computer`` (medium), ``computer:NAME`` or ``NAME``, optionally with
    settings: ``expert:ms=50``, ``hard:depth=3``, ``expert:width=3`` (below the root follow
    only the 3 moves the one-ply evaluation likes best), ``expert:paranoid=1`` (every opponent
    assumed to play against it, instead of for itself), ``hard:model=1`` (leaves rated by the
    game's learned chance of winning, where it has one: the expert's default; ``expert:model=0``
    reads the game's evaluation like the levels below), ``expert:threads=2`` (the root moves
    shared among 2 threads in the native core: the same ranking, found sooner, with more nodes
    counted, so deepening may stop at another depth), ``expert:horizon=0`` (rank by expectimax
    where the game's expert rolls out, as in two-dice Ludo, Trouble and Marbles; ``horizon=N``:
    by rollouts of N decisions, core/ai/rollout.rs), ``easy:mistakes=0.3``,
    ``expert:value=FILE`` (the leaves read the value in the weights file FILE, written by
    ``pegrace train``, instead of the shipped one; ``value=sha256:DIGITS`` names one read
    before by its checksum)."""
    if spec.strip().lower() == "human":
        return HumanSeat()
    kind, _, settings = split_spec(spec)
    if kind in outside.KINDS:  # module:, bot:, sb3:, openspiel: (pegrace.outside)
        return outside.outside_player(kind, settings, seed)
    factory = COMPUTER_PLAYERS.get(ALIASES.get(kind, kind))
    if factory is None:
        # TRANSLATORS: {player} is the player given, quoted; the {players} as typed
        unknown = said(
            "unknown player {player} (players: {players})",
            player=repr(spec),
            players=", ".join(player_names()),
        )
        raise saying(OptionError, unknown)
    if kind == PolicyPlayer.name:  # policy:FILE
        return PolicyPlayer(seed, settings.strip() or None)
    numbers, file = take_value(settings)
    params: dict[str, Any] = parse_settings(numbers)
    if file is not None:
        if kind not in VALUE_LEVELS:
            # TRANSLATORS: {player} is the player given, quoted; value= a setting as typed;
            # {levels} the players' names as typed ("hard, expert")
            problem = said(
                "player {player}: value= is only for players whose search leaves read a learned "
                "value: {levels}",
                player=repr(spec),
                levels=", ".join(VALUE_LEVELS),
            )
            raise saying(OptionError, problem)
        params[VALUE] = value.named(file)
    try:
        return factory(seed, **params)
    except TypeError:
        # TRANSLATORS: {player} is the player given, quoted; {kind} its name as typed
        problem = said(
            "player {player}: {kind} takes no such setting", player=repr(spec), kind=kind
        )
        raise saying(OptionError, problem) from None


def core_player(rules: Rules, spec: str) -> CorePlayer | None:
    """How the core plays a computer player spec: its name (``search`` for the search players)
    and settings, or None when the core does not play it (a person)."""
    return make_player(spec).core_player(rules)


def check_seats(rules: Rules, seats: Mapping[str, str]) -> None:
    """Refuse a computer seat whose player cannot play these rules (a policy learned for
    another game), naming the seat, before any game starts."""
    for colour, spec in seats.items():
        if spec.startswith("computer:"):
            try:
                core_player(rules, spec)
            except OptionError as err:
                # TRANSLATORS: "seat red: unknown player ...": {colour} as typed, {problem}
                # what is wrong with its player
                problem = said("seat {colour}: {problem}", colour=colour, problem=words_of(err))
                raise saying(OptionError, problem) from None


def core_seatings(
    rules: Rules, seatings: Sequence[Mapping[str, str]]
) -> list[list[CoreSeat]] | None:
    """The seatings (colour -> player spec) as the core takes them, or None when the core does
    not play one of the players (a person)."""
    found = []
    for seats in seatings:
        seating = []
        for colour, spec in seats.items():
            player = core_player(rules, spec)
            if player is None:
                return None
            seating.append((colour, player))
        found.append(seating)
    return found


def split_spec(spec: str) -> tuple[str, str, str]:
    """A computer player spec's name (lower case, without ``computer:``), the colon if settings
    follow, and its settings as written (a weights file's name keeps its case)."""
    text = spec.strip()
    if text.lower() == "computer":
        return "medium", "", ""
    if text.lower().startswith("computer:"):
        text = text[len("computer:") :]
    kind, colon, settings = text.partition(":")
    return kind.lower(), colon, settings


def _items(settings: str) -> list[tuple[str, str | None]]:
    """Each setting as written, with the file it names where it is ``value=FILE``."""
    found = []
    for item in settings.split(","):
        key, eq, named = item.partition("=")
        found.append((item, named.strip() if eq and key.strip().lower() == VALUE else None))
    return found


def take_value(settings: str) -> tuple[str, str | None]:
    """The settings, lower case, without ``value=FILE``; and FILE as written (the last one
    named; None if none is)."""
    items = _items(settings)
    files = [file for _, file in items if file is not None]
    rest = ",".join(item.lower() for item, file in items if file is None)
    return rest, files[-1] if files else None


def value_file(spec: str) -> str | None:
    """The weights file a player spec names (``value=FILE``) as written, unread."""
    kind, _, settings = split_spec(spec)
    return None if kind == PolicyPlayer.name else take_value(settings)[1]


def named_file(spec: str) -> str | None:
    """The file a player spec names (``value=FILE``, ``policy:FILE``) as written, unread (the
    web refuses a spec that names one: a client must never name a file on the server)."""
    kind, _, settings = split_spec(spec)
    return (settings.strip() or None) if kind == PolicyPlayer.name else value_file(spec)


def spec_value(spec: str) -> value.Given | None:
    """The weights file a player spec names, read and checked; None if none."""
    file = value_file(spec)
    return None if file is None else value.named(file)


def pinned_spec(spec: str) -> str:
    """The spec with its weights file named by checksum (``value=sha256:DIGITS``, read and
    checked here), as reports and worker processes name it; any other spec as it is."""
    if value_file(spec) is None:
        return spec
    kind, colon, settings = split_spec(spec)
    items = (
        item.lower() if file is None else f"{VALUE}={value.named(file).ref}"
        for item, file in _items(settings)
    )
    return f"{kind}{colon}{','.join(items)}"


def value_entry(spec: str) -> dict[str, Any]:
    """What a report records of the weights file a spec names: ``{"value": its setup}``
    (checksum, model, version, training games, file), or of a policy (``{"policy": ...}``:
    checksum, game, how it was trained, file); or nothing."""
    kind, _, settings = split_spec(spec)
    if kind == PolicyPlayer.name:
        return {"policy": policy.named(settings.strip() or None).setup()}
    given = spec_value(spec)
    return {} if given is None else {VALUE: given.setup()}


def value_texts(specs: Sequence[str]) -> tuple[str, ...]:
    """The texts of the weights files the specs name, each once: a worker process gets them
    with its jobs (``value.adopt_texts``), and so reads no file."""
    found = (spec_value(spec) for spec in specs)
    return tuple(dict.fromkeys(given.text for given in found if given is not None))


def parse_settings(text: str) -> dict[str, float]:
    params: dict[str, float] = {}
    for item in filter(None, text.split(",")):
        key, eq, value = item.partition("=")
        kind = PARAMS.get(key.strip())
        if not eq or kind is None:
            # TRANSLATORS: {setting} is the setting given, quoted; KEY=VALUE what to type; the
            # {keys} as typed
            problem = said(
                "player setting {setting}: write KEY=VALUE with KEY one of {keys}",
                setting=repr(item),
                keys=", ".join([*PARAMS, VALUE]),
            )
            raise saying(OptionError, problem)
        try:
            number = kind(value)
        except ValueError:
            # TRANSLATORS: {setting} is the setting given and {value} its value, quoted
            problem = said(
                "player setting {setting}: {value} is not a number",
                setting=repr(item),
                value=repr(value),
            )
            raise saying(OptionError, problem) from None
        check_setting(item, key.strip(), number)
        params[key.strip()] = number
    return params


def check_setting(item: str, key: str, number: float) -> None:
    """Refuse a setting's value that is not a finite number in its range (RANGES)."""
    if not math.isfinite(number):
        # TRANSLATORS: {setting} is the setting given, quoted; {key} its name as typed
        problem = said(
            "player setting {setting}: {key} must be a finite number", setting=repr(item), key=key
        )
        raise saying(OptionError, problem)
    if number < 0:
        negative = said("player setting {setting} must not be negative", setting=repr(item))
        raise saying(OptionError, negative)
    if key in RANGES:
        low, high, unit = RANGES[key]
        if not low <= number <= high:
            # TRANSLATORS: {setting} is the setting given, quoted; {key} its name as typed;
            # {unit} what it counts, in words
            problem = said(
                "player setting {setting}: {key} goes from {low} to {high} ({unit})",
                setting=repr(item),
                key=key,
                low=int(low),
                high=int(high),
                unit=Said(unit),
            )
            raise saying(OptionError, problem)


def canonical_spec(spec: str) -> str:
    """The spec as records and reports write it: ``human`` or ``computer:NAME[:settings]``, a
    weights file named by its checksum (``pinned_spec``)."""
    player = make_player(spec)
    if player.is_human:
        return "human"
    kind, _, settings = split_spec(spec)
    if kind in outside.KINDS:  # a module's or a command's name keeps its case
        return f"computer:{kind}:{settings.strip()}"
    text = pinned_spec(spec).strip().lower().removeprefix("computer:")
    return f"computer:{text if text != 'computer' else 'medium'}"
