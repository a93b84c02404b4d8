"""The attacks on profiles (issue 54): profiles asked for as fast as answered, sign-ins
forged, and "your turn" mail provoked (profiles, signin, mail); pegrace.web.attacks says
each in a line. Passkeys want the server by name: these connections call it localhost."""

from __future__ import annotations

import asyncio
import itertools
import time
from typing import Any

import orjson

from pegrace.web.attackbench.attack import Attack
from pegrace.web.attackbench.authenticator import Authenticator
from pegrace.web.attackbench.clients import Http

CLIENTS = 4  # connections of each attack
NAMED = "localhost"
VICTIM = "victim@example.org"  # where the mail attack has its notices sent


class IdentityAttack(Attack):
    def named_http(self) -> Http:
        http = self.http()
        http.named = NAMED
        return http

    async def timed(
        self, http: Http, method: str, path: str, body: Any
    ) -> tuple[int, bytes] | None:
        """One request, its answer timed and counted (a forged answer refused, 403, is a
        refusal the attack expects, not an error)."""
        counts = self.counts
        start = time.perf_counter()
        try:
            status, answer = await http.request(method, path, body)
        except ConnectionError as err:
            counts.sent += 1
            counts.errors[str(err).split(":")[0]] += 1
            await asyncio.sleep(0.05)
            return None
        counts.sent += 1
        counts.times.append(time.perf_counter() - start)
        if status == 403:
            counts.refused["HTTP 403"] += 1
        else:
            counts.status(status)
        return status, answer


class ProfilesAttack(IdentityAttack):
    """A new profile's passkey options asked for, a new name each time."""

    async def run(self) -> None:
        names = (f"Flood{n}" for n in itertools.count())
        await asyncio.gather(*(self.asker(names) for _ in range(CLIENTS)))

    async def asker(self, names: Any) -> None:
        http = self.named_http()
        while True:
            await self.timed(http, "POST", "/api/profiles/begin", {"name": next(names)})


class SigninAttack(IdentityAttack):
    """A sign-in begun, and answered with a passkey no profile has (a forged answer: the
    server checks it, and refuses it), again and again."""

    async def run(self) -> None:
        await asyncio.gather(*(self.forger() for _ in range(CLIENTS)))

    async def forger(self) -> None:
        http, key = self.named_http(), Authenticator(origin=f"http://{NAMED}")
        key.origin = f"http://{NAMED}:{http.port}"
        key.create({"rp": {"id": NAMED}, "user": {"id": "Zm9yZ2Vk"}, "challenge": "x"})
        while True:
            sent = await self.timed(http, "POST", "/api/signin/begin", {})
            if sent is None or sent[0] != 200:
                continue
            begun = orjson.loads(sent[1])
            answer = key.get(begun["options"])
            body = {"ceremony": begun["ceremony"], "credential": answer}
            await self.timed(http, "POST", "/api/signin/finish", body)


class MailAttack(IdentityAttack):
    """A profile (made with a software passkey) gives a stranger's address for its notices
    again and again, on CLIENTS connections, as fast as answered: each time the server would
    mail the address a confirming link. The server mails no profile more than MAILS_AN_HOUR
    times an hour, and its mail server is slow (sink.py): the bench counts what it got."""

    async def setup(self) -> None:
        http = self.named_http()
        key = Authenticator(origin=f"http://{NAMED}:{http.port}")
        status, answer = await http.request("POST", "/api/profiles/begin", {"name": "Mailer"})
        begun = orjson.loads(answer)
        credential = key.create(begun["options"])
        body = {"ceremony": begun["ceremony"], "credential": credential}
        status, answer = await http.request("POST", "/api/profiles/finish", body)
        if status != 201:
            raise ConnectionError(f"no profile for the mail attack: {status} {answer[:200]!r}")
        self.cookie = http.cookie

    async def run(self) -> None:
        await asyncio.gather(*(self.giver() for _ in range(CLIENTS)))

    async def giver(self) -> None:
        http = self.named_http()
        http.cookie = self.cookie
        while True:
            await self.timed(http, "PUT", "/api/me/email", {"email": VICTIM})
