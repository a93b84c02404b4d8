"""Reports compared between runs that differ only in where their games were played."""

from __future__ import annotations

import json
from typing import Any


def without_command(text: str) -> dict[str, Any]:
    """A JSON report read, without the command line that made it (pegrace.provenance): two
    runs with other --workers or --scheduler make the same report but for that."""
    report: dict[str, Any] = json.loads(text)
    report.pop("command")
    return report
