"""The game registry (pegrace.games' ``ENTRIES``, and the core's game list) against the places
docs/architecture.md's "Adding a game" checklist names: every registered game has each of them,
every per-game file belongs to a registered game, no other list of the games is kept, and the
checklist itself stays short. A failure names the game and the place."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from pegrace import _core
from pegrace.games import ENTRIES, entry, get_rules
from pegrace.pictures import draw
from pegrace.value import WEIGHTS
from pegrace.web.boards import board_layout, piece_spots
from pegrace.web.boards.drawing import Board

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(ENTRIES)
MAX_PLACES = 8
# files in the per-game folders that belong to no one game: what the games' files share
SHARED = {
    "core/games": {"mod.rs"},
    "src/pegrace/games": {"__init__.py", "entry.py"},
    "src/pegrace/lessons": {"__init__.py", "script.py"},
    "src/pegrace/pictures": {"__init__.py", "raster.py"},
    "src/pegrace/web/boards": {"__init__.py", "drawing.py", "labels.py", "race.py"},
    "docs/rules": set(),
}


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
        if path.name not in SHARED[folder] and path.name != "__pycache__" and not belongs(path.name)
    ]
    assert not stray, f"not a registered game (pegrace.games.ENTRIES): {', '.join(stray)}"


def test_the_core_lists_the_registered_games_and_no_other() -> None:
    assert sorted(_core.game_names()) == GAMES, "core/binding/shared.rs's games"


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
    assert found.guide.sections, f"{game}'s GUIDE"
    assert found.nodes_per_ms > 0
    for model in found.models:
        assert (WEIGHTS / f"{model}.json").exists(), f"{game}'s model {model}: no weights file"
    gym = pytest.importorskip("gymnasium")
    importlib.import_module("pegrace.rl")
    assert found.gym_id in gym.registry
    assert importlib.import_module(found.aec_module).raw_env().metadata["name"] == f"{game}_v0"


def test_no_other_list_of_the_games_is_kept() -> None:
    """A line naming two games as strings is a list of them kept by hand: it belongs in the
    registry. Tests, which check the games one by one, do not count."""
    names = "|".join(map(re.escape, GAMES))
    quoted = re.compile(rf"""["']({names})["']""")
    lists = [
        f"{path.relative_to(ROOT)}:{number}"
        for pattern in ("src/pegrace/**/*.py", "core/**/*.rs", "src/pegrace/web/static/*.js")
        for path in sorted(ROOT.glob(pattern))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if len(set(quoted.findall(line))) > 1
    ]
    assert not lists, f"lists of games outside the registry: {', '.join(lists)}"
