"""Where pegrace writes (weights files, learning curves, game records, reports, the web's game
store): checked before any long work starts, so a path that cannot be written is one line
naming it at once, not an error after the games are played. The checks leave nothing behind:
a folder that is missing is only looked at (the work makes it, with its parents, when it
writes), and whether a folder takes new files is tried with a file that is removed at once."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from pegrace.errors import OptionError, saying, system_words
from pegrace.i18n import Arg, Said, said
from pegrace.readers import named_file

# in every message: {path}, an option with the path given ("--out results/"), as typed;
# {problem}, the system's words for what went wrong


def shown_as(flag: Arg, path: Path) -> Arg:
    """An option with the path given ("--out results/"), or words for where it is, and it."""
    return named_file(flag, path) if isinstance(flag, Said) else f"{flag} {path}"


def check_file(path: Path, flag: Arg, *, make_parents: bool = False) -> None:
    """Refuse a file ``flag path`` that cannot be written: a folder, anything but a regular
    file (``/dev/zero``), one this process may not write, or one in a folder that is missing
    (unless ``make_parents``: then the nearest folder there is must take new files) or that
    does not take new files."""
    shown = shown_as(flag, path)
    try:
        if path.is_dir():
            # TRANSLATORS: {path} is an option with the path given ("--record games/")
            raise saying(OptionError, said("{path}: a folder; name a file in it", path=shown))
        if path.exists():
            if not path.is_file():
                raise saying(OptionError, said("{path}: not a regular file", path=shown))
            with path.open("ab"):  # opened to append, not written: the file stays as it is
                pass
            return
        folder = path.absolute().parent
        if not make_parents and not folder.exists():
            missing = said(
                "{path}: folder {folder} does not exist", path=shown, folder=str(path.parent)
            )
            raise saying(OptionError, missing)
        _check_new_files(_nearest_folder(folder, shown), shown)
    except OSError as err:
        # TRANSLATORS: {problem} is the system's words for what went wrong
        problem = said("{path}: cannot write it ({problem})", path=shown, problem=system_words(err))
        raise saying(OptionError, problem) from None


def check_folder(path: Path, flag: Arg) -> None:
    """Refuse a folder ``flag path`` to write files in that cannot be one: a file or a device,
    one that does not take new files, or a missing one whose nearest existing parent does not
    take new folders."""
    shown = shown_as(flag, path)
    try:
        if path.exists():
            if not path.is_dir():
                raise saying(OptionError, said("{path}: not a folder", path=shown))
            _check_new_files(path, shown)
            return
        _check_new_files(_nearest_folder(path.absolute(), shown), shown)
    except OSError as err:
        problem = said(
            "{path}: cannot write there ({problem})", path=shown, problem=system_words(err)
        )
        raise saying(OptionError, problem) from None


def make_folder(path: Path, flag: Arg) -> None:
    """Make the folder ``path`` (and any missing parents), as ``check_folder`` found possible."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        shown = shown_as(flag, path)
        problem = said(
            "{path}: cannot make the folder ({problem})",
            path=shown,
            problem=system_words(err),
        )
        raise saying(OptionError, problem) from None


def _nearest_folder(path: Path, shown: Arg) -> Path:
    """``path`` or its nearest parent that exists, which must be a folder."""
    for folder in (path, *path.parents):
        if folder.exists():
            if not folder.is_dir():
                problem = said("{path}: {folder} is not a folder", path=shown, folder=str(folder))
                raise saying(OptionError, problem)
            return folder
    return Path(path.anchor or ".")


def _check_new_files(folder: Path, shown: Arg) -> None:
    """Whether ``folder`` takes a new file: one is made and removed (the system's permission
    bits alone do not say: root may write anywhere by them, but not in /proc or on a
    file system mounted read-only)."""
    try:
        fd, probe = tempfile.mkstemp(prefix=".pegrace-check-", dir=folder)
    except OSError as err:
        problem = said(
            "{path}: {folder} does not take new files ({problem})",
            path=shown,
            folder=str(folder),
            problem=system_words(err),
        )
        raise saying(OptionError, problem) from None
    os.close(fd)
    os.unlink(probe)
