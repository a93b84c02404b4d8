"""Guided first games (issue 55): each game's lesson as a script the engine checks.

A lesson is a short scripted game: the script arranges every roll, plays the other seats'
moves, and at each step asks the learner for one move (or any of a few), saying what to do
and why, and why any other legal move is not the one the step teaches. One thing at a time:
popping, coming out, moving, capturing, being captured, safe places, the finish, then each
game's own specials; the end says to play a real game.

The scripts are data, one module a registered game, its package's ``lesson``
(pegrace/games/<game>/lesson.py; script.py says what a step holds and plays them through the
checked engine); the terminal (commands/learn.py) and the web (web/lessons.py) show what
``play_lesson`` returns, never the rules themselves.
"""

from __future__ import annotations

import importlib

from pegrace.errors import OptionError, saying
from pegrace.games import ENTRIES, list_games
from pegrace.i18n import said
from pegrace.lessons.script import Lesson


def game_lesson(game: str) -> Lesson:
    """The lesson of a registered game: ``LESSON`` of its package's ``lesson`` module."""
    found: Lesson = importlib.import_module(ENTRIES[game].lesson).LESSON
    return found


LESSONS: dict[str, Lesson] = {game: game_lesson(game) for game in ENTRIES}


def lesson_of(game: str) -> Lesson:
    """``game``'s lesson (OptionError naming the games where it has none)."""
    found = LESSONS.get(game.strip().lower())
    if found is None:
        # TRANSLATORS: {game} is the name given, quoted; the {games}' names as typed
        unknown = said(
            "no lesson for {game} (games: {games})", game=repr(game), games=", ".join(list_games())
        )
        raise saying(OptionError, unknown)
    return found
