"""The Gymnasium single-agent environment of every game: the learner plays one player (by
default ``player_0``, red), every other seat is played by a pegrace computer player of a chosen
level (``opponents="random"`` ... ``"expert"``, a spec such as ``"expert:ms=20"``) or by a
function ``(rules, state, legal moves) -> move``. It runs on the AEC environment
(pegrace.rl.aec): the same actions, observations, dice and rewards. ``action_masks()`` gives
the legal actions as sb3-contrib's MaskablePPO asks for them, ``info["action_mask"]`` too.
Registered as ``pegrace/Trouble-v0``, ``pegrace/Ludo-v0``, ``pegrace/Headache-v0`` and
``pegrace/Marbles-v0`` when ``pegrace.rl`` is imported."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from pegrace.engine import Rules
from pegrace.match import choose_checked
from pegrace.moves import Move
from pegrace.players import Player, make_player
from pegrace.rl.aec import PegraceEnv
from pegrace.rl.encoding import Observation, action_count, observation_size
from pegrace.state import State

Opponent = Callable[[Rules, State, Sequence[Move]], Move]
ILLEGAL_REWARD = -1.0
GAMES = {"trouble": "Trouble", "ludo": "Ludo", "headache": "Headache", "marbles": "Marbles"}


class CallablePlayer(Player):
    """A user's function as a pegrace player."""

    def __init__(self, choose: Opponent) -> None:
        self.chooser = choose

    def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        return self.chooser(rules, state, moves)


class SingleAgentEnv(gym.Env[Observation, np.int64]):
    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 - Gymnasium's own

    def __init__(
        self,
        game: str,
        players: int = 4,
        opponents: str | Opponent = "random",
        learner: int = 0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.aec = PegraceEnv(game, players, render_mode=render_mode, **options)
        self.render_mode = render_mode
        agents = self.aec.possible_agents
        if not 0 <= learner < len(agents):
            raise ValueError(
                f"learner {learner}: one of 0..{len(agents) - 1} ({', '.join(agents)})"
            )
        self.learner = agents[learner]
        self.opponents = opponents
        rules = self.aec.rules
        self.action_space = spaces.Discrete(action_count(rules))
        self.observation_space = spaces.Box(-1.0, 1.0, (observation_size(rules),), np.float32)
        self.players: list[Player] = []

    def _players(self, seed: int | None) -> list[Player]:
        """A player per seat (the learner's seat unused), each with a generator of its own."""
        if callable(self.opponents):
            return [CallablePlayer(self.opponents) for _ in self.aec.rules.colours]
        spec = self.opponents if ":" in self.opponents else f"computer:{self.opponents}"
        return [make_player(spec, f"{seed}:{c}") for c in self.aec.rules.colours]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        episode = int(self.np_random.integers(2**62)) if seed is None else seed
        self.aec.reset(seed=episode)
        self.players = self._players(episode)
        self._others_play()
        return self._seen(), self._info()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the learner's action and the others' moves after it. An action that is not a
        legal move ends the episode with reward -1 (as PettingZoo's wrapped games do), the
        position unchanged and ``info["illegal_action"]`` set."""
        if self.aec.state.is_over:
            raise gym.error.ResetNeeded("the game is over: call reset() for a new one")
        if int(action) not in self.aec.legal():
            return (
                self._seen(),
                ILLEGAL_REWARD,
                True,
                False,
                {**self._info(), "illegal_action": True},
            )
        self.aec.step(int(action))
        self._others_play()
        over = self.aec.state.is_over
        reward = float(self.aec.rewards.get(self.learner, 0.0)) if over else 0.0
        return self._seen(), reward, over, False, self._info()

    def _others_play(self) -> None:
        """The other seats' moves, until the learner is to move or the game is over."""
        aec, rules = self.aec, self.aec.rules
        while not aec.state.is_over and aec.agent_selection != self.learner:
            move = choose_checked(rules, aec.state, self.players, aec.rules.legal_moves(aec.state))
            aec.step(next(a for a, m in aec.legal().items() if m == move))

    def _seen(self) -> Observation:
        seen: Observation = self.aec.observe(self.learner)["observation"]
        return seen

    def action_masks(self) -> npt.NDArray[np.bool_]:
        mask: npt.NDArray[np.int8] = self.aec.observe(self.learner)["action_mask"]
        return mask.astype(bool)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "colours": self.aec.colours_of[self.learner]}

    def render(self) -> str | None:
        rendered: str | None = self.aec.render()
        return rendered


def register() -> None:
    """``pegrace/Trouble-v0`` ... with Gymnasium (once)."""
    for game, title in GAMES.items():
        name = f"pegrace/{title}-v0"
        if name not in gym.registry:
            gym.register(
                name,
                entry_point="pegrace.rl.single:SingleAgentEnv",
                vector_entry_point="pegrace.rl.vector:VectorEnv",
                kwargs={"game": game},
            )
