"""The terminal's cells (pegrace/cells.py): every character a catalog writes takes the cells
glibc's wcwidth gives it (what tmux, xterm and GNOME's terminal count), so a screen laid out
by Rich is as wide in the terminal as Rich measured it."""

from __future__ import annotations

import ctypes
import ctypes.util
import locale
from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po
from rich.text import Text

from pegrace import i18n
from pegrace.cells import cell_len


@pytest.fixture(scope="module")
def wcwidth() -> Iterator[ctypes._CFuncPtr]:
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    was = locale.setlocale(locale.LC_CTYPE)
    try:
        locale.setlocale(locale.LC_CTYPE, "C.UTF-8")
    except locale.Error:
        pytest.skip("no C.UTF-8 locale to ask glibc in")
    libc.wcwidth.argtypes = [ctypes.c_wchar]
    yield libc.wcwidth
    locale.setlocale(locale.LC_CTYPE, was)


def written_characters() -> set[str]:
    """Every character of every translation in every catalog."""
    found: set[str] = set()
    for language in i18n.LANGUAGES:
        path = i18n.catalog_path(language)
        if not path.is_file():
            continue
        with path.open("rb") as po:
            for message in read_po(po):
                strings = message.string if isinstance(message.string, tuple) else [message.string]
                found.update("".join(s or "" for s in strings))
    return {c for c in found if c.isprintable()}


def test_every_character_the_catalogs_write_takes_the_cells_glibc_gives_it(
    wcwidth: ctypes._CFuncPtr,
) -> None:
    characters = written_characters()
    assert "ि" in characters and "ा" in characters  # Hindi's spacing vowel signs among them
    differ = {c: (cell_len(c), wcwidth(c)) for c in characters if cell_len(c) != wcwidth(c)}
    assert differ == {}


def test_rich_measures_hindi_as_the_terminal_shows_it() -> None:
    word = "हिन्दी"  # ह ि न ् द ी: the signs ि ी a column each, the virama none
    assert cell_len(word) == 5 and Text(word).cell_len == 5
    assert Text("पासा फेंकें").cell_len == 7  # प ा स ा: 4; फ े ं क े ं: 2 (े and ं sit on)
