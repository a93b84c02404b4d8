"""A simulation stopped part way keeps the games it finished (``--out DIR``,
``DIR/partial.jsonl``, as a tournament does: pegrace.kept), and ``--resume`` plays on to the
very report, text and JSON, that the whole run makes; kept games damaged, or of another run,
are refused naming the file and the line, never taken into a report."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pegrace import tournament
from pegrace.cli import main
from pegrace.games import get_rules
from pegrace.kept import PARTIAL
from pegrace.provenance import core_build, pegrace_version
from reports import without_command
from stopping import count_games, stop_after
from test_cli import run_apart
from test_readers import garble, mutate

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
        stop_after(patch, batches)
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
    played = count_games(monkeypatch)
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


def stopped_mid_batch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> str:
    """The whole run's report; its kept games stopped after two batches, half of the third
    written."""
    assert main([*RUN, "--json"]) == 0
    whole = without_command(capsys.readouterr().out)
    stop(monkeypatch, tmp_path, 2)
    with (tmp_path / PARTIAL).open("a") as out:
        out.write('{"seed": 3, "first": 6, "games": [[[1, 2], 30, 4')  # a half-written batch
    return whole


def test_a_batch_cut_off_as_the_run_stopped_is_played_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = stopped_mid_batch(tmp_path, monkeypatch, capsys)
    capsys.readouterr()
    played = count_games(monkeypatch)
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


# ---------------------------------------------------------------- kept games damaged or mixed


Batches = list[dict[str, Any]]


def kept(folder: Path) -> tuple[str, Batches]:
    """The kept file's settings line and its batches."""
    header, *batches = (folder / PARTIAL).read_text().splitlines()
    return header, [json.loads(batch) for batch in batches]


def with_game(batches: Batches, field: int, found: Any) -> list[str]:
    """The batches with field ``field`` of game 3 (the second batch's first) set to ``found``."""
    batches[1]["games"][0][field] = found
    return [json.dumps(batch) for batch in batches]


def with_batch(batches: Batches, key: str, found: Any) -> list[str]:
    """The batches with the second one's ``key`` set to ``found``."""
    batches[1][key] = found
    return [json.dumps(batch) for batch in batches]


def another_seeds(ours: Batches, theirs: Batches) -> list[str]:
    return [json.dumps(batch) for batch in theirs]


def forty_copies_of_a_batch(ours: Batches, theirs: Batches) -> list[str]:
    return [json.dumps(ours[0])] * 40


def nan_turns(ours: Batches, theirs: Batches) -> list[str]:
    return with_game(ours, 1, float("nan"))  # json.dumps writes NaN


def more_games_than_the_run_plays(ours: Batches, theirs: Batches) -> list[str]:
    extra = {"seed": 3, "first": 9, "games": ours[0]["games"] * 20}
    return [json.dumps(batch) for batch in [*ours, extra]]


def a_batch_missing(ours: Batches, theirs: Batches) -> list[str]:
    return [json.dumps(ours[0]), json.dumps(ours[2])]


def a_damaged_line_before_others(ours: Batches, theirs: Batches) -> list[str]:
    return [json.dumps(ours[0]), '{"seed": 3, "fir', json.dumps(ours[2])]


def as_an_older_pegrace_kept_them(ours: Batches, theirs: Batches) -> list[str]:
    return [json.dumps(batch["games"]) for batch in ours]


GAME_3 = "line 3: game 3"
TAMPERED = [
    (another_seeds, "line 2: games of seed 4, not this run's 3"),
    (forty_copies_of_a_batch, "line 3: game 0 is kept twice (games 0 to 2 came before)"),
    (nan_turns, "line 3 is not valid JSON: NaN is not a JSON number"),
    (more_games_than_the_run_plays, "line 5: 69 games kept, the run plays 60"),
    (a_batch_missing, "line 3: games 3 to 5 are missing"),
    (a_damaged_line_before_others, "line 3 is not valid JSON: "),
    (as_an_older_pegrace_kept_them, 'line 2 is not a batch of kept games ({"seed", "first"'),
    (lambda ours, _: with_game(ours, 0, "x"), f"{GAME_3}: its places are not a list of 2"),
    (lambda ours, _: with_game(ours, 0, [1, 2, 1]), f"{GAME_3}: its places are not a list of 2"),
    (lambda ours, _: with_game(ours, 0, [1, 3]), f"{GAME_3}: a place must be a whole number 1..2"),
    (lambda ours, _: with_game(ours, 0, [True, 2]), f"{GAME_3}: a place must be a whole number"),
    (lambda ours, _: with_game(ours, 1, "30"), f"{GAME_3}: its turns must be a whole number"),
    (lambda ours, _: with_game(ours, 1, -1), f"{GAME_3}: its turns must be a whole number 0.."),
    (lambda ours, _: with_game(ours, 1, 30.5), f"{GAME_3}: its turns must be a whole number"),
    (lambda ours, _: with_game(ours, 2, 2**40), f"{GAME_3}: its rolls must be a whole number"),
    (lambda ours, _: with_game(ours, 3, 2), f"{GAME_3}: its starting seat must be a whole number"),
    (lambda ours, _: with_game(ours, 4, "x"), f"{GAME_3}: its captures must be a whole number"),
    (lambda ours, _: with_game(ours, 6, 2), f"{GAME_3}: whether the half-time leader won is not"),
    (lambda ours, _: with_batch(ours, "games", [[[1, 2], 30]]), f"{GAME_3} is not a kept game"),
    (lambda ours, _: with_batch(ours, "games", []), "line 3: its games are not a list of games"),
    (lambda ours, _: with_batch(ours, "games", {}), "line 3: its games are not a list of games"),
    (lambda ours, _: with_batch(ours, "first", "3"), "line 3: its first game '3' is not a game's"),
    (lambda ours, _: with_batch(ours, "seed", "3"), "line 3: games of seed '3', not this run's 3"),
    (lambda ours, _: with_batch(ours, "seed", "\x1b[2J"), "line 3: seed holds a control character"),
]


@pytest.mark.parametrize(
    ("tamper", "problem"), TAMPERED, ids=[f"{i}:{p[:24]}" for i, (_, p) in enumerate(TAMPERED)]
)
def test_resume_refuses_kept_games_damaged_or_of_another_run_naming_the_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tamper: Callable[[Batches, Batches], list[str]],
    problem: str,
) -> None:
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    stop(monkeypatch, ours, 3)
    stop(monkeypatch, theirs, 1, "--seed", "4")
    header, batches = kept(ours)
    text = "\n".join([header, *tamper(batches, kept(theirs)[1])]) + "\n"
    (ours / PARTIAL).write_text(text)
    capsys.readouterr()
    assert main([*RUN, "--out", str(ours), "--resume"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"pegrace: error: --resume: {ours / PARTIAL} {problem}"), err
    assert err.count("\n") == 1
    assert (ours / PARTIAL).read_text() == text  # left as it was
    assert not (ours / "results.json").exists()


def test_kept_games_however_damaged_never_end_in_a_traceback_or_a_wrong_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stop(monkeypatch, tmp_path, 3)
    header, *batches = (tmp_path / PARTIAL).read_bytes().splitlines()
    rng = random.Random("kept games")
    refused = 0
    for _ in range(60):
        lines = list(batches)
        at = rng.randrange(len(lines))
        damage = rng.random()
        if damage < 0.7:
            lines[at] = json.dumps(mutate(rng, json.loads(lines[at]))).encode()
        elif damage < 0.9:
            lines[at] = garble(rng, lines[at].decode())
        else:
            lines.insert(at, lines[rng.randrange(len(lines))])  # a batch twice
        (tmp_path / PARTIAL).write_bytes(b"\n".join([header, *lines]) + b"\n")
        capsys.readouterr()
        code = main([*RUN, "--out", str(tmp_path), "--resume", "--json"])
        out, err = capsys.readouterr()
        assert code in (0, 2), err
        if code == 2:
            refused += 1
            assert err.startswith("pegrace: error: --resume: ") and err.count("\n") == 1, err
        else:
            report = json.loads(out)
            assert report["games"] == 60
            assert sum(seat["wins"] for seat in report["seats"]) == 60
    assert refused > 30  # most damage is seen


def test_a_batch_cut_off_is_cut_from_the_file_so_the_next_batch_has_a_line_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = stopped_mid_batch(tmp_path, monkeypatch, capsys)
    stop(monkeypatch, tmp_path, 1, "--resume")  # resumed, and stopped again after a batch
    _, batches = kept(tmp_path)
    assert [batch["first"] for batch in batches] == [0, 3, 6]
    capsys.readouterr()
    assert main([*RUN, "--out", str(tmp_path), "--resume", "--json"]) == 0
    assert without_command(capsys.readouterr().out) == whole


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_the_kept_games_place_is_refused_without_waiting(tmp_path: Path) -> None:
    """Read (--resume), it would wait for a writer for ever; written (a new run), for a reader."""
    fifo = tmp_path / PARTIAL
    os.mkfifo(fifo)
    code, out, err = run_apart(*RUN, "--out", str(tmp_path), "--resume")
    said = f"--resume file {fifo} is a FIFO (named pipe), not a regular file: not read"
    assert (code, out, err) == (2, "", f"pegrace: error: {said}\n")
    code, out, err = run_apart(*RUN, "--out", str(tmp_path))
    assert (code, out, err) == (2, "", f"pegrace: error: --out {fifo}: not a regular file\n")


def test_resume_refuses_a_run_kept_by_another_pegrace_naming_both(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Another commit or another core could play other games from the same seeds: a run kept
    by one is never played on by another, in one line that names both."""
    stop(monkeypatch, tmp_path, 1)
    capsys.readouterr()
    header, *rest = (tmp_path / PARTIAL).read_text().splitlines(keepends=True)
    said = json.loads(header)
    mine = said["settings"]["pegrace"]
    assert mine == pegrace_version() and said["settings"]["core"] == core_build()["source"]
    said["settings"]["pegrace"] = "0.1.0+g0123456789ab"
    (tmp_path / PARTIAL).write_text(json.dumps(said) + "\n" + "".join(rest))
    assert main([*RUN, "--out", str(tmp_path), "--resume"]) == 2
    err = capsys.readouterr().err
    assert f'pegrace "0.1.0+g0123456789ab" (this run: "{mine}")' in err
    assert len(err.strip().splitlines()) == 1
