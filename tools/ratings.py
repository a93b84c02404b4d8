"""Every computer level and personality rated on one scale per game (pegrace.ratings:
Bradley-Terry, Elo points, random at 0, 95% bootstrap intervals), from tournaments of each
player against 3 random, 3 medium and 3 hard players (seats rotated). Writes where the docs
and the web app read them: ``src/pegrace/web/ratings.json`` (the seat menu's "wins 78% against
3 random") and the ratings section of docs/ai.md.

    python tools/ratings.py --games 4000 --expert-games 200 --workers 2 [--only ludo]

4 players, each game's default rules, seed 2026.
"""

from __future__ import annotations

import argparse
import json
from datetime import date
from importlib.metadata import version
from pathlib import Path

from pegrace.games import get_rules, list_games
from pegrace.ratings import GameResult, rate
from pegrace.tournament import run_tournament
from pegrace.value import versions

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "src" / "pegrace" / "web" / "ratings.json"
DOCS = ROOT / "docs" / "ai.md"
START, END = "<!-- ratings: tools/ratings.py writes below -->", "<!-- /ratings -->"
PLAYERS = ("random", "easy", "medium", "aggressive", "runner", "cautious", "hard", "expert")
OPPONENTS = ("random", "medium", "hard")
SEED = 2026


def results_of(
    game: str, games: int, expert_games: int, workers: int
) -> tuple[list[GameResult], dict[str, object]]:
    """Every line's games as results, and each player's wins against 3 random."""
    rules = get_rules(game, 4, {})
    results, against_random = [], {}
    for player in PLAYERS:
        for opponent in OPPONENTS:
            if player == opponent:
                continue
            count = expert_games if "expert" in (player, opponent) else games
            report, rows = run_tournament(
                rules, [player, opponent, opponent, opponent], count, SEED, workers
            )
            for row in rows:
                colours = list(row["seats"])
                results.append(
                    GameResult(
                        tuple(row["seats"][c] for c in colours),
                        tuple(row["places"][c] for c in colours),
                    )
                )
            if opponent == "random":
                entry = report["entries"][0]
                against_random[player] = {
                    "win_rate": entry["win_rate"],
                    "ci95": entry["ci95"],
                    "games": entry["seat_games"],
                }
            print(
                f"{game}: {player} against 3 {opponent}: {report['entries'][0]['win_rate']:.1%}"
                f" of {count}",
                flush=True,
            )
    return results, against_random


def markdown(game: str, ratings: list[dict[str, object]], against: dict[str, object]) -> str:
    lines = [
        f"**{game.title()}**",
        "",
        "| player | Elo (random = 0) | 95% interval | wins against 3 random |",
        "|---|---:|---:|---:|",
    ]
    for r in ratings:
        vs = against.get(str(r["player"]))
        share = "" if vs is None else f"{vs['win_rate']:.1%}"  # type: ignore[index]
        lines.append(
            f"| {r['player']} | {r['elo']:.0f} | [{r['low']:.0f}, {r['high']:.0f}] | {share} |"
        )
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4000, help="games per line without the expert")
    parser.add_argument("--expert-games", type=int, default=400, help="games per expert line")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--only", default=",".join(list_games()))
    args = parser.parse_args()
    shipped = json.loads(SHIPPED.read_text()) if SHIPPED.exists() else {"games": {}}
    sections = []
    for game in args.only.split(","):
        results, against = results_of(game, args.games, args.expert_games, args.workers)
        ratings = [r.__dict__ for r in rate(results, resamples=200, seed=SEED)]
        shipped["games"][game] = {"ratings": ratings, "against_random": against}
        sections.append(markdown(game, ratings, against))
        print(sections[-1])
    shipped["measured"] = {
        "command": f"python tools/ratings.py --games {args.games} --expert-games "
        f"{args.expert_games}",
        "seed": SEED,
        "pegrace": version("pegrace"),
        "date": date.today().isoformat(),
        "learned_values": versions(),
    }
    SHIPPED.write_text(json.dumps(shipped, indent=1) + "\n")
    if args.only == ",".join(list_games()):
        page = DOCS.read_text()
        start, end = page.index(START) + len(START), page.index(END)
        DOCS.write_text(page[:start] + "\n" + "\n".join(sections) + page[end:])


if __name__ == "__main__":
    main()
