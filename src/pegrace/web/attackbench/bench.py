"""The attack benchmark's run: for each attack a throw-away server, victims playing through
the three phases (quiet, attack, after), the attacker process set going in the middle one, and
the figures of each phase (report.py); progress on stderr as it goes."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import math
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from pegrace.errors import OptionError
from pegrace.web.attackbench.attack import SETUP_SECONDS
from pegrace.web.attackbench.attacker import Attacker
from pegrace.web.attackbench.report import (
    ANSWER_TARGET,
    COMPUTER_TARGET,
    Phase,
    ms,
    phase_report,
)
from pegrace.web.attackbench.victims import PACE, VICTIM_COMPUTER, VICTIM_TABLES, Victims
from pegrace.web.attacks import ATTACKS
from pegrace.web.loadbench import HOST, run_loop, start_server, stop_server, wait_until_up
from pegrace.web.procstat import tree_cpu_seconds
from pegrace.web.server import free_port

VICTIM_ADDRESS = "127.0.0.2"
ATTACKER_ADDRESS = "127.0.0.3"
GRACE_SECONDS = 10.0  # after the last phase: victims' answers still awaited this long
DEFAULT_CONNECTIONS = 5000


def usable_address(address: str) -> str:
    """``address`` if a socket can be bound to it here, else 127.0.0.1."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.bind((address, 0))
    except OSError:
        return HOST
    return address


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
    server_pid: int,
    attacker: Attacker,
    seconds: float,
    seed: int,
    victim_address: str,
    progress: Progress,
) -> dict[str, Any]:
    """Victims played through the three phases, the attack in the middle one."""
    progress.say(f"{name}: the attacker sets up")
    await attacker.expect("ready", SETUP_SECONDS)
    victims = Victims(port, seed, victim_address)
    phases: list[Phase] = []
    try:
        progress.say(f"{name}: setting the victims' games up")
        await victims.start()

        async def phase(label: str) -> None:
            progress.say(f"{name}: {label} phase, {seconds:g} s")
            current = Phase(label, time.perf_counter(), cpu=tree_cpu_seconds(server_pid))
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
            current.cpu = tree_cpu_seconds(server_pid) - current.cpu
            current.fds, current.rss_mb = open_files(server_pid), rss_mb(server_pid)
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
    return {
        "attack": name,
        "what": ATTACKS[name],
        "phases": {p.name: phase_report(p, victims.tally) for p in phases},
        "attack_result": result,
        "server_open_files_limit": open_files_limit(server_pid),
        "victim_games": {
            "started": victims.tally.games_started,
            "finished": victims.tally.games_finished,
        },
    }


@contextlib.contextmanager
def throwaway_server(src: Path | None) -> Iterator[tuple[int, subprocess.Popen[bytes], Path]]:
    """`pegrace serve` (of ``src``: start_server) with the default limits on a store of its
    own, up; stopped after."""
    with tempfile.TemporaryDirectory(prefix="pegrace-attack-") as folder:
        port = free_port(HOST)
        db = Path(folder) / "games.sqlite3"
        server = start_server(port, db, limits=None, src=src)
        try:
            print(
                f"pegrace: bench-web: server pid {server.pid} on http://{HOST}:{port}/",
                file=sys.stderr,
                flush=True,
            )
            wait_until_up(server, port, db)
            yield port, server, Path(folder)
        finally:
            stop_server(server)


def bench_attack(
    attack: str,
    seconds: float,
    seed: int,
    connections: int = DEFAULT_CONNECTIONS,
    attacker_address: str = ATTACKER_ADDRESS,
    out: TextIO | None = None,
    src: Path | None = None,
) -> dict[str, Any]:
    """Run ``attack`` (or every one, ``all``) against a server of its own (of ``src``:
    start_server), from ``attacker_address`` (a loopback address); the figures."""
    if attack != "all" and attack not in ATTACKS:
        raise OptionError(f"--attack {attack!r}: one of {', '.join(ATTACKS)} or all")
    try:
        loopback = ipaddress.IPv4Address(attacker_address).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        raise OptionError(
            f"--attacker-address {attacker_address}: an IPv4 loopback address "
            "(127.x.y.z): the benchmark attacks this machine only"
        )
    names = list(ATTACKS) if attack == "all" else [attack]
    victim_address = usable_address(VICTIM_ADDRESS)
    attacker_address = usable_address(attacker_address)
    progress = Progress(out or sys.stderr)
    reports = []
    try:
        for name in names:
            with throwaway_server(src) as (port, server, folder):
                attacker = Attacker(
                    name, port, seed, connections, attacker_address, folder / "attacker.log"
                )
                try:
                    report = run_loop(
                        measure(
                            name,
                            port,
                            server.pid,
                            attacker,
                            seconds,
                            seed,
                            victim_address,
                            progress,
                        )
                    )
                finally:
                    attacker.stop()
            reports.append(report)
            progress.say(f"{name}: {'PASS' if report['phases']['attack']['pass'] else 'FAIL'}")
    finally:
        progress.done()
    return {
        "seconds_per_phase": seconds,
        "seed": seed,
        "connections": connections,
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
