"""The house-rules lab (``pegrace lab``; docs/lab.md): what a rule option does to a game, in
numbers. For every combination of the options varied (the others as the base rules have
them), it plays two runs of seeded games in the native core: the players of ``--seat`` in
fixed seats (game length, seat fairness, drama) and a stronger player against weaker ones with
seats rotated (how much skill counts); then it compares each combination with the base rules,
with 95% intervals, and says the differences in words."""

from __future__ import annotations

import csv
import json
import math
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product
from pathlib import Path
from typing import Any

from pegrace.engine import Rules
from pegrace.errors import OptionError
from pegrace.games import get_rules, rules_class
from pegrace.outputs import check_folder
from pegrace.plots import require_plots
from pegrace.simulate import GameSummary, play_games, wilson
from pegrace.tournament import first_entry_places, lineup_units, seatings

SECONDS_PER_ROLL = 6.0  # a typical table's pace: pop, look, move (docs/lab.md)
Z95 = 1.96
Report = dict[str, Any]


@dataclass(frozen=True)
class Lab:
    """What a lab run plays: ``combinations`` (full option sets; the first is the base the
    others are compared with), ``seats`` (colour -> player) for the fixed-seat run, and the
    ``strong`` player against ``weak`` ones for the skill run."""

    game: str
    players: int
    combinations: tuple[dict[str, str], ...]
    seats: dict[str, str]
    strong: str = "medium"
    weak: str = "random"
    games: int = 2000
    seed: int = 0
    skipped: tuple[str, ...] = field(default=())


def parse_vary(items: Sequence[str]) -> list[tuple[str, list[str]]]:
    """``--vary OPTION=a,b[,c]`` (repeatable): each option with its values."""
    varied = []
    for item in items:
        name, eq, values = item.partition("=")
        chosen = [v.strip() for v in values.split(",") if v.strip()]
        if not eq or not name.strip() or not chosen:
            raise OptionError(f"--vary {item!r}: write OPTION=VALUE,VALUE, e.g. finish=exact,"
                              "deepest-first")  # fmt: skip
        varied.append((name.strip(), chosen))
    names = [n for n, _ in varied]
    if len(set(names)) != len(names):
        raise OptionError(f"--vary: each option once ({', '.join(names)})")
    return varied


def combinations(
    game: str, players: int, base: Mapping[str, str], varied: Sequence[tuple[str, list[str]]]
) -> tuple[list[dict[str, str]], list[str]]:
    """Every combination of the varied values (each checked), the base rules first; and the
    combinations the game refuses (say, a team option with 3 players), in words."""
    reference = dict(get_rules(game, players, base).options)
    found, skipped = [reference], []
    names = [name for name, _ in varied]
    for values in product(*(values for _, values in varied)):
        options = {**reference, **dict(zip(names, values, strict=True))}
        try:
            options = dict(get_rules(game, players, options).options)
        except OptionError as refused:
            if len(varied) == 1:  # a value the user named alone: say it at once
                raise
            skipped.append(f"{changes(reference, options)}: {refused}")
            continue
        if options not in found:
            found.append(options)
    return found, skipped


def every_option(
    game: str, players: int, base: Mapping[str, str]
) -> tuple[list[dict[str, str]], list[str]]:
    """``--all``: each option's every other value, one option at a time (options that take a
    number are left out)."""
    reference = dict(get_rules(game, players, base).options)
    found, skipped = [reference], []
    for spec in rules_class(game).option_specs:
        if not spec.choices:
            skipped.append(f"{spec.name}: takes a number; vary it with --vary")
            continue
        for value in spec.choices:
            if value == reference[spec.name]:
                continue
            try:
                found.append(
                    dict(get_rules(game, players, {**reference, spec.name: value}).options)
                )
            except OptionError as refused:
                skipped.append(f"{spec.name}={value}: {refused}")
    return found, skipped


def changes(reference: Mapping[str, str], options: Mapping[str, str]) -> str:
    """What ``options`` change from ``reference``, e.g. ``finish=deepest-first``."""
    changed = [f"{k}={v}" for k, v in options.items() if reference.get(k) != v]
    return ", ".join(changed) or "the base rules"


def run(lab: Lab, workers: int = 1, scheduler: str | None = None,
        progress: Callable[[int], None] | None = None) -> Report:  # fmt: skip
    """Plays every combination's two runs and returns the report (see docs/lab.md)."""
    results = []
    for options in lab.combinations:
        rules = get_rules(lab.game, lab.players, options)
        fixed = play_games(rules, [lab.seats], lab.games, lab.seed, workers, None, None,
                           scheduler, progress=progress, drama=True)  # fmt: skip
        units = lineup_units(rules, len(set(rules.player_of_seat)))
        lineup = [lab.strong] + [lab.weak] * (len(units) - 1)
        rotated = play_games(rules, seatings(rules, lineup, units), lab.games, lab.seed, workers,
                             None, None, scheduler, progress=progress)  # fmt: skip
        results.append(measure(rules, lab, fixed, first_entry_places(units, rotated)))
    reference = results[0]
    for result in results[1:]:
        result["effect"] = effect(reference, result, f"{lab.strong} against {lab.weak} players")
    return {
        "game": lab.game, "players": lab.players, "games": lab.games, "seed": lab.seed,
        "seats": dict(lab.seats), "skill": {"strong": lab.strong, "weak": lab.weak},
        "base": lab.combinations[0], "seconds_per_roll": SECONDS_PER_ROLL,
        "skipped": list(lab.skipped), "combinations": results,
    }  # fmt: skip


def mean_ci(values: Sequence[float]) -> dict[str, Any]:
    """The mean with its 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return {"mean": mean, "ci95": [mean - half, mean + half], "sd": statistics.pstdev(values)}


def spread(values: Sequence[float]) -> dict[str, Any]:
    """Mean with interval, and the 10th, 50th and 90th percentiles."""
    deciles = statistics.quantiles(values, n=10, method="inclusive")
    return {**mean_ci(values), "q10": deciles[0], "median": statistics.median(values),
            "q90": deciles[-1]}  # fmt: skip


def chi_square_p(statistic: float, freedom: int) -> float:
    """The chance of a chi-square statistic at least this large, ``freedom`` degrees."""
    half = statistic / 2
    if freedom % 2 == 0:
        term = total = math.exp(-half)
        for k in range(1, freedom // 2):
            term *= half / k
            total += term
        return min(1.0, total)
    total = math.erfc(math.sqrt(half))
    term = math.sqrt(2 * statistic / math.pi) * math.exp(-half)
    for k in range(1, (freedom + 1) // 2):
        total += term
        term *= statistic / (2 * k + 1)
    return min(1.0, total)


def seat_fairness(rules: Rules, lab: Lab, fixed: Sequence[GameSummary]) -> dict[str, Any]:
    """Each seat's win rate, and the chi-square test of "every seat wins equally often"."""
    n = len(fixed)
    seats = []
    for index, colour in enumerate(rules.colours):
        wins = sum(1 for s in fixed if s.places[index] == 1)
        seats.append({"colour": colour, "player": lab.seats[colour], "wins": wins,
                      "win_rate": wins / n, "ci95": list(wilson(wins, n))})  # fmt: skip
    sides = rules.side_count
    wins_by_side = [0] * sides
    for side, seats_of_side in enumerate(rules.side_seats):  # partners share their wins
        wins_by_side[side] = sum(1 for s in fixed if s.places[seats_of_side[0]] == 1)
    total = sum(wins_by_side)
    expected = total / sides
    statistic = sum((w - expected) ** 2 / expected for w in wins_by_side) if total else 0.0
    return {"seats": seats, "chi2": statistic, "p_value": chi_square_p(statistic, sides - 1)}


def measure(rules: Rules, lab: Lab, fixed: Sequence[GameSummary],
            strong_places: Sequence[int]) -> dict[str, Any]:  # fmt: skip
    turns = [float(s.turns) for s in fixed]
    rolls = [float(s.rolls) for s in fixed]
    minutes = [r * SECONDS_PER_ROLL / 60 for r in rolls]
    led = [s.half_leader_won for s in fixed if s.half_leader_won is not None]
    strong_wins = sum(1 for p in strong_places if p == 1)
    n = len(strong_places)
    return {
        "options": dict(rules.options),
        "games": len(fixed),
        "length": {"turns": spread(turns), "rolls": spread(rolls), "minutes": spread(minutes)},
        "fairness": seat_fairness(rules, lab, fixed),
        "skill": {"win_rate": strong_wins / n, "wins": strong_wins, "games": n,
                  "ci95": list(wilson(strong_wins, n)), "fair_share": 1 / rules.side_count},
        "drama": {
            "captures": mean_ci([float(s.captures or 0) for s in fixed]),
            "lead_changes": mean_ci([float(s.lead_changes or 0) for s in fixed]),
            "half_time_leader_wins": {"rate": sum(led) / len(led) if led else 0.0,
                                      "ci95": list(wilson(sum(led), len(led))),
                                      "games": len(led)},
        },
        "histogram": histogram(rolls),  # the distribution of pops, for the plots
    }  # fmt: skip


def histogram(values: Sequence[float], bins: int = 40) -> dict[str, Any]:
    """Counts of ``values`` in bins of a round width from 0 (``counts[i]``: how many lie in
    ``[i * width, (i + 1) * width)``); the top 1% share the last bin."""
    top = sorted(values)[int(0.99 * (len(values) - 1))]
    width = max(1, math.ceil(top / bins))
    counts = [0] * (int(top // width) + 1)
    for value in values:
        counts[min(int(value // width), len(counts) - 1)] += 1
    return {"width": width, "counts": counts}


def ratio_ci(new: Mapping[str, Any], old: Mapping[str, Any], n_new: int, n_old: int) -> list[float]:
    """``new mean / old mean - 1`` and its 95% interval (the delta method)."""
    m1, m0 = new["mean"], old["mean"]
    if m0 == 0:
        return [0.0, 0.0, 0.0] if m1 == 0 else [math.inf, math.inf, math.inf]
    ratio = m1 / m0
    var = (new["sd"] ** 2 / (n_new * m0**2)) + (m1**2 * old["sd"] ** 2 / (n_old * m0**4))
    half = Z95 * math.sqrt(var)
    return [ratio - 1, ratio - 1 - half, ratio - 1 + half]


def difference_ci(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[float]:
    """``a``'s win rate minus ``b``'s, with its 95% interval (two proportions)."""
    pa, pb = a["win_rate"], b["win_rate"]
    half = Z95 * math.sqrt(pa * (1 - pa) / a["games"] + pb * (1 - pb) / b["games"])
    return [pa - pb, pa - pb - half, pa - pb + half]


def effect(
    reference: Mapping[str, Any], result: Mapping[str, Any], skill_words: str = "the stronger"
) -> dict[str, Any]:
    """How ``result``'s rules differ from the base rules' (``reference``), and the words
    (``skill_words``: who plays the skill run, e.g. "medium against random players")."""
    n0, n1 = reference["games"], result["games"]
    length = ratio_ci(result["length"]["rolls"], reference["length"]["rolls"], n1, n0)
    captures = ratio_ci(result["drama"]["captures"], reference["drama"]["captures"], n1, n0)
    skill = difference_ci(result["skill"], reference["skill"])
    found = {"changes": changes(reference["options"], result["options"]),
             "length": length, "skill": skill, "captures": captures,
             "fair_before": reference["fairness"]["p_value"],
             "fair_after": result["fairness"]["p_value"]}  # fmt: skip
    found["summary"] = summary(found, result, skill_words)
    return found


def _clear(estimate: Sequence[float]) -> bool:
    """Whether an interval leaves out zero."""
    return estimate[1] > 0 or estimate[2] < 0


def _percent(estimate: Sequence[float]) -> str:
    """``31% [+29, +33]``; to a tenth where the change is under 10%."""
    value, low, high = (100 * x for x in estimate)
    places = 1 if max(abs(value), abs(low), abs(high)) < 10 else 0
    return f"{abs(value):.{places}f}% [{low:+.{places}f}, {high:+.{places}f}]"


def summary(found: Mapping[str, Any], result: Mapping[str, Any], skill_words: str) -> str:
    """A plain-words sentence of an effect, e.g. "finish=deepest-first makes games 35%
    [+35, +36] longer, rewards skill more (medium against random players wins 1.7 points more
    often [+1.4, +2.0]), has 66% [+65, +67] more captures and does not change seat
    fairness"."""
    length, skill, captures = found["length"], found["skill"], found["captures"]
    if (
        not any(x[0] for x in (length, skill, captures))
        and result["fairness"]["p_value"] == (found["fair_before"])
    ):
        alone = "plays the very same games here (it matters only with other options)"
        return f"{found['changes']} {alone}"
    parts = []
    if _clear(length):
        parts.append(f"makes games {_percent(length)} {'longer' if length[0] > 0 else 'shorter'}")
    else:
        parts.append(f"leaves game length as it was ({100 * length[0]:+.1f}%)")
    if _clear(skill):
        points = [100 * x for x in skill]
        more = "more" if skill[0] > 0 else "less"
        parts.append(f"rewards skill {more} ({skill_words} wins {abs(points[0]):.1f} points "
                     f"{more} often [{points[1]:+.1f}, {points[2]:+.1f}])")  # fmt: skip
    else:
        parts.append("rewards skill as much")
    if _clear(captures) and math.isfinite(captures[0]):
        parts.append(f"has {_percent(captures)} {'more' if captures[0] > 0 else 'fewer'} captures")
    before, after = found["fair_before"] >= 0.05, found["fair_after"] >= 0.05
    if before == after:
        parts.append("does not change seat fairness" if before else "leaves the seats as "
                     "unequal as they were")  # fmt: skip
    elif after:
        parts.append("makes the seats fair (every seat wins as often)")
    else:
        seats = result["fairness"]["seats"]
        best = max(seats, key=lambda s: s["win_rate"])
        parts.append(f"makes the seats unequal ({best['colour']} wins {best['win_rate']:.1%}, "
                     f"p = {found['fair_after']:.3f})")  # fmt: skip
    return f"{found['changes']} " + ", ".join(parts[:-1]) + f" and {parts[-1]}"


def format_report(report: Report) -> str:
    """The terminal table: a row per combination, then each effect in words."""
    base = report["base"]
    lines = [
        f"{report['game']}: {report['players']} players, {report['games']:,} games per "
        f"combination and run, seed {report['seed']}",
        f"seats: {', '.join(f'{c}={p}' for c, p in report['seats'].items())}; skill: "
        f"{report['skill']['strong']} against {report['skill']['weak']} players",
        "",
        f"{'rules (changes from the base)':<34}{'pops':>6}{'(10%-90%)':>12}{'minutes':>9}"
        f"{'seats p':>9}{'skill':>19}{'captures':>10}{'leads':>7}{'½-time':>8}",
    ]
    for result in report["combinations"]:
        rolls, minutes = result["length"]["rolls"], result["length"]["minutes"]
        skill, drama = result["skill"], result["drama"]
        low, high = skill["ci95"]
        label = changes(base, result["options"])
        middle = f"({rolls['q10']:.0f}-{rolls['q90']:.0f})"
        lines.append(
            f"{label[:33]:<34}{rolls['mean']:>6.0f}{middle:>12}"
            f"{minutes['median']:>9.0f}{result['fairness']['p_value']:>9.3f}"
            f"{skill['win_rate']:>8.1%} [{low:.0%}-{high:.0%}]"
            f"{drama['captures']['mean']:>10.1f}{drama['lead_changes']['mean']:>7.1f}"
            f"{drama['half_time_leader_wins']['rate']:>8.0%}"
        )
    lines += ["", "pops: per game, the mean and the middle 80% of games; minutes: median at "
              f"{report['seconds_per_roll']:g} s a pop; seats p: chi-square test of equal seat "
              "wins; skill: the stronger player's win rate [95%]; captures and lead changes per "
              "game; ½-time: how often the half-time leader won", ""]  # fmt: skip
    lines += [f"- {r['effect']['summary']}" for r in report["combinations"][1:]]
    lines += [f"(skipped: {s})" for s in report["skipped"]]
    return "\n".join(lines)


def write_csv(path: Path, report: Report) -> None:
    """One row per combination."""
    names = list(report["base"])
    with path.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow([*names, "games", "rolls_mean", "rolls_median", "turns_mean",
                         "minutes_median", "seats_p_value", "skill_win_rate", "skill_low",
                         "skill_high", "captures_mean", "lead_changes_mean",
                         "half_time_leader_wins", "summary"])  # fmt: skip
        for r in report["combinations"]:
            length, drama = r["length"], r["drama"]
            writer.writerow([
                *(r["options"][n] for n in names), r["games"], length["rolls"]["mean"],
                length["rolls"]["median"], length["turns"]["mean"], length["minutes"]["median"],
                r["fairness"]["p_value"], r["skill"]["win_rate"], *r["skill"]["ci95"],
                drama["captures"]["mean"], drama["lead_changes"]["mean"],
                drama["half_time_leader_wins"]["rate"], r.get("effect", {}).get("summary", ""),
            ])  # fmt: skip


def check_out(folder: Path) -> None:
    """Refuses an ``--out`` that cannot be written, before any game is played."""
    check_folder(folder, "--out")
    require_plots(f"--out {folder}")


def write_outputs(folder: Path, report: Report) -> None:
    """``report.json``, ``combinations.csv``, the plots and ``report.html`` in ``folder``."""
    from pegrace import lab_report

    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "report.json").write_text(json.dumps(report, indent=2) + "\n")
        write_csv(folder / "combinations.csv", report)
        pictures = lab_report.draw_plots(folder, report)
        (folder / "report.html").write_text(lab_report.html(report, pictures))
    except OSError as err:
        raise OptionError(f"--out {folder}: {err.strerror or err}") from None
