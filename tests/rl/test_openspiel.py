"""The OpenSpiel bridge: OpenSpiel's own random-simulation test for every game, chance nodes
that are the game's rolls with their probabilities, and OpenSpiel's MCTS bot playing a whole
game on pegrace's rules."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import pegrace.rl.openspiel  # noqa: F401 - registers the games

CASES = [
    ("pegrace_trouble", {"players": 4}),
    ("pegrace_trouble", {"players": 2, "two_sets": "on"}),
    ("pegrace_ludo", {"players": 4}),
    ("pegrace_ludo", {"players": 3, "variant": "ludopy"}),
    ("pegrace_headache", {"players": 4}),
    ("pegrace_marbles", {"players": 4, "teams": "on"}),
]


@pytest.mark.parametrize(("name", "params"), CASES, ids=[f"{n}-{p}" for n, p in CASES])
def test_openspiels_random_simulation_test_passes(name: str, params: dict[str, object]) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    state = game.new_initial_state()
    assert state.is_chance_node()  # the roll-off's first pop
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(6))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)


def test_two_sets_make_two_players_of_four_colours() -> None:
    game = pyspiel.load_game("pegrace_trouble", {"players": 2, "two_sets": "on"})
    assert game.num_players() == 2 and game.num_distinct_actions() == 9


def test_openspiels_mcts_bot_plays_a_game_to_the_end() -> None:
    game = pyspiel.load_game("pegrace_headache", {"players": 2, "turn_limit": "30"})
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
