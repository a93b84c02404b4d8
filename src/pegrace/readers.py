"""Reading the JSON people hand pegrace (state files, game records): whatever is wrong with it
(not UTF-8, not JSON, nested too deeply, a number of thousands of digits) is one error naming
the file and the problem, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pegrace.errors import PegraceError


def parse_json(text: str, what: str, error: type[PegraceError]) -> Any:
    """The JSON value in ``text``; ``error`` naming ``what`` if there is none."""
    try:
        return json.loads(text)
    except RecursionError:
        raise error(f"{what} is not valid JSON: nested too deeply") from None
    except json.JSONDecodeError as err:
        raise error(f"{what} is not valid JSON: {err}") from None
    except ValueError:  # Python refuses to read integers of over 4,300 digits
        raise error(f"{what} is not valid JSON: a number has too many digits") from None


def read_json(path: Path, what: str, error: type[PegraceError]) -> Any:
    """The JSON value in the file at ``path``."""
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as err:
        raise error(f"cannot read {what} {path}: {err.strerror}") from None
    except UnicodeDecodeError as err:
        raise error(f"{what} {path} is not UTF-8 text (byte {err.start})") from None
    return parse_json(text, f"{what} {path}", error)
