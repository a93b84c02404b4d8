"""The native core (``pegrace._core``, Rust; docs/architecture.md) behind a typed face.

Its calls are coarse: a whole batch of games, or one position's every successor. Trouble is
the first game ported; while the port goes on, the Python rules are its oracle
(tests/test_native_trouble.py compares the two position by position)."""

from __future__ import annotations

from dataclasses import dataclass

from pegrace import _core
from pegrace.dice import Roll
from pegrace.engine import Rules
from pegrace.errors import OptionError
from pegrace.state import Phase, State

NATIVE_GAMES = ("trouble",)


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


def _check(rules: Rules) -> None:
    if rules.name not in NATIVE_GAMES:
        raise OptionError(f"the native core plays {', '.join(NATIVE_GAMES)}, not {rules.name}")


def random_games(rules: Rules, games: int, seed: int) -> RandomGames:
    """``games`` games of random players (the pass included where allowed) to the end, in the
    core, without the interpreter lock; the same seed gives the same batch."""
    _check(rules)
    if games < 1 or not 0 <= seed < 2**64:
        raise OptionError(
            f"random games: at least 1 game and a seed of 64 bits, not {games}, {seed}"
        )
    totals = _core.random_games(rules.name, rules.players, _options(rules), games, seed)
    return RandomGames(totals["games"], tuple(totals["wins"]), totals["moves"], totals["rolls"],
                       totals["turns"])  # fmt: skip


def _state(native: _core.NativeState) -> State:
    pieces, phase, current, roll, streak, turn, finished, out, contenders, rolloff, aux, end = (
        native
    )
    return State(tuple(map(tuple, pieces)), Phase(phase), current, roll, streak, turn,
                 tuple(finished), tuple(out), tuple(contenders), tuple(rolloff), tuple(aux),
                 end)  # fmt: skip


def successors(rules: Rules, state: State) -> list[tuple[str, State]]:
    """Every legal move of the position (its text) with the position it leads to."""
    _check(rules)
    found = _core.trouble_moves(rules.players, _options(rules), tuple(state))
    return [(text, _state(after)) for text, after in found]


def after_roll(rules: Rules, state: State, roll: Roll) -> State:
    """The position after a roll (or a roll-off pop)."""
    _check(rules)
    assert isinstance(roll, int)
    return _state(_core.trouble_roll(rules.players, _options(rules), tuple(state), roll))
