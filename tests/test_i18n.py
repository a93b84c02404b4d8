"""The catalogs' machinery (pegrace/i18n.py): messages with their arguments, choosing a
language, the pseudo-locale, the page's catalog and its plural forms."""

from __future__ import annotations

import re

import pytest

from pegrace import i18n
from pegrace.i18n import PSEUDO, said, said_c, said_n

PSEUDO_WORDS = re.compile(r"\[[^\[\]]*\]")


def test_a_message_reads_in_english_as_written_with_its_arguments_nested() -> None:
    green = said("Green")
    message = said("{who} sends {whom} home", who="Red", whom=green)
    assert str(message) == "Red sends Green home"
    assert message.json() == {
        "t": "{who} sends {whom} home",
        "a": {"who": "Red", "whom": {"t": "Green"}},
    }


def test_plural_messages_count_and_fill_count() -> None:
    one, three = said_n("{count} peg", "{count} pegs", 1), said_n("{count} peg", "{count} pegs", 3)
    assert (str(one), str(three)) == ("1 peg", "3 pegs")
    assert three.json() == {"t": "{count} peg", "p": "{count} pegs", "n": 3}


def test_a_context_travels_with_the_message() -> None:
    assert said_c("place", "1st").json() == {"t": "1st", "c": "place"}


def test_the_pseudo_locale_brackets_and_accents_every_message_keeping_placeholders() -> None:
    message = said("Move the peg from {origin} to {target}", origin="4", target="7")
    words = message.said_in(PSEUDO)
    assert words.startswith("[") and words.endswith("]")
    assert "4" in words and "7" in words and "Move" not in words
    assert i18n.pseudo("Red {who}") == "[Řéđ {who} !]"


def test_isolates_wrap_each_argument_for_right_to_left_pages() -> None:
    words = said("{who} pops {roll}", who="Ana", roll="5").said_in("en", isolate=True)
    assert words == "\u2068Ana\u2069 pops \u20685\u2069"


@pytest.mark.parametrize(
    ("header", "chosen"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("en;q=0.5, fr;q=0.9", "fr"),
        ("pt-BR", "pt-BR"),
        ("pt-PT,pt;q=0.9", "pt-BR"),  # the language alone, where its region is not spoken
        ("ar-EG", "ar"),
        ("hi-IN,en;q=0.5", "hi"),
        ("xx, zz;q=0.5", "en"),
        ("de;q=abc, es", "es"),  # a broken q-value: that tag is passed over
        ("", "en"),
        ("*", "en"),
        ("en-XA", PSEUDO),
    ],
)
def test_a_browser_gets_the_language_it_asks_for_best(header: str, chosen: str) -> None:
    assert i18n.from_accept_language(header) == chosen


@pytest.mark.parametrize(
    ("environ", "chosen"),
    [
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "es_ES.UTF-8", "LC_ALL": "C"}, "en"),
        ({"LANGUAGE": "pt_BR:en", "LANG": "de_DE.UTF-8"}, "pt-BR"),
        ({"LANG": "ar_SA.UTF-8@euro"}, "ar"),
        ({}, "en"),
    ],
)
def test_the_terminal_follows_the_environment_as_gettext_does(
    environ: dict[str, str], chosen: str
) -> None:
    assert i18n.from_environment(environ) == chosen


def test_directions_and_names_come_from_cldr() -> None:
    assert [i18n.direction(tag) for tag in ("en", "ar", "hi")] == ["ltr", "rtl", "ltr"]
    assert i18n.endonym("de") == "Deutsch"
    assert i18n.endonym("ar") == "العربية"


def test_an_unknown_language_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="no such language 'xx'"):
        i18n.use("xx")


@pytest.mark.parametrize("language", [tag for tag in i18n.LANGUAGES if tag != "en"])
def test_each_catalog_tells_the_page_its_plural_forms(language: str) -> None:
    catalog = i18n.page_catalog(language)
    plural = catalog["plural"]
    assert isinstance(plural, list) and len(plural) == i18n.PLURAL_TABLE
    translations = i18n.translations(language)
    for count in (0, 1, 2, 3, 5, 11, 21, 100, 101, 102, 111, 199):
        assert plural[count] == translations.plural(count)  # type: ignore[attr-defined]
    assert catalog["dir"] == i18n.direction(language)


def test_arabic_has_six_plural_forms_and_hindi_counts_zero_as_one() -> None:
    arabic = i18n.page_catalog("ar")["plural"]
    assert isinstance(arabic, list) and sorted(set(arabic)) == [0, 1, 2, 3, 4, 5]
    hindi = i18n.page_catalog("hi")["plural"]
    assert isinstance(hindi, list) and hindi[:3] == [0, 0, 1]
