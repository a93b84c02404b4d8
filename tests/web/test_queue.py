"""Play people now (queueing.py): strangers queue for a game at a player count and are seated
together once as many wait, or after 30 s with computers where they chose so (the clock is
the test's: nobody waits out the seconds); tickets not asked about are dropped; every
refusal is said and changes nothing; joins and tickets are limited by address."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from test_profiles import make_profile
from webclient import TestClient, hello, running

from pegrace.web.attackbench.authenticator import Authenticator
from pegrace.web.hub import GameHub
from pegrace.web.limits import Limits
from pegrace.web.queueing import START_SECONDS, TICKET_SECONDS, NoSuchTicket, Queues
from pegrace.web.refusals import TooMany
from pegrace.web.store import Store

THREE = {"game": "trouble", "players": 3, "wait": "people"}
ROOMY = Limits(messages_per_second=100_000, queue_tickets_per_address=4)


class Clock:
    """The queues' clock, moved on by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def with_queues(
    folder: Path,
    test: Callable[[Queues, Clock, GameHub], Awaitable[None]],
    limits: Limits = ROOMY,
) -> None:
    async def run() -> None:
        store = Store(folder / "games.sqlite3")
        hub = GameHub(store, computer_delay=0.0, limits=limits)
        clock = Clock()
        try:
            await test(Queues(lambda: hub, limits, clock=clock), clock, hub)
        finally:
            await hub.close()
            store.close()

    asyncio.run(run())


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with running(db, limits=ROOMY) as client:
        yield client


def join(client: TestClient, body: Any, status: int = 201) -> dict[str, Any]:
    answer = client.post("/api/queue", json=body)
    assert answer.status_code == status, answer.text
    found: dict[str, Any] = answer.json()
    return found


def ask(client: TestClient, ticket: str, status: int = 200) -> dict[str, Any]:
    answer = client.get(f"/api/queue/{ticket}")
    assert answer.status_code == status, answer.text
    found: dict[str, Any] = answer.json()
    return found


def seated(client: TestClient, ticket: str) -> dict[str, Any]:
    """The ticket's answer once seated (the long poll answers at once when it is)."""
    for _ in range(50):
        answer = client.get(f"/api/queue/{ticket}?waiting=99").json()
        if answer["state"] == "seated":
            return answer
    raise AssertionError(f"never seated: {answer}")


def lobby_queues(client: TestClient) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = client.get("/api/lobby").json()["queues"]
    return found


def test_three_who_queue_for_three_player_trouble_share_one_game(client: TestClient) -> None:
    first = join(client, {**THREE, "name": "Ann"})
    assert first["state"] == "waiting" and first["waiting"] == 1 and first["start_in"] is None
    second = join(client, {**THREE, "name": "Bo"})
    assert ask(client, first["ticket"])["waiting"] == 2
    assert lobby_queues(client) == [
        {"game": "trouble", "title": "Trouble", "players": 3, "waiting": 2}
    ]
    third = join(client, THREE)
    answers = [seated(client, t["ticket"]) for t in (first, second, third)]
    (game_id,) = {a["id"] for a in answers}
    assert all(a["url"] == f"/game/{game_id}" for a in answers)
    colours = [colour for a in answers for colour in a["tokens"]]
    state = client.get(f"/api/games/{game_id}").json()
    assert sorted(colours) == sorted(state["seats"]) and len(set(colours)) == 3
    assert {s["kind"] for s in state["seats"].values()} == {"human"}
    names = {c: s["name"] for c, s in state["seats"].items() if s["name"]}
    assert sorted(names.values()) == ["Ann", "Bo"]
    assert state["game"]["players"] == 3
    lobby = client.get("/api/lobby").json()
    assert game_id in [g["id"] for g in lobby["watch"]]  # listed: others may watch
    assert lobby["queues"] == []  # nobody waits now
    for answer in answers:  # each token is its seat's, as creating a game gives them
        ((colour, token),) = answer["tokens"].items()
        with client.websocket_connect(f"/ws/{game_id}") as ws:
            welcome, _ = hello(ws, [token])
            assert welcome["you"] == [colour]


def test_queues_of_other_games_and_counts_wait_apart(client: TestClient) -> None:
    join(client, THREE)
    join(client, {**THREE, "players": 2})
    join(client, {**THREE, "game": "ludo"})
    assert sorted((q["game"], q["players"], q["waiting"]) for q in lobby_queues(client)) == [
        ("ludo", 3, 1),
        ("trouble", 2, 1),
        ("trouble", 3, 1),
    ]


def test_leaving_frees_the_place_and_the_ticket_is_gone(client: TestClient) -> None:
    ticket = join(client, THREE)["ticket"]
    assert client.delete(f"/api/queue/{ticket}").json() == {"left": True}
    assert lobby_queues(client) == []
    gone = ask(client, ticket, 404)
    assert "no such place in a queue" in gone["error"]
    assert client.delete(f"/api/queue/{ticket}").status_code == 404


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ([], "a place in a queue is asked for with"),
        ({**THREE, "colour": "red"}, "unknown field: colour"),
        ({**THREE, "game": "chess"}, 'say which game to play: "game": one of'),
        ({"players": 3}, 'say which game to play: "game": one of'),
        ({**THREE, "players": 5}, "players 5: a queue of this game seats 2, 3, 4"),
        ({**THREE, "players": 1}, "players 1: a queue of this game seats"),
        ({**THREE, "players": "3"}, "players '3': a queue of this game seats"),
        ({**THREE, "players": True}, "players True: a queue of this game seats"),
        ({**THREE, "wait": "forever"}, "wait 'forever': \"people\""),
        ({**THREE, "level": "computer:genius"}, "level 'computer:genius': one of"),
        ({**THREE, "level": "human"}, "level 'human': one of"),
        ({**THREE, "name": "Red"}, "a name cannot be another seat's colour"),
        ({**THREE, "name": "the computer"}, "is what the server calls others"),
        ({**THREE, "name": ""}, "a name is 1 to 20 characters"),
        ({**THREE, "name": 7}, '"name" must be text'),
    ],
)
def test_bad_joins_are_refused_in_words_and_change_nothing(
    client: TestClient, body: Any, problem: str
) -> None:
    refused = join(client, body, 400)
    assert problem in refused["error"] and refused["said"]["t"]
    assert lobby_queues(client) == []
    for _ in range(ROOMY.queue_tickets_per_address):  # no place was taken, none counted
        join(client, THREE)


def test_unknown_tickets_and_bad_counts_are_refused(client: TestClient) -> None:
    for ticket in ("nope", "x" * 65, "a.b"):
        assert "no such place in a queue" in ask(client, ticket, 404)["error"]
    ticket = join(client, THREE)["ticket"]
    answer = client.get(f"/api/queue/{ticket}?waiting=-1")
    assert answer.status_code == 400 and "waiting '-1': a whole number" in answer.json()["error"]
    broken = client.post("/api/queue", content=b"{", headers={"Content-Type": "application/json"})
    assert broken.status_code == 400 and "not valid JSON" in broken.json()["error"]
    assert lobby_queues(client) == [
        {"game": "trouble", "title": "Trouble", "players": 3, "waiting": 1}
    ]


def test_places_and_joins_are_limited_per_address(db: Path) -> None:
    limits = Limits(queue_tickets_per_address=2, queue_joins_per_minute=4)
    with running(db, limits=limits) as client:
        held = [join(client, THREE)["ticket"] for _ in range(2)]
        refused = join(client, THREE, 429)
        assert "at most 2 places in the queues at once from one address" in refused["error"]
        assert lobby_queues(client) == [
            {"game": "trouble", "title": "Trouble", "players": 3, "waiting": 2}
        ]
        for _ in range(2):  # the third and fourth joins of the minute
            client.delete(f"/api/queue/{held[0]}")
            held[0] = join(client, THREE)["ticket"]
        client.delete(f"/api/queue/{held[0]}")
        refused = join(client, THREE, 429)
        assert "at most 4 joins of a queue a minute from one address" in refused["error"]
        assert lobby_queues(client) == [
            {"game": "trouble", "title": "Trouble", "players": 3, "waiting": 1}
        ]


# ---------------------------------------------------------------- in process, the clock given


def test_waiting_for_computers_seats_after_thirty_seconds(tmp_path: Path) -> None:
    """Two who chose computers are seated together 30 s after the first joined, a computer of
    the first's level at the third seat; one who waits for people stays in the queue."""

    async def test(queues: Queues, clock: Clock, hub: GameHub) -> None:
        timed = {**THREE, "players": 4, "wait": "computers", "level": "computer:easy"}
        first = queues.join("198.51.100.1", timed)
        clock.now += 10
        patient = queues.join("198.51.100.2", {**THREE, "players": 4})
        second = queues.join("198.51.100.3", {**timed, "level": "computer:hard"})
        assert (await queues.ask(first.id))["start_in"] == START_SECONDS - 10
        clock.now += START_SECONDS - 10.5
        queues.sweep()
        await queues.settled()
        assert (await queues.ask(first.id))["state"] == "waiting"
        clock.now += 1
        answer = await queues.ask(first.id, seen=3)  # its time: seated, answered at once
        assert answer["state"] == "seated"
        again = await queues.ask(second.id)
        assert again["id"] == answer["id"] and again["tokens"] != answer["tokens"]
        game = hub.sessions[answer["id"]]
        assert sorted(game.kinds.values()) == ["computer:easy"] * 2 + ["human"] * 2
        assert game.owner == "198.51.100.1"
        assert (await queues.ask(patient.id)) == {
            "state": "waiting",
            "game": "trouble",
            "players": 4,
            "waiting": 1,
            "start_in": None,
            "problem": None,
        }

    with_queues(tmp_path, test)


def test_a_long_poll_answers_when_the_count_changes_or_the_ticket_is_seated(
    tmp_path: Path,
) -> None:
    async def test(queues: Queues, clock: Clock, hub: GameHub) -> None:
        two = {**THREE, "players": 2}
        first = queues.join("198.51.100.1", two)
        polled = asyncio.create_task(queues.ask(first.id, seen=1))
        await asyncio.sleep(0.05)
        assert not polled.done()  # nothing changed: held
        other = queues.join("198.51.100.2", THREE)
        await asyncio.sleep(0.05)
        assert not polled.done()  # another queue's change is not this one's
        queues.join("198.51.100.3", two)
        answer = await asyncio.wait_for(polled, 5)  # seated the moment the second joined
        assert answer["state"] == "seated"
        counted = asyncio.create_task(queues.ask(other.id, seen=1))
        await asyncio.sleep(0.05)
        queues.join("198.51.100.4", THREE)
        assert (await asyncio.wait_for(counted, 5))["waiting"] == 2

    with_queues(tmp_path, test)


def test_tickets_not_asked_about_are_dropped(tmp_path: Path) -> None:
    async def test(queues: Queues, clock: Clock, hub: GameHub) -> None:
        kept = queues.join("198.51.100.1", THREE)
        left = queues.join("198.51.100.1", THREE)
        clock.now += TICKET_SECONDS - 1
        await queues.ask(kept.id)
        clock.now += 2
        queues.sweep()
        with pytest.raises(NoSuchTicket):
            await queues.ask(left.id)
        assert queues.waiting() == [
            {"game": "trouble", "title": "Trouble", "players": 3, "waiting": 1}
        ]
        assert queues.held["198.51.100.1"] == 1  # its place given back

    with_queues(tmp_path, test, Limits(queue_tickets_per_address=2))


def test_seated_answers_are_kept_a_while_then_dropped(tmp_path: Path) -> None:
    async def test(queues: Queues, clock: Clock, hub: GameHub) -> None:
        two = {**THREE, "players": 2}
        first = queues.join("198.51.100.1", two)
        queues.join("198.51.100.2", two)
        await queues.settled()
        assert (await queues.ask(first.id))["state"] == "seated"
        assert queues.held == {}  # a seated ticket holds no place
        clock.now += TICKET_SECONDS + 1
        queues.sweep()
        with pytest.raises(NoSuchTicket):
            await queues.ask(first.id)

    with_queues(tmp_path, test)


def test_a_game_that_cannot_be_made_leaves_them_waiting_and_is_tried_again(
    tmp_path: Path,
) -> None:
    """A server holding as many games as it can: the two wait in their places, told why,
    and are seated once there is room."""

    async def test(queues: Queues, clock: Clock, hub: GameHub) -> None:
        two = {**THREE, "players": 2}
        first = queues.join("198.51.100.1", two)
        second = queues.join("198.51.100.2", two)
        await queues.settled()
        answer = await queues.ask(first.id)
        assert answer["state"] == "waiting" and answer["waiting"] == 2
        assert "as many as it holds" in answer["problem"]["t"]
        object.__setattr__(queues.limits, "live_games", 10)
        object.__setattr__(hub.services.limits, "live_games", 10)
        clock.now += 3
        queues.sweep()
        await queues.settled()
        assert (await queues.ask(first.id))["state"] == "seated"
        assert (await queues.ask(second.id))["state"] == "seated"

    with_queues(tmp_path, test, Limits(live_games=0))


def test_a_refused_join_takes_no_place(tmp_path: Path) -> None:
    async def test(queues: Queues, clock: Clock, hub: GameHub) -> None:
        queues.join("198.51.100.1", THREE)
        with pytest.raises(TooMany):
            queues.join("198.51.100.1", THREE)
        assert queues.waiting() == [
            {"game": "trouble", "title": "Trouble", "players": 3, "waiting": 1}
        ]
        assert len(queues.tickets) == 1

    with_queues(tmp_path, test, Limits(queue_tickets_per_address=1))


def test_a_signed_in_person_s_seat_from_a_queue_is_their_profile_s(client: TestClient) -> None:
    """Ann joins signed in, a stranger without a profile: the game made for them counts
    Ann's seat as her profile's (a rated game's results and her page read it)."""
    assert make_profile(client, Authenticator(), "Ann").status_code == 201
    ann = dict(client.cookies)
    hers = join(client, {"game": "trouble", "players": 2})
    client.cookies.clear()  # the stranger, at a device of their own
    theirs = join(client, {"game": "trouble", "players": 2})
    answers = [seated(client, t["ticket"]) for t in (hers, theirs)]
    ((colour, _),) = answers[0]["tokens"].items()
    client.cookies.update(ann)
    seats = client.get("/api/me/export").json()["seats"]
    assert seats == [{"game": answers[0]["id"], "colour": colour}]
