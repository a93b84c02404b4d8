"""benchmarks/strength_table.py: the protocol's lines and commands, its verdicts from reports
(synthetic ones, and a tiny real draft), docs/ai.md's first table written with the rows it did
not measure kept, and the reports-to-rows form docs/results/ai-history.md names."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pegrace.cli import make_parser, tournament_lineup
from scripts import load_script

ROOT = Path(__file__).parent.parent
SCRIPT = ROOT / "benchmarks" / "strength_table.py"
table = load_script("benchmarks/strength_table.py")


def report(game: str, lineup: list[str], wins: int, games: int, seed: int = 7) -> dict[str, Any]:
    """A `pegrace tournament --json` report, with only what the script reads."""
    return {
        "game": game,
        "rules": {},
        "games": games,
        "seed": seed,
        "lineup": lineup,
        "fair_share": 0.25,
        "entries": [
            {"player": lineup[0], "wins": wins, "seat_games": games, "win_rate": wins / games,
             "ci95": list(table.wilson(wins, games))},
        ],
    }  # fmt: skip


def measured(game: str, name: str, wins: int, games: int = 4000, draft: bool = False) -> Any:
    (line,) = table.chosen_lines([game], [name])
    command = shlex.join(table.tournament_args(line, games, 7, 2))
    return table.measured(line, report(game, line.lineup, wins, games), command, draft)


def test_every_game_has_its_lines_and_targets() -> None:
    lines = table.protocol_lines()
    # every game's expert vs hard and 3 levels, and two-dice Ludo's expert vs medium
    assert len(lines) == 4 * len(table.COLUMNS) + 1
    targets = {(line.game, line.name): line.target for line in lines}
    assert targets[("trouble", "expert-vs-hard")] == 0.28
    assert targets[("ludo", "expert-vs-hard")] == targets[("marbles", "expert-vs-hard")] == 0.30
    assert targets[("ludo", "expert-vs-medium")] == 0.325
    assert ("headache", "expert-vs-medium") not in targets
    assert targets[("headache", "easy-vs-random")] == 0.25
    assert all(line.lineup[1:] == [line.others] * 3 for line in lines)


def test_dry_run_prints_the_seed_and_valid_commands(capsys: pytest.CaptureFixture[str]) -> None:
    table.main(["--seed", "31337", "--workers", "2", "--dry-run"])
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("seed 31337")
    commands = out[1:]
    assert len(commands) == 4 * len(table.COLUMNS) + 1
    for command in commands:
        args = make_parser().parse_args(shlex.split(command)[1:])
        tournament_lineup(args)  # pegrace tournament's own checks
        assert (args.games, args.seed, args.workers) == (4000, 31337, 2)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--dry-run"], "--seed S is required"),
        (["--seed", "1", "--games", "3996", "--dry-run"], "--games 3996: a line has at least"),
        (["--seed", "1", "--only", "chess"], "chess: not one of"),
        (["--seed", "1", "report.json"], "either REPORT.json"),
    ],
)
def test_refused_command_lines(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        table.main(argv)
    assert said in capsys.readouterr().err


def test_a_claim_the_interval_does_not_support_is_refused() -> None:
    ludo = measured("ludo", "expert-vs-medium", 179, 556)  # the docs' old 32.2% of 556
    assert table.lines_row(ludo)[7] == "~ above fair share, target not shown"
    assert table.glance_cell(ludo) == "~ 32.2% [28.4, 36.2] of 556"
    weak = measured("trouble", "hard-vs-medium", 1040)  # 26% of 4,000, lower end 24.7%
    assert table.glance_cell(weak).startswith("✘ 26.0% [24.7,")
    shown = measured("ludo", "expert-vs-medium", 1300)
    assert table.glance_cell(shown) == "✔ 32.5% [31.1, 34.0] of 4,000"


def test_a_draft_never_shows_a_tick() -> None:
    assert measured("marbles", "expert-vs-hard", 1400).judgement.verdict.mark == "✔"
    draft = measured("marbles", "expert-vs-hard", 1400, draft=True)
    assert "✔" not in table.lines_row(draft)[7] and draft.judgement.verdict.mark == "~"


def test_a_report_of_another_line_is_refused() -> None:
    (line,) = table.chosen_lines(["ludo"], ["expert-vs-hard"])
    with pytest.raises(SystemExit, match="its report is of ludo"):
        table.measured(line, report("ludo", ["expert"] + ["medium"] * 3, 1, 4), "cmd", False)


def test_a_tiny_real_draft_on_a_cheap_game(tmp_path: Path) -> None:
    docs = tmp_path / "ai.md"
    shutil.copy(ROOT / "docs" / "ai.md", docs)
    out = run_script(
        "--seed", "3", "--games", "8", "--draft", "--only", "trouble", "--lines",
        "easy-vs-random", "--docs", str(docs), "--keep", str(tmp_path / "reports"),
    )  # fmt: skip
    assert out.startswith("seed 3:")
    assert "pegrace tournament trouble --player easy --player random" in out
    assert "| Trouble | easy vs 3 random | > 25% | 3 | 8 |" in out
    rows = [text for text in out.splitlines() if text.startswith("|")]
    assert rows and not any("✔" in row for row in rows)
    assert "draft: no tick shown, docs not written" in out
    assert docs.read_text() == (ROOT / "docs" / "ai.md").read_text()
    (kept,) = (tmp_path / "reports").iterdir()
    assert kept.name == "trouble-easy-vs-random-3.json"


def test_a_line_kept_in_its_folder_plays_on_and_is_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--out: a line stopped before its end plays on with --resume; a finished one is not
    played again; a folder holding another line's report is refused."""
    (line,) = table.chosen_lines(["trouble"], ["easy-vs-random"])
    command = table.tournament_args(line, 8, 3, 1)
    folder = tmp_path / "line"
    first = table.play(command, folder)
    assert first["games"] == 8 and (folder / "results.json").exists()
    ran: list[list[str]] = []

    def stopped(args: list[str], **_: Any) -> subprocess.CompletedProcess[str]:
        ran.append(args)
        return subprocess.CompletedProcess(args, 1, "")

    monkeypatch.setattr(table.subprocess, "run", stopped)
    assert table.play(command, folder) == first and ran == []
    with pytest.raises(SystemExit, match="not of this line"):
        table.play(table.tournament_args(line, 8, 4, 1), folder)
    (folder / "results.json").rename(tmp_path / "done.json")
    (folder / "partial.jsonl").write_text("")
    with pytest.raises(SystemExit, match="exited 1"):  # played (by the stub), not read back
        table.play(command, folder)
    assert ran[-1][-2:] == ["--resume", "--json"]


def run_script(*argv: str) -> str:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *argv], capture_output=True, text=True, check=True
    )
    return done.stdout


def test_a_real_line_on_a_cheap_game_written_and_drafted(tmp_path: Path) -> None:
    """easy against 3 random in Trouble: 4,000 games in well under a second."""
    docs = tmp_path / "ai.md"
    shutil.copy(ROOT / "docs" / "ai.md", docs)
    argv = ("--seed", "3", "--only", "trouble", "--lines", "easy-vs-random", "--docs", str(docs))
    drafted = run_script(*argv, "--draft")
    assert docs.read_text() == (ROOT / "docs" / "ai.md").read_text()
    assert "| Trouble | easy vs 3 random | > 25% | 3 | 4,000 |" in drafted
    assert "~ above fair share, target not shown" in drafted  # the same line, but a draft
    written = run_script(*argv)
    page = docs.read_text()
    command = (
        "pegrace tournament trouble --player easy --player random --player random "
        "--player random --games 4000 --seed 3 --workers 1"
    )
    row = next(text for text in page.splitlines() if text.endswith(f"| `{command}` |"))
    assert row.startswith("| Trouble | easy vs 3 random | > 25% | 3 | 4,000 |")
    assert "| ✔ met |" in row and row in written
    assert glance_rows(page)[table.LABELS["easy-vs-random"]][0].startswith("✔ ")


def glance_rows(page: str) -> dict[str, list[str]]:
    block = page[page.index(table.START) : page.index(table.END)]
    rows = table.tables_of(block)[0][1:]
    return {row[0]: row[1:] for row in rows}


def test_writing_replaces_measured_cells_and_keeps_the_rest(tmp_path: Path) -> None:
    docs = tmp_path / "ai.md"
    shutil.copy(ROOT / "docs" / "ai.md", docs)
    before = glance_rows(docs.read_text())
    table.write_docs(docs, [measured("ludo", "expert-vs-medium", 1300)])
    page = docs.read_text()
    after = glance_rows(page)
    medium, hard = table.LABELS["expert-vs-medium"], table.LABELS["expert-vs-hard"]
    assert after[medium][1] == "✔ 32.5% [31.1, 34.0] of 4,000"
    assert after[hard] == before[hard]  # not measured: kept
    for label in set(before) - {medium}:
        assert after[label] == before[label]
    assert "| two-dice Ludo | expert vs 3 medium | ≥ 32.5% | 7 | 4,000 | 32.5% |" in page
    assert "`pegrace tournament ludo --player expert --player medium" in page
    assert page.count(table.START) == page.count(table.END) == 1
    outside = page.replace(page[page.index(table.START) : page.index(table.END)], "")
    original = (ROOT / "docs" / "ai.md").read_text()
    assert outside == original.replace(
        original[original.index(table.START) : original.index(table.END)], ""
    )


def test_the_level_rows_supersede_the_old_one_once_every_game_is_measured(
    tmp_path: Path,
) -> None:
    docs = tmp_path / "ai.md"  # a page from before the level lines
    docs.write_text(
        f"# Computer players\n\n{table.START}\n| | Trouble | two-dice Ludo | Headache | Marbles |\n"
        f"|---|---|---|---|---|\n| {table.SUPERSEDED} | ✔ | ✔ | ✔ | ✔ |\n{table.END}\n"
    )
    levels = list(table.LEVEL_LINES)
    table.write_docs(docs, [measured("ludo", name, 1200) for name in levels])
    assert table.SUPERSEDED in glance_rows(docs.read_text())  # three games to go
    others = [game for game in table.COLUMNS if game != "ludo"]
    rest = [measured(g, n, 1200) for g in others for n in levels]
    table.write_docs(docs, rest)
    page = docs.read_text()
    rows = glance_rows(page)
    assert table.SUPERSEDED not in rows
    games = len(table.COLUMNS)
    assert rows[table.LABELS["easy-vs-random"]] == ["✔ 30.0% [28.6, 31.4] of 4,000"] * games
    assert page.count("| easy vs 3 random | > 25% |") == games  # the first run's lines kept too


def test_reports_to_rows_and_pooled(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = []
    for seed, wins in ((1, 30), (2, 34)):
        path = tmp_path / f"{seed}.json"
        path.write_text(
            table.json.dumps(report("ludo", ["expert"] + ["hard"] * 3, wins, 100, seed))
        )
        paths.append(str(path))
    table.main(["--pool", *paths])
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("| game | line-up | games | first entry wins |")
    assert out[2].startswith("| ludo | expert vs 3 hard | 100 | 30.0% | [21.9%, 39.6%] | 25% |")
    assert out[-1] == "ludo expert vs 3 hard, seeds 1, 2: 64 of 200, 32.0% [25.9%, 38.8%]"


def test_a_choice_that_leaves_no_line_is_refused() -> None:
    with pytest.raises(SystemExit, match="leave no line"):
        table.main(["--seed", "1", "--only", "headache", "--lines", "expert-vs-medium"])
