"""benchmarks/learning_curves.py: PPO (sb3-contrib's MaskablePPO on pegrace's SB3 VecEnv) and
DQN (OpenSpiel's, PyTorch, on the single-agent environment) trained a few hundred steps, their
curve and report written; the final evaluation counting exactly its games, each slot's first
ones, as the single-agent environment plays them. Needs PyTorch, sb3-contrib, OpenSpiel and
dm-tree (OpenSpiel's DQN imports it): skipped without."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")
pytest.importorskip("open_spiel")
pytest.importorskip("tree")

from pegrace.rl.single import SingleAgentEnv
from pegrace.simulate import game_seed
from scripts import load_script

curves = load_script("benchmarks/learning_curves.py")


def last_legal(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """A deterministic agent: the highest legal action."""
    return np.asarray(masks.shape[1] - 1 - masks[:, ::-1].argmax(axis=1), np.int64)


def written(folder: Path, report: dict[str, Any]) -> list[dict[str, str]]:
    """The run's curve rows, after checking its report.json is the report returned."""
    assert json.loads((folder / "report.json").read_text()) == json.loads(json.dumps(report))
    rows = list(csv.DictReader((folder / "curve.csv").read_text().splitlines()))
    steps = [int(row["agent_steps"]) for row in rows]
    assert steps == sorted(set(steps)) and steps[-1] == report["agent_steps"]
    assert [int(row["games"]) for row in rows] == sorted(int(row["games"]) for row in rows)
    assert int(rows[-1]["games"]) == report["games"]
    assert all(0 <= float(row["win_rate_recent"]) <= 1 for row in rows)
    return rows


def check_report(report: dict[str, Any], algo: str, game: str, games: int) -> None:
    assert (report["algo"], report["game"], report["players"]) == (algo, game, 4)
    assert report["pegrace"] and report["seed"] == 3 and report["torch_threads"] >= 1
    assert set(report["versions"]) == set(curves.PACKAGES)
    final = report["evaluation"]
    assert final["games"] == games and final["games_by_seat"] == [games // 4] * 4
    assert sum(final["wins_by_seat"]) == final["wins"] <= games
    assert final["ci95"][0] <= final["win_rate"] <= final["ci95"][1]
    assert final["seed"] == curves.EVAL_SEED != report["seed"]
    medium = report["references"]["medium"]
    assert medium["games"] == games and medium["command"] == (
        f"pegrace tournament {game} --player medium --player random --player random "
        f"--player random --games {games} --seed {curves.REFERENCE_SEED}"
    )
    assert report["references"]["random"]["games"] == games


def test_ppo_trains_and_writes_its_curve_and_report(tmp_path: Path) -> None:
    settings = {"n_envs": 4, "n_steps": 64, "batch_size": 64}
    report = curves.run("ppo", "trouble", 512, 3, tmp_path, eval_games=40, settings=settings)
    rows = written(tmp_path / "ppo-trouble", report)
    assert report["agent_steps"] == 512 and len(rows) >= 2  # two rollouts of 4 x 64
    assert report["settings"]["learning_rate"] == curves.PPO["learning_rate"]
    check_report(report, "ppo", "trouble", 40)


def test_dqn_trains_and_writes_its_curve_and_report(tmp_path: Path) -> None:
    settings = {"min_buffer_size_to_learn": 64, "batch_size": 32, "replay_buffer_capacity": 500}
    report = curves.run("dqn", "ludo", 400, 3, tmp_path, eval_games=20, settings=settings)
    rows = written(tmp_path / "dqn-ludo", report)
    assert report["agent_steps"] == 400 and len(rows) == curves.ROWS
    assert report["games"] > 0  # two-dice Ludo: about 45 of the learner's decisions a game
    assert report["settings"]["epsilon_decay_duration"] == 80  # a fifth of the steps
    assert report["settings"]["batch_size"] == 32
    check_report(report, "dqn", "ludo", 20)
    assert curves.plot(tmp_path).stat().st_size > 10_000


def test_the_evaluation_counts_each_slots_first_game_as_played_alone() -> None:
    """One game a slot (4 x 6 games, 6 slots): each the single-agent environment's episode of
    the slot's seed, the agent's first places the same."""
    result = curves.evaluate("ludo", last_legal, 24, 77, slots=6)
    assert result["games_by_seat"] == [6] * 4 and result["games"] == 24
    alone = []
    for seat in range(4):
        env = SingleAgentEnv("ludo", players=4, opponents="random", learner=seat)
        wins = 0
        for slot in range(6):
            observation, info = env.reset(seed=game_seed(77 + seat, slot))
            ended, reward = False, 0.0
            while not ended:
                action = last_legal(observation[None], info["action_mask"][None])[0]
                observation, reward, ended, _, info = env.step(action)
            wins += reward == 1.0
        alone.append(wins)
    assert result["wins_by_seat"] == alone and 0 < sum(alone) < 24


def test_the_evaluation_plays_exactly_the_games_asked_for() -> None:
    result = curves.evaluate("trouble", curves.random_player(1), 10, 5, slots=3)
    assert result["games"] == 10 and result["games_by_seat"] == [3, 3, 2, 2]
    assert curves.shares(10, 4) == [3, 3, 2, 2] and curves.shares(3, 5) == [1, 1, 1, 0, 0]
