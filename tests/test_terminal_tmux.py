"""`pegrace play` in a real terminal: tmux, at 80x24 (most terminals' default) and 120x40.
Each game is played prompt by prompt, h and w pressed at some, and every screen read back
(tmux capture-pane): the last computer move, the hint and the chances of winning shown in
full every time, the colour to move named in every prompt (Marbles with teams: the person
plays both partners), nothing cut short; at 120x40 the big board. What each screen should
say is worked out afterwards from the game's record (saved on q), event by event."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from leaks import english_leaks
from pegrace import i18n
from pegrace.cells import cell_len
from pegrace.engine import Rules
from pegrace.pictures import draw
from pegrace.record import Record, replay
from pegrace.state import Phase, State
from pegrace.terminal import PLAYOUTS
from pegrace.terminal_words import side_words
from test_terminal_languages import english, options_as_typed

PLAYED_ON = f"{PLAYOUTS} games played on by the medium player"  # the chances' playouts
PEGRACE = str(Path(sys.executable).with_name("pegrace"))
TMUX = shutil.which("tmux") or "tmux"
WAIT = 60.0  # seconds for the next prompt: only reached when the game is stuck
PROMPT = re.compile(  # what the row holding the cursor ends with at a prompt
    r"(?:(?P<pop>(?P<popper>\w+) \(you\): press Enter to pop( for first turn)?)"
    r"|(?P<move>Your move, (?P<mover>\w+) \([^)]*\):)"
    r"|(?P<end>Game over: press Enter to leave))\s*$"
)
GAMES = {
    "trouble": [],
    "ludo": [],
    "headache": [],
    "marbles": ["--rules", "teams=on"],  # the person plays red and green
    "parchis": [],
}

pytestmark = [
    pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux (`make test` installs it)"),
    pytest.mark.skipif(not Path(PEGRACE).exists(), reason="needs the pegrace command"),
]


@dataclass
class Shown:
    """One prompt's screen: its rows, the prompt, and what was typed at it."""

    rows: list[str]
    prompt: re.Match[str]
    answer: str = ""

    @property
    def text(self) -> str:
        """Every row, read on as one line (a message wrapped over rows reads whole)."""
        return words(" ".join(self.rows))

    @property
    def colour(self) -> str:
        return (self.prompt["popper"] or self.prompt["mover"] or "").lower()  # "Red": red


def character_at(row: str, column: int) -> int:
    """The index in ``row`` of the character at ``column`` (a Devanagari vowel sign takes a
    cell of its own, a virama none: pegrace/cells.py), marks on it counted with it."""
    index = 0
    while index < len(row) and cell_len(row[: index + 1]) <= column:
        index += 1
    return index


@dataclass
class Pane:
    """`pegrace play` in a tmux window (on a tmux server of its own, its socket in the
    test's temporary directory)."""

    socket: Path
    width: int
    height: int
    screens: list[Shown] = field(default_factory=list)

    def tmux(self, *args: str) -> subprocess.CompletedProcess[str]:
        command = [TMUX, "-S", str(self.socket), *args]
        env = {name: value for name, value in os.environ.items() if name != "TMUX"}  # not nested
        return subprocess.run(
            command, capture_output=True, text=True, timeout=WAIT, check=False, env=env
        )

    def start(
        self, args: list[str], options: tuple[str, ...] = (), environ: tuple[str, ...] = ()
    ) -> None:
        """`pegrace OPTIONS play ARGS` (``environ``: NAME=VALUE settings of its environment)."""
        command = ["env", "-u", "COLUMNS", "-u", "LINES", *environ, PEGRACE, *options, "play"]
        command += args
        size = ["-x", str(self.width), "-y", str(self.height)]
        assert self.tmux("new-session", "-d", "-s", "game", *size, "--", *command).returncode == 0

    def capture(self) -> tuple[list[str], int, int]:
        """The rows shown and where the cursor is (the index in its row of the character it
        is at, and the row), read at once."""
        cursor = ["display-message", "-p", "-t", "game", "#{cursor_x} #{cursor_y}"]
        found = self.tmux("capture-pane", "-p", "-t", "game", ";", *cursor).stdout
        *rows, at = found.rstrip("\n").split("\n")  # the rows, then the cursor's place
        column, y = map(int, at.split())
        rows += [""] * (self.height - len(rows))
        return rows, character_at(rows[y], column), y

    def prompt(self) -> Shown:
        """The next prompt's screen: the cursor right after a prompt, on a screen that is not
        the last prompt's (that prompt before it took the answer), the same a moment later."""
        last = self.screens[-1].rows if self.screens else None
        deadline, seen = time.monotonic() + WAIT, None
        while time.monotonic() < deadline:
            rows, x, y = self.capture()
            found = PROMPT.search(rows[y][:x]) if not rows[y][x:].strip() else None
            if found and rows != last and rows == seen:
                self.screens.append(Shown(rows, found))
                return self.screens[-1]
            seen = rows if found else None
            time.sleep(0.1)
        pytest.fail("no prompt within the time limit:\n" + "\n".join(self.capture()[0]))

    def quiet(self, last: list[str] | None) -> list[str]:
        """The next screen that waits for a key, whatever its words: the cursor after text
        at the end of its row, on a screen not ``last``, the same a moment later."""
        deadline, seen = time.monotonic() + WAIT, None
        while time.monotonic() < deadline:
            rows, x, y = self.capture()
            waiting = rows[y][:x].strip() and not rows[y][x:].strip()
            if waiting and rows != last and rows == seen:
                return rows
            seen = rows if waiting else None
            time.sleep(0.1)
        pytest.fail("no prompt within the time limit:\n" + "\n".join(self.capture()[0]))

    def answer(self, key: str) -> None:
        """``key`` typed, then Enter."""
        self.screens[-1].answer = key
        self.type(key)

    def type(self, key: str) -> None:
        """``key`` typed, then Enter."""
        typed = ["send-keys", "-t", "game", "-l", key, ";"] if key else []
        self.tmux(*typed, "send-keys", "-t", "game", "Enter")

    def ended(self) -> bool:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if self.tmux("has-session", "-t", "game").returncode != 0:
                return True
            time.sleep(0.1)
        return False


@pytest.fixture
def pane_at(tmp_path: Path) -> Iterator[Callable[[int, int], Pane]]:
    """Panes of a given size; their tmux servers are ended after the test."""
    panes: list[Pane] = []

    def make(width: int, height: int) -> Pane:
        panes.append(Pane(tmp_path / f"tmux-{len(panes)}", width, height))
        return panes[-1]

    yield make
    for pane in panes:
        pane.tmux("kill-server")


def words(text: str) -> str:
    return " ".join(text.split())


def play(pane: Pane, game: str, record: Path, answers: int) -> list[Shown]:
    """``answers`` prompts answered (Enter to pop, 1 for a move), w typed first at every
    third pop and h at every second move; then q. Every prompt's screen."""
    pane.start([game, "--seed", "7", "--speed", "instant", "--record", str(record), *GAMES[game]])
    pops = moves = 0
    for _ in range(answers):
        shown = pane.prompt()
        if shown.prompt["end"]:
            break
        pops, moves = pops + bool(shown.prompt["pop"]), moves + bool(shown.prompt["move"])
        if shown.prompt["pop"] and pops % 3 == 0:
            pane.answer("w")
            pane.prompt()
        elif shown.prompt["move"] and moves % 2 == 0:
            pane.answer("h")
            pane.prompt()
        pane.answer("1" if shown.prompt["move"] else "")
    if not pane.screens[-1].prompt["end"]:
        pane.prompt()
    pane.answer("" if pane.screens[-1].prompt["end"] else "q")
    assert pane.ended(), "the game did not end on q"
    return pane.screens


@dataclass
class Due:
    """What a prompt's screens should show: the colour whose prompt it is, and the last move
    a computer made before it, in words."""

    colour: str
    last_move: str | None


def dues(record: Record) -> list[Due]:
    """Each prompt of the recorded game (at each pop and move the person played, a forced
    pass asking nothing, and at the end the prompt q answered): what it should show."""
    rules, states = replay(record)
    found, last_move = [], None
    for state, event in zip(states, record.events, strict=False):
        human = record.seats[event.colour] == "human"
        if not human and event.move is not None:
            move = rules.parse_move(state, event.move)
            name = f"{event.colour.capitalize()} ({record.seats[event.colour].split(':')[-1]})"
            last_move = str(rules.describe(state, move, name))
        elif human and (event.move is None or asks(rules, state)):
            found.append(Due(event.colour, last_move))
    if not states[-1].is_over:
        found.append(Due(rules.colours[states[-1].current], last_move))
    return found


def asks(rules: Rules, state: State) -> bool:
    """Whether the person is asked for this move: not a forced pass."""
    return state.phase == Phase.MOVE and any(not m.is_pass for m in rules.distinct_moves(state))


def box(rows: list[str], title: str) -> str | None:
    """The text inside the box titled ``title`` on the screen, read on as one line."""
    top = next((y for y, row in enumerate(rows) if f"╭─ {title} " in row), None)
    if top is None:
        return None
    left = rows[top].index("╭")
    right = rows[top].index("╮", left)
    inside = []
    for row in rows[top + 1 :]:
        if row[left : left + 1] == "╰":
            return words(" ".join(inside))
        inside.append(row[left + 1 : right])
    return None


def check_hint(shown: Shown) -> None:
    """The hint box holds the hint whole: a move in words, why, and how that ends."""
    hint = box(shown.rows, "Hint")
    assert hint, "no hint box:\n" + "\n".join(shown.rows)
    move, _, why = hint.partition(": ")
    ending = r"(it is the only move|every move is as good as any other here|\(next best: .+\))$"
    assert move and re.search(ending, why), f"the hint is not whole: {hint!r}"
    listed = [words(row) for row in shown.rows if re.match(r"\s+\d+\. ", row)]
    if listed and "+ shows the next ones" not in shown.text:  # every move on the screen
        assert move in shown.text.replace(hint, ""), f"{move!r} is not one of the moves"


def check_chances(shown: Shown, sides: list[str]) -> None:
    """The chances box holds every side's chance by the playouts (and by the learned value
    where the game has one), whole."""
    chances = box(shown.rows, "Chance of winning")
    assert chances, "no chances box:\n" + "\n".join(shown.rows)
    interval = ", ".join(rf"{re.escape(side)}: \d+% \[\d+%, \d+%\]" for side in sides)
    assert re.search(rf"By {PLAYED_ON}: {interval}$", chances), chances
    learned = ", ".join(rf"{re.escape(side)}: \d+%" for side in sides)
    by_learned = re.match(rf"By the learned value: {learned} By ", chances)
    assert chances.startswith(f"By {PLAYED_ON}") or by_learned, chances


def check_game(screens: list[Shown], record: Record) -> None:
    """Every prompt's screen against what the record says it should show."""
    rules = record.rules()
    sides = [side_words(rules, side) for side in range(rules.side_count)]
    due = iter(dues(record))
    expected = next(due)
    for before, shown in zip([None, *screens], screens, strict=False):
        assert not any("…" in row for row in shown.rows), "\n".join(shown.rows)
        if shown.prompt["end"]:
            continue
        if before is not None and before.answer not in ("h", "w"):
            expected = next(due)  # the person answered: the next prompt
        assert shown.colour == expected.colour, (shown.prompt[0], expected.colour)
        if expected.last_move is not None:
            assert words(expected.last_move) in shown.text, (
                f"{expected.last_move!r} is not whole on the screen:\n" + "\n".join(shown.rows)
            )
        if before is not None and before.answer == "h":
            check_hint(shown)
        elif before is not None and before.answer == "w":
            check_chances(shown, sides)
    assert next(due, None) is None, "a prompt of the record was not seen"


@pytest.mark.parametrize("game", list(GAMES))
def test_at_80x24_every_prompt_shows_the_last_move_hint_and_chances_whole(
    game: str, pane_at: Callable[[int, int], Pane], tmp_path: Path
) -> None:
    """40 prompts of each game at 80x24 (more screens: h and w ask again)."""
    record = tmp_path / "game.json"
    screens = play(pane_at(80, 24), game, record, 40)
    check_game(screens, Record.load(record))
    assert sum(s.answer == "h" for s in screens) >= 3 and sum(s.answer == "w" for s in screens)


def keys_then_guide(pane: Pane, keys: list[str]) -> tuple[list[list[str]], list[list[str]]]:
    """The game's screens as ``keys`` are typed (each then Enter), then how to play (?) page by
    page over the whole screen, then q: the game's screens and the guide's pages."""
    rows = pane.quiet(None)
    screens: list[list[str]] = [rows]
    for key in keys:
        pane.type(key)
        rows = pane.quiet(rows)
        screens.append(rows)
    pane.type("?")
    rows = pane.quiet(rows)
    pages = []
    while not rows[0].startswith("pegrace"):  # how to play, over the whole screen
        pages.append(rows)
        pane.type("")
        rows = pane.quiet(rows)
    pane.type("q")
    assert pane.ended(), "the game did not end on q"
    assert len(pages) >= 2
    return screens, pages


def test_in_the_pseudo_locale_every_word_on_screen_went_through_the_catalogs(
    pane_at: Callable[[int, int], Pane],
) -> None:
    """`pegrace --lang en-XA play trouble` at 80x24: the pseudo-locale accents and brackets
    every message, so a word of plain English on a screen is one nobody translated. Pops,
    the chances (w), hints (h), moves, then how to play (?) page by page, then q: every
    screen starts at its title (nothing pushed it up) and has no English word but pegrace's
    name, the computer players' and, in how to play, the options as typed."""
    pane = pane_at(80, 24)
    pane.start(["trouble", "--seed", "7", "--speed", "instant"], ("--lang", "en-XA"))
    games, pages = keys_then_guide(pane, ["w", "", "h", *["1"] * 8, "h", "1"])
    for rows in games:
        assert rows[0].startswith("pegrace · [") and english("\n".join(rows)) == [], rows
    for rows in pages:
        assert english("\n".join(rows), options_as_typed("trouble")) == [], "\n".join(rows)
    said = "\n".join(row for rows in games for row in rows)
    assert "[Ƈĥȧñƈé ŏƒ ŵíññíñğ !]" in said and "[Ĥíñţ !]" in said  # w and h were answered


# the environment's locale a person in each language has
LOCALES = {
    "es": "es_ES",
    "pt-BR": "pt_BR",
    "de": "de_DE",
    "fr": "fr_FR",
    "hi": "hi_IN",
    "ar": "ar_SA",
}


@pytest.mark.parametrize("language", list(LOCALES))
def test_a_terminal_in_another_language_says_everything_in_it_at_80x24(
    language: str, pane_at: Callable[[int, int], Pane]
) -> None:
    """`LANG=es_ES.UTF-8 pegrace play trouble` at 80x24 (each language): pops, the chances (w),
    a hint (h), moves, then every page of how to play (?): every screen starts at its title
    (nothing pushed it up) and has no English word of pegrace's messages that the language's
    catalog never uses (tests/leaks.py), the options as typed in how to play aside."""
    pane = pane_at(80, 24)
    locale = f"LANG={LOCALES[language]}.UTF-8"
    pane.start(["trouble", "--seed", "7", "--speed", "instant"], environ=(locale,))
    screens, pages = keys_then_guide(pane, ["w", "", "h", *["1"] * 6])
    typed = {word.lower() for word in options_as_typed("trouble")}
    for rows in screens:
        assert rows[0].startswith("pegrace · "), rows
    for rows in screens + pages:
        assert english_leaks("\n".join(rows), language, typed) == set(), "\n".join(rows)
    said = "\n".join(row for rows in screens for row in rows)
    chances = i18n.translations(language).gettext("Chance of winning")
    assert chances in said and i18n.translations(language).gettext("Hint") in said


@pytest.mark.parametrize("game", list(GAMES))
def test_at_120x40_the_board_is_the_big_one_and_no_line_is_cut(
    game: str, pane_at: Callable[[int, int], Pane], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    screens = play(pane_at(120, 40), game, record, 12)
    saved = Record.load(record)
    check_game(screens, saved)
    rules = saved.rules()
    big = draw(rules, rules.initial_state(), big=True).splitlines()
    assert len(big) > len(draw(rules, rules.initial_state()).splitlines())
    first = screens[0].rows  # the first roll-off pop: the board as the game starts
    assert all(first[1 + y].startswith(line.rstrip()) for y, line in enumerate(big)), first
