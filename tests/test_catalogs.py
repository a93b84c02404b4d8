"""Every catalog complete (tools/catalogs.py): every message a source marks is in every
language's catalog, translated, not fuzzy, with the same placeholders; the page's own
words and the games' texts included."""

from __future__ import annotations

from types import ModuleType

import pytest
from babel.messages.catalog import Catalog, Message

from pegrace import i18n
from scripts import load_script


@pytest.fixture(scope="module")
def catalogs() -> ModuleType:
    return load_script("tools/catalogs.py")


@pytest.fixture(scope="module")
def wanted(catalogs: ModuleType) -> Catalog:
    found: Catalog = catalogs.template()
    return found


def test_messages_are_found_in_python_in_the_page_and_in_the_games(wanted: Catalog) -> None:
    places = {location[0] for message in wanted for location in message.locations}
    assert any(place.endswith(".py") and place.startswith("src/") for place in places)
    assert any(place.endswith(".js") for place in places)
    assert any(place.startswith("game ") for place in places)
    assert len(wanted) > 300


@pytest.mark.parametrize("language", [tag for tag in i18n.LANGUAGES if tag != i18n.SOURCE])
def test_every_catalog_has_every_message_translated_with_its_placeholders(
    catalogs: ModuleType, wanted: Catalog, language: str
) -> None:
    problems = catalogs.problems(language, wanted)
    assert problems == [], f"{len(problems)} problems, e.g. {problems[:10]}"


def test_a_lost_or_made_up_placeholder_is_found(catalogs: ModuleType) -> None:
    source = Message("{who} moves {piece}")
    assert list(catalogs.translation_problems(source, Message(source.id, "{who} bewegt"))) == [
        "placeholders differ in '{who} bewegt' (extra [], lost ['piece'])"
    ]
    assert list(catalogs.translation_problems(source, Message(source.id, "{wer} {piece}")))
    assert list(catalogs.translation_problems(source, Message(source.id, ""))) == ["not translated"]
    plural = Message(("{count} peg", "{count} pegs"))
    one_without_count = Message(plural.id, ("un pion", "{count} pions", "{count} pions"))
    assert list(catalogs.translation_problems(plural, one_without_count)) == []
