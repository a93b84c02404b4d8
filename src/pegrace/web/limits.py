"""What one client may ask of the server, and the counters that hold it to that.

A public server meets clients that flood it, never read, or ask for seconds of computing at a
time. Every limit here has a default fit for a table of friends and a busy public server
alike (docs/web-public.md lists them); `pegrace serve --limit NAME=VALUE` changes one.

A limit is counted by an identity a client cannot multiply cheaply: its address (an IPv6
address by its /64, the block one subscriber is given), or within a game its seat; never by
socket, since opening another socket costs nothing. What one subscriber could still take
whole by many /64s (the live games) is counted by its network too: an IPv6 /56, the block
many providers give one subscriber, and on request an IPv4 /24.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any

from pegrace.errors import OptionError, saying
from pegrace.i18n import said


@dataclass(frozen=True)
class Limits:
    body_bytes: int = 64 * 1024  # an HTTP request body
    games_per_minute: int = 30  # games one address may create (rematches included)
    requests_per_second: float = 100.0  # an address's HTTP requests past its burst: more wait
    request_burst: int = 400  # requests one address may send at once (some pages at a time)
    connections: int = 4000  # open connections in all (HTTP and WebSockets)
    connections_per_address: int = 64  # open connections one address may hold
    sockets: int = 3000  # open WebSockets in all
    sockets_per_address: int = 32  # WebSockets one address may hold open
    request_seconds: float = 10.0  # to send a request's headers
    body_seconds: float = 10.0  # a request body's grace: past it, it must keep up body_rate
    body_rate: float = 500.0  # bytes a second a body must average past its grace (0: none)
    messages_per_second: float = 50.0  # a WebSocket's sustained rate (twice that in a burst)
    outbox_bytes: int = 1024 * 1024  # messages sent to a client but not yet taken by it
    live_games: int = 2000  # games kept in memory; idle ones are unloaded past this
    live_games_per_network: int = 500  # of them, those one network's clients made
    network_ipv6_bits: int = 56  # a network, for the limits counted by network: a /56
    network_ipv4_bits: int = 32  # and an IPv4 address alone (24: its /24)
    loads_per_minute: int = 30  # games one address may have loaded from the store (all at once)
    winprob_per_minute: int = 6  # new win-chance estimates one seat may start
    chats_per_minute: int = 12  # chat lines and emotes one seat (or watching address) may send
    names_per_minute: int = 4  # names one seat may give itself
    hellos_per_minute: int = 60  # hellos one address may send to one game
    replays_per_minute: int = 20  # replays of games one address may fetch
    reviews_per_minute: int = 10  # after-game reviews one address may fetch
    qr_per_minute: int = 20  # QR codes one address may ask for
    queue_joins_per_minute: int = 12  # places in the queues one address may take (all at once)
    queue_tickets_per_address: int = 2  # places one address may hold at once, seated ones apart
    codes_per_minute: int = 30  # room codes one address may look up, right or wrong (all at once)
    profiles_per_minute: int = 20  # steps of making a profile one address may take (two each)
    signins_per_minute: int = 30  # steps of signing in one address may take (two a passkey's)
    players_per_minute: int = 60  # players' pages and leaderboards one address may read
    turn_hour: float = 3600.0  # seconds in an hour of a turn-based game's clock (tests: fewer)
    move_seconds: float = 10.0  # a computer player's time for one decision, its wait included
    advice_seconds: float = 60.0  # the time for one hint or win-chance estimate
    worker_share: float = 0.5  # of the workers, the most one address's games may hold at once
    workers: int = 0  # processes that think for computer seats and advice (0: one per core)
    light_workers: int = 1  # of them, those heavy work (searches, playouts) may never hold

    @classmethod
    def parse(cls, items: list[str]) -> Limits:
        """Limits from ``NAME=VALUE`` items (repeated, or separated by commas)."""
        kinds = {f.name: f.type for f in fields(cls)}
        changes: dict[str, Any] = {}
        for part in (p for item in items for p in item.split(",") if p.strip()):
            name, eq, text = (s.strip() for s in part.partition("="))
            if not eq or name not in kinds:
                # TRANSLATORS: {item} is what was typed, quoted; NAME=VALUE and the {names}
                # are kept as they are
                unknown = said(
                    "--limit {item}: write NAME=VALUE with NAME one of {names}",
                    item=repr(part),
                    names=", ".join(kinds),
                )
                raise saying(OptionError, unknown)
            changes[name] = _number(part, text, int if kinds[name] == "int" else float)
        if "worker_share" in changes and not 0 < changes["worker_share"] <= 1:
            # TRANSLATORS: {share} is the value as given (kept as it is, like the option)
            share = said(
                "--limit worker_share={share}: a share of the workers, more than 0 and at most 1",
                share=format(changes["worker_share"], "g"),
            )
            raise saying(OptionError, share)
        for name, most in PREFIX_BITS.items():
            if name in changes and changes[name] > most:
                # TRANSLATORS: {name}={value} is the limit as given, kept as it is; {most} a
                # number of bits
                wide = said(
                    "--limit {name}={value}: a network's prefix, 0 to {most} bits",
                    name=name,
                    value=str(changes[name]),
                    most=most,
                )
                raise saying(OptionError, wide)
        return replace(cls(), **changes)

    def network_key(self, key: str) -> str:
        """The network of an address's ``key`` (address_key's): its IPv6 /64's
        /``network_ipv6_bits``, its IPv4 address's /``network_ipv4_bits``; another key is a
        network of its own."""
        try:
            network = ipaddress.ip_network(key, strict=False)
        except ValueError:
            return key
        bits = self.network_ipv6_bits if network.version == 6 else self.network_ipv4_bits
        return str(network.supernet(new_prefix=min(bits, network.prefixlen)))


# the limits that are a network's prefix length, and their longest: an IPv6 network is never
# narrower than the /64 that address_key counts as one client
PREFIX_BITS = {"network_ipv6_bits": 64, "network_ipv4_bits": 32}


def _number(part: str, text: str, kind: type[int] | type[float]) -> int | float:
    try:
        value = kind(text)
    except ValueError:
        if kind is int:
            # TRANSLATORS: {item} is what was typed and {value} its value, each quoted
            wrong = said(
                "--limit {item}: {value} is not a whole number", item=repr(part), value=repr(text)
            )
        else:
            # TRANSLATORS: {item} is what was typed and {value} its value, each quoted
            wrong = said(
                "--limit {item}: {value} is not a number", item=repr(part), value=repr(text)
            )
        raise saying(OptionError, wrong) from None
    if not (math.isfinite(value) and 0 <= value < 1e9):
        # TRANSLATORS: {item} is what was typed, quoted; {most} a number
        large = said(
            "--limit {item}: give a number from 0 to {most}", item=repr(part), most=999999999
        )
        raise saying(OptionError, large)
    return value


def address_key(host: str) -> str:
    """Who a client is, for the limits: its IPv4 address, or its IPv6 address's /64 (one
    subscriber is given a whole /64, so counting single IPv6 addresses would let one person
    count as millions). An IPv4 address written as IPv6 (``::ffff:1.2.3.4``) is IPv4."""
    try:
        address = ipaddress.ip_address(host.strip("[]").split("%")[0])
    except ValueError:
        return host  # a Unix socket's path, or "unknown": one identity each
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class TokenBucket:
    """At most ``rate`` events a second on average, ``burst`` at once."""

    __slots__ = ("burst", "rate", "tokens", "when")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.when = burst, time.monotonic()

    def take(self, cost: float = 1.0) -> bool:
        """Spend ``cost`` tokens if there are as many; False when the rate is exceeded."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        if self.tokens < cost:
            return False
        self.tokens -= cost
        return True

    def give_back(self, cost: float = 1.0) -> None:
        """Return the tokens taken for what turned out to cost nothing."""
        self.tokens = min(self.burst, self.tokens + cost)


class Buckets:
    """A token bucket for each key (an address, a seat), at most ``keep`` of them: past that
    the one used longest ago goes (its owner has been quiet longest, so its bucket is the most
    likely to be full again, as a new one would be). Never all at once: rotating through
    many keys must not hand everyone else a full bucket."""

    def __init__(
        self, rate: float, burst: float, keep: int = 10_000, fleet: Fleet | None = None
    ) -> None:
        self.rate, self.burst, self.keep = rate, burst, keep
        self.fleet = fleet or Fleet()
        self.buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    @classmethod
    def per_minute(cls, count: float, keep: int = 10_000, fleet: Fleet | None = None) -> Buckets:
        """``count`` a minute, a quarter of them (at least one) at once."""
        return cls(count / 60, max(1.0, count / 4), keep, fleet)

    def bucket(self, key: str) -> TokenBucket:
        bucket = self.buckets.get(key)
        if bucket is None:
            while len(self.buckets) >= self.keep:
                self.buckets.popitem(last=False)
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst)
        else:
            self.buckets.move_to_end(key)
        return bucket

    def take(self, key: str) -> bool:
        return self.bucket(key).take(self.fleet.cost(self.burst))

    def give_back(self, key: str) -> None:
        self.bucket(key).give_back(self.fleet.cost(self.burst))


class Pace:
    """Requests from each key (an address) at ``rate`` a second past a ``burst``: a request
    beyond them waits its turn rather than being refused (nginx's ``limit_req`` with
    ``delay``). A client that floods keeps waiting for its answers instead of keeping the
    event loop busy with refusals; one that would wait past ``longest`` is refused at once
    (only a proxy's many connections can queue that much, and the proxy should limit them).
    The bucket runs into debt: a request's wait is the debt it leaves, in seconds of rate."""

    def __init__(
        self,
        rate: float,
        burst: float,
        longest: float,
        keep: int = 10_000,
        fleet: Fleet | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate, self.burst, self.longest, self.keep = rate, burst, longest, keep
        self.fleet, self.clock = fleet or Fleet(), clock
        self.keys: OrderedDict[str, tuple[float, float]] = OrderedDict()  # key: tokens, when

    def wait(self, key: str) -> float | None:
        """The seconds a request from ``key`` waits before it is served (0: at once), its turn
        taken; None: it would wait past ``longest``, and takes nothing."""
        if self.rate <= 0:
            return 0.0
        now = self.clock()
        tokens, when = self.keys.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - when) * self.rate) - self.fleet.cost(self.burst)
        wait = max(0.0, -tokens / self.rate)
        if wait > self.longest:
            tokens += self.fleet.cost(self.burst)
        while len(self.keys) >= self.keep:
            self.keys.popitem(last=False)
        self.keys[key] = (tokens, now)
        return None if wait > self.longest else wait


class Fleet:
    """The servers that share one deployment's limits (several servers on one store): each
    server counts what a client asks of it as ``servers`` asks (but never more than a
    bucket's burst, so that one ask always fits), so that spreading its requests over every
    server gains a client nothing. ``servers`` is kept up to date by the hub, from the
    store."""

    def __init__(self) -> None:
        self.servers = 1

    def cost(self, burst: float) -> float:
        return min(float(self.servers), burst)
