"""The Gymnasium single-agent environments: Gymnasium's own checker for every game, the
learner's masks and moves, the other seats played by pegrace's players or a function, the same
episode from the same seed, and an illegal action ending the episode."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from pegrace.engine import Rules
from pegrace.moves import Move
from pegrace.players import make_player
from pegrace.rl.single import SingleAgentEnv
from pegrace.state import State

IDS = ["pegrace/Trouble-v0", "pegrace/Ludo-v0", "pegrace/Headache-v0", "pegrace/Marbles-v0"]


def episode(env: Any, seed: int, choose: np.random.Generator) -> tuple[list[Any], float]:
    """Random legal actions to the end: the record's events and the learner's reward."""
    _, info = env.reset(seed=seed)
    for _ in range(5000):
        mask = env.unwrapped.action_masks()
        assert (mask == info["action_mask"]).all()
        rules, state = env.unwrapped.rules, env.unwrapped.state
        assert int(mask.sum()) == len(rules.legal_moves(state))  # one action a legal move
        assert rules.colours[state.current] in info["colours"]  # the learner is to move
        _, reward, terminated, truncated, info = env.step(choose.choice(np.flatnonzero(mask)))
        if terminated or truncated:
            events = env.unwrapped.record().events
            return [(e.colour, e.roll, e.move) for e in events], reward
    raise AssertionError("no end after 5000 steps")


@pytest.mark.parametrize("name", IDS)
def test_gymnasiums_checker_passes_and_an_episode_ends_with_the_places_reward(name: str) -> None:
    env = gym.make(name, players=4, opponents="random")
    check_env(env.unwrapped)
    events, reward = episode(env, 3, np.random.default_rng(0))
    single = env.unwrapped
    learner_side = single.rules.sides[0]
    assert reward == single.rules.returns(single.state)[learner_side]
    assert {colour for colour, _, _ in events} == set(single.rules.colours)  # everyone played


def test_the_same_seed_and_actions_give_the_same_episode_against_any_level() -> None:
    for level in ("random", "medium"):
        runs = [
            episode(gym.make("pegrace/Ludo-v0", opponents=level), 9, np.random.default_rng(1))
            for _ in range(2)
        ]
        assert runs[0] == runs[1]


def test_a_function_can_play_the_other_seats_and_the_learner_any_seat() -> None:
    asked: list[str] = []

    def last_move(rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        asked.append(rules.colours[state.current])
        return moves[-1]

    env = SingleAgentEnv("trouble", players=2, opponents=last_move, learner=1)
    episode(env, 4, np.random.default_rng(2))
    assert asked and set(asked) == {"red"}  # the learner is green, the second player
    with pytest.raises(ValueError, match=r"learner 2: one of 0\.\.1"):
        SingleAgentEnv("trouble", players=2, learner=2)


def test_an_illegal_action_ends_the_episode_with_minus_one() -> None:
    env = SingleAgentEnv("trouble")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)


@pytest.mark.parametrize("level", ["random", "medium", "runner"])
def test_the_cores_opponents_are_pegraces_players_seeded_as_the_match_seeds_them(
    level: str,
) -> None:
    """Against computer players (played in the core) and against the same players in Python
    as a function, seeded ``f"{seed}:{colour}"``, the same actions give the same episode."""
    seed, colours = 6, ("red", "yellow", "green", "blue")
    python_players = {c: make_player(f"computer:{level}", f"{seed}:{c}") for c in colours}

    def in_python(rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        return python_players[rules.colours[state.current]].choose(rules, state, moves)

    runs = [
        episode(SingleAgentEnv("ludo", opponents=o), seed, np.random.default_rng(4))
        for o in (level, in_python)
    ]
    assert runs[0] == runs[1]
