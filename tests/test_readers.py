"""The files the pegrace command reads (game records, state files, weights files): a real record
replays move by move in every game, and anything malformed, however it is broken (NaN or
Infinity in it, a device or a FIFO that never ends, a control character that would write to
the terminal), ends with one line naming the problem and exit status 2, never a traceback or
a hang."""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pegrace import readers
from pegrace.errors import NotationError, RecordError
from pegrace.games import list_games
from pegrace.notation import dump_state
from pegrace.readers import FILE_BYTES, NotJsonNumber, loads, parse_json, read_json
from pegrace.record import Record, replay
from test_cli import raised_apart, run, run_apart

Mutation = Callable[[random.Random, Any], Any]


def recorded_game(capsys: pytest.CaptureFixture[str], folder: Path, game: str) -> Path:
    path = folder / f"{game}.json"
    code, _, _ = run(
        capsys,
        "play",
        game,
        "--players",
        "2",
        "--seat",
        "all=computer:random",
        "--fast",
        "--no-colour",
        "--seed",
        "3",
        "--record",
        str(path),
    )
    assert code == 0 and path.exists()
    return path


@pytest.mark.parametrize("game", list_games())
def test_replay_shows_every_event_of_a_real_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str
) -> None:
    path = recorded_game(capsys, tmp_path, game)
    record = Record.load(path)
    code, out, err = run(capsys, "replay", str(path), "--no-colour")
    assert code == 0, err
    rolls = sum(event.move is None for event in record.events)
    moves = len(record.events) - rolls
    lines = out.splitlines()
    names = tuple(f"{colour.capitalize()} " for colour in record.rules().colours)
    a_roll = re.compile(rf"({'|'.join(names)})pops [0-9+*]+")  # "Red pops 4*", "Red pops 3+5"
    said_rolls = [line for line in lines if a_roll.fullmatch(line)]
    # in plain words: "Red moves the peg ...", "Red passes: ...", "Red pops again: ..."
    said_moves = [line for line in lines if line.startswith(names) and not a_roll.fullmatch(line)]
    assert (len(said_rolls), len(said_moves)) == (rolls, moves)
    assert lines[-1].startswith("places: 1. ")


# ---------------------------------------------------------------- what is refused by name


def state_file(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "state.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(
    ("game", "state", "problem"),
    [
        (
            "ludo",
            {
                "pieces": {"red": ["lane:5", "base", "base", "base"], "yellow": ["base"] * 4},
                "roll": [1, 2],
            },
            "Red position 'lane:5' is not one of base, start, track:0..42, lane:1..4, exit",
        ),
        (
            "trouble",
            {"pieces": {"red": ["home"] * 4, "green": ["home"] * 4}, "end": 5},
            '"end" must be the reason the game ended (a string), not 5',
        ),
        (
            "trouble",
            {"pieces": {"red": ["home"] * 4, "green": ["home"] * 4}, "end": "first place decided"},
            "\"end\" 'first place decided' is for a game that is over",
        ),
        (
            "trouble",
            {"pieces": {"red": ["home"] * 4, "green": ["home"] * 4}, "aux": [3]},
            'trouble keeps no counters in "aux", not [3]',
        ),
        (
            "headache",
            {"pieces": {"red": ["start"] * 4, "green": ["start"] * 4}, "aux": [1]},
            "headache aux is",
        ),
        # counters bigger than the native core keeps
        (
            "trouble",
            {"pieces": {"red": ["home"] * 4, "green": ["home"] * 4}, "turn": 2**40},
            '"turn" must be a whole number 0..4294967295, not 1099511627776',
        ),
        (
            "trouble",
            {"pieces": {"red": ["home"] * 4, "green": ["home"] * 4}, "streak": 300},
            '"streak" must be a whole number 0..255, not 300',
        ),
        (
            "ludo",
            {
                "pieces": {"red": ["base"] * 4, "yellow": ["base"] * 4},
                "rules": {"variant": "ludopy"},
                "aux": [2**20, 0],
            },
            '"aux" must be a list of whole numbers 0..65535',
        ),
        (
            "trouble",
            {
                "pieces": {"red": ["home"] * 4, "green": ["home"] * 4},
                "phase": "rolloff",
                "rolloff": [3, 4],
            },
            '"rolloff" holds the pops so far, fewer than the 2',
        ),
        (
            "trouble",
            {"pieces": {"red": ["home"] * 4, "green": ["home"] * 4}, "out": ["red", "red"]},
            '"out" lists a colour twice',
        ),
    ],
)
def test_impossible_states_are_refused_by_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str, state: Any, problem: str
) -> None:
    path = state_file(tmp_path, state)
    code, _, err = run(capsys, "moves", game, "--state", str(path), "--roll", "6")
    assert code == 2 and problem in err, err
    assert err.count("\n") == 1


def test_a_two_dice_roll_may_be_written_either_way_round(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = state_file(
        tmp_path, {"pieces": {"red": ["start", "base", "base", "base"], "yellow": ["base"] * 4}}
    )
    answers = [
        run(capsys, "moves", "ludo", "--state", str(path), "--roll", roll)
        for roll in ("1+6", "6+1", " 6 + 1 ")
    ]
    assert answers[0][0] == 0 and "with 1+6" in answers[0][1]
    assert answers[1] == answers[0] and answers[2] == answers[0]
    code, _, err = run(capsys, "moves", "ludo", "--state", str(path), "--roll", "7+1")
    assert code == 2 and "roll '7+1' is not a two d6 roll" in err


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"\xff\xfe{}", "is not UTF-8 text (byte 0)"),
        (b"[" * 100_000, "is not valid JSON: nested too deeply"),
        (b'{"pieces": 1' + b"0" * 5000 + b"}", "is not valid JSON: a number has too many digits"),
        (b'{"pieces": ', "is not valid JSON: Expecting value"),
    ],
)
def test_a_file_that_is_not_json_is_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes, problem: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    for args in (("moves", "trouble", "--state", str(path)), ("replay", str(path))):
        code, _, err = run(capsys, *args)
        assert code == 2 and problem in err and str(path) in err, err
        assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"rules": ["x"]}, '"rules" must be an object of names to strings'),
        ({"seats": 5}, '"seats" must be an object of names to strings'),
        ({"events": {}}, '"events" must be a list, not {}'),
        ({"players": "2"}, "\"players\" must be a whole number, not '2'"),
        ({"players": 10**40}, "record rules:"),
        ({"game": None}, '"game" must be a string, not None'),
        ({"events": [["red", 3]]}, "malformed event ['red', 3]"),
        ({"events": [{"colour": "red", "roll": [1, 2, 3]}]}, "is not a d6 roll"),
    ],
)
def test_a_malformed_record_is_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: dict[str, Any], problem: str
) -> None:
    good = json.loads(recorded_game(capsys, tmp_path, "trouble").read_text())
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**good, **change}))
    code, _, err = run(capsys, "replay", str(path), "--final", "--no-colour")
    assert code == 2 and problem in err, err
    assert err.count("\n") == 1


def test_a_record_missing_a_field_says_it_is_missing_and_what_it_must_be(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    good = json.loads(recorded_game(capsys, tmp_path, "trouble").read_text())
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({k: v for k, v in good.items() if k != "players"}))
    code, _, err = run(capsys, "replay", str(path), "--final", "--no-colour")
    assert code == 2 and 'malformed record: "players" is missing (it must be a whole number)' in err
    code, _, err = run(capsys, "--lang", "de", "replay", str(path), "--final", "--no-colour")
    assert code == 2 and '"players" fehlt (muss eine ganze Zahl sein)' in err, err


# ---------------------------------------------------------------- fuzzing


def wrong_values() -> list[Any]:
    return [
        None,
        True,
        -1,
        0,
        7,
        10**30,
        1.5,
        "",
        "x",
        "lane:99",
        [],
        [1, 2, 3],
        {},
        {"a": 1},
        [[[]]],
        "\u0000",
        "track:-1",
    ]


def mutate(rng: random.Random, value: Any, depth: int = 0) -> Any:
    """The value with one part changed: a key dropped or added, an item replaced by a wrong
    value, lists shuffled or cut."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        roll = rng.random()
        if roll < 0.2:
            return {k: v for k, v in value.items() if k != key}
        if roll < 0.3:
            return {**value, rng.choice(["junk", "aux", "end", "turn"]): rng.choice(wrong_values())}
        if roll < 0.6 or depth > 3:
            return {**value, key: rng.choice(wrong_values())}
        return {**value, key: mutate(rng, value[key], depth + 1)}
    if isinstance(value, list) and value and rng.random() < 0.8:
        items = list(value)
        index = rng.randrange(len(items))
        roll = rng.random()
        if roll < 0.2:
            rng.shuffle(items)
        elif roll < 0.4:
            del items[index:]
        elif roll < 0.7 or depth > 3:
            items[index] = rng.choice(wrong_values())
        else:
            items[index] = mutate(rng, items[index], depth + 1)
        return items
    return rng.choice(wrong_values())


def garble(rng: random.Random, text: str) -> bytes:
    """The text's bytes cut, with bytes flipped or inserted."""
    data = bytearray(text.encode())
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(data))
        roll = rng.random()
        if roll < 0.3:
            del data[at:]
            if not data:
                data += b"{"
        elif roll < 0.6:
            data[at] = rng.randrange(256)
        else:
            data[at:at] = rng.choice([b"\xff", b"[", b"9" * 5000, b'"', b"}", b"\\u"])
    return bytes(data)


def check_every_answer_is_clean(
    capsys: pytest.CaptureFixture[str],
    args: Callable[[Path], list[str]],
    contents: list[bytes],
    path: Path,
) -> int:
    """Run the command on every content; each exits 0, or 2 with one line. How many were 2."""
    refused = 0
    for content in contents:
        path.write_bytes(content)
        code, _, err = run(capsys, *args(path))
        assert code in (0, 2), (content[:200], err)
        if code == 2:
            refused += 1
            assert err.count("\n") == 1 and err.startswith("pegrace: error: "), (content[:200], err)
    return refused


def variants(rng: random.Random, good: Any, count: int) -> list[bytes]:
    text = json.dumps(good)
    made = [json.dumps(mutate(rng, good)).encode() for _ in range(count)]
    return made + [garble(rng, text) for _ in range(count // 3)]


@pytest.mark.parametrize("game", list_games())
def test_mutated_records_never_end_in_a_traceback(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str
) -> None:
    good = json.loads(recorded_game(capsys, tmp_path, game).read_text())
    good["events"] = good["events"][:60]
    good.pop("result", None)
    contents = variants(random.Random(f"records {game}"), good, 150)
    refused = check_every_answer_is_clean(
        capsys, lambda p: ["replay", str(p), "--final", "--no-colour"], contents, tmp_path / "r"
    )
    assert refused > len(contents) // 2  # most mutations break the record


@pytest.mark.parametrize("game", list_games())
def test_mutated_state_files_never_end_in_a_traceback(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str
) -> None:
    rules, states = replay(Record.load(recorded_game(capsys, tmp_path, game)))
    position = next(s for s in states[len(states) // 2 :] if s.roll is not None)
    good = json.loads(dump_state(rules, position))
    contents = variants(random.Random(f"states {game}"), good, 150)
    refused = check_every_answer_is_clean(
        capsys, lambda p: ["moves", game, "--state", str(p)], contents, tmp_path / "s"
    )
    assert refused > len(contents) // 2


# ---------------------------------------------------------------- readers.py: size, NaN, devices


def test_read_json_reads_at_most_its_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b"[" + b"1," * 500 + b"1]")  # 1,003 bytes
    assert read_json(path, "record", RecordError, most=1003) == [1] * 501
    with pytest.raises(RecordError, match=f"^record {re.escape(str(path))} is larger than"):
        read_json(path, "record", RecordError, most=1002)
    assert FILE_BYTES == 8 * 1024 * 1024
    with pytest.raises(RecordError, match=r"^cannot read record .*: no such file or folder"):
        read_json(tmp_path / "missing.json", "record", RecordError)
    with pytest.raises(RecordError, match=r"^record .* is a folder, not a regular file: not read"):
        read_json(tmp_path, "record", RecordError)


@pytest.mark.parametrize(
    "text",
    [
        "NaN",
        "Infinity",
        "-Infinity",
        "[1, NaN]",
        '{"a": -Infinity}',
        "1e400",
        "-1e400",
        "[1.5e999]",
    ],
)
def test_nan_and_infinity_are_not_json(text: str, tmp_path: Path) -> None:
    with pytest.raises(NotJsonNumber):
        loads(text)
    with pytest.raises(
        NotationError,
        match=r"^the state is not valid JSON: .* (is not a JSON "
        r"number|is too large a number)$",
    ):
        parse_json(text, "the state", NotationError)
    path = tmp_path / "nan.json"
    path.write_text(text)
    with pytest.raises(RecordError, match=f"^record {re.escape(str(path))} is not valid JSON"):
        read_json(path, "record", RecordError)
    assert loads("[1e308, -0.0, 1, 2.5]") == [1e308, -0.0, 1, 2.5]  # finite numbers are read


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["replay", "/dev/zero"], "record /dev/zero is a character device, not a regular file"),
        (
            ["moves", "trouble", "--state", "/dev/urandom"],
            "state file /dev/urandom is a character device, not a regular file",
        ),
        (
            ["moves", "trouble", "--state", "/dev/zero"],
            "state file /dev/zero is a character device, not a regular file",
        ),
        (
            ["train", "trouble", "--from", "/dev/zero"],
            "weights file /dev/zero is a character device, not a regular file",
        ),
    ],
)
def test_a_device_that_never_ends_is_refused_by_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], problem: str
) -> None:
    extra = ["--out", str(tmp_path / "w.json")] if args[0] == "train" else []
    code, out, err = run(capsys, *args, *extra)
    assert (code, out, err) == (2, "", f"pegrace: error: {problem}: not read\n")
    assert list(tmp_path.iterdir()) == []


def test_nan_or_infinity_in_a_record_state_or_weights_file_is_refused_by_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = recorded_game(capsys, tmp_path, "trouble")
    text = record.read_text()
    record.write_text(text.replace('"seed": 3', '"seed": NaN', 1))
    assert '"seed": NaN' in record.read_text()
    state = state_file(tmp_path, {"pieces": {"red": ["home"] * 4, "green": ["home"] * 4}})
    state.write_text(state.read_text().replace("{", '{"turn": Infinity, ', 1))
    weights = tmp_path / "weights.json"
    weights.write_text('{"model": "trouble", "weights": [0.5, -Infinity, NaN]}')
    for args, problem in [
        (["replay", str(record)], f"record {record} is not valid JSON: NaN is not a JSON number"),
        (
            ["moves", "trouble", "--state", str(state), "--roll", "6"],
            f"state file {state} is not valid JSON: Infinity is not a JSON number",
        ),
        (
            ["train", "trouble", "--from", str(weights), "--out", str(tmp_path / "out.json")],
            f"weights file {weights} is not valid JSON: -Infinity is not a JSON number",
        ),
    ]:
        code, out, err = run(capsys, *args)
        assert (code, out, err) == (2, "", f"pegrace: error: {problem}\n")
    assert not (tmp_path / "out.json").exists()


# ---------------------------------------------------------------- FIFOs, control characters

# every command that reads a file a person names, the file by {file}, and what it calls it
FILE_READERS = [
    (["replay", "{file}"], "record"),
    (["moves", "trouble", "--state", "{file}"], "state file"),
    (["train", "trouble", "--from", "{file}", "--out", "{out}"], "weights file"),
    (["tournament", "ludo", "--player", "policy:{file}", "--player", "random"], "policy file"),
    (
        ["tournament", "trouble", "--player", "expert:value={file}", "--player", "random"],
        "weights file",
    ),
]


def fifo(folder: Path) -> tuple[Path, str]:
    """A FIFO no one writes to: opened to read, it waits for a writer for ever."""
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    made = folder / "named.pipe"
    os.mkfifo(made)
    return made, "a FIFO (named pipe)"


def dev_zero(folder: Path) -> tuple[Path, str]:
    """A device that never ends: read whole, it fills the memory."""
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    return Path("/dev/zero"), "a character device"


@pytest.mark.parametrize("made", [fifo, dev_zero])
@pytest.mark.parametrize(("args", "what"), FILE_READERS)
def test_a_file_that_never_ends_is_refused_by_name_before_it_is_read(
    tmp_path: Path, made: Callable[[Path], tuple[Path, str]], args: list[str], what: str
) -> None:
    path, kind = made(tmp_path)
    given = [arg.format(file=path, out=tmp_path / "out.json") for arg in args]
    code, out, err = run_apart(*given)  # in a process of its own: a hang fails, not hangs
    said = f"pegrace: error: {what} {path} is {kind}, not a regular file: not read\n"
    assert (code, out, err) == (2, "", said)
    assert not (tmp_path / "out.json").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_put_in_a_files_place_after_its_check_is_refused_once_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process may swap the file for a FIFO between the look and the open: the open
    does not wait for a writer, and what was opened is refused by its kind."""
    swapped = tmp_path / "swapped"
    os.mkfifo(swapped)
    monkeypatch.setattr(readers, "regular_file", lambda *_: None)  # the look saw a regular file
    raised = raised_apart(lambda: read_json(swapped, "record", RecordError))
    assert isinstance(raised, RecordError)
    said = f"record {swapped} is a FIFO (named pipe), not a regular file: not read"
    assert str(raised) == said


def escape_in_a_colour(record: dict[str, Any]) -> str:
    record["events"][0]["colour"] = "\x1b[2J\x1b[31m" + record["events"][0]["colour"]
    return "events[0].colour holds a control character (U+001B)"


def escape_in_a_seat(record: dict[str, Any]) -> str:
    colour = next(iter(record["seats"]))
    record["seats"][colour] += "\x1b]0;owned\x07"
    return f"seats.{colour} holds a control character (U+001B)"


def c1_escape_in_a_move(record: dict[str, Any]) -> str:
    index = next(i for i, event in enumerate(record["events"]) if "move" in event)
    record["events"][index]["move"] += "\x9b31m"
    return f"events[{index}].move holds a control character (U+009B)"


def escape_in_an_option_name(record: dict[str, Any]) -> str:
    record["rules"]["\x07bell"] = "on"
    return "a key of rules holds a control character (U+0007)"


@pytest.mark.parametrize(
    "change",
    [escape_in_a_colour, escape_in_a_seat, c1_escape_in_a_move, escape_in_an_option_name],
)
def test_a_record_with_a_control_character_is_refused_and_never_shown(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: Callable[[dict[str, Any]], str]
) -> None:
    path = recorded_game(capsys, tmp_path, "trouble")
    record = json.loads(path.read_text())
    problem = change(record)
    path.write_text(json.dumps(record))  # as JSON writes them: \u001b, which reads as ESC
    code, out, err = run(capsys, "replay", str(path), "--no-colour")
    assert (code, out) == (2, "")
    assert err == f"pegrace: error: record {path}: {problem}: not read\n"
