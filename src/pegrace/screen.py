"""The terminal game's full screen (Rich, on the terminal's alternate screen): the board, the
players and the newest log lines beside it, the moves to choose from under it, all redrawn in
place after every event instead of scrolling a new board past. On leaving, the terminal is as
it was, and the last lines of the log are printed where they stay."""

from __future__ import annotations

import time
from collections import deque

from rich.cells import cell_len
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

LOG_LINES = 14  # log lines beside the board
FRAME_SECONDS = 1 / 30  # redraws at most this often (instant all-computer games are quick)
KEPT_AFTER = 6  # log lines printed to the terminal once the screen is left


class Screen:
    def __init__(self, title: str, console: Console | None = None) -> None:
        self.console = console or Console(highlight=False)
        self.title = title
        self.players = ""
        self.board = ""  # the board picture, with ANSI colours
        self.log: deque[str] = deque(maxlen=LOG_LINES)
        self.choices: list[str] = []
        self.active = False
        self.drawn = 0.0  # when the screen was last drawn (monotonic seconds)

    def __enter__(self) -> Screen:
        self.console.set_alt_screen(True)
        self.active = True
        self.draw()
        return self

    def __exit__(self, *exc: object) -> None:
        self.draw(now=True)
        self.active = False
        self.console.set_alt_screen(False)
        for line in list(self.log)[-KEPT_AFTER:]:
            self.console.print(Text.from_ansi(line))

    def say(self, text: str) -> None:
        for line in text.splitlines() or [""]:
            self.log.append(line)
        self.draw()

    def show(self, board: str) -> None:
        self.board = board
        self.draw()

    def offer(self, choices: list[str]) -> None:
        self.choices = choices
        self.draw()

    def ask(self, prompt: str) -> str:
        """A line typed at the foot of the screen (after a redraw)."""
        self.draw(now=True)
        return self.console.input(Text.from_ansi(prompt))

    def pause(self) -> None:
        """Before a pause (a computer's move on show): everything said is on the screen."""
        self.draw(now=True)

    def draw(self, now: bool = False) -> None:
        """Redraw the whole screen in place: at once when ``now``, else unless the last
        redraw was less than a frame ago (the next one shows what this one would)."""
        if not self.active or (not now and time.monotonic() - self.drawn < FRAME_SECONDS):
            return
        self.drawn = time.monotonic()
        log = Text("\n").join(Text.from_ansi(line) for line in self.log)
        side = Group(Text.from_ansi(self.players), Text(""), Panel(log, title="Log"))
        board = Text.from_ansi(self.board)
        width = max((cell_len(line) for line in board.plain.splitlines()), default=0)
        if self.console.width >= width + 44:
            layout = Table.grid(padding=(0, 2))
            layout.add_row(board, side)
            body: Group | Table = layout
        else:  # too narrow for both side by side: the log under the board
            body = Group(board, side)
        choices = Text("\n").join(Text.from_ansi(line) for line in self.choices)
        self.console.clear()
        self.console.print(Text(self.title, style="bold"), body, choices)
