"""The vector environment of every game (Gymnasium's ``VectorEnv``): ``num_envs`` games stepped
in one call on the native core, the learner playing one player in each, every other seat a
pegrace computer player played in the core. Observations, actions and rewards are the
single-agent environment's (pegrace.rl.single, pegrace.rl.encoding); the legal actions come as
an array of masks (``action_masks()``, ``infos["action_mask"]``). A game that ends starts again
in the same step (Gymnasium's ``SAME_STEP`` autoreset): ``infos["final_obs"]`` holds the last
observation of the games marked in ``infos["_final_obs"]``. Game ``i`` of ``reset(seed=s)`` is
seeded ``s * 1_000_003 + i`` and each next game of that slot from the last one's seed
(``seeds()`` tells them): a game seeded ``e`` is the single-agent environment's episode of
``reset(seed=e)``, move for move."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from pegrace import _core
from pegrace.games import get_rules
from pegrace.pictures.raster import rgb_picture
from pegrace.rl.encoding import BOUND
from pegrace.rl.game import core_state, learner_seats
from pegrace.simulate import game_seed
from pegrace.state import State

Observations = npt.NDArray[np.float32]
Infos = dict[str, Any]


class VectorEnv(gym.vector.VectorEnv[Observations, npt.NDArray[np.int64], Any]):
    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": ["rgb_array"]}  # noqa: RUF012 - Gymnasium's own

    def __init__(
        self,
        game: str,
        num_envs: int = 64,
        players: int = 4,
        opponents: str = "random",
        learner: int = 0,
        copy: bool = True,
        render_mode: str | None = None,
        observation: str = "board",
        **options: Any,
    ) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs {num_envs}: at least 1")
        if render_mode not in (None, "rgb_array"):
            raise ValueError(f"render_mode {render_mode!r}: one of None, 'rgb_array'")
        self.render_mode = render_mode
        rules = get_rules(game, players, {name: str(v) for name, v in options.items()})
        seats = learner_seats(rules, learner, opponents)
        self.rules = rules
        self.num_envs = num_envs
        self.copy = copy
        self.core = _core.Games(
            rules.name,
            players,
            sorted(rules.options.items()),
            list(rules.colours),
            seats,
            num_envs,
            observation=observation,
        )
        size, actions = self.core.observation_size, self.core.actions
        self.single_observation_space = spaces.Box(-BOUND, BOUND, (size,), np.float32)
        self.single_action_space = spaces.Discrete(actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._observations = np.zeros((num_envs, size), np.float32)
        self._finals = np.zeros((num_envs, size), np.float32)
        self._masks = np.zeros((num_envs, actions), np.uint8)
        self._rewards = np.zeros(num_envs, np.float64)
        self._ended = np.zeros(num_envs, np.uint8)
        self._started = False

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, Infos]:
        """Every game anew: ``seed`` one number (game ``i`` seeded ``seed * 1_000_003 + i``) or
        a seed per game."""
        if isinstance(seed, list):
            super().reset(seed=seed[0])
            seeds = list(seed)
        else:
            super().reset(seed=seed)
            first = int(self.np_random.integers(2**40)) if seed is None else seed
            seeds = [game_seed(first, i) for i in range(self.num_envs)]
        if len(seeds) != self.num_envs or not all(0 <= s < 2**63 for s in seeds):
            raise ValueError(f"seeds: {self.num_envs} whole numbers in 0..2**63-1")
        self.core.reset(seeds, self._observations, self._masks)
        self._started = True
        return self._out(self._observations), {"action_mask": self.action_masks()}

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[Observations, npt.NDArray[np.float64], Any, Any, Infos]:
        """One learner action per game. An action that is not a legal move ends its game with
        reward -1, nothing played (``infos["illegal_action"]``)."""
        if not self._started:
            raise gym.error.ResetNeeded("call reset() before step()")
        chosen = np.ascontiguousarray(actions, dtype=np.int64).reshape(-1)
        self.core.step(
            chosen, self._observations, self._masks, self._rewards, self._ended, self._finals
        )
        ended = self._ended.astype(bool)
        infos: Infos = {"action_mask": self.action_masks()}
        if ended.any():
            infos["final_obs"] = self._finals.copy()
            infos["_final_obs"] = ended
            illegal = self._rewards < 0
            if illegal.any():
                infos["illegal_action"], infos["_illegal_action"] = illegal, illegal
        return (
            self._out(self._observations),
            self._rewards.copy(),
            ended,
            np.zeros(self.num_envs, bool),
            infos,
        )

    def _out(self, array: Observations) -> Observations:
        return array.copy() if self.copy else array

    def render(self) -> tuple[npt.NDArray[np.uint8], ...] | None:
        """Each game's board as an RGB array (``rgb_array``), the single-agent picture."""
        if self.render_mode is None:
            return None
        return tuple(rgb_picture(self.rules, self.state(i)) for i in range(self.num_envs))

    def state(self, index: int) -> State:
        """Game ``index``'s position now."""
        return core_state(self.core, index)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Each game's legal actions (rows of booleans, as sb3-contrib's MaskablePPO asks)."""
        return self._masks.astype(bool)

    def seeds(self) -> list[int]:
        """The seed of each slot's current game."""
        seeds: list[int] = self.core.seeds()
        return seeds
