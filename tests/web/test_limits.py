"""The limits' counters: who a client is (an IPv6 address by its /64) and its network (an
IPv6 /56), token buckets, and a bucket per key that forgets the key used longest ago, never
all of them at once."""

from __future__ import annotations

import pytest

from pegrace.errors import OptionError
from pegrace.web.limits import Buckets, Fleet, Limits, Pace, address_key


@pytest.mark.parametrize(
    ("host", "key"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
        ("[2001:db8:1:2::9]", "2001:db8:1:2::/64"),
        ("fe80::1%eth0", "fe80::/64"),
        ("::ffff:203.0.113.7", "203.0.113.7"),
        ("unknown", "unknown"),
    ],
)
def test_a_client_is_its_ipv4_address_or_its_ipv6_64(host: str, key: str) -> None:
    assert address_key(host) == key


@pytest.mark.parametrize(
    ("host", "network", "with_ipv4_24"),
    [
        ("203.0.113.7", "203.0.113.7/32", "203.0.113.0/24"),
        ("2001:db8:1:2::1", "2001:db8:1::/56", "2001:db8:1::/56"),
        ("2001:db8:1:ff:ffff::1", "2001:db8:1::/56", "2001:db8:1::/56"),
        ("2001:db8:1:100::1", "2001:db8:1:100::/56", "2001:db8:1:100::/56"),
        ("unknown", "unknown", "unknown"),
    ],
)
def test_a_network_is_an_ipv6_56_and_on_request_an_ipv4_24(
    host: str, network: str, with_ipv4_24: str
) -> None:
    key = address_key(host)
    assert Limits().network_key(key) == network
    assert Limits(network_ipv4_bits=24).network_key(key) == with_ipv4_24


def test_rotating_through_many_keys_resets_nobody_else() -> None:
    """Past ``keep`` keys, the one used longest ago goes: an attacker's new keys never hand
    a key in use (its bucket empty) a fresh, full bucket."""
    buckets = Buckets(rate=0.0001, burst=2, keep=100)
    assert buckets.take("victim") and buckets.take("victim") and not buckets.take("victim")
    for n in range(99):
        buckets.take(f"attacker {n}")
    assert not buckets.take("victim")  # used again: now the newest
    for n in range(99, 198):
        buckets.take(f"attacker {n}")  # each evicts the oldest attacker, not the victim
    assert len(buckets.buckets) == 100
    assert not buckets.take("victim")  # still counted, still empty


def test_a_limit_is_a_finite_number_in_range() -> None:
    for bad in (
        "move_seconds=nan",
        "move_seconds=inf",
        "games_per_minute=-1",
        "worker_share=0",
        "worker_share=1.5",
        "sockets=1e12",
        "network_ipv6_bits=65",
        "network_ipv4_bits=33",
        "body_rate=inf",
    ):
        with pytest.raises(OptionError, match="--limit"):
            Limits.parse([bad])
    assert Limits.parse(["worker_share=0.25,connections=100"]) == Limits(
        worker_share=0.25, connections=100
    )


def test_each_server_of_several_allows_its_share_of_a_limit() -> None:
    fleet = Fleet()
    alone, shared = Buckets(0.0, 6.0), Buckets(0.0, 6.0, fleet=fleet)
    fleet.servers = 2
    assert sum(alone.take("a") for _ in range(10)) == 6
    assert sum(shared.take("a") for _ in range(10)) == 3  # and 3 through the other server
    fleet.servers = 10  # more servers than the burst: one ask a burst still fits
    assert sum(shared.take("b") for _ in range(10)) == 1
    shared.give_back("b")  # what cost nothing is given back whole, at the same price
    assert sum(shared.take("b") for _ in range(10)) == 1


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_requests_past_the_burst_wait_their_turn_at_the_rate() -> None:
    clock = Clock()
    pace = Pace(rate=10, burst=3, longest=2.0, clock=clock)
    waits = [pace.wait("203.0.113.7") for _ in range(6)]
    assert waits == pytest.approx([0, 0, 0, 0.1, 0.2, 0.3])
    assert pace.wait("198.51.100.1") == 0  # another address has a burst of its own
    clock.now += 0.3  # the three waiting were served; the address is back at an empty burst
    assert pace.wait("203.0.113.7") == pytest.approx(0.1)
    clock.now += 10
    assert [pace.wait("203.0.113.7") for _ in range(4)] == pytest.approx([0, 0, 0, 0.1])


def test_a_request_that_would_wait_too_long_is_refused_and_takes_no_turn() -> None:
    clock = Clock()
    pace = Pace(rate=10, burst=1, longest=0.25, clock=clock)
    assert [pace.wait("a") for _ in range(4)] == pytest.approx([0, 0.1, 0.2, None])
    assert pace.wait("a") is None
    clock.now += 0.1
    assert pace.wait("a") == pytest.approx(0.2)  # the refused took nothing from the rate


def test_no_pace_at_rate_zero_and_servers_of_a_fleet_share_the_rate() -> None:
    assert {Pace(rate=0, burst=0, longest=1).wait("a") for _ in range(1000)} == {0.0}
    fleet = Fleet()
    fleet.servers = 2
    pace = Pace(rate=10, burst=4, longest=2.0, fleet=fleet, clock=Clock())
    assert [pace.wait("a") for _ in range(3)] == pytest.approx([0, 0, 0.2])


def test_the_pace_forgets_the_key_heard_from_longest_ago() -> None:
    clock = Clock()
    pace = Pace(rate=1, burst=1, longest=5.0, keep=2, clock=clock)
    assert [pace.wait(key) for key in "aab"] == pytest.approx([0, 1, 0])
    pace.wait("c")  # "a" goes: it comes back with a full burst
    assert pace.wait("a") == 0
