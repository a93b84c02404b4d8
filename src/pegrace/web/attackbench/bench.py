"""The attack benchmark's run: for each attack a throw-away server, victims playing through
the three phases (quiet, attack, after), the attacker process set going in the middle one, and
the figures of each phase (report.py); progress on stderr as it goes."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import math
import os
import secrets
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO, TypeVar
from urllib.parse import urlsplit

from pegrace.errors import OptionError, PegraceError, saying
from pegrace.i18n import said
from pegrace.web.attackbench.attack import SETUP_SECONDS
from pegrace.web.attackbench.attacker import Attacker
from pegrace.web.attackbench.clients import usable_address
from pegrace.web.attackbench.report import (
    ANSWER_TARGET,
    COMPUTER_TARGET,
    Phase,
    ms,
    phase_report,
)
from pegrace.web.attackbench.sink import Sink, mail_sink
from pegrace.web.attackbench.victims import PACE, VICTIM_COMPUTER, VICTIM_TABLES, Victims
from pegrace.web.attacks import ATTACKS, attack_names
from pegrace.web.loadbench import run_loop, servers_up
from pegrace.web.procstat import tree_cpu_seconds
from pegrace.web.stores import is_postgres, shown

# the victims' /24 is apart from the attacker's: heavy-network counts a /24 as one network
VICTIM_ADDRESS = "127.0.1.2"
ATTACKER_ADDRESS = "127.0.0.3"
GRACE_SECONDS = 10.0  # after the last phase: victims' answers still awaited this long
DEFAULT_CONNECTIONS = 5000
N = TypeVar("N", int, float)
# the limits an attack's server runs with beyond the defaults, where the attack is what it
# is only there: a /24 counted as one network (heavy-network), a server at its cap of live
# games, which cannot keep the 12 games named loaded (mine-flood)
ATTACK_LIMITS: dict[str, tuple[str, ...]] = {
    "heavy-network": ("network_ipv4_bits=24",),
    "mine-flood": ("live_games=12",),
}


class Progress:
    """Lines on stderr: one per step, and on a terminal one rewritten in place as the
    seconds pass."""

    def __init__(self, out: TextIO) -> None:
        self.out, self.tty, self.last = out, out.isatty(), ""

    def show(self, text: str) -> None:
        """A line rewritten in place on a terminal, left out of a log."""
        if self.tty:
            self.out.write("\r" + text.ljust(len(self.last)))
            self.out.flush()
            self.last = text

    def say(self, text: str) -> None:
        self.done()
        self.out.write(text + "\n")
        self.out.flush()

    def done(self) -> None:
        if self.tty and self.last:
            self.out.write("\n")
            self.out.flush()
        self.last = ""


def open_files(pid: int) -> int | None:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return None


def rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except (OSError, ValueError):
        return None
    return None


def open_files_limit(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
            if line.startswith("Max open files"):
                return int(line.split()[3])
    except (OSError, ValueError, IndexError):
        return None
    return None


async def measure(
    name: str,
    port: int,
    server_pids: list[int],
    attacker: Attacker,
    seconds: float,
    seed: int,
    victim_address: str,
    progress: Progress,
) -> dict[str, Any]:
    """Victims played through the three phases (on the server at ``port``), the attack in
    the middle one; the servers' CPU, open files and memory summed."""
    progress.say(f"{name}: the attacker sets up")
    await attacker.expect("ready", SETUP_SECONDS)
    victims = Victims(port, seed, victim_address)
    phases: list[Phase] = []
    try:
        progress.say(f"{name}: setting the victims' games up")
        await victims.start()

        async def phase(label: str) -> None:
            progress.say(f"{name}: {label} phase, {seconds:g} s")
            current = Phase(label, time.perf_counter(), cpu=servers_cpu(server_pids))
            phases.append(current)
            for second in range(math.ceil(seconds)):
                tally = victims.tally
                answers = sum(1 for at, _ in tally.answers if at >= current.start)
                replies = sum(1 for at, _ in tally.computer if at >= current.start)
                progress.show(
                    f"{name}: {label} {second}/{seconds:g} s: victims' answers "
                    f"{answers}, computer replies {replies}"
                )
                await asyncio.sleep(min(1.0, current.start + seconds - time.perf_counter()))
            current.end = time.perf_counter()
            current.cpu = servers_cpu(server_pids) - current.cpu
            current.fds = summed(open_files(pid) for pid in server_pids)
            current.rss_mb = summed(rss_mb(pid) for pid in server_pids)
            report = phase_report(current, victims.tally)
            answers, replies = report["answers"], report["computer"]
            progress.say(
                f"{name}: {label}: victims' answers {answers['count']} (p95 "
                f"{ms(answers['p95_ms'])} ms), computer replies {replies['count']} "
                f"(p95 {ms(replies['p95_ms'])} ms), server CPU "
                f"{report['server_cpu_seconds']} s"
            )

        await phase("quiet")
        attacker.tell("go")
        await attacker.expect("going", 30)
        await phase("attack")
        attacker.tell("stop")
        result = await attacker.expect("result", 60)
        await phase("after")
        victims.stop_acting()
        progress.say(f"{name}: waiting for the victims' last answers")
        deadline = time.perf_counter() + GRACE_SECONDS
        while victims.waiting() and time.perf_counter() < deadline:
            await asyncio.sleep(0.05)
    finally:
        await victims.stop()
        attacker.unlisten()
    return {
        "attack": name,
        "what": ATTACKS[name],
        "phases": {p.name: phase_report(p, victims.tally) for p in phases},
        "attack_result": result,
        "server_open_files_limit": open_files_limit(server_pids[0]),
        "victim_games": {
            "started": victims.tally.games_started,
            "finished": victims.tally.games_finished,
        },
    }


def servers_cpu(pids: list[int]) -> float:
    """The servers' CPU seconds so far, their workers' included."""
    return sum(tree_cpu_seconds(pid) for pid in pids)


def summed(values: Iterable[N | None]) -> N | None:
    """The sum, or None if any is unknown."""
    known = list(values)
    return None if any(v is None for v in known) else sum(v for v in known if v is not None)


@contextlib.contextmanager
def throwaway_servers(
    src: Path | None, limits: str | None, store: str | None, count: int
) -> Iterator[tuple[list[int], list[int], Path]]:
    """``count`` servers (`pegrace serve` of ``src``: start_server) with the default limits
    but ``limits``, on a store of their own: a new SQLite file, or a new database on the
    PostgreSQL server of ``store`` (dropped after); up. Their ports and pids; stopped after."""
    with (
        tempfile.TemporaryDirectory(prefix="pegrace-attack-") as folder,
        database_of_its_own(store) as url,
    ):
        db = Path(folder) / "games.sqlite3"
        with servers_up(count, db, limits=limits, src=src, store=url) as (ports, pids):
            yield ports, pids, Path(folder)


@contextlib.contextmanager
def mailing(name: str) -> Iterator[Sink | None]:
    """For the mail attack, a slow mail server (sink.py) its servers mail through (their
    --smtp default, $PEGRACE_SMTP, while the block runs); none for the others."""
    if name != "mail":
        yield None
        return
    before = os.environ.get("PEGRACE_SMTP")
    with mail_sink() as (sink, url):
        os.environ["PEGRACE_SMTP"] = url
        try:
            yield sink
        finally:
            if before is None:
                os.environ.pop("PEGRACE_SMTP", None)
            else:
                os.environ["PEGRACE_SMTP"] = before


@contextlib.contextmanager
def database_of_its_own(store: str | None) -> Iterator[str | None]:
    """A new, empty database on the PostgreSQL server of ``store`` (its role may create
    one), dropped after: an attack's servers count only each other as the servers sharing
    their limits, and find none of an earlier attack's games. None where ``store`` is."""
    if store is None:
        yield None
        return
    import psycopg  # a PostgreSQL store needs it anyway

    name = f"pegrace_attack_{secrets.token_hex(6)}"
    try:
        with psycopg.connect(store, autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
    except psycopg.Error as err:
        # TRANSLATORS: {store} is a URL; {problem} PostgreSQL's words (in English)
        refused = said(
            "--store {store}: no database could be made there for an attack ({problem})",
            store=shown(store),
            problem=str(err),
        )
        raise saying(PegraceError, refused) from None
    try:
        yield urlsplit(store)._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(store, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def known_limits(src: Path | None) -> set[str]:
    """The names of the limits the server of ``src`` (else this one) knows: an earlier
    commit's may lack some an attack sets."""
    code = (
        "import dataclasses, json; from pegrace.web.limits import Limits; "
        "print(json.dumps([f.name for f in dataclasses.fields(Limits)]))"
    )
    env = None if src is None else {**os.environ, "PYTHONPATH": str(src)}
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if done.returncode:
        # TRANSLATORS: {problem} is the end of Python's error output (in English)
        unread = said(
            "the server's limits could not be read: {problem}", problem=done.stderr[-500:]
        )
        raise saying(PegraceError, unread)
    return set(json.loads(done.stdout))


def attack_limits(name: str, known: set[str]) -> tuple[list[str], list[str]]:
    """The limits ``name``'s server runs with (ATTACK_LIMITS), and those left out: unknown
    to it (an earlier commit's server)."""
    wanted = ATTACK_LIMITS.get(name, ())
    given = [item for item in wanted if item.split("=")[0] in known]
    return given, [item for item in wanted if item not in given]


def check_options(attacker_address: str, store: str | None, servers: int) -> None:
    """OptionError unless the attacker is on loopback and several servers have a PostgreSQL
    store to share."""
    try:
        loopback = ipaddress.IPv4Address(attacker_address).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        # TRANSLATORS: {address} is the address as typed; 127.x.y.z and the option kept as
        # they are
        elsewhere = said(
            "--attacker-address {address}: an IPv4 loopback address "
            "(127.x.y.z): the benchmark attacks this machine only",
            address=attacker_address,
        )
        raise saying(OptionError, elsewhere)
    if store is not None and not is_postgres(store):
        # TRANSLATORS: {store} is the store as typed; postgresql:// kept as it is
        raise saying(OptionError, said("--store {store}: not a postgresql:// URL", store=store))
    if servers > 1 and store is None:
        # TRANSLATORS: --store URL is the option to give, kept as it is
        alone = said("several servers share a PostgreSQL store only: give --store URL")
        raise saying(OptionError, alone)


def bench_attack(
    attack: str,
    seconds: float,
    seed: int,
    connections: int = DEFAULT_CONNECTIONS,
    attacker_address: str = ATTACKER_ADDRESS,
    out: TextIO | None = None,
    src: Path | None = None,
    store: str | None = None,
    servers: int = 1,
) -> dict[str, Any]:
    """Run ``attack`` (a name, several separated by commas, or ``all``: each in turn)
    against ``servers`` servers of its own (of ``src``: start_server; several on a new
    database of the PostgreSQL server ``store``), from ``attacker_address`` (a loopback
    address) spread over them in turn, the victims on the first; the figures."""
    try:
        names = attack_names(attack)
    except ValueError as err:
        # TRANSLATORS: {problem} is what is wrong with the attacks named (in English)
        raise saying(OptionError, said("--attack: {problem}", problem=str(err))) from None
    check_options(attacker_address, store, servers)
    victim_address = usable_address(VICTIM_ADDRESS)
    attacker_address = usable_address(attacker_address)
    known = known_limits(src) if any(name in ATTACK_LIMITS for name in names) else set()
    progress = Progress(out or sys.stderr)
    reports = []
    try:
        for name in names:
            given, left_out = attack_limits(name, known)
            limits = ",".join(given) or None
            with (
                mailing(name) as sink,
                throwaway_servers(src, limits, store, servers) as (ports, pids, folder),
            ):
                attacker = Attacker(
                    name, ports, seed, connections, attacker_address, folder / "attacker.log"
                )
                try:
                    report = run_loop(
                        measure(
                            name,
                            ports[0],
                            pids,
                            attacker,
                            seconds,
                            seed,
                            victim_address,
                            progress,
                        )
                    )
                finally:
                    attacker.stop()
            report.update(server_limits=given, limits_left_out=left_out)
            if sink is not None:  # what the attacker got the server to mail
                report["attack_result"].update(mails_sent=sink.messages,
                                               mailed_to=sorted(sink.recipients))  # fmt: skip
            reports.append(report)
            progress.say(f"{name}: {'PASS' if report['phases']['attack']['pass'] else 'FAIL'}")
    finally:
        progress.done()
    return {
        "seconds_per_phase": seconds,
        "seed": seed,
        "connections": connections,
        "servers": servers,
        "store": "a new SQLite file" if store is None else f"a new database on {shown(store)}",
        "targets": {
            "answer_p95_ms": ANSWER_TARGET * 1000,
            "computer_p95_ms": COMPUTER_TARGET * 1000,
        },
        "victims": {
            "address": victim_address,
            "tables": VICTIM_TABLES,
            "computer": VICTIM_COMPUTER,
            "pace_ms": [PACE[0] * 1000, PACE[1] * 1000],
            "computer_delay": 0,
        },
        "attacker_address": attacker_address,
        "attacks": reports,
        "pass": all(r["phases"]["attack"]["pass"] for r in reports),
    }
