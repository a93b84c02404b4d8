"""The lab's pictures and its one-file HTML report (``pegrace lab --out``; the ``plots`` extra):
the distribution of game length per combination of rules, each seat's win rate with its
interval, and each combination's effects against the base rules with their intervals."""

from __future__ import annotations

import base64
import html as escape
from pathlib import Path
from typing import TYPE_CHECKING

from pegrace.lab_words import (
    MEASURES,
    WORDS_NOTE,
    Combination,
    Effect,
    Measure,
    Report,
    changes,
    p_number,
    p_words,
    percent,
)
from pegrace.provenance import provenance_lines

if TYPE_CHECKING:
    from matplotlib.figure import Figure

COLOURS = {"red": "#c44e52", "yellow": "#ccb974", "green": "#55a868", "blue": "#4c72b0"}


def _label(report: Report, result: Combination) -> str:
    return changes(report["base"], result["options"])


def _figure(width: float, height: float) -> Figure:
    from matplotlib.figure import Figure  # imported here: only --out needs matplotlib

    return Figure(figsize=(width, height), layout="constrained")


def draw_plots(folder: Path, report: Report) -> dict[str, Path]:
    """``length.png``, ``seats.png`` and (with more than one combination) ``effects.png``."""
    figures = {"length": length_figure(report), "seats": seats_figure(report)}
    if len(report["combinations"]) > 1:
        figures["effects"] = effects_figure(report)
    pictures = {}
    for name, figure in figures.items():
        pictures[name] = folder / f"{name}.png"
        figure.savefig(pictures[name], dpi=100)
    return pictures


def length_figure(report: Report) -> Figure:
    """Each combination's share of games by pops, on the bins they share (lab.histograms):
    the axis starts near the shortest game, and the longest games' last bin says "≥ N"."""
    from matplotlib.ticker import MaxNLocator

    figure = _figure(8, 4.2)
    axes = figure.subplots()
    for result in report["combinations"]:
        bins = result["histogram"]
        edges = [bins["low"] + i * bins["width"] for i in range(len(bins["counts"]) + 1)]
        shares = [c / result["games"] for c in bins["counts"]]
        axes.stairs(shares, edges, label=_label(report, result))
    width, overflow = bins["width"], edges[-2]
    axes.axvline(overflow, color="grey", linestyle=":")  # what lies past it is one bin
    near = MaxNLocator(6, integer=True).tick_values(edges[0], overflow)
    ticks = [t for t in near if edges[0] <= t <= overflow - 2 * width]  # clear of "≥ N"
    axes.set_xticks([*ticks, overflow + width / 2], [f"{t:g}" for t in ticks] + [f"≥ {overflow:g}"])
    axes.set_xlim(edges[0], edges[-1])
    axes.set_xlabel(f"pops per game (a minute is about {60 / report['seconds_per_roll']:g} pops)")
    axes.set_ylabel("share of games")
    axes.set_title(f"{report['game']}: how long games last")
    axes.legend(fontsize="small")
    return figure


def seats_figure(report: Report) -> Figure:
    """Each combination's win rate by seat with its interval, beside an equal share."""
    results = report["combinations"]
    figure = _figure(8, 1.8 + 0.45 * len(results))
    axes = figure.subplots()
    seats = [s["colour"] for s in results[0]["fairness"]["seats"]]
    band = 0.8 / len(seats)
    for k, colour in enumerate(seats):
        rates = [100 * r["fairness"]["seats"][k]["win_rate"] for r in results]
        low = [
            rate - 100 * r["fairness"]["seats"][k]["ci95"][0]
            for rate, r in zip(rates, results, strict=True)
        ]
        high = [
            100 * r["fairness"]["seats"][k]["ci95"][1] - rate
            for rate, r in zip(rates, results, strict=True)
        ]
        ys = [i + k * band for i in range(len(results))]
        axes.barh(
            ys,
            rates,
            height=band,
            xerr=[low, high],
            capsize=2,
            label=colour,
            color=COLOURS.get(colour),
        )
    axes.set_yticks(
        [i + 0.4 - band / 2 for i in range(len(results))], [_label(report, r) for r in results]
    )
    axes.invert_yaxis()
    axes.axvline(100 / len(seats), color="grey", linestyle=":")
    axes.set_xlabel("win rate by seat, % (bars: 95% interval; dotted: an equal share)")
    axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return figure


def effects_figure(report: Report) -> Figure:
    """Each combination's changes against the base rules with their intervals; a filled dot
    is a clear change (its Holm-adjusted p under 0.05), a hollow one is not."""
    effects = [r["effect"] for r in report["combinations"][1:]]
    figure = _figure(9, 1.6 + 0.5 * len(effects))
    panels = figure.subplots(1, 3, sharey=True)
    titles = ["game length, % change", "stronger player's wins, points", "captures, % change"]
    for axes, key, title in zip(panels, MEASURES, titles, strict=True):
        for y, found in enumerate(effects):
            value, low, high = (100 * x for x in found[key])
            fill = "#4c72b0" if found["grade"][key] == "clear" else "white"
            axes.errorbar(
                [value],
                [y],
                xerr=[[value - low], [high - value]],
                fmt="o",
                color="#4c72b0",
                markerfacecolor=fill,
                capsize=3,
            )
        axes.axvline(0, color="grey", linestyle=":")
        axes.set_title(title, fontsize="medium")
    panels[0].set_yticks(range(len(effects)), [found["changes"] for found in effects])
    panels[0].invert_yaxis()
    figure.suptitle(
        "effects against the base rules (95% intervals; filled: clear after Holm's correction)"
    )
    return figure


def _change(found: Effect, key: Measure) -> str:
    """An effect's cell: the change with its interval, its raw and adjusted p-values."""
    if key == "skill":
        value, low, high = (100 * x for x in found[key])
        shown = f"{value:+.1f} points [{low:+.1f}, {high:+.1f}]"
    else:
        shown = percent(found[key], signed=True)
    return f"{shown}<br><small>{p_words(found, key)}</small>"


def _rows(report: Report) -> str:
    rows = []
    for result in report["combinations"]:
        rolls, skill, drama = result["length"]["rolls"], result["skill"], result["drama"]
        fairness = result["fairness"]
        rows.append(
            f"<tr><td>{escape.escape(_label(report, result))}</td><td>{rolls['mean']:.1f}</td>"
            f"<td>{result['length']['minutes']['median']:.0f}</td>"
            f"<td>{escape.escape(p_number(fairness['p_value']))}</td>"
            f"<td>{escape.escape(p_number(fairness['p_adjusted']))}</td>"
            f"<td>{skill['win_rate']:.1%} [{skill['ci95'][0]:.1%}, {skill['ci95'][1]:.1%}]</td>"
            f"<td>{drama['captures']['mean']:.1f}</td><td>{drama['lead_changes']['mean']:.1f}</td>"
            f"<td>{drama['half_time_leader_wins']['rate']:.0%}</td></tr>"
        )
    return "".join(rows)


def _effect_rows(report: Report) -> str:
    rows = []
    for result in report["combinations"][1:]:
        found = result["effect"]
        cells = "".join(f"<td>{_change(found, key)}</td>" for key in MEASURES)
        rows.append(f"<tr><td>{escape.escape(found['changes'])}</td>{cells}</tr>")
    return "".join(rows)


def html(report: Report, pictures: dict[str, Path]) -> str:
    """One self-contained page: the settings, where it came from, the effects in words and
    in numbers (raw and Holm-adjusted p-values), the table, the options skipped, the plots."""
    e = escape.escape
    sentences = "".join(f"<li>{e(r['effect']['summary'])}</li>" for r in report["combinations"][1:])
    skipped = "".join(f"<li>{e(s)}</li>" for s in report["skipped"]) or "<li>none</li>"
    images = "".join(
        f'<img alt="{name}" src="data:image/png;base64,'
        f'{base64.b64encode(path.read_bytes()).decode()}">'
        for name, path in pictures.items()
    )
    seats = ", ".join(f"{c}={p}" for c, p in report["seats"].items())
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>pegrace lab: {e(report["game"])}</title>
<style>body{{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}}
table{{border-collapse:collapse}}td,th{{border-bottom:1px solid #ddd;padding:.3rem .6rem;
text-align:right}}td:first-child,th:first-child{{text-align:left}}img{{max-width:100%}}</style>
</head><body>
<h1>{e(report["game"])}: what the rules do</h1>
<p>{report["players"]} players, {report["games"]:,} games per combination and run, seed
{report["seed"]}. Fixed seats: {e(seats)}. Skill: {e(report["skill"]["strong"])} against
{e(report["skill"]["weak"])} players, seats rotated.</p>
{"".join(f"<p>{e(line)}</p>" for line in provenance_lines(report))}
<h2>Effects against the base rules</h2><ul>{sentences}</ul>
<p>{e(WORDS_NOTE)}</p>
<table><tr><th>rules (changes from the base)</th><th>game length</th><th>skill</th>
<th>captures</th></tr>
{_effect_rows(report)}</table>
<h2>Every combination</h2>
<table><tr><th>rules (changes from the base)</th><th>pops</th><th>minutes</th><th>seats p</th>
<th>seats p, adjusted</th><th>skill</th><th>captures</th><th>lead changes</th>
<th>half-time leader wins</th></tr>
{_rows(report)}</table>
<p>Pops per game (mean); minutes at {report["seconds_per_roll"]:g} s a pop (median); seats p:
chi-square test that every seat wins equally often, and that p adjusted by Holm's method over
every combination's test; skill: the stronger player's win rate with its 95% interval.</p>
<h2>Options not swept</h2><ul>{skipped}</ul>
{images}
</body></html>
"""
