"""Heavy answers: a replay or a QR code is made once (one maker while others wait for it),
kept by what it was made from, the oldest dropped past the bytes allowed; a game's replay is
made again only once the game has moved on, and what is made is the whole game."""

from __future__ import annotations

import asyncio
import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from pegrace.web.heavy import FramesJob, KeptAnswers, answer, qr_json
from pegrace.web.hub import GameHub
from pegrace.web.settings import parse_settings
from pegrace.web.store import Store


def test_one_answer_is_made_for_everyone_who_asks_at_once() -> None:
    made = []

    async def make() -> bytes:
        made.append(1)
        await asyncio.sleep(0.05)
        return b"answer"

    async def ask() -> list[bytes]:
        kept = KeptAnswers()
        first = await asyncio.gather(*(kept.answer("key", make) for _ in range(5)))
        return [*first, await kept.answer("key", make)]

    assert asyncio.run(ask()) == [b"answer"] * 6
    assert made == [1]


def test_a_failed_answer_is_not_kept() -> None:
    async def fail() -> bytes:
        raise RuntimeError("no")

    async def ask() -> None:
        kept = KeptAnswers()
        for _ in range(2):
            with pytest.raises(RuntimeError):
                await kept.answer("key", fail)
        assert kept.get("key") is None and not kept.making

    asyncio.run(ask())


def test_the_oldest_answers_go_past_the_bytes_allowed() -> None:
    kept = KeptAnswers(most_bytes=10)
    kept.keep("a", b"1234")
    kept.keep("b", b"1234")
    assert kept.get("a") == b"1234"  # now the newest used
    kept.keep("c", b"1234")
    assert (kept.get("a"), kept.get("b"), kept.get("c")) == (b"1234", None, b"1234")
    kept.keep("huge", b"x" * 11)  # larger than all allowed: never kept
    assert kept.get("huge") is None and kept.size == 8


def test_a_qr_code_is_its_modules() -> None:
    code = json.loads(qr_json("https://example.org/game/x"))
    assert code["size"] == len(code["rows"]) and set("".join(code["rows"])) == {"0", "1"}


def test_a_replay_is_made_again_only_once_the_game_has_moved_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def play() -> tuple[list[int], dict[str, Any]]:
        store = Store(tmp_path / "games.sqlite3")
        hub = GameHub(store, computer_delay=0.0)
        jobs: list[int] = []

        async def run(job: FramesJob, limit: float, owner: str = "") -> bytes:
            jobs.append(len(job.log))
            return answer(job)  # here, not in a worker: what is counted is the asking

        monkeypatch.setattr(hub.heavy, "run", run)
        settings, rules = parse_settings(
            {"game": "trouble", "seed": 5, "seats": {"red": "human", "green": "human"}}
        )
        game, tokens = await hub.create(settings, rules)
        inbox = Inbox()
        await game.receive(inbox, json.dumps({"type": "hello", "tokens": list(tokens.values())}))
        for _ in range(3):
            await step(game, inbox)
        first = await hub.replay(game.id)
        assert await hub.replay(game.id) == first
        await step(game, inbox)
        frames = json.loads(gzip.decompress(await hub.replay(game.id)))  # kept gzipped
        await hub.close()
        store.close()
        return jobs, frames

    jobs, frames = asyncio.run(play())
    assert jobs == [3, 4]
    assert [frame["seq"] for frame in frames["frames"]] == [0, 1, 2, 3, 4]
    assert frames["frames"][4]["last"]["seq"] == 4


async def step(game: Any, inbox: Inbox) -> None:
    """A roll, or the first listed move."""
    moves = game.rules.legal_moves(game.state) if not game.state.is_chance else []
    message = {"type": "move", "move": moves[0].text} if moves else {"type": "roll"}
    before = len(game.events)
    await game.receive(inbox, json.dumps(message))
    assert len(game.events) == before + 1


class Inbox:
    key = "127.0.0.1"

    async def send_text(self, data: str) -> None:
        pass
