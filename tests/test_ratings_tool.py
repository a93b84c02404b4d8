"""tools/ratings.py by the strength protocol: a stated seed and fixed-size lines (shorter only
as a draft, which writes nothing), each line's games kept in the folders strength_table.py
keeps them in, read back rather than played again, and written per game with how it was
measured."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pegrace import tournament
from pegrace.claims import line_folder
from pegrace.errors import OptionError
from pegrace.games import get_rules
from scripts import load_script

ratings_tool = load_script("tools/ratings.py")
LINES = 3 * len(ratings_tool.PLAYERS) - len(ratings_tool.OPPONENTS)  # none against itself


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--seed", "5", "--games", "400"], "at least 4,000"),
        (["--seed", "5", "--only", "chess"], "chess: not a game"),
    ],
)
def test_lines_shorter_than_the_protocol_or_unknown_games_are_refused(
    argv: list[str], says: str
) -> None:
    with pytest.raises(SystemExit, match=says):
        ratings_tool.main(argv)


def test_the_seed_must_be_given(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        ratings_tool.main(["--games", "4000"])
    assert "--seed" in capsys.readouterr().err


def test_kept_lines_are_read_back_and_written_per_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    docs, shipped, out = tmp_path / "ai.md", tmp_path / "ratings.json", tmp_path / "lines"
    files = ["--docs", str(docs), "--shipped", str(shipped), "--out", str(out)]
    draft = ["--seed", "77", "--games", "4", "--only", "trouble", "--draft", *files]
    ratings_tool.main(draft)
    first = capsys.readouterr().out
    assert "seed 77: given on the command line" in first and "draft: nothing written" in first
    assert not docs.exists() and not shipped.exists()
    kept = sorted(out.iterdir())
    assert len(kept) == LINES
    assert out / line_folder("trouble", "expert", "hard", 77, 4) in kept

    def never(*_: Any, **__: Any) -> None:
        raise AssertionError("a kept line was played again")

    monkeypatch.setattr(tournament, "run_tournament", never)
    ratings_tool.main(draft)
    assert capsys.readouterr().out == first

    # the protocol's size lowered to the kept lines' so the written form can be checked cheaply
    monkeypatch.setattr(ratings_tool, "MIN_GAMES", 4)
    ratings_tool.main(draft[: -len(files) - 1] + files)
    written = json.loads(shipped.read_text())
    trouble = written["games"]["trouble"]
    assert trouble["measured"]["seed"] == 77 and trouble["measured"]["games"] == 4
    said = "python tools/ratings.py --seed 77 --games 4 --only trouble"
    assert trouble["measured"]["command"] == said
    assert {r["player"] for r in trouble["ratings"]} == set(ratings_tool.PLAYERS)
    assert not docs.exists()  # no docs to write into: none made

    # a game rated before stays as it was; the docs' section shows every game the file rates
    written["games"]["ludo"] = {**trouble, "ratings": trouble["ratings"][:1]}
    shipped.write_text(json.dumps(written))
    docs.write_text(f"before\n{ratings_tool.START}\nold\n{ratings_tool.END}\nafter\n")
    ratings_tool.main(draft[: -len(files) - 1] + files)
    page = docs.read_text()
    assert page.startswith("before\n") and page.endswith("after\n") and "old" not in page
    assert page.index("**Ludo**") < page.index("**Trouble**")
    assert json.loads(shipped.read_text())["games"]["ludo"]["ratings"] == trouble["ratings"][:1]


def test_a_folder_holding_another_lines_games_is_refused(tmp_path: Path) -> None:
    rules = get_rules("trouble", 4, {})
    lineup = ["medium", "random", "random", "random"]
    tournament.run_kept(rules, lineup, 4, 9, tmp_path)
    assert (tmp_path / "results.json").exists() and not (tmp_path / "partial.jsonl").exists()
    report, rows = tournament.run_kept(rules, lineup, 4, 9, tmp_path)
    assert report["games"] == len(rows) == 4
    with pytest.raises(OptionError, match="not of this line"):
        tournament.run_kept(rules, lineup, 4, 10, tmp_path)


def test_lines_left_out_are_named_and_said_where_the_ratings_are_written() -> None:
    with pytest.raises(SystemExit, match="chess-vs-random: not a line"):
        ratings_tool.main(["--seed", "5", "--leave-out", "chess-vs-random"])
    rated = [{"player": "random", "elo": 0.0, "low": 0.0, "high": 0.0}]
    measured = {"left_out": ["expert-vs-hard"]}
    page = ratings_tool.markdown(
        "trouble", {"ratings": rated, "against_random": {}, "measured": measured}
    )
    assert "Lines left out (`--leave-out`): expert against 3 hard; not played yet." in page
