"""OpenSpiel's AlphaZero (JAX and Flax) on 2-player Trouble, benchmarks/alphazero_trouble.py:
its game is pegrace_trouble's as AlphaZero takes it (zero-sum, player 0's observations, drawn
at a length no game reaches unless it passes for ever), its `random` never passes while a peg
can move, its compiled inference is OpenSpiel's, and a run of two training steps goes end to
end (the spawned actor and evaluator register the game themselves). Skipped without jax,
flax, chex and optax."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

for package in ("jax", "flax", "chex", "optax"):
    pytest.importorskip(package)

import pyspiel  # noqa: E402 - after the skips

from scripts import ROOT, load_script  # noqa: E402

az = load_script("benchmarks/alphazero_trouble.py")
PASS = 8  # Trouble's pass action (docs/rl.md)


def random_game(seed: int) -> list[int]:
    """The actions (chance outcomes too) of a random game of pegrace_trouble."""
    rng = np.random.default_rng(seed)
    state = pyspiel.load_game("pegrace_trouble", {"players": 2}).new_initial_state()
    while not state.is_terminal():
        actions = [a for a, _ in state.chance_outcomes()] or state.legal_actions()
        state.apply_action(int(rng.choice(actions)))
    return [int(a) for a in state.history()]


def test_the_game_is_two_player_trouble_zero_sum_seen_by_player_0() -> None:
    plain = pyspiel.load_game("pegrace_trouble", {"players": 2}).new_initial_state()
    game = pyspiel.load_game(az.GAME)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    state = game.new_initial_state()
    movers = set()
    for action in random_game(1):
        assert state.current_player() == plain.current_player()
        assert state.chance_outcomes() == plain.chance_outcomes()
        if not state.is_chance_node():
            movers.add(state.current_player())
            assert state.legal_actions() == plain.legal_actions()
            assert state.observation_tensor() == plain.observation_tensor(0)
        state.apply_action(action)
        plain.apply_action(action)
    assert movers == {0, 1} and state.is_terminal()
    assert state.returns() == [2 * r - 1 for r in plain.returns()]
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_a_game_passed_through_for_ever_ends_drawn_at_the_limit() -> None:
    """Sixes rolled and every one passed: pegrace_trouble goes on for ever, this game stops."""
    state = pyspiel.load_game(az.GAME).new_initial_state()
    plain = pyspiel.load_game("pegrace_trouble", {"players": 2}).new_initial_state()
    while not state.is_terminal():
        action = state.chance_outcomes()[-1][0] if state.is_chance_node() else PASS
        state.apply_action(action)
        plain.apply_action(action)
    assert state.move_number() == az.ACTION_LIMIT and not plain.is_terminal()
    assert state.returns() == [0.0, 0.0] and state.legal_actions() == []
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_the_game_pickles_as_its_string() -> None:
    game = pyspiel.load_game(az.GAME, {"six_bonus": "if-played"})
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.shared.rules.options["six_bonus"] == "if-played"


def test_random_never_passes_while_a_peg_can_move_and_is_seeded() -> None:
    game = pyspiel.load_game(az.GAME)
    state = game.new_initial_state()
    choices: dict[int, list[int]] = {0: [], 1: []}
    bots = {0: az.random_bot(game, 7), 1: az.random_bot(game, 7)}
    passed_alone = 0
    for action in random_game(2):
        if not state.is_chance_node():
            legal = state.legal_actions()
            for seed, bot in bots.items():
                choices[seed].append(bot(state))
                assert choices[seed][-1] in legal
                assert choices[seed][-1] != PASS or legal == [PASS]
            passed_alone += legal == [PASS]
        state.apply_action(action)
    assert choices[0] == choices[1] and passed_alone > 0


@pytest.mark.filterwarnings("ignore:Pay attention:UserWarning")  # model_nnx's import
def test_the_compiled_inference_is_openspiels(tmp_path: Path) -> None:
    from open_spiel.python.algorithms.alpha_zero import model_nnx

    game = pyspiel.load_game(az.GAME)
    model = model_nnx.Model.build_model("mlp", [48], 9, 32, 2, 1e-4, 1e-3, str(tmp_path))
    compiled = az.compiled_inference()
    state = game.new_initial_state()
    for action in random_game(3)[:200]:
        if not state.is_chance_node():
            observation, mask = state.observation_tensor(), state.legal_actions_mask()
            value, policy = model.inference(np.asarray(observation), np.asarray(mask))
            fast_value, fast_policy = compiled(model, observation, mask)
            assert fast_value == pytest.approx(float(value), abs=1e-6)
            assert fast_policy == pytest.approx(np.asarray(policy), abs=1e-6)
        state.apply_action(action)


def test_two_training_steps_then_the_evaluation_run_end_to_end(tmp_path: Path) -> None:
    """The script as run, so OpenSpiel's spawned processes import it again: the actor's games
    reach the learner only if the game is registered there."""
    small = ["--simulations", "4", "--eval-simulations", "4", "--buffer", "256", "--batch", "32"]
    command = [sys.executable, "benchmarks/alphazero_trouble.py", "--out", str(tmp_path)]
    done = subprocess.run(
        [*command, "--steps", "2", "--minutes", "30", "--games", "2", *small],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    logs = tmp_path / "az"
    steps = [json.loads(line) for line in (logs / "learner.jsonl").read_text().splitlines()]
    assert [s["step"] for s in steps] == [1, 2]
    assert steps[-1]["total_trajectories"] >= 2 and steps[-1]["loss"]["policy"] > 0
    assert "Game 1: Returns" in (logs / "log-actor-0.txt").read_text()
    report = json.loads((tmp_path / "evaluation.json").read_text())
    assert len(report["lines"]) == 3
    assert all(line["games"] == 2 for line in report["lines"].values())
    against_random = [line for name, line in report["lines"].items() if "random`" in name]
    assert len(against_random) == 2 and all(line["their_passes"] == 0 for line in against_random)
    assert report["settings"]["eval_simulations"] == 4
    assert "| learner step |" in (tmp_path / "summary.md").read_text()
