"""Every game's option sweep (``pegrace lab GAME --all``), written where the docs and the web
app read it: ``docs/lab/GAME/`` (report.json, combinations.csv and the plots) and
``src/pegrace/web/lab_effects.json`` (each option value's effect in words, shown beside the
option on the new-game form).

    python benchmarks/lab_effects.py --games 20000 --workers 2 [--games-only trouble,ludo]

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


def sweep(game: str, games: int, workers: int) -> lab.Report:
    found, skipped = lab.every_option(game, PLAYERS, {})
    seats = {c: "computer:medium" for c in ("red", "yellow", "green", "blue")}
    settings = lab.Lab(game, PLAYERS, tuple(found), seats, "medium", "random", games, SEED,
                       tuple(skipped))  # fmt: skip
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
            "summary": effect["summary"], "length": effect["length"], "skill": effect["skill"],
            "captures": effect["captures"], "seats_fair": effect["fair_after"] >= 0.05,
        }  # fmt: skip
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--only", default=",".join(list_games()), help="games, comma-separated")
    args = parser.parse_args()
    shipped = json.loads(SHIPPED.read_text()) if SHIPPED.exists() else {"games": {}}
    for game in args.only.split(","):
        report = sweep(game, args.games, args.workers)
        shipped["games"][game] = {"base": report["base"], "options": effects_of(report)}
        print(lab.format_report(report), "\n")
    shipped["measured"] = {
        "command": f"python benchmarks/lab_effects.py --games {args.games}",
        "games": args.games, "players": PLAYERS, "seats": "medium", "seed": SEED,
        "skill": "medium against 3 random", "pegrace": version("pegrace"),
        "date": date.today().isoformat(),
    }  # fmt: skip
    SHIPPED.write_text(json.dumps(shipped, indent=1) + "\n")


if __name__ == "__main__":
    main()
