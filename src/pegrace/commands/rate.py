"""``pegrace rate``: named players, built-in or from outside, rated on one scale with the levels
they play against, by the strength protocol (pegrace.rating_lines; words here)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from pegrace import outputs, tournament
from pegrace.cells import cell_len
from pegrace.claims import MIN_GAMES
from pegrace.commands.common import (
    Command,
    check_where,
    help_words,
    one_of_the_games,
    warn,
    where_flags,
)
from pegrace.engine import Rules
from pegrace.errors import OptionError, saying, system_words
from pegrace.games import get_rules
from pegrace.i18n import N_, Fixed, Said, current, gettext, said, said_n, say, written
from pegrace.players import pinned_spec
from pegrace.provenance import provenance, provenance_lines
from pegrace.rating_lines import (
    Line,
    RatedLine,
    RateReport,
    check_size,
    fitted,
    game_results,
    play_line,
    protocol_lines,
    rated_line,
)
from pegrace.ratings import ANCHOR, GameResult

AGAINST = "random,medium,hard"


def declare(rate: argparse.ArgumentParser) -> None:
    rate.add_argument("game", help=one_of_the_games())
    rate.add_argument(
        "--player",
        action="append",
        required=True,
        metavar="SPEC",
        help=help_words(
            N_(
                "a player to rate, repeated: a built-in one (expert, expert:ms=20, policy) or "
                "one from outside (module:PACKAGE.MODULE:NAME, bot:COMMAND, sb3:PATH, "
                "openspiel:BOT; docs/rl.md)"
            )
        ),
    )
    rate.add_argument(
        "--against",
        default=AGAINST,
        metavar="LEVELS",
        help=help_words(
            N_(
                "the levels every player plays a line against, comma-separated; they are "
                "rated too, each against the others (default {levels})"
            ),
            levels=AGAINST,
        ),
    )
    rate.add_argument(
        "--seed",
        type=int,
        required=True,
        help=help_words(
            N_("the seed of every line, stated before the games and not chosen among others")
        ),
    )
    rate.add_argument(
        "--games",
        type=int,
        default=MIN_GAMES,
        metavar="N",
        help=help_words(
            N_("games in each line, the same for every line (default and least {least})"),
            least=protocol_games(),
        ),
    )
    rate.add_argument(
        "--players",
        type=int,
        default=4,
        metavar="K",
        help=help_words(N_("how many play each game: a player and K-1 of one level (default 4)")),
    )
    where_flags(rate)
    rate.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help=help_words(
            N_(
                "keep each line's games in a folder of its own here as they finish: the same "
                "command again reads the finished lines back and plays on where it stopped"
            )
        ),
    )
    rate.add_argument(
        "--json",
        type=Path,
        metavar="FILE",
        help=help_words(
            N_(
                "also write the report as JSON here: the ratings, every line, how it was made "
                "(- prints it instead of the table)"
            )
        ),
    )
    rate.add_argument(
        "--draft",
        action="store_true",
        help=help_words(
            N_("allow lines shorter than {least} games: a try, which claims nothing"),
            least=protocol_games(),
        ),
    )


def protocol_games() -> str:
    """The protocol's least games a line, written the person's way ("4,000")."""
    return number(Fixed(MIN_GAMES, 0))


def chosen(args: argparse.Namespace) -> tuple[list[str], list[str]]:
    """The players named and the levels against, checked: the scale's 0 among them."""
    if args.games < 1:
        # TRANSLATORS: --games is an option, as typed; {games} its value
        few = said("--games {games}: play at least 1 game", games=str(args.games))
        raise saying(OptionError, few)
    check_where(args)
    check_size(args.games, args.draft)
    named = [pinned_spec(spec.strip()) for spec in args.player]  # a weights file by checksum
    against = [level.strip() for level in args.against.split(",")]
    if not all(against):
        # TRANSLATORS: --against is an option, as typed; {given} what was given; the example
        # as typed
        empty = said(
            "--against {given}: name the levels, comma-separated, e.g. random,medium,hard",
            given=repr(args.against),
        )
        raise saying(OptionError, empty)
    if ANCHOR not in [*named, *against]:
        # TRANSLATORS: {anchor} is the random player's name, as typed; --against and --player
        # are options, as typed
        anchorless = said(
            "the ratings' 0 is the {anchor} player: give it in --against or as a --player",
            anchor=ANCHOR,
        )
        raise saying(OptionError, anchorless)
    return named, against


def run(args: argparse.Namespace) -> int:
    named, against = chosen(args)
    rules, lines = checked_lines(args, named, against)
    if args.out is not None:
        tournament.check_out(args.out)
    if args.json is not None and str(args.json) != "-":
        outputs.check_file(args.json, "--json")
    report = played(args, rules, lines, rounded(args.games, rules.players), against)
    if args.json is not None and str(args.json) == "-":
        print(json.dumps(report, indent=1))
        return 0
    if args.json is not None:
        write_report(args.json, report)
    print("\n".join(say(line) if isinstance(line, Said) else line for line in table(report)))
    return 0


def checked_lines(
    args: argparse.Namespace, named: list[str], against: list[str]
) -> tuple[Rules, list[Line]]:
    """The rules and every line to play, each player known and seated before any game."""
    rules = get_rules(args.game, args.players, {})
    lines = protocol_lines(named, against, rules.players)
    if not lines:
        # TRANSLATORS: --player and --against are options, as typed
        alone = said("--player and --against name one player: a rating needs two at least")
        raise saying(OptionError, alone)
    for line in lines:
        tournament.lineup_units(rules, len(line.lineup))
        tournament.check_lineup(line.lineup, len(line.lineup))
    return rules, lines


def rounded(games: int, players: int) -> int:
    """``games`` rounded up to a multiple of ``players`` (said if it was not one), so that
    rotation is exact."""
    balanced = tournament.balanced_games(games, players)
    if balanced != games:
        # TRANSLATORS: --games is an option, as typed; {games}, {rounded} and {count} numbers
        warn(
            said_n(
                "--games {games} rounded up to {rounded}, a multiple of {count} player, so "
                "every player sits in every seat equally",
                "--games {games} rounded up to {rounded}, a multiple of {count} players, so "
                "every player sits in every seat equally",
                players,
                games=str(games),
                rounded=str(balanced),
            )
        )
    return balanced


def played(
    args: argparse.Namespace,
    rules: Rules,
    lines: Sequence[Line],
    games: int,
    against: list[str],
) -> RateReport:
    """Every line played (or read back), and the report of their ratings."""
    results: list[GameResult] = []
    rated: list[RatedLine] = []
    for number, line in enumerate(lines, 1):
        # TRANSLATORS: said as each line of games starts ("line 2 of 9: expert against 3
        # medium"); {player} and {level} are players as typed
        start = said_n(
            "line {number} of {lines}: {player} against {count} {level}",
            "line {number} of {lines}: {player} against {count} {level}",
            len(line.lineup) - 1,
            number=number,
            lines=len(lines),
            player=line.player,
            level=line.against,
        )
        print(say(start), file=sys.stderr, flush=True)
        found, rows = play_line(
            rules, line, games, args.seed, args.out, args.workers, args.scheduler
        )
        results += game_results(rows)
        rated.append(rated_line(line, found))
    return {
        **provenance(args.argv, args.seed),
        "game": rules.name,
        "rules": dict(rules.options),
        "players": rules.players,
        "against": against,
        "games": games,
        "draft": games < MIN_GAMES,
        "ratings": fitted(results, args.seed),
        "lines": rated,
    }


def write_report(path: Path, report: RateReport) -> None:
    try:
        path.write_text(json.dumps(report, indent=1) + "\n")
    except OSError as err:
        problem = said(
            "{path}: cannot write it ({problem})",
            path=outputs.shown_as("--json", path),
            problem=system_words(err),
        )
        raise saying(OptionError, problem) from None


def percent(rate: float) -> Said:
    # TRANSLATORS: a percentage; {percent} is a number ("42%", "4.2%", "+0.1%")
    return said("{percent}%", percent=Fixed(100 * rate, 1))


def interval(low: Said | Fixed, high: Said | Fixed) -> str:
    # TRANSLATORS: an interval of two numbers ("[24.1%, 27.3%]", "[-12, 40]")
    return say(said("[{low}, {high}]", low=low, high=high))


def number(value: Fixed) -> str:
    return written(value, current())


def elo(points: float) -> Fixed:
    return Fixed(round(points) + 0.0, 0)  # + 0.0: never "-0"


# the tables' column headings (gettext'd as the tables are made)
# TRANSLATORS: a column's heading: a player as typed
PLAYER = N_("player")
# TRANSLATORS: a column's heading: a player's rating in Elo points, the random player's
# being 0 ("random" as typed)
ELO = N_("Elo (random = 0)")
# TRANSLATORS: a column's heading: a rating's or a win rate's 95% interval
INTERVAL = N_("95% interval")
# TRANSLATORS: a column's heading: the level a line's player plays against, as typed
AGAINST_HEADING = N_("against")
# TRANSLATORS: a column's heading: the games of a line
GAMES = N_("games")
# TRANSLATORS: a column's heading: the share of a line's games its player won
WIN_RATE = N_("win rate")


def table(report: RateReport) -> list[Said | str]:
    """The report for people: what was played, the ratings best first, every line, how to
    read them and how they were made."""
    others = report["players"] - 1
    heading = said_n(
        # TRANSLATORS: the ratings' heading; {game} a game's name; {levels} players as typed
        # ("random, medium, hard"); {others}, {count} and {seed} numbers
        "{game}: each player against {others} of each of {levels}, seats rotated every game, "
        "{count} game a line, seed {seed}",
        "{game}: each player against {others} of each of {levels}, seats rotated every game, "
        "{count} games a line, seed {seed}",
        report["games"],
        game=Said(get_rules(report["game"], report["players"], {}).title),
        others=others,
        levels=", ".join(report["against"]),
        seed=str(report["seed"]),
    )
    shown: list[Said | str] = [heading]
    if report["draft"]:
        # TRANSLATORS: {least} is a number of games; a draft: a try, not a claim
        draft = said(
            "draft: lines shorter than the protocol's {least} games claim nothing",
            least=Fixed(MIN_GAMES, 0),
        )
        shown.append(draft)
    # TRANSLATORS: a heading: every line of games, each a player against {count} players of
    # one level
    each = said_n(
        "Each line: a player against {count} of one level",
        "Each line: a player against {count} of one level",
        others,
    )
    shown += ["", *ratings_table(report), "", each, *lines_table(report["lines"])]
    shown += ["", *faults(report["lines"])]
    # TRANSLATORS: how to read the ratings; Elo is a rating scale's name, random a player's
    shown.append(
        said(
            "Elo: 400 points are ten times the odds of finishing ahead; random is 0. A "
            "rating's 95% interval holds it in 95 of 100 fits to the games drawn again at "
            "random (a bootstrap); a win rate's is Wilson's."
        )
    )
    return [*shown, "", *provenance_lines(report)]


def ratings_table(report: RateReport) -> list[str]:
    """A row a player, best first, with its line's wins against the random players."""
    versus = {(line["player"], line["against"]): line for line in report["lines"]}
    # TRANSLATORS: a column's heading: a player's wins in its line against {count} random
    # players ("random" as typed)
    wins = said_n(
        "wins against {count} random", "wins against {count} random", report["players"] - 1
    )
    rows = [[gettext(PLAYER), gettext(ELO), gettext(INTERVAL), say(wins)]]
    for rated in report["ratings"]:
        line = versus.get((rated["player"], ANCHOR))
        won = "" if line is None else f"{say(percent(line['win_rate']))} {rate_interval(line)}"
        ends = interval(elo(rated["low"]), elo(rated["high"]))
        rows.append([rated["player"], number(elo(rated["elo"])), ends, won])
    return columns(rows, (False, True, True, False))


def lines_table(lines: Sequence[RatedLine]) -> list[str]:
    heads = (PLAYER, AGAINST_HEADING, GAMES, WIN_RATE, INTERVAL)
    rows = [[gettext(head) for head in heads]]
    for line in lines:
        won = say(percent(line["win_rate"]))
        games = number(Fixed(line["games"], 0))
        rows.append([line["player"], line["against"], games, won, rate_interval(line)])
    return columns(rows, (False, False, True, True, True))


def rate_interval(line: RatedLine) -> str:
    low, high = line["ci95"]
    return interval(percent(low), percent(high))


def faults(lines: Sequence[RatedLine]) -> list[Said]:
    """A line per player from outside whose answers could not all be played."""
    counted: dict[str, int] = {}
    for line in lines:
        if line.get("faults"):
            counted[line["player"]] = counted.get(line["player"], 0) + line["faults"]
    return [
        # TRANSLATORS: {player} is a player as typed; a fault: an answer of a player from
        # outside pegrace that could not be played
        said_n(
            "{player}: {count} answer could not be played (a random legal move instead)",
            "{player}: {count} answers could not be played (a random legal move instead)",
            count,
            player=player,
        )
        for player, count in counted.items()
    ]


def columns(rows: Sequence[Sequence[str]], right: Sequence[bool]) -> list[str]:
    """Rows of cells aligned in columns, by the cells a terminal gives each text."""
    widths = [max(cell_len(row[i]) for row in rows) for i in range(len(right))]
    return [
        "  ".join(
            " " * (width - cell_len(text)) + text
            if to_right
            else text + " " * (width - cell_len(text))
            for text, width, to_right in zip(row, widths, right, strict=True)
        ).rstrip()
        for row in rows
    ]


COMMAND = Command(
    "rate",
    help=N_("rate players, built-in or from outside, on one scale by the strength protocol"),
    description=N_(
        "Rate players on one scale with the levels they play against: every player (each "
        "--player and each --against level) plays a line against K-1 of each level but "
        "itself, seats rotated every game, every line the same size (--games: the protocol's "
        "least unless --draft) on the seed given, stated beforehand. The games are fitted by "
        "Bradley-Terry in Elo points, random at 0, with 95% intervals by the bootstrap; each "
        "line's win rate has its Wilson interval. A player from outside's answers that could "
        "not be played are counted. With --out DIR the same command again plays on where a "
        "run stopped."
    ),
    declare=declare,
    run=run,
)
