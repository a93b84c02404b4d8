"""The after-game review on the served app (GET /api/games/{id}/review): a finished game's
review with what the page draws of it (each decision's routes, why the best move is better,
the positions shown); a game not over refused with 409; at most reviews_per_minute an address;
a game's review worked out once, in the heavy worker, however often it is asked for."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from webclient import FAST_PLAY, TWO_HUMANS, TestClient, hello, new_game, receive_until, running

from pegrace.web.heavy import ReviewJob
from pegrace.web.limits import Limits
from pegrace.web.workers import WorkerPool

COMPUTERS = {"red": "computer:random", "green": "computer:random"}


def finished_game(client: TestClient, seed: int = 5) -> str:
    """A 2-player Trouble game of random computers, watched to its end (the computers play
    while someone is there); its id."""
    made = new_game(
        client, game="trouble", players=2, seats=COMPUTERS, seed=seed, options={"play_on": "off"}
    )
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        hello(ws, [])
        receive_until(ws, lambda m: m["type"] == "state" and m["phase"] == "over")
    return str(made["id"])


@pytest.fixture
def reviews_made(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[ReviewJob]]:
    """The review jobs the heavy workers are given (each one worked out)."""
    jobs: list[ReviewJob] = []
    run = WorkerPool.run

    async def counted(self: WorkerPool, job: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(job, ReviewJob):
            jobs.append(job)
        return await run(self, job, *args, **kwargs)

    monkeypatch.setattr(WorkerPool, "run", counted)
    yield jobs


def test_a_finished_game_is_reviewed_once_with_its_routes_and_reasons(
    db: Path, reviews_made: list[ReviewJob]
) -> None:
    with running(db) as client:
        game_id = finished_game(client)
        answer = client.get(f"/api/games/{game_id}/review")
        assert answer.status_code == 200, answer.text
        plain = {"Accept-Encoding": "identity"}
        again = client.get(f"/api/games/{game_id}/review", headers=plain)
    assert again.status_code == 200 and again.content == answer.content
    assert len(reviews_made) == 1  # asked twice, worked out once
    # kept gzipped (a long game's is over a megabyte of JSON), unpacked for who asks so
    assert answer.headers["content-encoding"] == "gzip"
    assert "content-encoding" not in again.headers
    review = answer.json()
    assert review["format"] == "pegrace-review" and review["colours"] == ["red", "green"]
    assert [side["side"] for side in review["sides"]] == ["red", "green"]
    assert review["curve"] and all(len(chances) == 2 for _, chances in review["curve"])
    decisions = [d for side in review["sides"] for d in side["decisions"]]
    assert decisions and review["turning_points"]
    for decision in decisions:
        assert str(decision["event"]) in review["positions"]
        assert decision["played_move"]["text"] and decision["best_move"]["text"]
        assert ("why" in decision) == (decision["best"] != decision["played"])
    missed = [d for d in decisions if "why" in d]
    assert missed, "random players always miss a best move somewhere"
    # the why ends by how much the best move beats the move played, in the hint's words
    assert all("than the move played" in json.dumps(d["why"]) for d in missed)
    moved = next(d for d in missed if not d["best_move"]["pass"])
    assert moved["best_move"]["steps"] and moved["best_move"]["steps"][0]["from"]
    for point in review["turning_points"]:
        position = review["positions"][str(point["shown"])]
        assert position["seq"] == point["shown"] and position["pieces"]


def test_a_game_not_over_is_refused_and_costs_no_review(db: Path) -> None:
    limits = Limits(messages_per_second=FAST_PLAY.messages_per_second, reviews_per_minute=4)
    with running(db, limits=limits) as client:
        going = new_game(client, game="trouble", seats=TWO_HUMANS)
        for _ in range(3):  # refused: no review is counted against the address
            refused = client.get(f"/api/games/{going['id']}/review")
            assert refused.status_code == 409
            assert "is not over: only a finished game is reviewed" in refused.json()["error"]
            assert refused.json()["said"]["t"].startswith("game {game} is not over")
        game_id = finished_game(client)
        assert client.get(f"/api/games/{game_id}/review").status_code == 200
        assert client.get("/api/games/nosuchgame/review").status_code == 404


def test_reviews_are_limited_per_address(db: Path) -> None:
    limits = Limits(messages_per_second=FAST_PLAY.messages_per_second, reviews_per_minute=4)
    with running(db, limits=limits) as client:
        game_id = finished_game(client)
        review = f"/api/games/{game_id}/review"
        assert client.get(review).status_code == 200  # a quarter of the minute's at once: one
        refused = client.get(review)
    assert refused.status_code == 429
    assert "at most 4 reviews a minute from one address" in refused.json()["error"]
