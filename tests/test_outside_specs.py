"""Players from other libraries (pegrace.outside, pegrace.outside_libs): a model Stable-Baselines3
saved (``sb3:PATH``) and OpenSpiel's bots (``openspiel:BOT``) play tournaments and simulations
in worker processes with intervals and faults counted; each decides on what the environments
give; a model of another game's shapes, a file that is no model and a bot that cannot be made
are refused in one line before any game."""

from __future__ import annotations

import json
import random
import zipfile
from pathlib import Path
from typing import Any

import pytest

from pegrace import outside
from pegrace.games import get_rules
from pegrace.rl.encoding import action_of
from test_cli import run

sb3_contrib = pytest.importorskip("sb3_contrib")
env_util = pytest.importorskip("stable_baselines3.common.env_util")
pytest.importorskip("pyspiel")

import pegrace.rl  # noqa: E402, F401 - registers the environments


def trained(folder: Path, env_id: str, steps: int) -> Path:
    """A MaskablePPO of ``env_id`` trained ``steps`` steps (0: as made), saved in ``folder``:
    on one thread (two, on a busy machine, spend ten times the CPU waiting on each other)."""
    import torch

    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        envs = env_util.make_vec_env(
            env_id, n_envs=2, seed=1, env_kwargs={"players": 2, "opponents": "random"}
        )
        model = sb3_contrib.MaskablePPO(
            "MlpPolicy", envs, n_steps=128, batch_size=128, n_epochs=2, seed=1
        )
        if steps:
            model.learn(total_timesteps=steps)
    finally:
        torch.set_num_threads(threads)
    path = folder / f"{env_id.split('/')[1]}.zip"
    model.save(path)
    return path


@pytest.fixture(scope="module")
def ludo_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return trained(tmp_path_factory.mktemp("sb3"), "pegrace/Ludo-v0", 512)


@pytest.fixture(scope="module")
def trouble_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return trained(tmp_path_factory.mktemp("sb3"), "pegrace/Trouble-v0", 0)


def report(capsys: pytest.CaptureFixture[str], kind: str, *line: str) -> Any:
    code, out, err = run(capsys, kind, *line, "--json")
    assert code == 0, err
    return json.loads(out)


def refusal(capsys: pytest.CaptureFixture[str], game: str, spec: str) -> str:
    code, _, err = run(capsys, "tournament", game, "--player", spec, "--player", "random")
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    return err


def test_a_maskable_ppo_file_plays_a_tournament_in_workers(
    ludo_model: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = f"sb3:{ludo_model}"
    line = ["ludo", "--player", spec, "--player", "medium", "--games", "40", "--seed", "11"]
    found = report(capsys, "tournament", *line, "--workers", "2")
    mine = found["entries"][0]
    assert mine["player"] == spec and mine["faults"] == 0 and mine["seat_games"] == 40
    assert 0 <= mine["ci95"][0] <= mine["win_rate"] <= mine["ci95"][1] <= 1
    assert found["games"] == 40 and sum(e["wins"] for e in found["entries"]) == 40


def test_a_model_answers_what_it_answers_in_the_environment(ludo_model: Path) -> None:
    """The observation and mask the player gives the model are the single-agent env's."""
    import gymnasium as gym

    model = sb3_contrib.MaskablePPO.load(ludo_model, device="cpu")
    player = outside.outside_player("sb3", str(ludo_model), "1:red")
    env: Any = gym.make("pegrace/Ludo-v0", players=2, opponents="random").unwrapped
    observation, info = env.reset(seed=4)
    for asked in range(30):
        wanted, _ = model.predict(observation, deterministic=True, action_masks=info["action_mask"])
        rules, state = env.rules, env.state
        chosen = player.choose(rules, state, rules.legal_moves(state))
        assert action_of(rules, state, chosen) == int(wanted)
        observation, _, over, _, info = env.step(int(wanted))
        if over:
            observation, info = env.reset(seed=5 + asked)
    assert isinstance(player, outside.OutsidePlayer) and player.faults == 0


def test_a_model_of_other_shapes_is_refused_naming_the_file(
    trouble_model: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = f"sb3:{trouble_model}"
    err = refusal(capsys, "headache", spec)
    assert (
        f"{spec}: the model sees observations of shape (48,), but headache gives shape (260,)"
        in err
    )
    err = refusal(capsys, "ludo", spec)
    assert f"{spec}: the model's actions are Discrete(9), but ludo has Discrete(41)" in err


def test_a_file_that_is_no_model_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = tmp_path / "notes.zip"
    text.write_text("not a zip\n")
    assert "not a model Stable-Baselines3 saved (File is not a zip file)" in refusal(
        capsys, "trouble", f"sb3:{text}"
    )
    other = tmp_path / "other.zip"
    with zipfile.ZipFile(other, "w") as archive:
        archive.writestr("readme.txt", "a zip, but no SB3 model")
    assert f"sb3:{other}: not a model Stable-Baselines3 saved" in refusal(
        capsys, "trouble", f"sb3:{other}"
    )
    assert "cannot read Stable-Baselines3 model" in refusal(capsys, "trouble", "sb3:missing.zip")


def test_openspiel_bots_play_a_tournament_in_workers(capsys: pytest.CaptureFixture[str]) -> None:
    bots = ["openspiel:uniform_random", "openspiel:mcts:sims=4,rollouts=1"]
    line = ["trouble", "--games", "4", "--seed", "3", "--workers", "2"]
    found = report(capsys, "tournament", *line, *(f"--player={b}" for b in bots))
    assert [e["player"] for e in found["entries"]] == bots
    for entry in found["entries"]:
        assert entry["faults"] == 0 and entry["seat_games"] == 4
        assert 0 <= entry["ci95"][0] <= entry["win_rate"] <= entry["ci95"][1] <= 1


def test_a_bot_factory_plays_and_the_same_seed_plays_the_same_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    line = [
        "ludo",
        "--games",
        "4",
        "--seed",
        "8",
        "--player",
        "openspiel:outside_agents:uniform_bot",
    ]
    first = report(capsys, "tournament", *line, "--player", "medium")
    again = report(capsys, "tournament", *line, "--player", "medium", "--workers", "2")
    assert first["entries"] == again["entries"] and first["entries"][0]["faults"] == 0


def test_a_bot_answering_an_illegal_action_is_counted_in_a_simulation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    line = ["trouble", "--games", "4", "--players", "2", "--workers", "2"]
    found = report(capsys, "simulate", *line, "--seat", "red=openspiel:outside_agents:illegal_bot")
    red = found["seats"][0]
    assert red["player"] == "computer:openspiel:outside_agents:illegal_bot" and red["faults"] > 0
    assert found["games"] == 4


def test_a_bot_too_slow_is_cut_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """MCTS of far too many simulations, stopped at the time limit: a fault, a legal move."""
    monkeypatch.setattr(outside, "DECISION_SECONDS", 0.2)
    rules = get_rules("trouble", 2, {})
    state, dice = rules.initial_state(), random.Random(2)
    while state.is_chance or len(rules.legal_moves(state)) < 2:  # a decision with a choice
        if state.is_chance:
            state = rules.apply_roll(state, dice.choice(rules.chance_outcomes(state))[0])
        else:
            state = rules.apply_move(state, rules.legal_moves(state)[0])
    player = outside.outside_player("openspiel", "mcts:sims=100000", "1:red")
    moves = rules.legal_moves(state)
    assert player.choose(rules, state, moves) in moves
    assert isinstance(player, outside.OutsidePlayer) and player.faults == 1


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("openspiel:nothing", "openspiel:nothing: name one of OpenSpiel's bots (mcts, "),
        ("openspiel:mcts:sims=0", "'sims=0': write KEY=NUMBER, each of sims 1-100000"),
        ("openspiel:mcts:sims=2.5", "'sims=2.5': write KEY=NUMBER"),
        ("openspiel:uniform_random:seed", "'seed': write KEY=VALUE"),
        ("openspiel:outside_agents:nothing_here", "write openspiel:PACKAGE.MODULE:FACTORY naming"),
        ("openspiel:outside_agents:NOT_CALLABLE", "openspiel:outside_agents:NOT_CALLABLE is not"),
        ("openspiel:outside_agents:no_bot", "no bot for trouble (int has no step(state))"),
        ("sb3:", "sb3: name the model's file: sb3:PATH"),
    ],
)
def test_a_wrong_spec_is_refused_in_one_line(
    spec: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert message in refusal(capsys, "trouble", spec)


def test_the_text_report_counts_a_bots_faults(capsys: pytest.CaptureFixture[str]) -> None:
    spec = "openspiel:outside_agents:illegal_bot"
    code, out, _ = run(
        capsys, "tournament", "trouble", "--games", "2", "--player", spec, "--player", "random"
    )
    assert code == 0 and f"{spec}: " in out and "answers could not be played" in out
