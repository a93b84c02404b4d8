"""Learned policies as players (pegrace.policy, core/ai/policy.rs): the core plays exactly the
move a plain forward pass of the file's network rates best on the environment's ``moves``
observation; the shipped policy plays; bad files, and files for another game, are refused by
name; the web never reads one; reports record the policy."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest

from pegrace.errors import OptionError
from pegrace.games import get_rules
from pegrace.match import parse_seats
from pegrace.players import make_player
from pegrace.policy import LARGEST_FILE, SHIPPED
from pegrace.rl.encoding import action_of
from pegrace.rl.vector import VectorEnv
from pegrace.tournament import run_tournament
from pegrace.web.settings import _seat_kind, parse_settings
from test_native_players import summaries_by_core, summaries_by_python

BOARD, FEATURES = 48, 18


def random_policy(actions: int = 41, seed: int = 0, game: str = "ludo") -> dict[str, object]:
    draw = np.random.default_rng(seed)
    sizes = [BOARD + FEATURES, 16, 8, 1]
    layers = [
        {
            "weight": draw.normal(0, 0.5, (out, inp)).round(5).tolist(),
            "bias": draw.normal(0, 0.1, out).round(5).tolist(),
        }
        for inp, out in itertools.pairwise(sizes)
    ]
    return {
        "model": "pegrace policy",
        "game": game,
        "actions": actions,
        "board": BOARD,
        "features": FEATURES,
        "layers": layers,
    }


def written(tmp_path: Path, policy: object, name: str = "policy.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(policy))
    return str(path)


def forward(policy: dict[str, object], observation: np.ndarray, action: int) -> float:
    """The network's rating of ``action``: the board and the action's block, tanh between."""
    block = observation[BOARD + action * FEATURES :][:FEATURES]
    x = np.concatenate([observation[:BOARD], block]).astype(np.float64)
    layers = policy["layers"]
    assert isinstance(layers, list)
    for k, layer in enumerate(layers):
        x = np.asarray(layer["weight"]) @ x + np.asarray(layer["bias"])
        if k + 1 < len(layers):
            x = np.tanh(x)
    return float(x[0])


def test_the_core_plays_the_move_the_network_rates_best(tmp_path: Path) -> None:
    policy = random_policy()
    player = make_player(f"policy:{written(tmp_path, policy)}")
    rules = get_rules("ludo", 4, {})
    env = VectorEnv("ludo", num_envs=16, opponents="medium", observation="moves")
    observations, infos = env.reset(seed=3)
    draw, compared = np.random.default_rng(1), 0
    for _ in range(60):
        masks = infos["action_mask"]
        for i in range(env.num_envs):
            legal = np.flatnonzero(masks[i])
            if len(legal) < 2:
                continue
            ratings = {int(a): forward(policy, observations[i], int(a)) for a in legal}
            state = env.state(i)
            best = player.best(rules, state, rules.legal_moves(state))  # type: ignore[attr-defined]
            top = max(ratings.values())
            chosen = {action_of(rules, state, move) for move in best}
            assert chosen <= {a for a, r in ratings.items() if r > top - 1e-4}
            compared += 1
        actions = (masks * draw.random(masks.shape)).argmax(1)
        observations, _, _, _, infos = env.step(actions)
    assert compared > 200


def test_the_shipped_policy_plays_two_dice_ludo_in_the_core_and_in_python() -> None:
    rules = get_rules("ludo", 4, {})
    report, _ = run_tournament(rules, ["policy", "medium", "medium", "medium"], 8, 11)
    assert report["entries"][0]["player"] == "policy"
    assert report["entries"][0]["policy"]["file"] == "shipped"
    assert len(report["entries"][0]["policy"]["sha256"]) == 64
    # the same games through the Python runner (each move asked of the player) and the core
    seats = dict(zip(rules.colours, ["policy", "medium", "medium", "medium"], strict=True))
    assert summaries_by_python(rules, seats, 4, 3) == summaries_by_core(rules, seats, 4, 3)
    assert SHIPPED.stat().st_size < 200_000, "shipped small"


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda p: "not json", "not JSON"),
        (lambda p: {**p, "model": "pegrace value"}, "not a policy file"),
        (lambda p: {**p, "features": 14}, "features 14"),
        (lambda p: {**p, "layers": []}, "layers"),
        (lambda p: {**p, "board": 47}, "rows of 65 weights"),
        (lambda p: {**p, "layers": p["layers"][:2]}, "not one rating"),
    ],
)
def test_a_bad_policy_file_is_refused_by_name(tmp_path: Path, change, says: str) -> None:
    policy = change(random_policy())
    path = tmp_path / "bad.json"
    path.write_text(policy if isinstance(policy, str) else json.dumps(policy))
    with pytest.raises(OptionError, match=f"policy file {path}: .*{says}"):
        make_player(f"policy:{path}")


def test_a_policy_with_a_number_that_is_not_finite_is_refused(tmp_path: Path) -> None:
    text = json.dumps(random_policy()).replace("[[", "[[NaN, ", 1)
    path = tmp_path / "nan.json"
    path.write_text(text)
    with pytest.raises(OptionError, match="policy file"):
        make_player(f"policy:{path}")


def test_a_policy_for_another_game_is_refused(tmp_path: Path) -> None:
    spec = f"policy:{written(tmp_path, random_policy())}"
    trouble = get_rules("trouble", 4, {})
    with pytest.raises(OptionError, match="a policy for ludo with 41 actions, not for trouble"):
        run_tournament(trouble, [spec, "medium", "medium", "medium"], 4, 1)
    with pytest.raises(OptionError, match="cannot read policy file"):
        make_player(f"policy:{tmp_path / 'missing.json'}")


def test_a_policy_for_a_one_die_game_plays_it(tmp_path: Path) -> None:
    spec = f"policy:{written(tmp_path, random_policy(actions=9, game='trouble'))}"
    rules = get_rules("trouble", 4, {})
    report, _ = run_tournament(rules, [spec, "random", "random", "random"], 8, 2)
    assert sum(e["wins"] for e in report["entries"]) == 8


def test_a_seat_the_policy_cannot_play_is_refused_before_the_game() -> None:
    seats = {"game": "trouble", "seats": {"red": "human", "green": "computer:policy"}}
    with pytest.raises(OptionError, match=r"seat green: .*a policy for ludo with 41 actions"):
        parse_settings(seats)
    with pytest.raises(OptionError, match=r"seat green: .*not for trouble"):
        parse_seats(get_rules("trouble", 2, {}), ["green=policy"], "human")
    ludo = {"game": "ludo", "seats": {"red": "human", "yellow": "computer:policy"}}
    assert parse_settings(ludo)[0].seats["yellow"] == "computer:policy"


def test_a_web_seat_never_names_a_policy_file() -> None:
    with pytest.raises(OptionError, match="read no file"):
        _seat_kind("policy:/etc/passwd", "red", "policy:/etc/passwd")


def test_what_a_policy_file_says_of_itself_holds_no_control_character(tmp_path: Path) -> None:
    """Its game and who trained it are shown in reports: an escape sequence there would write
    to the reader's terminal."""
    path = written(tmp_path, {**random_policy(), "trained": "ppo \x1b]0;owned\x07"})
    with pytest.raises(OptionError) as refused:
        make_player(f"policy:{path}")
    assert str(refused.value) == (
        f"policy file {path}: trained holds a control character (U+001B): not read"
    )


def test_a_policy_file_larger_than_a_policy_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(LARGEST_FILE + 1)  # sparse: nothing written, nothing to read
    with pytest.raises(OptionError) as refused:
        make_player(f"policy:{path}")
    assert str(refused.value) == f"policy file {path} is larger than 4000000 bytes: not read"
