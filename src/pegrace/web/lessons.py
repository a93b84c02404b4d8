"""The guided first games on the web (issue 55): ``GET /api/lessons/{game}``, a game's whole
lesson as JSON, and the page ``/learn/{game}`` that walks it (static/learn.js).

The JSON is worked out once per game from the lesson's script (pegrace.lessons: played
through the checked engine) and kept: it never changes, and the server keeps nothing per
client. Per step it carries what the page's board.js draws (the board's layout once, the
pieces at each moment, as the game page and the replay send them), the other seats' turns,
the roll (none for a bonus move: the page offers its moves at once), the words (``Said``),
every move to choose from as the game page shows a move (boards.move_view) with where it
leads, whether the step asks for it or, if not, why not, and the spots to highlight. The page
holds no rules."""

from __future__ import annotations

import asyncio
from functools import cache

import orjson
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from pegrace import boards
from pegrace.boards.drawing import Json
from pegrace.engine import Rules
from pegrace.games import list_games
from pegrace.i18n import Said, said
from pegrace.lessons import LESSONS
from pegrace.lessons.script import NOW_PLAY, OtherTurn, PlayedStep, play_lesson, wrong_words
from pegrace.moves import Move
from pegrace.web.answering import JSONBytes, api
from pegrace.web.pages import no_such_rules_page, page
from pegrace.web.refusals import GameNotFound, saying
from pegrace.words import colour_name


def lesson_routes() -> list[Route]:
    return [
        Route("/learn/{game}", learn_page),
        Route("/api/lessons/{game}", api(lesson_answer)),
    ]


async def learn_page(request: Request) -> Response:
    """A game's lesson (the page draws it from /api/lessons/GAME); a clear 404 page for a
    game pegrace does not have, naming those it has."""
    name = request.path_params["game"]
    if name in LESSONS:
        return await page(request)
    return no_such_rules_page(request, name)


async def lesson_answer(request: Request) -> Response:
    name = request.path_params["game"]
    if name not in LESSONS:
        # TRANSLATORS: {game} is the name asked for, quoted; the {games}' names as typed
        unknown = said(
            "no lesson for {game} (games: {games})",
            game=repr(name[:40]),
            games=", ".join(list_games()),
        )
        raise saying(GameNotFound, unknown)
    # made once a game, off the event loop (tens of milliseconds), then kept
    return JSONBytes(await asyncio.to_thread(lesson_json, name))


@cache
def lesson_json(game: str) -> bytes:
    """``game``'s whole lesson as the page reads it (made once; a few milliseconds)."""
    lesson = LESSONS[game]
    rules, steps = play_lesson(lesson)
    return orjson.dumps(
        {
            "game": rules.name,
            "title": rules.title,
            "learner": lesson.learner,
            "layout": boards.board_layout(rules),
            "welcome": spoken(lesson.welcome),
            "end": NOW_PLAY.json(),
            "steps": [step_view(rules, played) for played in steps],
        }
    )


def spoken(words: Said | None) -> object:
    return None if words is None else words.json()


def step_view(rules: Rules, played: PlayedStep) -> Json:
    moves = [move_choice(rules, played, move) for move in played.choices]
    highlight = sorted(
        {spot for view in moves if view["expected"] for spot in (view["from"], view["to"]) if spot}
    )
    if not highlight:  # a pass: the pieces that cannot move yet
        mine = rules.colours[played.rolled.current]
        start = boards.piece_spots(rules, played.start)
        highlight = sorted({piece["spot"] for piece in start if piece["colour"] == mine})
    return {
        "number": played.number,
        "others": [other_view(rules, turn) for turn in played.others],
        "before": spoken(played.step.before),
        "start": boards.piece_spots(rules, played.start),
        "roll": roll_text(rules, played),
        "words": played.step.words.json(),
        "moves": moves,
        "highlight": highlight,
    }


def roll_text(rules: Rules, played: PlayedStep) -> str | None:
    """The roll the learner pops, as the game writes it; None for a bonus move (no pop)."""
    if played.step.roll is None:
        return None
    return rules.dice.format(played.rolled.roll or 0)


def move_choice(rules: Rules, played: PlayedStep, move: Move) -> Json:
    """A move the learner may choose: as the game page shows it, where it leads, and whether
    it is the step's (else why not)."""
    view = boards.move_view(rules, played.rolled, move)
    expected = played.is_expected(move)
    view["same"] = []  # distinct moves: each its own position
    view["expected"] = expected
    view["why"] = None if expected else wrong_words(rules, played, move).json()
    who = colour_name(rules.colours[played.rolled.current])
    view["told"] = rules.describe(played.rolled, move, who).json()
    view["after"] = boards.piece_spots(rules, rules.apply_move(played.rolled, move))
    return view


def other_view(rules: Rules, turn: OtherTurn) -> Json:
    colour = rules.colours[turn.before.current]
    told = (
        None if turn.move is None else rules.describe(turn.rolled, turn.move, colour_name(colour))
    )
    return {
        "colour": colour,
        "roll": None if turn.roll is None else rules.dice_at(turn.before).format(turn.roll),
        "said": spoken(told),
        "pieces": boards.piece_spots(rules, turn.after),
    }
