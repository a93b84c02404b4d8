"""`pegrace bench-web --attack NAME` (pegrace.web.attackbench): a short run of a cheap attack
gives a whole report in which the attack sent requests and the victims played in every phase,
and the benchmark, stopped by SIGTERM or Ctrl-C (the attack bench and the load bench alike),
leaves no server, worker or attacker process behind. No timing target is asserted: the
benchmark is the measurement, and a test machine is too noisy for one."""

from __future__ import annotations

import json
import queue
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from pegrace.cli import main
from pegrace.web.attackbench import PHASES, format_bench_attack
from pegrace.web.attacks import ATTACKS
from pegrace.web.procstat import children, start_time

PEGRACE = str(Path(sys.executable).with_name("pegrace"))
WAIT = 120.0  # seconds: only reached when the benchmark is broken


def test_every_attack_is_explained_by_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["bench-web", "--help"])
    shown = capsys.readouterr().out
    for name in [*ATTACKS, "all"]:
        assert name in shown


def test_an_unknown_attack_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["bench-web", "--attack", "smurf"])
    assert stopped.value.code == 2
    assert "invalid choice: 'smurf'" in capsys.readouterr().err


def test_a_server_src_without_pegrace_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["bench-web", "--attack", "qr", "--server-src", str(tmp_path)]) == 2
    assert f"--server-src {tmp_path}: no pegrace package in it" in capsys.readouterr().err


def test_a_short_qr_attack_reports_every_phase() -> None:
    done = subprocess.run(
        [PEGRACE, "bench-web", "--attack", "qr", "--seconds", "2", "--json"],
        capture_output=True,
        text=True,
        timeout=WAIT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["targets"] == {"answer_p95_ms": 100, "computer_p95_ms": 2000}
    assert isinstance(report["pass"], bool)
    (attack,) = report["attacks"]
    assert attack["attack"] == "qr"
    assert list(attack["phases"]) == list(PHASES)
    for phase in attack["phases"].values():
        assert phase["answers"]["count"] > 0  # the victims played in every phase
        for times in (phase["answers"], phase["computer"]):
            assert set(times) == {"count", "median_ms", "p95_ms", "max_ms", "unanswered"}
        assert phase["server_cpu_seconds"] >= 0
        assert isinstance(phase["pass"], bool)
    assert sum(p["computer"]["count"] for p in attack["phases"].values()) > 0
    result = attack["attack_result"]
    assert result["sent"] > 0  # the attack did attack
    assert result["ok"] + result["refused"] + result["errors"] == result["sent"]
    text = format_bench_attack(report)
    assert "qr" in text and "quiet" in text and "after" in text
    assert "pegrace: bench-web: server pid" in done.stderr


def alive(pid: int, started: str | None) -> bool:
    """``pid`` still runs the process that started at ``started`` (not a zombie)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z" and start_time(pid) == started


def descendants(pid: int) -> list[tuple[int, str]]:
    found, todo = [], [pid]
    while todo:
        for child in children(todo.pop()):
            found.append(child)
            todo.append(child[0])
    return found


def lines_of(process: subprocess.Popen[str]) -> queue.Queue[str]:
    """The process's stderr, line by line, read by a thread."""
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert process.stderr is not None
        for line in process.stderr:
            lines.put(line)

    threading.Thread(target=read, daemon=True).start()
    return lines


def wait_for(lines: queue.Queue[str], text: str, seen: list[str]) -> str:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=1.0)
        except queue.Empty:
            continue
        seen.append(line)
        if text in line:
            return line
    raise AssertionError(f"no {text!r} in {''.join(seen)}")


@pytest.mark.skipif(sys.platform != "linux", reason="finds processes in /proc")
@pytest.mark.parametrize(
    ("options", "ready", "signum"),
    [
        (["--attack", "qr"], ": attack phase", signal.SIGTERM),
        (["--attack", "qr"], ": attack phase", signal.SIGINT),
        (["--games", "2"], "", signal.SIGTERM),
    ],
    ids=["attack-sigterm", "attack-ctrl-c", "load-sigterm"],
)
def test_a_stopped_benchmark_leaves_no_process_behind(
    options: list[str], ready: str, signum: signal.Signals
) -> None:
    if signum == signal.SIGINT and signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        pytest.skip("Ctrl-C is ignored here (a background job), and so in the benchmark")
    bench = subprocess.Popen(
        [PEGRACE, "bench-web", *options, "--seconds", "4" if ready else "60"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        lines, seen = lines_of(bench), []
        line = wait_for(lines, "server pid", seen)
        server, address = int(line.split()[4]), line.split()[6]
        if ready:
            wait_for(lines, ready, seen)
        else:  # the load bench: wait until its server answers
            deadline = time.monotonic() + WAIT
            while not answers(address + "api/catalog"):
                assert time.monotonic() < deadline, "the load bench's server never got going"
                time.sleep(0.2)
            time.sleep(1.0)  # and its games are being played
        helpers = descendants(bench.pid)
        assert server in [pid for pid, _ in helpers]
        if "--attack" in options:  # the attacker's process too
            assert any("attackbench" in open_cmdline(pid) for pid, _ in helpers)
        bench.send_signal(signum)
        assert bench.wait(WAIT) == 130
        left = [pid for pid, started in helpers if alive(pid, started)]
        assert not left, f"still running after {signum.name}: {left}"
    finally:
        if bench.poll() is None:
            bench.kill()
            bench.wait()
        if bench.stderr is not None:
            bench.stderr.close()


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1):
            return True
    except OSError:
        return False


def open_cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def test_the_attacker_ends_with_its_input() -> None:
    """The attacker stops when its standard input ends, so it cannot outlive the benchmark
    even where no signal reaches it (here: nothing listens on the port, so it stops at its
    setup; a qr attack has none, and waits for "go")."""
    attacker = subprocess.Popen(
        [sys.executable, "-m", "pegrace.web.attackbench", "qr", "9", "1", "10", "127.0.0.1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert attacker.stdout is not None and attacker.stdin is not None
    try:
        assert json.loads(attacker.stdout.readline()) == {"ready": True}
        attacker.stdin.close()
        assert attacker.wait(WAIT) == 0
    finally:
        if attacker.poll() is None:
            attacker.kill()
            attacker.wait()
        attacker.stdout.close()
