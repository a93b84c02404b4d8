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

LOG_LINES = 14  # log lines kept for the screen (as many as fit are shown)
SIDE_WIDTH = 30  # columns the players and the log need beside the board
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
        self.page = 0  # of the moves, when they are too many for the screen at once
        self.reading: list[str] | None = None  # a page of a text shown instead (read)
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
        self.page = 0
        self.draw()

    def next_page(self) -> None:
        """The next moves of a list too long for the screen (after the last, the first)."""
        self.page += 1
        self.draw(now=True)

    def ask(self, prompt: str) -> str:
        """A line typed at the foot of the screen (after a redraw)."""
        self.draw(now=True)
        return self.console.input(Text.from_ansi(prompt))

    def read(self, text: str) -> None:
        """A long text (how to play, wrapped to the width) over the whole screen, a page at
        a time: Enter shows the next page; anything typed, or Enter on the last page, goes
        back to the game."""
        per_page = max(1, self.console.height - 1)  # a row for the prompt
        pages = paragraph_pages(text.splitlines(), per_page)
        try:
            for number, page in enumerate(pages, 1):
                self.reading = page
                more = "Enter: more, b: back" if number < len(pages) else "Enter: back to the game"
                if self.ask(f"Page {number} of {len(pages)}. {more} ").strip():
                    break
        finally:
            self.reading = None
            self.draw(now=True)

    def pause(self) -> None:
        """Before a pause (a computer's move on show): everything said is on the screen."""
        self.draw(now=True)

    def draw(self, now: bool = False) -> None:
        """Redraw the whole screen in place: at once when ``now``, else unless the last
        redraw was less than a frame ago (the next one shows what this one would)."""
        if not self.active or (not now and time.monotonic() - self.drawn < FRAME_SECONDS):
            return
        self.drawn = time.monotonic()
        self.console.clear()
        self.console.print(*self.frame())

    def frame(self) -> list[Text | Table | Group]:
        """What the screen shows, never taller than the terminal (one line left for the
        prompt): the title, the board, the moves under it, and the players and the newest log
        lines beside the board where there is room (a log line cut short, not wrapped), else
        under it, as many as fit. Moves too many to fit under the board go beside it in the
        log's place, or are shown a page at a time (+ shows the next)."""
        if self.reading is not None:
            return [Text("\n".join(self.reading), no_wrap=True, overflow="crop")]
        board = Text.from_ansi(self.board, no_wrap=True, overflow="crop")
        board_rows = len(board.plain.splitlines() or [""])
        width = max((cell_len(line) for line in board.plain.splitlines()), default=0)
        choices = [Text.from_ansi(line) for line in self.choices]
        title = Text(self.title, style="bold", no_wrap=True, overflow="ellipsis")
        beside = self.console.width - width - 3  # the gap, and a column to spare
        room = self.console.height - 2 - board_rows  # under the board: the title, the prompt
        if (
            self.rows(choices, self.console.width) > room
            and beside >= SIDE_WIDTH
            and 0 < self.rows(choices, beside) <= board_rows
        ):
            return [title, self.grid(board, width, Group(*choices), beside)]
        choices = self.paged(choices, room)
        spare = room - self.rows(choices, self.console.width)
        listed = [Text("\n").join(choices)] if choices else []  # (an empty Text takes a row)
        if beside >= SIDE_WIDTH:
            return [title, self.grid(board, width, self.side(board_rows, beside), beside), *listed]
        return [title, board, self.side(spare, self.console.width), *listed]

    def paged(self, choices: list[Text], room: int) -> list[Text]:
        """The moves that fit in ``room`` rows: all of them, or this page of them and a line
        that says which they are."""
        if self.rows(choices, self.console.width) <= room:
            return choices
        per_page = max(1, room - 1)
        while per_page > 1 and self.rows(choices[:per_page], self.console.width) > room - 1:
            per_page -= 1
        pages = -(-len(choices) // per_page)
        first = (self.page % pages) * per_page
        shown = choices[first : first + per_page]
        last = first + len(shown)
        return [
            *shown,
            Text(
                f"  moves {first + 1}-{last} of {len(choices)}: + shows the next ones", style="dim"
            ),
        ]

    def rows(self, texts: list[Text], width: int) -> int:
        """How many rows ``texts`` take, wrapped to ``width``."""
        return sum(len(text.wrap(self.console, width)) for text in texts) if width > 0 else 0

    @staticmethod
    def grid(board: Text, width: int, side: Group, side_width: int) -> Table:
        """The board and, beside it, ``side``."""
        layout = Table.grid(padding=(0, 2))
        layout.add_column(width=width, no_wrap=True)
        layout.add_column(width=side_width)
        layout.add_row(board, side)
        return layout

    def side(self, room: int, width: int) -> Group:
        """The players (wrapped to ``width``) and, in a box, as many of the newest log lines
        as fit in ``room`` lines in all, each cut to the box (none if not one fits)."""
        players = list(Text.from_ansi(self.players).wrap(self.console, width))[: max(0, room)]
        fit = room - len(players) - 2  # the box's top and bottom
        shown = list(self.log)[-fit:] if fit > 0 else []
        if not shown:
            return Group(*players)
        log = Text("\n").join(Text.from_ansi(line) for line in shown)
        log.no_wrap, log.overflow = True, "ellipsis"
        return Group(*players, Panel(log, title="Log", width=width))


def paragraph_pages(rows: list[str], per_page: int) -> list[list[str]]:
    """``rows`` a page of at most ``per_page`` at a time, each page ending after a blank row
    where its second half has one, so that a heading stays with its paragraph."""
    pages, start = [], 0
    while start < len(rows):
        end = min(start + per_page, len(rows))
        if end < len(rows):
            blanks = [i for i in range(start + per_page // 2, end) if not rows[i].strip()]
            end = blanks[-1] + 1 if blanks else end
        pages.append(rows[start:end])
        start = end
    return pages or [[]]
