"""docs/ai.md's first table by the strength protocol, and tournament reports as rows.

The protocol, for every game and line (``--dry-run`` prints the commands and plays nothing):

    python benchmarks/strength_table.py --seed S [--games 4000] [--workers 2]
        [--only GAME,...] [--lines LINE,...] [--draft] [--dry-run] [--keep DIR]

plays each line as ``pegrace tournament GAME --player A --player B --player B --player B
--games N --seed S --workers W`` (a subprocess, its report read from ``--json``), judges it by
``pegrace.claims`` and writes docs/ai.md's first table between its markers, after each line
(a long run's lines outlive its end): a cell per line in the table at a glance, and below it a
row per line with its seed, games, point estimate, 95% interval, verdict and command. Rows and
cells the run did not measure are kept as they were.

The lines: each game's expert against 3 ``hard`` (target 30%, Trouble 28%); two-dice Ludo's
expert against 3 ``medium`` (target 32.5%); ``hard`` against 3 ``medium``, ``medium`` against 3
``easy`` and ``easy`` against 3 ``random`` (target: above 25%, the fair share). 4 players, each
game's default rules. Seats are rotated by ``pegrace tournament`` itself: game i seats the
line-up rotated by i mod 4, so each player sits in every seat equally (the games are a multiple
of 4; this script rounds ``--games`` up to one, as the tournament would).

One fixed size for every line (``--games``, 4,000 by default: fewer is refused unless
``--draft``) and one seed, given on the command line and printed: the script never chooses
among seeds. A draft (any size) only prints its table, never writes the docs and never shows a
tick. ``--keep DIR`` saves each line's report, which the form below turns into rows again;
``--out DIR`` keeps each line's games as they finish, so that the same command again plays on
from a line stopped before its end and reads a finished one back.

Reports to rows (as before; docs/results/ai-history.md's tables were made so):

    python benchmarks/strength_table.py [--pool] REPORT.json [...]

Each row: game, the line-up (first entry against the rest), games, the first entry's win rate
with its 95% interval, the fair share, and the command that reproduces it. With ``--pool``, the
reports of one line-up (game, players, rules) played with several seeds are also added up into
one line: wins of seat-games and the pooled 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import itertools
import json
import shlex
import shutil
import subprocess
import sys
import textwrap
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from pegrace.claims import FAIR_SHARE, MIN_GAMES, Judgement, Verdict, judge, line_folder
from pegrace.errors import OptionError
from pegrace.games import ENTRIES, get_rules, rules_class
from pegrace.simulate import wilson
from pegrace.tournament import balanced_games, kept_settings, read_kept

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "ai.md"
START = "<!-- strength: benchmarks/strength_table.py writes below -->"
END = "<!-- /strength -->"
PLAYERS = 4


def column_title(game: str) -> str:
    """A game's name in the tables: its short title, after its default rule set where it has
    several (``two-dice Ludo``, ``Marbles``)."""
    rules = rules_class(game)
    title = rules.short_title or rules.title
    variant = next((o.default for o in rules.option_specs if o.name == "variant"), None)
    return f"{variant} {title}" if variant else title


COLUMNS = {game: column_title(game) for game in ENTRIES}  # the registry's order
GLANCE_HEADER = ["", *COLUMNS.values()]
LINES_HEADER = [
    "game", "line-up", "target", "seed", "games", "win rate", "95% interval", "verdict", "command",
]  # fmt: skip
# the glance table's rows the protocol writes, by line name, in the order they are shown
LABELS = {
    "expert-vs-hard": "expert against 3 `hard` (target ≥ 30%, Trouble ≥ 28%)",
    "expert-vs-medium": "expert against 3 `medium` (target ≥ 32.5% in two-dice Ludo)",
    "hard-vs-medium": "`hard` against 3 `medium` (above 25%)",
    "medium-vs-easy": "`medium` against 3 `easy` (above 25%)",
    "easy-vs-random": "`easy` against 3 `random` (above 25%)",
}
LEVEL_LINES = ("hard-vs-medium", "medium-vs-easy", "easy-vs-random")
# the row the level lines replace: it stands until they have measured every game
SUPERSEDED = "each level above the one below"


# said above the table of lines, so that the page states the rule its ticks were earned by
RULE_TEXT = (
    "Every line: the first player against 3 of the level named, 4 players, each game's default "
    "rules, seats rotated every game (`pegrace tournament` seats game i's line-up rotated by "
    "i mod 4), a fixed number of games on one seed given to the script (it never chooses among "
    "seeds), with its 95% Wilson interval. ✔ the win rate is at least the target, the "
    f"interval's lower end above 25% (the fair share) and the line at least {MIN_GAMES:,} "
    "games; ~ the lower end above 25% but the target not shown; ✘ not shown (`pegrace.claims`). "
    "Written by `python benchmarks/strength_table.py --seed S`, which prints the commands:"
)


@dataclass(frozen=True)
class Line:
    """One line of the protocol: ``first`` against 3 ``others`` in ``game``, and its target."""

    game: str
    first: str
    others: str
    target: float

    @property
    def name(self) -> str:
        return f"{self.first}-vs-{self.others}"

    @property
    def lineup(self) -> list[str]:
        return [self.first] + [self.others] * (PLAYERS - 1)


def protocol_lines() -> list[Line]:
    """Every game's lines, in the order they are played and shown."""
    lines = []
    for game in COLUMNS:
        lines.append(Line(game, "expert", "hard", 0.28 if game == "trouble" else 0.30))
        if game == "ludo":  # two-dice Ludo, the game's default rules
            lines.append(Line(game, "expert", "medium", 0.325))
        for name in LEVEL_LINES:
            first, others = name.split("-vs-")
            lines.append(Line(game, first, others, FAIR_SHARE))
    return lines


def chosen_lines(games: list[str] | None, names: list[str] | None) -> list[Line]:
    """The protocol's lines of ``games`` named ``names`` (all where None)."""
    return [
        line
        for line in protocol_lines()
        if (games is None or line.game in games) and (names is None or line.name in names)
    ]


def names_among(known: Iterable[str]) -> Callable[[str], list[str]]:
    """An option's type: names separated by commas, each one of ``known``."""

    def names(text: str) -> list[str]:
        picked = text.split(",")
        if unknown := [name for name in picked if name not in known]:
            raise argparse.ArgumentTypeError(f"{', '.join(unknown)}: not one of {', '.join(known)}")
        return picked

    return names


def tournament_args(line: Line, games: int, seed: int, workers: int) -> list[str]:
    """The command that plays ``line``, as docs/ai.md shows it."""
    players = [arg for spec in line.lineup for arg in ("--player", spec)]
    return [
        "pegrace", "tournament", line.game, *players,
        "--games", str(games), "--seed", str(seed), "--workers", str(workers),
    ]  # fmt: skip


def pegrace_program() -> str:
    """The pegrace beside this Python (a venv's), else the one on the PATH."""
    beside = Path(sys.executable).with_name("pegrace")
    found = str(beside) if beside.exists() else shutil.which("pegrace")
    if found is None:
        raise SystemExit("pegrace: not found beside this Python nor on the PATH")
    return found


def play(args: list[str], out: Path | None = None) -> dict[str, Any]:
    """Runs a tournament command and reads its report; its progress goes to our stderr. With
    ``out``, a folder of the line's own: the games are kept there as they finish, a line
    stopped before its end plays on from them (``--resume``), and a finished one is read
    back rather than played again."""
    extra = [] if out is None else ["--out", str(out)]
    if out is not None and (out / "results.json").exists():
        return finished(out / "results.json", args)
    if out is not None and (out / "partial.jsonl").exists():
        extra.append("--resume")
    done = subprocess.run(
        [pegrace_program(), *args[1:], *extra, "--json"],
        stdout=subprocess.PIPE,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"{shlex.join(args)}: exited {done.returncode}")
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def finished(path: Path, args: list[str]) -> dict[str, Any]:
    """A line's report kept by an earlier run, if it played this very command."""
    lineup = [arg for flag, arg in itertools.pairwise(args) if flag == "--player"]
    games, seed = (int(args[args.index(flag) + 1]) for flag in ("--games", "--seed"))
    rules = get_rules(args[2], len(lineup), {})
    try:
        report, _ = read_kept(path, kept_settings(rules, lineup, games, seed))
    except OptionError as err:
        raise SystemExit(str(err)) from None
    return cast(dict[str, Any], report)


@dataclass(frozen=True)
class Measured:
    """A line as played: its report's games and seed, the first entry's wins, the verdict."""

    line: Line
    games: int
    seed: int
    wins: int
    judgement: Judgement
    command: str


def measured(line: Line, report: dict[str, Any], command: str, draft: bool) -> Measured:
    if report["lineup"] != line.lineup or report["game"] != line.game:
        raise SystemExit(f"{command}: its report is of {report['game']} {report['lineup']}")
    entry = first_entry(report)
    judgement = judge(entry["wins"], entry["seat_games"], line.target, report["fair_share"])
    if draft and judgement.verdict is Verdict.MET:
        # a draft is a look, not a claim, whatever its numbers: it never shows a tick
        judgement = Judgement(
            judgement.estimate, judgement.low, judgement.high, Verdict.ABOVE_SHARE
        )
    return Measured(line, report["games"], report["seed"], entry["wins"], judgement, command)


def interval_text(judgement: Judgement) -> str:
    return f"[{100 * judgement.low:.1f}, {100 * judgement.high:.1f}]"


def glance_cell(line: Measured) -> str:
    j = line.judgement
    return f"{j.verdict.mark} {j.estimate:.1%} {interval_text(j)} of {line.games:,}"


def target_text(target: float) -> str:
    return "> 25%" if target == FAIR_SHARE else f"≥ {100 * target:g}%"


def lines_row(line: Measured) -> list[str]:
    j = line.judgement
    return [
        COLUMNS[line.line.game],
        f"{line.line.first} vs 3 {line.line.others}",
        target_text(line.line.target),
        str(line.seed),
        f"{line.games:,}",
        f"{j.estimate:.1%}",
        interval_text(j),
        f"{j.verdict.mark} {j.verdict.value}",
        f"`{line.command}`",
    ]


def cells_of(row: str) -> list[str]:
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def markdown_row(cells: list[str]) -> str:
    return "|" + "|".join(f" {cell} " if cell else " " for cell in cells) + "|"


def tables_of(block: str) -> list[list[list[str]]]:
    """Every markdown table in ``block``: its rows' cells, the header first (no rule line)."""
    tables: list[list[list[str]]] = []
    previous = ""
    for text in block.splitlines():
        if text.startswith("|"):
            if not previous.startswith("|"):
                tables.append([])
            if not set(text) <= set("|-: "):
                tables[-1].append(cells_of(text))
        previous = text
    return tables


def merged_glance(old: list[list[str]], lines: list[Measured]) -> list[list[str]]:
    """The glance table's rows: the protocol's (this run's cells over the old ones), then
    every other old row as it was."""
    columns = list(COLUMNS)
    rows = {row[0]: by_columns(old[0], row) for row in old[1:]}
    for line in lines:
        cells = rows.setdefault(LABELS[line.line.name], [""] * len(columns))
        cells[columns.index(line.line.game)] = glance_cell(line)
    levels_done = all(all(rows.get(LABELS[name], [""])) for name in LEVEL_LINES)
    protocol = [[label, *rows[label]] for label in LABELS.values() if label in rows]
    kept = [
        [label, *cells]
        for label, cells in rows.items()
        if label not in LABELS.values() and not (label == SUPERSEDED and levels_done)
    ]
    return protocol + kept


def by_columns(header: list[str], row: list[str]) -> list[str]:
    """An old glance row's cells in ``COLUMNS``' order, read by its table's ``header`` (a
    table from before a game was added, or in another order; a game it lacks: empty)."""
    cell_of = dict(zip(header[1:], row[1:], strict=False))
    return [cell_of.get(title, "") for title in COLUMNS.values()]


def merged_lines(old: list[list[str]], lines: list[Measured]) -> list[list[str]]:
    """A row per line: this run's over the old ones, in the protocol's order."""
    rows = {(row[0], row[1]): row for row in old[1:]}
    for line in lines:
        row = lines_row(line)
        rows[(row[0], row[1])] = row
    order = [(COLUMNS[ln.game], f"{ln.first} vs 3 {ln.others}") for ln in protocol_lines()]
    return [rows[key] for key in order if key in rows] + [
        row for key, row in rows.items() if key not in order
    ]


def table_text(header: list[str], rows: list[list[str]]) -> list[str]:
    rule = "|" + "---|" * len(header)
    return [markdown_row(header), rule, *(markdown_row(row) for row in rows)]


def block_text(old_block: str, lines: list[Measured]) -> str:
    """The markdown between the markers: the glance table, then the table of every line."""
    tables = [table for table in tables_of(old_block) if table]
    glances = [t for t in tables if t[0][:1] == [""] and t[0] != LINES_HEADER]
    glance = glances[0] if glances else [GLANCE_HEADER]
    old_lines = next((t for t in tables if t[0] == LINES_HEADER), [LINES_HEADER])
    if len(glances) > 1 or any(t[0] != LINES_HEADER and t not in glances for t in tables):
        raise SystemExit(f"a table between {START} and {END} that is neither of this script's")
    text = table_text(GLANCE_HEADER, merged_glance(glance, lines))
    rule = textwrap.fill(RULE_TEXT, 100, break_on_hyphens=False)  # the page's line length
    text += ["", rule, "", *table_text(LINES_HEADER, merged_lines(old_lines, lines))]
    return "\n".join(text) + "\n"


def write_docs(path: Path, lines: list[Measured]) -> str:
    page = path.read_text()
    if START not in page or END not in page:
        raise SystemExit(f"{path}: no {START} ... {END} around its first table")
    start, end = page.index(START) + len(START), page.index(END)
    block = block_text(page[start:end], lines)
    path.write_text(page[:start] + "\n" + block + page[end:])
    return block


def run_protocol(args: argparse.Namespace) -> None:
    lines = chosen_lines(args.only, args.lines)
    if not lines:
        raise SystemExit("--only and --lines leave no line of the protocol to play")
    games = balanced_games(args.games, PLAYERS)
    print(f"seed {args.seed}: given on the command line, the same for every line; {games} games")
    results = []
    for line in lines:
        command = tournament_args(line, games, args.seed, args.workers)
        print(shlex.join(command), flush=True)
        if args.dry_run:
            continue
        folder = line_folder(line.game, line.first, line.others, args.seed, args.games)
        report = play(command, None if args.out is None else args.out / folder)
        if args.keep is not None:
            args.keep.mkdir(parents=True, exist_ok=True)
            (args.keep / f"{line.game}-{line.name}-{args.seed}.json").write_text(
                json.dumps(report, indent=2) + "\n"
            )
        results.append(measured(line, report, shlex.join(command), args.draft))
        print(markdown_row(lines_row(results[-1])), flush=True)
        if not args.draft:  # each line as it is done: a long run's lines outlive its end
            write_docs(args.docs, results[-1:])
    if args.dry_run:
        return
    if args.draft:
        print("\ndraft: no tick shown, docs not written\n")
        print(block_text("", results), end="")
    else:
        page = args.docs.read_text()
        print(f"\n{args.docs}:\n")
        print(page[page.index(START) + len(START) : page.index(END)].lstrip("\n"), end="")


# Reports to rows, as before.


def lineup_text(lineup: list[str]) -> str:
    first, rest = lineup[0], Counter(lineup[1:])
    return f"{first} vs " + " + ".join(f"{n} {spec}" for spec, n in rest.items())


def command(report: dict[str, object]) -> str:
    lineup = report["lineup"]
    assert isinstance(lineup, list)
    rules = report["rules"]
    assert isinstance(rules, dict)
    players = " ".join(f"--player {spec}" for spec in lineup)
    given = ",".join(f"{k}={v}" for k, v in rules.items())
    return (
        f"pegrace tournament {report['game']} {players} --games {report['games']} "
        f"--seed {report['seed']} --rules {given}"
    )


def row(report: dict[str, object]) -> str:
    lineup = report["lineup"]
    assert isinstance(lineup, list)
    first = first_entry(report)
    rate, (low, high) = first["win_rate"], first["ci95"]
    share = report["fair_share"]
    assert isinstance(share, float)
    return (
        f"| {report['game']} | {lineup_text(lineup)} | {report['games']} | "
        f"{rate:.1%} | [{low:.1%}, {high:.1%}] | {share:.0%} | "
        f"`{command(report)}` |"
    )


def first_entry(report: dict[str, Any]) -> dict[str, Any]:
    entries, lineup = report["entries"], report["lineup"]
    assert isinstance(entries, list) and isinstance(lineup, list)
    entry: dict[str, Any] = next(e for e in entries if e["player"] == lineup[0])
    return entry


def pooled(reports: list[dict[str, object]]) -> list[str]:
    """One line per line-up played with several seeds: its wins added up, with their interval."""
    lines: dict[str, list[dict[str, object]]] = {}
    for report in reports:
        key = json.dumps([report["game"], report["lineup"], report["rules"]], sort_keys=True)
        lines.setdefault(key, []).append(report)
    text = []
    for same in lines.values():
        if len(same) > 1:
            wins = sum(first_entry(r)["wins"] for r in same)
            games = sum(first_entry(r)["seat_games"] for r in same)
            low, high = wilson(wins, games)
            lineup = same[0]["lineup"]
            assert isinstance(lineup, list)
            seeds = ", ".join(str(r["seed"]) for r in same)
            text.append(
                f"{same[0]['game']} {lineup_text(lineup)}, seeds {seeds}: {wins} of {games}, "
                f"{wins / games:.1%} [{low:.1%}, {high:.1%}]"
            )
    return text


def read_report(path: str) -> dict[str, object]:
    try:
        report: dict[str, object] = json.loads(Path(path).read_text())
    except (OSError, ValueError) as error:
        raise SystemExit(f"{path}: not a `pegrace tournament --json` report ({error})") from None
    return report


def report_rows(paths: list[str], pool: bool) -> None:
    reports = [read_report(path) for path in paths]
    print("| game | line-up | games | first entry wins | 95% CI | fair share | command |")
    print("|---|---|---|---|---|---|---|")
    for report in reports:
        print(row(report))
    if pool:
        print()
        for line in pooled(reports):
            print(line)


def parser() -> argparse.ArgumentParser:
    made = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    made.add_argument("reports", nargs="*", metavar="REPORT.json", help="reports to rows")
    made.add_argument("--pool", action="store_true", help="with reports: seeds added up")
    made.add_argument("--seed", type=int, help="the protocol's seed, for every line (required)")
    made.add_argument(
        "--games", type=int, default=MIN_GAMES, help=f"games a line (default {MIN_GAMES:,})"
    )
    made.add_argument("--workers", type=int, default=1, help="pegrace tournament's --workers")
    made.add_argument(
        "--only", type=names_among(COLUMNS), metavar="GAME,...", help=f"of {', '.join(COLUMNS)}"
    )
    made.add_argument(
        "--lines", type=names_among(LABELS), metavar="LINE,...", help=f"of {', '.join(LABELS)}"
    )
    made.add_argument("--draft", action="store_true", help="any size; print only, never a tick")
    made.add_argument("--dry-run", action="store_true", help="print the commands, play nothing")
    made.add_argument("--docs", type=Path, default=DOCS, help="the page written (docs/ai.md)")
    made.add_argument("--keep", type=Path, metavar="DIR", help="save each line's report here")
    made.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help="keep each line's games in a folder of its own here as they finish: the same "
        "command again plays on from a stopped line and reads back a finished one",
    )
    return made


def main(argv: list[str]) -> None:
    made = parser()
    args = made.parse_args(argv)
    if args.reports:
        if args.seed is not None:
            made.error("either REPORT.json files to rows, or --seed to run the protocol")
        report_rows(args.reports, args.pool)
        return
    if args.seed is None:
        made.error("--seed S is required to run the protocol (or give REPORT.json files)")
    if args.games < MIN_GAMES and not args.draft:
        made.error(f"--games {args.games}: a line has at least {MIN_GAMES:,} (or --draft)")
    if args.games < 1:
        made.error(f"--games {args.games}: at least 1")
    run_protocol(args)


if __name__ == "__main__":
    main(sys.argv[1:])
