"""Reading the files and JSON people hand pegrace (state files, game records, weights and
policy files, a stopped run's kept games, request bodies): whatever is wrong with it (not a
regular file, not UTF-8, not JSON, nested too deeply, a number of thousands of digits, NaN or
Infinity, a file of gigabytes, a control character in a string) is one error naming the file
and the problem, never a traceback or a hang. NaN and Infinity are not JSON (RFC 8259):
Python's reader takes them, and a value holding one cannot be written back as JSON, so they
are refused. Every file a person names is opened here (``open_regular``): only a regular file
is read, as a FIFO never ends (its open waits for a writer) and neither does a device."""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any, BinaryIO

from pegrace.errors import PegraceError, saying, system_words
from pegrace.i18n import N_, Arg, Said, said, said_n

FILE_BYTES = 8 * 1024 * 1024  # the largest JSON file read (records and weights are far smaller)
MIB = 1024 * 1024
# opened without waiting: a FIFO put in a regular file's place after its check opens at once
# (and is refused by its kind) rather than waiting for a writer; no such flag on Windows
NO_WAIT = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
# what a path is, when it is not a regular file, in words
# TRANSLATORS: what a path is: "record x.json is a folder, not a regular file: not read"
KINDS = (
    (stat.S_ISDIR, N_("a folder")),
    (stat.S_ISFIFO, N_("a FIFO (named pipe)")),
    (stat.S_ISCHR, N_("a character device")),
    (stat.S_ISBLK, N_("a block device")),
    (stat.S_ISSOCK, N_("a socket")),
)
# what is read, in words (the readers' ``what``; a path alone, never translated, is one too):
# a kind of file is followed by the file's path ("cannot read record x.json: ...")
# TRANSLATORS: a kind of file pegrace reads, in "cannot read {what} {path}: ..."
RECORD_FILE = Said(N_("record"))
# TRANSLATORS: a kind of file pegrace reads, in "cannot read {what} {path}: ..."
WEIGHTS_FILE = Said(N_("weights file"))
# TRANSLATORS: a kind of file pegrace reads, in "cannot read {what} {path}: ..."
POLICY_FILE = Said(N_("policy file"))
# TRANSLATORS: a kind of file pegrace reads (a tournament's results.json), in "cannot read
# {what} {path}: ..."
TOURNAMENT_RESULTS = Said(N_("tournament results"))
# TRANSLATORS: a kind of file pegrace reads, in "cannot read {what} {path}: ..."; --resume
# is an option, as typed
RESUME_FILE = Said(N_("--resume file"))
# TRANSLATORS: a kind of file pegrace reads (a game's position), in "cannot read {what}
# {path}: ..."
STATE_FILE = Said(N_("state file"))
# TRANSLATORS: a game's position written as JSON (--state), in "{what} is not valid JSON: ..."
THE_STATE = Said(N_("the state"))
# TRANSLATORS: where in a JSON file a control character is: the whole of it, as in "{what}:
# the value holds a control character (U+001B): not read"
THE_VALUE = Said(N_("the value"))
# TRANSLATORS: where in a JSON file a control character is: a key of the whole of it, as in
# "{what}: a key of the value holds a control character (U+001B): not read"
A_KEY_OF_THE_VALUE = Said(N_("a key of the value"))
# control characters (C0, DEL, C1): a string read from a file is shown to people, and one of
# these would write to their terminal (an escape sequence recolours it, moves its cursor, ...)
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


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


def parse_json(text: str | bytes, what: Arg, error: type[PegraceError]) -> Any:
    """The JSON value in ``text``; ``error`` naming ``what`` if there is none."""
    try:
        return loads(text)
    except RecursionError:
        # TRANSLATORS: {what} is what was read ("record games/x.json")
        deep = said("{what} is not valid JSON: nested too deeply", what=what)
        raise saying(error, deep) from None
    except (NotJsonNumber, json.JSONDecodeError) as err:
        # TRANSLATORS: {what} is what was read ("record games/x.json"), {problem} the JSON
        # reader's words for what is wrong
        invalid = said("{what} is not valid JSON: {problem}", what=what, problem=str(err))
        raise saying(error, invalid) from None
    except UnicodeDecodeError as err:
        raise saying(error, not_utf8(what, err.start)) from None
    except ValueError:  # Python refuses to read integers of over 4,300 digits
        # TRANSLATORS: {what} is what was read ("record games/x.json")
        digits = said("{what} is not valid JSON: a number has too many digits", what=what)
        raise saying(error, digits) from None


def not_utf8(what: Arg, byte: int) -> Said:
    # TRANSLATORS: {what} is what was read ("record games/x.json"), {byte} a number
    return said("{what} is not UTF-8 text (byte {byte})", what=what, byte=byte)


def unreadable(what: Arg, path: Path, err: OSError) -> Said:
    # TRANSLATORS: "cannot read record x.json: No such file or directory": {what} what was
    # read ("record"), {problem} the system's words for what went wrong
    return said(
        "cannot read {what} {path}: {problem}", what=what, path=str(path), problem=system_words(err)
    )


def regular_file(path: Path, what: Arg, error: type[PegraceError]) -> os.stat_result:
    """The status of the regular file at ``path`` (links followed), looked at before anything
    opens it: a folder, FIFO, device or socket is ``error`` naming it and what it is."""
    try:
        found = os.stat(path)
    except OSError as err:
        raise saying(error, unreadable(what, path, err)) from None
    _refuse_unless_regular(found, path, what, error)
    return found


def _refuse_unless_regular(
    found: os.stat_result, path: Path, what: Arg, error: type[PegraceError]
) -> None:
    if stat.S_ISREG(found.st_mode):
        return
    # TRANSLATORS: what a path is when it is none of a folder, a FIFO, a device or a socket:
    # "record x.json is something else, not a regular file: not read"
    kind = next((words for test, words in KINDS if test(found.st_mode)), N_("something else"))
    # TRANSLATORS: {what} is what was read ("record"), {kind} what the path is ("a folder")
    problem = said(
        "{what} {path} is {kind}, not a regular file: not read",
        what=what,
        path=str(path),
        kind=Said(kind),
    )
    raise saying(error, problem)


def open_regular(path: Path, what: Arg, error: type[PegraceError]) -> BinaryIO:
    """The regular file at ``path``, open to read bytes (``regular_file`` checks it first, and
    what was opened is checked again: it may have been swapped meanwhile)."""
    regular_file(path, what, error)
    try:
        descriptor = os.open(path, os.O_RDONLY | NO_WAIT)
    except OSError as err:
        raise saying(error, unreadable(what, path, err)) from None
    try:
        _refuse_unless_regular(os.fstat(descriptor), path, what, error)
    except BaseException:
        os.close(descriptor)
        raise
    return os.fdopen(descriptor, "rb")


def _size_words(most: int) -> Said:
    if most % MIB == 0:
        # TRANSLATORS: a file's size: "8 MiB"
        return said_n("{count} MiB", "{count} MiB", most // MIB)
    # TRANSLATORS: a file's size: {size} is its number of bytes ("8000")
    return said_n("{size} byte", "{size} bytes", most, size=most)


def read_bytes(path: Path, what: Arg, error: type[PegraceError], most: int = FILE_BYTES) -> bytes:
    """The bytes of the regular file at ``path``, at most ``most`` of them: a larger file is
    refused by name, not read into memory."""
    with open_regular(path, what, error) as file:
        try:
            size = os.fstat(file.fileno()).st_size
            # one more than the most: a file that grew since its size was looked at is seen to
            data = b"" if size > most else file.read(most + 1)
        except OSError as err:
            raise saying(error, unreadable(what, path, err)) from None
    if max(size, len(data)) > most:
        # TRANSLATORS: {what} is what was read ("record"), {size} the most read ("8 MiB")
        large = said(
            "{what} {path} is larger than {size}: not read",
            what=what,
            path=str(path),
            size=_size_words(most),
        )
        raise saying(error, large)
    return data


def read_text(path: Path, what: Arg, error: type[PegraceError], most: int = FILE_BYTES) -> str:
    """The UTF-8 text of the regular file at ``path`` (``read_bytes``)."""
    data = read_bytes(path, what, error, most)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise saying(error, not_utf8(named_file(what, path), err.start)) from None


def read_json(path: Path, what: Arg, error: type[PegraceError], most: int = FILE_BYTES) -> Any:
    """The JSON value in the regular file at ``path`` (``read_text``), with no control
    character in any of its strings."""
    return checked_json(read_text(path, what, error, most), named_file(what, path), error)


def named_file(what: Arg, path: Path | str) -> Said:
    """A kind of file and the file: ``record games/x.json``."""
    # TRANSLATORS: a kind of file and its path: "record games/x.json", "weights file v.json"
    return said("{what} {path}", what=what, path=str(path))


def key_of(where: str) -> Said:
    """A key of the object at ``where`` (as typed: "events[3]"; "": the whole value)."""
    if not where:
        return A_KEY_OF_THE_VALUE
    # TRANSLATORS: where a control character is: "a key of rules"; {where} is where in a
    # file, as typed ("events[3]")
    return said("a key of {where}", where=where)


def checked_json(text: str | bytes, what: Arg, error: type[PegraceError]) -> Any:
    """``parse_json``, refusing a value with a control character in any string (key or value):
    what a file says may be shown to a person, and would write to their terminal."""
    value = parse_json(text, what, error)
    found = _first_control(value)
    if found is not None:
        where, character = found
        # TRANSLATORS: {what} is what was read ("record x.json"), {where} where in it
        # ("events[3].colour"), {character} the character ("U+001B")
        control = said(
            "{what}: {where} holds a control character ({character}): not read",
            what=what,
            where=where,
            character=character,
        )
        raise saying(error, control)
    return value


def _first_control(value: Any) -> tuple[Arg, str] | None:
    """Where the first string holding a control character is in a JSON value (a key, or a
    value such as ``events[3].colour``) and that character (``U+001B``); None if none does.
    A stack, not recursion: the value may be nested as deeply as the reader took."""
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        item, where = stack.pop()
        if isinstance(item, str):
            character = _control_in(item)
            if character is not None:
                return where or THE_VALUE, character
        elif isinstance(item, dict):
            for key in item:
                character = _control_in(key)
                if character is not None:
                    return key_of(where), character
            children = [(each, f"{where}.{key}" if where else key) for key, each in item.items()]
            stack += reversed(children)  # reversed on the stack: taken in the file's order
        elif isinstance(item, list):
            # numbers hold no characters: a policy's hundreds of thousands are not stacked
            children = [
                (each, f"{where}[{index}]")
                for index, each in enumerate(item)
                if isinstance(each, str | list | dict)
            ]
            stack += reversed(children)
    return None


def _control_in(text: str) -> str | None:
    """The first control character in ``text`` (``U+001B``), if any."""
    found = CONTROL.search(text)
    return None if found is None else f"U+{ord(found.group()):04X}"
