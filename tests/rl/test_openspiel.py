"""The OpenSpiel bridge: OpenSpiel's own random-simulation test for every game, chance nodes
that are the game's rolls with their probabilities, and OpenSpiel's MCTS bot playing a whole
game on pegrace's rules."""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import mcts, tabular_qlearner

import pegrace.rl.openspiel  # noqa: F401 - registers the games
from pegrace.rl.aec import PegraceEnv
from pegrace.rl.encoding import observation_size

CASES = [
    ("pegrace_trouble", {"players": 4}),
    ("pegrace_trouble", {"players": 2, "two_sets": "on"}),
    ("pegrace_ludo", {"players": 4}),
    ("pegrace_ludo", {"players": 3, "variant": "ludopy"}),
    ("pegrace_headache", {"players": 4}),
    ("pegrace_marbles", {"players": 4, "teams": "on"}),
    ("pegrace_marbles", {"players": 3, "mode": "war", "turn_limit": 300}),
    ("pegrace_headache", {"players": 2, "challenge": "on", "seating": 1}),
]


@pytest.mark.parametrize(("name", "params"), CASES, ids=[f"{n}-{p}" for n, p in CASES])
def test_openspiels_random_simulation_test_passes(name: str, params: dict[str, object]) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    state = game.new_initial_state()
    assert state.is_chance_node()  # the roll-off's first pop
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(6))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)


def test_two_sets_make_two_players_of_four_colours() -> None:
    game = pyspiel.load_game("pegrace_trouble", {"players": 2, "two_sets": "on"})
    assert game.num_players() == 2 and game.num_distinct_actions() == 9


def test_openspiels_mcts_bot_plays_a_game_to_the_end() -> None:
    game = pyspiel.load_game("pegrace_headache", {"players": 2, "turn_limit": 30})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4, evaluator=evaluator, random_state=rng)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=chances)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
    assert decisions > 0 and sorted(state.returns()) == [0.0, 1.0]


SAME_POSITION_CASES = [
    ("trouble", {"players": 2, "two_sets": "on"}),
    ("ludo", {"players": 2, "variant": "classic"}),
    ("headache", {"players": 3}),
    ("marbles", {"players": 4, "teams": "on"}),
]


@pytest.mark.parametrize(
    ("name", "params"), SAME_POSITION_CASES, ids=[n for n, _ in SAME_POSITION_CASES]
)
def test_observations_are_the_pettingzoo_environments(name: str, params: dict[str, Any]) -> None:
    """The same actions (chance outcomes too) played in both: at every step each player's
    observation tensor is the AEC environment's observation of that agent."""
    game = pyspiel.load_game(f"pegrace_{name}", params)
    size = observation_size(game.rules)
    assert game.observation_tensor_size() == size and game.observation_tensor_shape() == [size]
    env = PegraceEnv(name, chance_nodes=True, **params)
    env.reset(seed=0)
    state, rng = game.new_initial_state(), np.random.RandomState(0)
    for _ in range(300):
        for player in range(game.num_players()):
            seen = env.observe(f"player_{player}")["observation"]
            np.testing.assert_array_equal(state.observation_tensor(player), seen)
        if state.is_terminal():
            break
        legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"]).tolist()
        assert legal == state.legal_actions()
        action = int(rng.choice(legal))
        env.step(action)
        state.apply_action(action)
    assert state.move_number() > 30


def test_observation_strings_name_the_observer_and_differ_between_positions() -> None:
    game = pyspiel.load_game("pegrace_ludo", {"players": 2, "variant": "classic"})
    state = game.new_initial_state()
    assert state.observation_string(0).startswith("red sees: red to roll")
    assert state.observation_string(1).startswith("yellow sees: red to roll")
    for action in (0, 5, 5):  # red pops 1, yellow 6, then rolls 6
        state.apply_action(action)
    before = state.observation_string(1)
    assert before.startswith("yellow sees: yellow to move with 6 | ")
    state.apply_action(state.legal_actions()[0])  # a piece out
    after = state.observation_string(1)
    assert after != before and after.endswith("yellow: base base base track:0")


def test_openspiels_tabular_q_learner_trains_on_the_observations() -> None:
    """OpenSpiel's rl_environment (observation tensors: the game has no information state)
    and its tabular Q-learner (keyed by the observation), 300 self-play games of Trouble."""
    game = pyspiel.load_game("pegrace_trouble", {"players": 2})
    env = rl_environment.Environment(game, seed=0)
    assert env.use_observation
    np.random.seed(0)  # the Q-learner's exploration draws from numpy's global generator
    actions = env.action_spec()["num_actions"]
    agents = [tabular_qlearner.QLearner(player_id=p, num_actions=actions) for p in range(2)]
    wins = [0, 0]
    for _ in range(300):
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            assert len(step.observations["info_state"][player]) == game.observation_tensor_size()
            step = env.step([agents[player].step(step).action])
        for agent in agents:
            agent.step(step)
        wins[int(np.argmax(step.rewards))] += 1
    assert sum(wins) == 300 and min(wins) > 0
    assert all(len(agent._q_values) > 10_000 for agent in agents)  # positions seen
    assert any(q > 0 for agent in agents for row in agent._q_values.values() for q in row.values())


def test_a_clone_shares_the_position_and_leads_its_own_life() -> None:
    game = pyspiel.load_game("pegrace_trouble", {"players": 2})
    state = game.new_initial_state()
    state.chance_outcomes().reverse()  # a caller's list is its own (MCTS shuffles it)
    assert [a for a, _ in state.chance_outcomes()] == list(range(6))
    for action in (0, 5, 5):
        state.apply_action(action)
    clone = state.clone()
    assert clone.node is state.node and clone.history() == state.history()
    clone.apply_action(clone.legal_actions()[0])
    assert clone.node is not state.node and str(clone) != str(state)
    assert len(clone.history()) == len(state.history()) + 1 and state.current_player() == 1


@pytest.mark.parametrize(("name", "params"), CASES, ids=[f"{n}-{p}" for n, p in CASES])
def test_a_game_reads_back_from_its_string_and_a_state_pickles(
    name: str, params: dict[str, object]
) -> None:
    """A game's string names every parameter as it is typed (``turn_limit=300``, a number),
    so OpenSpiel reads it back: checkpoints, multi-process learners and pickled states rely
    on it."""
    game = pyspiel.load_game(name, params)
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    state = game.new_initial_state()
    for _ in range(40):
        if state.is_terminal():
            break
        actions = [a for a, _ in state.chance_outcomes()] or state.legal_actions()
        state.apply_action(actions[-1])
    copy = pickle.loads(pickle.dumps(state))
    assert str(copy) == str(state)
    assert copy.history() == state.history()
    assert copy.legal_actions() == state.legal_actions()


def test_a_game_named_by_its_string_with_a_number_option() -> None:
    game = pyspiel.load_game("pegrace_marbles(turn_limit=300)")
    assert game.rules.options["turn_limit"] == "300"
    with pytest.raises(pyspiel.SpielError, match="turn_limit"):
        pyspiel.load_game("pegrace_marbles", {"turn_limit": "300"})
