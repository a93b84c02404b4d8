"""`pegrace dataset`: computer players' games as a learner sees them (pegrace.rl.dataset), each
move's observation and mask the environments' own, its action the move the record says was
played, the mover's return the game's; the same files whatever the workers; bad input refused
in one line."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from pegrace.cli import main
from pegrace.games import get_rules
from pegrace.match import run_game
from pegrace.record import replay
from pegrace.rl import dataset
from pegrace.rl.encoding import action_of, observe
from pegrace.simulate import game_seed
from pegrace.state import Phase

SEATS = ["--seat", "all=computer:medium", "--seat", "red=computer:easy"]


def shard_arrays(folder: Path) -> dict[str, np.ndarray]:
    """Every shard's arrays, joined in order."""
    described = json.loads((folder / "dataset.json").read_text())
    loaded = [np.load(folder / shard["file"]) for shard in described["shards"]]
    joined = {name: np.concatenate([shard[name] for shard in loaded]) for name in dataset.SCHEMA}
    for shard in loaded:
        shard.close()
    return joined


@pytest.mark.parametrize("game", ["trouble", "headache"])
def test_every_move_is_what_the_game_record_and_the_environments_say(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "data"
    assert main(["dataset", game, "--games", "3", "--seed", "7", *SEATS, "--out", str(out)]) == 0
    assert "3 games, " in capsys.readouterr().out
    described = json.loads((out / "dataset.json").read_text())
    assert described["format"] == "pegrace-dataset" and described["games"] == 3
    assert set(described["schema"]) == set(dataset.SCHEMA)
    assert described["made_by"]["command"].startswith(f"pegrace dataset {game}")
    arrays = shard_arrays(out)
    rules = get_rules(game, 4)
    seats = {colour: "computer:medium" for colour in rules.colours} | {"red": "computer:easy"}
    row = 0
    for index in range(3):
        result = run_game(rules, seats, game_seed(7, index))
        _, states = replay(result.record)
        returns = rules.returns(result.state)
        for before, event in zip(states, result.record.events, strict=False):
            if before.phase != Phase.MOVE:
                continue
            move = rules.parse_move(before, str(event.move))
            assert arrays["game"][row] == index and arrays["seat"][row] == before.current
            assert arrays["action"][row] == action_of(rules, before, move)
            assert np.array_equal(
                arrays["observation"][row], observe(rules, before, before.current)
            )
            assert (
                arrays["mask"][row].sum()
                == arrays["choices"][row]
                == len(rules.legal_moves(before))
            )
            assert arrays["mask"][row][arrays["action"][row]]
            assert arrays["reward"][row] == pytest.approx(returns[rules.sides[before.current]])
            assert arrays["turn"][row] == before.turn
            row += 1
    assert row == len(arrays["action"]) == sum(s["moves"] for s in described["shards"])


def test_the_same_dataset_whatever_the_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(dataset, "GAMES_PER_SHARD", 2)  # 5 games: 3 shards
    line = ["dataset", "ludo", "--games", "5", "--players", "2", *SEATS[:2]]
    assert main([*line, "--out", str(tmp_path / "one")]) == 0
    assert main([*line, "--workers", "2", "--out", str(tmp_path / "two")]) == 0
    capsys.readouterr()
    one, two = shard_arrays(tmp_path / "one"), shard_arrays(tmp_path / "two")
    assert all(np.array_equal(one[name], two[name]) for name in dataset.SCHEMA)
    assert len(json.loads((tmp_path / "two" / "dataset.json").read_text())["shards"]) == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "--games 0: play at least 1 game"),
        (["--seat", "red=human"], "dataset plays computer seats only, and these are human: red"),
        (["--workers", "0"], "--workers 0: use at least 1 worker"),
    ],
)
def test_bad_input_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["dataset", "trouble", *args, "--out", str(tmp_path / "d")]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "d").exists()


def test_an_out_that_is_a_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    taken = tmp_path / "taken"
    taken.write_text("")
    assert main(["dataset", "trouble", "--games", "1", "--out", str(taken)]) == 2
    assert str(taken) in capsys.readouterr().err
