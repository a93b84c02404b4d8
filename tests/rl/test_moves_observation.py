"""The ``moves`` observation (core/rl/moves.rs): after the board, a block per action of what its
move would do. Checked against the Python rules on random play: a block for exactly the legal
actions, the board part the plain observation, and each block's captures, steps and pieces
out, in the lane and home what playing the move in Python gives; every environment takes it,
Headache refuses it by name."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from pegrace.engine import Rules
from pegrace.games import get_rules
from pegrace.race import RaceRules
from pegrace.rl import ludo_v0
from pegrace.rl.encoding import BOUND, legal_actions
from pegrace.rl.single import SingleAgentEnv
from pegrace.rl.vector import VectorEnv
from pegrace.state import State

BOARD, FEATURES = 48, 18
RACE_SETUPS = [("ludo", {}), ("ludo", {"variant": "classic"}), ("trouble", {}), ("marbles", {})]


def steps(row: tuple[int, ...]) -> int:
    return sum(p + 1 for p in row if p >= 0)


def expected_block(rules: RaceRules, state: State, action_move: object) -> list[float]:
    """Features 0-7 of a move's block, from the Python rules."""
    after = rules.play(state, action_move)  # type: ignore[arg-type]
    seat = state.current
    before_row, after_row = state.pieces[seat], after.pieces[seat]
    others = [o for o in range(len(rules.colours)) if o != seat]
    lost = sum(steps(state.pieces[o]) - steps(after.pieces[o]) for o in others)
    count = lambda row, keep: sum(1 for p in row if keep(p))  # noqa: E731
    gained = lambda keep: (count(after_row, keep) - count(before_row, keep)) / 2  # noqa: E731
    return [
        1.0,
        float(action_move.is_pass),  # type: ignore[attr-defined]
        rules.captured(state, action_move) / 2,  # type: ignore[arg-type]
        lost / 60,
        (steps(after_row) - steps(before_row)) / 12,
        gained(lambda p: p >= 0),
        gained(lambda p: p >= rules.lane_start),
        gained(lambda p: p >= rules.goal),
    ]


@pytest.mark.parametrize(("game", "options"), RACE_SETUPS)
def test_each_legal_action_has_the_block_of_what_its_move_does(
    game: str, options: dict[str, str]
) -> None:
    rules: Rules = get_rules(game, 4, options)
    assert isinstance(rules, RaceRules)
    env = VectorEnv(game, num_envs=8, opponents="medium", observation="moves", **options)
    plain = VectorEnv(game, num_envs=8, opponents="medium", **options)
    seen, infos = env.reset(seed=5)
    plain_seen, _ = plain.reset(seed=5)
    actions = env.single_action_space.n
    assert seen.shape == (8, BOARD + actions * FEATURES)
    draw, blocks = np.random.default_rng(2), 0
    for _ in range(150):
        np.testing.assert_array_equal(seen[:, :BOARD], plain_seen)
        assert np.abs(seen).max() <= BOUND
        masks = infos["action_mask"]
        for i in range(env.num_envs):
            state = env.state(i)
            block = seen[i, BOARD:].reshape(actions, FEATURES)
            np.testing.assert_array_equal(block[:, 0] == 1.0, masks[i])
            assert not block[~masks[i]].any()
            for action, move in legal_actions(rules, state).items():
                np.testing.assert_allclose(
                    block[action, :8],
                    expected_block(rules, state, move),
                    atol=1e-6,
                    err_msg=f"{move} at {state}",
                )
                blocks += 1
        chosen = (masks * draw.random(masks.shape)).argmax(1)
        seen, _, _, _, infos = env.step(chosen)
        plain_seen, *_ = plain.step(chosen)
    assert blocks > 1000


def test_every_environment_takes_the_moves_observation() -> None:
    single = SingleAgentEnv("ludo", observation="moves")
    check_env(single, skip_render_check=True)
    aec = ludo_v0.raw_env(observation="moves")
    aec.reset(seed=1)
    assert aec.observe(aec.agent_selection)["observation"].shape == (BOARD + 41 * FEATURES,)


def test_headache_and_unknown_observations_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="observation 'moves' is for the race games"):
        VectorEnv("headache", observation="moves")
    with pytest.raises(ValueError, match="observation \"pixels\": 'board' or 'moves'"):
        SingleAgentEnv("trouble", observation="pixels")
