"""Stable-Baselines3's ``VecEnv`` over the core's vector environment (the optional extra
``pegrace[sb3]``): ``n_envs`` games stepped in one call in the core (pegrace.rl.vector), where
SB3's ``make_vec_env`` steps a single-agent environment per game from Python (DummyVecEnv).

SB3's conventions: ``reset()`` gives the observations alone; ``step`` gives observations,
rewards (float32), dones and a list of infos; a game that ends starts again in the same step
(the vector environment's ``SAME_STEP`` autoreset is SB3's), its last observation in
``infos[i]["terminal_observation"]``, with ``"TimeLimit.truncated"`` and the episode's
statistics as ``VecMonitor`` gives them (``infos[i]["episode"]``: ``r``, ``l``, ``t``; so
SB3's logger shows ``ep_rew_mean`` without a wrapper: ``monitor=False`` leaves them to a
``VecMonitor`` of your own). ``action_masks()`` and ``env_method("action_masks")`` give the
legal actions, as sb3-contrib's ``MaskablePPO`` asks for them, from the step's own masks.

Seeds: ``seed(s)`` (SB3's: ``MaskablePPO(seed=s)`` and ``make_vec_env(seed=s)`` call it) seeds
game ``i`` of the next ``reset()`` ``s + i``, as ``make_vec_env`` seeds its environment ``i``:
each slot's first game is the one ``make_vec_env``'s environment ``i`` plays, move for move;
the slot's next games follow the vector environment's seeds (``VectorEnv.seeds()``)."""

from __future__ import annotations

import time
import warnings
from collections.abc import Sequence
from functools import partial
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env.base_vec_env import (
    VecEnv,
    VecEnvIndices,
    VecEnvObs,
    VecEnvStepReturn,
)

from pegrace.pictures.raster import rgb_picture
from pegrace.rl.vector import VectorEnv

Masks = npt.NDArray[np.bool_]
# what a game answers itself where SB3 asks each environment (the rest is the batch's, shared)
PER_GAME_ATTRIBUTES = ("state",)
PER_GAME_METHODS = ("action_masks", "render")


class Sb3VecEnv(VecEnv):
    """SB3's ``VecEnv`` on ``vector`` (made with ``copy=True``: SB3 keeps the observations it
    is given across the next step)."""

    def __init__(self, vector: VectorEnv, monitor: bool = True) -> None:
        if not vector.copy:
            raise ValueError("vector: made with copy=True (SB3 keeps each step's observations)")
        self.vector = vector  # before VecEnv's __init__, which asks for the render mode
        super().__init__(
            vector.num_envs, vector.single_observation_space, vector.single_action_space
        )
        self.monitor = monitor
        self._actions = np.zeros(self.num_envs, np.int64)
        self._masks: Masks = np.zeros((self.num_envs, vector.core.actions), np.bool_)
        self._returns = np.zeros(self.num_envs, np.float64)
        self._lengths = np.zeros(self.num_envs, np.int64)
        self._started = time.time()  # VecMonitor's clock: "t" is wall time since here

    def reset(self) -> VecEnvObs:
        """Every game anew: seeded as ``seed()`` asked (once), else from the vector
        environment's generator."""
        given = [seed for seed in self._seeds if seed is not None]
        chosen = given if len(given) == self.num_envs else None
        observations, infos = self.vector.reset(seed=chosen)
        self._masks = infos["action_mask"]
        self._returns[:] = 0
        self._lengths[:] = 0
        self._reset_seeds()
        self._reset_options()  # the games take no reset options
        return observations

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = actions

    def step_wait(self) -> VecEnvStepReturn:
        observations, rewards, terminated, truncated, extra = self.vector.step(self._actions)
        self._masks = extra["action_mask"]
        dones = terminated | truncated
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        if dones.any():
            self._ends(infos, np.flatnonzero(dones), truncated & ~terminated, extra)
        if self.monitor:
            self._returns += rewards
            self._lengths += 1
            for index in np.flatnonzero(dones):
                infos[index]["episode"] = self._episode(int(index))
        return observations, rewards.astype(np.float32), dones, infos

    def _ends(
        self,
        infos: list[dict[str, Any]],
        ended: npt.NDArray[np.intp],
        cut: npt.NDArray[np.bool_],
        extra: dict[str, Any],
    ) -> None:
        """The infos of the games that ended: their last observation, whether a limit cut them
        short, whether an illegal action ended them (reward -1, as the vector env says)."""
        finals = extra["final_obs"]
        illegal = extra.get("illegal_action", np.zeros(self.num_envs, np.bool_))
        for index in ended:
            info = infos[index]
            info["terminal_observation"] = finals[index]
            info["TimeLimit.truncated"] = bool(cut[index])
            if illegal[index]:
                info["illegal_action"] = True

    def _episode(self, index: int) -> dict[str, Any]:
        """Slot ``index``'s episode just ended, as VecMonitor says it; the slot starts anew."""
        episode = {
            "r": round(float(self._returns[index]), 6),
            "l": int(self._lengths[index]),
            "t": round(time.time() - self._started, 6),
        }
        self._returns[index] = 0
        self._lengths[index] = 0
        return episode

    def action_masks(self) -> Masks:
        """Each game's legal actions now, one row of booleans a game (never changed in place:
        the next step makes new rows)."""
        return self._masks

    def close(self) -> None:
        self.vector.close()

    def get_images(self) -> Sequence[np.ndarray | None]:
        """Each game's board as an RGB array (``render_mode="rgb_array"``)."""
        if self.render_mode != "rgb_array":
            warnings.warn(
                f"render mode {self.render_mode}: get_images() needs 'rgb_array'", stacklevel=2
            )
            return [None] * self.num_envs
        return self._pictures(range(self.num_envs))

    def _pictures(self, indices: Sequence[int]) -> list[np.ndarray | None]:
        rules = self.vector.rules
        return [rgb_picture(rules, self.vector.state(i)) for i in indices]

    def has_attr(self, attr_name: str) -> bool:
        return attr_name in PER_GAME_ATTRIBUTES + PER_GAME_METHODS or hasattr(
            self.vector, attr_name
        )

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        """``state``: each game's position; anything else the vector environment's, the same
        for every game."""
        chosen = self._chosen(indices)
        if attr_name == "state":
            return [self.vector.state(i) for i in chosen]
        if attr_name in PER_GAME_METHODS:
            return [partial(self._game_method, attr_name, i) for i in chosen]
        return [getattr(self.vector, attr_name)] * len(chosen)

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        """Sets the vector environment's attribute: one for all the games."""
        if len(self._chosen(indices)) != self.num_envs:
            raise ValueError(f"set_attr {attr_name!r}: the games share it (indices=None)")
        setattr(self.vector, attr_name, value)

    def env_method(
        self,
        method_name: str,
        *method_args: Any,
        indices: VecEnvIndices = None,
        **method_kwargs: Any,
    ) -> list[Any]:
        """``action_masks`` (each game's row, from the step's masks: nothing asked of the
        core) and ``render`` (each game's picture); other methods are the batch's: call them
        on ``.vector``."""
        chosen = self._chosen(indices)
        if method_name == "action_masks":
            masks = self._masks
            return list(masks) if len(chosen) == self.num_envs else [masks[i] for i in chosen]
        if method_name == "render":
            return (
                self._pictures(chosen) if self.render_mode == "rgb_array" else [None] * len(chosen)
            )
        raise AttributeError(
            f"env_method {method_name!r}: each game answers {', '.join(PER_GAME_METHODS)}; "
            "call the batch's methods on .vector"
        )

    def env_is_wrapped(
        self, wrapper_class: type[gym.Wrapper[Any, Any, Any, Any]], indices: VecEnvIndices = None
    ) -> list[bool]:
        """No Gymnasium wrappers: only the episode statistics, as ``Monitor`` gives them (so
        SB3's ``evaluate_policy`` reads them), when ``monitor``."""
        wrapped = self.monitor and issubclass(Monitor, wrapper_class)
        return [wrapped] * len(self._chosen(indices))

    def _game_method(self, method_name: str, index: int) -> Any:
        """Game ``index``'s own method's answer (what ``get_attr`` hands out for one)."""
        return self.env_method(method_name, indices=index)[0]

    def _chosen(self, indices: VecEnvIndices) -> list[int]:
        return list(self._get_indices(indices))


def vec_env(
    game: str,
    n_envs: int = 64,
    players: int = 4,
    opponents: str = "random",
    seed: int | None = None,
    learner: int = 0,
    render_mode: str | None = "rgb_array",
    observation: str = "board",
    monitor: bool = True,
    **options: Any,
) -> Sb3VecEnv:
    """``n_envs`` games of ``game`` as SB3's ``VecEnv``: the learner plays player ``learner``
    in each, every other seat ``opponents`` (a computer level or player spec) in the core; rule
    options by name. ``seed`` seeds the first reset as ``make_vec_env``'s ``seed`` does;
    ``render_mode`` is ``make_vec_env``'s default (a picture costs nothing until asked for)."""
    vector = VectorEnv(
        game,
        num_envs=n_envs,
        players=players,
        opponents=opponents,
        learner=learner,
        render_mode=render_mode,
        observation=observation,
        **options,
    )
    env = Sb3VecEnv(vector, monitor=monitor)
    if seed is not None:
        env.seed(seed)
    return env
