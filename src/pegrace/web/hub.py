"""The hub: every game the server has loaded, by id. Games load from the store on first use,
idle ones leave memory past the limit of live games, and the lobby's lists are read here."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Coroutine, Iterable
from dataclasses import replace
from typing import Any

from pegrace.engine import Rules
from pegrace.errors import PegraceError
from pegrace.i18n import said, said_n
from pegrace.web.gamestore import GameStore, StoreError, token_hash
from pegrace.web.heavy import FramesJob, KeptAnswers, ReviewJob
from pegrace.web.limits import Buckets, Fleet, Limits
from pegrace.web.protocol import Json, to_json
from pegrace.web.refusals import Conflict, Forbidden, Full, GameNotFound, TooMany, saying, words_of
from pegrace.web.roomcodes import give_code
from pegrace.web.session import LOG, GameSession, Services, new_token
from pegrace.web.settings import HUMAN, GameSettings, new_seed
from pegrace.web.storecalls import EventWriter, StoreCalls
from pegrace.web.workers import DEFAULT_WORKERS, WorkerPool

LOBBY_GAMES = 12  # games in each of the lobby's lists, at most
# a listed game with no event this long has been left: it leaves the lobby's open and watch
ABANDONED_SECONDS = 30 * 60.0
LOBBY_SCANNED = 500  # the newest games made that the lobby looks among (its cost is bounded)
SERVER_BEAT_SECONDS = 5.0  # how often a server tells the store it is there
REPLAY_SECONDS = 30.0  # the time a replay may take to work out
REVIEW_SECONDS = 60.0  # the time a review may take to work out
FINISHED_KEPT = 600.0  # seconds a finished game nobody asks for stays in memory


def new_game_id() -> str:
    return secrets.token_urlsafe(6)


def idlest_first(sessions: Iterable[GameSession]) -> list[GameSession]:
    """The idle games of ``sessions`` (nobody connected, nothing under way), the first to
    leave memory first: finished ones, then those asked for longest ago."""
    idle = (s for s in sessions if s.idle())
    return sorted(idle, key=lambda s: (not s.state.is_over, s.used))


class GameHub:
    """Every game the server has loaded, by id; games load from the store on first use, and
    idle ones leave memory once more than ``limits.live_games`` are loaded."""

    def __init__(
        self,
        store: GameStore,
        computer_delay: float,
        limits: Limits | None = None,
        fleet: Fleet | None = None,
    ) -> None:
        self.store = store
        self.calls = StoreCalls(store)
        self.fleet = fleet or Fleet()
        limits = limits or Limits()
        size = limits.workers or DEFAULT_WORKERS
        pool = WorkerPool(size, limits.worker_share, limits.network_key, limits.light_workers)
        self.services = Services(EventWriter(self.calls), pool, limits, computer_delay, self.fleet)
        self.sessions: dict[str, GameSession] = {}
        self.heavy = WorkerPool(1)  # replays and QR codes: one process, apart from the players
        self.loads = Buckets(
            limits.loads_per_minute / 60, limits.loads_per_minute, fleet=self.fleet
        )
        self.network_of: dict[str, str] = {}  # a live game made here: its maker's network
        self.replays = KeptAnswers()  # replays and reviews, by what each is made of
        self.reviews = Buckets.per_minute(limits.reviews_per_minute, fleet=self.fleet)
        self._catching_up: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ other servers
    async def count_servers(self) -> None:
        """Keep ``fleet`` counting the servers on the store (each says it is there every
        ``SERVER_BEAT_SECONDS``, for three times as long): the limits by address are each
        server's share of the deployment's. A store that fails leaves the last count."""
        while True:
            try:
                servers = await self.calls.run(self.store.count_servers, 3 * SERVER_BEAT_SECONDS)
            except StoreError as err:
                LOG.warning("the servers on the store are not counted (%s)", err)
            else:
                if servers != self.fleet.servers:
                    LOG.warning(
                        "%d servers share the store: each allows an address 1/%d of every "
                        "limit a minute", servers, servers,
                    )  # fmt: skip
                self.fleet.servers = servers
            await asyncio.sleep(SERVER_BEAT_SECONDS)

    def heard(self, game_id: str, what: str) -> None:
        """Another server stored event ``what`` (its number) of a game, changed its seats
        (``seats``) or was told a chat line (``chat LINE``): a game held here takes it
        in (notices.py); one not held costs nothing."""
        session = self.sessions.get(game_id)
        if session is None:
            return
        if what.startswith("chat "):
            self._later(session.talk.hear_stored_chat(int(what.removeprefix("chat "))))
        elif what == "seats":
            self._later(session.sync.reload_seats())
        elif int(what) > len(session.events):
            self._later(session.sync.catch_up())

    def resync(self) -> None:
        """Notices were lost (the listener connected again): every game held catches up."""
        for session in self.sessions.values():
            self._later(session.sync.catch_up())
            self._later(session.sync.reload_seats())

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._catching_up.add(task)
        task.add_done_callback(self._catching_up.discard)

    async def create(
        self,
        settings: GameSettings,
        rules: Rules,
        token_hashes: dict[str, str] | None = None,
        owner: str = "",
        rematch_of: str | None = None,
        names: dict[str, str] | None = None,
    ) -> tuple[GameSession, dict[str, str]]:
        """A new game; returns it and a token for each of its human seats (but those given
        as ``token_hashes``, colour -> hash: a rematch keeps its players' tokens). ``owner``:
        the address that asked for it, which its computer players' share of the workers
        counts against. As the rematch of ``rematch_of``: Conflict if that game has one
        already (made meanwhile, through this server or another). ``names``: the people's
        names by colour, where one device seats several (names.seat_names)."""
        network = self._make_network_room(owner)
        self._make_room()
        game_id = new_game_id()
        while game_id in self.sessions or await self.calls.run(self.store.has_game, game_id):
            game_id = new_game_id()
        kept = token_hashes or {}
        tokens = {
            colour: new_token()
            for colour, kind in settings.seats.items()
            if kind == HUMAN and colour not in kept
        }
        hashes = {**kept, **{colour: token_hash(token) for colour, token in tokens.items()}}
        made = await self.calls.run(
            self.store.create_game, game_id, settings, tokens, kept, rematch_of, names
        )
        if not made:
            raise saying(Conflict, said("game {game} has been rematched already",
                                        game=str(rematch_of)))  # fmt: skip
        code = await self.calls.run(give_code, self.store, game_id)
        session = GameSession(game_id, settings, rules, self.services, owner)
        session.code = code
        session.names = dict(names or {})
        session.owners = {digest: colour for colour, digest in hashes.items()}
        self.sessions[game_id] = session
        if owner:
            self.network_of[game_id] = network
        session.start()
        return session, tokens

    def _make_room(self) -> None:
        """Let finished games nobody has asked for in ``FINISHED_KEPT`` seconds go from memory
        (the store keeps them; kept a while, asking again costs no reload); past
        ``live_games``, idle ones too (nobody connected, nothing under way), the longest idle
        first. Full if every loaded game is in use."""
        now = time.monotonic()
        done = [s for s in self.sessions.values() if s.state.is_over and s.idle()]
        for session in [s for s in done if now - s.used > FINISHED_KEPT]:
            self._unload(session)
        limit = self.services.limits.live_games
        if len(self.sessions) < limit:
            return
        if not self._unload_idlest(self.sessions.values(), len(self.sessions) - limit + 1):
            raise saying(Full, said_n(
                "the server has {count} game in play, as many as it holds: try again later",
                "the server has {count} games in play, as many as it holds: try again later",
                len(self.sessions),
            ))  # fmt: skip

    def _make_network_room(self, owner: str) -> str:
        """The network of ``owner`` (an address's key: limits.network_key), with room for one
        more live game made from it: past ``live_games_per_network``, its idle ones leave
        memory, the longest idle first (so that one subscriber's many /64s cannot hold every
        live game). TooMany if every one of its games is in use."""
        limits = self.services.limits
        network = limits.network_key(owner)
        theirs = [self.sessions[i] for i, n in self.network_of.items() if n == network]
        excess = len(theirs) - limits.live_games_per_network + 1
        if owner and excess > 0 and not self._unload_idlest(theirs, excess):
            raise saying(TooMany, said_n(
                "at most {count} game in play may be made from one network: finish or leave "
                "it first",
                "at most {count} games in play may be made from one network: finish or leave "
                "one first",
                limits.live_games_per_network,
            ))  # fmt: skip
        return network

    def _unload_idlest(self, sessions: Iterable[GameSession], count: int) -> bool:
        """Let the ``count`` first of ``sessions`` to go (idlest_first) leave memory; False,
        and none gone, if fewer are idle."""
        idle = idlest_first(sessions)
        if len(idle) < count:
            return False
        for session in idle[:count]:
            self._unload(session)
        return True

    def _unload(self, session: GameSession) -> None:
        del self.sessions[session.id]
        self.network_of.pop(session.id, None)
        if session.task is not None:
            session.task.cancel()  # an idle game's driver only watches its idle clock

    async def get(self, game_id: str, key: str = "") -> GameSession:
        """The game, loaded from the store if it is not in memory: its events replayed (a
        long game's take tens of milliseconds), at most ``loads_per_minute`` for one address
        (``key``; none for the server's own asking)."""
        session = self.sessions.get(game_id)
        if session is None:
            # charged before the store is read: past the budget, a game costs no reading
            if key and not self.loads.take(key):
                raise saying(TooMany, said_n(
                    "at most {count} game a minute is loaded from the store for one address: "
                    "wait a little",
                    "at most {count} games a minute are loaded from the store for one "
                    "address: wait a little",
                    self.services.limits.loads_per_minute,
                ))  # fmt: skip
            stored = await self.calls.run(self.store.load_game, game_id)
            if stored is None:
                if key:
                    self.loads.give_back(key)  # no game: nothing was loaded
                raise saying(GameNotFound, said("no game {game}", game=repr(game_id)))
            try:
                session = GameSession.restore(stored, self.services)
                session.code = stored.code
            except PegraceError as err:
                broken = said("game {game} cannot be resumed: {problem}", game=game_id,
                              problem=words_of(err))  # fmt: skip
                raise saying(StoreError, broken) from None
            if game_id in self.sessions:  # loaded meanwhile, by another request
                session = self.sessions[game_id]
            else:
                self._make_room()
                self.sessions[game_id] = session
                session.start()
        session.used = time.monotonic()
        return session

    async def lobby(self, mine: list[str], key: str = "", solo: bool = False) -> Json:
        """The front page's lists: listed games in progress with an open seat (``open``) or
        without one (``watch``), and the games of ``mine`` (ids whose tokens a browser holds)
        that still exist, finished ones too. A finished game, and one left with no event for
        ``ABANDONED_SECONDS``, leaves open and watch; so does one person's game against
        computers (``solo``: keep those). A game that cannot be loaded is left out."""
        lists: dict[str, list[Json]] = {"open": [], "watch": [], "mine": []}
        now = time.time()
        # twice as many as a list shows: some may turn out finished, or solo by their sides
        found = await self.calls.run(
            self.store.lobby_games, 2 * LOBBY_GAMES, now - ABANDONED_SECONDS, solo, LOBBY_SCANNED
        )
        for game_id, made in found:
            session = await self._loaded(game_id, key)
            if session is None or session.state.is_over or (not solo and session.views.solo()):
                continue
            summary = session.views.summary(now - made)
            listed = lists["open" if summary["open"] else "watch"]
            if len(listed) < LOBBY_GAMES:
                listed.append(summary)
            if len(lists["open"]) == len(lists["watch"]) == LOBBY_GAMES:
                break  # loading the rest would cost the asker's loads for nothing
        mine = mine[:LOBBY_GAMES]
        made_at = await self.calls.run(self.store.made_at, mine) if mine else {}
        for game_id in (i for i in mine if i in made_at):  # an unknown id costs nothing more
            session = await self._loaded(game_id, key)
            if session is not None:
                when = made_at.get(game_id)
                lists["mine"].append(session.views.summary(None if when is None else now - when))
        return lists

    async def _loaded(self, game_id: str, key: str) -> GameSession | None:
        """The game, or None if it cannot be had now: a damaged one is logged and left out,
        so that it never takes down a list others read."""
        try:
            return await self.get(game_id, key)
        except StoreError as err:
            LOG.warning("the lobby leaves out %s", err)
            return None
        except (GameNotFound, Full, TooMany):
            return None

    async def rematch(self, game_id: str, tokens: list[str]) -> tuple[GameSession, dict[str, str]]:
        """The same settings with new dice. A game with people is rematched only by one of
        them (a seat token of the old game): every seat of the old game is kept for whoever
        held it, with the same token, and the caller gets back the tokens it holds."""
        old = await self.get(game_id)
        if not old.state.is_over:
            raise saying(Conflict, said("game {game} is not over yet", game=game_id))
        mine = {t: colour for t in tokens if (colour := old.owners.get(token_hash(t)))}
        if old.owners and not mine:
            raise saying(Forbidden, said(
                "game {game}'s rematch is for its players: send a seat token you hold in it",
                game=game_id,
            ))  # fmt: skip
        kept = {colour: t for t, colour in mine.items()}
        if old.rematch is not None:
            return await self.get(old.rematch), kept
        settings = replace(old.settings, seats=dict(old.kinds), seed=new_seed())
        hashes = {colour: digest for digest, colour in old.owners.items()}
        try:
            new, _ = await self.create(settings, settings.rules(), hashes, old.owner, game_id)
        except Conflict:  # made a moment ago, through this server or another: that one
            await old.sync.reload_seats()
            if old.rematch is None:
                raise
            return await self.get(old.rematch), kept
        old.rematch = new.id
        async with old.lock:
            old.views.stale()
            await old.broadcast(
                to_json({"type": "rematch", "id": new.id, "url": f"/game/{new.id}"})
            )
        return new, kept

    async def replay(self, game_id: str, key: str = "") -> bytes:
        """The game's every position (heavy.frames_json) as JSON: worked out in a worker
        process once per game and event count, then kept (a finished game's never change)."""
        game = await self.get(game_id, key)
        return await self._heavy_answer(game, "replay", REPLAY_SECONDS)

    async def review(self, game_id: str, key: str = "") -> bytes:
        """The finished game's review (heavy.review_json) as JSON, at most
        ``reviews_per_minute`` for one address (``key``): worked out in a worker process once
        per game, then kept. A game not over is refused (Conflict), no review counted."""
        game = await self.get(game_id, key)
        if not game.state.is_over:
            # TRANSLATORS: {game} is a game's id; a review judges every move of a whole game
            unfinished = said("game {game} is not over: only a finished game is reviewed",
                              game=game.id)  # fmt: skip
            raise saying(Conflict, unfinished)
        if key and not self.reviews.take(key):
            raise saying(TooMany, said_n(
                "at most {count} review a minute from one address: wait a little",
                "at most {count} reviews a minute from one address: wait a little",
                self.services.limits.reviews_per_minute,
            ))  # fmt: skip
        return await self._heavy_answer(game, "review", REVIEW_SECONDS)

    async def _heavy_answer(self, game: GameSession, kind: str, seconds: float) -> bytes:
        """The game's replay or review as JSON: worked out in the heavy worker once per game
        and event count, then kept (a finished game's never change)."""
        made_of = (kind, game.id, len(game.events))
        found = self.replays.get(made_of)
        if found is not None:
            return found
        frames = game.views.replay_job()
        job: FramesJob | ReviewJob = ReviewJob(frames) if kind == "review" else frames

        async def make() -> bytes:
            made: bytes = await self.heavy.run(job, seconds, game.owner)
            return made

        return await self.replays.answer(made_of, make)

    async def close(self) -> None:
        for task in self._catching_up:
            task.cancel()
        for session in self.sessions.values():
            await session.close()
        await self.services.pool.close()
        await self.heavy.close()
        await asyncio.get_running_loop().run_in_executor(None, self.calls.close)
