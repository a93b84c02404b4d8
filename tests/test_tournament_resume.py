"""A tournament stopped part way keeps the games it finished (``--out DIR``,
``DIR/partial.jsonl``), and ``--resume`` plays on to the very report the whole run makes."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from pegrace import tournament
from pegrace.cli import main
from pegrace.errors import OptionError
from pegrace.games import get_rules
from pegrace.kept import PARTIAL
from reports import without_command
from stopping import count_games, stop_after
from test_cli import raised_apart

RUN = [
    "tournament",
    "trouble",
    "--player",
    "random",
    "--player",
    "easy",
    "--games",
    "60",
    "--seed",
    "3",
]


def results(folder: Path) -> dict[str, Any]:
    return without_command((folder / "results.json").read_text())


def test_a_stopped_run_resumed_makes_the_whole_runs_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    whole, stopped = tmp_path / "whole", tmp_path / "stopped"
    assert main([*RUN, "--out", str(whole)]) == 0
    assert not (whole / PARTIAL).exists()  # gone once the report is written

    with monkeypatch.context() as patch:
        stop_after(patch, batches=3)
        assert main([*RUN, "--out", str(stopped)]) == 130
    header, *batches = (stopped / PARTIAL).read_text().splitlines()
    assert "--resume plays on" in json.loads(header)["partial"]
    assert len(batches) == 3 and not (stopped / "results.json").exists()

    capsys.readouterr()
    played = count_games(monkeypatch)
    assert main([*RUN, "--out", str(stopped), "--resume"]) == 0
    assert results(stopped) == results(whole)
    assert played == [(9, 51)]  # from game 9 on: the 3 kept batches of 3 are not played again
    assert not (stopped / PARTIAL).exists()


def test_resume_refuses_another_runs_games_or_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "run"
    with monkeypatch.context() as patch:
        stop_after(patch, batches=1)
        assert main([*RUN, "--out", str(folder)]) == 130
    capsys.readouterr()
    other_seed = [*RUN[:-1], "4", "--out", str(folder), "--resume"]
    assert main(other_seed) == 2
    assert "was made by another run" in capsys.readouterr().err
    assert main([*RUN, "--resume"]) == 2
    assert "--resume reads the games a run kept in its --out DIR" in capsys.readouterr().err
    assert main([*RUN, "--out", str(tmp_path / "none"), "--resume"]) == 2
    assert "does not exist: no stopped run to resume" in capsys.readouterr().err
    (folder / PARTIAL).write_text("not json\n")
    assert main([*RUN, "--out", str(folder), "--resume"]) == 2
    assert "is not a stopped run's games" in capsys.readouterr().err


def test_a_batch_cut_off_as_the_run_stopped_is_played_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole, stopped = tmp_path / "whole", tmp_path / "stopped"
    assert main([*RUN, "--out", str(whole)]) == 0
    with monkeypatch.context() as patch:
        stop_after(patch, batches=2)
        main([*RUN, "--out", str(stopped)])
    with (stopped / PARTIAL).open("a") as out:
        out.write("[[[1, 2], 30, 4")  # a half-written last batch
    assert main([*RUN, "--out", str(stopped), "--resume"]) == 0
    assert results(stopped) == results(whole)


# the first entry's win rate is tested (SPRT): H0 is accepted after 478 games, in the 4th batch
# (the batches grow: 32, 64, 128, 256, 256 games of a line-up of 2)
UNTIL = [
    "tournament",
    "trouble",
    "--player",
    "easy",
    "--player",
    "random",
    "--games",
    "4000",
    "--seed",
    "3",
    "--until-decided",
    "0.58,0.66",
]


def test_a_stopped_run_until_decided_resumed_decides_at_the_same_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    whole, stopped = tmp_path / "whole", tmp_path / "stopped"
    assert main([*UNTIL, "--out", str(whole)]) == 0
    decided = results(whole)["sequential"]
    assert (decided["decision"], decided["games"]) == ("H0", 478)
    assert not (whole / PARTIAL).exists()

    with monkeypatch.context() as patch:
        stop_after(patch, batches=3)
        assert main([*UNTIL, "--out", str(stopped)]) == 130
    header, *batches = (stopped / PARTIAL).read_text().splitlines()
    assert json.loads(header)["settings"]["until_decided"]["p0"] == 0.58
    assert [len(json.loads(batch)["games"]) for batch in batches] == [32, 64, 128]

    capsys.readouterr()
    played = count_games(monkeypatch)
    assert main([*UNTIL, "--out", str(stopped), "--resume", "--json"]) == 0
    printed = without_command(capsys.readouterr().out)
    assert results(stopped) == results(whole)  # the same decision after the same 478 games
    assert printed == {key: v for key, v in results(whole).items() if key != "game_results"}
    assert played[0][0] == 224  # the 3 kept batches are not played again
    assert not (stopped / PARTIAL).exists()


def test_a_run_until_decided_stopped_after_its_decision_is_not_played_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stopped as it writes its report: the games kept reach past the decision; the resumed
    run decides from them alone."""
    whole, stopped = tmp_path / "whole", tmp_path / "stopped"
    assert main([*UNTIL, "--out", str(whole)]) == 0

    def stop(*args: Any) -> None:
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        patch.setattr(tournament, "write_outputs", stop)
        assert main([*UNTIL, "--out", str(stopped)]) == 130
    played = count_games(monkeypatch)
    assert main([*UNTIL, "--out", str(stopped), "--resume"]) == 0
    assert played == [] and results(stopped) == results(whole)


def test_resume_refuses_a_run_of_another_test_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "run"
    with monkeypatch.context() as patch:
        stop_after(patch, batches=1)
        assert main([*UNTIL, "--out", str(folder)]) == 130
    capsys.readouterr()
    other = [*UNTIL[:-1], "0.58,0.70", "--out", str(folder), "--resume"]
    assert main(other) == 2
    err = capsys.readouterr().err
    assert "was made by another run: until_decided.p1 0.66 (this run: 0.7)" in err
    assert len(err.strip().splitlines()) == 1
    untested = [*UNTIL[:-2], "--out", str(folder), "--resume"]
    assert main(untested) == 2
    assert "until_decided {" in capsys.readouterr().err  # kept by a test; this run has none


def test_resume_refuses_another_seeds_games_or_a_batch_twice_naming_the_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    for folder, seed in ((ours, "3"), (theirs, "4")):
        with monkeypatch.context() as patch:
            stop_after(patch, batches=2)
            assert main([*RUN[:-1], seed, "--out", str(folder)]) == 130
    header, *batches = (ours / PARTIAL).read_text().splitlines()
    other_seeds = (theirs / PARTIAL).read_text().splitlines()[1:]
    for lines, problem in [
        ([batches[0], other_seeds[1]], "line 3: games of seed 4, not this run's 3"),
        ([*batches, *batches], "line 4: game 0 is kept twice (games 0 to 5 came before)"),
        ([*batches, *batches, *batches] * 20, "line 4: game 0 is kept twice"),
    ]:
        (ours / PARTIAL).write_text("\n".join([header, *lines]) + "\n")
        capsys.readouterr()
        assert main([*RUN, "--out", str(ours), "--resume"]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"pegrace: error: --resume: {ours / PARTIAL} {problem}"), err
        assert err.count("\n") == 1 and not (ours / "results.json").exists()


def test_resume_until_decided_refuses_more_games_than_its_cap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with monkeypatch.context() as patch:
        stop_after(patch, batches=1)
        assert main([*UNTIL, "--out", str(tmp_path)]) == 130
    header, batch = (tmp_path / PARTIAL).read_text().splitlines()
    games = json.loads(batch)["games"]
    past_the_cap = {"seed": 3, "first": 32, "games": games * 125}  # 4,032 games in all
    (tmp_path / PARTIAL).write_text(f"{header}\n{batch}\n{json.dumps(past_the_cap)}\n")
    capsys.readouterr()
    assert main([*UNTIL, "--out", str(tmp_path), "--resume"]) == 2
    err = capsys.readouterr().err
    said = f"--resume: {tmp_path / PARTIAL} line 3: 4032 games kept, the run plays 4000"
    assert err == f"pegrace: error: {said}\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_kept_lines_results_are_read_only_from_a_regular_file(tmp_path: Path) -> None:
    rules = get_rules("trouble", 2, {})
    settings = tournament.kept_settings(rules, ["easy", "random"], 4, 9)
    fifo = tmp_path / "results.json"
    os.mkfifo(fifo)
    raised = raised_apart(lambda: tournament.read_kept(fifo, settings))
    assert isinstance(raised, OptionError)
    said = f"tournament results {fifo} is a FIFO (named pipe), not a regular file: not read"
    assert str(raised) == said
    fifo.unlink()
    fifo.write_text("[1, 2]")
    with pytest.raises(OptionError, match=r"results.json is not a tournament's results"):
        tournament.read_kept(fifo, settings)
