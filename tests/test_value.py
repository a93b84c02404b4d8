"""The values learned by self-play (pegrace.value, core/ai/value.rs and train.rs): the shipped
weights load and match their recorded checksum, training is deterministic given its seed and
learns, the value is exact once the winner is settled and a share of the win elsewhere, and
``pegrace train`` writes a weights file (a new version when the weights change) or refuses bad
input in one line."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from pegrace import get_rules, value
from pegrace.advice import hint
from pegrace.errors import OptionError
from pegrace.match import run_game
from pegrace.native import Computer
from pegrace.provenance import core_build, pegrace_version
from pegrace.search import SearchPlayer
from positions import random_positions
from test_cli import run


@pytest.mark.parametrize("model", value.MODELS)
def test_the_shipped_weights_load_and_match_their_checksum(model: str) -> None:
    found = value.shipped(model)
    assert found["model"] == model and found["version"] >= 1
    assert value.file_checksum(found) == found["sha256"]
    game, options = value.TRAINED_UNDER[model]
    assert (found["game"], {**found["options"], **options}) == (game, found["options"])
    learner = value.trainer(value.Training(game, 4, options, games=1, seed=1, score_games=1))
    assert learner.model == model
    assert learner.features == found["features"]  # a weight per feature, in the core's order
    assert len(found["weights"]) == len(found["features"])
    assert found["curve"][-1]["games"] == found["training"]["games"]


def test_a_changed_weight_no_longer_matches_the_checksum() -> None:
    found = value.shipped("trouble")
    weights = list(found["weights"])
    weights[3] = weights[3] * (1 + 2**-50) if weights[3] else 1e-300  # the last bit or so
    assert value.file_checksum({**found, "weights": weights}) != found["sha256"]
    assert value.checksum([1.0], [2.0]) != value.checksum([1.0, 2.0])  # the network apart
    assert value.versions().keys() == set(value.MODELS)


def test_training_a_network_goes_on_from_the_linear_models_weights() -> None:
    start = value.train(short(3))
    found = value.train(
        value.Training(
            "ludo", 4, {}, games=30, seed=3, score_games=8, points=3, hidden=8, start=start
        )
    )
    assert found["network"]["hidden"] == 8
    assert found["curve"][0]["gain"] == start["curve"][-1]["gain"]  # the network adds 0 at first
    assert value.file_checksum(found) == found["sha256"]
    again = value.train(
        value.Training(
            "ludo", 4, {}, games=30, seed=3, score_games=8, points=3, hidden=8, start=start
        )
    )
    assert again["network"] == found["network"]
    with pytest.raises(OptionError, match="8 hidden units, not 16"):
        value.train(value.Training("ludo", 4, {}, games=1, seed=3, hidden=16, start=found))
    with pytest.raises(OptionError, match="a weights file of 'ludo', not 'marbles'"):
        value.train(value.Training("marbles", 4, {}, games=1, seed=3, start=found))


def short(seed: int, games: int = 60) -> value.Training:
    return value.Training("ludo", 4, {}, games=games, seed=seed, score_games=8, points=3)


def test_training_is_deterministic_given_its_seed() -> None:
    one, two, other = value.train(short(3)), value.train(short(3)), value.train(short(4))
    assert one["weights"] == two["weights"] and one["curve"] == two["curve"]
    assert one["sha256"] == two["sha256"] != other["sha256"]
    assert [p["games"] for p in one["curve"]] == [0, 20, 40, 60]


def test_a_medium_share_mixes_medium_players_into_self_play_and_is_recorded() -> None:
    mixed = value.train(dataclasses.replace(short(3), medium=0.5))
    again = value.train(dataclasses.replace(short(3), medium=0.5))
    plain = value.train(short(3))
    assert mixed["sha256"] == again["sha256"] != plain["sha256"]
    assert (mixed["training"]["medium_share"], plain["training"]["medium_share"]) == (0.5, 0.0)


def test_training_learns_the_winner_from_self_play() -> None:
    found = value.train(value.Training("trouble", 4, {}, games=1500, seed=2, score_games=30))
    first, last = found["curve"][0], found["curve"][-1]
    assert first["gain"] == pytest.approx(0.0, abs=1e-12)  # zero weights: the even chance
    assert last["gain"] > 0.1 and last["brier"] < first["brier"]
    steps = dict(zip(found["features"], found["weights"], strict=True))
    assert steps["a piece at 0"] > steps["a piece at -1"]  # out of home beats home


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("trouble", 4, {}),
        ("ludo", 3, {}),
        ("ludo", 4, {"variant": "classic"}),
        ("marbles", 4, {"teams": "on"}),
        ("headache", 3, {}),
        ("headache", 2, {}),
    ],
)
def test_the_value_is_a_share_of_the_win_and_exact_once_the_winner_is_settled(
    game: str, players: int, options: dict[str, str]
) -> None:
    rules = get_rules(game, players, options)
    computer = Computer(rules)
    for state in random_positions(rules, seed=9, count=60):
        chances = computer.value_chances(state)
        assert chances is not None and len(chances) == rules.side_count
        assert sum(chances) == pytest.approx(1.0)
        assert all(0.0 <= p <= 1.0 for p in chances)
    end = run_game(rules, dict.fromkeys(rules.colours, "random"), 5).state
    winners = rules.outcome(end).winners
    exact = [float(side in winners) for side in range(rules.side_count)]
    assert computer.value_chances(end) == tuple(exact)


def test_rules_the_features_do_not_serve_have_no_value() -> None:
    assert (
        Computer(get_rules("marbles", 4, {"mode": "war"})).value_chances(
            get_rules("marbles", 4, {"mode": "war"}).initial_state()
        )
        is None
    )
    with pytest.raises(OptionError, match="no learned value to train"):
        value.trainer(value.Training("trouble", 2, {"two_sets": "on"}, games=1, seed=1))


@pytest.mark.parametrize(
    ("game", "players"), [("trouble", 4), ("ludo", 3), ("headache", 4), ("marbles", 2)]
)
def test_the_expert_one_decision_deep_rates_each_move_by_the_values_chances_after_it(
    game: str, players: int
) -> None:
    rules = get_rules(game, players)
    computer = Computer(rules)
    expert = SearchPlayer(0, depth=1)  # model=2, the default
    checked = 0
    for state in random_positions(rules, seed=8, count=30):
        if state.phase != state.phase.MOVE or state.finished:
            continue
        for ranked in expert.ranking(rules, state, rules.legal_moves(state)):
            after = rules.apply_move(state, ranked.move)
            if after.is_chance and not after.finished:
                chances = computer.value_chances(after)
                assert chances is not None
                back = [computer.learned_chance(v) for v in ranked.values]
                assert back == pytest.approx(list(chances))
                checked += 1
    assert checked >= 10


@pytest.mark.parametrize("game", ["headache", "marbles"])
def test_the_hint_states_its_margin_in_chance_of_winning_where_only_the_value_is_learned(
    game: str,
) -> None:
    assert SearchPlayer().model == 2  # the expert reads the learned value by default
    rules = get_rules(game, 4)
    computer = Computer(rules)
    told = 0
    for state in random_positions(rules, seed=3, count=300)[::15]:
        if len(rules.legal_moves(state)) < 2:
            continue
        found = hint(rules, state, ms=2)
        assert "points above the next best" not in found.why  # the expert's own points
        values = [r.value for r in found.ranking]
        told += "percentage points more likely to win" in found.why
        for v in values:
            chance = computer.learned_chance(v)
            assert chance is None or 0.0 <= chance <= 1.0
    assert told >= 2


def test_pegrace_train_writes_the_weights_and_bumps_the_version_when_they_change(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "m.json"
    args = ["train", "marbles", "--games", "40", "--score-games", "4", "--out", str(out)]
    code, said, _ = run(capsys, *args)
    assert code == 0 and "marbles v1: 68 weights from 40 self-play games" in said
    written = json.loads(out.read_text())
    assert written["version"] == 1 and value.file_checksum(written) == written["sha256"]
    made_by = written["made_by"]  # which pegrace trained it, on what
    assert made_by["pegrace"] == pegrace_version() and made_by["core"] == core_build()
    assert made_by["rules_versions"]["marbles"] >= 1 and made_by["python"]
    assert made_by["command"] == "pegrace " + " ".join(args) and made_by["seed"] == 0
    assert run(capsys, *args)[0] == 0
    assert json.loads(out.read_text())["version"] == 1  # the same seed: the same weights
    assert run(capsys, *args, "--seed", "2")[0] == 0
    assert json.loads(out.read_text())["version"] == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "--games 0: train on at least 1 game"),
        (["--lambda", "1.5"], "--lambda 1.5: a λ from 0 to 1"),
        (["--rate", "0"], "--rate 0.0: a step size above 0"),
        (["--rules", "mode=war"], "no learned value to train"),
        (["--rules", "mode=peace"], "mode"),
        (["--hidden", "72"], "--hidden 72: a multiple of 8 up to 64 hidden units"),
        (["--medium-share", "1.5"], "--medium-share 1.5: a share of the seats, 0 to 1"),
        (["--medium-share", "nan"], "--medium-share nan: a share of the seats, 0 to 1"),
        (["--hidden", "12"], "--hidden 12: a multiple of 8 up to 64"),
        (["--from", "/nonexistent.json"], "cannot read weights file /nonexistent.json"),
    ],
)
def test_pegrace_train_refuses_bad_input_in_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, _, err = run(capsys, "train", "marbles", *args)
    assert code == 2 and message in err
    assert err.count("\n") == 1 and "Traceback" not in err
