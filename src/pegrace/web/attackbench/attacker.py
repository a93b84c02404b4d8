"""The attack benchmark's attacker: the process that runs one attack (``python -m
pegrace.web.attackbench``, __main__.py), driven through its standard input and answering on
its standard output, and Attacker, its handle on the benchmark's side. A process of its own, so
that the attack's own work does not slow the victims it is measured by."""

from __future__ import annotations

import asyncio
import contextlib
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import orjson

from pegrace.errors import PegraceError, saying
from pegrace.i18n import Said, said
from pegrace.web.attackbench.attack import Attack
from pegrace.web.attackbench.floods import (
    CodesAttack,
    ComputersAttack,
    HeavyManyAttack,
    MineFloodAttack,
    NamesAttack,
    QrAttack,
    QueueAttack,
    ReplayAttack,
    WatchedComputersAttack,
)
from pegrace.web.attackbench.holding import IdleAttack, SlowBodyAttack, SlowlorisAttack
from pegrace.web.attackbench.identity import MailAttack, ProfilesAttack, SigninAttack
from pegrace.web.loadbench import die_with_parent, run_loop, signals_held

ATTACK_CLASSES: dict[str, type[Attack]] = {
    "replay": ReplayAttack,
    "qr": QrAttack,
    "computers": ComputersAttack,
    "computers-watched": WatchedComputersAttack,
    "names": NamesAttack,
    "idle": IdleAttack,
    "slowloris": SlowlorisAttack,
    "slow-body": SlowBodyAttack,
    "heavy-many": HeavyManyAttack,
    "heavy-network": HeavyManyAttack,  # the same games; the server counts a /24 as one network
    "mine-flood": MineFloodAttack,
    "codes": CodesAttack,
    "queue": QueueAttack,
    "profiles": ProfilesAttack,
    "signin": SigninAttack,
    "mail": MailAttack,
}


def raise_open_files_limit() -> int:
    """Raise this process's soft limit on open files to its hard limit; the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:
        hard = max(soft, 1 << 20)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def say(message: dict[str, Any]) -> None:
    sys.stdout.write(orjson.dumps(message).decode() + "\n")
    sys.stdout.flush()


async def attacker(name: str, ports: list[int], seed: int, connections: int, local: str) -> None:
    """The attacker process's work: set up, say ready, attack from ``go`` until ``stop`` (or
    the end of its input), then say what it achieved."""
    loop = asyncio.get_running_loop()
    control = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(control), sys.stdin)
    attack = ATTACK_CLASSES[name](ports, seed, connections, local)
    await attack.setup()
    say({"ready": True})
    if (await control.readline()).strip() != b"go":
        return
    say({"going": True})
    cpu, start = own_cpu(), time.perf_counter()
    running = asyncio.create_task(attack.run())
    stopped = asyncio.create_task(control.readline())
    await asyncio.wait({running, stopped}, return_when=asyncio.FIRST_COMPLETED)
    running.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        try:
            await running
        except Exception as err:
            attack.counts.errors[f"attack failed: {type(err).__name__}: {err}"[:120]] += 1
    elapsed = time.perf_counter() - start
    result = attack.result()
    attack.close()
    result.update(seconds=round(elapsed, 2), cpu_seconds=round(own_cpu() - cpu, 1))
    say({"result": result})
    stopped.cancel()


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def attacker_main(argv: list[str]) -> int:
    """``python -m pegrace.web.attackbench NAME PORT[,PORT...] SEED CONNECTIONS ADDRESS``."""
    name, ports, seed, connections, local = argv
    die_with_parent()
    raise_open_files_limit()
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C reaches the whole process group
        numbers = [int(port) for port in ports.split(",")]
        run_loop(attacker(name, numbers, int(seed), int(connections), local))
    return 0


class Attacker:
    """The attacker process, seen from the benchmark."""

    def __init__(
        self, name: str, ports: list[int], seed: int, connections: int, local: str, log: Path
    ) -> None:
        command = [
            sys.executable,
            "-m",
            "pegrace.web.attackbench",
            name,
            ",".join(map(str, ports)),
            str(seed),
            str(connections),
            local,
        ]
        self.log = log
        with log.open("wb") as errors:
            self.process = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors
            )
        self.lines: asyncio.StreamReader | None = None
        self.pipe: asyncio.BaseTransport | None = None  # its standard output, read by the loop

    async def expect(self, key: str, seconds: float) -> Any:
        """The attacker's next message, which must be ``key``."""
        if self.lines is None:
            self.lines = asyncio.StreamReader(limit=1 << 20)
            assert self.process.stdout is not None
            lines = self.lines
            self.pipe, _ = await asyncio.get_running_loop().connect_read_pipe(
                lambda: asyncio.StreamReaderProtocol(lines), self.process.stdout
            )
        try:
            async with asyncio.timeout(seconds):
                line = await self.lines.readline()
        except TimeoutError:
            # TRANSLATORS: {key} is a word of the attacker's messages, quoted, kept as it is;
            # {seconds} a number of seconds ("s")
            silent = said(
                "the attacker did not say {key} within {seconds} s",
                key=repr(key),
                seconds=round(seconds, 3),
            )
            raise saying(PegraceError, silent) from None
        message = orjson.loads(line) if line.strip() else {}
        if key not in message:
            raise saying(PegraceError, self._stopped(key))
        return message[key]

    def _stopped(self, key: str) -> Said:
        """The attacker stopped before saying ``key``: the end of its log, if any."""
        problem = self.log.read_text(errors="replace").strip()[-2000:]
        if not problem:
            # TRANSLATORS: {key} is a word of the attacker's messages, quoted, kept as it is
            return said("the attacker stopped before {key}: no output", key=repr(key))
        # TRANSLATORS: {output} is the end of the attacker's output (in English)
        return said("the attacker stopped before {key}: {output}", key=repr(key), output=problem)

    def unlisten(self) -> None:
        """Stop reading its output: in the loop that reads it, before that loop closes."""
        if self.pipe is not None:
            self.pipe.close()
            self.pipe = None

    def tell(self, word: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(word.encode() + b"\n")
        self.process.stdin.flush()

    def stop(self) -> None:
        """End its input (it stops and goes), then kill it if it has not gone within 5 s."""
        process = self.process
        with signals_held():
            with contextlib.suppress(OSError):
                if process.stdin is not None:
                    process.stdin.close()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            if process.stdout is not None:
                process.stdout.close()
