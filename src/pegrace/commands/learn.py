"""``pegrace learn``: a game's guided first game in the terminal (pegrace.lessons): the board,
each step's words, the learner's move by its number as ``pegrace play`` takes it, a wrong
move explained and asked again, and at the end the command that plays a real game."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TextIO

from pegrace.commands.common import Command, help_words, one_of_the_games
from pegrace.engine import Rules
from pegrace.i18n import N_, Said, fill, gettext, said, say
from pegrace.lessons import lesson_of
from pegrace.lessons.script import NOW_PLAY, PlayedStep, play_lesson, wrong_words
from pegrace.pictures import draw
from pegrace.words import colour_name


class Quit(Exception):
    """The learner typed q, or the input ended."""


def declare(learn: argparse.ArgumentParser) -> None:
    learn.add_argument("game", nargs="?", default="trouble", help=one_of_the_games())
    learn.add_argument(
        "--no-colour", action="store_true", help=help_words(N_("plain text, no ANSI colours"))
    )


class TerminalLesson:
    """A lesson walked through at a terminal: ``ask`` reads what the learner types."""

    def __init__(self, game: str, out: TextIO, ask: Callable[[str], str], use_colour: bool) -> None:
        self.lesson = lesson_of(game)
        self.rules, self.steps = play_lesson(self.lesson)
        self.out, self.ask, self.use_colour = out, ask, use_colour

    def say(self, text: Said | str = "") -> None:
        print(say(text) if isinstance(text, Said) else text, file=self.out, flush=True)

    def run(self) -> int:
        rules = self.rules
        # TRANSLATORS: the heading of a game's lesson in the terminal ("Learn to play Trouble")
        self.say(fill(gettext("Learn to play {game}"), game=gettext(rules.title)))
        self.say(gettext("Type the number of a move; h shows the lesson's move, q quits."))
        if self.lesson.welcome is not None:
            self.say(self.lesson.welcome)
        try:
            for played in self.steps:
                self.walk(played)
        except Quit:
            return 0
        self.say()
        self.say(NOW_PLAY)
        # TRANSLATORS: {command} is how to start a game, as typed ("pegrace play trouble")
        self.say(fill(gettext("Start one with: {command}"), command=f"pegrace play {rules.name}"))
        return 0

    def walk(self, played: PlayedStep) -> None:
        rules = self.rules
        for turn in played.others:
            who = colour_name(rules.colours[turn.before.current])
            if turn.move is not None:
                self.say(f"  {say(rules.describe(turn.rolled, turn.move, who))}")
        self.say()
        # TRANSLATORS: a lesson's step and how many it has ("Step 2 of 6")
        heading = gettext("Step {step} of {steps}")
        self.say(fill(heading, step=played.number, steps=len(self.steps)))
        if played.step.before is not None:
            self.say(played.step.before)
        self.say(draw(rules, played.start, self.use_colour))
        self.pop(played)
        self.say(played.step.words)
        self.choose(rules, played)

    def pop(self, played: PlayedStep) -> None:
        """The learner pops the step's roll; a bonus move has none: it is played at once."""
        rules = self.rules
        if played.step.roll is None:
            # TRANSLATORS: a lesson's step with no roll: {count} is the bonus move's count
            # (Parchís: 20 after a capture, 10 on reaching the goal)
            bonus = gettext("No pop: you move a bonus of {count}.")
            self.say(fill(bonus, count=rules.bonus(played.rolled)))
            return
        self.read(gettext("Press Enter to pop the dome: "))
        # TRANSLATORS: the roll the learner popped, as the game writes it ("6", "3+5", "4*")
        popped = gettext("You popped {roll}.")
        self.say(fill(popped, roll=rules.dice.format(played.rolled.roll or 0)))

    def choose(self, rules: Rules, played: PlayedStep) -> None:
        choices = played.choices
        for number, move in enumerate(choices, 1):
            self.say(f"  {number}. {say(rules.describe(played.rolled, move))}")
        keys = "1" if len(choices) == 1 else f"1-{len(choices)}"
        while True:
            # TRANSLATORS: {keys} are the moves' numbers ("1-3")
            answer = self.read(fill(gettext("Your move ({keys}): "), keys=keys))
            if answer == "h":
                lesson_move = rules.describe(played.rolled, played.expected[0])
                self.say(said("The lesson's move: {move}", move=lesson_move))
                continue
            if not (answer.isdigit() and 1 <= int(answer) <= len(choices)):
                # TRANSLATORS: {answer} is what was typed, {keys} the moves' numbers ("1-3")
                refused = gettext("{answer} is not a move here: type {keys}, h or q.")
                self.say(fill(refused, answer=repr(answer), keys=keys))
                continue
            move = choices[int(answer) - 1]
            if played.is_expected(move):
                learner = colour_name(self.lesson.learner)
                self.say(f"  {say(rules.describe(played.rolled, move, learner))}")
                return
            self.say(wrong_words(rules, played, move))

    def read(self, prompt: str) -> str:
        try:
            answer = self.ask(prompt).strip().lower()
        except EOFError:
            raise Quit from None
        if answer == "q":
            raise Quit
        return answer


def run(args: argparse.Namespace) -> int:
    colour = sys.stdout.isatty() and not args.no_colour
    return TerminalLesson(args.game, sys.stdout, input, colour).run()


COMMAND = Command(
    "learn",
    help=N_("learn a game by playing a guided first game"),
    # TRANSLATORS: h and q are keys as typed
    description=N_(
        "A short scripted game that teaches one thing at a time: the dice are arranged and "
        "the other colours play the script's moves. Type a move's number; a move that is not "
        "the lesson's is explained. h shows the lesson's move, q quits."
    ),
    declare=declare,
    run=run,
)
