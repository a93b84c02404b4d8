"""The terminal game in the person's language (issue 53): every word it shows goes through
the catalogs, which the pseudo-locale proves (it accents and brackets every message, so an
English word left on a screen is one nobody translated); and words longer than English's,
or in other scripts (Devanagari's combining marks, Arabic), never push the board out of
shape nor the screen past 80x24. Made-up catalogs stand in for the real ones here: each
writes every message in a script of its own, so that the test does not wait for
translators."""

from __future__ import annotations

import gettext
import io
import re
import string
from collections.abc import Callable, Iterator

import pytest
from rich.cells import cell_len
from rich.console import Console, Group

from pegrace import get_rules, i18n
from pegrace.games import list_games
from pegrace.i18n import PLACEHOLDER, PSEUDO
from pegrace.match import parse_seats
from pegrace.pictures import draw, visible_len
from pegrace.screen import Screen
from pegrace.screen_layout import pick_board
from pegrace.terminal import TerminalGame
from positions import random_positions

GAMES = list_games()
WORD = re.compile(r"[^\W\d_]+")
NAMES = {"pegrace"}  # the program's name
LETTERS = set("RYGBrygb")  # pieces and starts by their colours' letters ("RRRR", "RG")
NOTATION = {"inner", "outer"}  # Headache's spaces as the notation names them ("inner:9")
# each with the vowel sign u, under it: two characters, one column (a spacing sign, as ि, takes
# a column of its own in a terminal: pegrace/cells.py, test_terminal_tmux's Hindi)
DEVANAGARI = "कखगघचछजझटठडढतथदधनपफबभमयरलव"
ARABIC = "ابتثجحخدذرزسشصضطظعغفقكلمنهو"
LANGUAGES = [PSEUDO, "de", "hi", "ar"]


class Script(gettext.NullTranslations):
    """A made-up catalog: every letter of every message written as ``letters`` write it
    (placeholders kept), and each message a third longer, as German and French often are."""

    def __init__(self, letters: list[str]) -> None:
        super().__init__()
        self.table = str.maketrans(dict(zip(string.ascii_letters, letters * 2, strict=True)))
        self.filler = letters[0]

    def write(self, text: str) -> str:
        parts = PLACEHOLDER.split(text)
        said = "".join(
            p.translate(self.table) if i % 2 == 0 else f"{{{p}}}" for i, p in enumerate(parts)
        )
        return f"{said} {self.filler * (len(text) // 3)}" if text else text

    def gettext(self, message: str) -> str:
        return self.write(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.write(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self.write(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.write(msgid1 if n == 1 else msgid2)


SCRIPTS = {
    "de": Script(list("äöüßäöüßäöüßäöüßäöüßäöüßäö")),  # Latin letters, all of them longer
    "hi": Script([letter + "ु" for letter in DEVANAGARI]),
    "ar": Script(list(ARABIC[:26])),
}


@pytest.fixture
def speak(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], None]]:
    """Makes the terminal speak a language (made-up catalogs for de, hi, ar); English after."""
    real = i18n.translations
    monkeypatch.setattr(i18n, "translations", lambda tag: SCRIPTS.get(tag) or real(tag))
    yield i18n.use
    i18n.use(i18n.SOURCE)


def english(text: str, allowed: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """The words of two or more plain ASCII letters in ``text`` but ``allowed`` and NAMES:
    in the pseudo-locale every letter of a message is accented (but M), so these are words
    that did not go through the catalogs."""
    return [
        word
        for word in WORD.findall(text)
        if len(word) > 1
        and word.isascii()
        and word not in allowed | NAMES
        and not set(word) <= LETTERS
    ]


def options_as_typed(game: str) -> set[str]:
    """What the ? guide writes as typed: the options' names and values, and the command."""
    typed = {"pegrace", "play", "rules", "NAME", "VALUE"}
    for option in get_rules(game, 4).option_specs:
        typed |= {*WORD.findall(option.name), *WORD.findall(option.default)}
        typed |= {word for choice in option.choices for word in WORD.findall(choice)}
    return typed


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_board_keeps_its_size_in_every_language(
    game: str, language: str, speak: Callable[[str], None]
) -> None:
    """As in English (test_screen_layout): the small board leaves 80x24 five rows under it
    and 20 columns beside it, the big one fits 120x40; words too long are cut to fit."""
    speak(language)
    rules = get_rules(game, 4)
    for state in random_positions(rules, 3, 300)[::5]:
        big, small = draw(rules, state, big=True), draw(rules, state)
        rows, columns = len(small.splitlines()), max(map(visible_len, small.splitlines()))
        assert rows <= 24 - 2 - 5 and columns <= 80 - 3 - 20, small
        sizes = [(len(p.splitlines()), max(map(visible_len, p.splitlines()))) for p in (big, small)]
        assert pick_board(sizes, 80, 24) == 1 and pick_board(sizes, 120, 40) == 0, big


def test_the_boards_words_are_the_catalogs(speak: Callable[[str], None]) -> None:
    speak(PSEUDO)
    for game in GAMES:
        rules = get_rules(game, 4)
        for state in random_positions(rules, 2, 200)[::7]:
            picture = draw(rules, state) + draw(rules, state, big=True)
            assert english(picture, NOTATION) == [], (game, picture)


class Person:
    """Answers the game's prompts as a person would: w at the first pop, h there too (no
    hint yet), then at the first moves an answer refused, h, ? (every page of how to play
    read) and the first move; q after ``prompts`` prompts. Every prompt is kept, and with a
    full screen every screen shown at one."""

    def __init__(self, prompts: int, screen: Screen | None = None) -> None:
        self.left = prompts
        self.screen = screen
        self.at_pops, self.at_moves = ["w", "h"], ["x", "h", "?"]
        self.moving = i18n.gettext("Your move, {colour} ({keys}):").split("{")[0]
        self.prompts: list[str] = []
        self.screens: list[list[str]] = []  # of the game, at its prompts
        self.pages: list[list[str]] = []  # of how to play

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.screen is not None:
            rows = shown(self.screen)
            self.screen.popover = None  # the answer closes it, as Screen.ask does
            if self.screen.reading is not None:
                self.pages.append(rows)
                return ""  # the next page, and back to the game after the last
            self.screens.append(rows)
        self.left -= 1
        if self.left <= 0:
            return "q"
        plan = self.at_moves if self.moving in prompt else self.at_pops
        return plan.pop(0) if plan else "1"


def shown(screen: Screen) -> list[str]:
    """The screen's rows as a terminal shows them."""
    screen.console.print(Group(*screen.frame()))
    return screen.console.export_text().rstrip("\n").split("\n")


def person_game(game: str, seed: int, person: Person, screen: Screen | None) -> str:
    """Red played by ``person`` against the medium computer; everything printed."""
    rules = get_rules(game, 4)
    seats = parse_seats(rules, ["red=human"], "computer:medium")
    out = io.StringIO()
    terminal = TerminalGame(
        rules,
        seats,
        seed,
        out=out,
        ask=person,
        use_colour=False,
        delay=0.0,
        record_path=None,
        screen=screen,
    )
    assert terminal.run() == 0
    return out.getvalue()


@pytest.mark.parametrize("language", LANGUAGES)
def test_on_the_full_screen_every_word_is_the_catalogs_and_80x24_holds_it(
    language: str, speak: Callable[[str], None]
) -> None:
    """Trouble at 80x24 with a person's pops, answers, hint, chances and how to play: every
    screen starts at its title and fits the terminal, and in the pseudo-locale says no word
    of English (but the options as typed in how to play)."""
    speak(language)
    console = Console(width=80, height=24, file=io.StringIO(), record=True, color_system=None)
    screen = Screen("pegrace · " + i18n.gettext("Trouble"), console)
    person = Person(24, screen)
    screen.ask = person  # type: ignore[method-assign]  # how to play asks it too
    person_game("trouble", 7, person, screen)
    assert len(person.pages) >= 2 and len(person.screens) >= 24
    for rows in person.screens:
        assert len(rows) <= 23 and rows[0].startswith("pegrace"), "\n".join(rows)
    for rows in person.screens + person.pages:
        assert len(rows) <= 23 and all(cell_len(row) <= 80 for row in rows), "\n".join(rows)
    if language == PSEUDO:
        for rows in person.screens:
            assert english("\n".join(rows)) == [], "\n".join(rows)
        for rows in person.pages:
            assert english("\n".join(rows), options_as_typed("trouble")) == [], "\n".join(rows)
        assert english("\n".join(person.prompts)) == [], person.prompts


def test_printed_every_word_is_the_catalogs(speak: Callable[[str], None]) -> None:
    """Printed line after line (--plain, or not a terminal): a person's game, then a whole
    computer game to its places, in the pseudo-locale: no word of English."""
    speak(PSEUDO)
    person = Person(30)
    said = person_game("trouble", 7, person, None)
    assert english(said, options_as_typed("trouble")) == [], said
    assert english("\n".join(person.prompts)) == []
    rules = get_rules("trouble", 4)
    seats = parse_seats(rules, ["all=computer:random"], "computer:random")
    out = io.StringIO()
    game = TerminalGame(
        rules, seats, 6, out=out, ask=lambda _: "", use_colour=False, delay=0.0, record_path=None
    )
    game.run()
    assert game.state.is_over
    assert english(out.getvalue()) == [], out.getvalue()


def test_why_a_game_ended_and_the_places_are_the_catalogs(speak: Callable[[str], None]) -> None:
    """Every reason the core gives for an end (core/engine/state.rs, the games' turn limits)
    reads as before in English and goes through the catalogs."""
    from pegrace.terminal_words import end_words, place_words

    reasons = ["first place decided", "all places decided", "no side left", "turn limit reached"]
    reasons += ["turn limit of 500 reached", "turn limit (300 turns) reached"]
    assert [i18n.say(end_words(reason)) for reason in reasons] == reasons
    assert [i18n.say(place_words(place)) for place in range(1, 7)] == [
        "1st", "2nd", "3rd", "4th", "5th", "6th"
    ]  # fmt: skip
    speak(PSEUDO)
    said = " ".join(i18n.say(end_words(reason)) for reason in reasons)
    assert english(said) == [] and "500" in said and "300" in said
