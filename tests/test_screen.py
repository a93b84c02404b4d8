"""The terminal's full screen, as a person sees it: `pegrace play` run on a pseudo-terminal,
keys typed into it, and what it writes read back."""

from __future__ import annotations

import fcntl
import itertools
import os
import pty
import re
import select
import struct
import sys
import termios
import time
from pathlib import Path

import pytest

from pegrace.games import list_games

PEGRACE = str(Path(sys.executable).with_name("pegrace"))
ENTER_ALT, LEAVE_ALT = b"\x1b[?1049h", b"\x1b[?1049l"  # the terminal's alternate screen
TIME_LIMIT = 120.0  # seconds: only reached when the game is stuck
ANSI_CODE = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")
PROMPT = re.compile(rb"(press Enter to \w+|Your move|Page \d+ of \d+)[^\n]*$")


def at_a_prompt(out: bytes) -> bool:
    """Whether what a game wrote ends with a prompt: it waits for a key (one typed before,
    while a computer moves, would be taken for q or nothing)."""
    last = ANSI_CODE.sub(b"", out[-400:]).replace(b"\r", b"\n").split(b"\n")[-1]
    return PROMPT.search(last) is not None


def play_on_a_terminal(args: list[str], keys: list[bytes]) -> tuple[int, bytes]:
    """Run `pegrace play ARGS` on a 40x150 pseudo-terminal, typing each key whenever it has
    gone quiet at a prompt; its exit code and everything it wrote."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: pegrace on the terminal
        os.environ.update(TERM="xterm-256color", COLUMNS="150", LINES="40")
        os.execv(PEGRACE, [PEGRACE, "play", *args])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 150, 0, 0))
    out, started, waiting = b"", time.monotonic(), list(keys)
    while time.monotonic() - started < TIME_LIMIT:
        ready, _, _ = select.select([fd], [], [], 0.3)
        if not ready:
            if waiting and at_a_prompt(out):
                os.write(fd, waiting.pop(0))
            continue
        try:
            data = os.read(fd, 65536)
        except OSError:  # the game ended and closed the terminal
            break
        if not data:
            break
        out += data
    else:
        os.kill(pid, 9)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status), out


@pytest.mark.skipif(not Path(PEGRACE).exists(), reason="needs the pegrace command")
def test_a_whole_game_redraws_one_screen_and_leaves_the_places_behind() -> None:
    code, out = play_on_a_terminal(
        [
            "--seat",
            "all=computer:random",
            "--speed",
            "instant",
            "--seed",
            "3",
            "--rules",
            "play_on=off",
        ],
        [b"\n"],  # "Game over: press Enter to leave"
    )
    assert code == 0
    assert out.count(ENTER_ALT) == 1 and out.count(LEAVE_ALT) == 1
    inside, after = out.split(LEAVE_ALT)
    assert b"Game over: press Enter to leave" in inside
    assert b"Game over (first place decided)" in after and b"1. " in after  # kept on screen
    assert b"moves the peg from" in inside  # the log in plain words
    assert inside.count(b"\x1b[2J") >= 2  # redrawn in place (cleared), not scrolled past


@pytest.mark.skipif(not Path(PEGRACE).exists(), reason="needs the pegrace command")
def test_a_person_pops_and_moves_by_keys_and_q_leaves_the_screen_as_it_was() -> None:
    code, out = play_on_a_terminal(
        [
            "trouble",
            "--players",
            "2",
            "--seat",
            "red=human",
            "--seat",
            "green=computer:random",
            "--speed",
            "fast",
            "--seed",
            "5",
        ],
        [b"1\n"] * 12 + [b"q\n"],  # "1" pops when a pop is due, else picks the first move
    )
    assert code == 0
    inside, after = out.split(LEAVE_ALT)
    assert b"press Enter to pop" in inside
    assert re.search(rb"Red \(you\)(\x1b\[[0-9;]*m)* pops \d", inside)  # its colour around it
    assert re.search(rb"  1\. (Bring a peg out|Move the peg from)", inside)  # in plain words
    assert b"Game stopped." in after


def screens_on_a_terminal(
    args: list[str], keys: list[bytes], columns: int, rows: int
) -> list[list[str]]:
    """Run `pegrace play ARGS` on a ROWSxCOLUMNS pseudo-terminal, typing each key whenever it
    has gone quiet at a prompt; what the terminal showed (pyte's emulation of it) each time,
    row by row."""
    import pyte

    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)
    pid, fd = pty.fork()
    if pid == 0:  # the child: pegrace on the terminal
        os.environ.update(TERM="xterm-256color", COLUMNS=str(columns), LINES=str(rows))
        os.execv(PEGRACE, [PEGRACE, "play", *args])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    shown, started, waiting, out = [], time.monotonic(), list(keys), b""
    while time.monotonic() - started < TIME_LIMIT:
        ready, _, _ = select.select([fd], [], [], 0.3)
        if not ready and not at_a_prompt(out):
            continue  # still starting, or a computer is moving
        if not ready:
            shown.append(list(screen.display))
            if not waiting:
                break
            os.write(fd, waiting.pop(0))
            continue
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        out += data
        stream.feed(data)
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    os.close(fd)
    return shown


@pytest.mark.skipif(not Path(PEGRACE).exists(), reason="needs the pegrace command")
@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
@pytest.mark.parametrize("game", list_games())
def test_the_board_stays_on_screen_at_every_size(game: str, size: tuple[int, int]) -> None:
    """At 80x24 (most terminals' default) and up, every prompt shows the whole screen from its
    title down: the board never scrolls off under the log and the moves (two-dice Ludo's
    dozens of moves come a page at a time where they do not fit)."""
    columns, rows = size
    shown = screens_on_a_terminal(
        [
            game,
            "--players",
            "4",
            "--seat",
            "red=human",
            "--seat",
            "all=computer:random",
            "--speed",
            "instant",
            "--seed",
            "4",
        ],
        [b"1\n"] * 40,
        columns,
        rows,
    )
    prompts = [s for s in shown if any("Your move" in row or "to pop" in row for row in s)]
    assert len(prompts) >= 20
    scrolled = [s for s in prompts if not s[0].startswith("pegrace · ")]  # the title on top
    assert scrolled == [], "\n".join(scrolled[0])


@pytest.mark.skipif(not Path(PEGRACE).exists(), reason="needs the pegrace command")
def test_question_mark_shows_how_to_play_a_page_at_a_time_and_the_game_goes_on() -> None:
    """At 80x24: ? at the first pop, Enter through every page back to the game; then ? at
    the first move and b back at once, the moves still offered."""
    from pegrace.games import entry
    from pegrace.guide import guide_text
    from pegrace.screen import paragraph_pages

    game = entry("headache")
    options = {option.name: option.default for option in game.rules.option_specs}
    pages = len(paragraph_pages(guide_text(game, options, 79).splitlines(), 23))
    shown = screens_on_a_terminal(
        [
            "headache",
            "--players",
            "2",
            "--seat",
            "red=human",
            "--seat",
            "all=computer:random",
            "--speed",
            "instant",
            "--seed",
            "4",
        ],
        # every page, back to the game, the roll-off's pop and the first pop, then ? and b
        [b"?\n", *[b"\n"] * (pages + 2), b"?\n", b"b\n"],
        80,
        24,
    )
    assert any("how to play, q quits." in row for screen in shown for row in screen)  # keys
    prompts = [next((r.strip() for r in s if r.startswith("Page ")), None) for s in shown]
    seen = [prompt for prompt, _ in itertools.groupby(prompts)]  # each page once, in turn
    count = int(next(p for p in seen if p).split(" of ")[1].split(".")[0])
    more = [f"Page {n} of {count}. Enter: more, b: back" for n in range(1, count)]
    assert count >= 2
    assert [p for p in seen if p] == [
        *more,
        f"Page {count} of {count}. Enter: back to the game",
        more[0],
    ]
    pages = [screen for screen, prompt in zip(shown, prompts, strict=True) if prompt]
    assert pages[0][0].startswith("How to play Headache")
    said = "\n".join(row.rstrip() for page in pages for row in page)
    for heading in ("The bonus die\n", "Crossing\n", "Capturing and stacks\n", "Options ("):
        assert f"\n{heading}" in said, heading
    first_back = seen.index(f"Page {count} of {count}. Enter: back to the game") + 1
    assert seen[first_back] is None  # back to the game, then on to the first move
    games = [s for s, p in zip(shown, prompts, strict=True) if p is None and s[0].startswith("peg")]
    assert any("to pop" in row for screen in games for row in screen)
    last = shown[-1]  # ? at the move, then b: back at once, the moves still there to choose from
    assert last[0].startswith("pegrace · Headache") and any("Your move" in r for r in last)
    assert any(r.startswith("  1. Move a cone off START") for r in last)
