"""Playing in the terminal: the board drawn after every move, humans pop with Enter
and choose moves by number, computer moves shown with a short pause (during which q quits),
a forced pass played by itself."""

from __future__ import annotations

import os
import random
import select
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TextIO

from pegrace.advice import hint, winprob
from pegrace.dice import roll_d6
from pegrace.engine import Rules
from pegrace.match import choose_checked, dice_rng, seat_players
from pegrace.moves import Move
from pegrace.pictures import draw, paint
from pegrace.record import Event, Record
from pegrace.state import Phase, State
from pegrace.words import said_of


class Quit(Exception):
    """The person asked to stop (q, end of input or Ctrl-C)."""


# waits up to the given seconds for a key; the key, or "" if none came
Keys = Callable[[float], str]


def sleep_only(seconds: float) -> str:
    time.sleep(seconds)
    return ""


def key_reader(stream: TextIO) -> Keys:
    """Keys typed on ``stream`` while computer players move (one key, no Enter needed), where
    it is a terminal; elsewhere the pause is only a pause."""
    try:
        import termios  # POSIX terminals only (not on Windows)
        import tty
    except ImportError:
        return sleep_only
    if not stream.isatty():
        return sleep_only

    def read(seconds: float) -> str:
        fd = stream.fileno()
        saved = termios.tcgetattr(fd)
        try:
            tty.setcbreak(fd, termios.TCSANOW)  # keep keys typed before: no flush
            ready, _, _ = select.select([fd], [], [], seconds)
            return os.read(fd, 1).decode(errors="replace") if ready else ""
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)

    return read


class TerminalGame:
    def __init__(
        self,
        rules: Rules,
        seats: Mapping[str, str],
        seed: int,
        *,
        out: TextIO,
        ask: Callable[[str], str],
        use_colour: bool,
        delay: float,
        record_path: Path | None,
        keys: Keys = sleep_only,
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.seats = dict(seats)
        self.players = seat_players(seats, seed)
        self.rng: random.Random = dice_rng(seed)
        self.record = Record.start(rules, seed, self.seats)
        self.out = out
        self.ask = ask
        self.use_colour = use_colour
        self.delay = delay
        self.record_path = record_path
        self.keys = keys
        self.state = rules.initial_state()

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def name(self, seat: int) -> str:
        colour = self.rules.colours[seat]
        who = "you" if self.players[seat].is_human else self.seats[colour].split(":")[-1]
        return paint(f"{colour} ({who})", colour, self.use_colour)

    def run(self) -> int:
        self.say(f"{self.rules.title}: {', '.join(self.name(s) for s in range(len(self.players)))}")
        self.say(
            "Keys: Enter pops, a number picks a move, p passes, h asks for a hint, "
            "w shows everyone's chance of winning, q quits."
        )
        try:
            while not self.state.is_over:
                self.step()
        except (Quit, KeyboardInterrupt, EOFError):
            self.say("\nGame stopped.")
            self.save()
            return 0
        self.say(draw(self.rules, self.state, self.use_colour))
        self.record.finish(self.rules, self.state)
        self.announce_places()
        self.save()
        return 0

    def save(self) -> None:
        if self.record_path is not None:
            self.record.save(self.record_path)
            self.say(f"Record saved to {self.record_path} (pegrace replay {self.record_path}).")

    def step(self) -> None:
        state = self.state
        seat = state.current
        player = self.players[seat]
        if state.phase == Phase.ROLLOFF:
            if player.is_human:
                self.prompt_pop(f"{self.name(seat)}: press Enter to pop for first turn ")
            pop = roll_d6(self.rng)
            self.say(f"Roll-off: {self.name(seat)} pops {pop}")
            self.record_event(Event(self.rules.colours[seat], roll=pop))
            self.state = self.rules.apply_roll(state, pop)
            if self.state.phase == Phase.ROLLOFF and not self.state.rolloff:
                tied = ", ".join(self.rules.colours[s] for s in self.state.contenders)
                self.say(f"Tie: {tied} pop again.")
            elif self.state.phase == Phase.ROLL:
                self.say(f"{self.name(self.state.current)} goes first.")
            return
        if state.phase == Phase.ROLL:
            self.say()
            self.say(draw(self.rules, state, self.use_colour))
            if player.is_human:
                self.prompt_pop(f"{self.name(seat)}: press Enter to pop ")
            roll = self.rules.dice.sample(self.rng)
            self.say(f"{self.name(seat)} pops {self.rules.dice.format(roll)}")
            self.record_event(Event(self.rules.colours[seat], roll=self.rules.dice.to_json(roll)))
            self.state = self.rules.apply_roll(state, roll)
            return
        move = self.human_move(state) if player.is_human else self.computer_move(state)
        self.record_event(Event(self.rules.colours[seat], move=str(move)))
        self.state = self.rules.apply_move(state, move)

    def record_event(self, event: Event) -> None:
        self.record.events.append(event)

    def computer_move(self, state: State) -> Move:
        move = choose_checked(self.rules, state, self.players)
        if self.keys(self.delay).lower() == "q":
            raise Quit
        self.say(f"  {said_of(self.name(state.current), self.rules.describe(state, move))}")
        return move

    def human_move(self, state: State) -> Move:
        moves = self.rules.legal_moves(state)
        pieces = [m for m in moves if not m.is_pass]
        if not pieces:
            self.say(f"  {said_of(self.name(state.current), self.rules.describe(state, moves[0]))}")
            return moves[0]
        for number, move in enumerate(pieces, 1):
            self.say(f"  {number}. {self.rules.describe(state, move)}")
        can_pass = len(pieces) < len(moves)
        if can_pass:
            self.say("  p. pass")
        choices = "1" if len(pieces) == 1 else f"1-{len(pieces)}"
        while True:
            answer = self.prompt(f"  Your move ({choices}{', p' if can_pass else ''}): ")
            answer = answer.strip().lower()
            if answer == "p" and can_pass:
                return moves[-1]
            if answer.isdigit() and 1 <= int(answer) <= len(pieces):
                return pieces[int(answer) - 1]
            if not answer and len(moves) == 1:
                return moves[0]  # Enter takes the only move
            if self.advise(answer):
                continue
            self.say(
                f"  {answer!r} is not a move here: type {choices}"
                + (", p to pass" if can_pass else "")
                + " or q to quit."
            )

    def prompt_pop(self, text: str) -> None:
        while self.advise(self.prompt(text).strip().lower()):
            pass

    def advise(self, answer: str) -> bool:
        """``h`` and ``w``: the expert's hint and the chances of winning; True if handled."""
        advice_seed = f"{self.seed}:advice:{len(self.record.events)}"
        if answer == "h":
            if self.state.phase != Phase.MOVE:
                self.say("  Hints are for choosing a move: pop first.")
            else:
                self.say(f"  Hint: {hint(self.rules, self.state, seed=advice_seed).reason}")
            return True
        if answer == "w":
            self.say("  Estimating (200 games played on by the medium player)...")
            chances = winprob(self.rules, self.state, seed=advice_seed)
            self.say("  Chance of winning: " + ", ".join(str(c) for c in chances))
            return True
        return False

    def prompt(self, text: str) -> str:
        answer = self.ask(text)
        if answer.strip().lower() in ("q", "quit", "exit"):
            raise Quit
        return answer

    def announce_places(self) -> None:
        outcome = self.rules.outcome(self.state)
        self.say(f"Game over ({outcome.reason}) after {self.state.turn} turns.")
        for side in sorted(range(self.rules.side_count), key=lambda s: outcome.places[s]):
            self.say(f"  {outcome.places[side]}. {self.rules.side_name(side)}")
