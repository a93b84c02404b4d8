"""The lab's pictures and its one-file HTML report (``pegrace lab --out``; the ``plots`` extra):
the distribution of game length per combination of rules, each seat's win rate with its
interval, and each combination's effects against the base rules with their intervals."""

from __future__ import annotations

import base64
import html as escape
from pathlib import Path
from typing import Any

from pegrace.lab import Report, changes

COLOURS = {"red": "#c44e52", "yellow": "#ccb974", "green": "#55a868", "blue": "#4c72b0"}


def _label(report: Report, result: dict[str, Any]) -> str:
    return changes(report["base"], result["options"])


def draw_plots(folder: Path, report: Report) -> dict[str, Path]:
    """``length.png``, ``seats.png`` and (with more than one combination) ``effects.png``."""
    from matplotlib.figure import Figure  # imported here: only --out needs matplotlib

    results = report["combinations"]
    pictures = {}
    figure = Figure(figsize=(8, 4.2), layout="constrained")
    axes = figure.subplots()
    for result in results:
        width, counts = result["histogram"]["width"], result["histogram"]["counts"]
        shares = [c / result["games"] for c in counts]
        axes.step([i * width for i in range(len(counts))], shares, where="post",
                  label=_label(report, result))  # fmt: skip
    axes.set_xlabel(f"pops per game (a minute is about {60 / report['seconds_per_roll']:g} pops)")
    axes.set_ylabel("share of games")
    axes.set_title(f"{report['game']}: how long games last")
    axes.legend(fontsize="small")
    pictures["length"] = folder / "length.png"
    figure.savefig(pictures["length"], dpi=100)

    figure = Figure(figsize=(8, 1.8 + 0.45 * len(results)), layout="constrained")
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
        axes.barh(ys, rates, height=band, xerr=[low, high], capsize=2, label=colour,
                  color=COLOURS.get(colour))  # fmt: skip
    axes.set_yticks([i + 0.4 - band / 2 for i in range(len(results))],
                    [_label(report, r) for r in results])  # fmt: skip
    axes.invert_yaxis()
    axes.axvline(100 / len(seats), color="grey", linestyle=":")
    axes.set_xlabel("win rate by seat, % (bars: 95% interval; dotted: an equal share)")
    axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.0, 1.0))
    pictures["seats"] = folder / "seats.png"
    figure.savefig(pictures["seats"], dpi=100)

    effects = [r for r in results[1:] if "effect" in r]
    if effects:
        figure = Figure(figsize=(9, 1.6 + 0.5 * len(effects)), layout="constrained")
        panels = figure.subplots(1, 3, sharey=True)
        measures = [("length", "game length, % change"), ("skill", "stronger player's wins, "
                    "points"), ("captures", "captures, % change")]  # fmt: skip
        for axes, (key, title) in zip(panels, measures, strict=True):
            for y, result in enumerate(effects):
                value, low, high = (100 * x for x in result["effect"][key])
                axes.errorbar([value], [y], xerr=[[value - low], [high - value]], fmt="o",
                              color="#4c72b0", capsize=3)  # fmt: skip
            axes.axvline(0, color="grey", linestyle=":")
            axes.set_title(title, fontsize="medium")
        panels[0].set_yticks(range(len(effects)), [_label(report, r) for r in effects])
        panels[0].invert_yaxis()
        figure.suptitle("effects against the base rules (95% intervals)")
        pictures["effects"] = folder / "effects.png"
        figure.savefig(pictures["effects"], dpi=100)
    return pictures


def html(report: Report, pictures: dict[str, Path]) -> str:
    """One self-contained page: the settings, the table, the effects in words, the plots."""
    e = escape.escape
    rows = []
    for result in report["combinations"]:
        rolls, skill, drama = result["length"]["rolls"], result["skill"], result["drama"]
        rows.append(
            f"<tr><td>{e(_label(report, result))}</td><td>{rolls['mean']:.1f}</td>"
            f"<td>{result['length']['minutes']['median']:.0f}</td>"
            f"<td>{result['fairness']['p_value']:.3f}</td>"
            f"<td>{skill['win_rate']:.1%} [{skill['ci95'][0]:.1%}, {skill['ci95'][1]:.1%}]</td>"
            f"<td>{drama['captures']['mean']:.1f}</td><td>{drama['lead_changes']['mean']:.1f}</td>"
            f"<td>{drama['half_time_leader_wins']['rate']:.0%}</td></tr>"
        )
    sentences = "".join(f"<li>{e(r['effect']['summary'])}</li>" for r in report["combinations"][1:])
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
<h2>Effects against the base rules</h2><ul>{sentences}</ul>
<table><tr><th>rules (changes from the base)</th><th>pops</th><th>minutes</th><th>seats p</th>
<th>skill</th><th>captures</th><th>lead changes</th><th>half-time leader wins</th></tr>
{"".join(rows)}</table>
<p>Pops per game (mean); minutes at {report["seconds_per_roll"]:g} s a pop (median); seats p:
chi-square test that every seat wins equally often; skill: the stronger player's win rate with
its 95% interval.</p>
{images}
</body></html>
"""
