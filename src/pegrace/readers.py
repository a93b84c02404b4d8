"""Reading the JSON people hand pegrace (state files, game records, weights files, request
bodies): whatever is wrong with it (not UTF-8, not JSON, nested too deeply, a number of
thousands of digits, NaN or Infinity, a file of gigabytes) is one error naming the file and
the problem, never a traceback. NaN and Infinity are not JSON (RFC 8259): Python's reader
takes them, and a value holding one cannot be written back as JSON, so they are refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pegrace.errors import PegraceError

FILE_BYTES = 8 * 1024 * 1024  # the largest JSON file read (records and weights are far smaller)


class NotJsonNumber(ValueError):
    """A literal Python's reader would take as a number but JSON has not: NaN, Infinity."""


def _refuse_constant(name: str) -> Any:
    raise NotJsonNumber(f"{name} is not a JSON number")


def loads(text: str | bytes) -> Any:
    """``json.loads`` that refuses NaN, Infinity and -Infinity (NotJsonNumber, a ValueError);
    a number too large for a float (``1e400``) reads as one of those, so it is refused too."""
    value = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    return value


def _finite_float(text: str) -> float:
    number = float(text)
    if number in (float("inf"), float("-inf")):
        raise NotJsonNumber(f"{text[:40]} is too large a number")
    return number


def parse_json(text: str | bytes, what: str, error: type[PegraceError]) -> Any:
    """The JSON value in ``text``; ``error`` naming ``what`` if there is none."""
    try:
        return loads(text)
    except RecursionError:
        raise error(f"{what} is not valid JSON: nested too deeply") from None
    except NotJsonNumber as err:
        raise error(f"{what} is not valid JSON: {err}") from None
    except json.JSONDecodeError as err:
        raise error(f"{what} is not valid JSON: {err}") from None
    except UnicodeDecodeError as err:
        raise error(f"{what} is not UTF-8 text (byte {err.start})") from None
    except ValueError:  # Python refuses to read integers of over 4,300 digits
        raise error(f"{what} is not valid JSON: a number has too many digits") from None


def read_json(path: Path, what: str, error: type[PegraceError], most: int = FILE_BYTES) -> Any:
    """The JSON value in the file at ``path`` (at most ``most`` bytes: a device or a huge file
    is refused by name, not read into memory)."""
    try:
        with path.open("rb") as file:
            data = file.read(most + 1)
    except OSError as err:
        raise error(f"cannot read {what} {path}: {err.strerror}") from None
    if len(data) > most:
        raise error(f"{what} {path} is larger than {most // (1024 * 1024)} MiB: not read")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise error(f"{what} {path} is not UTF-8 text (byte {err.start})") from None
    return parse_json(text, f"{what} {path}", error)
