"""What one client may ask of the server, and the counters that hold it to that.

A public server meets clients that flood it, never read, or ask for seconds of computing at a
time. Every limit here has a default fit for a table of friends and a busy public server
alike (docs/web.md lists them); `pegrace serve --limit NAME=VALUE` changes one.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, fields, replace
from typing import Any

from pegrace.errors import OptionError


@dataclass(frozen=True)
class Limits:
    body_bytes: int = 64 * 1024  # an HTTP request body
    games_per_minute: int = 30  # games one address may create (rematches included)
    sockets_per_address: int = 32  # WebSockets one address may hold open
    messages_per_second: float = 50.0  # a WebSocket's sustained rate (twice that in a burst)
    outbox_bytes: int = 1024 * 1024  # messages sent to a client but not yet taken by it
    live_games: int = 2000  # games kept in memory; idle ones are unloaded past this
    winprob_per_minute: int = 6  # new win-chance estimates one connection may start
    chats_per_minute: int = 12  # chat lines and emotes one connection may send
    move_seconds: float = 10.0  # a computer player's time for one decision
    advice_seconds: float = 60.0  # the time for one hint or win-chance estimate
    workers: int = 0  # processes that think for computer seats and advice (0: one per core)

    @classmethod
    def parse(cls, items: list[str]) -> Limits:
        """Limits from ``NAME=VALUE`` items (repeated, or separated by commas)."""
        kinds = {f.name: f.type for f in fields(cls)}
        changes: dict[str, Any] = {}
        for part in (p for item in items for p in item.split(",") if p.strip()):
            name, eq, text = (s.strip() for s in part.partition("="))
            if not eq or name not in kinds:
                raise OptionError(f"--limit {part!r}: write NAME=VALUE with NAME one of "
                                  f"{', '.join(kinds)}")  # fmt: skip
            changes[name] = _number(part, text, int if kinds[name] == "int" else float)
        return replace(cls(), **changes)


def _number(part: str, text: str, kind: type[int] | type[float]) -> int | float:
    try:
        value = kind(text)
    except ValueError:
        what = "a whole number" if kind is int else "a number"
        raise OptionError(f"--limit {part!r}: {text!r} is not {what}") from None
    if not 0 <= value < 1e9:
        raise OptionError(f"--limit {part!r}: give a number from 0 to 999999999")
    return value


class TokenBucket:
    """At most ``rate`` events a second on average, ``burst`` at once."""

    __slots__ = ("burst", "rate", "tokens", "when")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.when = burst, time.monotonic()

    def take(self) -> bool:
        """Spend one token if there is one; False when the rate is exceeded."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class PerAddress:
    """A token bucket for each client address, forgetting addresses that have gone quiet."""

    def __init__(self, rate: float, burst: float, keep: int = 10_000) -> None:
        self.rate, self.burst, self.keep = rate, burst, keep
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, address: str) -> bool:
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= self.keep:
                self.buckets.clear()  # many addresses: start afresh rather than grow
            bucket = self.buckets[address] = TokenBucket(self.rate, self.burst)
        return bucket.take()
