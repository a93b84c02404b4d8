"""The Gymnasium single-agent environment of every game: the learner plays one player (by
default ``player_0``, red), every other seat is played by a pegrace computer player of a chosen
level (``opponents="random"`` ... ``"expert"``, a spec such as ``"expert:ms=20"``), in the
native core, or by a function ``(rules, state, legal moves) -> move``. The game is held in the
core (pegrace.rl.game): the AEC environment's actions, observations, dice and rewards.
``action_masks()`` gives the legal actions as sb3-contrib's MaskablePPO asks for them,
``info["action_mask"]`` too. Registered as ``pegrace/Trouble-v0``, ``pegrace/Ludo-v0``,
``pegrace/Headache-v0`` and ``pegrace/Marbles-v0`` when ``pegrace.rl`` is imported (with the
vector environment, pegrace.rl.vector, as their ``vector_entry_point``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from pegrace.engine import Rules
from pegrace.games import ENTRIES, get_rules
from pegrace.match import choose_checked
from pegrace.moves import Move
from pegrace.pictures import draw
from pegrace.pictures.raster import rgb_picture
from pegrace.player import Player
from pegrace.record import Record
from pegrace.rl.encoding import BOUND, Observation, action_count, action_of
from pegrace.rl.game import CoreGame, learner_seats
from pegrace.state import State

Opponent = Callable[[Rules, State, Sequence[Move]], Move]
ILLEGAL_REWARD = -1.0


class CallablePlayer(Player):
    """A user's function as a pegrace player."""

    def __init__(self, choose: Opponent) -> None:
        self.chooser = choose

    def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        return self.chooser(rules, state, moves)


class SingleAgentEnv(gym.Env[Observation, np.int64]):
    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}  # noqa: RUF012 - Gymnasium's own

    def __init__(
        self,
        game: str,
        players: int = 4,
        opponents: str | Opponent = "random",
        learner: int = 0,
        render_mode: str | None = None,
        observation: str = "board",
        **options: Any,
    ) -> None:
        rules = get_rules(game, players, {name: str(v) for name, v in options.items()})
        if render_mode not in (None, "ansi", "rgb_array"):
            raise ValueError(f"render_mode {render_mode!r}: one of None, 'ansi', 'rgb_array'")
        self.rules, self.render_mode = rules, render_mode
        self.owners = list(rules.player_of_seat)
        self.learner = learner
        self.opponents = opponents  # a function plays its seats from Python (_others_play)
        seats = learner_seats(rules, learner, None if callable(opponents) else opponents)
        self.game = CoreGame(rules, seats, self.owners.index(learner), observation=observation)
        self.action_space = spaces.Discrete(action_count(rules))
        size = self.game.observation_size
        self.observation_space = spaces.Box(-BOUND, BOUND, (size,), np.float32)

    @property
    def state(self) -> State:
        return self.game.state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game: the dice seeded ``seed`` as ``random.Random(seed)``, each computer
        seat's player ``f"{seed}:{colour}"`` (as ``pegrace.match`` seeds them)."""
        super().reset(seed=seed)
        self.game.restart(int(self.np_random.integers(2**62)) if seed is None else seed)
        self._others_play()
        return self._seen(), self._info()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the learner's action and the others' moves after it. An action that is not a
        legal move ends the episode with reward -1 (as PettingZoo's wrapped games do), the
        position unchanged and ``info["illegal_action"]`` set."""
        game = self.game
        if game.is_over:
            raise gym.error.ResetNeeded("the game is over: call reset() for a new one")
        if not game.act(int(action)):
            return (
                self._seen(),
                ILLEGAL_REWARD,
                True,
                False,
                {**self._info(), "illegal_action": True},
            )
        self._others_play()
        side = self.rules.sides[self.owners.index(self.learner)]
        reward = game.returns()[side] if game.is_over else 0.0
        return self._seen(), reward, game.is_over, False, self._info()

    def _others_play(self) -> None:
        """A function's moves for the other seats, until the learner is to move or the game is
        over (computer players move in the core)."""
        game, rules = self.game, self.rules
        if not callable(self.opponents):
            return
        players = [CallablePlayer(self.opponents)] * len(self.owners)
        while not game.is_over and self.owners[game.current] != self.learner:
            state = game.state
            move = choose_checked(rules, state, players, rules.legal_moves(state))
            game.act(action_of(rules, state, move))

    def _seen(self) -> Observation:
        """The position from the learner's seat to move (its first seat when none is)."""
        game = self.game
        mine = not game.is_over and self.owners[game.current] == self.learner
        return game.observation(game.current if mine else self.owners.index(self.learner))

    def action_masks(self) -> npt.NDArray[np.bool_]:
        if self.game.is_over:
            return np.zeros(action_count(self.rules), np.bool_)
        return self.game.mask().astype(bool)

    def _info(self) -> dict[str, Any]:
        colours = [
            c for c, o in zip(self.rules.colours, self.owners, strict=True) if o == self.learner
        ]
        return {"action_mask": self.action_masks(), "colours": colours}

    def record(self) -> Record:
        """The episode so far as a game record (`pegrace replay` reads it)."""
        return self.game.record()

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The terminal picture (``ansi``) or the board as an RGB array (``rgb_array``)."""
        if self.render_mode == "rgb_array":
            return rgb_picture(self.rules, self.state)
        return None if self.render_mode is None else draw(self.rules, self.state)


def register() -> None:
    """``pegrace/Trouble-v0`` ... with Gymnasium (once)."""
    for game in ENTRIES.values():
        if game.gym_id not in gym.registry:
            gym.register(
                game.gym_id,
                entry_point="pegrace.rl.single:SingleAgentEnv",
                vector_entry_point="pegrace.rl.vector:VectorEnv",
                kwargs={"game": game.name},
            )
