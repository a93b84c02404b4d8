"""No error a person can meet is raised in English alone: every raise of one of pegrace's
error classes (those of pegrace.errors, web/gamestore.py, web/refusals.py ...: bad input,
refusals) passes its words (``saying(Kind, said(...))``), never a literal or an f-string,
so the CLI and the page can say it in the reader's language. Read from the sources' syntax
trees, so a new English raise fails here before anyone meets it."""

from __future__ import annotations

import ast
import errno
from pathlib import Path

from pegrace.errors import system_words
from pegrace.i18n import Said

SOURCE = Path(__file__).resolve().parent.parent / "src" / "pegrace"


def error_classes(trees: dict[Path, ast.Module]) -> set[str]:
    """PegraceError and every class deriving from it, by name, anywhere in the package."""
    bases: set[tuple[str, str]] = set()
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for base in node.bases:
                    name = base.id if isinstance(base, ast.Name) else getattr(base, "attr", None)
                    if name:
                        bases.add((node.name, name))
    found = {"PegraceError"}
    while grown := {cls for cls, base in bases if base in found} - found:
        found |= grown
    return found


def english_raises(tree: ast.Module, classes: set[str]) -> list[int]:
    """The lines making an error of ``classes`` from a literal, f-string or concatenation."""
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        called = node.func
        name = called.id if isinstance(called, ast.Name) else getattr(called, "attr", None)
        if name in classes and isinstance(node.args[0], ast.Constant | ast.JoinedStr | ast.BinOp):
            lines.append(node.lineno)
    return lines


def test_every_error_a_person_can_meet_is_raised_with_its_words() -> None:
    trees = {path: ast.parse(path.read_text()) for path in sorted(SOURCE.rglob("*.py"))}
    classes = error_classes(trees)
    assert {"OptionError", "RecordError", "StoreError", "TooMany"} <= classes
    english = {
        str(path.relative_to(SOURCE)): lines
        for path, tree in trees.items()
        if (lines := english_raises(tree, classes))
    }
    assert english == {}


def test_an_english_raise_is_found() -> None:
    tree = ast.parse('raise OptionError(f"bad {x}")\nraise saying(OptionError, said("ok"))')
    assert english_raises(tree, {"OptionError"}) == [1]


def test_the_systems_commonest_failures_are_said_in_the_persons_language(tmp_path: Path) -> None:
    try:
        (tmp_path / "nowhere" / "x").read_text()
    except OSError as err:
        words = system_words(err)
    assert isinstance(words, Said) and str(words) == "no such file or folder"
    assert words.said_in("es") == "no existe ese archivo o carpeta"
    odd = OSError(errno.EXDEV, "Invalid cross-device link")
    assert system_words(odd) == "Invalid cross-device link"  # the system's own words, else
