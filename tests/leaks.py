"""English left in a translated screen: the words of pegrace's English messages that a
language's own translations never use ("move", "peg", "computer" in a German page are
leaks; "Ludo" is not, where the German catalog says "Ludo" too). The tests of every screen in
every language (web and terminal) read their text through ``english_leaks``."""

from __future__ import annotations

import re
from functools import cache, lru_cache

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from pegrace import i18n
from scripts import load_script

WORD = re.compile(r"[A-Za-z]{3,}")
PLACEHOLDER = re.compile(r"\{\w+\}")


def words_of(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text))}


@lru_cache(maxsize=1)
def english_words() -> frozenset[str]:
    """Every word of every English message (the sources' message ids)."""
    catalogs = load_script("tools/catalogs.py")
    template: Catalog = catalogs.template()
    found: set[str] = set()
    for message in template:
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            found |= words_of(text)
    return frozenset(found)


@cache
def own_words(language: str) -> frozenset[str]:
    """Every word ``language``'s translations use (Latin letters: brands, loans)."""
    with i18n.catalog_path(language).open("rb") as po:
        catalog = read_po(po)
    found: set[str] = set()
    for message in catalog:
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            found |= words_of(text or "")
    return frozenset(found)


def english_leaks(text: str, language: str, allowed: set[str] | None = None) -> set[str]:
    """The English words in ``text`` that ``language`` never uses (``allowed``: names the
    test gave, in lower case)."""
    leaks = words_of(text) & english_words()
    return leaks - own_words(language) - (allowed or set()) - {"pegrace"}
