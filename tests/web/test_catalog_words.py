"""The catalog in every language (issue 53): what the lab measured each rule option's value to
do, and how, travels as words to translate (a ``Said``) that say in English the very sentence
the lab wrote (lab.py's ``summary``, shipped in lab_effects.json), the best seat's colour named
as a player is and its numbers as numbers (each language writes them its own way); and
nothing in the catalog is an English sentence made on the server."""

from __future__ import annotations

import re

import pytest

from pegrace.games import ENTRIES
from pegrace.guide import guide_messages
from pegrace.i18n import PSEUDO, Said
from pegrace.web.effects import measured_note
from pegrace.web.settings import catalog, lab_effects, option_effects

SHIPPED = [
    (game, option, value, found["summary"])
    for game, entry in lab_effects()["games"].items()
    for option, values in entry["options"].items()
    for value, found in values.items()
]


@pytest.mark.parametrize(("game", "option", "value", "summary"), SHIPPED)
def test_each_effect_says_the_labs_sentence_in_english(
    game: str, option: str, value: str, summary: str
) -> None:
    said = option_effects(game)[option][value]
    # the lab writes the colour as its key ("green wins"); the page names it ("Green wins")
    expected = re.sub(r"\((\w)(\w+) wins", lambda m: f"({m[1].upper()}{m[2]} wins", summary)
    assert str(said) == expected  # its numbers with their decimals (Fixed): 7.0, 0.360
    assert said.arg("changes") == f"{option}={value}"  # as written in code: never translated
    pseudo = said.said_in(PSEUDO)
    assert f"{option}={value}" in pseudo and "[" in pseudo
    assert not re.search(r"\b(makes|rewards|has|captures|seat)\b", pseudo), pseudo


@pytest.mark.parametrize(("game", "option", "value", "summary"), SHIPPED)
def test_each_effects_numbers_are_written_the_languages_way(
    game: str, option: str, value: str, summary: str
) -> None:
    """German writes a decimal comma ("6,6 Punkte"): no number reaches it written in English."""
    german = option_effects(game)[option][value].said_in("de")
    assert not re.search(r"\d\.\d", german), german


def test_how_the_effects_were_measured_is_said_in_words_to_translate() -> None:
    measured = lab_effects()["measured"]
    note = measured_note(measured)
    assert isinstance(note, Said) and note.count == measured["games"]
    assert str(note) == (
        "Effects measured by pegrace lab against each option's default: "
        f"{measured['games']} games of 4 medium players a rule, skill as medium against 3 random."
    )
    assert catalog()["effects_measured"] == note.json()


def test_the_catalog_sends_no_sentence_of_its_own_but_said() -> None:
    """Its words are message ids (titles, guides, options: guide_messages) or Said JSON."""
    for game in catalog()["games"]:
        for option in game["options"]:
            for said in option["effects"].values():
                assert set(said) <= {"t", "a", "p", "n", "c"} and "{changes}" in said["t"]


def test_every_text_the_page_translates_is_a_message_the_catalogs_have() -> None:
    """The page shows the catalog's titles, pitches, guides and options' words through t():
    each is a message id guide_messages gives the catalogs (tools/catalogs.py)."""
    ids = {text for entry in ENTRIES.values() for text in guide_messages(entry)}
    for game in catalog()["games"]:
        guide = game["guide"]
        texts = [game["title"], game["pitch"], guide["pop_words"]]
        texts += [s[k] for s in guide["sections"] for k in ("heading", "text")]
        texts += [o["help"] for o in game["options"]]
        for option in guide["options"]:
            texts += [option["title"], option["help"], *(v["words"] for v in option["values"])]
        assert set(texts) <= ids, set(texts) - ids
