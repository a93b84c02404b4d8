"""Where the terminal's full screen puts things, decided from sizes alone (rows and columns:
the terminal's, and those screen.py measures its parts at): which of the board's pictures
it shows, what goes beside the board, and how the rows under the board are shared between
the messages (said in full, never cut), a pop-over and the moves to choose from."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

GAP = 3  # columns between the board and the side column (the grid's padding and one spare)
SIDE_MIN = 20  # columns the side column (players, keys, log) needs beside the board
SIDE_BIG = 30  # ... beside a bigger picture: it is only worth it with a real side column
UNDER_BIG = 7  # rows a bigger picture leaves under it for the messages and the moves
FRAME_ROWS = 2  # the title's row above the board and the prompt's row at the foot
LOG_ROWS = 5  # the least a log box takes: three lines and its frame


def pick_board(sizes: Sequence[tuple[int, int]], width: int, height: int) -> int:
    """Which of a board's pictures (their rows and columns, the biggest first) a terminal of
    ``width`` columns and ``height`` rows shows: the biggest that leaves ``UNDER_BIG`` rows
    under it and ``SIDE_BIG`` columns beside it, else the last (the smallest)."""
    for index, (rows, columns) in enumerate(sizes[:-1]):
        if rows + FRAME_ROWS + UNDER_BIG <= height and columns + GAP + SIDE_BIG <= width:
            return index
    return len(sizes) - 1


def side_width(board_columns: int, width: int) -> int:
    """Columns for the side column beside a board ``board_columns`` wide; 0: no room."""
    beside = width - board_columns - GAP
    return beside if beside >= SIDE_MIN else 0


@dataclass(frozen=True)
class Needs:
    """What the parts under the board ask for, in rows: the messages the least they keep
    (the last computer move and the newest message), the moves at full width and beside the
    board (None: no side column), a pop-over under the board and in the board's place (0:
    none)."""

    news: int
    moves: int
    moves_beside: int | None
    pop: int
    pop_in_place: int


@dataclass(frozen=True)
class Split:
    """The rows under the board: the messages', the moves' (0 with the moves beside the board
    or none to choose from) and where the pop-over goes: "under" the board, in the "board"'s
    place, or "" (none)."""

    news: int
    moves: int
    moves_beside: bool
    pop: str


def split(under: int, board: int, needs: Needs) -> Split:
    """How the ``under`` rows between a board ``board`` rows tall and the prompt are shared.
    The messages keep the least they need; the moves go under the board where they fit
    beside that, else beside the board where they fit there, else a page at a time under it;
    a pop-over goes under the board where it fits with the rest, else in the board's place;
    the messages get every row left."""
    keep = min(needs.news, under)
    beside = False
    if needs.moves <= under - keep:
        moves = needs.moves
    elif needs.moves_beside is not None and 0 < needs.moves_beside <= board:
        moves, beside = 0, True
    else:
        moves = min(under, max(2, under - keep))
    left = under - moves
    place = ""
    if needs.pop > 0 and needs.pop <= left - keep:
        place, left = "under", left - needs.pop
    elif needs.pop > 0:
        place = "board"  # a pop-over taller than the board pushes the rest down
        left -= max(0, needs.pop_in_place - board)
    return Split(max(0, left), moves, beside, place)


def pick_news(sizes: Sequence[int], pinned: int | None, rows: int) -> list[int]:
    """Which messages (their rows, the oldest first) fit whole in ``rows``: the ``pinned``
    one (the last computer move) whatever else, then the newest that fit, in their order."""
    if pinned is not None and sizes[pinned] > rows:
        return pick_news(sizes, None, rows)  # too long to keep: the newest that fit instead
    budget = rows - (sizes[pinned] if pinned is not None else 0)
    chosen = []
    for index in reversed(range(len(sizes))):
        if index != pinned:
            if sizes[index] > budget:
                break
            budget -= sizes[index]
        chosen.append(index)
    if pinned is not None and pinned not in chosen:
        chosen.append(pinned)
    return sorted(chosen)


def fitting_sections(sizes: Sequence[int], room: int, kept: int = 2) -> int:
    """How many of the side column's sections (their rows, in order: the players, the keys,
    whose count the numbers are) to show in ``room`` rows: the first ``kept`` always (cut
    short where they are too long), each next one while a log box still fits under them."""
    count, used = min(kept, len(sizes)), sum(sizes[:kept])
    for size in sizes[kept:]:
        if used + size + LOG_ROWS > room:
            break
        count, used = count + 1, used + size
    return count
