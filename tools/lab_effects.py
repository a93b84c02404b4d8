"""Every game's option sweep (``pegrace lab GAME --all``), written where the docs and the web
app read it: ``docs/lab/GAME/`` (report.json, combinations.csv and the plots) and
``src/pegrace/web/lab_effects.json`` (each option value's effect in words, shown beside the
option on the new-game form), and the sweeps' section of docs/lab.md (with every game).

    python tools/lab_effects.py --games 20000 --workers 2 [--games-only trouble,ludo]

4 players, medium players in every seat, medium against 3 random for skill, seed 2026.
"""

from __future__ import annotations

import argparse
import json
from datetime import date
from importlib.metadata import version
from pathlib import Path

from pegrace import lab
from pegrace.games import list_games
from pegrace.simulate import progress_bar

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "src" / "pegrace" / "web" / "lab_effects.json"
SEED, PLAYERS = 2026, 4
DOCS = ROOT / "docs" / "lab.md"
START, END = "<!-- sweeps: tools/lab_effects.py writes below -->", "<!-- /sweeps -->"


def sweep(game: str, games: int, workers: int) -> lab.Report:
    found, skipped = lab.every_option(game, PLAYERS, {})
    seats = {c: "computer:medium" for c in ("red", "yellow", "green", "blue")}
    settings = lab.Lab(
        game, PLAYERS, tuple(found), seats, "medium", "random", games, SEED, tuple(skipped)
    )
    print(f"{game}: {len(found)} combinations")
    report = lab.run(settings, workers, progress=progress_bar(2 * games * len(found)))
    folder = ROOT / "docs" / "lab" / game
    lab.write_outputs(folder, report)
    (folder / "report.html").unlink()  # the plots again, inlined: docs/lab.md shows them
    return report


def effects_of(report: lab.Report) -> dict[str, dict[str, dict[str, object]]]:
    """option -> value -> its effect (the sentence and the figures behind it)."""
    base = report["base"]
    found: dict[str, dict[str, dict[str, object]]] = {}
    for result in report["combinations"][1:]:
        ((name, value),) = [(k, v) for k, v in result["options"].items() if base[k] != v]
        effect = result["effect"]
        found.setdefault(name, {})[value] = {
            "summary": effect["summary"],
            "length": effect["length"],
            "skill": effect["skill"],
            "captures": effect["captures"],
            "p": effect["p"],
            "p_adjusted": effect["p_adjusted"],
            "grade": effect["grade"],
        }
    return found


def markdown(report: lab.Report) -> str:
    """A game's sweep for docs/lab.md: the table, the effects in words, the plots."""
    game = report["game"]
    lines = [
        f"### {game.title()}",
        "",
        f"`pegrace lab {game} --all --games {report['games']} --seed {report['seed']}`",
        "",
        "| rules | pops: mean (middle 80%) | minutes | seats: p, adjusted (best seat) | skill "
        "| captures | lead changes | half-time leader wins |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in report["combinations"]:
        pops, skill, drama = r["length"]["rolls"], r["skill"], r["drama"]
        fairness = r["fairness"]
        best = max(fairness["seats"], key=lambda seat: seat["win_rate"])
        lines.append(
            f"| {lab.changes(report['base'], r['options'])} | {pops['mean']:.0f} "
            f"({pops['q10']:.0f}–{pops['q90']:.0f}) | {r['length']['minutes']['median']:.0f} | "
            f"{lab.p_number(fairness['p_value'])}, {lab.p_number(fairness['p_adjusted'])} "
            f"({best['colour']} {best['win_rate']:.1%}) | "
            f"{skill['win_rate']:.1%} [{skill['ci95'][0]:.1%}, {skill['ci95'][1]:.1%}] | "
            f"{drama['captures']['mean']:.1f} | {drama['lead_changes']['mean']:.1f} | "
            f"{drama['half_time_leader_wins']['rate']:.0%} |"
        )
    lines += [""] + [f"- {r['effect']['summary']}." for r in report["combinations"][1:]]
    lines += [f"- Not swept: {s}." for s in report["skipped"]]
    lines += [
        "",
        f"![{game}: effects against the base rules](lab/{game}/effects.png)",
        f"![{game}: game length](lab/{game}/length.png)",
        f"![{game}: win rate by seat](lab/{game}/seats.png)",
        "",
    ]
    return "\n".join(lines)


def write_docs(sections: list[str]) -> None:
    """The sweeps into docs/lab.md, between its markers."""
    page = DOCS.read_text()
    start, end = page.index(START) + len(START), page.index(END)
    DOCS.write_text(page[:start] + "\n" + "\n".join(sections) + page[end:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--only", default=",".join(list_games()), help="games, comma-separated")
    args = parser.parse_args()
    shipped = json.loads(SHIPPED.read_text()) if SHIPPED.exists() else {"games": {}}
    sections = []
    for game in args.only.split(","):
        report = sweep(game, args.games, args.workers)
        shipped["games"][game] = {"base": report["base"], "options": effects_of(report)}
        sections.append(markdown(report))
        print(lab.format_report(report), "\n")
    if args.only == ",".join(list_games()):
        write_docs(sections)
    shipped["measured"] = {
        "command": f"python tools/lab_effects.py --games {args.games}",
        "games": args.games,
        "players": PLAYERS,
        "seats": "medium",
        "seed": SEED,
        "skill": "medium against 3 random",
        "pegrace": version("pegrace"),
        "date": date.today().isoformat(),
    }
    SHIPPED.write_text(json.dumps(shipped, indent=1) + "\n")


if __name__ == "__main__":
    main()
