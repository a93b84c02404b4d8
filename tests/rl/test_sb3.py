"""Stable-Baselines3's standard recipe, as docs/rl.md gives it: ``make_vec_env`` (which makes each
environment with ``render_mode="rgb_array"``) and sb3-contrib's ``MaskablePPO``, which finds the
legal actions through ``action_masks()``. Needs sb3-contrib and PyTorch (the `sb3` extra, which
`make test` installs with the dev tools): skipped without them."""

from __future__ import annotations

import numpy as np
import pytest

sb3_contrib = pytest.importorskip("sb3_contrib")
env_util = pytest.importorskip("stable_baselines3.common.env_util")

import pegrace.rl  # noqa: E402, F401 - registers the environments


def test_maskable_ppo_learns_on_make_vec_env_for_a_few_thousand_steps() -> None:
    envs = env_util.make_vec_env(
        "pegrace/Ludo-v0", n_envs=8, seed=1, env_kwargs={"players": 4, "opponents": "random"}
    )
    model = sb3_contrib.MaskablePPO("MlpPolicy", envs, n_steps=256, seed=1)
    model.learn(total_timesteps=4096)
    assert model.num_timesteps >= 4096
    frames = envs.get_images()  # the rgb_array pictures
    assert len(frames) == 8 and frames[0].shape == (256, 256, 3)
    observations = envs.reset()
    masks = np.array(envs.env_method("action_masks"))
    actions, _ = model.predict(observations, action_masks=masks)
    assert all(masks[i][a] for i, a in enumerate(actions))  # only legal actions chosen
