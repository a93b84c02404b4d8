"""Loading a script of the repo's (benchmarks/, tools/: folders that are not packages) by its
path, as a module the tests can call into."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).parent.parent


def load_script(relative: str) -> ModuleType:
    """``relative``, e.g. ``tools/layout_check.py``, loaded once under its file's stem."""
    path = ROOT / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(path.stem, module)  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module
