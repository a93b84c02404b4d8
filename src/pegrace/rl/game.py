"""One game held in the native core for an environment (the AEC and the single-agent ones): it
plays a move by its action (the core's encoding, pegrace.rl.encoding's layout), rolls from
the seeded dice or takes a chance outcome, lets the core's computer players move for their
seats, and gives any seat's observation and the legal actions as arrays. The Python `State`
is made only when asked for (rendering, a function playing a seat, a record)."""

from __future__ import annotations

import numpy as np

from pegrace import _core
from pegrace.engine import Rules
from pegrace.native import CorePlayer
from pegrace.players import core_player
from pegrace.record import Event, Record
from pegrace.rl.encoding import Observation
from pegrace.state import Phase, State

LARGEST_SEED = 2**64 - 1
PHASES = list(Phase)


def core_state(games: _core.Games, index: int) -> State:
    """Game ``index`` of the core's batch as a State."""
    fields = games.state(index)
    return State._make((fields[0], PHASES[fields[1]], *fields[2:]))


def learner_seats(rules: Rules, learner: int, opponents: str | None) -> list[CorePlayer | None]:
    """Each seat's computer player (``opponents``: a level or a player spec) where it is not
    one of the learner's (player ``learner``'s) seats; every seat None without opponents."""
    owners = rules.player_of_seat
    if learner not in owners:
        names = ", ".join(f"player_{k}" for k in dict.fromkeys(owners))
        raise ValueError(f"learner {learner}: one of 0..{max(owners)} ({names})")
    if opponents is None:
        return [None] * len(owners)
    opponent = core_player(rules, opponents if ":" in opponents else f"computer:{opponents}")
    if opponent is None:
        raise ValueError(f"opponents {opponents!r}: a computer player")
    return [None if owner == learner else opponent for owner in owners]


class CoreGame:
    def __init__(
        self,
        rules: Rules,
        seats: list[CorePlayer | None],
        viewer: int,
        chance_nodes: bool = False,
        observation: str = "board",
    ) -> None:
        """``seats``: each seat's computer player, or None for a seat the caller plays;
        ``viewer``: the seat seen from when none of the caller's seats is to act;
        ``observation``: ``"board"``, or ``"moves"`` (what each move would do as well)."""
        self.rules = rules
        self.core = _core.Games(
            rules.name,
            rules.players,
            sorted(rules.options.items()),
            list(rules.colours),
            seats,
            1,
            viewer=viewer,
            chance_nodes=chance_nodes,
            log=True,
            observation=observation,
        )
        self.seed = 0
        self.phase, self.current = Phase.ROLLOFF, 0
        self._state: State | None = None

    def restart(self, seed: int) -> None:
        """A new game, its dice seeded ``seed`` (as ``random.Random(seed)``)."""
        if not 0 <= seed <= LARGEST_SEED:
            raise ValueError(f"seed {seed}: a whole number in 0..2**64-1")
        self.seed = seed
        self.core.restart(0, seed)
        self._changed()

    def _changed(self) -> None:
        phase, self.current = self.core.turn(0)
        self.phase = PHASES[phase]
        self._state = None

    def act(self, action: int) -> bool:
        """The move of ``action`` (then on to the next decision); False if it is not legal."""
        played: bool = action >= 0 and self.core.act(0, action)
        if played:
            self._changed()
        return played

    def roll(self, outcome: int) -> bool:
        """Outcome ``outcome`` of the chance node; False if there is none such."""
        rolled: bool = outcome >= 0 and self.core.roll(0, outcome)
        if rolled:
            self._changed()
        return rolled

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def state(self) -> State:
        if self._state is None:
            self._state = core_state(self.core, 0)
        return self._state

    @property
    def observation_size(self) -> int:
        size: int = self.core.observation_size
        return size

    def observation(self, seat: int) -> Observation:
        seen = np.empty(self.observation_size, np.float32)
        self.core.observe(0, seat, seen)
        return seen

    def mask(self) -> np.ndarray:
        """The legal actions of the seat to move (1), as ``uint8``."""
        mask = np.zeros(self.core.actions, np.uint8)
        self.core.mask(0, mask)
        return mask

    def returns(self) -> list[float]:
        """Each side's reward for its place (``Rules.returns``)."""
        returns: list[float] = self.core.returns(0)
        return returns

    def chances(self) -> list[float]:
        """The chance of each outcome at a chance node."""
        chances: list[float] = self.core.chances(0)
        return chances

    def events(self) -> list[Event]:
        colours = self.rules.colours
        return [
            Event(
                colours[seat],
                roll=None if dice is None else dice[0] if len(dice) == 1 else list(dice),
                move=text,
            )
            for seat, dice, text, _ in self.core.events(0)
        ]

    def record(self) -> Record:
        """The game so far as a record (`pegrace replay` reads it); every seat a person."""
        record = Record.start(self.rules, self.seed, dict.fromkeys(self.rules.colours, "human"))
        record.events = self.events()
        if self.is_over:
            record.finish(self.rules, self.state)
        return record
