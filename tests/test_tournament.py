"""pegrace tournament: rotated seats, pooled win rates, the files it writes, determinism."""

from __future__ import annotations

import csv
import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from pegrace.games import get_rules
from pegrace.tournament import lineup_units, seatings
from reports import without_command
from test_cli import run

LINEUP = ["--player", "medium", "--player", "random", "--player", "random"]


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as rows:
        return list(csv.DictReader(rows))


def test_table_csv_json_and_png_agree(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "new" / "folder"
    code, text, _ = run(
        capsys, "tournament", "ludo", *LINEUP, "--games", "30", "--seed", "4", "--out", str(out)
    )
    assert code == 0
    results = json.loads((out / "results.json").read_text())
    rows = read_csv(out / "games.csv")
    assert results["games"] == len(rows) == len(results["game_results"]) == 30
    assert results["lineup"] == ["medium", "random", "random"]
    colours = [key.removesuffix("_player") for key in rows[0] if key.endswith("_player")]
    csv_wins: Counter[str] = Counter()
    csv_seat_games: Counter[str] = Counter()
    for row in rows:
        for colour in colours:
            csv_seat_games[row[f"{colour}_player"]] += 1
            csv_wins[row[f"{colour}_player"]] += row[f"{colour}_place"] == "1"
    entries = {entry["player"]: entry for entry in results["entries"]}
    assert set(entries) == {"medium", "random"} and entries["random"]["seats"] == 2
    for spec, entry in entries.items():
        assert entry["wins"] == csv_wins[spec] and entry["seat_games"] == csv_seat_games[spec]
        low, high = entry["ci95"]
        assert low <= entry["win_rate"] == entry["wins"] / entry["seat_games"] <= high
        assert f"{spec:<24}" in text and f"{entry['win_rate']:.1%}" in text
    assert sum(entry["wins"] for entry in entries.values()) == 30  # one winner a game
    assert results["turns"]["mean"] == sum(int(r["turns"]) for r in rows) / 30
    assert "95% CI" in text and "mean place" in text and "game length" in text
    assert (out / "winrates.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_rotation_is_exactly_balanced(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    specs = ["medium", "random", "computer:random"]  # three distinct entries
    args = [arg for spec in specs for arg in ("--player", spec)]
    code, _, err = run(capsys, "tournament", "ludo", *args, "--games", "7", "--out", str(tmp_path))
    assert code == 0 and "rounded up to 9" in err
    rows = read_csv(tmp_path / "games.csv")
    assert len(rows) == 9
    colours = get_rules("ludo", 3, {}).colours
    sittings = Counter((row[f"{c}_player"], c) for row in rows for c in colours)
    assert sittings == {(spec, colour): 3 for spec in specs for colour in colours}


def test_two_sets_seats_a_player_on_a_whole_side() -> None:
    rules = get_rules("trouble", 2, {"two_sets": "on"})
    units = lineup_units(rules, 2)
    assert units == rules.side_seats and len(rules.colours) == 4
    rotations = seatings(rules, ["medium", "random"], units)
    for seats in rotations:
        for side in units:
            assert len({seats[rules.colours[s]] for s in side}) == 1
    assert [rotations[0]["red"], rotations[1]["red"]] == ["medium", "random"]


def test_team_games_count_places_per_side(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(
        capsys,
        "tournament",
        "trouble",
        "--player",
        "medium",
        "--player",
        "random",
        "--rules",
        "two_sets=on",
        "--games",
        "4",
        "--json",
        "--out",
        str(tmp_path),
    )
    assert code == 0
    report = json.loads(out)
    assert [entry["seat_games"] for entry in report["entries"]] == [4, 4]  # per side
    for row in read_csv(tmp_path / "games.csv"):
        # red+green against yellow+blue: partners share a player and a place
        assert row["red_player"] == row["green_player"] and row["red_place"] == row["green_place"]
        assert row["yellow_place"] == row["blue_place"] != row["red_place"]


def test_same_seed_same_results_for_any_worker_count(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "ludo", *LINEUP, "--games", "24", "--seed", "9", "--json"]
    code, one, _ = run(capsys, *args, "--workers", "1")
    assert code == 0
    code, two, _ = run(capsys, *args, "--workers", "2")
    assert code == 0 and without_command(two) == without_command(one)
    assert json.loads(two)["command"] == "pegrace " + " ".join([*args, "--workers", "2"])
    code, other, _ = run(capsys, *args[:-2], "10", "--json")
    assert code == 0 and json.loads(other)["turns"] != json.loads(one)["turns"]  # seed matters


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--player", "wizard", "--player", "random"], "unknown player 'wizard'"),
        (["--player", "human", "--player", "random"], "computer players only"),
        ([*LINEUP, "--players", "4"], "--players 4 but 3 --player given"),
        (["--player", "random"], "ludo is for 2 to 4 players, not 1"),
        ([*LINEUP, "--games", "0"], "at least 1 game"),
        ([*LINEUP, "--workers", "0"], "at least 1 worker"),
        ([*LINEUP, "--rules", "variant=chess"], 'variant="chess"'),
        ([], "the following arguments are required: --player"),
    ],
)
def test_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, "tournament", "ludo", *args)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_out_that_is_a_file_is_refused_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "taken"
    path.write_text("keep me")
    code, out, err = run(capsys, "tournament", "ludo", *LINEUP, "--out", str(path))
    assert code == 2 and out == "" and "not a folder" in err and err.count("\n") == 1
    assert path.read_text() == "keep me"


def test_out_without_matplotlib_names_the_extra_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as where it is not installed
    code, out, err = run(capsys, "tournament", "ludo", *LINEUP, "--out", str(tmp_path / "o"))
    assert code == 2 and out == "" and "pip install 'pegrace[plots]'" in err
    assert not (tmp_path / "o").exists()
