"""Games over days (issue 54, item 4), with the game's hour made short by the server's
``turn_hour`` (a few seconds, not days): a turn-based seat waits past a live game's idle
limit untouched, then the computer plays its one late turn (``play``) or takes it over
(``away``); the game goes on with nobody connected; and a profile with an e-mail is mailed
"your turn" through a real local SMTP server (aiosmtpd) once a game an hour, with a link
that stops the mail."""

from __future__ import annotations

import email
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from pages import free_port
from starlette.testclient import TestClient
from test_profiles import make_profile
from webclient import FAST_PLAY, LIMIT, hello, new_game, next_of, running, send

from pegrace.web.app import create_app
from pegrace.web.attackbench.authenticator import Authenticator
from pegrace.web.limits import Limits
from pegrace.web.mail import MAILS_AN_HOUR, Mailer
from pegrace.web.settings import parse_settings
from pegrace.web.turnrules import MOST_TURN_SECONDS

Json = dict[str, Any]
PEOPLE = {"red": "human", "green": "human"}


def until(check: Callable[[], Any], what: str) -> Any:
    """``check()``'s first true answer, asked again and again (the server's clock runs)."""
    deadline = time.monotonic() + LIMIT
    while not (found := check()):
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.05)
    return found


def body_of(mail: Message) -> str:
    payload = mail.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode()


def state(client: TestClient, game_id: str) -> Json:
    answer: Json = client.get(f"/api/games/{game_id}").json()
    return answer


def test_a_turn_based_game_takes_an_hour_to_a_week_a_move() -> None:
    body = {"game": "trouble", "seats": PEOPLE, "turn_based": "play"}
    for seconds in (3600, 86_400, MOST_TURN_SECONDS):
        settings, _ = parse_settings({**body, "idle_seconds": seconds})
        assert settings.turns == "play" and settings.idle_seconds == seconds
    for seconds in (0, 60, MOST_TURN_SECONDS + 1, float("nan"), "3600"):
        with pytest.raises(Exception, match="idle_seconds"):
            parse_settings({**body, "idle_seconds": seconds})
    for bad in ("yes", 1, True):
        with pytest.raises(Exception, match="turn_based"):
            parse_settings({**body, "idle_seconds": 3600, "turn_based": bad})
    live, _ = parse_settings({"game": "trouble", "seats": PEOPLE, "turn_based": False})
    assert (
        live.turns == ""
        and parse_settings({**body, "idle_seconds": 3600})[0].to_json()["turns"] == "play"
    )


def test_a_late_turn_waits_its_hours_then_the_computer_plays_it_once(tmp_path: Path) -> None:
    """A live game with a one-second idle limit and a turn-based one of an hour a move (six
    seconds here), both waiting for red: the live game's red is taken over first, the
    turn-based red is untouched then; once its hour is spent, its one turn is played for it
    and the seat is red's again."""
    limits = Limits(messages_per_second=100_000, turn_hour=6.0)
    with running(tmp_path / "games.sqlite3", limits=limits) as client:
        live = new_game(client, game="trouble", seats=PEOPLE, idle_seconds=1)
        days = new_game(client, game="trouble", seats=PEOPLE, idle_seconds=3600,
                        turn_based="play")  # fmt: skip
        with (
            client.websocket_connect(f"/ws/{live['id']}") as one,
            client.websocket_connect(f"/ws/{days['id']}") as other,
        ):
            hello(one, [live["tokens"]["green"]])  # red's person is not there
            _, first = hello(other, [days["tokens"]["green"]])
            assert first["current"] == "red" and first["seq"] == 0
            until(lambda: state(client, live["id"])["seats"]["red"]["takeover"], "live takeover")
            now = state(client, days["id"])
            assert now["seq"] == 0 and not now["seats"]["red"]["takeover"]  # still red's to play
            played = until(lambda: (s := state(client, days["id"]))["seq"] > 0 and s, "late turn")
            assert played["log"][0]["colour"] == "red" and played["log"][0]["by"] == "takeover"
            after = until(lambda: (s := state(client, days["id"]))["current"] != "red" and s,
                          "the turn passed")  # fmt: skip
            assert not after["seats"]["red"]["takeover"]  # red's own again, not away


def test_an_away_late_seat_stays_taken_over_and_the_game_goes_on_with_nobody(
    tmp_path: Path,
) -> None:
    limits = Limits(messages_per_second=100_000, turn_hour=0.5)
    computers = {"red": "human", "green": "computer:random"}
    with running(tmp_path / "games.sqlite3", limits=limits) as client:
        game = new_game(client, game="trouble", seats=computers, idle_seconds=3600,
                        turn_based="away")  # fmt: skip
        # nobody connects: the sweep finds the late seat, and the game plays on by itself
        seen = until(lambda: (s := state(client, game["id"]))["seq"] > 20 and s, "played on")
        assert seen["seats"]["red"]["takeover"]


class Inbox:
    """What a real SMTP server (aiosmtpd) on this machine received."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        self.messages.append(email.message_from_bytes(envelope.content))
        return "250 OK"


@contextmanager
def mail_server() -> Iterator[tuple[Inbox, str]]:
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, f"smtp://127.0.0.1:{port}"
    finally:
        controller.stop()


def test_a_profile_is_mailed_your_turn_once_an_hour_and_may_stop_it(tmp_path: Path) -> None:
    limits = Limits(messages_per_second=100_000, turn_hour=0.3)
    with mail_server() as (inbox, url):
        app = create_app(tmp_path / "games.sqlite3", computer_delay=0.0, limits=limits,
                         mailer=Mailer.parse(url))  # fmt: skip
        with TestClient(app) as client:
            assert make_profile(client, Authenticator(), "Ann").status_code == 201
            saved = client.put("/api/me/email", json={"email": "ann@example.org"})
            assert saved.status_code == 200 and saved.json()["mailed"]
            (asked,) = until(lambda: inbox.messages, "the confirming mail")
            assert asked["To"] == "ann@example.org" and "/confirm/" in body_of(asked)
            confirm = body_of(asked).split("/confirm/", 1)[1].split()[0]
            assert client.post(f"/api/confirm/{confirm}").json() == {"confirmed": True}
            assert client.post(f"/api/confirm/{confirm}").status_code == 404  # used
            seats = {"red": "human", "green": "open"}
            game = client.post("/api/games", json={"game": "trouble", "players": 2,
                                                    "seats": seats, "idle_seconds": 3600,
                                                    "turn_based": "play"}).json()  # fmt: skip
            client.cookies.clear()  # Bob, at his own device, takes green
            green = client.post(f"/api/games/{game['id']}/claim", json={"colour": "green"})
            with client.websocket_connect(f"/ws/{game['id']}") as socket:
                _, now = hello(socket, [green.json()["token"]])
                turns_of_red = 0
                while turns_of_red < 4:  # red is late each time: the computer plays its turn
                    green_to_act = now["current"] == "green" and now["outcome"] is None
                    if green_to_act and not now["forced_pass"]:
                        if now["phase"] == "move":
                            send(socket, type="move", move=now["moves"][0]["text"])
                        else:
                            send(socket, type="roll")
                    before = now["current"]
                    now = next_of(socket, "state")
                    turns_of_red += before == "green" and now["current"] == "red"
        until(lambda: len(inbox.messages) > 1, "a notice")
        time.sleep(0.5)  # a second one would be on its way by now
    _, mail = inbox.messages
    assert mail["To"] == "ann@example.org" and mail["Subject"] == "Your turn in Trouble"
    body = body_of(mail)
    assert f"/game/{game['id']}" in body and "/unsubscribe/" in body
    token = body.rsplit("/unsubscribe/", 1)[1].split()[0]
    assert mail["List-Unsubscribe"].endswith(f"/api/unsubscribe/{token}>")
    with running(tmp_path / "games.sqlite3", limits=FAST_PLAY) as client:
        stopped = client.post(f"/api/unsubscribe/{token}")
        assert stopped.status_code == 200
        assert client.post(f"/api/unsubscribe/{token}").status_code == 404  # used


def test_an_address_is_mailed_only_once_confirmed_and_a_few_times_an_hour(
    tmp_path: Path,
) -> None:
    """An address not confirmed gets no notice; giving addresses again and again mails at
    most MAILS_AN_HOUR confirmations (nobody is mail-bombed through a profile)."""
    with mail_server() as (inbox, url):
        app = create_app(tmp_path / "games.sqlite3", computer_delay=0.0,
                         limits=Limits(turn_hour=0.3), mailer=Mailer.parse(url))  # fmt: skip
        with TestClient(app) as client:
            make_profile(client, Authenticator(), "Ann")
            client.put("/api/me/email", json={"email": "someone@example.org"})
            (first,) = until(lambda: inbox.messages, "a confirming mail")
            # the stranger says "not me" through the confirming mail's "no more" link
            assert first["List-Unsubscribe"].endswith(">")
            stop = body_of(first).split("/unsubscribe/", 1)[1].split()[0]
            assert client.post(f"/api/unsubscribe/{stop}").status_code == 200
            assert client.post(f"/api/unsubscribe/{stop}").status_code == 404
            for _ in range(MAILS_AN_HOUR + 3):
                client.put("/api/me/email", json={"email": "someone@example.org"})
            until(lambda: len(inbox.messages) >= MAILS_AN_HOUR, "the confirmations")
            seats = {"red": "human", "green": "computer:random"}
            game = client.post("/api/games", json={"game": "trouble", "players": 2,
                                                    "seats": seats, "idle_seconds": 3600,
                                                    "turn_based": "play"}).json()  # fmt: skip
            until(lambda: state(client, game["id"])["seq"] > 10, "the game going on")
            refused = client.put("/api/me/email", json={"email": "not an address"})
            assert refused.status_code == 400 and "e-mail address" in refused.json()["error"]

        time.sleep(0.5)
    subjects = [m["Subject"] for m in inbox.messages]
    assert subjects == ["Confirm your address for pegrace"] * MAILS_AN_HOUR
