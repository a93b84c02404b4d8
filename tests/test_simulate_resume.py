"""A simulation stopped part way keeps the games it finished (``--out DIR``,
``DIR/partial.jsonl``, as a tournament does: pegrace.kept), and ``--resume`` plays on to the
very report, text and JSON, that the whole run makes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pegrace import simulate, tournament
from pegrace.cli import main
from pegrace.games import get_rules
from pegrace.kept import PARTIAL
from reports import without_command
from stopping import count_games, stop_after

RUN = [
    "simulate",
    "trouble",
    "--players",
    "2",
    "--games",
    "60",
    "--seed",
    "3",
    "--seat",
    "red=computer:easy",
]


def without_made_by(text: str) -> list[str]:
    """A text report's lines but the one naming the command line that made it."""
    return [line for line in text.splitlines() if not line.startswith("made by: ")]


def stop(monkeypatch: pytest.MonkeyPatch, folder: Path, batches: int, *more: str) -> None:
    with monkeypatch.context() as patch:
        stop_after(patch, simulate, batches)
        assert main([*RUN, *more, "--out", str(folder)]) == 130


def test_a_stopped_run_resumed_makes_the_whole_runs_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    whole, stopped = tmp_path / "whole", tmp_path / "stopped"
    assert main([*RUN, "--out", str(whole), "--json"]) == 0
    printed = without_command(capsys.readouterr().out)
    assert without_command((whole / "results.json").read_text()) == printed
    assert not (whole / PARTIAL).exists()  # gone once the report is written

    stop(monkeypatch, stopped, 3, "--json")
    header, *batches = (stopped / PARTIAL).read_text().splitlines()
    said = json.loads(header)
    assert "--resume plays on" in said["partial"]
    assert said["settings"]["seats"] == {"red": "computer:easy", "green": "computer:random"}
    assert len(batches) == 3 and not (stopped / "results.json").exists()

    capsys.readouterr()
    played = count_games(monkeypatch, simulate)
    assert main([*RUN, "--out", str(stopped), "--resume", "--json"]) == 0
    assert without_command(capsys.readouterr().out) == printed
    assert without_command((stopped / "results.json").read_text()) == printed
    assert played == [(9, 51)]  # from game 9 on: the 3 kept batches of 3 are not played again
    assert not (stopped / PARTIAL).exists()


def test_the_text_report_resumed_is_the_whole_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(RUN) == 0  # no --out: nothing kept, the same games
    whole = capsys.readouterr().out
    stop(monkeypatch, tmp_path, 5)
    capsys.readouterr()
    assert main([*RUN, "--out", str(tmp_path), "--resume"]) == 0
    resumed = capsys.readouterr().out
    assert without_made_by(resumed) == without_made_by(whole)
    assert "--resume" in resumed  # the command line is the one line told apart


def test_a_batch_cut_off_as_the_run_stopped_is_played_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*RUN, "--json"]) == 0
    whole = without_command(capsys.readouterr().out)
    stop(monkeypatch, tmp_path, 2)
    with (tmp_path / PARTIAL).open("a") as out:
        out.write("[[[1, 2], 30, 4")  # a half-written last batch
    capsys.readouterr()
    played = count_games(monkeypatch, simulate)
    assert main([*RUN, "--out", str(tmp_path), "--resume", "--json"]) == 0
    assert without_command(capsys.readouterr().out) == whole
    assert played == [(6, 54)]


@pytest.mark.parametrize(
    ("other", "difference"),
    [
        (["--seed", "4"], "seed 3 (this run: 4)"),
        (["--games", "80"], "games 60 (this run: 80)"),
        (
            ["--seat", "green=computer:medium"],
            'seats.green "computer:random" (this run: "computer:medium")',
        ),
        (["--rules", "finish=deepest-first"], 'options.finish "exact" (this run: "deepest-first")'),
    ],
)
def test_resume_refuses_another_runs_games_naming_the_difference(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    other: list[str],
    difference: str,
) -> None:
    stop(monkeypatch, tmp_path, 1)
    capsys.readouterr()
    assert main([*RUN, *other, "--out", str(tmp_path), "--resume"]) == 2
    err = capsys.readouterr().err
    assert f"{tmp_path / PARTIAL} was made by another run: {difference}" in err
    assert len(err.strip().splitlines()) == 1
    assert (tmp_path / PARTIAL).exists()  # left as it was, for the run that made it


def test_resume_refuses_a_tournaments_games_or_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*RUN, "--resume"]) == 2
    assert "--resume reads the games a run kept in its --out DIR" in capsys.readouterr().err
    assert main([*RUN, "--out", str(tmp_path / "none"), "--resume"]) == 2
    assert "does not exist: no stopped run to resume" in capsys.readouterr().err
    (tmp_path / PARTIAL).write_text("[1]\n")
    assert main([*RUN, "--out", str(tmp_path), "--resume"]) == 2
    assert "is not a stopped run's games" in capsys.readouterr().err
    rules = get_rules("trouble", 2, {})
    settings = tournament.kept_settings(rules, ["easy", "random"], 60, 3)  # a tournament's
    (tmp_path / PARTIAL).write_text(json.dumps({"partial": "", "settings": settings}) + "\n")
    assert main([*RUN, "--out", str(tmp_path), "--resume"]) == 2
    assert 'lineup ["easy", "random"] (this run: none)' in capsys.readouterr().err
