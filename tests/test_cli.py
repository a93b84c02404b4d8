"""The pegrace command: every subcommand, and one-line errors for bad input."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from pegrace.cli import main
from pegrace.record import Record, replay


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def answers(monkeypatch: pytest.MonkeyPatch, replies: list[str]) -> list[str]:
    """Feed ``input()``; records every prompt shown."""
    prompts: list[str] = []
    feed: Iterator[str] = iter(replies)

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)
    return prompts


def test_rules_lists_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "trouble")
    assert code == 0
    for option in ("turn_order", "voluntary_pass", "six_bonus", "three_sixes", "finish",
                   "play_on", "two_sets"):  # fmt: skip
        assert f"  {option}=" in out


def test_simulate_reports_and_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "trouble", "--games", "40", "--seed", "5", "--json",
            "--rules", "play_on=off"]  # fmt: skip
    code, out, _ = run(capsys, *args)
    assert code == 0
    report = json.loads(out)
    assert report["games"] == 40
    assert sum(seat["wins"] for seat in report["seats"]) == 40
    assert {"mean", "median"} <= set(report["turns"]) and report["rolls"]["mean"] > 0
    assert json.loads(run(capsys, *args, "--workers", "2")[1]) == report


def test_simulate_text_report_and_records(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["simulate", "trouble", "--games", "3", "--players", "2",
            "--seat", "red=computer:heuristic", "--record-dir", str(tmp_path)]  # fmt: skip
    code, out, _ = run(capsys, *args)
    assert code == 0
    assert "win rate" in out and "95% CI" in out and "finishing places" in out
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 3
    _, states = replay(Record.load(records[0]))
    assert states[-1].is_over


def test_play_all_computer_writes_a_record_that_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    code, out, _ = run(capsys, "play", "--seat", "all=computer:random", "--fast",
                       "--seed", "4", "--record", str(path))  # fmt: skip
    assert code == 0
    assert "Roll-off: red" in out and "Game over" in out
    code, out, _ = run(capsys, "replay", str(path), "--final")
    assert code == 0 and "places: 1." in out


def test_human_play_by_numbers_then_quit_keeps_the_record(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "partial.json"
    prompts = answers(monkeypatch, [""] * 12 + ["9", "1"] + [""] * 5 + ["q"])
    code, out, _ = run(capsys, "play", "trouble", "--players", "2", "--seat", "red=human",
                       "--seat", "green=computer:random", "--fast", "--seed", "11",
                       "--record", str(path))  # fmt: skip
    assert code == 0
    assert any("press Enter to pop" in p for p in prompts)
    assert "Game stopped." in out
    record = Record.load(path)
    _, states = replay(record)  # the partial game replays
    assert len(states) == len(record.events) + 1


def test_moves_lists_legal_moves_of_a_state_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    state = tmp_path / "state.json"
    state.write_text(json.dumps({"pieces": {"red": ["track:3", "home", "home", "home"],
                                            "green": ["home"] * 4}}))  # fmt: skip
    (tmp_path / "s.json").write_text(json.dumps({"game": "trouble", "pieces": {
        "red": ["track:3", "home", "home", "home"], "green": ["home"] * 4}}))  # fmt: skip
    code, out, _ = run(capsys, "moves", "trouble", "--state", str(tmp_path / "s.json"),
                       "--roll", "6", "--json")  # fmt: skip
    assert code == 0
    assert {m["move"] for m in json.loads(out)["moves"]} == {
        "track:3>track:9", "home>track:0", "pass"}  # fmt: skip
    code, out, _ = run(capsys, "moves", "trouble", "--state", str(state), "--roll", "2")
    assert code == 0 and "track:3>track:5" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rules", "chess"], "unknown game 'chess'"),
        (["simulate", "trouble", "--rules", "finish=sideways"], "finish='sideways'"),
        (["simulate", "trouble", "--rules", "nonsense"], "write KEY=VALUE"),
        (["simulate", "trouble", "--seat", "red=wizard"], "unknown player 'wizard'"),
        (["simulate", "trouble", "--seat", "red=human"], "computer seats only"),
        (["simulate", "trouble", "--players", "7"], "2 to 4 players, not 7"),
        (["simulate", "trouble", "--games", "0"], "at least 1 game"),
        (["moves", "trouble", "--state", "missing.json", "--roll", "3"], "cannot read state"),
        (["replay", "missing.json"], "cannot read record"),
        (["play", "--players", "three"], "invalid int value"),
    ],
)
def test_bad_input_is_one_line_naming_the_problem(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, _, err = run(capsys, *args)
    assert code == 2
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize(
    ("content", "roll", "message"),
    [
        ("{not json", "3", "not valid JSON"),
        ('{"pieces": {"red": ["track:3","track:3","home","home"], "green": ["home","home",'
         '"home","home"]}}', "3", "two red pieces on track:3"),
        ('{"pieces": {"red": ["home","home","home","home"], "green": ["home","home","home",'
         '"home"]}}', "7", "roll '7' is not a d6 roll"),
        ('{"pieces": {"red": ["home"]}, "colour": "red"}', "3", "unknown state key(s): colour"),
        ('{"game": "trouble", "pieces": []}', "3", 'a state needs "pieces"'),
    ],
)  # fmt: skip
def test_bad_state_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, roll: str, message: str
) -> None:
    path = tmp_path / "state.json"
    path.write_text(content)
    code, _, err = run(capsys, "moves", "trouble", "--state", str(path), "--roll", roll)
    assert code == 2 and message in err and err.count("\n") == 1


def test_bad_record_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    code, _, _ = run(capsys, "play", "--seat", "all=computer:random", "--fast", "--seed", "2",
                     "--record", str(path))  # fmt: skip
    data = json.loads(path.read_text())
    data["events"][10]["roll"] = 9
    path.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "event 11" in err and "not a d6 roll" in err
    path.write_text('{"format": "something-else"}')
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "not a pegrace record" in err


def test_bench_reports_games_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", "trouble", "--games", "2", "--runs", "1", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["engine"]["games_per_second"] > 0 and report["full"]["moves_per_second"] > 0
    assert 400 < report["native"]["moves_per_game"] < 800  # 200 games of the core's
    code, out, _ = run(
        capsys, "bench", "ludo", "--variant", "ludopy", "--games", "2", "--runs", "1"
    )
    assert code == 0 and "native" in out and "x the engine's games a second" in out


def test_bench_times_a_computer_players_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("bench", "marbles", "--player", "hard:depth=1", "--games", "2", "--json")
    code, out, _ = run(capsys, *args)
    assert code == 0
    report = json.loads(out)
    assert report["player"] == "hard:depth=1" and report["decisions"] > 0
    assert 0 < report["ms"]["p50"] <= report["ms"]["p95"] <= report["ms"]["max"]
    assert report["mean_depth"] == 1
    code, _, err = run(capsys, "bench", "marbles", "--player", "wizard")
    assert code == 2 and "unknown player 'wizard'" in err


def test_a_reader_that_goes_away_ends_the_output_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class ClosedPipe:
        def write(self, text: str) -> int:
            raise BrokenPipeError

        def flush(self) -> None:
            raise BrokenPipeError

    monkeypatch.setattr("sys.stdout", ClosedPipe())
    assert main(["rules", "trouble"]) == 0


def test_play_without_seats_seats_you_as_the_first_colour_against_medium(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    prompts = answers(monkeypatch, ["q"])
    code, out, _ = run(capsys, "play", "--fast", "--seed", "3")
    assert code == 0
    assert "Trouble: red (you), yellow (medium), green (medium), blue (medium)" in out
    assert prompts and "red (you)" in prompts[0]
    assert "Game stopped." in out


def test_play_two_sets_without_seats_gives_you_both_colours_of_your_side(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers(monkeypatch, ["q"])
    code, out, _ = run(capsys, "play", "--players", "2", "--rules", "two_sets=on", "--fast")
    assert code == 0
    assert "red (you), yellow (medium), green (you), blue (medium)" in out


def test_a_speed_that_is_not_one_of_the_paces_is_refused_by_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "play", "--speed", "warp")
    assert code == 2 and out == ""  # nothing played
    assert "--speed: invalid choice: 'warp'" in err and "slow" in err
