"""The pegrace command: every subcommand, and one-line errors for bad input."""

from __future__ import annotations

import argparse
import importlib
import itertools
import json
import os
import pkgutil
import subprocess
import sys
import threading
import time
import tracemalloc
from collections.abc import Callable, Iterator
from importlib.metadata import version
from pathlib import Path
from typing import NoReturn

import pytest

import pegrace.commands
from pegrace.cli import COMMANDS, main, make_parser
from pegrace.games import rules_class
from pegrace.provenance import core_build, pegrace_version
from pegrace.record import Record, replay
from reports import without_command


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


# the longest a command run apart may take: only a guard against one that never ends (a FIFO
# read waits for a writer for ever), far above what any of them takes
HANG_GUARD_SECONDS = 300


def run_apart(*args: str) -> tuple[int, str, str]:
    """The command run in a process of its own, killed (failing the test) if it never ends:
    for what could hang the test's own process."""
    done = subprocess.run(
        [sys.executable, "-m", "pegrace.cli", *args],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=HANG_GUARD_SECONDS,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr


def raised_apart(call: Callable[[], object]) -> BaseException | None:
    """What ``call`` raised (None: nothing), called in a thread of its own that the test gives
    up on (failing) if it never ends: a daemon, so that it cannot hold the tests' process."""
    raised: list[BaseException | None] = []

    def guarded() -> None:
        try:
            call()
        except BaseException as err:  # handed to the test, whatever it is
            raised.append(err)
        else:
            raised.append(None)

    thread = threading.Thread(target=guarded, daemon=True)
    thread.start()
    thread.join(HANG_GUARD_SECONDS)
    assert raised, f"still waiting after {HANG_GUARD_SECONDS} s"
    return raised[0]


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
    for option in (
        "turn_order",
        "voluntary_pass",
        "six_bonus",
        "three_sixes",
        "finish",
        "play_on",
        "two_sets",
    ):
        assert f"  {option}=" in out
    for option in rules_class("trouble").option_specs:  # and what each of its values does
        for value, words in option.choices_help.items():
            assert f"        {value}: {words}\n" in out
    assert "        deepest-first: " in out
    settings = [
        line
        for line in out.splitlines()
        if line.startswith("  ") and "=" in line[:30] and not line.startswith("      ")
    ]
    assert len({line.index("(") for line in settings}) == 1  # the values in one column


def test_simulate_reports_and_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "trouble", "--games", "40", "--seed", "5", "--json"]
    args += ["--rules", "play_on=off"]
    code, out, _ = run(capsys, *args)
    assert code == 0
    report = json.loads(out)
    assert report["games"] == 40
    assert sum(seat["wins"] for seat in report["seats"]) == 40
    assert {"mean", "median"} <= set(report["turns"]) and report["rolls"]["mean"] > 0
    assert without_command(run(capsys, *args, "--workers", "2")[1]) == without_command(out)


def test_simulate_text_report_and_records(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["simulate", "trouble", "--games", "3", "--players", "2"]
    args += ["--seat", "red=computer:heuristic", "--record-dir", str(tmp_path)]
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
    play = ["play", "--seat", "all=computer:random", "--fast", "--seed", "4", "--record"]
    code, out, _ = run(capsys, *play, str(path))
    assert code == 0
    assert "Roll-off: Red" in out and "Game over" in out
    code, out, _ = run(capsys, "replay", str(path), "--final")
    assert code == 0 and "places: 1." in out


def test_human_play_by_numbers_then_quit_keeps_the_record(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "partial.json"
    prompts = answers(monkeypatch, [""] * 12 + ["9", "1"] + [""] * 5 + ["q"])
    seats = ["--seat", "red=human", "--seat", "green=computer:random"]
    play = ["play", "trouble", "--players", "2", *seats, "--fast", "--seed", "11"]
    code, out, _ = run(capsys, *play, "--record", str(path))
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
    state.write_text(
        json.dumps({"pieces": {"red": ["track:3", "home", "home", "home"], "green": ["home"] * 4}})
    )
    (tmp_path / "s.json").write_text(
        json.dumps(
            {
                "game": "trouble",
                "pieces": {"red": ["track:3", "home", "home", "home"], "green": ["home"] * 4},
            }
        )
    )
    code, out, _ = run(
        capsys, "moves", "trouble", "--state", str(tmp_path / "s.json"), "--roll", "6", "--json"
    )
    assert code == 0
    assert {m["move"] for m in json.loads(out)["moves"]} == {
        "track:3>track:9",
        "home>track:0",
        "pass",
    }
    code, out, _ = run(capsys, "moves", "trouble", "--state", str(state), "--roll", "2")
    assert code == 0 and "track:3>track:5" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rules", "chess"], "unknown game 'chess'"),
        (["simulate", "trouble", "--rules", "finish=sideways"], 'finish="sideways"'),
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
        (
            '{"pieces": {"red": ["track:3","track:3","home","home"], "green": ["home","home",'
            '"home","home"]}}',
            "3",
            "Red has two pieces on track:3: a space holds one piece",
        ),
        (
            '{"pieces": {"red": ["home","home","home","home"], "green": ["home","home","home",'
            '"home"]}}',
            "7",
            "roll '7' is not a d6 roll",
        ),
        ('{"pieces": {"red": ["home"]}, "colour": "red"}', "3", "unknown state key: colour"),
        ('{"game": "trouble", "pieces": []}', "3", 'a state needs "pieces"'),
    ],
)
def test_bad_state_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, roll: str, message: str
) -> None:
    path = tmp_path / "state.json"
    path.write_text(content)
    code, _, err = run(capsys, "moves", "trouble", "--state", str(path), "--roll", roll)
    assert code == 2 and message in err and err.count("\n") == 1


def test_bad_record_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    play = ["play", "--seat", "all=computer:random", "--fast", "--seed", "2", "--record"]
    code, _, _ = run(capsys, *play, str(path))
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
    assert "Trouble: Red (you), Yellow (medium), Green (medium), Blue (medium)" in out
    assert prompts and "Red (you)" in prompts[0]
    assert "Game stopped." in out


def test_play_two_sets_without_seats_gives_you_both_colours_of_your_side(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers(monkeypatch, ["q"])
    code, out, _ = run(capsys, "play", "--players", "2", "--rules", "two_sets=on", "--fast")
    assert code == 0
    assert "Red (you), Yellow (medium), Green (you), Blue (medium)" in out


def test_a_speed_that_is_not_one_of_the_paces_is_refused_by_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "play", "--speed", "warp")
    assert code == 2 and out == ""  # nothing played
    assert "--speed: invalid choice: 'warp'" in err and "slow" in err


# ---------------------------------------------------------------- checked before the long work


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The one line a command is refused with (exit status 2, nothing on stdout)."""
    code, out, err = run(capsys, *args)
    assert (code, out) == (2, ""), err
    assert err.count("\n") == 1 and err.startswith("pegrace: error: "), err
    return err.removeprefix("pegrace: error: ").rstrip("\n")


def never(*args: object, **kwargs: object) -> NoReturn:
    raise AssertionError("the work started before the settings were checked")


def test_a_record_dir_that_cannot_be_a_folder_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("pegrace.commands.simulate.simulate", never)
    a_file = tmp_path / "file"
    a_file.write_text("x")
    cases = [
        (str(a_file), f"--record-dir {a_file}: not a folder"),
        (str(a_file / "below"), f"--record-dir {a_file / 'below'}: {a_file} is not a folder"),
    ]
    if os.path.exists("/dev/null"):
        cases.append(("/dev/null", "--record-dir /dev/null: not a folder"))
    if os.path.isdir("/proc/self"):  # /proc takes no new files, not even root's
        cases.append(("/proc/nope", "--record-dir /proc/nope: /proc does not take new files"))
    for folder, problem in cases:
        assert refused(capsys, "simulate", "trouble", "--record-dir", folder).startswith(problem)
    assert sorted(tmp_path.iterdir()) == [a_file] and not os.path.exists("/proc/nope")
    elsewhere = ["--record-dir", str(tmp_path / "new"), "--scheduler", "tcp://h:1"]
    said = refused(capsys, "simulate", "trouble", *elsewhere)
    assert said == "--record-dir writes on this machine: not with --scheduler"
    assert sorted(tmp_path.iterdir()) == [a_file]  # refused: the folder is not made


def test_train_checks_out_and_curve_before_training(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("pegrace.value.train", never)
    a_file = tmp_path / "file"
    a_file.write_text("x")
    pytest.importorskip("matplotlib")
    cases = [
        (["--out", str(tmp_path)], f"--out {tmp_path}: a folder; name a file in it"),
        (["--out", str(a_file / "w.json")], f"--out {a_file / 'w.json'}: {a_file} is not a folder"),
        (["--curve", str(tmp_path)], f"--curve {tmp_path}: a folder; name a file in it"),
        (
            ["--curve", str(tmp_path / "no" / "c.png")],
            f"--curve {tmp_path / 'no' / 'c.png'}: folder {tmp_path / 'no'} does not exist",
        ),
        (
            ["--out", str(tmp_path / "w.json"), "--curve", str(tmp_path / "no" / "c.png")],
            f"--curve {tmp_path / 'no' / 'c.png'}: folder {tmp_path / 'no'} does not exist",
        ),
    ]
    if os.path.exists("/dev/zero"):
        cases.append((["--out", "/dev/zero"], "--out /dev/zero: not a regular file"))
    if os.path.isdir("/proc/self"):
        cases.append(
            (
                ["--out", "/proc/nope/w.json"],
                "--out /proc/nope/w.json: /proc does not take new files",
            )
        )
    if os.geteuid() != 0:  # root writes in a folder without write permission
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        cases.append(
            (
                ["--out", str(locked / "w.json")],
                f"--out {locked / 'w.json'}: {locked} does not take new files",
            )
        )
    for flags, problem in cases:
        assert refused(capsys, "train", "trouble", "--games", "5", *flags).startswith(problem)
    # nothing left behind: not the checks' trial files, not the folders missing
    assert {p.name for p in tmp_path.iterdir()} <= {"file", "locked"}
    assert a_file.read_text() == "x"


def test_serve_checks_its_port_and_store_before_any_socket(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import socket

    monkeypatch.setenv("PEGRACE_DATA", str(tmp_path / "data"))
    monkeypatch.setattr(socket, "socket", never)
    monkeypatch.setattr("pegrace.web.server.serve", never)
    a_file = tmp_path / "file"
    a_file.write_text("x")
    port = "a port is a number from 0 to 65535 (0: any free one)"
    cases = [
        (["--port", "70000"], f"--port 70000: {port}"),
        (["--port", "65536"], f"--port 65536: {port}"),
        (["--port", "-1"], f"--port -1: {port}"),
        (["--store", "/"], "--store /: a folder; name a file in it"),
        (["--db", str(tmp_path)], f"--store {tmp_path}: a folder; name a file in it"),
        (
            ["--db", str(a_file / "g.sqlite3")],
            f"--store {a_file / 'g.sqlite3'}: {a_file} is not a folder",
        ),
        (["--computer-delay", "nan"], "--computer-delay nan: use 0 or more seconds"),
    ]
    if os.path.exists("/dev/null"):
        cases.append((["--store", "/dev/null"], "--store /dev/null: not a regular file"))
    for flags, problem in cases:
        assert refused(capsys, "serve", *flags) == problem
    assert sorted(tmp_path.iterdir()) == [a_file]  # no store, no folder made


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--seat", "all=computer:expert:ms=nan", "--fast"],
        ["simulate", "trouble", "--seat", "red=computer:expert:ms=nan"],
        ["simulate", "trouble", "--seat", "all=computer:expert:ms=inf"],
        ["simulate", "trouble", "--seat", "red=computer:hard:depth=nan"],
        ["simulate", "trouble", "--seat", "red=computer:hard:depth=-1"],
        ["simulate", "trouble", "--seat", "red=computer:easy:mistakes=2"],
        ["tournament", "trouble", "--player", "expert:ms=nan", "--player", "random"],
        ["lab", "trouble", "--all", "--skill", "expert:ms=inf,random"],
        ["bench", "trouble", "--player", "expert:ms=nan"],
    ],
)
def test_a_player_setting_that_is_not_a_finite_number_in_range_is_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    monkeypatch.setattr("pegrace.commands.simulate.simulate", never)
    setting = next(a for a in args if "=" in a and ":" in a).rsplit(":", 1)[1].split(",")[0]
    assert refused(capsys, *args).startswith(f"player setting '{setting}'")


def test_workers_are_at_least_one_and_at_most_four_per_core(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    tournament = ["tournament", "trouble", "--player", "random", "--player", "random"]
    for command in (["simulate", "trouble"], ["lab", "trouble", "--all"], tournament):
        for workers in ("0", "-1"):
            assert (
                refused(capsys, *command, "--workers", workers)
                == f"--workers {workers}: use at least 1 worker"
            )
        assert refused(capsys, *command, "--workers", "9") == (
            "--workers 9: at most 8 (4 per core, 2 cores here): more processes only share the "
            "same cores, and each one takes its own memory"
        )


def test_the_jobs_of_a_huge_run_are_made_as_they_are_taken() -> None:
    from pegrace.games import get_rules
    from pegrace.simulate import make_jobs

    rules = get_rules("trouble", 4, {})
    seats = {colour: "computer:random" for colour in rules.colours}
    tracemalloc.start()
    started = time.perf_counter()
    try:
        jobs = make_jobs(rules, [seats], 10**12, 7, workers=2)
        first = list(itertools.islice(jobs, 3))
        seconds = time.perf_counter() - started
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [(job.first, job.count, job.seed) for job in first] == [
        (0, 2000, 7),
        (2000, 2000, 7),
        (4000, 2000, 7),
    ]
    assert seconds < 1 and peak < 1_000_000  # made at once, not 5 * 10**8 jobs first


def test_the_workers_take_jobs_as_they_need_them_and_in_order() -> None:
    from pegrace.simulate import AHEAD_PER_WORKER, Job, run_games, run_job

    taken = 0
    seats = (("red", "computer:random"), ("green", "computer:random"))

    def endless() -> Iterator[Job]:  # a run without end: only what is asked for is made
        nonlocal taken
        for first in itertools.count(0, 3):
            taken += 1
            yield Job("trouble", 2, (), (seats,), 11, first, 3, None)

    played: list[int] = []
    results = run_games(endless(), 2, played.append)
    got = list(itertools.islice(results, 5))
    results.close()
    assert taken <= 5 + 2 * AHEAD_PER_WORKER and played == [3] * 5
    assert got == [
        run_job(Job("trouble", 2, (), (seats,), 11, first, 3, None)) for first in range(0, 15, 3)
    ]


def test_version_says_which_pegrace(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    said = f"pegrace {pegrace_version()} (core {core_build()['source']})"
    assert code == 0 and out.strip() == said and said.startswith(f"pegrace {version('pegrace')}+")


def test_every_command_and_option_explains_itself() -> None:
    """`--help` of every command has a description, and every option a line of help."""
    parser = make_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    silent = [
        f"{name} {action.option_strings or action.dest}"
        for name, command in commands.choices.items()
        for action in command._actions
        if not action.help and not isinstance(action, argparse._HelpAction)
    ]
    assert silent == []
    assert [name for name, command in commands.choices.items() if not command.description] == []


def test_every_command_is_a_module_of_its_own_in_the_one_table() -> None:
    """Each subcommand's arguments and run are in pegrace.commands.NAME, listed once in
    cli.COMMANDS, whose entries are the subcommands `pegrace --help` lists."""
    modules = {
        info.name
        for info in pkgutil.iter_modules(pegrace.commands.__path__)
        if info.name != "common"
    }
    assert {name.replace("-", "_") for name in COMMANDS} == modules
    for name, command in COMMANDS.items():
        module = importlib.import_module(f"pegrace.commands.{name.replace('-', '_')}")
        assert module.COMMAND is command and command.name == name
        assert command.declare.__module__ == command.run.__module__ == module.__name__
    parser = make_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert list(commands.choices) == list(COMMANDS)


def test_a_colour_seated_twice_is_warned_of(capsys: pytest.CaptureFixture[str]) -> None:
    twice = ("--seat", "red=computer:random", "--seat", "red=computer:easy")
    code, _, err = run(capsys, "simulate", "trouble", "--games", "2", "--players", "2", *twice)
    assert code == 0
    assert (
        "pegrace: warning: --seat names red twice (red=computer:random, then "
        "red=computer:easy): the last one counts"
    ) in err
    seats = ["--seat", "red=computer:random", "--seat", "all=computer:easy"]
    code, _, err = run(capsys, "simulate", "trouble", "--games", "2", "--players", "2", *seats)
    assert code == 0 and "warning" not in err


def test_plays_help_names_no_file_of_the_source_tree(capsys: pytest.CaptureFixture[str]) -> None:
    """Who installed the wheel has no examples/ or docs/ folder: help must not send them there."""
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    said = capsys.readouterr().out
    assert "examples/" not in said and "docs/" not in said, said
