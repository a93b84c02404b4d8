"""The native core's computer play (``pegrace._core``, Rust; docs/architecture.md) behind a
typed face; the rules' own face is ``pegrace.engine.Rules``.

Its calls are coarse: a whole batch of games, a batch of playouts, one decision. Every
computer player plays there (random, easy, medium, the personalities, hard and expert, a
learned policy), the very games the Python runner plays from the same seeds, asking the core
decision by decision; the recorded games of the Python players they replaced are their oracle
(tests/test_native_players.py, tests/test_native_search.py, tests/corpus/players.json.xz)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pegrace import _core
from pegrace._core import CoreSummary
from pegrace.engine import Rules
from pegrace.errors import OptionError, PegraceError, saying, words_of
from pegrace.i18n import said
from pegrace.state import State
from pegrace.value import Given

if TYPE_CHECKING:
    from pegrace.policy import PolicyFile

# the largest game seed the core takes (Python's generator takes any whole number)
LARGEST_SEED = 2**128 - 1


@dataclass(frozen=True)
class RandomGames:
    """Totals of a batch of random-player games: wins by side, moves, rolls and turns."""

    games: int
    wins: tuple[int, ...]
    moves: int
    rolls: int
    turns: int

    @property
    def moves_per_game(self) -> float:
        return self.moves / self.games


def _options(rules: Rules) -> list[tuple[str, str]]:
    return sorted(rules.options.items())


def _again(
    error: Exception, call: str, state: State | None = None, rules: Rules | None = None
) -> PegraceError:
    """The core's ``error`` said again with the ``call`` that was asked (and the position
    ``state`` of ``rules`` it was asked in): of the core's class (an OptionError stays one), a
    PegraceError where the core's is a plain ValueError (or an argument out of the core's
    range)."""
    kind = type(error) if isinstance(error, PegraceError) else PegraceError
    if state is None or rules is None:
        # TRANSLATORS: {call} is what the native core was asked, as the code names it
        # ("games", "playouts", "look", a player's name); {problem} the core's words
        return saying(kind, said("native {call}: {problem}", call=call, problem=words_of(error)))
    # TRANSLATORS: {call} is what the native core was asked, as the code names it ("search",
    # "look", a player's name); {problem} the core's words; {position} the position in the
    # game's notation
    where = said(
        "native {call}: {problem}: {position}",
        call=call,
        problem=words_of(error),
        position=rules.summary(state),
    )
    return saying(kind, where)


def random_games(rules: Rules, games: int, seed: int) -> RandomGames:
    """``games`` games of random players (the pass included where allowed) to the end, in the
    core, without the interpreter lock; the same seed gives the same batch."""
    if games < 1 or not 0 <= seed < 2**64:
        # TRANSLATORS: {games} is a number of games, {seed} a number
        bad = said(
            "random games: at least 1 game and a seed of 64 bits, not {games}, {seed}",
            games=games,
            seed=seed,
        )
        raise saying(OptionError, bad)
    totals = _core.random_games(rules.name, rules.players, _options(rules), games, seed)
    return RandomGames(
        totals["games"], tuple(totals["wins"]), totals["moves"], totals["rolls"], totals["turns"]
    )


# a computer player as the core plays it: by its name there, a policy's number or a search's
# settings (each player says which: ``pegrace.player.Player.core_player``)
CorePlayer = _core.CorePlayer
# a seat for the core: its colour and its player
CoreSeat = tuple[str, CorePlayer]


def check_policy(rules: Rules, policy: PolicyFile) -> None:
    """Refuse a policy that cannot play these rules (another game, or its actions)."""
    try:
        _core.Computer(rules.name, rules.players, _options(rules)).check_policy(policy.number)
    except OptionError as err:  # the core says why
        # TRANSLATORS: {name} is the file as named; {problem} what is wrong with it
        problem = said("policy file {name}: {problem}", name=policy.file, problem=words_of(err))
        raise saying(OptionError, problem) from None


def value_number(rules: Rules, given: Given) -> int:
    """The number the core's search settings name a weights file's value by (``value``),
    checked to be a value of these rules' model that fits its features."""
    return _value_number(rules.name, rules.players, tuple(_options(rules)), given)


@functools.lru_cache(maxsize=64)  # the core numbers a value once; the check builds a judge
def _value_number(
    game: str, players: int, options: tuple[tuple[str, str], ...], given: Given
) -> int:
    try:
        number = _core.give_value(given.text)
        _core.Computer(game, players, list(options)).check_value(number)
    except OptionError as err:  # the core says why
        # TRANSLATORS: {file} is the file as named; {problem} what is wrong with it; {game}
        # a game's name and {options} its rule options, as the code writes them
        problem = said(
            "weights file {file}: {problem} ({game} {options})",
            file=given.file,
            problem=words_of(err),
            game=game,
            options=str(dict(options)),
        )
        raise saying(OptionError, problem) from None
    return number


def play_games(
    rules: Rules,
    seatings: list[list[CoreSeat]],
    seed: int,
    first: int,
    count: int,
    drama: bool = False,
) -> list[CoreSummary]:
    """Games ``first .. first + count - 1`` of a run seeded ``seed``, game ``i`` seeded as
    ``pegrace.simulate.game_seed`` seeds it and seated ``seatings[i % len(seatings)]``: the
    games ``pegrace.match.run_game`` plays, without the interpreter lock. ``drama``: count
    each game's captures and lead changes, and whether its half-time leader won."""
    try:
        return _core.play_games(
            rules.name, rules.players, _options(rules), seatings, seed, first, count, drama
        )
    except (ValueError, OverflowError) as error:
        raise _again(error, "games") from None


def playouts(
    rules: Rules,
    state: State,
    player: CorePlayer,
    seed: int | str,
    count: int,
    threads: int = 1,
    first: int = 0,
) -> list[int]:
    """Each side's wins in the ``count`` playouts from number ``first`` on, from ``state`` with
    ``player`` in every seat, seeded as ``pegrace.advice.winprob`` seeds them (the same games),
    shared out over ``threads`` threads (the same wins whatever their number)."""
    try:
        return _core.playouts(
            rules.name,
            rules.players,
            _options(rules),
            state,
            list(rules.colours),
            player,
            str(seed),
            first,
            count,
            threads,
        )
    except ValueError as error:
        raise _again(error, "playouts", state, rules) from None


@dataclass(frozen=True)
class Look:
    """What the computer players see in a position (``Computer.look``): per seat, its
    evaluation (what the medium player maximises) and the danger part of it (its exposure to
    being hit, which the personalities weigh); per side, the search's leaf value. Where the game
    has a learned chance of winning (two-dice Ludo, Trouble but ``two_sets``): per seat its
    expected loss to hits, its chance of winning and the model's features (the steps its pieces
    have come, pieces out, in the lane, at its end, the furthest piece's steps, the squared
    steps / 100, the expected loss, and the tempo as one 0/1 feature per later turn), per side
    the expert's leaf, and the model's ``weights`` of the features: a seat's chance of winning
    is its share of ``exp(weights · features)`` over the seats."""

    evaluation: tuple[float, ...]
    danger: tuple[float, ...]
    leaf: tuple[float, ...]
    losses: tuple[float, ...] | None = None
    chances: tuple[float, ...] | None = None
    features: tuple[tuple[float, ...], ...] | None = None
    learned: tuple[float, ...] | None = None
    weights: tuple[float, ...] | None = None


# a ranking from the core: (move index, the mover's value, every side's values) best first,
# the depth reached and the nodes searched
CoreRanking = tuple[list[tuple[int, float, list[float]]], int, int]


class Computer:
    """Computer play of one game in the core (its rules and evaluation built once): the search
    players' rankings and the one-move players' best moves."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._core = _core.Computer(rules.name, rules.players, _options(rules))

    def best(self, state: State, player: CorePlayer) -> list[int]:
        """The legal moves (indices, in ``rules.legal_moves`` order) the one-move ``player``
        (medium, easy, the personalities, a policy) rates best, tied."""
        try:
            return self._core.best(state, player)
        except ValueError as error:
            raise _again(error, player.name, state, self.rules) from None

    def look(self, state: State, to_move: int | None = None) -> Look:
        """What the computer players see in ``state`` with ``to_move`` (by default the seat
        to move) moving next."""
        seat = state.current if to_move is None else to_move
        try:
            seen = self._core.look(state, seat)
        except ValueError as error:
            raise _again(error, "look", state, self.rules) from None
        if "learned" not in seen:
            return Look(tuple(seen["evaluation"]), tuple(seen["danger"]), tuple(seen["leaf"]))
        return Look(
            tuple(seen["evaluation"]),
            tuple(seen["danger"]),
            tuple(seen["leaf"]),
            tuple(seen["losses"]),
            tuple(seen["chances"]),
            tuple(map(tuple, seen["features"])),
            tuple(seen["learned"]),
            tuple(seen["weights"]),
        )

    def value_chances(self, state: State) -> tuple[float, ...] | None:
        """Each side's chance of winning by the value learned by self-play (pegrace.value):
        instant, exact once the winner is settled; None where the rules have none (Marbles'
        War, Trouble's two sets)."""
        try:
            found = self._core.value_chances(state)
        except ValueError as error:
            raise _again(error, "value", state, self.rules) from None
        return None if found is None else tuple(found)

    @property
    def learns(self) -> bool:
        """Whether the game has a learned chance of winning (the expert's leaf)."""
        return self._core.learned_chance(0.0) is not None

    def learned_chance(self, value: float) -> float | None:
        """The chance of winning a search value on the learned leaf's scale stands for; None
        without a learned leaf, or outside the leaves' range (a value that counts a finished
        game, which a search weighs above any leaf)."""
        return self._core.learned_chance(value)

    def rank(self, state: State, player: CorePlayer) -> CoreRanking:
        """The legal moves of ``state`` (in ``rules.legal_moves`` order, by index), ranked as
        ``pegrace.search.SearchPlayer`` ranks them: ``player`` is its search."""
        try:
            return self._core.rank(state, player)
        except ValueError as error:
            raise _again(error, "search", state, self.rules) from None
