"""The terminal game: pops, numbered choices, refused answers, quitting."""

from __future__ import annotations

import io
import random
from collections.abc import Callable

from pegrace import get_rules
from pegrace.engine import Rules
from pegrace.match import parse_seats
from pegrace.pictures import draw
from pegrace.state import State
from pegrace.terminal import PLAYOUTS, TerminalGame
from pegrace.terminal_words import counting_words

PLAYED_ON = f"{PLAYOUTS} games played on by the medium player"  # the chances' playouts


class Script:
    """Answers prompts: Enter to pop, a wrong number then 1 for moves, q at the end."""

    def __init__(self, moves_before_quit: int) -> None:
        self.left = moves_before_quit
        self.wrong_given = False
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if "Your move" not in prompt:
            return ""
        if not self.wrong_given:
            self.wrong_given = True
            return "9"
        self.left -= 1
        return "1" if self.left > 0 else "q"


def play_with(ask: Callable[[str], str], seed: int) -> tuple[TerminalGame, str]:
    """2-player Trouble without voluntary passes, red answered by ``ask`` against the random
    computer, to its end or quitting: the game and everything it printed."""
    rules = get_rules("trouble", 2, {"voluntary_pass": "off"})
    seats = parse_seats(rules, ["red=human"], "computer:random")
    out = io.StringIO()
    game = TerminalGame(
        rules, seats, seed, out=out, ask=ask, use_colour=False, delay=0.0, record_path=None
    )
    assert game.run() == 0
    return game, out.getvalue()


def play(moves_before_quit: int) -> tuple[TerminalGame, str, Script]:
    script = Script(moves_before_quit)
    game, text = play_with(script, 11)
    return game, text, script


def test_wrong_numbers_are_refused_and_asked_again() -> None:
    game, text, script = play(moves_before_quit=3)
    assert "'9' is not a move here" in text
    assert "Game stopped." in text
    assert any("press Enter to pop" in p for p in script.prompts)
    moves = [e for e in game.record.events if e.move is not None and e.colour == "red"]
    assert len(moves) >= 2  # the two "1" answers were played
    assert "\033[" not in text  # plain text when colour is off


def test_the_rolloff_is_shown() -> None:
    _, text, _ = play(moves_before_quit=1)
    assert "Roll-off: Red (you) pops" in text
    assert "goes first." in text


def test_h_gives_the_experts_hint_and_w_the_chances_of_winning() -> None:
    """w at the first pop, h at the first move, then that move, then quit."""
    given: list[str] = []

    def ask(prompt: str) -> str:
        if not given:
            answer = "w"
        elif "Your move" in prompt and "h" not in given:
            answer = "h"
        elif "Your move" in prompt:
            answer = "1" if "1" not in given else "q"
        else:
            answer = "" if len(given) < 500 else "q"
        given.append(answer)
        return answer

    _, text = play_with(ask, 3)
    assert "h hint, w chances of winning" in text
    chances = text.split(f"Chance of winning by {PLAYED_ON}: ")[1].splitlines()[0]
    assert chances.startswith("Red: ") and ", Green: " in chances
    hint_line = text.split("Hint: ")[1].splitlines()[0]
    assert hint_line.split(":")[0] in text.split("Your move")[0]  # one of the listed moves
    assert "1" in given  # after the hint the game went on


def test_q_during_a_computer_move_stops_an_all_computer_game() -> None:
    rules = get_rules("ludo", 4, {})
    seats = parse_seats(rules, ["all=computer:random"], "computer:random")
    waits: list[float] = []

    def keys(seconds: float) -> str:
        waits.append(seconds)
        return "q" if len(waits) == 5 else ""

    out = io.StringIO()
    game = TerminalGame(
        rules,
        seats,
        5,
        out=out,
        ask=lambda _: "",
        use_colour=False,
        delay=0.25,
        record_path=None,
        keys=keys,
    )
    assert game.run() == 0
    assert "Game stopped." in out.getvalue() and not game.state.is_over
    assert waits == [0.25] * 5  # each computer move waits for a key as long as the delay
    # the pause follows each move as it is shown: the fifth is played and recorded, then q
    assert sum(1 for e in game.record.events if e.move is not None) == 5


def test_a_forced_pass_plays_itself_and_says_so() -> None:
    """Red (human) pops without a 6 at the start: nothing can move, so no move is asked for."""
    rules = get_rules("trouble", 2, {"voluntary_pass": "off"})
    seats = parse_seats(rules, ["red=human"], "computer:random")
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return "" if len(prompts) < 6 else "q"

    out = io.StringIO()
    game = TerminalGame(
        rules, seats, 11, out=out, ask=ask, use_colour=False, delay=0.0, record_path=None
    )
    game.run()
    passes = [e for e in game.record.events if e.colour == "red" and e.move == "pass"]
    assert passes and "Red (you) passes: nothing can move" in out.getvalue()
    assert not any("pass" in p.lower() for p in prompts)  # never asked to confirm a pass


def test_a_key_on_a_terminal_is_read_without_enter_and_no_key_waits_the_pause() -> None:
    import os
    import pty
    import time

    from pegrace.terminal import key_reader

    leader, follower = pty.openpty()
    with os.fdopen(follower, "r") as stream:
        read = key_reader(stream)
        started = time.monotonic()
        assert read(0.05) == "" and time.monotonic() - started >= 0.05  # nothing typed
        os.write(leader, b"q")  # one key, no Enter
        assert read(5.0) == "q"
    os.close(leader)
    assert key_reader(io.StringIO())(0.0) == ""  # not a terminal: only a pause


def test_a_moving_piece_is_shown_on_each_space_it_passes() -> None:
    from pegrace.terminal import passing
    from positions import position

    rules, state = position(
        "trouble", {"red": ["track:4", *["home"] * 3], "green": ["home"] * 4}, 3
    )
    walked = passing(rules, state, rules.parse_move(state, "track:4>track:7"))
    assert [sorted(s.pieces[0])[-1] for s in walked] == [5, 6]  # not 7: the move shows that
    assert all(s.pieces[1] == state.pieces[1] for s in walked)
    two_dice = {"red": ["base"] * 4, "yellow": ["base"] * 4}
    rules, state = position("ludo", two_dice, [3, 6])
    walked = passing(rules, state, rules.parse_move(state, "6:base>track:0 3:track:0>track:3"))
    assert [max(s.pieces[0]) for s in walked] == [1, 2]  # out of the base at once, then on
    start = ["start"] * 4
    rules, state = position("headache", {"red": start, "green": start}, [2, 0], aux=[0, 0, 0])
    assert passing(rules, state, rules.legal_moves(state)[0]) == []  # stacks move whole


def test_the_end_says_whose_place_is_yours_and_which_were_not_played_out() -> None:
    """As the web page's end card does: "(you)" by the person's place, "not played out" by
    the places the game stopped before playing for (Ludo's default stops at the first
    winner)."""
    rules = get_rules("ludo", 4)
    seats = parse_seats(rules, ["green=human"], "computer:random")
    out = io.StringIO()
    game = TerminalGame(
        rules,
        seats,
        5,
        out=out,
        ask=lambda prompt: "",
        use_colour=False,
        delay=0.0,
        record_path=None,
    )
    game.state = finished(rules, 5)
    game.announce_places()
    lines = out.getvalue().splitlines()[1:]
    places = [line for line in lines if line.startswith("  ") and line[2].isdigit()]
    assert len(places) == 4
    assert sum("(you)" in line for line in places) == 1
    assert next(line for line in places if "(you)" in line).split(". ")[1].startswith("Green")
    assert sum(line.endswith("not played out") for line in places) == 3
    assert lines[-1] == '  "Not played out": ranked by how far their pieces got.'


def finished(rules: Rules, seed: int) -> State:
    """A random game's last position."""
    rng = random.Random(seed)
    state = rules.initial_state()
    while not state.is_over:
        if state.is_chance:
            state = rules.apply_roll(state, rules.sample_roll(state, rng))
        else:
            state = rules.apply_move(state, rng.choice(rules.legal_moves(state)))
    return state


def test_the_terminal_says_whose_count_the_numbers_are() -> None:
    """The board counts from the first colour's start, a move from its mover's: the terminal
    says so, with each colour's start on the board's count, and those starts are where each
    colour's own count begins."""
    _, text, _ = play(moves_before_quit=1)
    assert "Board numbers count from Red's start; Green's moves count from 14." in text
    for game in ("trouble", "ludo", "marbles"):
        rules = get_rules(game, 4)
        words = counting_words(rules)
        for seat, colour in enumerate(rules.colours[1:], start=1):
            assert (
                f"{colour.capitalize()}'s {'moves count ' if seat == 1 else ''}from "
                f"{rules.abs_of[seat][0]}" in words
            )
        assert rules.abs_of[0][0] == 0  # the board's count is the first colour's own
    assert counting_words(get_rules("headache", 4)) == ""  # its spaces have names


def test_a_finished_games_picture_says_it_is_over_not_whose_turn_it_is() -> None:
    for game in ("ludo", "headache"):
        rules = get_rules(game, 2)
        picture = draw(rules, finished(rules, 4))
        assert "game over" in picture
        assert "to roll" not in picture and "to pop" not in picture
        assert "to roll" in draw(rules, rules.initial_state()) or "to pop" in draw(
            rules, rules.initial_state()
        )


def test_every_prompt_names_the_colour_to_move_with_teams_each_partner_in_turn() -> None:
    """Marbles with teams, the person playing both partners (red and green): each pop and
    move prompt says whose turn it is."""
    rules = get_rules("marbles", 4, {"teams": "on"})
    seats = parse_seats(rules, ["red=human", "green=human"], "computer:random")
    asked: list[tuple[str, str]] = []
    game: TerminalGame

    def ask(prompt: str) -> str:
        asked.append((prompt, rules.colours[game.state.current]))
        if len(asked) > 120:
            return "q"
        return "1" if "Your move" in prompt else ""

    game = TerminalGame(
        rules, seats, 8, out=io.StringIO(), ask=ask, use_colour=False, delay=0.0, record_path=None
    )
    game.run()
    moves = [(prompt, colour) for prompt, colour in asked if "Your move" in prompt]
    pops = [(prompt, colour) for prompt, colour in asked if "to pop" in prompt]
    assert {colour for _, colour in moves} == {"red", "green"}
    assert all(f"Your move, {colour.capitalize()} (" in prompt for prompt, colour in moves)
    assert all(
        prompt.startswith(f"{colour.capitalize()} (you): press Enter") for prompt, colour in pops
    )


def test_each_place_is_said_as_it_is_settled_and_what_the_game_plays_on_for() -> None:
    """Trouble plays on past its first winner (its default): an all-computer game says each
    place as it is settled, with the place it plays on for, matching the places at the end
    (the last ones, settled by the move that ends it, are said with the end)."""
    rules = get_rules("trouble", 4)
    seats = parse_seats(rules, ["all=computer:random"], "computer:random")
    out = io.StringIO()
    game = TerminalGame(
        rules, seats, 6, out=out, ask=lambda _: "", use_colour=False, delay=0.0, record_path=None
    )
    game.run()
    lines = out.getvalue().splitlines()
    said = [line for line in lines if " finishes " in line]
    places = rules.outcome(game.state).places
    by_place = sorted(range(4), key=lambda side: places[side])
    assert said == [
        f"{rules.colours[by_place[0]].title()} finishes 1st; playing on for 2nd.",
        f"{rules.colours[by_place[1]].title()} finishes 2nd; playing on for 3rd.",
    ]
    assert lines.index(said[1]) < lines.index(next(x for x in lines if x.startswith("Game over")))


def test_the_screen_shows_a_place_beside_its_player_and_the_title_what_is_played_for() -> None:
    from rich.console import Console
    from rich.text import Text

    from pegrace.screen import Screen
    from positions import position

    home = ["home"] * 4
    pieces = {"red": ["finish:2", "finish:3", "finish:4", "track:27"], "yellow": home}
    rules, state = position("trouble", {**pieces, "green": home, "blue": home}, 1)
    seats = parse_seats(rules, ["red=human"], "computer:random")
    screen = Screen("pegrace", Console(file=io.StringIO(), width=80, height=24))
    game = TerminalGame(
        rules,
        seats,
        1,
        out=io.StringIO(),
        ask=lambda _: "1",  # the move to finish
        use_colour=False,
        delay=0.0,
        record_path=None,
        screen=screen,
    )
    game.state = state
    game.step()
    assert game.state.finished == (0,)
    assert screen.log[-1][1] == "Red finishes 1st; playing on for 2nd."
    assert screen.status == "playing on for 2nd"
    assert screen.players == [
        "Red (you): 1st",
        "Yellow (random)",
        "Green (random)",
        "Blue (random)",
    ]
    title = screen.frame()[0]
    assert isinstance(title, Text) and title.plain == "pegrace · playing on for 2nd"
