"""The documentation's examples run as written."""

from __future__ import annotations

import json
import re
from pathlib import Path

from pegrace.notation import load_state

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
