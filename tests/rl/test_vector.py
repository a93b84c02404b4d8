"""The vector environment on the native core: every game it steps is the single-agent
environment's episode of the same seed (observations, masks, rewards and ends, step for step,
in every rule setup), its masks are the engine's legal moves, and its Gymnasium face behaves
(spaces, same-step reset, bad input refused by name)."""

from __future__ import annotations

import random

import gymnasium as gym
import numpy as np
import pytest

import pegrace.rl  # noqa: F401 - registers the environments
from pegrace.errors import OptionError
from pegrace.rl.single import SingleAgentEnv
from pegrace.rl.vector import VectorEnv
from setups import SETUPS


def replay_in_single(
    game: str,
    players: int,
    options: dict[str, str],
    opponents: str,
    learner: int,
    seed: int,
    steps: list[tuple[np.ndarray, np.ndarray, int, float, bool]],
) -> None:
    """The single-agent environment, seeded ``seed`` and given the same actions, sees what
    the vector environment's game saw (observation and mask before each action, then the
    reward and the end)."""
    single = SingleAgentEnv(game, players, opponents=opponents, learner=learner, **options)
    seen, info = single.reset(seed=seed)
    for observation, mask, action, reward, ended in steps:
        np.testing.assert_array_equal(seen, observation)
        np.testing.assert_array_equal(info["action_mask"], mask)
        seen, got, terminated, _, info = single.step(action)
        assert (got, terminated) == (reward, ended)
    *_, last_reward, last_ended = steps[-1]
    assert single.state.is_over == (last_ended and last_reward != -1.0)  # -1: illegal


def run_vector(
    env: VectorEnv, seed: int, steps: int, chooser: random.Random, illegal_share: float = 0.0
) -> dict[int, list]:
    """Random legal actions (now and then an illegal one) for ``steps`` steps; each game's
    steps by its seed."""
    observations, info = env.reset(seed=seed)
    seeds = env.seeds()
    games: dict[int, list] = {s: [] for s in seeds}
    for _ in range(steps):
        masks = info["action_mask"]
        actions = []
        for row in masks:
            legal = np.flatnonzero(row)
            if chooser.random() < illegal_share:
                actions.append(int(np.flatnonzero(~row)[0]))
            else:
                actions.append(int(chooser.choice(legal.tolist())))
        before = observations
        observations, rewards, terminated, truncated, info = env.step(np.array(actions))
        assert not truncated.any()
        for i, seed_i in enumerate(seeds):
            games[seed_i].append((before[i], masks[i], actions[i], rewards[i], terminated[i]))
            if terminated[i]:
                assert info["_final_obs"][i]
        seeds = env.seeds()
        for s in seeds:
            games.setdefault(s, [])
    return {s: steps for s, steps in games.items() if steps}


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: f"{s[0]}-{s[1]}-{s[2]}")
def test_every_game_is_the_single_agent_episode_of_its_seed(setup: tuple) -> None:
    game, players, options = setup
    env = VectorEnv(game, num_envs=3, players=players, **options)
    games = run_vector(env, seed=11, steps=60, chooser=random.Random(5))
    for seed, steps in games.items():
        replay_in_single(game, players, options, "random", 0, seed, steps)


@pytest.mark.parametrize("opponents", ["medium", "easy", "cautious"])
def test_computer_opponents_play_as_in_the_single_agent_environment(opponents: str) -> None:
    env = VectorEnv("ludo", num_envs=2, opponents=opponents, learner=2)
    games = run_vector(env, seed=4, steps=120, chooser=random.Random(1))
    assert any(steps[-1][4] for steps in games.values())  # a game ended, and the next began
    for seed, steps in games.items():
        replay_in_single("ludo", 4, {}, opponents, 2, seed, steps)


def test_an_illegal_action_ends_its_game_with_minus_one_and_plays_nothing() -> None:
    env = VectorEnv("trouble", num_envs=4)
    games = run_vector(env, seed=2, steps=40, chooser=random.Random(3), illegal_share=0.05)
    ended_illegally = [s for steps in games.values() for s in steps if s[3] == -1.0]
    assert ended_illegally and all(s[4] for s in ended_illegally)
    for seed, steps in games.items():
        replay_in_single("trouble", 4, {}, "random", 0, seed, steps)


def test_a_game_that_ends_starts_again_in_the_same_step() -> None:
    env = VectorEnv("trouble", num_envs=8, players=2)
    observations, info = env.reset(seed=0)
    chooser = np.random.default_rng(0)
    for _ in range(2000):
        actions = [chooser.choice(np.flatnonzero(m)) for m in info["action_mask"]]
        before_seeds = env.seeds()
        observations, rewards, terminated, _, info = env.step(np.array(actions))
        if terminated.any():
            break
    else:
        pytest.fail("no game ended in 2,000 steps")
    i = int(np.flatnonzero(terminated)[0])
    assert rewards[i] in (0.0, 1.0) and info["_final_obs"][i]
    assert env.seeds()[i] != before_seeds[i]
    first, _ = SingleAgentEnv("trouble", 2).reset(seed=env.seeds()[i])
    np.testing.assert_array_equal(observations[i], first)  # the next game's first observation
    assert not np.array_equal(info["final_obs"][i], observations[i])


def test_the_same_seed_gives_the_same_steps() -> None:
    runs = [
        run_vector(VectorEnv("headache", num_envs=2), 9, 30, random.Random(0)) for _ in range(2)
    ]
    assert runs[0].keys() == runs[1].keys()
    for seed in runs[0]:
        for a, b in zip(runs[0][seed], runs[1][seed], strict=True):
            np.testing.assert_array_equal(a[0], b[0])


def test_gymnasium_makes_it_by_id_with_its_spaces() -> None:
    env = gym.make_vec(
        "pegrace/Ludo-v0",
        num_envs=5,
        vectorization_mode="vector_entry_point",
        players=4,
        opponents="random",
    )
    observations, info = env.reset(seed=1)
    assert observations.shape == (5, 48) and observations.dtype == np.float32
    assert env.single_action_space == gym.spaces.Discrete(41)
    assert observations in env.observation_space
    assert info["action_mask"].shape == (5, 41) and info["action_mask"].dtype == bool
    actions = env.action_space.sample(mask=tuple(info["action_mask"].astype(np.int8)))
    _, rewards, *_ = env.step(actions)
    assert rewards.shape == (5,)


def test_bad_settings_and_calls_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="num_envs 0"):
        VectorEnv("trouble", num_envs=0)
    with pytest.raises(ValueError, match="learner 4"):
        VectorEnv("trouble", learner=4)
    with pytest.raises(ValueError, match="unknown player 'computer:human'"):
        VectorEnv("trouble", opponents="human")
    with pytest.raises(OptionError):
        VectorEnv("trouble", six_bonus="sometimes")
    env = VectorEnv("trouble", num_envs=2)
    with pytest.raises(gym.error.ResetNeeded):
        env.step(np.zeros(2, np.int64))
    env.reset(seed=0)
    with pytest.raises(ValueError, match="2 actions, not 3"):
        env.step(np.zeros(3, np.int64))
    with pytest.raises(ValueError, match="seeds"):
        env.reset(seed=[1])
