"""Answers too heavy for the server's event loop: a game's move-by-move replay (every position
rebuilt: half a second for a long game), its after-game review (every roll and decision judged:
review.py) and a QR code (tens of milliseconds). Each is worked out in a worker process of its
own small pool (workers.py), once: the answer is kept, as JSON bytes, under what it was made
from (a game and its event count; a QR code's text), so asking again costs nothing but sending
it. app.py and hub.py limit how often one address may ask."""

from __future__ import annotations

import asyncio
import gzip
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Any

import orjson
import segno

from pegrace import boards
from pegrace.engine import Rules
from pegrace.record import Record, replay
from pegrace.review import review_states
from pegrace.state import Phase, State
from pegrace.web import reviewing

PHASE_NAMES = {Phase.ROLLOFF: "rolloff", Phase.ROLL: "roll", Phase.MOVE: "move", Phase.OVER: "over"}
KEPT_BYTES = 64 * 1024 * 1024  # answers kept, in all


@dataclass(frozen=True)
class FramesJob:
    """A game's replay: its record (as JSON), its log and the views the answer carries."""

    record: dict[str, Any]
    log: list[dict[str, Any]]
    game: dict[str, Any]
    outcome: dict[str, Any] | None


@dataclass(frozen=True)
class ReviewJob:
    """A finished game's review: what its replay is made from (views.replay_job)."""

    frames: FramesJob


@dataclass(frozen=True)
class QrJob:
    text: str


def answer(job: FramesJob | ReviewJob | QrJob) -> bytes:
    """The JSON answer to a heavy job (run in a worker process): a replay's and a review's
    gzipped (compressed.kept_json sends them), a megabyte and more for a long game, kept and
    sent as a tenth of that."""
    if isinstance(job, QrJob):
        return qr_json(job.text)
    if isinstance(job, ReviewJob):
        return gzip.compress(review_json(job.frames), compresslevel=6, mtime=0)
    return gzip.compress(frames_json(job), compresslevel=6, mtime=0)


def qr_json(text: str) -> bytes:
    """A QR code's modules, row by row, for the page to draw."""
    matrix = segno.make(text, error="m").matrix
    return orjson.dumps({"size": len(matrix), "rows": ["".join(map(str, row)) for row in matrix]})


def frames_json(job: FramesJob) -> bytes:
    """Every position of the game, for replaying it move by move."""
    rules, states = replay(Record.from_json(job.record))
    frames = [frame(rules, state, seq, job.log) for seq, state in enumerate(states)]
    return orjson.dumps(
        {
            "layout": boards.board_layout(rules),
            "game": job.game,
            "frames": frames,
            "outcome": job.outcome,
        }
    )


def frame(rules: Rules, state: State, seq: int, log: list[dict[str, Any]]) -> dict[str, Any]:
    """The position before event ``seq`` as the page's board shows it, with the log's line
    of the event that led to it."""
    return {
        "seq": seq,
        "phase": PHASE_NAMES[state.phase],
        "current": rules.colours[state.current],
        "roll": None if state.roll is None else rules.dice.format(state.roll),
        "pieces": boards.piece_spots(rules, state),
        "last": log[seq - 1] if 0 < seq <= len(log) else None,
        "summary": rules.summary(state),
    }


def review_json(job: FramesJob) -> bytes:
    """The game's review (review.py, ``Review.to_json``) with what the page draws of it
    (reviewing.py): each decision's routes and why, and the positions they are shown at."""
    record = Record.from_json(job.record)
    rules, states = replay(record)
    review = review_states(rules, states, record.events, record.options).to_json()
    shown = reviewing.annotate(rules, states, record.events, review)
    review["positions"] = {str(seq): frame(rules, states[seq], seq, job.log) for seq in shown}
    return orjson.dumps({**review, "colours": list(rules.colours), "game": job.game})


class KeptAnswers:
    """Answers kept by key, at most ``most_bytes`` of them (the oldest used go first), each
    made once: while one is being made, others who ask for it wait for the same answer."""

    def __init__(self, most_bytes: int = KEPT_BYTES) -> None:
        self.most = most_bytes
        self.size = 0
        self.answers: OrderedDict[Hashable, bytes] = OrderedDict()
        self.making: dict[Hashable, asyncio.Future[bytes]] = {}

    def get(self, key: Hashable) -> bytes | None:
        found = self.answers.get(key)
        if found is not None:
            self.answers.move_to_end(key)
        return found

    async def answer(self, key: Hashable, make: Callable[[], Awaitable[bytes]]) -> bytes:
        found = self.get(key)
        if found is not None:
            return found
        under_way = self.making.get(key)
        if under_way is not None:
            return await asyncio.shield(under_way)
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self.making[key] = future
        try:
            made = await make()
        except BaseException as err:
            future.set_exception(err if isinstance(err, Exception) else RuntimeError("stopped"))
            future.exception()  # retrieved: nobody else may be waiting for it
            raise
        finally:
            del self.making[key]
        future.set_result(made)
        self.keep(key, made)
        return made

    def keep(self, key: Hashable, made: bytes) -> None:
        if len(made) > self.most:
            return
        self.answers[key] = made
        self.size += len(made)
        while self.size > self.most:
            _, old = self.answers.popitem(last=False)
            self.size -= len(old)
