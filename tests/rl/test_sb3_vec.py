"""SB3's ``VecEnv`` over the core's vector environment (pegrace.rl.sb3): the contract SB3's
algorithms rely on (stable_baselines3.common.env_checker checks only single environments, so it
is checked here: shapes, dtypes, a game's end with its terminal observation, truncation flag and
episode statistics, the masks), its games those of the core's ``VectorEnv`` and of SB3's own
``make_vec_env`` for the same seed and actions, and sb3-contrib's ``MaskablePPO`` training on
it with legal actions only. Needs stable-baselines3 (the ``sb3`` extra): skipped without."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("stable_baselines3")
pytest.importorskip("sb3_contrib")

from sb3_contrib import MaskablePPO  # noqa: E402
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported  # noqa: E402
from stable_baselines3.common.callbacks import BaseCallback  # noqa: E402
from stable_baselines3.common.env_util import make_vec_env  # noqa: E402
from stable_baselines3.common.monitor import Monitor  # noqa: E402
from stable_baselines3.common.vec_env import VecEnv, VecMonitor  # noqa: E402

import pegrace.rl  # noqa: E402, F401 - registers the environments
from pegrace.games import ENTRIES  # noqa: E402
from pegrace.pictures.raster import rgb_picture  # noqa: E402
from pegrace.rl.sb3 import Sb3VecEnv, vec_env  # noqa: E402
from pegrace.rl.vector import VectorEnv  # noqa: E402

GAMES = list(ENTRIES)


def legal_actions(masks: np.ndarray, chooser: np.random.Generator) -> np.ndarray:
    """A random legal action per game (the benchmark's draw: ``mask * random``, ``argmax``)."""
    return np.asarray((masks * chooser.random(masks.shape)).argmax(axis=1), np.int64)


@pytest.mark.parametrize("game", GAMES)
def test_steps_keep_sb3s_contract_and_end_games_as_it_does(game: str) -> None:
    env = vec_env(game, n_envs=3, seed=5)
    assert isinstance(env, VecEnv) and env.num_envs == 3
    observations = env.reset()
    size = env.observation_space.shape[0]
    assert observations.shape == (3, size) and observations.dtype == np.float32
    chooser, returns, lengths, ends = np.random.default_rng(0), np.zeros(3), np.zeros(3), 0
    while ends < 3:
        masks = env.action_masks()
        assert masks.shape == (3, env.action_space.n) and masks.dtype == np.bool_
        assert masks.any(axis=1).all()  # a learner to move in every game: some legal action
        before = observations
        observations, rewards, dones, infos = env.step(legal_actions(masks, chooser))
        assert observations.shape == (3, size) and observations.dtype == np.float32
        assert all(o in env.observation_space for o in observations)
        assert rewards.dtype == np.float32 and dones.dtype == np.bool_
        assert isinstance(infos, list) and len(infos) == 3
        assert observations is not before  # SB3 keeps the last step's array
        returns += rewards
        lengths += 1
        for i, info in enumerate(infos):
            if not dones[i]:
                assert info == {}
                continue
            ends += 1
            assert info["terminal_observation"].shape == (size,)
            assert info["TimeLimit.truncated"] is False and "illegal_action" not in info
            assert 0 <= rewards[i] <= 1
            assert info["episode"]["r"] == pytest.approx(returns[i], abs=1e-6)
            assert info["episode"]["l"] == lengths[i] and info["episode"]["t"] >= 0
            returns[i] = lengths[i] = 0


def run(env: Any, seed: int, steps: int) -> list[tuple]:
    """Random legal actions for ``steps`` steps: each step's observations, rewards, dones, the
    terminal observations of the games that ended and the masks the actions were drawn from."""
    chooser = np.random.default_rng(seed)
    env.seed(seed)
    seen = [(env.reset(),)]
    for _ in range(steps):
        masks = get_action_masks(env)
        observations, rewards, dones, infos = env.step(legal_actions(masks, chooser))
        finals = np.array([infos[i]["terminal_observation"] for i in np.flatnonzero(dones)])
        seen.append((observations, rewards, dones, finals, masks))
    return seen


def test_the_same_seed_and_actions_give_the_same_steps() -> None:
    first, second = (run(vec_env("trouble", n_envs=4), 3, 120) for _ in range(2))
    for a, b in zip(first, second, strict=True):
        for x, y in zip(a, b, strict=True):
            np.testing.assert_array_equal(x, y)
    assert any(step[2].any() for step in first[1:])  # games ended and began again


@pytest.mark.parametrize("game", ["ludo", "headache"])
def test_its_games_are_the_core_vector_envs_for_the_same_seeds_and_actions(game: str) -> None:
    env = vec_env(game, n_envs=3, seed=8)
    core = VectorEnv(game, num_envs=3)
    observations = env.reset()
    expected, info = core.reset(seed=[8, 9, 10])  # seed(s): game i seeded s + i
    assert env.vector.seeds() == core.seeds() == [8, 9, 10]
    chooser, ended = np.random.default_rng(1), 0
    for _ in range(150):
        np.testing.assert_array_equal(observations, expected)
        np.testing.assert_array_equal(env.action_masks(), info["action_mask"])
        actions = legal_actions(env.action_masks(), chooser)
        observations, rewards, dones, infos = env.step(actions)
        expected, core_rewards, terminated, truncated, info = core.step(actions)
        np.testing.assert_array_equal(rewards, core_rewards.astype(np.float32))
        np.testing.assert_array_equal(dones, terminated | truncated)
        for i in np.flatnonzero(dones):
            np.testing.assert_array_equal(infos[i]["terminal_observation"], info["final_obs"][i])
            ended += 1
        assert env.vector.seeds() == core.seeds()
    assert ended  # the games that began again are the core's too


@pytest.mark.parametrize("game", GAMES)
def test_each_slots_first_game_is_make_vec_envs_for_the_same_seed(game: str) -> None:
    """``seed(s)`` seeds game i ``s + i`` as ``make_vec_env`` does: the same first games,
    observation for observation, with the same rewards and episode statistics."""
    ours = vec_env(game, n_envs=3, seed=21)
    theirs = make_vec_env(
        ENTRIES[game].gym_id, n_envs=3, seed=21, env_kwargs={"players": 4, "opponents": "random"}
    )
    observations, expected = ours.reset(), theirs.reset()
    playing, chooser = np.ones(3, bool), np.random.default_rng(2)
    while playing.any():
        np.testing.assert_array_equal(observations[playing], expected[playing])
        masks = get_action_masks(ours)
        np.testing.assert_array_equal(masks[playing], get_action_masks(theirs)[playing])
        actions = legal_actions(masks, chooser)
        observations, rewards, dones, infos = ours.step(actions)
        expected, their_rewards, their_dones, their_infos = theirs.step(actions)
        np.testing.assert_array_equal(rewards[playing], their_rewards[playing])
        np.testing.assert_array_equal(dones[playing], their_dones[playing])
        for i in np.flatnonzero(dones & playing):
            mine, other = infos[i], their_infos[i]
            np.testing.assert_array_equal(
                mine["terminal_observation"], other["terminal_observation"]
            )
            assert mine["TimeLimit.truncated"] == other["TimeLimit.truncated"]
            assert mine["episode"]["r"] == other["episode"]["r"]
            assert mine["episode"]["l"] == other["episode"]["l"]
            playing[i] = False


def test_masks_reach_maskable_ppo_as_the_underlying_envs() -> None:
    env = vec_env("ludo", n_envs=5, seed=0)
    env.reset()
    assert is_masking_supported(env) and env.has_attr("action_masks")
    chooser = np.random.default_rng(4)
    for _ in range(30):
        masks = get_action_masks(env)
        np.testing.assert_array_equal(masks, env.vector.action_masks())
        np.testing.assert_array_equal(masks, env.action_masks())
        rows = env.env_method("action_masks", indices=[3, 1])
        np.testing.assert_array_equal(np.stack(rows), masks[[3, 1]])
        np.testing.assert_array_equal(env.get_attr("action_masks", indices=2)[0](), masks[2])
        env.step(legal_actions(masks, chooser))


class LegalOnly(BaseCallback):
    """Fails on any action MaskablePPO plays that its masks did not allow."""

    steps = 0

    def _on_step(self) -> bool:
        masks, actions = self.locals["action_masks"], self.locals["actions"]
        assert masks[np.arange(len(actions)), actions].all()
        assert not any("illegal_action" in info for info in self.locals["infos"])
        self.steps += 1
        return True


@pytest.fixture
def one_thread() -> Iterator[None]:
    """PyTorch on one thread: its threads fight for a busy machine's cores (ten times slower
    on two loaded cores than one thread)."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


@pytest.mark.usefixtures("one_thread")
def test_maskable_ppo_learns_on_it_and_plays_only_legal_actions() -> None:
    env = vec_env("ludo", n_envs=16, seed=1)
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=256, n_epochs=4, seed=1)
    before = [p.detach().clone() for p in model.policy.parameters()]
    legal = LegalOnly()
    model.learn(total_timesteps=2048, callback=legal)
    assert model.num_timesteps == 2048 and legal.steps == 2048 // 16
    assert any(
        not np.array_equal(a.numpy(), b.detach().numpy())
        for a, b in zip(before, model.policy.parameters(), strict=True)
    )
    episodes = list(model.ep_info_buffer)  # the episode statistics SB3's logger shows
    assert len(episodes) > 16 and all(0 <= e["r"] <= 1 and e["l"] > 0 for e in episodes)
    observations = env.reset()
    masks = env.action_masks()
    actions, _ = model.predict(observations, action_masks=masks)
    assert masks[np.arange(16), actions].all()


@pytest.mark.usefixtures("one_thread")
def test_the_docs_example_learns() -> None:
    """docs/rl.md's example on this VecEnv, for one rollout of its 64 games."""
    text = (Path(__file__).parents[2] / "docs" / "rl.md").read_text()
    (example,) = [e for e in re.findall(r"```python\n(.*?)```", text, re.S) if "rl.sb3" in e]
    assert "total_timesteps=100_000" in example
    namespace: dict[str, Any] = {}
    exec(compile(example.replace("100_000", "4096"), "docs/rl.md", "exec"), namespace)
    assert namespace["model"].num_timesteps == 4096
    assert isinstance(namespace["envs"], Sb3VecEnv) and namespace["envs"].num_envs == 64


def test_vec_monitor_on_it_gives_its_own_episode_statistics() -> None:
    plain = VecMonitor(vec_env("trouble", n_envs=4, seed=6, monitor=False))
    assert plain.env_is_wrapped(Monitor) == [False] * 4
    monitored = vec_env("trouble", n_envs=4, seed=6)
    assert monitored.env_is_wrapped(Monitor) == [True] * 4
    with pytest.warns(UserWarning, match="already wrapped with a `Monitor`"):
        VecMonitor(vec_env("trouble", n_envs=4, seed=6))
    plain.reset()
    monitored.reset()
    chooser, ended = np.random.default_rng(0), 0
    for _ in range(200):
        actions = legal_actions(monitored.action_masks(), chooser)
        *_, dones, infos = plain.step(actions)
        *_, same_dones, same_infos = monitored.step(actions)
        np.testing.assert_array_equal(dones, same_dones)
        for i in np.flatnonzero(dones):
            assert same_infos[i]["episode"]["r"] == pytest.approx(
                infos[i]["episode"]["r"], abs=1e-6
            )
            assert same_infos[i]["episode"]["l"] == infos[i]["episode"]["l"]
            ended += 1
    assert ended


def test_seeds_are_sb3s_and_used_once() -> None:
    env = vec_env("marbles", n_envs=3)
    assert env.seed(40) == [40, 41, 42]
    env.reset()
    assert env.vector.seeds() == [40, 41, 42]
    env.reset()  # the next reset: from the vector environment's generator
    assert env.vector.seeds() != [40, 41, 42]


def test_an_illegal_action_ends_its_game_as_the_vector_env_says() -> None:
    env = vec_env("trouble", n_envs=2, seed=0)
    env.reset()
    actions = legal_actions(env.action_masks(), np.random.default_rng(0))
    actions[1] = int(np.flatnonzero(~env.action_masks()[1])[0])
    _, rewards, dones, infos = env.step(actions)
    assert dones[1] and rewards[1] == -1 and infos[1]["illegal_action"] is True
    assert infos[1]["episode"] == {"r": -1.0, "l": 1, "t": infos[1]["episode"]["t"]}
    assert "terminal_observation" in infos[1]


def test_attributes_pictures_and_methods_as_sb3_asks_them() -> None:
    env = vec_env("ludo", n_envs=2, seed=3)
    env.reset()
    assert env.render_mode == "rgb_array" and env.get_attr("render_mode") == ["rgb_array"] * 2
    assert env.get_attr("state", indices=[1]) == [env.vector.state(1)]
    assert env.get_attr("rules") == [env.vector.rules] * 2
    assert env.has_attr("state") and not env.has_attr("no_such_thing")
    with pytest.raises(AttributeError):
        env.get_attr("no_such_thing")
    images = env.get_images()
    assert [i.shape for i in images] == [(256, 256, 3)] * 2  # type: ignore[union-attr]
    np.testing.assert_array_equal(images[1], rgb_picture(env.vector.rules, env.vector.state(1)))
    np.testing.assert_array_equal(env.env_method("render", indices=1)[0], images[1])
    assert env.render().shape == (512, 256, 3)  # SB3 tiles the pictures: 2 rows, 1 column
    env.set_attr("flag", 7)
    assert env.get_attr("flag") == [7, 7]
    with pytest.raises(ValueError, match="the games share it"):
        env.set_attr("flag", 8, indices=[0])
    with pytest.raises(AttributeError, match=r"call the batch's methods on \.vector"):
        env.env_method("seeds")
    env.close()


def test_bad_settings_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="copy=True"):
        Sb3VecEnv(VectorEnv("trouble", num_envs=2, copy=False))
    with pytest.raises(ValueError, match="num_envs 0"):
        vec_env("trouble", n_envs=0)
    unpictured = vec_env("trouble", n_envs=2, render_mode=None)
    with pytest.warns(UserWarning, match="needs 'rgb_array'"):
        assert unpictured.get_images() == [None, None]
