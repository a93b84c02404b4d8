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
from typing import Any

import pytest

from pegrace.cli import main
from pegrace.errors import OptionError
from pegrace.web.attackbench import PHASES, bench_attack, format_bench_attack
from pegrace.web.attackbench.bench import ATTACK_LIMITS, attack_limits
from pegrace.web.attackbench.clients import spread_addresses
from pegrace.web.attacks import ATTACKS, attack_names
from pegrace.web.limits import Limits
from pegrace.web.mail import MAILS_AN_HOUR
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


def test_attacks_are_named_one_by_one_or_all() -> None:
    assert attack_names("mine-flood,slow-body,mine-flood") == ["mine-flood", "slow-body"]
    assert attack_names("all") == list(ATTACKS)
    with pytest.raises(ValueError, match="invalid choice: 'smurf'"):
        attack_names("qr,smurf")


def test_several_servers_need_a_postgresql_store() -> None:
    with pytest.raises(OptionError, match="give --store URL"):
        bench_attack("qr", 1, 1, servers=2)
    with pytest.raises(OptionError, match="not a postgresql:// URL"):
        bench_attack("qr", 1, 1, store="games.sqlite3")


def test_the_many_addresses_are_one_24_apart_from_the_victims() -> None:
    """heavy-many's 20 addresses: the attacker's and the 19 after it, all of its /24 (from
    lower down near the /24's end), none the victims' (127.0.1.2)."""
    spread = spread_addresses("127.0.0.3", 20)
    assert spread == [f"127.0.0.{n}" for n in range(3, 23)]
    assert spread_addresses("127.0.0.250", 20) == [f"127.0.0.{n}" for n in range(235, 255)]


def test_a_limit_an_older_server_does_not_know_is_left_out() -> None:
    assert attack_limits("heavy-network", {"network_ipv4_bits", "live_games"}) == (
        ["network_ipv4_bits=24"],
        [],
    )
    assert attack_limits("heavy-network", {"live_games"}) == ([], ["network_ipv4_bits=24"])
    assert attack_limits("qr", set()) == ([], [])


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


def attacked(name: str, seconds: float = 2) -> tuple[dict[str, Any], dict[str, Any]]:
    """A short run of attack ``name`` in this process: the attack's report and what the
    attacker got, its line in the text report checked."""
    report = bench_attack(name, seconds, 1)
    (attack,) = report["attacks"]
    assert attack["attack"] == name and list(attack["phases"]) == list(PHASES)
    assert f"  {name}: " in format_bench_attack(report)  # the attack's line
    result = attack["attack_result"]
    assert result["sent"] > 0
    return attack, result


def test_slow_bodies_are_answered_408_and_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A body a byte every 3 s is cut off past its grace (2 s here, to fit a short run):
    408 and closed, then sent again."""
    monkeypatch.setitem(ATTACK_LIMITS, "slow-body", ("body_seconds=2",))
    attack, result = attacked("slow-body", seconds=4)
    assert attack["server_limits"] == ["body_seconds=2"]
    cut = sum(n for what, n in result["refused_by"].items() if "closed later (HTTP 408)" in what)
    assert cut >= 60 and result["closed_at_once"] == 0
    assert 2 <= result["closed_later_after_s"]["median"] < 4


@pytest.mark.parametrize(
    ("name", "limits"),
    [("heavy-many", []), ("heavy-network", ["network_ipv4_bits=24"])],
)
def test_heavy_games_come_from_twenty_addresses(name: str, limits: list[str]) -> None:
    """Each of the 20 addresses makes its game of experts and watches it, refused nothing
    (the server shares its workers; it refuses none of them), and the games play."""
    attack, result = attacked(name)
    assert result["ok"] == result["sent"]
    assert attack["server_limits"] == limits
    assert result["games_created"] == result["games_watched"] == result["addresses"] == 20
    assert result["refused"] == result["errors"] == 0 and result["states_seen"] > 0


def test_the_mine_flood_is_answered_without_the_games_past_the_loads() -> None:
    """On a server that holds 12 live games, the 12 long games named again and again are
    loaded until the address's loads are spent; then the lobby leaves them out."""
    attack, result = attacked("mine-flood")
    assert result["ok"] + result["refused"] + result["errors"] == result["sent"]
    assert attack["server_limits"] == ["live_games=12"]
    assert result["game_events"] > 100  # long games
    assert result["refused_by"]["lobby left games out"] > 0 and result["games_left_out"] > 0


def test_a_flood_of_queue_joins_gets_the_few_places_of_an_address() -> None:
    """Play people now: of the joins sent as fast as answered, those past the address's
    places (or its joins a minute) are refused with 429; the places got are held by long
    polls, and a pair in one queue is seated."""
    attack, result = attacked("queue")
    assert attack["server_limits"] == []
    assert result["ok"] + result["refused"] + result["errors"] == result["sent"]
    assert result["errors"] == 0 and result["refused_by"]["HTTP 429"] > 0
    assert 0 < result["places_got"] == result["ok"] <= Limits().queue_joins_per_minute + 1
    assert result["places_seated"] <= result["places_got"]


def test_wrong_room_codes_are_refused_past_the_few_dozen_a_minute() -> None:
    """Every guess is answered until the address's lookups are spent (the whole minute's
    at once, one back every two seconds), then refused: the attacker guessed a few dozen
    codes in the whole run, found no game, and was refused the rest."""
    _, result = attacked("codes")
    most = Limits().codes_per_minute
    assert result["ok"] == result["guesses_answered"] and result["games_found"] == 0
    assert result["ok"] <= most + result["seconds"] * most / 60 + 1
    assert result["refused_by"]["HTTP 429"] == result["refused"] > result["ok"]
    assert result["ok"] + result["refused"] + result["errors"] == result["sent"]


def test_an_attack_spreads_over_two_servers_on_one_postgresql_store(pg_url: str) -> None:
    """``--servers 2``: the attacker's games and watchers go to each server in turn, on a
    database made for the attack on the store's server and dropped after."""
    import psycopg

    report = bench_attack("heavy-many", 2, 1, store=pg_url, servers=2)
    assert report["servers"] == 2
    (attack,) = report["attacks"]
    result = attack["attack_result"]
    assert result["games_created"] == result["games_watched"] == 20
    assert "over 2 servers" in format_bench_attack(report)
    with psycopg.connect(pg_url) as db:
        names = [row[0] for row in db.execute("SELECT datname FROM pg_database")]
    assert not [name for name in names if name.startswith("pegrace_attack_")]


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


def test_a_flood_of_new_profiles_is_refused_past_the_minutes_worth() -> None:
    """Profiles asked for as fast as answered (the server called localhost, as passkeys
    want): the address's minute of them answered, the rest refused with 429."""
    _, result = attacked("profiles")
    most = Limits().profiles_per_minute
    assert 0 < result["ok"] <= most + result["seconds"] * most / 60 + 1
    assert result["refused_by"]["HTTP 429"] > result["ok"] and result["errors"] == 0


def test_forged_sign_ins_are_refused_and_then_limited() -> None:
    """A passkey no profile has, answering sign-ins begun for it: each answer refused (403),
    and past the address's minute of sign-in steps, every step refused with 429."""
    _, result = attacked("signin")
    most = Limits().signins_per_minute
    assert result["refused_by"]["HTTP 403"] > 0 and result["refused_by"]["HTTP 429"] > 0
    answered = result["ok"] + result["refused_by"]["HTTP 403"]
    assert answered <= most + result["seconds"] * most / 60 + 1 and result["errors"] == 0


def test_a_stranger_s_address_given_again_and_again_is_mailed_a_few_times() -> None:
    """A profile gives a stranger's address for its notices as fast as answered: the server
    mails the address a confirming link no more than MAILS_AN_HOUR times, through a mail
    server taking 2 s a message; past the address's minute of steps, every one refused."""
    _, result = attacked("mail")
    assert result["mails_sent"] <= MAILS_AN_HOUR and result["mailed_to"] in (
        [],
        ["<victim@example.org>"],
    )
    assert result["ok"] > 0 and result["errors"] == 0 and result["refused_by"]["HTTP 429"] > 0
