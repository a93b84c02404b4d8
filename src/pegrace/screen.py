"""The terminal game's full screen (Rich, on the terminal's alternate screen): the board, with
the players, the keys and the older log lines beside it, the messages under it in full (the
last computer move kept among them), a pop-over (a hint, the chances of winning) until the
next key, the moves to choose from, all redrawn in place after every event instead of
scrolling a new board past. screen_layout.py decides where each goes from the sizes alone.
On leaving, the terminal is as it was, and the last lines of the log are printed where they
stay. Its own words are in the person's language (pegrace.i18n); everything is measured in the
terminal's columns (rich's cell widths), so that a longer language wraps, never overflows."""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pegrace.cells import cell_len
from pegrace.i18n import fill, gettext, ngettext
from pegrace.screen_layout import (
    FRAME_ROWS,
    Needs,
    Split,
    fitting_sections,
    pick_board,
    pick_news,
    side_width,
    split,
)

LOG_ENTRIES = 40  # messages kept for the screen (as many as fit are shown)
FRAME_SECONDS = 1 / 30  # redraws at most this often (instant all-computer games are quick)
KEPT_AFTER = 6  # log lines printed to the terminal once the screen is left
ANSWER_ROOM = 12  # columns a prompt leaves for the answer typed after it


@dataclass(frozen=True)
class Plan:
    """One frame's layout: the board's picture and its size, the side column's width (0:
    none), the moves, what the parts under the board need and get, the messages shown."""

    board: Text
    rows: int
    columns: int
    side: int
    choices: list[Text]
    needs: Needs
    split: Split
    shown: list[int]


class Screen:
    def __init__(self, title: str, console: Console | None = None) -> None:
        self.console = console or Console(highlight=False)
        self.title = title
        self.status = ""  # said after the title (how the game stands: "playing on for 2nd")
        self.players: list[str] = []  # a line a side, its place once it has one
        self.help: list[str] = []  # the keys, whose count the numbers are: a paragraph each
        self.boards = [""]  # the board's pictures (ANSI colours), the biggest first
        self.log: deque[tuple[int, str]] = deque(maxlen=LOG_ENTRIES)  # (number, message)
        self.said = 0  # messages said so far
        self.pinned: tuple[int, str] | None = None  # kept under the board: the last computer move
        self.popover: tuple[str, str] | None = None  # (title, text) shown until the next key
        self.choices: list[str] = []
        self.page = 0  # of the moves, when they are too many for the screen at once
        self.reading: list[str] | None = None  # a page of a text shown instead (read)
        self.active = False
        self.drawn = 0.0  # when the screen was last drawn (monotonic seconds)
        self.measured: dict[tuple[int, int], int] = {}  # (message, width): its rows
        self.parsed: tuple[list[str], list[Text]] = ([], [])  # boards and their Rich texts

    def __enter__(self) -> Screen:
        self.console.set_alt_screen(True)
        self.active = True
        self.draw()
        return self

    def __exit__(self, *exc: object) -> None:
        self.draw(now=True)
        self.active = False
        self.console.set_alt_screen(False)
        lines = [line for _, message in self.log for line in message.splitlines()]
        for line in lines[-KEPT_AFTER:]:
            self.console.print(Text.from_ansi(line))

    def say(self, text: str, pin: bool = False) -> None:
        """A message (its lines kept together); ``pin``: kept under the board until the next
        pinned one, whatever is said after it."""
        self.said += 1
        self.log.append((self.said, text))
        if pin:
            self.pinned = (self.said, text)
        self.draw()

    def show(self, *boards: str) -> None:
        """The board's pictures, the biggest first: the screen shows the biggest that fits."""
        self.boards = list(boards) or [""]
        self.draw()

    def offer(self, choices: list[str]) -> None:
        self.choices = choices
        self.page = 0
        self.draw()

    def pop(self, title: str, text: str) -> None:
        """``text`` in a box over the screen, in full, until the next key is answered."""
        self.popover = (title, text)
        self.draw(now=True)

    def next_page(self) -> None:
        """The next moves of a list too long for the screen (after the last, the first)."""
        self.page += 1
        self.draw(now=True)

    def ask(self, prompt: str) -> str:
        """A line typed at the foot of the screen (after a redraw); it closes a pop-over."""
        self.draw(now=True)
        try:
            return self.console.input(self.prompting(prompt))
        finally:
            self.popover = None

    def prompting(self, prompt: str) -> Text:
        """A prompt on the screen's last row, cut short where it would leave the answer less
        than ``ANSWER_ROOM`` columns (a longer one would wrap and push the screen up)."""
        text = Text.from_ansi(prompt)
        room = max(1, self.console.width - ANSWER_ROOM)
        if text.cell_len > room:
            text.truncate(room - 1, overflow="crop")
            text.append("… ")
        return text

    def read(self, text: str) -> None:
        """A long text (how to play, wrapped to the width) over the whole screen, a page at
        a time: Enter shows the next page; anything typed, or Enter on the last page, goes
        back to the game."""
        per_page = max(1, self.console.height - 1)  # a row for the prompt
        pages = paragraph_pages(text.splitlines(), per_page)
        try:
            for number, page in enumerate(pages, 1):
                self.reading = page
                if number < len(pages):
                    # TRANSLATORS: a page of how to play; Enter and b are the keys to press
                    paging = gettext("Page {number} of {count}. Enter: more, b: back")
                else:
                    # TRANSLATORS: the last page of how to play; Enter is the key to press
                    paging = gettext("Page {number} of {count}. Enter: back to the game")
                if self.ask(fill(paging, number=number, count=len(pages)) + " ").strip():
                    break
        finally:
            self.reading = None
            self.draw(now=True)

    def pause(self) -> None:
        """Before a pause (a computer's move on show): everything said is on the screen."""
        self.draw(now=True)

    def draw(self, now: bool = False) -> None:
        """Redraw the whole screen in place: at once when ``now``, else unless the last
        redraw ended less than a frame ago (the next one shows what this one would)."""
        if not self.active or (not now and time.monotonic() - self.drawn < FRAME_SECONDS):
            return
        frame = Group(*self.frame())
        self.console.clear()
        self.console.print(frame)
        self.drawn = time.monotonic()  # a slow terminal gets as long for the game between

    def frame(self) -> list[RenderableType]:
        """What the screen shows, never taller than the terminal (a row left for the prompt)
        where the board fits: the title; the board (a pop-over in its place where it does not
        fit under it) with the side column beside it where there is room (the players, the
        keys, the log's older lines), or the moves there where they do not fit under the
        board; under the board the messages, in full, the last computer move kept among them,
        the pop-over, and the moves (a page at a time where they fit nowhere: + shows the
        next)."""
        if self.reading is not None:
            return [Text("\n".join(self.reading), no_wrap=True, overflow="crop")]
        plan = self.plan()
        title = Text(" · ".join(filter(None, [self.title, self.status])), style="bold")
        title.no_wrap, title.overflow = True, "ellipsis"
        return [title, self.upper(plan), *self.lower(plan)]

    def plan(self) -> Plan:
        """Where everything goes on this terminal (screen_layout.py decides from the sizes)."""
        width, height = self.console.width, self.console.height
        boards = self.pictures()
        board = boards[pick_board([size(b) for b in boards], width, height)]
        rows, columns = size(board)
        side = side_width(columns, width)
        heights = self.heights(width)
        pinned = self.pinned_index()
        choices = [Text.from_ansi(line) for line in self.choices]
        in_place = columns if side else width
        needs = Needs(
            news=sum(heights[i] for i in {pinned, len(heights) - 1} if i is not None and i >= 0),
            moves=self.rows(choices, width),
            moves_beside=self.rows(choices, side) if side else None,
            pop=self.rows([self.popped(width)], width) if self.popover else 0,
            pop_in_place=self.rows([self.popped(in_place)], in_place) if self.popover else 0,
        )
        split_rows = split(height - FRAME_ROWS - rows, rows, needs)
        shown = pick_news(heights, pinned, split_rows.news)
        return Plan(board, rows, columns, side, choices, needs, split_rows, shown)

    def upper(self, plan: Plan) -> RenderableType:
        """The board, or the pop-over in its place (as tall as the board at least: nothing
        else moves), and beside it the side column or the moves."""
        upper: RenderableType = plan.board
        if plan.split.pop == "board":
            in_place = plan.columns if plan.side else self.console.width
            upper = self.popped(in_place, max(plan.rows, plan.needs.pop_in_place))
        if not plan.side:
            return upper
        if plan.split.moves_beside:
            return grid(upper, plan.columns, Group(*plan.choices), plan.side)
        return grid(upper, plan.columns, self.side(plan.rows, plan.side, plan.shown), plan.side)

    def lower(self, plan: Plan) -> list[RenderableType]:
        """Under the board: the messages shown, the pop-over if it goes there, the moves."""
        messages = [Text.from_ansi(self.log[i][1]) for i in plan.shown]
        lower: list[RenderableType] = [Text("\n").join(messages)] if messages else []
        if plan.split.pop == "under":
            lower.append(self.popped(self.console.width))
        if plan.choices and not plan.split.moves_beside:
            lower.append(Text("\n").join(self.paged(plan.choices, plan.split.moves)))
        return lower

    def pictures(self) -> list[Text]:
        """The board's pictures as Rich texts (made once for each picture shown)."""
        if self.parsed[0] != self.boards:
            texts = [Text.from_ansi(b, no_wrap=True, overflow="crop") for b in self.boards]
            self.parsed = (self.boards, texts)
        return self.parsed[1]

    def pinned_index(self) -> int | None:
        """Where the pinned message is in the log; None if none is, or it is no longer kept."""
        numbers = [number for number, _ in self.log]
        if self.pinned is None or self.pinned[0] not in numbers:
            return None
        return numbers.index(self.pinned[0])

    def popped(self, width: int, height: int | None = None) -> Panel:
        """The pop-over, ``width`` columns wide (and ``height`` rows tall, if given)."""
        assert self.popover is not None
        title, text = self.popover
        return Panel(
            Text.from_ansi(text), title=title, title_align="left", width=width, height=height
        )

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
        # TRANSLATORS: the moves shown of a list too long for the screen ("moves 1-8 of 12");
        # + is the key to type
        which = ngettext(
            "move {first}-{last} of {count}: + shows the next ones",
            "moves {first}-{last} of {count}: + shows the next ones",
            len(choices),
        )
        more = fill(which, first=first + 1, last=last, count=len(choices))
        return [*shown, Text(f"  {more}", style="dim")]

    def rows(self, parts: list[Text] | list[Panel], width: int) -> int:
        """How many rows ``parts`` take, ``width`` columns wide."""
        if width <= 0:
            return 0
        options = self.console.options.update_width(width)
        return sum(
            len(part.wrap(self.console, width))
            if isinstance(part, Text)
            else len(self.console.render_lines(part, options, pad=False))
            for part in parts
        )

    def heights(self, width: int) -> list[int]:
        """How many rows each message in the log takes, ``width`` columns wide (each worked
        out once)."""
        if len(self.measured) > 4 * LOG_ENTRIES:
            self.measured.clear()
        for number, message in self.log:
            if (number, width) not in self.measured:
                self.measured[number, width] = self.rows([Text.from_ansi(message)], width)
        return [self.measured[number, width] for number, _ in self.log]

    def side(self, room: int, width: int, shown: list[int]) -> Group:
        """What goes beside the board in ``room`` rows: the players and as many of the
        keys and whose count the numbers are as leave room for a log box, then in the box
        as many of the messages older than those ``shown`` under the board as fit whole."""
        sections = [Text.from_ansi("\n".join(self.players)), *map(Text.from_ansi, self.help)]
        sections = sections[: fitting_sections([self.rows([s], width) for s in sections], room)]
        lines = [line for section in sections for line in section.wrap(self.console, width)]
        lines = lines[: max(0, room)]
        inside = width - 4  # the box's borders and padding
        older = [
            (message, height)
            for (number, message), height in zip(self.log, self.heights(inside), strict=True)
            if self.pinned is None or number != self.pinned[0]
        ][: min(shown, default=len(self.log))]
        fit = pick_news([height for _, height in older], None, room - len(lines) - 2)
        if not fit:
            return Group(*lines)
        log = Text("\n").join(Text.from_ansi(older[i][0]) for i in fit)
        # TRANSLATORS: the box of the older messages beside the board
        return Group(*lines, Panel(log, title=gettext("Log"), width=width))


def size(text: Text) -> tuple[int, int]:
    """The rows and columns a picture takes."""
    lines = text.plain.splitlines() or [""]
    return len(lines), max(cell_len(line) for line in lines)


def grid(left: RenderableType, width: int, side: RenderableType, side_width: int) -> Table:
    """``left``, ``width`` columns wide, and ``side`` beside it."""
    layout = Table.grid(padding=(0, 2))
    layout.add_column(width=width)
    layout.add_column(width=side_width)
    layout.add_row(left, side)
    return layout


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
