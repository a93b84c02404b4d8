"""The house-rules lab (``pegrace lab``; docs/lab.md): what a rule option does to a game, in
numbers. For every combination of the options varied (the others as the base rules have
them), it plays two runs of seeded games in the native core: the players of ``--seat`` in
fixed seats (game length, seat fairness, drama) and a stronger player against weaker ones with
seats rotated (how much skill counts); then it compares each combination with the base rules,
with 95% intervals and p-values corrected for the many tests a run makes (Holm), and says the
differences in words that claim no more than the evidence holds."""

from __future__ import annotations

import csv
import json
import math
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import product
from pathlib import Path

from pegrace import lab_report, lab_words
from pegrace.engine import Rules
from pegrace.errors import OptionError, saying, system_words
from pegrace.games import get_rules, rules_class
from pegrace.i18n import said
from pegrace.lab_words import (
    ALPHA,
    MEASURES,
    WORDS_NOTE,
    Report,
    changes,
    interval,
    p_number,
    p_text,
    p_words,
    percent,
)
from pegrace.outputs import check_folder
from pegrace.plots import require_plots
from pegrace.provenance import provenance, provenance_lines
from pegrace.simulate import GameSummary, batch_pool, play_games, wilson
from pegrace.tournament import first_entry_places, lineup_units, seatings

SECONDS_PER_ROLL = 6.0  # a typical table's pace: pop, look, move (docs/lab.md)
Z95 = 1.96
CORRECTION: lab_words.Correction = {
    "method": "Holm-Bonferroni",
    "alpha": ALPHA,
    "families": [
        "seats: every combination's chi-square test",
        *(f"{m}: every combination against the base rules" for m in MEASURES),
    ],
    "words": WORDS_NOTE,
}


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
    command: tuple[str, ...] | None = None  # the arguments after ``pegrace``, for the report


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


def run(
    lab: Lab,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> Report:
    """Plays every combination's two runs and returns the report (see docs/lab.md)."""
    results, pops = [], []
    with batch_pool(workers, scheduler) as pool:
        play = partial(
            play_games,
            games=lab.games,
            seed=lab.seed,
            workers=workers,
            scheduler=scheduler,
            progress=progress,
            pool=pool,
        )
        for options in lab.combinations:
            rules = get_rules(lab.game, lab.players, options)
            fixed = play(rules, [lab.seats], drama=True)
            units = lineup_units(rules, len(set(rules.player_of_seat)))
            lineup = [lab.strong] + [lab.weak] * (len(units) - 1)
            rotated = play(rules, seatings(rules, lineup, units))
            results.append(measure(rules, lab, fixed, first_entry_places(units, rotated)))
            pops.append([float(s.rolls) for s in fixed])
    for result, counts in zip(results, histograms(pops), strict=True):
        result["histogram"] = counts  # the distribution of pops, for the plots
    compare(results, f"{lab.strong} against {lab.weak} players")
    return {
        **provenance(lab.command, lab.seed),
        "game": lab.game,
        "players": lab.players,
        "games": lab.games,
        "seats": dict(lab.seats),
        "skill": {"strong": lab.strong, "weak": lab.weak},
        "base": lab.combinations[0],
        "seconds_per_roll": SECONDS_PER_ROLL,
        "skipped": list(lab.skipped),
        "correction": CORRECTION,
        "combinations": results,
    }


def mean_ci(values: Sequence[float]) -> lab_words.MeanCI:
    """The mean with its 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return {"mean": mean, "ci95": [mean - half, mean + half], "sd": statistics.pstdev(values)}


def spread(values: Sequence[float]) -> lab_words.Spread:
    """Mean with interval, the 10th, 50th and 90th percentiles, the least and the most."""
    deciles = statistics.quantiles(values, n=10, method="inclusive")
    return {
        **mean_ci(values),
        "q10": deciles[0],
        "median": statistics.median(values),
        "q90": deciles[-1],
        "min": min(values),
        "max": max(values),
    }


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


def seat_fairness(rules: Rules, lab: Lab, fixed: Sequence[GameSummary]) -> lab_words.Fairness:
    """Each seat's win rate, and the chi-square test of "every seat wins equally often"."""
    n = len(fixed)
    seats: list[lab_words.SeatWins] = []
    for index, colour in enumerate(rules.colours):
        wins = sum(1 for s in fixed if s.places[index] == 1)
        seats.append(
            {
                "colour": colour,
                "player": lab.seats[colour],
                "wins": wins,
                "win_rate": wins / n,
                "ci95": list(wilson(wins, n)),
            }
        )
    sides = rules.side_count
    wins_by_side = [0] * sides
    for side, seats_of_side in enumerate(rules.side_seats):  # partners share their wins
        wins_by_side[side] = sum(1 for s in fixed if s.places[seats_of_side[0]] == 1)
    total = sum(wins_by_side)
    expected = total / sides
    statistic = sum((w - expected) ** 2 / expected for w in wins_by_side) if total else 0.0
    return {"seats": seats, "chi2": statistic, "p_value": chi_square_p(statistic, sides - 1)}


def measure(
    rules: Rules, lab: Lab, fixed: Sequence[GameSummary], strong_places: Sequence[int]
) -> lab_words.Combination:
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
        "skill": {
            "win_rate": strong_wins / n,
            "wins": strong_wins,
            "games": n,
            "ci95": list(wilson(strong_wins, n)),
            "fair_share": 1 / rules.side_count,
        },
        "drama": {
            "captures": mean_ci([float(s.captures or 0) for s in fixed]),
            "lead_changes": mean_ci([float(s.lead_changes or 0) for s in fixed]),
            "half_time_leader_wins": {
                "rate": sum(led) / len(led) if led else 0.0,
                "ci95": list(wilson(sum(led), len(led))),
                "games": len(led),
            },
        },
    }


def histograms(samples: Sequence[Sequence[float]], bins: int = 40) -> list[lab_words.Histogram]:
    """Each sample's counts in the same bins (the plot's curves share one axis): about
    ``bins`` bins of a round ``width`` from ``low``, the least value rounded down, up to the
    largest 99th percentile; the longest games, past it, share one last bin (``counts[-1]``:
    how many lie at ``low + (len(counts) - 1) * width`` or beyond), which the plot labels
    "≥ N"."""
    least = min(min(sample) for sample in samples)
    top = max(sorted(sample)[int(0.99 * (len(sample) - 1))] for sample in samples)
    width = max(1, math.ceil((top - least) / bins))
    low = int(least // width) * width
    regular = max(1, math.ceil((top - low) / width))
    return [
        {"low": low, "width": width, "counts": _counts(sample, low, width, regular)}
        for sample in samples
    ]


def _counts(values: Sequence[float], low: int, width: int, regular: int) -> list[int]:
    counts = [0] * (regular + 1)  # the last one: everything past the regular bins
    for value in values:
        counts[min(int((value - low) // width), regular)] += 1
    return counts


def ratio_ci(new: lab_words.MeanCI, old: lab_words.MeanCI, n_new: int, n_old: int) -> list[float]:
    """``new mean / old mean - 1`` and its 95% interval (the delta method)."""
    m1, m0 = new["mean"], old["mean"]
    if m0 == 0:
        return [0.0, 0.0, 0.0] if m1 == 0 else [math.inf, math.inf, math.inf]
    ratio = m1 / m0
    var = (new["sd"] ** 2 / (n_new * m0**2)) + (m1**2 * old["sd"] ** 2 / (n_old * m0**4))
    half = Z95 * math.sqrt(var)
    return [ratio - 1, ratio - 1 - half, ratio - 1 + half]


def difference_ci(a: lab_words.Skill, b: lab_words.Skill) -> list[float]:
    """``a``'s win rate minus ``b``'s, with its 95% interval (two proportions)."""
    pa, pb = a["win_rate"], b["win_rate"]
    half = Z95 * math.sqrt(pa * (1 - pa) / a["games"] + pb * (1 - pb) / b["games"])
    return [pa - pb, pa - pb - half, pa - pb + half]


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's adjusted p-values, in the order given: the k-th smallest of m (k from 0) times
    m - k, never below the one before it, at most 1. Claiming only where the adjusted p is
    under ALPHA keeps the chance of any false claim in the family under ALPHA, however many
    tests it holds and however they depend on one another."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted = [1.0] * len(p_values)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(order) - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def normal_p(estimate: Sequence[float]) -> float:
    """The two-sided p-value of "no change" for ``[estimate, low, high]`` with its 95% interval
    of the normal approximation (so p < 0.05 where the interval leaves out 0); 1 where there
    is nothing to test (no captures under the base rules)."""
    value, low, high = estimate
    if not all(math.isfinite(x) for x in estimate):
        return 1.0
    error = (high - low) / (2 * Z95)
    if error == 0:
        return 1.0 if value == 0 else 0.0
    return math.erfc(abs(value) / error / math.sqrt(2))


def grade(raw: float, adjusted: float) -> str:
    """A change's standing: "clear" where the adjusted p is under ALPHA (said as fact),
    "maybe" where only the raw p is (said with "may"), else "unclear" ("no clear effect")."""
    return "clear" if adjusted < ALPHA else "maybe" if raw < ALPHA else "unclear"


def effect(reference: lab_words.Combination, result: lab_words.Combination) -> lab_words.Effect:
    """How ``result``'s rules differ from the base rules' (``reference``): each measure's
    change with its interval, and the raw p-values (``compare`` adjusts them)."""
    n0, n1 = reference["games"], result["games"]
    found: lab_words.Effect = {
        "changes": changes(reference["options"], result["options"]),
        "length": ratio_ci(result["length"]["rolls"], reference["length"]["rolls"], n1, n0),
        "skill": difference_ci(result["skill"], reference["skill"]),
        "captures": ratio_ci(result["drama"]["captures"], reference["drama"]["captures"], n1, n0),
        "p": {},  # filled in below
    }
    found["p"] = {m: normal_p(found[m]) for m in MEASURES}
    found["p"]["seats"] = result["fairness"]["p_value"]
    return found


def compare(results: Sequence[lab_words.Combination], skill_words: str) -> None:
    """Gives each combination after the first (the base rules) its ``effect`` and the words
    for it (``skill_words``: who plays the skill run, e.g. "medium against random players").
    Each family of tests (every combination's seat test; each measure's change against the
    base rules) is corrected by Holm's method; the adjusted p-values sit beside the raw ones."""
    fairness = [r["fairness"] for r in results]
    for test, adjusted in zip(fairness, holm([t["p_value"] for t in fairness]), strict=True):
        test["p_adjusted"], test["grade"] = adjusted, grade(test["p_value"], adjusted)
    reference, others = results[0], results[1:]
    effects = [effect(reference, r) for r in others]
    for found, result in zip(effects, others, strict=True):
        found["p_adjusted"] = {"seats": result["fairness"]["p_adjusted"]}
    for m in MEASURES:
        for found, adjusted in zip(effects, holm([e["p"][m] for e in effects]), strict=True):
            found["p_adjusted"][m] = adjusted
    for found, result in zip(effects, others, strict=True):
        found["grade"] = {k: grade(found["p"][k], q) for k, q in found["p_adjusted"].items()}
        found["summary"] = summary(found, reference, result, skill_words)
        result["effect"] = found


THIRD_PERSON = {"make": "makes", "reward": "rewards", "have": "has", "leave": "leaves"}


def _claim(found: lab_words.Effect, key: str, verb: str, words: str, detail: str = "") -> str:
    """A change said as fact ("makes games 35% [35, 36] longer") or, where only its raw p
    is under ALPHA, as a maybe with its p-values ("may make games ... (p = 0.030, adjusted
    p = 0.120)"). The seat test has no interval: its p-values are always given."""
    maybe = found["grade"][key] == "maybe"
    said = f"may {verb} {words}" if maybe else f"{THIRD_PERSON[verb]} {words}"
    notes = [detail] if detail else []
    if maybe or key == "seats":
        notes.append(p_words(found, key))
    return f"{said} ({'; '.join(notes)})" if notes else said


def _length_words(found: lab_words.Effect) -> str:
    change = found["length"]
    if found["grade"]["length"] == "unclear":
        return f"game length ({percent(change, signed=True)})"
    longer = "longer" if change[0] > 0 else "shorter"
    return _claim(found, "length", "make", f"games {percent(change)} {longer}")


def _skill_words(found: lab_words.Effect, who: str) -> str:
    points = [100 * x for x in found["skill"]]
    if found["grade"]["skill"] == "unclear":
        return f"skill ({points[0]:+.1f} points {interval(points[1], points[2], True, 1)})"
    more = "more" if points[0] > 0 else "less"
    sizes = interval(points[1], points[2], False, 1)
    return _claim(
        found,
        "skill",
        "reward",
        f"skill {more}",
        f"{who} wins {abs(points[0]):.1f} points {more} often {sizes}",
    )


def _captures_words(found: lab_words.Effect) -> str | None:
    change = found["captures"]
    if not math.isfinite(change[0]):
        return None  # no captures under the base rules: no ratio to give
    if found["grade"]["captures"] == "unclear":
        return f"captures ({percent(change, signed=True)})"
    more = "more" if change[0] > 0 else "fewer"
    return _claim(found, "captures", "have", f"{percent(change)} {more} captures")


def _seats_words(
    found: lab_words.Effect, reference: lab_words.Combination, result: lab_words.Combination
) -> str:
    if found["grade"]["seats"] == "unclear":
        return f"seat fairness ({p_text(found['p']['seats'])})"
    best = max(result["fairness"]["seats"], key=lambda s: s["win_rate"])
    low, high = best["ci95"]
    verb = "make" if reference["fairness"]["grade"] == "unclear" else "leave"
    rate = f"{best['colour']} wins {best['win_rate']:.1%} [{low:.1%}, {high:.1%}]"
    return _claim(found, "seats", verb, "the seats unequal", rate)


def _listed(items: Sequence[str], last: str) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} {items[-1]}"


def summary(
    found: lab_words.Effect,
    reference: lab_words.Combination,
    result: lab_words.Combination,
    skill_words: str,
) -> str:
    """A plain-words sentence of an effect, e.g. "finish=deepest-first makes games 35%
    [35, 36] longer, rewards skill more (medium against random players wins 1.7 points more
    often [1.4, 2.0]) and has 66% [65, 67] more captures, with no clear effect on seat
    fairness (p = 0.661)": a change is said as fact only where its adjusted p is under ALPHA,
    with "may" where only its raw p is (docs/lab.md, "How to read the words")."""
    same = not any(found[m][0] for m in MEASURES)
    if same and result["fairness"]["p_value"] == reference["fairness"]["p_value"]:
        alone = "plays the very same games here (it matters only with other options)"
        return f"{found['changes']} {alone}"
    said = {
        "length": _length_words(found),
        "skill": _skill_words(found, skill_words),
        "captures": _captures_words(found),
        "seats": _seats_words(found, reference, result),
    }
    claims = [w for k, w in said.items() if w and found["grade"][k] != "unclear"]
    unclear = [w for k, w in said.items() if w and found["grade"][k] == "unclear"]
    sentence = f"{found['changes']}" + (f" {_listed(claims, 'and')}" if claims else "")
    if unclear:
        sentence += f"{', with' if claims else ' has'} no clear effect on {_listed(unclear, 'or')}"
    return sentence


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
        f"{'seats p (adj.)':>19}{'skill':>19}{'captures':>10}{'leads':>7}{'½-time':>8}",
    ]
    for result in report["combinations"]:
        rolls, minutes = result["length"]["rolls"], result["length"]["minutes"]
        skill, drama = result["skill"], result["drama"]
        low, high = skill["ci95"]
        label = cut(changes(base, result["options"]), 33)
        middle = f"({rolls['q10']:.0f}-{rolls['q90']:.0f})"
        fairness = result["fairness"]
        seats = f"{p_number(fairness['p_value'])} ({p_number(fairness['p_adjusted'])})"
        lines.append(
            f"{label:<34}{rolls['mean']:>6.0f}{middle:>12}{minutes['median']:>9.0f}{seats:>19}"
            f"{skill['win_rate']:>8.1%} [{low:.0%}-{high:.0%}]"
            f"{drama['captures']['mean']:>10.1f}{drama['lead_changes']['mean']:>7.1f}"
            f"{drama['half_time_leader_wins']['rate']:>8.0%}"
        )
    lines += [
        "",
        "pops: per game, the mean and the middle 80% of games; minutes: median at "
        f"{report['seconds_per_roll']:g} s a pop; seats p: chi-square test of equal seat "
        "wins (adj.: Holm-adjusted over the combinations); skill: the stronger player's "
        "win rate [95%]; captures and lead changes per game; ½-time: how often the "
        "half-time leader won",
        "",
        WORDS_NOTE,
        "",
    ]
    lines += [f"- {r['effect']['summary']}" for r in report["combinations"][1:]]
    lines += [f"(skipped: {s})" for s in report["skipped"]]
    return "\n".join([*lines, "", *provenance_lines(report)])


def cut(label: str, width: int) -> str:
    """``label`` in at most ``width`` characters, ending in "…" where it is cut."""
    return label if len(label) <= width else label[: width - 1] + "…"


def write_csv(path: Path, report: Report) -> None:
    """One row per combination."""
    names = list(report["base"])
    with path.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(
            [
                *names,
                "games",
                "rolls_mean",
                "rolls_median",
                "turns_mean",
                "minutes_median",
                "seats_p_value",
                "seats_p_adjusted",
                "skill_win_rate",
                "skill_low",
                "skill_high",
                "captures_mean",
                "lead_changes_mean",
                "half_time_leader_wins",
                "summary",
            ]
        )
        for r in report["combinations"]:
            length, drama = r["length"], r["drama"]
            writer.writerow(
                [
                    *(r["options"][n] for n in names),
                    r["games"],
                    length["rolls"]["mean"],
                    length["rolls"]["median"],
                    length["turns"]["mean"],
                    length["minutes"]["median"],
                    r["fairness"]["p_value"],
                    r["fairness"]["p_adjusted"],
                    r["skill"]["win_rate"],
                    *r["skill"]["ci95"],
                    drama["captures"]["mean"],
                    drama["lead_changes"]["mean"],
                    drama["half_time_leader_wins"]["rate"],
                    r.get("effect", {}).get("summary", ""),
                ]
            )


def check_out(folder: Path) -> None:
    """Refuses an ``--out`` that cannot be written, before any game is played."""
    check_folder(folder, "--out")
    require_plots(f"--out {folder}")


def write_outputs(folder: Path, report: Report) -> None:
    """``report.json``, ``combinations.csv``, the plots and ``report.html`` in ``folder``."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "report.json").write_text(json.dumps(report, indent=2) + "\n")
        write_csv(folder / "combinations.csv", report)
        pictures = lab_report.draw_plots(folder, report)
        (folder / "report.html").write_text(lab_report.html(report, pictures))
    except OSError as err:
        # TRANSLATORS: {path} is a folder's path; {problem} the system's words for what failed
        failed = said("--out {path}: {problem}", path=str(folder), problem=system_words(err))
        raise saying(OptionError, failed) from None
