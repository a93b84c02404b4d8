"""How to play (guide.py): every game has its text, every option each value in words, and the
terminal's ? key shows it while the game goes on."""

from __future__ import annotations

import pytest

from pegrace.games import entry, list_games, rules_class
from pegrace.guide import guide_text, guide_view
from pegrace.screen import paragraph_pages
from test_terminal import play_with


@pytest.mark.parametrize("game", list_games())
def test_every_game_has_how_to_play_in_short_sections(game: str) -> None:
    found = entry(game).guide
    headings = [heading for heading, _ in found.sections]
    assert headings[0] == "Goal" and "A turn" in headings and "The end" in headings
    assert len(set(headings)) == len(headings)
    for heading, said in found.sections:
        assert heading[0].isupper() and said.endswith(".") and len(said) < 500, heading
    assert found.pop and found.pop_words.endswith(".")
    assert sum(len(said) for _, said in found.sections) < 4000  # a page, not a manual


@pytest.mark.parametrize("game", list_games())
def test_every_option_says_each_of_its_values_in_words(game: str) -> None:
    """A new option, or a new value of one, cannot slip through without its words."""
    for option in rules_class(game).option_specs:
        if option.choices:
            # every value, and nothing else
            assert set(option.choices_help) == set(option.choices), option.name
            assert all(words and not words.endswith(".") for words in option.choices_help.values())
        else:  # a whole number: its help says what it counts
            assert not option.choices_help and option.help, option.name
        assert option.title and "_" not in option.title


def test_headache_teaches_stacks_crossings_and_the_bonus_die() -> None:
    text = " ".join(said for _, said in entry("headache").guide.sections)
    for words in (
        "stack",
        "cross at every X",
        "bonus die",
        "red dot",
        "bonus pop",
        "clockwise or counter-clockwise",
        "START",
    ):
        assert words in text, words


def test_the_catalog_view_and_the_terminal_text_say_the_same() -> None:
    marbles = entry("marbles")
    view = guide_view(marbles)
    text = guide_text(marbles, {"teams": "on"}, width=1000)  # no paragraph wrapped
    for section in view["sections"]:
        assert f"{section['heading']}\n  {section['text']}" in text
    for option in view["options"]:
        assert f"{option['title']} ({option['name']}):" in text
        for value in option["values"]:
            assert f"{value['value']}: {value['words']}" in text
    assert "Teams (teams): default off, this game: on" in text
    assert all(len(line) <= 60 for line in guide_text(marbles, width=60).splitlines())


def test_a_long_text_is_paged_between_paragraphs() -> None:
    rows = ["Goal", "  a", "  b", "", "Turn", "  c", "", "End", "  d"]
    assert paragraph_pages(rows, 6) == [rows[:4], rows[4:]]  # the rest fits one page
    assert paragraph_pages(rows, 4) == [rows[:4], rows[4:7], rows[7:]]
    assert paragraph_pages(["x"] * 5, 2) == [["x", "x"], ["x", "x"], ["x"]]
    assert paragraph_pages([], 10) == [[]]


def test_question_mark_shows_how_to_play_and_the_game_goes_on() -> None:
    """? at the first pop and at the first move, then that move, then quit."""
    given: list[str] = []

    def ask(prompt: str) -> str:
        moving = "Your move" in prompt
        if not given or (moving and given.count("?") == 1):
            answer = "?"
        elif moving:
            answer = "1" if "1" not in given else "q"
        else:
            answer = "" if len(given) < 500 else "q"
        given.append(answer)
        return answer

    game, text = play_with(ask, 3)
    assert "? how to play" in text  # the keys line
    assert text.count("How to play Trouble") == 2
    assert "Leaving Home\n  Only a 6 brings a peg out" in text
    assert "Six bonus (six_bonus): default always, this game: always" in text
    assert "Voluntary pass (voluntary_pass): default on, this game: off" in text
    assert "1" in given  # after the guide the game went on
    assert any(e.move is not None and e.colour == "red" for e in game.record.events)
