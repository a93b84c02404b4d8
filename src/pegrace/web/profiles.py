"""Profiles without a password (issue 54): a person may make one, a unique name secured by a
passkey, and sign in with it on any device, or with a one-time link shown on a device already
signed in. Signed in, the seats a person makes or claims are the profile's, its results and
ratings kept (standings.py). The session is a cookie (HttpOnly, SameSite=Lax, Secure behind
TLS) whose hash alone the store keeps; making profiles and signing in are limited by address,
as making games is. A profile exports its data and deletes itself: its games stay, its name
becomes "a former player"."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import unicodedata
from collections.abc import Callable, Coroutine
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from pegrace.errors import OptionError
from pegrace.games import list_games, rules_class
from pegrace.i18n import Said, said, said_n
from pegrace.web import passkeys
from pegrace.web import profilestore as kept
from pegrace.web.answering import api, json_body
from pegrace.web.guard import client_key
from pegrace.web.hub import GameHub
from pegrace.web.limits import Buckets, Fleet, Limits
from pegrace.web.mail import Mailer, confirming, may_mail, may_notify, send_later, your_turn
from pegrace.web.names import bare, checked_name
from pegrace.web.pages import language_of
from pegrace.web.refusals import Conflict, Forbidden, GameNotFound, TooMany, saying
from pegrace.web.session import GameSession
from pegrace.web.settings import HUMAN, OPEN, GameSettings
from pegrace.web.standings import leaderboard_view, player_view, record_end

COOKIE = "pegrace-profile"
SESSION_SECONDS = 180 * 24 * 3600.0  # a device stays signed in half a year
LINK_SECONDS = 600.0  # a one-time sign-in link lasts ten minutes
TOKEN_LENGTH = 64  # characters of a cookie or link token read, at most
LOG = logging.getLogger("pegrace.web")
EMAIL_LENGTH = 254  # the longest address mail allows


class Profiles:
    """The profile routes of one app, and who a request's person is."""

    def __init__(
        self, hub: Callable[[], GameHub], limits: Limits, fleet: Fleet, mailer: Mailer | None
    ) -> None:
        self.hub = hub
        self.mailer = mailer
        # a minute's worth at once, as for new games: a person retrying is not held up
        per_minute = limits.profiles_per_minute
        self.makings = Buckets(per_minute / 60, per_minute, fleet=fleet)
        per_minute = limits.signins_per_minute
        self.signings = Buckets(per_minute / 60, per_minute, fleet=fleet)
        # a player's page and a leaderboard read hundreds of rows in the store's one thread
        self.pages = Buckets.per_minute(limits.players_per_minute, fleet=fleet)
        self.recording: set[asyncio.Task[Any]] = set()  # results stored, mail sent

    def routes(self) -> list[Route]:
        return [
            Route("/api/profiles/begin", api(self.begin_profile), methods=["POST"]),
            Route("/api/profiles/finish", api(self.finish_profile), methods=["POST"]),
            Route("/api/signin/begin", api(self.begin_sign_in), methods=["POST"]),
            Route("/api/signin/finish", api(self.finish_sign_in), methods=["POST"]),
            Route("/api/signin/link", api(self.make_link), methods=["POST"]),
            Route("/api/signin/with-link", api(self.follow_link), methods=["POST"]),
            Route("/api/signout", api(self.sign_out), methods=["POST"]),
            Route("/api/me", api(self.me), methods=["GET", "DELETE"]),
            Route("/api/me/export", api(self.export)),
            Route("/api/me/email", api(self.set_email), methods=["PUT"]),
            Route("/api/unsubscribe/{token}", api(self.unsubscribe), methods=["POST"]),
            Route("/api/confirm/{token}", api(self.confirm), methods=["POST"]),
            Route("/api/players/{name}", api(self.player)),
            Route("/api/leaderboard/{game}", api(self.leaderboard)),
        ]

    async def _run(self, call: Callable[..., Any], *args: Any) -> Any:
        hub = self.hub()
        return await hub.calls.run(call, hub.store, *args)

    # ------------------------------------------------------------------ who is asking
    async def person(self, request: Request) -> kept.Profile | None:
        """The profile the request's cookie is signed in as, if any."""
        token = request.cookies.get(COOKIE, "")
        if not token or len(token) > TOKEN_LENGTH:
            return None
        found: kept.Profile | None = await self._run(kept.signed_in, token)
        return found

    async def needed(self, request: Request) -> kept.Profile:
        found = await self.person(request)
        if found is None:
            raise saying(Forbidden, said("sign in to your profile first"))
        return found

    async def seated(
        self, request: Request, game: str, colours: list[str], rated: bool = False
    ) -> None:
        """The seats just made or claimed are the signed-in person's profile's (and the game
        rated, as its maker asked: ``rated``)."""
        found = await self.person(request) if colours else None
        if found is not None:
            await self._run(kept.seat_profile, game, colours, found.id)
            if rated:
                await self._run(kept.mark_rated, game)

    async def rated(self, request: Request, body: Any, settings: GameSettings) -> bool:
        """Whether a new game is to be rated (``"rated": true``): only by a signed-in maker,
        with one seat of theirs and the others open to people."""
        asked = body.get("rated", False) if isinstance(body, dict) else False
        if not isinstance(asked, bool):
            raise saying(OptionError, said('"rated" must be true or false'))
        if not asked:
            return False
        await self.needed(request)
        kinds = list(settings.seats.values())
        if kinds.count(HUMAN) != 1 or any(kind not in (HUMAN, OPEN) for kind in kinds):
            refused = said("a rated game has one seat of yours and the others open to people")
            raise saying(OptionError, refused)
        return True

    def ended(self, game: GameSession) -> None:
        """A game ended here: its profiles' results and ratings stored, off the game's way."""
        hub = self.hub()
        self._spawn(hub.calls.run(
            record_end, hub.store, game.id, game.rules, game.state, list(game.log),
            dict(game.kinds),
        ))  # fmt: skip

    def _recorded(self, task: asyncio.Task[Any]) -> None:
        self.recording.discard(task)
        if not task.cancelled() and task.exception() is not None:
            LOG.error("a profile's results or mail failed", exc_info=task.exception())

    # ------------------------------------------------------------------ making a profile
    def _limit(self, buckets: Buckets, request: Request) -> None:
        if not buckets.take(client_key(request.scope)):
            most = round(buckets.rate * 60)
            raise saying(TooMany, said_n(
                "at most {count} try a minute from one address: wait a little",
                "at most {count} tries a minute from one address: wait a little",
                most,
            ))  # fmt: skip

    async def begin_profile(self, request: Request) -> Response:
        self._limit(self.makings, request)  # first: whatever follows costs the server
        body = await json_body(request)
        name = checked_name(body.get("name") if isinstance(body, dict) else None,
                            others=every_colour())  # fmt: skip
        key = name_key(name)
        party = passkeys.Party.of(request)
        if await self._run(kept.name_taken, key):
            raise saying(Conflict, taken(name))
        challenge, options = passkeys.creation_options(party, name, secrets.token_bytes(16))
        handle = await self._run(kept.begin_ceremony, challenge, name, passkeys.CEREMONY_SECONDS)
        return JSONResponse({"ceremony": handle, "options": options})

    async def finish_profile(self, request: Request) -> Response:
        self._limit(self.makings, request)
        body = await json_body(request)
        party = passkeys.Party.of(request)
        challenge, name = await self._ceremony(body)
        if name is None:
            raise saying(OptionError, said("this ceremony signs in: it makes no profile"))
        key = passkeys.made_passkey(party, body.get("credential"), challenge)
        profile = await self._run(kept.create_profile, name, name_key(name), key)
        if profile is None:
            raise saying(Conflict, taken(name))
        return await self._signed_in(request, profile, name, 201)

    async def _ceremony(self, body: Any) -> tuple[str, str | None]:
        handle = body.get("ceremony") if isinstance(body, dict) else None
        if not isinstance(handle, str) or len(handle) > TOKEN_LENGTH:
            raise saying(OptionError, said('"ceremony" must be the handle /begin gave'))
        found: tuple[str, str | None] | None = await self._run(kept.take_ceremony, handle)
        if found is None:
            # a second answer to one challenge (a replay) lands here too
            raise saying(Forbidden, said("this passkey request is over: start again"))
        return found

    async def _signed_in(self, request: Request, profile: str, name: str, status: int) -> Response:
        token = await self._run(kept.sign_in, profile, "session", SESSION_SECONDS)
        answer = JSONResponse({"name": name}, status)
        answer.set_cookie(
            COOKIE,
            token,
            max_age=int(SESSION_SECONDS),
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
        )
        return answer

    # ------------------------------------------------------------------ signing in
    async def begin_sign_in(self, request: Request) -> Response:
        self._limit(self.signings, request)
        party = passkeys.Party.of(request)
        challenge, options = passkeys.request_options(party)
        handle = await self._run(kept.begin_ceremony, challenge, None, passkeys.CEREMONY_SECONDS)
        return JSONResponse({"ceremony": handle, "options": options})

    async def finish_sign_in(self, request: Request) -> Response:
        self._limit(self.signings, request)  # a signature checked costs a millisecond
        body = await json_body(request)
        party = passkeys.Party.of(request)
        challenge, name = await self._ceremony(body)
        if name is not None:
            raise saying(OptionError, said("this ceremony makes a profile: it signs nobody in"))
        credential = body.get("credential")
        key: kept.Passkey | None = await self._run(kept.passkey, passkeys.credential_id(credential))
        if key is None:
            raise saying(Forbidden, said("no profile here has this passkey"))
        count = passkeys.signed_count(party, credential, challenge, key)
        if not await self._run(kept.count_use, key.id, key.sign_count, count):
            raise saying(Forbidden, said("this passkey was used meanwhile: start again"))
        profile: kept.Profile | None = await self._run(kept.profile_of, key.profile)
        if profile is None or profile.name is None:
            raise saying(Forbidden, said("no profile here has this passkey"))
        return await self._signed_in(request, profile.id, profile.name, 200)

    async def make_link(self, request: Request) -> Response:
        """A one-time link that signs another device in (shown as text and a QR code)."""
        found = await self.needed(request)
        token = await self._run(kept.sign_in, found.id, "link", LINK_SECONDS)
        return JSONResponse({"url": f"/?signin={token}", "seconds": LINK_SECONDS})

    async def follow_link(self, request: Request) -> Response:
        self._limit(self.signings, request)
        body = await json_body(request)
        token = body.get("token") if isinstance(body, dict) else None
        if not isinstance(token, str) or not 1 <= len(token) <= TOKEN_LENGTH:
            raise saying(OptionError, said('"token" must be the sign-in link\'s'))
        found: kept.Profile | None = await self._run(kept.use_link, token)
        if found is None or found.name is None:
            raise saying(Forbidden, said("this sign-in link is used or out of date: make another"))
        return await self._signed_in(request, found.id, found.name, 200)

    async def sign_out(self, request: Request) -> Response:
        token = request.cookies.get(COOKIE, "")
        if token and len(token) <= TOKEN_LENGTH:
            await self._run(kept.sign_out, token)
        answer = JSONResponse({"name": None})
        answer.delete_cookie(COOKIE, httponly=True, samesite="lax")
        return answer

    # ------------------------------------------------------------------ one's own data
    async def me(self, request: Request) -> Response:
        if request.method == "DELETE":
            found = await self.needed(request)
            await self._run(kept.delete_profile, found.id)
            answer = JSONResponse({"name": None})
            answer.delete_cookie(COOKIE, httponly=True, samesite="lax")
            return answer
        person = await self.person(request)
        return JSONResponse({"name": None if person is None else person.name})

    async def export(self, request: Request) -> Response:
        found = await self.needed(request)
        data = await self._run(kept.export, found.id)
        disposition = 'attachment; filename="pegrace-profile.json"'
        return JSONResponse(data, headers={"Content-Disposition": disposition})

    async def player(self, request: Request) -> Response:
        self._limit(self.pages, request)
        found = await self.named(request.path_params["name"])
        return JSONResponse(await self._run(player_view, found))

    async def leaderboard(self, request: Request) -> Response:
        self._limit(self.pages, request)
        game = request.path_params["game"]
        if game not in list_games():
            # TRANSLATORS: {game} is what was asked for, quoted; {games} the games there are
            refused = said("no game is called {game} (games: {games})",
                           game=repr(game[:40]), games=", ".join(list_games()))  # fmt: skip
            raise saying(GameNotFound, refused)
        return JSONResponse(await self._run(leaderboard_view, game))

    async def set_email(self, request: Request) -> Response:
        """The address "your turn" notices go to (``{"email": null}``: none), once its owner
        follows the link mailed to it (mail to one profile is limited: MAILS_AN_HOUR)."""
        self._limit(self.signings, request)
        found = await self.needed(request)
        body = await json_body(request)
        email = checked_email(body.get("email") if isinstance(body, dict) else None)
        base, language = str(request.base_url).rstrip("/"), language_of(request)
        token = await self._run(kept.set_email, found.id, email, language, base)
        mailed = self.mailer is not None and email is not None and token is not None
        if mailed and await self._run(may_mail, found.id, time.time()):
            assert self.mailer is not None and email is not None and token is not None
            self._spawn(send_later(self.mailer, confirming(email, language, base, token)))
        return JSONResponse({"pending": email, "mailed": mailed})

    async def confirm(self, request: Request) -> Response:
        used = said("this link confirms nothing: it was used already")
        await self._follow(request, kept.confirm_email, used)
        return JSONResponse({"confirmed": True})

    async def unsubscribe(self, request: Request) -> Response:
        await self._follow(
            request, kept.unsubscribe, said("this link stops no e-mail: it was used already")
        )
        return JSONResponse({"email": None})

    async def _follow(self, request: Request, step: Callable[..., bool], used: Said) -> None:
        """A mailed link's step (its token in the path), limited as signing in is; 404
        saying ``used`` for a token that does nothing (used, or never made)."""
        self._limit(self.signings, request)
        token = request.path_params["token"]
        if len(token) > TOKEN_LENGTH or not await self._run(step, token):
            raise saying(GameNotFound, used)

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.create_task(work)
        self.recording.add(task)
        task.add_done_callback(self._recorded)

    def turn_to(self, game: GameSession, colour: str) -> None:
        """A turn-based game came to ``colour``: its profile is mailed, if it gave an address
        and nobody holds the seat's page open (at most once a game an hour)."""
        if self.mailer is None or any(colour in held for held in game.clients.values()):
            return
        self._spawn(self._notify(self.mailer, game.id, game.rules.name, colour))

    async def _notify(self, mailer: Mailer, game_id: str, game: str, colour: str) -> bool:
        reader: kept.Reader | None = await self._run(kept.reader_of, game_id, colour)
        now = time.time()
        if reader is None or not await self._run(may_notify, game_id, reader.profile, now):
            return False
        if not await self._run(may_mail, reader.profile, now):
            return False
        message = your_turn(reader.email, reader.language, reader.base, game_id, game,
                            reader.unsubscribe)  # fmt: skip
        await send_later(mailer, message)
        return True

    async def named(self, name: str) -> kept.Profile:
        """The live profile called ``name`` (as its letters and digits say it)."""
        found: kept.Profile | None = await self._run(kept.profile_named, name_key(name))
        if found is None or found.name is None:
            # TRANSLATORS: {name} is the player's name asked for, quoted
            raise saying(GameNotFound, said("no player is called {name}", name=repr(name[:40])))
        return found


def checked_email(given: Any) -> str | None:
    """An address to mail notices to, or None; OptionError unless it looks like one."""
    if given is None:
        return None
    if (
        not isinstance(given, str)
        or len(given) > EMAIL_LENGTH
        or given.count("@") != 1
        or any(c.isspace() or unicodedata.category(c)[0] == "C" for c in given)
        or not all(given.split("@"))
    ):
        raise saying(OptionError, said('"email" must be an e-mail address, or null for none'))
    return given


def every_colour() -> list[str]:
    """What no profile may be called: a seat's colour in any game."""
    return sorted({c for game in list_games() for c in rules_class(game).all_colours})


def name_key(name: str) -> str:
    """What makes two names one: their letters and digits, case folded."""
    key = bare(name)
    if not key:
        raise saying(OptionError, said("a profile's name needs a letter or a digit"))
    return key


def taken(name: str) -> Any:
    # TRANSLATORS: {name} is the profile name asked for, quoted
    return said("the name {name} is taken: choose another", name=repr(name))
