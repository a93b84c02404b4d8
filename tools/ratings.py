"""Every computer level and personality rated on one scale per game (pegrace.ratings:
Bradley-Terry, Elo points, random at 0, 95% bootstrap intervals), from tournaments of each
player against 3 random, 3 medium and 3 hard players (seats rotated). Writes where the docs
and the web app read them: ``src/pegrace/web/ratings.json`` (the seat menu's "wins 78% against
3 random") and the ratings section of docs/ai.md, written again from every game that file rates
(``--only ludo`` rates Ludo again and keeps the others as they were rated).

    python tools/ratings.py --seed S [--games 4000] [--workers 2] [--out DIR] [--only ludo]
        [--draft]

By the strength protocol (``pegrace.claims``): every line, the expert's too, has the same fixed
number of games (at least 4,000 unless ``--draft``, which writes nothing) on one seed given on
the command line, a seed not used while developing; the script never chooses among seeds. 4
players, each game's default rules. ``--out DIR`` keeps each line's games in a folder of its own
as they finish (the same folders as ``benchmarks/strength_table.py --out DIR``, so a line either
played is read back, not played again), and the same command again plays on from where a run
stopped. The lines are played, kept and fitted by ``pegrace.rating_lines``, which `pegrace rate`
uses too.
"""

from __future__ import annotations

import argparse
import json
from datetime import date
from importlib.metadata import version
from pathlib import Path
from typing import Any

from pegrace.claims import MIN_GAMES
from pegrace.errors import OptionError
from pegrace.games import get_rules, list_games
from pegrace.rating_lines import (
    check_size,
    fitted,
    game_results,
    play_line,
    protocol_lines,
    rated_line,
)
from pegrace.ratings import GameResult
from pegrace.value import versions

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "src" / "pegrace" / "web" / "ratings.json"
DOCS = ROOT / "docs" / "ai.md"
START, END = "<!-- ratings: tools/ratings.py writes below -->", "<!-- /ratings -->"
PLAYERS = ("random", "easy", "medium", "aggressive", "runner", "cautious", "hard", "expert")
OPPONENTS = ("random", "medium", "hard")


def results_of(game: str, args: argparse.Namespace) -> tuple[list[GameResult], dict[str, object]]:
    """Every line's games as results, and each player's wins against 3 random."""
    rules = get_rules(game, 4, {})
    results, against_random = [], {}
    for line in protocol_lines(PLAYERS, OPPONENTS, rules.players):
        if f"{line.player}-vs-{line.against}" in args.leave_out:
            continue
        report, rows = play_line(rules, line, args.games, args.seed, args.out, args.workers)
        results += game_results(rows)
        rated = rated_line(line, report)
        if line.against == "random":
            against_random[line.player] = {key: rated[key] for key in ("win_rate", "ci95", "games")}
        print(
            f"{game}: {line.player} against 3 {line.against}: {rated['win_rate']:.1%}"
            f" of {args.games}",
            flush=True,
        )
    return results, against_random


def markdown(game: str, rated: dict[str, Any]) -> str:
    """A game's table of ratings as the docs show it, from its entry of the shipped file."""
    rules = get_rules(game, 4, {})
    left_out = rated["measured"].get("left_out", [])
    against = rated["against_random"]
    lines = [f"**{rules.short_title or rules.title}**", ""]
    if left_out:
        said = ", ".join(line.replace("-vs-", " against 3 ") for line in left_out)
        lines += [f"Lines left out (`--leave-out`): {said}; not played yet.", ""]
    lines += [
        "| player | Elo (random = 0) | 95% interval | wins against 3 random |",
        "|---|---:|---:|---:|",
    ]
    for r in rated["ratings"]:
        vs = against.get(str(r["player"]))
        share = "" if vs is None else f"{vs['win_rate']:.1%}"
        lines.append(
            f"| {r['player']} | {r['elo']:.0f} | [{r['low']:.0f}, {r['high']:.0f}] | {share} |"
        )
    return "\n".join(lines) + "\n"


def command(game: str, args: argparse.Namespace) -> str:
    """The command that measured ``game``'s ratings, as written beside them."""
    said = f"python tools/ratings.py --seed {args.seed} --games {args.games}"
    if args.leave_out or args.only != ",".join(list_games()):
        said += f" --only {game}"
    if args.leave_out:
        said += f" --leave-out {','.join(args.leave_out)}"
    return said


def parser() -> argparse.ArgumentParser:
    found = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    found.add_argument(
        "--seed", type=int, required=True, help="one seed for every line, not used while developing"
    )
    found.add_argument(
        "--games", type=int, default=MIN_GAMES, help=f"games per line (at least {MIN_GAMES:,})"
    )
    found.add_argument("--workers", type=int, default=1)
    found.add_argument("--only", default=",".join(list_games()), help="games, comma-separated")
    found.add_argument("--out", type=Path, help="keep each line's games in a folder here")
    found.add_argument("--draft", action="store_true", help="any size; prints, writes nothing")
    found.add_argument(
        "--leave-out",
        type=lambda text: [line for line in text.split(",") if line],
        default=[],
        metavar="LINE,...",
        help="lines not played (expert-vs-hard,...), said in what is written",
    )
    found.add_argument("--docs", type=Path, default=DOCS, help=argparse.SUPPRESS)
    found.add_argument("--shipped", type=Path, default=SHIPPED, help=argparse.SUPPRESS)
    return found


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args(argv)
    try:
        check_size(args.games, args.draft, MIN_GAMES)
    except OptionError as err:
        raise SystemExit(str(err)) from None
    if unknown := set(args.only.split(",")) - set(list_games()):
        raise SystemExit(f"--only: {', '.join(sorted(unknown))}: not a game")
    lines = {f"{line.player}-vs-{line.against}" for line in protocol_lines(PLAYERS, OPPONENTS, 4)}
    if unknown := set(args.leave_out) - lines:
        raise SystemExit(f"--leave-out: {', '.join(sorted(unknown))}: not a line (PLAYER-vs-LEVEL)")
    print(f"seed {args.seed}: given on the command line, the same for every line", flush=True)
    shipped = json.loads(args.shipped.read_text()) if args.shipped.exists() else {"games": {}}
    for game in args.only.split(","):
        results, against = results_of(game, args)
        ratings = fitted(results, args.seed)
        shipped["games"][game] = {
            "ratings": ratings,
            "against_random": against,
            "measured": {
                "command": command(game, args),
                "seed": args.seed,
                "games": args.games,
                "pegrace": version("pegrace"),
                "date": date.today().isoformat(),
                "learned_values": versions(),
                "left_out": args.leave_out,
            },
        }
        print(markdown(game, shipped["games"][game]))
    if args.draft:
        print("draft: nothing written")
        return
    args.shipped.write_text(json.dumps(shipped, indent=1) + "\n")
    if args.docs.exists():  # every game the shipped file rates, as it rates them
        sections = [markdown(game, shipped["games"][game]) for game in sorted(shipped["games"])]
        page = args.docs.read_text()
        start, end = page.index(START) + len(START), page.index(END)
        args.docs.write_text(page[:start] + "\n" + "\n".join(sections) + page[end:])


if __name__ == "__main__":
    main()
