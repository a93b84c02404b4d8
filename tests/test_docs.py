"""The documentation's examples run as written."""

from __future__ import annotations

import json
import os
import re
import shlex
from pathlib import Path

from pegrace.cli import make_parser, tournament_lineup
from pegrace.notation import load_state
from pegrace.tournament import lineup_units

ROOT = Path(__file__).parent.parent


def code_blocks(path: Path, language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", path.read_text(), re.S)


def test_readme_python_example_runs() -> None:
    (example,) = code_blocks(ROOT / "README.md", "python")
    namespace: dict[str, object] = {}
    exec(compile(example, "README.md", "exec"), namespace)
    assert namespace["state"].is_over  # type: ignore[attr-defined]


def test_notation_state_example_loads() -> None:
    example = code_blocks(ROOT / "docs" / "notation.md", "json")[0]
    rules, state = load_state(example)
    assert rules.name == "trouble" and state.roll == 4
    assert {str(m) for m in rules.legal_moves(state)} == {"track:3>track:7", "pass"}
    assert json.loads(example)["pieces"]["blue"] == ["finish:1", "finish:2", "finish:3", "finish:4"]


def documented_commands(path: Path, command: str) -> list[str]:
    """Every `pegrace COMMAND ...` a document shows: inline code and lines of sh blocks."""
    inline = re.findall(rf"`(pegrace {command} [^`]+)`", path.read_text())
    lines = [line for block in code_blocks(path, "sh") for line in block.splitlines()]
    return inline + [line for line in lines if line.startswith(f"pegrace {command} ")]


def test_documented_tournaments_are_valid_commands() -> None:
    """The strength tables' commands reproduce their rows only if they still parse, name
    known players and rule values, and seat the line-up (what `pegrace tournament` checks
    before its first game); playing them would take hours. The dated tables live in
    docs/results/ai-history.md, moved from docs/ai.md."""
    pages = (
        ROOT / "docs" / "ai.md",
        ROOT / "docs" / "ai-inside.md",
        ROOT / "docs" / "results" / "ai-history.md",
    )
    documented = [line for page in pages for line in documented_commands(page, "tournament")]
    commands = [command for command in documented if "--help" not in command]
    assert len(commands) > 50
    for command in commands:
        rules, lineup = tournament_lineup(make_parser().parse_args(shlex.split(command)[1:]))
        lineup_units(rules, len(lineup))  # raises unless the line-up fits the seats


def test_make_play_installs_what_playing_needs_and_make_test_the_dev_tools() -> None:
    """`make play` on a fresh machine builds the package alone (no test tools, no browsers)."""
    import subprocess

    def commands(target: str, *settings: str) -> str:
        # as a make of its own, even when the tests run under `make test`
        env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
        command = ["make", "--no-print-directory", "-n", "-B", target, *settings]
        done = subprocess.run(
            command, cwd=ROOT, capture_output=True, text=True, check=True, env=env
        )
        return done.stdout

    play = commands("play")
    assert "pip install -v -e . 2>&1" in play and "[dev]" not in play
    assert "its native core (Rust: a few minutes the first time)" in play  # never silent
    assert "chromium" not in play and play.rstrip().endswith("pegrace serve")
    assert "pip install -v -e '.[dev]' 2>&1" in commands("unit")
    elsewhere = commands("play", "PORT=8123", "HOST=0.0.0.0", "PUBLIC=1")
    assert elsewhere.rstrip().endswith("pegrace serve --port 8123 --host 0.0.0.0 --public")


def test_the_readmes_play_and_serve_commands_parse() -> None:
    for command in ("play", "serve"):
        documented = documented_commands(ROOT / "README.md", command)
        assert documented, command
        for line in documented:
            if "[" in line:
                continue  # a synopsis: [optional] parts
            args = make_parser().parse_args(shlex.split(line, comments=True)[1:])
            assert args.command == command


# Docs over the length limit (issue 57): none since ai.md, rl.md, performance.md and
# architecture.md were split as docs/web.md was; a long one is split by reader, not listed here.
LONG_DOCS: set[str] = set()
MOST_LINES = 400


def reference_docs() -> list[Path]:
    """docs/'s pages, but not docs/results/ (dated measurements, kept whole)."""
    docs = ROOT / "docs"
    return [path for path in docs.rglob("*.md") if "results" not in path.relative_to(docs).parts]


def test_no_doc_is_over_400_lines_but_the_known_long_ones() -> None:
    """A reader gets what they need from one doc of at most 400 lines; the known long docs
    fail this test once they fit, so that they come off the list."""
    lines = {
        path.relative_to(ROOT / "docs").as_posix(): len(path.read_text().splitlines())
        for path in reference_docs()
    }
    too_long = {name for name, count in lines.items() if count > MOST_LINES}
    assert too_long - LONG_DOCS == set(), {name: lines[name] for name in too_long - LONG_DOCS}
    assert LONG_DOCS - too_long == set(), "now within 400 lines: take off LONG_DOCS"


def heading_anchors(path: Path) -> set[str]:
    """The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces to -."""
    headings = [
        line.lstrip("#").strip() for line in path.read_text().splitlines() if line.startswith("#")
    ]
    return {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}


def test_docs_links_to_a_section_find_it() -> None:
    """A link to a heading (`(#limits)`, `(web-public.md#limits)`) names one the page has: a
    section moved to another doc takes its links with it."""
    broken = []
    for path in [*reference_docs(), ROOT / "README.md"]:
        for page, anchor in re.findall(r"\]\(([\w./-]*\.md)?#([\w-]+)\)", path.read_text()):
            target = path.parent / page if page else path
            if anchor not in heading_anchors(target):
                broken.append(f"{path.relative_to(ROOT)}: {page}#{anchor}")
    assert not broken, broken
