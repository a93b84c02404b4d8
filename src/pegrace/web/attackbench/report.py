"""The attack benchmark's figures and report: each phase's victims' answer times and computer
replies held to the targets (``ANSWER_TARGET``, ``COMPUTER_TARGET``), and the whole report in
words, a row per attack and phase."""

from __future__ import annotations

import textwrap
from collections import Counter
from dataclasses import dataclass
from typing import Any

from pegrace.web.attackbench.victims import TWO_PEOPLE, VS_COMPUTER, VictimTally
from pegrace.web.loadbench import HOST, percentile

PHASES = ("quiet", "attack", "after")
ANSWER_TARGET = 0.100  # seconds: the targets for the p95 under every attack
COMPUTER_TARGET = 2.0


@dataclass
class Phase:
    name: str
    start: float
    end: float = 0.0
    cpu: float = 0.0  # the server's CPU seconds in it
    fds: int | None = None  # the server's open files at its end
    rss_mb: float | None = None


def times_report(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"count": 0, "median_ms": None, "p95_ms": None, "max_ms": None}
    return {
        "count": len(values),
        "median_ms": round(percentile(values, 0.5) * 1000, 1),
        "p95_ms": round(percentile(values, 0.95) * 1000, 1),
        "max_ms": round(max(values) * 1000, 1),
    }


def phase_report(phase: Phase, tally: VictimTally) -> dict[str, Any]:
    def inside(at: float) -> bool:
        return phase.start <= at < phase.end

    answers = times_report([s for at, s in tally.answers if inside(at)])
    computer = times_report([s for at, s in tally.computer if inside(at)])
    answers["unanswered"] = sum(1 for k, at in tally.unanswered if k == "answer" and inside(at))
    computer["unanswered"] = sum(1 for k, at in tally.unanswered if k == "computer" and inside(at))
    incidents = Counter(what for at, what in tally.incidents if inside(at))
    refused = sum(n for what, n in incidents.items() if what.startswith("refused"))
    answers_pass = meets(answers, ANSWER_TARGET)
    computer_pass = meets(computer, COMPUTER_TARGET)
    return {
        "seconds": round(phase.end - phase.start, 1),
        "answers": answers,
        "computer": computer,
        "victim_incidents": sum(incidents.values()),
        "victims_refused": refused,
        "incidents": dict(incidents.most_common(6)),
        "server_cpu_seconds": round(phase.cpu, 1),
        "server_open_files": phase.fds,
        "server_rss_mb": phase.rss_mb,
        "pass": answers_pass and computer_pass and not incidents,
    }


def meets(times: dict[str, Any], target: float) -> bool:
    return bool(times["count"]) and not times["unanswered"] and times["p95_ms"] <= target * 1000


def format_bench_attack(report: dict[str, Any]) -> str:
    targets = report["targets"]
    victims = report["victims"]
    lines = [
        *textwrap.wrap(
            f"Victims ({victims['address']}): {victims['tables'][TWO_PEOPLE]} games of two "
            f"people and {victims['tables'][VS_COMPUTER]} of a person v {victims['computer']} "
            f"(Trouble), an action every {victims['pace_ms'][0]:g}-{victims['pace_ms'][1]:g} "
            "ms; --computer-delay 0 (reply times are the server's own).",
            WIDTH,
        ),
        *textwrap.wrap(
            f"Attacker: one process from {report['attacker_address']}"
            f"{' (trusted as a proxy)' if report['attacker_address'] == HOST else ''}"
            f"{servers_in_words(report)}; every --limit at its default but where an attack "
            f"says; {report['seconds_per_phase']:g} s per phase. Targets: answers p95 <= "
            f"{targets['answer_p95_ms']:g} ms, computer replies p95 <= "
            f"{targets['computer_p95_ms']:g} ms, no victim refused or dropped.",
            WIDTH,
        ),
        "",
        row(
            "attack",
            "phase",
            "answers",
            "med",
            "p95",
            "max",
            "replies",
            "med",
            "p95",
            "max",
            "inc.",
            "CPU s",
            "fds",
            "verdict",
        ),
    ]
    for attack in report["attacks"]:
        for label, phase in attack["phases"].items():
            a, c = phase["answers"], phase["computer"]
            lost = (
                f" ({a['unanswered']}+{c['unanswered']} unanswered)"
                if a["unanswered"] or c["unanswered"]
                else ""
            )
            lines.append(
                row(
                    attack["attack"] if label == PHASES[0] else "",
                    label,
                    a["count"],
                    ms(a["median_ms"]),
                    ms(a["p95_ms"]),
                    ms(a["max_ms"]),
                    c["count"],
                    ms(c["median_ms"]),
                    ms(c["p95_ms"]),
                    ms(c["max_ms"]),
                    phase["victim_incidents"],
                    phase["server_cpu_seconds"],
                    phase["server_open_files"] or "-",
                    ("PASS" if phase["pass"] else "FAIL") + lost,
                )
            )
        lines += textwrap.wrap(
            attack_line(attack), WIDTH, initial_indent="  ", subsequent_indent="    "
        )
        incidents = attack["phases"]["attack"]["incidents"]
        if incidents:
            said = ", ".join(f"{what} x{n}" for what, n in incidents.items())
            lines += textwrap.wrap(
                f"victims under attack: {said}",
                WIDTH,
                initial_indent="  ",
                subsequent_indent="    ",
            )
    lines.append("")
    lines += textwrap.wrap(
        "times in ms; inc.: victims' incidents (refused, dropped, errors); CPU s: the "
        "server's, its workers included; fds: its open files at the phase's end",
        WIDTH,
    )
    verdict = "PASS" if report["pass"] else "FAIL"
    lines.append(
        f"{verdict}: "
        + ", ".join(
            f"{a['attack']} {'PASS' if a['phases']['attack']['pass'] else 'FAIL'}"
            for a in report["attacks"]
        )
    )
    return "\n".join(lines)


WIDTH = 100  # the report's lines, at most
COLUMNS = (-17, -6, 7, 6, 6, 7, 7, 6, 6, 7, 4, 5, 5, -1)  # widths; negative: left-aligned


def row(*cells: object) -> str:
    return " ".join(
        f"{cell!s:<{-width}}" if width < 0 else f"{cell!s:>{width}}"
        for cell, width in zip(cells, COLUMNS, strict=True)
    ).rstrip()


def servers_in_words(report: dict[str, Any]) -> str:
    """How many servers were attacked, on what store (said only where more than one)."""
    servers = report.get("servers", 1)
    if servers == 1:
        return ""
    return f" over {servers} servers on {report['store']} in turn (the victims on the first)"


def limits_in_words(attack: dict[str, Any]) -> str:
    """The limits the attack's server ran with beyond the defaults, and those left out."""
    said = []
    if attack.get("server_limits"):
        said.append("server --limit " + ",".join(attack["server_limits"]))
    if attack.get("limits_left_out"):
        said.append("not known to this server, so left out: " + ",".join(attack["limits_left_out"]))
    return "; ".join(said)


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value:g}"


def attack_line(attack: dict[str, Any]) -> str:
    result = attack["attack_result"]
    text = (
        f"{attack['attack']}: {result['sent']} sent, {result['ok']} OK, "
        f"{result['refused']} refused, {result['errors']} errors in {result['seconds']} s "
        f"(attacker CPU {result['cpu_seconds']} s)"
    )
    limits = limits_in_words(attack)
    extra = [limits] if limits else []
    if result.get("answer_ms"):
        extra.append(
            f"its answers median {result['answer_ms']['median']} ms, "
            f"p95 {result['answer_ms']['p95']} ms"
        )
    notes = (
        "game_events",
        "addresses",
        "games_created",
        "games_watched",
        "states_seen",
        "games_left_out",
        "guesses_answered",
        "games_found",
        "places_got",
        "places_seated",
        "sockets_opened",
        "messages_received",
        "peak_held",
        "websockets_held_peak",
        "held_at_stop",
        "answered_but_open",
        "closed_at_once",
        "closed_later",
    )
    for key in notes:
        if result.get(key) is not None:
            extra.append(f"{key.replace('_', ' ')} {result[key]}")
    if result.get("closed_later_after_s"):
        after = result["closed_later_after_s"]
        extra.append(f"closed later after median {after['median']} s, max {after['max']} s")
    refused = result.get("refused_by") or {}
    if refused:
        extra.append("refused: " + ", ".join(f"{k} x{n}" for k, n in list(refused.items())[:4]))
    errors = result.get("errors_by") or {}
    if any(errors.values()):
        extra.append("errors: " + ", ".join(f"{k} x{n}" for k, n in list(errors.items())[:3] if n))
    return text + ("; " + "; ".join(extra) if extra else "")
