"""The game registry (pegrace.games' ``ENTRIES``, and the core's game list) against the places
docs/architecture.md's "Adding a game" checklist names: every registered game has each of them,
every per-game file belongs to a registered game, no other list of the games is kept, and the
checklist itself stays short. A failure names the game and the place."""

from __future__ import annotations

import importlib
import io
import re
import tokenize
from importlib import resources
from pathlib import Path

import pytest

from pegrace import _core
from pegrace.boards import board_layout, piece_spots
from pegrace.boards.drawing import Board
from pegrace.games import ENTRIES, entry, get_rules
from pegrace.lessons import lesson_of
from pegrace.pictures import draw
from pegrace.value import TRAINED_UNDER, WEIGHTS

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(ENTRIES)
MAX_PLACES = 8
# files in the per-game folders that belong to no one game: what the games' files share
SHARED = {
    "core/games": {"mod.rs"},
    "src/pegrace/games": {"__init__.py", "entry.py"},
    "docs/rules": set(),
}
# what the games' own modules share, each game's part in its package (pegrace/games/<game>/):
# no one game's file here
COMMON = ("src/pegrace/pictures", "src/pegrace/boards", "src/pegrace/lessons")


def checklist() -> list[str]:
    """The numbered items of docs/architecture.md's "Adding a game"."""
    text = (ROOT / "docs" / "architecture.md").read_text()
    section = text.split("## Adding a game", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\d+\. (.*(?:\n   .*)*)", section, flags=re.MULTILINE)


def checklist_places() -> list[str]:
    """Every path the checklist writes with ``<game>`` in it."""
    return [p for item in checklist() for p in re.findall(r"`([^` ]*<game>[^` ]*)`", item)]


def exists_for(pattern: str, game: str) -> bool:
    """``pattern`` with ``<game>`` filled in names a file, or the game is a package of its own
    there (core/games/ludo/, games/ludo/), or, for a pattern with ``*``, some file."""
    path = pattern.replace("<game>", game)
    if "*" in path:
        return any(ROOT.glob(path))
    file = ROOT / path
    return file.exists() or file.with_suffix("").is_dir()


def test_the_checklist_is_short_and_names_its_places() -> None:
    items = checklist()
    assert 0 < len(items) <= MAX_PLACES, f"{len(items)} places to add a game, at most {MAX_PLACES}"
    places = checklist_places()
    for folder in SHARED:
        named = any(p.startswith(folder + "/") for p in places)
        assert named, f"the checklist never names {folder}/"


@pytest.mark.parametrize("game", GAMES)
def test_every_place_of_the_checklist_has_the_game(game: str) -> None:
    missing = [p for p in checklist_places() if not exists_for(p, game)]
    assert not missing, f"{game} is missing from: {', '.join(missing)}"


def belongs(name: str) -> bool:
    """A file of one game's: the game's name, or that and more after "_" (headache_tests.rs)."""
    stem = name.split(".", maxsplit=1)[0]
    return any(stem == game or stem.startswith(game + "_") for game in ENTRIES)


@pytest.mark.parametrize("folder", sorted(SHARED))
def test_every_per_game_file_belongs_to_a_registered_game(folder: str) -> None:
    stray = [
        f"{folder}/{path.name}"
        for path in sorted((ROOT / folder).iterdir())
        if path.name not in SHARED[folder] and path.name != "__pycache__"
        if not belongs(path.name)
    ]
    assert not stray, f"not a registered game (pegrace.games.ENTRIES): {', '.join(stray)}"


@pytest.mark.parametrize("folder", COMMON)
def test_what_the_games_share_holds_no_one_games_file(folder: str) -> None:
    ones = [path.name for path in sorted((ROOT / folder).iterdir()) if belongs(path.name)]
    assert not ones, f"{folder}/ holds {', '.join(ones)}: into its game's package"


def test_the_core_lists_the_registered_games_and_no_other() -> None:
    assert sorted(_core.game_names()) == GAMES, "core/registry.rs's games"


@pytest.mark.parametrize("game", GAMES)
def test_every_entry_is_whole_and_works(game: str) -> None:
    found = entry(game)
    assert found.rules.__module__.startswith(f"pegrace.games.{game}"), found.rules.__module__
    rules = get_rules(game)
    state = rules.initial_state()
    assert draw(rules, state).strip(), f"{found.picture}.draw drew nothing"
    board = importlib.import_module(found.board).BOARD
    assert isinstance(board, Board), f"{found.board}.BOARD"
    assert board_layout(rules)["game"] == game
    assert piece_spots(rules, state)
    assert lesson_of(game).game == game and lesson_of(game).steps, f"{found.lesson}.LESSON"
    style = (resources.files(found.package) / "style.css").read_text()
    assert f".game-{game} .board {{" in style, f"{game}'s style.css draws no board"
    assert found.guide.sections, f"{game}'s GUIDE"
    assert found.nodes_per_ms > 0
    for model in (name for name, (of, _) in TRAINED_UNDER.items() if of == game):
        assert (WEIGHTS / f"{model}.json").exists(), f"{game}'s model {model}: no weights file"
    gym = pytest.importorskip("gymnasium")
    importlib.import_module("pegrace.rl")
    assert found.gym_id in gym.registry
    assert importlib.import_module(found.aec_module).raw_env().metadata["name"] == f"{game}_v0"


# where the games are listed: the registries themselves
REGISTRIES = {"core/registry.rs", "core/games/mod.rs", "src/pegrace/games/__init__.py"}
# known debt, only to shrink (none today)
NAMING_OTHERS: set[str] = set()


def code_in(text: str, suffix: str) -> str:
    """A source file's code: its comments, docstrings and Rust unit tests left out."""
    if suffix == ".py":
        tokens = tokenize.generate_tokens(io.StringIO(text).readline)
        kept, previous, depth = [], tokenize.NEWLINE, 0
        for token in tokens:
            depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(token.string, 0)
            starts = previous in (tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT)
            docstring = token.type == tokenize.STRING and starts and depth == 0
            if token.type != tokenize.COMMENT and not docstring:
                kept.append(token.string)
            previous = token.type
        return " ".join(kept)
    text = re.sub(r"//[^\n]*|/\*.*?\*/", "", text, flags=re.DOTALL)
    return re.split(r"#\[cfg\(test\)\]\s*mod tests", text)[0]


def games_named(code: str) -> set[str]:
    """The games a piece of code names, in any shape: a string, a module, a type
    (``ClassicLudo``, ``games::headache``, ``"marbles"``), a Ludo rule set as Ludo."""
    words = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", code)
    named = {"ludo" if word.lower() == "ludopy" else word.lower() for word in words}
    return named & set(GAMES)


def test_games_are_named_together_only_in_the_registries() -> None:
    """Code naming two games keeps a list of them, or what one of them does, by hand: it
    belongs in the registry or in the game's own folder. Tests, which check the games one by
    one, do not count."""
    found = {
        str(path.relative_to(ROOT)): games_named(code_in(path.read_text(), path.suffix))
        for pattern in ("src/pegrace/**/*.py", "core/**/*.rs", "src/pegrace/web/static/*.js")
        for path in sorted(ROOT.glob(pattern))
        if not path.stem.endswith("tests")  # a Rust module of unit tests (resign_tests.rs)
    }
    lists = [
        f"{name} ({', '.join(sorted(games))})" for name, games in found.items() if len(games) > 1
    ]
    unexpected = sorted(
        set(lists) - {n for n in lists if n.split(" ")[0] in REGISTRIES | NAMING_OTHERS}
    )
    assert not unexpected, f"games named together outside the registry: {'; '.join(unexpected)}"
    mended = [name for name in NAMING_OTHERS if len(found[name]) < 2]
    assert not mended, f"no longer names two games, take it off NAMING_OTHERS: {mended}"


def test_a_game_named_in_any_shape_is_found() -> None:
    rust = "enum Judged {\n    Headache(Box<HeadacheJudge>),\n    ClassicLudo(x), // Marbles\n}"
    assert games_named(code_in(rust, ".rs")) == {"headache", "ludo"}
    python = '"""Trouble and Marbles."""\nGAMES = (\n    "trouble",\n    ludopy.RULES,\n)\n'
    assert games_named(code_in(python, ".py")) == {"trouble", "ludo"}
    assert games_named("troubled = headaches") == set()
