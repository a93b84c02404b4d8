"""The full screen's layout, fast: screen_layout.py's choices from sizes alone, and the
Screen drawn into a Rich console of a terminal's size (80x24, 120x40) and read back as
text."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console, Group

from pegrace import get_rules
from pegrace.engine import Rules
from pegrace.games.headache.picture import KEY
from pegrace.pictures import draw
from pegrace.screen import Screen
from pegrace.screen_layout import (
    LOG_ROWS,
    Needs,
    fitting_sections,
    pick_board,
    pick_news,
    side_width,
    split,
)
from pegrace.state import State
from positions import random_positions

GAMES = ["trouble", "ludo", "headache", "marbles"]
KEYS = (
    "Keys: Enter pops, a number picks a move, p passes, h hint, w chances of winning, "
    "r resigns, ? how to play, q quits."
)
BOX = re.compile(r"[│╭╮╰╯─]")


def size(picture: str) -> tuple[int, int]:
    lines = picture.splitlines()
    return len(lines), max(len(line) for line in lines)


def test_a_bigger_board_only_where_it_leaves_room_under_it_and_beside_it() -> None:
    sizes = [(31, 84), (17, 54)]  # Marbles' pictures
    assert pick_board(sizes, 80, 24) == 1
    assert pick_board(sizes, 120, 40) == 0
    assert pick_board(sizes, 120, 39) == 1  # 31 rows, the title, the prompt: 6 left under it
    assert pick_board(sizes, 116, 40) == 1  # 29 columns beside it: no real side column
    assert pick_board([(12, 48)], 20, 10) == 0  # the only picture, whatever the room
    assert side_width(54, 80) == 23 and side_width(61, 80) == 0  # under 20 columns: none


@pytest.mark.parametrize("game", GAMES)
def test_every_game_draws_its_small_board_at_80x24_and_its_big_one_at_120x40(game: str) -> None:
    """In every position of random games: the small board leaves 80x24 five rows under it
    and 20 columns beside it; the big one is bigger, and fits 120x40."""
    rules = get_rules(game, 4)
    for state in random_positions(rules, 3, 600)[::3]:
        big, small = draw(rules, state, big=True), draw(rules, state)
        rows, columns = size(small)
        assert rows <= 24 - 2 - 5 and columns <= 80 - 3 - 20, small
        assert size(big)[0] > rows and size(big)[1] > columns
        assert pick_board([size(big), size(small)], 80, 24) == 1
        assert pick_board([size(big), size(small)], 120, 40) == 0


def test_the_moves_go_under_the_board_then_beside_it_then_a_page_at_a_time() -> None:
    under = Needs(news=3, moves=4, moves_beside=9, pop=0, pop_in_place=0)
    assert split(8, 16, under) == split(8, 16, under)  # the same sizes, the same answer
    assert split(8, 16, under).moves == 4 and not split(8, 16, under).moves_beside
    beside = split(6, 16, under)  # 4 rows do not fit under beside 3 of messages
    assert beside.moves == 0 and beside.moves_beside and beside.news == 6
    paged = split(6, 16, Needs(news=3, moves=30, moves_beside=40, pop=0, pop_in_place=0))
    assert paged.moves == 3 and not paged.moves_beside and paged.news == 3
    alone = split(6, 16, Needs(news=3, moves=30, moves_beside=None, pop=0, pop_in_place=0))
    assert alone.moves == 3 and alone.news == 3  # no side column: a page at a time


def test_a_pop_over_goes_under_the_board_where_it_fits_else_in_the_boards_place() -> None:
    roomy = split(19, 19, Needs(news=3, moves=4, moves_beside=9, pop=5, pop_in_place=8))
    assert roomy.pop == "under" and roomy.news == 19 - 4 - 5
    tight = split(6, 16, Needs(news=3, moves=2, moves_beside=9, pop=5, pop_in_place=8))
    assert tight.pop == "board" and tight.news == 4 and tight.moves == 2
    tall = split(6, 4, Needs(news=3, moves=2, moves_beside=None, pop=9, pop_in_place=9))
    assert tall.pop == "board" and tall.news == 0  # 5 rows taller than the board: none left
    assert split(6, 16, Needs(3, 2, 9, 0, 0)).pop == ""


def test_the_messages_kept_are_whole_the_pinned_one_and_the_newest() -> None:
    assert pick_news([1, 1, 2, 2], None, 4) == [2, 3]
    assert pick_news([1, 1, 2, 2], None, 3) == [3]  # not the half of one
    assert pick_news([2, 1, 1, 1, 1], 0, 4) == [0, 3, 4]  # the pinned one, however old
    assert pick_news([2, 1, 1, 1], 2, 2) == [2, 3]  # the pinned one among the newest
    assert pick_news([2, 1, 1, 1], 2, 3) == [1, 2, 3]
    assert pick_news([1, 5, 1], 1, 3) == [2]  # too long to keep: the newest instead
    assert pick_news([1, 1], None, -2) == [] and pick_news([], None, 5) == []


def test_the_side_column_keeps_the_players_and_keys_and_the_count_where_a_log_fits() -> None:
    assert fitting_sections([4, 4, 4], 12) == 2
    assert fitting_sections([4, 4, 4], 12 + LOG_ROWS) == 3
    assert fitting_sections([4, 4], 3) == 2  # cut short, but there
    assert fitting_sections([], 10) == 0


def busiest(rules: Rules) -> State:
    """Of a random game's positions, one with the most moves to choose from."""
    return max(random_positions(rules, 1, 300), key=lambda s: len(rules.distinct_moves(s)))


def screen_of(rules: Rules, state: State, width: int, height: int) -> Screen:
    """A Screen as the terminal game fills it at ``state``: the players and keys, a long
    computer move (pinned), answers refused after it and the person's pop, the moves and a
    long hint."""
    screen = Screen(f"pegrace · {rules.title} · seed 1", terminal(width, height))
    screen.players = [f"{colour} (medium)" for colour in rules.colours]
    screen.help = [KEYS, "Board numbers count from Red's start; Green's moves count from 14."]
    screen.show(draw(rules, state, big=True), draw(rules, state))
    for number in range(12):
        screen.say(f"Blue (medium) pops {number}")
    moves = rules.distinct_moves(state)
    longest = max(moves, key=lambda move: len(str(rules.describe(state, move))))
    screen.say(f"  {rules.describe(state, longest, 'Blue (medium)')}", pin=True)
    for _ in range(8):
        screen.say("  'x' is not a move here: type a move's number, p to pass or q to quit.")
    screen.say("Red (you) pops 6")
    screen.offer([f"  {n}. {rules.describe(state, m)}" for n, m in enumerate(moves, 1)])
    screen.pop("Hint", f"{rules.describe(state, longest)}: {'the expert likes it; ' * 8}done")
    return screen


def terminal(width: int, height: int) -> Console:
    return Console(width=width, height=height, file=io.StringIO(), record=True, color_system=None)


def shown(screen: Screen) -> list[str]:
    """The screen's rows as a terminal shows them."""
    screen.console.print(Group(*screen.frame()))
    return screen.console.export_text().rstrip("\n").split("\n")


def said(rows: list[str], board_rows: int, board_width: int) -> str:
    """What ``rows`` say, read as a person reads them: the board's column and the side column
    each top to bottom, then the rows under them; boxes' frames and spacing left out."""
    split_at = board_width + 2
    beside = rows[1 : 1 + board_rows]
    columns = [row[:split_at] for row in beside], [row[split_at:] for row in beside]
    parts = [*columns[0], *columns[1], *rows[1 + board_rows :]]
    return " ".join(BOX.sub(" ", " ".join(parts)).split())


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("width, height", [(80, 24), (120, 40)])
def test_the_last_computer_move_the_hint_and_the_moves_are_shown_whole(
    game: str, width: int, height: int
) -> None:
    """At 80x24 and at 120x40, in the position with the most moves of a random game: the
    longest move said of a computer, a long hint and every move shown (or this page of
    them) whole, nothing cut short, the screen never taller than the terminal."""
    rules = get_rules(game, 4)
    state = busiest(rules)
    screen = screen_of(rules, state, width, height)
    rows = shown(screen)
    assert len(rows) <= height - 1 and rows[0].startswith(f"pegrace · {rules.title}")
    assert not any("…" in row for row in rows)
    picture = draw(rules, state, big=width >= 120)
    board_rows, board_width = size(picture)
    read = said(rows, board_rows, board_width)
    assert screen.pinned is not None
    pinned = words(screen.pinned[1])
    assert pinned in read, f"{pinned!r} not whole in\n" + "\n".join(rows)
    assert "Red (you) pops 6" in read
    assert screen.popover is not None and words(screen.popover[1]) in read
    listed = [words(choice) for choice in screen.choices if words(choice) in read]
    assert listed and listed[0] == words(screen.choices[0])  # the first page, whole
    paged = len(listed) < len(screen.choices)
    assert paged == ("+ shows the next ones" in read)
    screen.popover = None  # the next key closes it: the board as it is drawn
    rows = shown(screen)[-height:]
    assert all(line.rstrip() in rows[1 + y] for y, line in enumerate(picture.splitlines()))


@pytest.mark.parametrize("game", GAMES)
def test_at_80x24_the_side_column_shows_the_players_and_the_keys(game: str) -> None:
    rules = get_rules(game, 4)
    state = busiest(rules)
    screen = screen_of(rules, state, 80, 24)
    screen.popover, screen.choices = None, []
    rows = shown(screen)
    read = said(rows, *size(draw(rules, state)))
    assert all(f"{colour} (medium)" in read for colour in rules.colours)
    assert words(KEYS) in read
    assert "Log" in read  # older messages, in a box beside the board


def test_a_prompt_too_long_for_the_last_row_is_cut_short_leaving_room_to_answer() -> None:
    """A longer language's prompt never wraps the screen's last row (it would push the screen
    up a row): cut to leave the answer 12 columns, colours kept."""
    screen = Screen("pegrace", terminal(80, 24))
    assert (
        screen.prompting("Red (you): press Enter to pop ").plain == "Red (you): press Enter to pop "
    )
    long = screen.prompting("\033[1;91mRed (you)\033[0m: " + "ŵŏřđş " * 20)
    assert long.cell_len <= 80 - 12 + 1 and long.plain.endswith("… ")
    assert long.plain.startswith("Red (you): ") and long.spans  # its colours kept


def test_headaches_board_says_what_its_labels_and_a_pops_star_mean() -> None:
    rules = get_rules("headache", 4)
    start = draw(rules, rules.initial_state())
    assert "x: X, where tracks cross; o: outer; i: inner" in start
    assert "(R4): 4 on START; R3: stack of 3, R on top" in start
    assert " (R4) " in start.splitlines()[0] + " "  # the key's example is on the board
    dotted = next(
        s
        for s in random_positions(rules, 2, 400)
        if s.roll is not None and rules.dice.format(s.roll).endswith("*")
    )
    middle = draw(rules, dotted).splitlines()[2:7]
    popped = rules.dice.format(dotted.roll)
    assert popped.endswith("*") and any(f"popped {popped}" in line for line in middle)
    assert any("* red dot: pop again" in line for line in middle)
    assert all(len(line) <= 45 for line in draw(rules, dotted).splitlines()[:11])


def test_headaches_small_board_lists_many_stacks_several_to_a_line() -> None:
    rules = get_rules("headache", 4)
    crowded = next(
        s
        for s in random_positions(rules, 3, 3000)
        if sum(1 for stack in rules.stacks(s).values() if len(stack) > 1) > 3
    )
    small, big = draw(rules, crowded).splitlines(), draw(rules, crowded, big=True).splitlines()
    listed = small[small.index(KEY[-1]) + 1 : -1]  # between the key and the cones owned
    stacks = [line.split()[0] for line in big if "cones, top first" in line]
    assert listed[0].startswith("stacks, top first: ") and len(listed) < len(stacks)
    names = " ".join(listed).split()[3::2]  # "o17 RG i1 GYYR ...": the places
    assert names == [f"{name[0]}{name.split(':')[1]}" for name in stacks]  # outer:21: o21
    assert all(len(line) <= 45 for line in small)
