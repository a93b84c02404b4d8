"""The house-rules lab: combinations of options checked and named, statistics that are right
(chi-square, intervals), effects that find what a rule is known to do, the same report from
the same seed however the games are shared, and its files (JSON, CSV, plots, one HTML page)."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

import pytest

from pegrace import lab
from pegrace.errors import OptionError
from test_cli import run

SEATS4 = {c: "computer:medium" for c in ("red", "yellow", "green", "blue")}


def small_lab(game: str, varied: list[tuple[str, list[str]]], games: int = 300,
              players: int = 4, seed: int = 1) -> lab.Lab:  # fmt: skip
    found, skipped = lab.combinations(game, players, {}, varied)
    colours = ("red", "yellow", "green", "blue")[:players]
    seats = {c: "computer:medium" for c in colours}
    return lab.Lab(game, players, tuple(found), seats, games=games, seed=seed,
                   skipped=tuple(skipped))  # fmt: skip


@pytest.mark.parametrize(("statistic", "freedom", "p"),
                         [(3.841, 1, 0.05), (5.991, 2, 0.05), (7.815, 3, 0.05), (0.0, 3, 1.0),
                          (6.635, 1, 0.01), (11.345, 3, 0.01), (13.277, 4, 0.01)])  # fmt: skip
def test_chi_square_p_values_are_the_tables(statistic: float, freedom: int, p: float) -> None:
    assert lab.chi_square_p(statistic, freedom) == pytest.approx(p, abs=2e-4)


def test_the_combinations_cross_the_options_with_the_base_rules_first() -> None:
    varied = lab.parse_vary(["finish=exact,deepest-first", "six_bonus=always,if-played"])
    found, skipped = lab.combinations("trouble", 4, {"play_on": "off"}, varied)
    assert len(found) == 4 and not skipped
    assert found[0]["play_on"] == "off" and found[0]["finish"] == "exact"
    assert {(o["finish"], o["six_bonus"]) for o in found} == {
        ("exact", "always"), ("exact", "if-played"), ("deepest-first", "always"),
        ("deepest-first", "if-played")}  # fmt: skip


@pytest.mark.parametrize(("vary", "message"), [
    (["finish"], "write OPTION=VALUE,VALUE"), (["finish=a,b"], "choose one of exact"),
    (["speed=1,2"], "unknown trouble option 'speed'"), (["finish=exact", "finish=exact"],
    "each option once")])  # fmt: skip
def test_a_bad_variation_is_refused_by_name(vary: list[str], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        lab.combinations("trouble", 4, {}, lab.parse_vary(vary))


def test_it_finds_what_a_rule_is_known_to_do() -> None:
    """Stopping at the first winner (play_on=off) ends Trouble games far sooner; with many
    more captures per game when every piece must finish in order (deepest-first)."""
    report = lab.run(small_lab("trouble", [("play_on", ["on", "off"])]))
    base, stopped = report["combinations"]
    shorter, _, high = stopped["effect"]["length"]
    assert shorter < -0.2 and high < 0
    assert (
        "makes games" in stopped["effect"]["summary"] and "shorter" in stopped["effect"]["summary"]
    )
    assert base["skill"]["win_rate"] > 0.5  # medium against 3 random players
    assert 0 <= base["fairness"]["p_value"] <= 1 and len(base["fairness"]["seats"]) == 4
    drama = base["drama"]
    assert drama["captures"]["mean"] > 1 and drama["lead_changes"]["mean"] > 1
    assert 0 < drama["half_time_leader_wins"]["rate"] < 1


def test_the_same_seed_gives_the_same_report_however_the_games_are_shared() -> None:
    settings = small_lab("ludo", [("play_on", ["off", "on"])], games=200)
    assert json.dumps(lab.run(settings)) == json.dumps(lab.run(settings, workers=2))


def test_partners_share_their_wins_in_the_fairness_test() -> None:
    report = lab.run(small_lab("marbles", [("teams", ["off", "on"])], games=200))
    teams = report["combinations"][1]
    assert teams["skill"]["fair_share"] == 0.5
    seats = teams["fairness"]["seats"]
    assert seats[0]["wins"] == seats[2]["wins"]  # red and green are partners


def test_the_command_writes_every_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "lab"
    code, text, err = run(capsys, "lab", "headache", "--vary", "challenge=off,on", "--games",
                          "100", "--out", str(out))  # fmt: skip
    assert code == 0, err
    assert "the base rules" in text and "challenge=on" in text
    report = json.loads((out / "report.json").read_text())
    assert [c["options"]["challenge"] for c in report["combinations"]] == ["off", "on"]
    rows = list(csv.DictReader((out / "combinations.csv").read_text().splitlines()))
    assert len(rows) == 2 and rows[1]["summary"].startswith("challenge=on")
    page = (out / "report.html").read_text()
    assert page.count("data:image/png;base64,") == 3 and "challenge=on" in page
    for picture in ("length.png", "seats.png", "effects.png"):
        assert (out / picture).read_bytes()[:4] == b"\x89PNG"


def test_all_sweeps_every_option_and_json_is_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, text, err = run(capsys, "lab", "trouble", "--all", "--games", "40", "--json")
    assert code == 0, err
    report = json.loads(text)
    changed = [lab.changes(report["base"], c["options"]) for c in report["combinations"][1:]]
    assert len(changed) >= 5 and all("=" in c and "," not in c for c in changed)
    assert any("two_sets=on" in s for s in report["skipped"])  # it needs 2 players


@pytest.mark.parametrize(("args", "message"), [
    ([], "--vary OPTION=A,B, or --all"), (["--all", "--vary", "challenge=on,off"], "or --all"),
    (["--all", "--games", "1"], "at least 2 games"),
    (["--all", "--skill", "medium,nobody"], "unknown player"),
    (["--all", "--skill", "medium"], "--skill medium: STRONG,WEAK"),
    (["--vary", "challenge=on,off", "--seat", "red=human"], "human")])  # fmt: skip
def test_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], args: list[str],
                               message: str) -> None:  # fmt: skip
    code, out, err = run(capsys, "lab", "headache", *args)
    assert code == 2 and out == "" and message in err and "Traceback" not in err


def test_out_without_matplotlib_names_the_extra_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as where it is not installed
    code, out, err = run(capsys, "lab", "headache", "--vary", "challenge=off,on", "--out",
                         str(tmp_path / "o"))  # fmt: skip
    assert code == 2 and out == "" and "pip install 'pegrace[plots]'" in err
    assert not (tmp_path / "o").exists()
