"""Playing in the terminal: on a terminal, a full screen redrawn in place (screen.py), else the
board printed before every roll; humans pop with Enter and choose moves by number (the prompt
names the colour to move), computer moves shown with a pause set by the speed (during which q
quits), a forced pass played by itself, every move in plain words, each place said as it is
settled (and what a game that plays on plays for next)."""

from __future__ import annotations

import contextlib
import os
import random
import select
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TextIO

from pegrace.advice import hint, learned_chances, winprob
from pegrace.dice import roll_d6
from pegrace.engine import Rules
from pegrace.games import entry
from pegrace.games.ludo import DiceMove
from pegrace.guide import guide_text
from pegrace.match import choose_checked, dice_rng, seat_players
from pegrace.moves import Move, Step
from pegrace.pictures import draw, paint
from pegrace.race import RaceRules
from pegrace.record import Event, Record
from pegrace.screen import Screen
from pegrace.state import Phase, State
from pegrace.words import names, said_of, sentence

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}
PLAYED_ON = "200 games played on by the medium player"  # winprob's playouts


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


def ordinal(place: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``."""
    return ORDINALS.get(place, f"{place}th")


def counting_words(rules: Rules) -> str:
    """Whose count the numbers are: the board's from the first colour's start, a move's
    from its mover's start (they differ for every other colour), so either can be found."""
    if not isinstance(rules, RaceRules):
        return ""  # Headache names its spaces, the same for everyone
    starts = rules.track.board.starts
    first, second, *rest = rules.colours
    others = [f"{second}'s moves count from {starts[second]}"]
    others += [f"{colour}'s from {starts[colour]}" for colour in rest]
    return f"Board numbers count from {first}'s start; {', '.join(others)}."


def passing(rules: Rules, state: State, move: Move) -> list[State]:
    """The positions a race game's piece passes on its way, one space at a time (not where it
    ends: the move's own successor shows that, captures and all). None for a piece leaving
    its base, jumping (LUDOpy's stars), wrapping round (War) or sent back, nor for Headache's
    stacks, which the core moves whole."""
    if not isinstance(rules, RaceRules) or move.is_pass:
        return []
    seat = getattr(move, "owner", state.current)  # a partner's marble moves in its frame
    uses = [(o, t) for _, o, t in move.uses] if isinstance(move, DiceMove) else []
    if isinstance(move, Step):
        uses = [(move.origin, move.target)]
    row, positions = list(state.pieces[seat]), []
    for origin, target in uses:
        index = row.index(origin)
        steps = range(origin + 1, target) if 0 <= origin < target else range(0)
        for position in steps:
            row[index] = position
            pieces = (*state.pieces[:seat], tuple(row), *state.pieces[seat + 1 :])
            positions.append(state._replace(pieces=pieces))
        row[index] = target
    return positions


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
        screen: Screen | None = None,
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
        self.screen = screen  # a full screen redrawn in place; None: lines printed in turn
        self.state = rules.initial_state()

    def say(self, text: str = "", pin: bool = False) -> None:
        """A message; ``pin``: the full screen keeps it under the board until the next one."""
        if self.screen is not None:
            self.screen.say(text, pin)
        else:
            print(text, file=self.out, flush=True)

    def show(self, state: State) -> None:
        """The board: redrawn in place on the full screen, else printed."""
        picture = draw(self.rules, state, self.use_colour)
        if self.screen is not None:
            self.screen.show(draw(self.rules, state, self.use_colour, big=True), picture)
        else:
            self.say()
            self.say(picture)

    def offer(self, choices: list[str]) -> None:
        """The moves to choose from: under the board on the full screen, else printed."""
        if self.screen is not None:
            self.screen.offer(choices)
        else:
            for line in choices:
                self.say(line)

    def name(self, seat: int) -> str:
        colour = self.rules.colours[seat]
        who = "you" if self.players[seat].is_human else self.seats[colour].split(":")[-1]
        return paint(f"{colour} ({who})", colour, self.use_colour)

    def standings(self, places: Mapping[int, int]) -> list[str]:
        """A line a side: its colours and who plays them, and its place where ``places`` has
        it."""
        lines = []
        for side, seats in enumerate(self.rules.side_seats):
            line = " + ".join(self.name(seat) for seat in seats)
            out = any(seat in self.state.out for seat in seats)
            place = f"{'out, ' if out else ''}{ordinal(places[side])}" if side in places else ""
            lines.append(f"{line}: {place}" if place else line)
        return lines

    def run(self) -> int:
        players = f"{self.rules.title}: {', '.join(self.name(s) for s in range(len(self.players)))}"
        # short, so that beside the board it leaves the log its room
        keys = (
            "Keys: Enter pops, a number picks a move, p passes, h hint, "
            "w chances of winning, ? how to play, q quits."
        )
        if self.screen is not None:
            self.screen.players = self.standings({})
            self.screen.help = [keys, *filter(None, [counting_words(self.rules)])]
            self.show(self.state)
        else:
            self.say(players)
            self.say(f"{keys}\n{counting_words(self.rules)}".rstrip())
        try:
            while not self.state.is_over:
                self.step()
        except (Quit, KeyboardInterrupt, EOFError):
            self.say("\nGame stopped.")
            self.save()
            return 0
        self.show(self.state)
        self.record.finish(self.rules, self.state)
        self.announce_places()
        self.save()
        if self.screen is not None:
            with contextlib.suppress(EOFError, KeyboardInterrupt):
                self.ask("Game over: press Enter to leave ")
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
            self.show(state)
            if player.is_human:
                self.prompt_pop(f"{self.name(seat)}: press Enter to pop ")
            roll = self.rules.dice.sample(self.rng)
            self.say(f"{self.name(seat)} pops {self.rules.dice.format(roll)}")
            self.record_event(Event(self.rules.colours[seat], roll=self.rules.dice.to_json(roll)))
            self.state = self.rules.apply_roll(state, roll)
            return
        move = self.human_move(state) if player.is_human else self.computer_move(state)
        self.record_event(Event(self.rules.colours[seat], move=str(move)))
        if self.screen is not None:
            self.walk(state, move)
        self.state = self.rules.apply_move(state, move)
        self.placed(state, self.state)
        if self.screen is not None:
            self.show(self.state)
        if not player.is_human and self.keys(self.delay).lower() == "q":
            raise Quit

    def record_event(self, event: Event) -> None:
        self.record.events.append(event)

    def computer_move(self, state: State) -> Move:
        move = choose_checked(self.rules, state, self.players)
        self.say(f"  {said_of(self.name(state.current), self.rules.describe(state, move))}", True)
        return move

    def placed(self, before: State, after: State) -> None:
        """The places ``after`` settles that ``before`` did not, each said as it happens with
        the place the game plays on for next (where it goes on past its first place), and
        shown beside the players. The end says every place (announce_places)."""
        rules = self.rules
        old, new = rules.decided(before), rules.decided(after)
        fresh = sorted(set(new) - set(old), key=new.__getitem__)
        if not fresh or after.is_over:
            return
        open_places = sorted(set(range(1, rules.side_count + 1)) - set(new.values()))
        status = f"playing on for {ordinal(open_places[0])}" if open_places[0] > 1 else ""
        for side in fresh:
            colours = [rules.colours[seat] for seat in rules.side_seats[side]]
            several = len(colours) > 1
            if any(seat in after.out for seat in rules.side_seats[side]):
                done = f"{'are' if several else 'is'} out: {ordinal(new[side])}"
            else:
                done = f"{'finish' if several else 'finishes'} {ordinal(new[side])}"
            self.say(f"{names(colours)} {done}" + (f"; {status}." if status else "."))
        if self.screen is not None:
            self.screen.status = status
            self.screen.players = self.standings(new)

    def walk(self, state: State, move: Move) -> None:
        """The moving piece shown space by space (an eighth of the pace per space)."""
        hop = self.delay / 8
        if hop <= 0 or self.screen is None:
            return
        for position in passing(self.rules, state, move):
            self.show(position)
            self.screen.pause()
            time.sleep(hop)

    def human_move(self, state: State) -> Move:
        moves = self.rules.distinct_moves(state)
        pieces = [m for m in moves if not m.is_pass]
        if not pieces:
            self.say(f"  {said_of(self.name(state.current), self.rules.describe(state, moves[0]))}")
            return moves[0]
        listed = [f"  {n}. {self.rules.describe(state, move)}" for n, move in enumerate(pieces, 1)]
        can_pass = len(pieces) < len(moves)
        self.offer([*listed, "  p. Pass"] if can_pass else listed)
        choices = "1" if len(pieces) == 1 else f"1-{len(pieces)}"
        colour = self.rules.colours[state.current]
        mover = paint(colour, colour, self.use_colour)
        while True:
            answer = self.prompt(f"  Your move, {mover} ({choices}{', p' if can_pass else ''}): ")
            answer = answer.strip().lower()
            chosen = None
            if answer == "p" and can_pass:
                chosen = moves[-1]
            elif answer.isdigit() and 1 <= int(answer) <= len(pieces):
                chosen = pieces[int(answer) - 1]
            elif not answer and len(moves) == 1:
                chosen = moves[0]  # Enter takes the only move
            elif answer == "+" and self.screen is not None:
                self.screen.next_page()
                continue
            if chosen is not None:
                if self.screen is not None:
                    self.offer([])
                    self.say(
                        f"  {said_of(self.name(state.current), self.rules.describe(state, chosen))}"
                    )
                return chosen
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
        """``h`` and ``w``: the expert's hint and the chances of winning; ``?``: how to play;
        True if handled."""
        if answer == "?":
            self.guide()
            return True
        advice_seed = f"{self.seed}:advice:{len(self.record.events)}"
        if answer == "h":
            if self.state.phase != Phase.MOVE:
                self.tell("Hint", [": none yet, hints are for choosing a move: pop first."])
            else:
                self.tell("Hint", [f": {hint(self.rules, self.state, seed=advice_seed).reason}"])
            return True
        if answer == "w":
            lines = []
            learned = learned_chances(self.rules, self.state)
            if learned is not None:
                sides = (self.rules.side_name(side) for side in range(self.rules.side_count))
                said = ", ".join(f"{n}: {p:.0%}" for n, p in zip(sides, learned, strict=True))
                lines.append(f" by the learned value: {said}")
            chances = winprob(self.rules, self.state, seed=advice_seed)
            lines.append(f" by {PLAYED_ON}: " + ", ".join(str(c) for c in chances))
            self.tell("Chance of winning", lines)
            return True
        return False

    def tell(self, title: str, lines: list[str]) -> None:
        """Advice: on the full screen in a box over it until the next key, else printed; each
        of ``lines`` goes on from ``title`` ("Hint" and ": <the hint>")."""
        if self.screen is not None:
            self.screen.pop(title, "\n".join(sentence(line.lstrip(": ")) for line in lines))
        else:
            for line in lines:
                self.say(f"  {title}{line}")

    def guide(self) -> None:
        """How to play this game and its options in words (guide.py: the web's rules page
        says the same): over the whole screen a page at a time, else printed."""
        width = self.screen.console.width - 1 if self.screen is not None else 78
        text = guide_text(entry(self.rules.name), self.rules.options, width)
        if self.screen is not None:
            self.screen.read(text)
        else:
            self.say(text)

    def prompt(self, text: str) -> str:
        answer = self.ask(text)
        if answer.strip().lower() in ("q", "quit", "exit"):
            raise Quit
        return answer

    def announce_places(self) -> None:
        """The places as the web page shows them: whose they are, "(you)" by the person's,
        and "not played out" by those the game stopped before playing for."""
        rules = self.rules
        outcome = rules.outcome(self.state)
        unplayed = rules.unplayed(self.state)
        self.say(f"Game over ({outcome.reason}) after {self.state.turn} turns.")
        if self.screen is not None:
            self.screen.status = ""
            self.screen.players = self.standings(dict(enumerate(outcome.places)))
        for side in sorted(range(rules.side_count), key=lambda s: outcome.places[s]):
            colours = [rules.colours[seat] for seat in rules.side_seats[side]]
            you = " (you)" if any(self.seats[c] == "human" for c in colours) else ""
            rest = " not played out" if side in unplayed else ""
            self.say(f"  {outcome.places[side]}. {rules.side_name(side)}{you}{rest}")
        if unplayed:
            self.say(f'  "Not played out": ranked by {rules.score_words}.')
