"""Playing in the terminal: on a terminal, a full screen redrawn in place (screen.py), else the
board printed before every roll; humans pop with Enter and choose moves by number (the prompt
names the colour to move), computer moves shown with a pause set by the speed (during which q
quits), a forced pass played by itself, every move in plain words, each place said as it is
settled (and what a game that plays on plays for next); r at a person's prompt resigns
every seat they hold, once confirmed. Every word in the person's language
(terminal_words.py and the catalogs: pegrace.i18n)."""

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
from pegrace.errors import IllegalMoveError
from pegrace.games import entry
from pegrace.games.ludo import DiceMove
from pegrace.guide import guide_text
from pegrace.i18n import Said, fill, gettext, ngettext, said, said_n, say
from pegrace.match import choose_checked, dice_rng, seat_players
from pegrace.moves import Move, Step
from pegrace.pictures import draw, paint
from pegrace.race import RaceRules
from pegrace.record import Event, Record
from pegrace.screen import Screen
from pegrace.state import Phase, State
from pegrace.terminal_words import (
    chances_words,
    colour_words,
    colours_listed,
    counting_words,
    end_words,
    place_words,
    side_words,
)
from pegrace.words import computer_word, names, sentence

PLAYOUTS = 200  # winprob's playouts for the chances of winning (w)


class Quit(Exception):
    """The person asked to stop (q, end of input or Ctrl-C)."""


class Resigned(Exception):
    """The person at the prompt resigned (r, confirmed): the turn they were asked to pop or
    move for is not played."""


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
        """A seat's colour and who plays it: "red (you)", "green (medium)"."""
        colour = self.rules.colours[seat]
        if self.players[seat].is_human:
            # TRANSLATORS: a colour the person at the terminal plays ("red (you)")
            who = said("{colour} (you)", colour=colour_words(colour))
        else:
            player = computer_word(self.seats[colour].split(":")[-1])
            # TRANSLATORS: a colour and the computer player that plays it ("green (medium)")
            who = said("{colour} ({player})", colour=colour_words(colour), player=player)
        return paint(say(who), colour, self.use_colour)

    def standings(self, places: Mapping[int, int]) -> list[str]:
        """A line a side: its colours and who plays them, and its place where ``places`` has
        it."""
        lines = []
        for side, seats in enumerate(self.rules.side_seats):
            line = " + ".join(self.name(seat) for seat in seats)
            if side not in places:
                lines.append(line)
                continue
            place = place_words(places[side])
            if any(seat in self.state.out for seat in seats):
                # TRANSLATORS: a side that left the game and its place ("blue (easy): out, 4th")
                lines.append(say(said("{players}: out, {place}", players=line, place=place)))
            else:
                # TRANSLATORS: a side and its place ("red (you): 1st")
                lines.append(say(said("{players}: {place}", players=line, place=place)))
        return lines

    def run(self) -> int:
        everyone = ", ".join(self.name(seat) for seat in range(len(self.players)))
        # TRANSLATORS: a game's name and who plays it ("Trouble: red (you), green (medium)")
        playing = gettext("{game}: {players}")
        players = fill(playing, game=gettext(self.rules.title), players=everyone)
        # TRANSLATORS: the terminal game's keys (short: it goes beside the board); the
        # letters and "?" are the keys to press, whatever the language
        keys = gettext(
            "Keys: Enter pops, a number picks a move, p passes, h hint, "
            "w chances of winning, r resigns, ? how to play, q quits."
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
                with contextlib.suppress(Resigned):  # the game goes on without them
                    self.step()
        except (Quit, KeyboardInterrupt, EOFError):
            self.say("\n" + gettext("Game stopped."))
            self.save()
            return 0
        self.show(self.state)
        self.record.finish(self.rules, self.state)
        self.announce_places()
        self.save()
        if self.screen is not None:
            with contextlib.suppress(EOFError, KeyboardInterrupt):
                self.ask(gettext("Game over: press Enter to leave") + " ")
        return 0

    def save(self) -> None:
        if self.record_path is not None:
            self.record.save(self.record_path)
            # TRANSLATORS: {path} is a file; "pegrace replay" is the command that shows it
            saved = gettext("Record saved to {path} (pegrace replay {path}).")
            self.say(fill(saved, path=self.record_path))

    def step(self) -> None:
        state = self.state
        seat = state.current
        player = self.players[seat]
        if state.phase == Phase.ROLLOFF:
            if player.is_human:
                # TRANSLATORS: {player} is a colour and who plays it ("red (you)"); the
                # roll-off decides who goes first
                asking = gettext("{player}: press Enter to pop for first turn")
                self.prompt_pop(fill(asking, player=self.name(seat)) + " ")
            pop = roll_d6(self.rng)
            # TRANSLATORS: {player} is a colour and who plays it ("red (you)"), {roll} a number
            popped = gettext("Roll-off: {player} pops {roll}")
            self.say(fill(popped, player=self.name(seat), roll=pop))
            self.record_event(Event(self.rules.colours[seat], roll=pop))
            self.state = self.rules.apply_roll(state, pop)
            if self.state.phase == Phase.ROLLOFF and not self.state.rolloff:
                tied = colours_listed([self.rules.colours[s] for s in self.state.contenders])
                # TRANSLATORS: {colours} are the colours that tied in the roll-off ("red, blue")
                self.say(say(said("Tie: {colours} pop again.", colours=tied)))
            elif self.state.phase == Phase.ROLL:
                first = self.name(self.state.current)
                # TRANSLATORS: {player} is a colour and who plays it ("red (you)")
                self.say(fill(gettext("{player} goes first."), player=first))
            return
        if state.phase == Phase.ROLL:
            self.show(state)
            if player.is_human:
                # TRANSLATORS: {player} is a colour and who plays it ("red (you)")
                asking = gettext("{player}: press Enter to pop")
                self.prompt_pop(fill(asking, player=self.name(seat)) + " ")
            roll = self.rules.dice.sample(self.rng)
            # TRANSLATORS: {who} is a player ("red (you)"); {roll} the roll as written ("6*")
            pops = gettext("{who} pops {roll}")
            self.say(fill(pops, who=self.name(seat), roll=self.rules.dice.format(roll)))
            self.record_event(Event(self.rules.colours[seat], roll=self.rules.dice.to_json(roll)))
            self.state = self.rules.apply_roll(state, roll)
            return
        bonus = self.rules.bonus(state)
        if bonus:
            # TRANSLATORS: a move the rules grant with no roll (Parchís: 20 after a capture, 10
            # on reaching the goal); {player} is a colour and who plays it ("red (you)")
            granted = gettext("{player}: a bonus of {count}, for any piece")
            self.say(fill(granted, player=self.name(seat), count=bonus))
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
        self.say(f"  {say(self.rules.describe(state, move, self.name(state.current)))}", True)
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
        # TRANSLATORS: the place a game goes on being played for once the first are settled
        playing_on = said("playing on for {place}", place=place_words(open_places[0]))
        status = playing_on if open_places[0] > 1 else None
        for side in fresh:
            done = self.place_said(side, new[side], after)
            if status is not None:
                # TRANSLATORS: {result} says a place ("Red finishes 1st"), {status} what the
                # game plays on for ("playing on for 2nd")
                self.say(say(said("{result}; {status}.", result=done, status=status)))
            else:
                # TRANSLATORS: {result} says a place ("Red finishes 1st"): a sentence of it
                self.say(say(said("{result}.", result=done)))
        if self.screen is not None:
            self.screen.status = say(status) if status is not None else ""
            self.screen.players = self.standings(new)

    def place_said(self, side: int, place: int, after: State) -> Said:
        """A side's place, as it is settled: "Red finishes 1st", "Green and Blue are out:
        3rd"."""
        seats = self.rules.side_seats[side]
        who = names([self.rules.colours[seat] for seat in seats])
        args = {"names": who, "place": place_words(place)}
        if any(seat in after.out for seat in seats):
            # TRANSLATORS: {names} are colours' names ("Green and Blue"), {place} a place ("3rd")
            return said_n("{names} is out: {place}", "{names} are out: {place}", len(seats), **args)
        # TRANSLATORS: {names} are colours' names ("Red", "Green and Blue"), {place} a place
        return said_n("{names} finishes {place}", "{names} finish {place}", len(seats), **args)

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
            self.say(f"  {say(self.rules.describe(state, moves[0], self.name(state.current)))}")
            return moves[0]
        described = (say(self.rules.describe(state, move)) for move in pieces)
        listed = [f"  {n}. {words}" for n, words in enumerate(described, 1)]
        can_pass = len(pieces) < len(moves)
        self.offer([*listed, f"  p. {gettext('Pass')}"] if can_pass else listed)
        choices = "1" if len(pieces) == 1 else f"1-{len(pieces)}"
        colour = self.rules.colours[state.current]
        mover = paint(say(colour_words(colour)), colour, self.use_colour)
        while True:
            # TRANSLATORS: {colour} is the colour to move ("red"), {keys} what to type ("1-3, p")
            asking = gettext("Your move, {colour} ({keys}):")
            keys = f"{choices}{', p' if can_pass else ''}"
            answer = self.prompt(f"  {fill(asking, colour=mover, keys=keys)} ")
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
                    told = self.rules.describe(state, chosen, self.name(state.current))
                    self.say(f"  {say(told)}")
                return chosen
            if self.advise(answer):
                continue
            if can_pass:
                # TRANSLATORS: {answer} is what was typed, {choices} the moves' numbers
                # ("1-3"); p and q are the keys to type
                refused = gettext(
                    "{answer} is not a move here: type {choices}, p to pass or q to quit."
                )
            else:
                # TRANSLATORS: {answer} is what was typed, {choices} the moves' numbers ("1-3")
                refused = gettext("{answer} is not a move here: type {choices} or q to quit.")
            self.say(f"  {fill(refused, answer=repr(answer), choices=choices)}")

    def prompt_pop(self, text: str) -> None:
        while self.advise(self.prompt(text).strip().lower()):
            pass

    def advise(self, answer: str) -> bool:
        """``h`` and ``w``: the expert's hint and the chances of winning; ``?``: how to play;
        ``r``: resign (raises Resigned once done); True if handled."""
        if answer == "?":
            self.guide()
            return True
        if answer == "r":
            self.resign()
            return True
        advice_seed = f"{self.seed}:advice:{len(self.record.events)}"
        if answer == "h":
            self.tell_hint(advice_seed)
            return True
        if answer == "w":
            self.tell_chances(advice_seed)
            return True
        return False

    def resign(self) -> None:
        """The person to act leaves the game: every seat they hold still playing (both
        colours with Trouble's two_sets), once they answer y; raises Resigned then. Any other
        answer changes nothing; the engine's refusal (in the roll-off) is said instead of
        asking."""
        rules, before = self.rules, self.state
        leaving = rules.leaving(before, rules.colours[before.current])
        seats = [rules.seat_of(colour) for colour in leaving]
        after = before
        try:  # all or nothing: checked before asking, so a refusal is said at once
            for seat in seats:
                after = rules.resign(after, rules.colours[seat])
        except IllegalMoveError as err:
            self.say(f"  {say(err.said) if err.said is not None else err}")
            return
        # TRANSLATORS: {names} are the person's colours ("Red", "Red and Green"); y and n
        # are the keys to type, whatever the language
        asking = said("Resign {names}? (y/n)", names=names([rules.colours[s] for s in seats]))
        if self.ask(f"  {say(asking)} ").strip().lower() not in ("y", "yes"):
            return
        for seat in seats:
            self.record_event(Event(rules.colours[seat], resign=True))
            # TRANSLATORS: {who} is a colour and who plays it ("Red (you)"): it left the game
            self.say(say(said("{who} resigns", who=self.name(seat))))
        self.state = after
        self.placed(before, after)
        if self.screen is not None:
            self.offer([])
            self.show(after)
        raise Resigned

    def tell_hint(self, advice_seed: str) -> None:
        """The expert's move and why (on the full screen in a box, else printed)."""
        if self.state.phase != Phase.MOVE:
            # TRANSLATORS: the hint asked for before the pop (goes on from "Hint: ")
            advice = said("none yet, hints are for choosing a move: pop first.")
        else:
            found = hint(self.rules, self.state, seed=advice_seed)
            # TRANSLATORS: a hint: {move} is a move in words, {why} why it is the best
            advice = said("{move}: {why}", move=found.described, why=found.why_said)
        if self.screen is not None:
            self.screen.pop(gettext("Hint"), sentence(say(advice)))
        else:
            # TRANSLATORS: {hint} is the hint ("move the peg from 4 to 7: it captures a piece")
            told = said("Hint: {hint}", hint=advice)
            self.say(f"  {say(told)}")

    def tell_chances(self, advice_seed: str) -> None:
        """Each side's chance of winning, by the learned value where the game has one and by
        playouts (on the full screen in a box, else printed)."""
        boxed, printed = [], []
        learned = learned_chances(self.rules, self.state)
        if learned is not None:
            chances = chances_words(self.rules, learned)
            # TRANSLATORS: {chances} is each side's chance ("red: 40%, green: 60%"); the
            # learned value: what the computer learned by playing itself
            boxed.append(fill(gettext("By the learned value: {chances}"), chances=chances))
            # TRANSLATORS: as "By the learned value: {chances}", said after "Chance of winning"
            by_learned = gettext("Chance of winning by the learned value: {chances}")
            printed.append(fill(by_learned, chances=chances))
        found = winprob(self.rules, self.state, playouts=PLAYOUTS, seed=advice_seed)
        chances = chances_words(self.rules, found)
        # TRANSLATORS: {chances} is each side's chance and its 95% interval
        by_games = ngettext(
            "By {count} game played on by the medium player: {chances}",
            "By {count} games played on by the medium player: {chances}",
            PLAYOUTS,
        )
        boxed.append(fill(by_games, count=PLAYOUTS, chances=chances))
        # TRANSLATORS: as "By {count} games played on ...", said after "Chance of winning"
        by_games = ngettext(
            "Chance of winning by {count} game played on by the medium player: {chances}",
            "Chance of winning by {count} games played on by the medium player: {chances}",
            PLAYOUTS,
        )
        printed.append(fill(by_games, count=PLAYOUTS, chances=chances))
        if self.screen is not None:
            # TRANSLATORS: the title of the box of each side's chance of winning
            self.screen.pop(gettext("Chance of winning"), "\n".join(boxed))
        else:
            for line in printed:
                self.say(f"  {line}")

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
        # TRANSLATORS: {reason} is why the game ended ("all places decided")
        over = said_n(
            "Game over ({reason}) after {count} turn.",
            "Game over ({reason}) after {count} turns.",
            self.state.turn,
            reason=end_words(outcome.reason),
        )
        self.say(say(over))
        if self.screen is not None:
            self.screen.status = ""
            self.screen.players = self.standings(dict(enumerate(outcome.places)))
        for side in sorted(range(rules.side_count), key=lambda s: outcome.places[s]):
            named: Said | str = side_words(rules, side)
            colours = [rules.colours[seat] for seat in rules.side_seats[side]]
            if any(self.seats[c] == "human" for c in colours):
                # TRANSLATORS: the person's side in the places at the end ("green (you)")
                named = said("{side} (you)", side=named)
            if side in unplayed:
                # TRANSLATORS: a side whose place the game stopped before playing for
                named = said("{side} not played out", side=named)
            self.say(f"  {outcome.places[side]}. {say(named)}")
        if unplayed:
            # TRANSLATORS: {measure} is what ranks them ("how far their pieces got"); "Not
            # played out" quotes the words the places end with
            ranked = said('"Not played out": ranked by {measure}.', measure=rules.score_words)
            self.say(f"  {say(ranked)}")
