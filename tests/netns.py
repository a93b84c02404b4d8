"""Two "hosts" on this machine for the tests: network namespaces ``a`` and ``b`` linked by a
veth pair (a 10.77.0.1, b 10.77.0.2), each also linked to the tests' own namespace (a is
10.78.1.2 from here, b 10.78.2.2), made with Debian's iproute2 and removed at the end. It
needs root, as CI has."""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass

LINK = "10.77.0"  # between a and b
A_HERE, B_HERE = "10.78.1", "10.78.2"  # between the tests and a, and b


@dataclass(frozen=True)
class Hosts:
    a: str  # the namespaces' names
    b: str
    a_to_b: str = f"{LINK}.1"  # a's address on the link between them
    b_to_a: str = f"{LINK}.2"
    a_here: str = f"{A_HERE}.2"  # a's and b's addresses from the tests' namespace
    b_here: str = f"{B_HERE}.2"

    def inside(self, name: str) -> tuple[str, ...]:
        """The prefix that runs a command in namespace ``name``."""
        return ("ip", "netns", "exec", name)


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=30)


@contextlib.contextmanager
def hosts() -> Iterator[Hosts]:
    tag = f"pg{os.getpid() % 100000}"
    made = Hosts(f"{tag}a", f"{tag}b")
    veths = [f"{tag}ab", f"{tag}ta", f"{tag}tb"]
    try:
        for name in (made.a, made.b):
            ip("netns", "add", name)
            ip("-n", name, "link", "set", "lo", "up")
        link(f"{tag}ab", made.a, f"{LINK}.1", f"{tag}ba", made.b, f"{LINK}.2")
        link(f"{tag}ta", None, f"{A_HERE}.1", f"{tag}at", made.a, f"{A_HERE}.2")
        link(f"{tag}tb", None, f"{B_HERE}.1", f"{tag}bt", made.b, f"{B_HERE}.2")
        yield made
    finally:
        for veth in veths:
            with contextlib.suppress(subprocess.CalledProcessError):
                ip("link", "del", veth)
        for name in (made.a, made.b):
            with contextlib.suppress(subprocess.CalledProcessError):
                ip("netns", "del", name)


def link(one: str, one_ns: str | None, one_ip: str, two: str, two_ns: str, two_ip: str) -> None:
    """A veth pair ``one``-``two``, each end in its namespace (None: the tests') with its
    address (a /24)."""
    ip("link", "add", one, "type", "veth", "peer", "name", two)
    for end, namespace, address in ((one, one_ns, one_ip), (two, two_ns, two_ip)):
        prefix = ("-n", namespace) if namespace else ()
        if namespace:
            ip("link", "set", end, "netns", namespace)
        ip(*prefix, "addr", "add", f"{address}/24", "dev", end)
        ip(*prefix, "link", "set", end, "up")
