"""The native core (``pegrace._core``, Rust; docs/architecture.md) behind a typed face.

Its calls are coarse: a whole batch of games, or one position's every successor. Ported so
far: every game's rules (every variant and option); while the port goes on, the Python rules
are the oracle (tests/test_native_rules.py compares the two
position by position)."""

from __future__ import annotations

from dataclasses import dataclass

from pegrace import _core
from pegrace.dice import Roll
from pegrace.engine import Rules
from pegrace.errors import OptionError
from pegrace.state import Phase, State

# the games the core plays, and the options they must have to be played there
NATIVE_GAMES: dict[str, dict[str, tuple[str, ...]]] = {
    "trouble": {},
    "ludo": {},
    "marbles": {},
    "headache": {},
}


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


def plays(rules: Rules) -> bool:
    """Whether the core plays this game with these options."""
    needs = NATIVE_GAMES.get(rules.name)
    return needs is not None and all(rules.options[k] in v for k, v in needs.items())


def _check(rules: Rules) -> None:
    if not plays(rules):
        options = ",".join(f"{k}={v}" for k, v in sorted(rules.options.items()))
        raise OptionError(f"the native core plays {played()}; not {rules.name} {options}")


def played() -> str:
    """What the core plays, e.g. ``trouble, ludo variant=two-dice|classic``."""
    games = []
    for game, needs in NATIVE_GAMES.items():
        settings = " ".join(f"{key}={'|'.join(values)}" for key, values in needs.items())
        games.append(f"{game} {settings}".strip())
    return ", ".join(games)


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
    pieces, phase, current, dice, streak, turn, finished, out, contenders, rolloff, aux, end = (
        native
    )
    roll: Roll | None = None if dice is None else dice[0] if len(dice) == 1 else (dice[0], dice[1])
    return State(tuple(map(tuple, pieces)), Phase(phase), current, roll, streak, turn,
                 tuple(finished), tuple(out), tuple(contenders), tuple(rolloff), tuple(aux),
                 end)  # fmt: skip


def successors(rules: Rules, state: State) -> list[tuple[str, State]]:
    """Every legal move of the position (its text) with the position it leads to."""
    _check(rules)
    found = _core.moves(rules.name, rules.players, _options(rules), tuple(state))
    return [(text, _state(after)) for text, after in found]


def after_roll(rules: Rules, state: State, roll: Roll) -> State:
    """The position after a roll (or a roll-off pop)."""
    _check(rules)
    return _state(_core.roll(rules.name, rules.players, _options(rules), tuple(state), roll))
