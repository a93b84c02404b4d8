"""What a web game's people say to each other: the names they give their seats and their chat
lines and emotes, each checked (names.py) and held to its limit by seat. A part the game's
session holds (``session.talk``), apart from its play: it reaches the game through ``Talked``;
the session hands it ``on_name`` and ``on_chat`` as protocol.py's dispatch table has them.
"""

from __future__ import annotations

import logging
from typing import Protocol

from pegrace.engine import Rules
from pegrace.errors import OptionError
from pegrace.i18n import Said, said, said_n
from pegrace.readers import loads as strict_loads
from pegrace.web.gamestore import StoreError
from pegrace.web.limits import Buckets, Fleet, Limits
from pegrace.web.names import A_CHAT_LINE, CHAT_LENGTH, checked_name, shown_text
from pegrace.web.protocol import DEFS, EMOTES, Chat, Client, Json, error_said, to_json
from pegrace.web.refusals import saying, words_of
from pegrace.web.settings import GameSettings
from pegrace.web.storecalls import StoreCalls
from pegrace.web.views import called

CHAT_KEPT = 50  # chat lines a game keeps (in memory) for those who join later
LOG = logging.getLogger("pegrace.web")


class Talked(Protocol):
    """What the talk reads of its game, and the game's messages to its clients."""

    @property
    def id(self) -> str: ...
    @property
    def settings(self) -> GameSettings: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def names(self) -> dict[str, str]: ...  # colour -> name, updated here
    @property
    def clients(self) -> dict[Client, tuple[str, ...]]: ...

    async def error(self, client: Client, message: Said | str) -> None: ...

    async def broadcast(self, text: str) -> None: ...

    async def seats_changed(self) -> None: ...


def counted_as(client: Client, colours: tuple[str, ...]) -> str:
    """Who a limit counts: the seat, however many sockets it has, or a watcher's address
    (reconnecting does not start afresh)."""
    return f"seat {colours[0]}" if colours else f"watcher {client.key}"


class GameTalk:
    """A game's names and chat: its chat lines kept (``chat``), the limits by seat."""

    def __init__(self, game: Talked, calls: StoreCalls, limits: Limits, fleet: Fleet) -> None:
        self.game = game
        self.calls = calls
        self.limits = limits
        self.chat: list[Json] = []  # the newest chat lines and emotes, oldest first
        self._chat_heard = 0  # the number of the newest chat line read from the store
        self._chats = Buckets.per_minute(limits.chats_per_minute, 256, fleet)
        self._names = Buckets.per_minute(limits.names_per_minute, 64, fleet)

    async def on_name(self, client: Client, name: object) -> None:
        """The name a seat's person gives (for every seat they hold), kept with the game."""
        colours = self.game.clients[client]
        if not colours:
            watching = said("you are watching this game: only a seat's player has a name here")
            await self.game.error(client, watching)
            return
        others = [c for c in self.game.rules.all_colours if c not in colours]
        others += [n for c, n in self.game.names.items() if c not in colours]
        try:
            cleaned = checked_name(name, own=colours, others=others)
        except OptionError as err:
            await self.game.error(client, words_of(err))
            return
        if all(self.game.names.get(colour) == cleaned for colour in colours):
            return  # nothing changed: nothing to store or tell
        if not self._names.take(colours[0]):
            most = self.limits.names_per_minute
            too_many = said_n(
                "slow down: a seat may change its name at most {count} time a minute",
                "slow down: a seat may change its name at most {count} times a minute",
                most,
            )
            await self.game.error(client, too_many)
            return
        try:
            await self.calls.run(self.calls.store.set_names, self.game.id, colours, cleaned)
        except StoreError as err:
            await self.game.error(client, said("could not store the name: {problem}",
                                          problem=words_of(err)))  # fmt: skip
            return
        self.game.names.update(dict.fromkeys(colours, cleaned))
        await self.game.seats_changed()

    async def on_chat(self, client: Client, message: Chat) -> None:
        """A chat line (``text``) or one of the ``EMOTES`` (``emote``), to everyone."""
        colours = self.game.clients[client]
        try:
            line = self._chat_line(colours, message)
        except OptionError as err:
            await self.game.error(client, words_of(err))
            return
        if not self._chats.take(counted_as(client, colours)):
            most = self.limits.chats_per_minute
            too_many = said_n(
                "slow down: at most {count} chat line a minute",
                "slow down: at most {count} chat lines a minute",
                most,
            )
            await self.game.error(client, too_many)
            return
        await self.hear_chat(line)
        try:
            await self.calls.run(self.calls.store.announce_chat, self.game.id, to_json(line))
        except StoreError as err:  # said here; the other servers' watchers miss it
            LOG.warning(
                "game %s: a chat line is not told to the other servers (%s)", self.game.id, err
            )

    async def hear_stored_chat(self, number: int) -> None:
        """A chat line another server kept in the store (notices.py), read from it: a notice
        names the line, so one forged by whoever may notify says nothing of its own."""
        try:
            text = await self.calls.run(self.calls.store.chat_line, self.game.id, number)
        except StoreError as err:
            LOG.warning("game %s: chat line %d cannot be read (%s)", self.game.id, number, err)
            return
        line = stored_chat(text)
        if line is None or number <= self._chat_heard:
            return
        self._chat_heard = number
        await self.hear_chat(line)

    async def hear_chat(self, line: Json) -> None:
        """A chat line said here, or through another server on the store (notices.py)."""
        self.chat = [*self.chat[-(CHAT_KEPT - 1) :], line]
        await self.game.broadcast(to_json({"type": "chat", **line}))

    def _chat_line(self, colours: tuple[str, ...], message: Chat) -> Json:
        if not colours and not self.game.settings.watcher_chat:
            refused = said("watchers cannot chat in this game (its host said so)")
            raise saying(OptionError, refused)
        # who said it, in English: a chat line is kept as said, for every server and language
        # (the page says a seat's colour and "a watcher" in its own)
        who = {
            "colour": colours[0] if colours else None,
            "from": str(called(self.game.names, colours[0])) if colours else "a watcher",
        }
        fields = DEFS["Chat"]["properties"]
        if "emote" in message:
            if message["emote"] not in EMOTES:
                raise saying(OptionError, error_said(fields["emote"], message["emote"]))
            return {**who, "emote": message["emote"], "text": None}
        text = message.get("text")
        if not isinstance(text, str) or not text.strip():
            raise saying(OptionError, error_said(fields["text"], text))
        return {**who, "emote": None, "text": shown_text(text, A_CHAT_LINE, CHAT_LENGTH)}


def stored_chat(text: str | None) -> Json | None:
    """A chat line as another server kept it, if it has the shape this server makes (a line
    that does not, from a damaged row or another program, is left unsaid)."""
    try:
        line = strict_loads(text or "")
    except (TypeError, ValueError):
        return None
    if not isinstance(line, dict) or set(line) != {"colour", "from", "emote", "text"}:
        return None
    if not all(v is None or isinstance(v, str) for v in line.values()):
        return None
    if line["emote"] is not None:
        return line if line["emote"] in EMOTES and line["text"] is None else None
    try:
        line["text"] = shown_text(line["text"] or "", A_CHAT_LINE, CHAT_LENGTH)
    except OptionError:
        return None
    return line
