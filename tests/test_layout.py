"""No circles, no long files (issue 38): tools/layout_check.py's findings are exactly today's
known debt. A new import cycle (one of types too: an import under `if TYPE_CHECKING:` counts)
or a new file over 600 lines fails here; a fixed one fails too until it is taken off its list,
so the lists only shrink."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from scripts import load_script

ROOT = Path(__file__).parent.parent

# Today's debt, each entry with what removes it: none. A new cycle (by its members, its strongly
# connected component) or a file over 600 lines fails, and the lists only shrink.
KNOWN_CYCLES: set[tuple[str, ...]] = set()
KNOWN_LONG: set[str] = set()


def layout_check() -> ModuleType:
    return load_script("tools/layout_check.py")


def differences(
    found: set[str] | set[tuple[str, ...]], known: set[str] | set[tuple[str, ...]]
) -> str:
    new = sorted(map(str, found - known))
    gone = sorted(map(str, known - found))
    return f"new (remove it; do not list it): {new}; gone (take it off the list): {gone}"


def test_no_python_import_cycles() -> None:
    found = layout_check().python_cycles(ROOT)
    assert not found, "\n".join(" -> ".join(cycle.path) for cycle in found)


def test_rust_module_cycles_are_the_known_ones() -> None:
    found = {cycle.members for cycle in layout_check().rust_cycles(ROOT)}
    assert found == KNOWN_CYCLES, differences(found, KNOWN_CYCLES)


def test_long_files_are_the_known_ones() -> None:
    found = {long.path for long in layout_check().long_files(ROOT)}
    assert found == KNOWN_LONG, differences(found, KNOWN_LONG)


def test_the_check_finds_a_cycle_dodged_in_a_function_and_one_of_types(
    tmp_path: Path,
) -> None:
    package = tmp_path / "src" / "pegrace"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pegrace import b\n")
    (package / "b.py").write_text("def f():\n    from pegrace.a import x\n")
    (package / "c.py").write_text(  # a type-level cycle is a cycle too
        "from typing import TYPE_CHECKING\nimport os\nif TYPE_CHECKING:\n    from . import d\n"
    )
    (package / "d.py").write_text("from pegrace import c\n")
    (package / "e.py").write_text("from pegrace import a\n")  # below a cycle: none of it
    check = layout_check()
    dodged, types = check.python_cycles(tmp_path)
    assert dodged.members == ("pegrace.a", "pegrace.b")
    assert dodged.path == ("pegrace.a", "pegrace.b", "pegrace.a")
    assert dodged.lines == ("src/pegrace/a.py:1", "src/pegrace/b.py:2")
    assert types.members == ("pegrace.c", "pegrace.d")
    assert types.lines == ("src/pegrace/c.py:4", "src/pegrace/d.py:1")
    core = tmp_path / "core"
    (core / "ai").mkdir(parents=True)
    (core / "lib.rs").write_text("pub mod ai;\npub mod rng;\n")
    (core / "rng.rs").write_text(  # comments, strings and tests do not count
        '// crate::ai\nconst S: &str = "crate::ai::x";\n'
        "#[cfg(test)]\nmod t {\n    use crate::ai;\n}\n"
    )
    (core / "ai" / "mod.rs").write_text("pub mod eval;\nuse eval::Judge;\n")
    (core / "ai" / "eval.rs").write_text("use crate::{rng::Draw, ai::X};\n")
    (cycle,) = check.rust_cycles(tmp_path)
    assert cycle.members == ("crate::ai", "crate::ai::eval")
    assert check.main(["--root", str(tmp_path)]) == 1
