"""The ``rgb_array`` render mode (pictures/raster.py) in every environment: an RGB picture of
the board, the same position drawn the same in the AEC, single-agent and vector environments,
changing as the game does; what Stable-Baselines3's ``make_vec_env`` asks for."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

import pegrace.rl  # noqa: F401 - registers the environments
from pegrace.games import get_rules
from pegrace.pictures.raster import DEFAULT_SIZE, rgb_picture
from pegrace.rl.aec import PegraceEnv
from pegrace.rl.single import SingleAgentEnv
from pegrace.rl.vector import VectorEnv

GAMES = ["trouble", "ludo", "headache", "marbles"]
SHAPE = (DEFAULT_SIZE, DEFAULT_SIZE, 3)


def legal_action(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


@pytest.mark.parametrize("game", GAMES)
def test_the_single_and_vector_environments_draw_the_same_board_as_it_changes(game: str) -> None:
    single = SingleAgentEnv(game, render_mode="rgb_array")
    vector = VectorEnv(game, num_envs=2, render_mode="rgb_array")
    _, info = vector.reset(seed=[11, 12])
    _, single_info = single.reset(seed=11)  # the vector's first game, move for move
    pictures = []
    for _ in range(12):
        picture = single.render()
        assert isinstance(picture, np.ndarray)
        assert picture.shape == SHAPE and picture.dtype == np.uint8
        drawn = vector.render()
        assert drawn is not None and len(drawn) == 2
        np.testing.assert_array_equal(drawn[0], picture)
        pictures.append(picture)
        action = legal_action(single_info["action_mask"])
        _, _, ended, _, single_info = single.step(action)
        actions = [action, legal_action(info["action_mask"][1])]
        _, _, _, _, info = vector.step(np.array(actions))
        if ended:
            break
    assert any(not np.array_equal(pictures[0], later) for later in pictures[1:])  # it moves


@pytest.mark.parametrize("game", GAMES)
def test_the_aec_environment_draws_its_position(game: str) -> None:
    env = PegraceEnv(game, render_mode="rgb_array")
    env.reset(seed=3)
    first = env.render()
    assert isinstance(first, np.ndarray) and first.shape == SHAPE
    for _ in range(20):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(legal_action(mask))
    picture = env.render()
    np.testing.assert_array_equal(picture, rgb_picture(env.rules, env.state))
    assert not np.array_equal(first, picture)


def test_gymnasium_make_takes_the_render_mode_sb3_passes() -> None:
    """``make_vec_env`` makes each environment with ``render_mode="rgb_array"``."""
    env = gym.make("pegrace/Ludo-v0", render_mode="rgb_array")
    env.reset(seed=1)
    assert env.render().shape == SHAPE
    assert "rgb_array" in env.metadata["render_modes"]
    with pytest.raises(ValueError, match="render_mode 'human': one of None, 'ansi', 'rgb_array'"):
        SingleAgentEnv("ludo", render_mode="human")


def test_whose_turn_it_is_is_drawn() -> None:
    """The picture tells positions apart that differ only in whose turn it is."""
    rules = get_rules("trouble", 4)
    state = rules.initial_state()
    other = state._replace(current=1)
    assert not np.array_equal(rgb_picture(rules, state), rgb_picture(rules, other))
