"""The PettingZoo AEC environments: PettingZoo's own conformance tests for every game, masks
that are exactly the engine's legal moves in every rule setup, the same episode from the same
seed, and episodes that replay as game records."""

from __future__ import annotations

import random
from functools import partial
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from pegrace.cli import main
from pegrace.errors import IllegalMoveError
from pegrace.record import Record, replay
from pegrace.rl import headache_v0, ludo_v0, marbles_v0, trouble_v0
from pegrace.rl.aec import CHANCE, PegraceEnv
from pegrace.rl.encoding import legal_actions, observe
from setups import SETUPS

MODULES = [trouble_v0, ludo_v0, headache_v0, marbles_v0]
# what PettingZoo's api_test says of every env whose observation holds an action mask, as its
# own classic games do: deliberate here too
DICT_OBSERVATION = "probably should be gymnasium.spaces.box|Observation is not a NumPy array"


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[1])
def test_pettingzoos_api_and_seed_tests_pass(module: ModuleType) -> None:
    with pytest.warns(UserWarning, match=DICT_OBSERVATION):
        api_test(module.env(), num_cycles=300)
    seed_test(module.env, num_cycles=100)


def play(env: PegraceEnv, seed: int, chooser: random.Random, limit: int = 5000) -> dict[str, float]:
    """An episode of random legal actions, checking at each decision that the mask is the
    engine's legal moves, one action each; the rewards at the end."""
    env.reset(seed=seed)
    final: dict[str, float] = {}
    for _ in range(limit):
        agent = env.agent_selection
        if env.terminations[agent]:
            final = final or dict(env.rewards)
            env.step(None)
            if not env.agents:
                return final
            continue
        mask = env.observe(agent)["action_mask"]
        for other in env.possible_agents:  # the batch's observation is the position's
            seat = env._seat(other)
            np.testing.assert_array_equal(
                env.observe(other)["observation"], observe(env.rules, env.state, seat)
            )
        legal = env.rules.legal_moves(env.state)
        actions = legal_actions(env.rules, env.state)
        assert sorted(m.text for m in actions.values()) == sorted(m.text for m in legal)
        assert np.flatnonzero(mask).tolist() == sorted(actions)
        assert env.colours_of[agent][0] in env.rules.colours
        assert env.rules.colours[env.state.current] in env.colours_of[agent]
        env.step(chooser.choice(sorted(actions)))
    raise AssertionError(f"no end after {limit} steps")


@pytest.mark.parametrize(
    ("game", "players", "options"), SETUPS, ids=[f"{g}-{n}-{o}" for g, n, o in SETUPS]
)
def test_the_mask_is_the_engines_legal_moves_in_every_setup(
    game: str, players: int, options: dict[str, str]
) -> None:
    env = PegraceEnv(game, players, **options)
    for seed in range(2):
        rewards = play(env, seed, random.Random(seed))
        assert env.state.is_over
        returns = env.rules.returns(env.state)  # each player's reward: its side's return
        for agent, colours in env.colours_of.items():
            side = env.rules.sides[env.rules.colours.index(colours[0])]
            assert rewards[agent] == returns[side]
        assert max(rewards.values()) == 1.0


def test_the_same_seed_and_choices_give_the_same_episode_and_it_replays(tmp_path: Any) -> None:
    episodes = []
    for _ in range(2):
        env = PegraceEnv("ludo", 4)
        play(env, 11, random.Random(5))
        episodes.append(env.record())
    first, second = episodes
    assert [(e.colour, e.roll, e.move) for e in first.events] == [
        (e.colour, e.roll, e.move) for e in second.events
    ]
    _, states = replay(first)
    assert states[-1] == env.state
    path = tmp_path / "episode.json"
    first.save(path)
    assert main(["replay", str(path), "--final"]) == 0
    assert Record.load(path).result == first.result


def test_an_illegal_action_is_refused_raw_and_loses_the_wrapped_game() -> None:
    raw = trouble_v0.raw_env()
    raw.reset(seed=1)
    mask = raw.observe(raw.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalMoveError, match=f"action {illegal} is not a legal move"):
        raw.step(illegal)
    wrapped = trouble_v0.env()
    wrapped.reset(seed=1)
    mover = wrapped.agent_selection
    wrapped.step(illegal)  # PettingZoo logs it
    assert wrapped.rewards[mover] == -1 and all(wrapped.terminations.values())


def test_render_draws_the_terminal_picture() -> None:
    env = headache_v0.env(render_mode="ansi")
    env.reset(seed=2)
    picture = env.render()
    assert isinstance(picture, str) and "cones owned: R 4, Y 4, G 4, B 4" in picture
    with pytest.raises(ValueError, match="render_mode 'svg': one of None, 'ansi', 'human', "):
        headache_v0.raw_env(render_mode="svg")


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[1])
def test_pettingzoos_render_test_passes(
    module: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    render_test(module.env)
    assert capsys.readouterr().out.strip()  # "human" printed the pictures


def test_the_docs_example_plays_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    import re
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "rl.md").read_text()
    examples = re.findall(r"```python\n(.*?)```", text, re.S)
    # (Stable-Baselines3's recipe needs PyTorch: tests/rl/test_sb3.py runs it where it can)
    examples = [example for example in examples if "sb3_contrib" not in example]
    aec_example, gym_example, vector_example, openspiel_example = examples
    exec(compile(openspiel_example, "docs/rl.md", "exec"), {})
    exec(compile(aec_example, "docs/rl.md", "exec"), {})
    namespace: dict[str, Any] = {}
    exec(compile(gym_example, "docs/rl.md", "exec"), namespace)
    assert namespace["mask"].sum() >= 1 and namespace["info"]["colours"] == ["red"]
    exec(compile(vector_example, "docs/rl.md", "exec"), namespace)
    assert namespace["observations"].shape == (256, 48) and namespace["terminations"].any()
    assert "exit" in capsys.readouterr().out  # the two-dice board's picture, at the end


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[1])
def test_with_chance_nodes_the_dice_are_an_agent_and_pettingzoos_tests_pass(
    module: ModuleType,
) -> None:
    # and the chance agent's mask is over the rolls: deliberately another size
    with pytest.warns(UserWarning, match=f"{DICT_OBSERVATION}|different observation space sizes"):
        api_test(module.env(chance_nodes=True), num_cycles=300)
    seed_test(partial(module.env, chance_nodes=True), num_cycles=100)


@pytest.mark.parametrize("game", ["trouble", "ludo", "headache", "marbles"])
def test_chance_nodes_replay_the_episode_the_seeded_dice_played(game: str) -> None:
    """The same choices, with the rolls the seeded env drew given as chance actions, play
    the very same game; every chance node offers its outcomes with their probabilities."""
    seeded = PegraceEnv(game, 4)
    play(seeded, 3, random.Random(3))
    explicit = PegraceEnv(game, 4, chance_nodes=True)
    explicit.reset(seed=99)  # its own generator is never used
    for event in seeded.events:
        agent = explicit.agent_selection
        if event.move is None:
            assert agent == CHANCE
            probabilities = explicit.infos[CHANCE]["probabilities"]
            assert abs(sum(probabilities) - 1) < 1e-9
            mask = explicit.observe(CHANCE)["action_mask"]
            assert np.flatnonzero(mask).tolist() == [i for i, p in enumerate(probabilities) if p]
            dice = explicit.rules.dice_at(explicit.state)
            rolls = [dice.to_json(r) for r, _ in explicit.rules.chance_outcomes(explicit.state)]
            explicit.step(rolls.index(event.roll))  # a roll-off pop is stored as its d6
        else:
            assert agent != CHANCE
            action = next(a for a, m in explicit.legal().items() if m.text == event.move)
            explicit.step(action)
    assert explicit.state == seeded.state and explicit.state.is_over
