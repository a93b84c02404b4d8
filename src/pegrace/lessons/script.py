"""A lesson's script (its steps) and how the checked engine plays it: ``play_lesson`` plays
one through ``Rules.roll`` and ``Rules.play``: a roll the dice cannot give, a move that is not legal
or a learner's turn that is not the learner's raises, naming the step. A step or another seat's
turn with no roll (``None``) plays the bonus move the move before earned (Parchís' 20 after a
capture, 10 on reaching the goal: ``Rules.bonus``). The terminal
(commands/learn.py) and the web (web/lessons.py) show what it returns, never the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pegrace.dice import Roll
from pegrace.engine import Rules
from pegrace.errors import OptionError, saying
from pegrace.games import get_rules
from pegrace.i18n import Said, said
from pegrace.moves import Move
from pegrace.notation import state_from_json
from pegrace.state import Phase, State

# another seat's turn in the script: its roll (None: no roll, the bonus move its move before
# earned), then its move as the notation writes it (none where the roll leaves it nothing to
# choose: a roll-off pop)
Scripted = tuple[Roll | None, str | None]


@dataclass(frozen=True)
class Step:
    """One thing the learner does: pop (the script's ``roll``), then play one of ``moves``; with
    ``roll`` None there is no pop: the learner plays the bonus move the step before earned."""

    roll: Roll | None
    moves: tuple[str, ...]  # the lesson's move(s), as the notation writes them
    words: Said  # what to do and why, said once the roll is on the dice
    why_not: Said  # why another legal move is not this step's
    # a position to start from (hand-written state JSON, docs/notation.md), where the story
    # jumps ahead: the learner to pop
    setup: Mapping[str, Any] | None = None
    others: tuple[Scripted, ...] = ()  # the other seats' turns before the learner pops
    before: Said | None = None  # what happened in the others' turns, said before the pop


@dataclass(frozen=True)
class Lesson:
    game: str
    players: int
    learner: str  # the learner's colour
    steps: tuple[Step, ...]
    rolloff: tuple[Roll, ...] = ()  # the roll-off's pops, in turn
    options: Mapping[str, str] = field(default_factory=dict)
    welcome: Said | None = None  # said before the first step

    def rules(self) -> Rules:
        return get_rules(self.game, self.players, self.options)


@dataclass(frozen=True)
class OtherTurn:
    """Another seat's turn as played: who, the roll, the move (None: a roll alone)."""

    before: State
    roll: Roll | None  # None: the bonus move its move before earned
    rolled: State
    move: Move | None
    after: State


@dataclass(frozen=True)
class PlayedStep:
    """A step as the engine plays it: the turns before it, the learner's position before and
    after the pop, every move to choose from (one a position it leads to), which of them the
    step asks for, and where each leads."""

    step: Step
    number: int  # from 1
    others: tuple[OtherTurn, ...]
    start: State  # the learner to pop (to move, where the step is a bonus move: no pop)
    rolled: State  # the learner to move
    choices: tuple[Move, ...]  # rules.distinct_moves(rolled)
    expected: tuple[Move, ...]  # those of ``choices`` the step asks for
    after: State  # after the first expected move

    def is_expected(self, move: Move) -> bool:
        return move in self.expected

    def wrong(self) -> tuple[Move, ...]:
        return tuple(move for move in self.choices if move not in self.expected)


# TRANSLATORS: the end of every lesson
NOW_PLAY = said("That is the whole game. Now play a real game!")


def lesson_error(number: int, problem: Said) -> OptionError:
    # TRANSLATORS: a lesson's script does not play: {step} is its step's number
    return saying(OptionError, said("lesson step {step}: {problem}", step=number, problem=problem))


def play_lesson(lesson: Lesson) -> tuple[Rules, tuple[PlayedStep, ...]]:
    """Every step of ``lesson`` played through the checked engine; raises naming the step
    whose roll, move or turn the rules refuse."""
    rules = lesson.rules()
    learner = rules.seat_of(lesson.learner)
    state = rules.initial_state()
    for pop in lesson.rolloff:
        state = rules.roll(state, pop)
    played: list[PlayedStep] = []
    diverges = False
    for number, step in enumerate(lesson.steps, 1):
        if step.setup is not None:
            data = {"game": rules.name, "players": rules.players, "rules": dict(rules.options)}
            state = state_from_json(rules, {**data, **step.setup})
        elif diverges:
            problem = said("the moves before lead to different positions: set one up")
            raise lesson_error(number, problem)
        others: list[OtherTurn] = []
        for roll, text in step.others:
            others.append(other_turn(rules, state, roll, text))
            state = others[-1].after
        rolled = learners_move(rules, state, learner, step.roll, number)
        choices = tuple(rules.distinct_moves(rolled))
        expected = tuple(same_choice(rules, rolled, choices, text) for text in step.moves)
        results = {rules.play(rolled, move) for move in expected}
        diverges = len(results) > 1
        after = rules.play(rolled, expected[0])
        played.append(
            PlayedStep(step, number, tuple(others), state, rolled, choices, expected, after)
        )
        state = after
    return rules, tuple(played)


def learners_move(
    rules: Rules, state: State, learner: int, roll: Roll | None, number: int
) -> State:
    """The learner to move in step ``number``: after popping ``roll``, or at once with the bonus
    move due where ``roll`` is None."""
    if roll is None:
        if state.phase != Phase.MOVE or state.current != learner or not rules.bonus(state):
            # TRANSLATORS: a lesson's step with no roll is the learner's bonus move (Parchís' 20
            # after a capture); {position} is the position, as the notation writes it
            problem = said(
                "no bonus move is the learner's: {position}", position=rules.summary(state)
            )
            raise lesson_error(number, problem)
        return state
    if state.phase != Phase.ROLL or state.current != learner:
        problem = said("it is not the learner's pop: {position}", position=rules.summary(state))
        raise lesson_error(number, problem)
    rolled = rules.roll(state, roll)
    if rolled.phase != Phase.MOVE:
        raise lesson_error(number, said("the roll leaves nothing to play"))
    return rolled


def other_turn(rules: Rules, state: State, roll: Roll | None, text: str | None) -> OtherTurn:
    # no roll: the bonus move its move before earned (an illegal move where none is due)
    rolled = state if roll is None else rules.roll(state, roll)
    if text is None:
        return OtherTurn(state, roll, rolled, None, rolled)
    move = rules.parse_move(rolled, text)
    return OtherTurn(state, roll, rolled, move, rules.play(rolled, move))


def same_choice(rules: Rules, state: State, choices: tuple[Move, ...], text: str) -> Move:
    """The listed choice that leads where the move ``text`` does (two-dice Ludo lists one
    order of two steps that end alike)."""
    target = rules.play(state, rules.parse_move(state, text))
    for move in choices:
        if rules.apply_move(state, move) == target:
            return move
    raise AssertionError("a legal move leads where no distinct move does")


def wrong_words(rules: Rules, played: PlayedStep, move: Move) -> Said:
    """Why ``move`` (legal, but not the step's) is not the lesson's move."""
    # TRANSLATORS: a learner chose another move than the lesson's: {move} is what they chose
    # ("Move the peg from 4 to 7"), {why} why the lesson asks for another
    return said(
        "Not this one: {move} is legal, but not what this step teaches. {why}",
        move=rules.describe(played.rolled, move),
        why=played.step.why_not,
    )
