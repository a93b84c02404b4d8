"""The ``pegrace`` command. Every subcommand reads --players, --seat, --rules and
--seed the same way; bad input ends with one line naming the problem."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import textwrap
from collections.abc import Sequence
from importlib.metadata import version
from pathlib import Path
from typing import Any, NoReturn

from pegrace import outputs, tournament
from pegrace.bench import (
    bench,
    compare_ludopy,
    decision_times,
    format_bench,
    format_compare,
    format_decision_times,
)
from pegrace.engine import Rules
from pegrace.errors import NotationError, OptionError, PegraceError
from pegrace.games import get_rules, list_games, rules_class
from pegrace.kept import PARTIAL, KeptGames
from pegrace.match import parse_seats
from pegrace.notation import rules_for_state, state_from_json
from pegrace.pictures import draw
from pegrace.players import make_player, pinned_spec, player_names
from pegrace.provenance import DEFAULT_SEED, provenance
from pegrace.readers import read_json
from pegrace.record import Record, replay
from pegrace.screen import Screen
from pegrace.sequential import parse_hypotheses
from pegrace.simulate import (
    GameSummary,
    format_report,
    kept_settings,
    progress_bar,
    simulate,
    write_results,
)
from pegrace.terminal import TerminalGame, key_reader
from pegrace.web.attacks import ATTACKS
from pegrace.words import colour_name, said_of

# seconds a computer move stays on screen before the next, by `pegrace play --speed`
SPEEDS = {"slow": 1.2, "normal": 0.6, "fast": 0.2, "instant": 0.0}
# the most --workers per core: more processes only share the same cores, each with its memory
WORKERS_PER_CORE = 4


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"pegrace: error: {message} (see {self.prog} --help)\n")


def warn(message: str) -> None:
    print(f"pegrace: warning: {message}", file=sys.stderr)


def parse_rules(items: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for item in items:
        for part in item.split(","):
            key, eq, value = part.partition("=")
            if not eq or not key.strip():
                raise OptionError(f"--rules {part!r}: write KEY=VALUE, e.g. voluntary_pass=off")
            options[key.strip()] = value.strip()
    return options


def game_flags(
    parser: argparse.ArgumentParser, seat_default: str, seed: int | None = DEFAULT_SEED
) -> None:
    """--players, --seat, --rules and --seed (None: a new random seed, which is printed)."""
    parser.add_argument(
        "--players", type=int, default=4, metavar="K", help="how many play, 2-4 (default 4)"
    )
    parser.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="COLOUR=PLAYER",
        help=f"who plays a colour: {', '.join(player_names())} (two-dice Ludo: policy, the "
        "learned policy; policy:FILE, one trained by examples/ppo_ludo.py); all=PLAYER sets "
        f"every seat not named on its own (default all={seat_default})",
    )
    parser.add_argument(
        "--rules",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a rule option (see `pegrace rules GAME`); repeat or separate with commas",
    )
    said = "a new one, printed" if seed is None else seed
    parser.add_argument("--seed", type=int, default=seed,
                        help=f"seed for dice and players (default {said})")  # fmt: skip


def make_parser() -> Parser:
    parser = Parser(
        prog="pegrace",
        description="Pop-O-Matic dice race games: play, simulate and study them.",
    )
    parser.add_argument("--version", action="version", version=f"pegrace {version('pegrace')}",
                        help="print pegrace's version and stop")  # fmt: skip
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    games = ", ".join(list_games())

    play = sub.add_parser("play", help="play a game in the terminal", description=(
        "Play in the terminal. Without --seat you play the first colour (both colours of "
        "your side with two_sets) against computer:medium players. Humans press Enter to pop, "
        "pick a move by its number, p passes where allowed; a forced pass plays itself; q "
        "quits any game, all-computer ones too (the record is saved if --record is given)."
    ))  # fmt: skip
    play.add_argument("game", nargs="?", default="trouble", help=f"one of {games}")
    game_flags(play, "computer:medium", seed=None)  # a new game each time
    play.add_argument("--record", type=Path, metavar="FILE", help="write the game record here")
    paces = ", ".join(f"{name} {seconds:g} s" for name, seconds in SPEEDS.items())
    play.add_argument(
        "--speed", choices=list(SPEEDS), default=None,
        help=f"how fast computer moves go by: {paces} a move (default normal on a terminal, "
        "else instant)",
    )  # fmt: skip
    play.add_argument(
        "--delay", type=float, default=None, metavar="S",
        help="pause after each computer move in seconds (overrides --speed)",
    )  # fmt: skip
    play.add_argument("--fast", action="store_true", help="no pause after computer moves")
    play.add_argument(
        "--plain", action="store_true",
        help="print line after line instead of redrawing the screen in place",
    )  # fmt: skip
    play.add_argument("--no-colour", action="store_true", help="plain text, no ANSI colours")

    sim = sub.add_parser(
        "simulate", help="play many computer games and report statistics",
        description="Play many games between computer players (random unless --seat says "
        "otherwise) and report who wins how often by seat, with 95%% intervals, and how long "
        "games last. Game i of seed S always uses seed S*1000003+i, so the report depends only "
        "on the seed and the number of games, never on --workers.",
    )  # fmt: skip
    sim.add_argument("game", help=f"one of {games}")
    sim.add_argument("--games", type=int, default=1000, metavar="N", help="games (default 1000)")
    game_flags(sim, "computer:random")
    where_flags(sim)
    sim.add_argument("--json", action="store_true", help="print the report as JSON")
    sim.add_argument("--record-dir", type=Path, metavar="DIR", help="write every game's record")
    sim.add_argument(
        "--out", type=Path, metavar="DIR",
        help="keep the games here as they finish (DIR/partial.jsonl, which says it is partial) "
        "and write the report, as --json prints it, to DIR/results.json at the end (created if "
        "missing)",
    )  # fmt: skip
    resume_flag(sim)

    tour = sub.add_parser(
        "tournament", help="computer players against each other, seats rotated every game",
        description=(
            "Play a line-up of computer players against each other. Game i seats the line-up "
            "rotated by i mod K, so every player sits in every seat equally; --games is rounded "
            "up to a multiple of K (the command says so). Entries with the same spec are pooled."
        ),
    )  # fmt: skip
    tour.add_argument("game", help=f"one of {games}")
    tour.add_argument(
        "--player", action="append", required=True, metavar="SPEC",
        help="one line-up entry per seat, repeated; players: "
        f"{', '.join(n for n in player_names() if n != 'human')}, with settings such as "
        "expert:ms=50 or expert:value=FILE; policy (two-dice Ludo's learned policy) or "
        "policy:FILE; e.g. --player expert --player random --player random --player random",
    )  # fmt: skip
    tour.add_argument(
        "--players", type=int, default=None, metavar="K",
        help="how many play (default: the number of --player; must equal it)",
    )  # fmt: skip
    tour.add_argument("--games", type=int, default=100, metavar="N", help="games (default 100)")
    tour.add_argument(
        "--rules", action="append", default=[], metavar="KEY=VALUE",
        help="a rule option (see `pegrace rules GAME`); repeat or separate with commas",
    )  # fmt: skip
    tour.add_argument("--seed", type=int, default=DEFAULT_SEED,
                      help=f"seed for dice and players (default {DEFAULT_SEED})")  # fmt: skip
    where_flags(tour)
    tour.add_argument(
        "--out", type=Path, metavar="DIR",
        help="write games.csv, results.json and winrates.png here (created if missing), "
        "keeping the games as they finish in DIR/partial.jsonl until then (see --resume)",
    )  # fmt: skip
    tour.add_argument("--json", action="store_true", help="print the report as JSON")
    resume_flag(tour, " (with --until-decided: the same decision after the same games)")
    tour.add_argument(
        "--until-decided", metavar="H0,H1",
        help="stop as soon as a sequential test (SPRT) decides whether the first player's win "
        "rate is H0 or H1, e.g. 0.25,0.27 or 25%%,27%%; --games is then the most to play",
    )  # fmt: skip
    tour.add_argument(
        "--alpha",
        type=float,
        default=0.05,
        help="--until-decided: the chance of accepting H1 when H0 holds (0.05)",
    )
    tour.add_argument(
        "--beta",
        type=float,
        default=0.05,
        help="--until-decided: the chance of accepting H0 when H1 holds (0.05)",
    )

    moves = sub.add_parser(
        "moves", help="list the legal moves in a position",
        description="List the legal moves of the seat to move in a position given as state "
        "JSON (docs/notation.md), each in notation and in words.",
    )  # fmt: skip
    moves.add_argument("game", help=f"one of {games}")
    moves.add_argument("--state", type=Path, required=True, metavar="FILE", help="state JSON")
    moves.add_argument("--roll", help="the roll to play (else the state's own roll)")
    moves.add_argument("--json", action="store_true", help="print JSON")

    rep = sub.add_parser(
        "replay", help="show a recorded game step by step",
        description="Replay a game record (`pegrace play --record`, `simulate --record-dir`, "
        "the web game's download) through the checked engine: every roll and move in words, "
        "the board as it goes, and the places.",
    )  # fmt: skip
    rep.add_argument("record", type=Path, help="a record JSON file")
    rep.add_argument("--step", action="store_true", help="wait for Enter after every move")
    rep.add_argument("--final", action="store_true", help="show only the final position")
    rep.add_argument("--no-colour", action="store_true", help="plain text, no ANSI colours")

    rules = sub.add_parser(
        "rules", help="list every rule option of a game",
        description="List each rule option of a game (or every game): its values, its default "
        "and what it does; pass them as --rules KEY=VALUE (docs/rules/GAME.md).",
    )  # fmt: skip
    rules.add_argument("game", nargs="?", help=f"one of {games} (default: all)")

    ben = sub.add_parser(
        "bench", help="random games per second on one core",
        description="Time random games (or, with --player, a computer player's decisions) on "
        "one core: games and moves per second, the median of --runs runs.",
    )  # fmt: skip
    ben.add_argument("game", help=f"one of {games}")
    ben.add_argument("--games", type=int, default=300, metavar="N", help="games per run")
    ben.add_argument("--runs", type=int, default=5, help="runs; the median is reported")
    ben.add_argument("--players", type=int, default=4, metavar="K",
                     help="how many play (default 4)")  # fmt: skip
    ben.add_argument(
        "--rules", action="append", default=[], metavar="KEY=VALUE",
        help="a rule option (see `pegrace rules GAME`); repeat or separate with commas",
    )  # fmt: skip
    ben.add_argument("--seed", type=int, default=DEFAULT_SEED,
                     help=f"seed of the games (default {DEFAULT_SEED})")  # fmt: skip
    ben.add_argument("--json", action="store_true", help="print JSON")
    ben.add_argument("--variant", help="shortcut for --rules variant=VARIANT")
    ben.add_argument(
        "--player", metavar="SPEC",
        help="time this computer player's decisions instead (e.g. expert) in --games games "
        "against medium players: median, 95th percentile, search depth",
    )  # fmt: skip
    ben.add_argument(
        "--compare-ludopy", action="store_true",
        help="ludo --variant ludopy: time LUDOpy's games side by side (needs ludopy installed)",
    )  # fmt: skip

    serve = sub.add_parser(
        "serve",
        help="play in the browser: start the web app",
        description="Serve the web app: set up games, play against computer players or friends "
        "(invite links), watch, replay. Every game and move is kept in an SQLite file, so a "
        "restart resumes every game where it was.",
    )
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: only here)"
    )
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any free)")
    serve.add_argument(
        "--db",
        type=Path,
        metavar="PATH",
        help="the game store (default $PEGRACE_DATA/games.sqlite3, else "
        "~/.local/share/pegrace/games.sqlite3)",
    )
    serve.add_argument(
        "--open",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="open the page in a browser (default: when there is a display)",
    )
    serve.add_argument(
        "--computer-delay",
        type=float,
        default=0.3,
        metavar="S",
        help="pause before each computer roll or move, in seconds (default 0.3)",
    )
    serve.add_argument(
        "--log-level",
        default="warning",
        choices=["critical", "error", "warning", "info", "debug"],
        help="what the server logs (default warning: problems only; info: every request)",
    )
    serve.add_argument(
        "--public",
        action="store_true",
        help="allow a --host that is not a loopback address: anyone who can reach it can watch "
        "and join games, over plain HTTP (better: a TLS reverse proxy, see docs/web.md)",
    )
    serve.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="another origin (scheme://host:port) whose pages may use this server, e.g. the "
        "address of a reverse proxy; repeatable",
    )
    serve.add_argument(
        "--limit",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change one of the limits every client is held to, e.g. games_per_minute=60 "
        "(names and defaults: docs/web.md, 'Limits'); repeat or separate with commas",
    )

    lab = sub.add_parser(
        "lab", help="what house rules do to a game: length, fairness, skill, drama",
        description=(
            "Play every combination of the rule options varied (the others as --rules or the "
            "defaults have them) and compare each with the base rules: game length, each "
            "seat's win rate and a test that every seat wins equally, how often a stronger "
            "player wins, captures and lead changes, with 95%% intervals and a sentence per "
            "effect. Two runs of --games games per combination: --seat's players in fixed "
            "seats, and --skill's stronger player against weaker ones, seats rotated."
        ),
    )  # fmt: skip
    lab.add_argument("game", help=f"one of {games}")
    lab.add_argument(
        "--vary", action="append", default=[], metavar="OPTION=A,B",
        help="an option and the values to try, e.g. finish=exact,deepest-first; repeat to "
        "cross options (see `pegrace rules GAME`)",
    )  # fmt: skip
    lab.add_argument(
        "--all", action="store_true", help="every option's every other value, one option at a time"
    )
    lab.add_argument("--games", type=int, default=2000, metavar="N",
                     help="games per combination and run (default 2000)")  # fmt: skip
    game_flags(lab, "computer:medium")
    lab.add_argument(
        "--skill",
        default="medium,random",
        metavar="STRONG,WEAK",
        help="the skill run: STRONG against weaker players (default medium,random)",
    )
    where_flags(lab)
    lab.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help="write report.json, combinations.csv, the plots (PNG) and report.html",
    )
    lab.add_argument("--json", action="store_true", help="print the report as JSON")

    tr = sub.add_parser(
        "train", help="learn a game's value (chance of winning) by self-play",
        description=(
            "Learn the value the expert reads (each seat's chance of winning, a multinomial "
            "logit over the game's features) by TD(λ) self-play in the native core, from zero "
            "weights; the step size falls from --rate to --final-rate over the run. Scores the "
            "value on positions of the medium players' games as it learns (the learning curve) "
            "and writes a weights file. The shipped weights (src/pegrace/weights/) were made "
            "by the commands in docs/ai.md."
        ),
    )  # fmt: skip
    tr.add_argument("game", help=f"one of {games}")
    tr.add_argument("--players", type=int, default=4, metavar="K",
                    help="how many play, 2-4 (default 4)")  # fmt: skip
    tr.add_argument("--rules", action="append", default=[], metavar="KEY=VALUE",
                    help="a rule option (see `pegrace rules GAME`)")  # fmt: skip
    tr.add_argument("--games", type=int, default=100_000, metavar="N",
                    help="self-play games (default 100,000)")  # fmt: skip
    tr.add_argument("--seed", type=int, default=DEFAULT_SEED,
                    help=f"seed of the dice (default {DEFAULT_SEED})")  # fmt: skip
    tr.add_argument("--lambda", dest="lam", type=float, default=0.7, metavar="L",
                    help="TD(λ)'s λ (default 0.7)")  # fmt: skip
    tr.add_argument("--rate", type=float, default=0.01, help="first step size (default 0.01)")
    tr.add_argument("--final-rate", type=float, default=0.001,
                    help="last step size (default 0.001)")  # fmt: skip
    tr.add_argument(
        "--score-games",
        type=int,
        default=400,
        metavar="N",
        help="medium players' games whose positions score the value (default 400)",
    )
    tr.add_argument(
        "--hidden",
        type=int,
        default=0,
        metavar="H",
        help="a network of H hidden units beside the linear model (default 0: none)",
    )
    tr.add_argument(
        "--from",
        dest="start",
        type=Path,
        metavar="FILE",
        help="go on from a weights file's weights (e.g. the linear model's)",
    )
    tr.add_argument("--out", type=Path, metavar="FILE",
                    help="the weights file (default MODEL.json here)")  # fmt: skip
    tr.add_argument("--curve", type=Path, metavar="PNG", help="draw the learning curve")

    web_bench = sub.add_parser(
        "bench-web",
        help="load benchmark of the web server (or, with --attack, its defences)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Start `pegrace serve` on 127.0.0.1 in another process and drive many "
        "concurrent games over WebSockets\n(each client rolls or plays a random listed move as "
        "soon as it may); report moves per second and the\nlatency from a roll or move sent to "
        "its update received. Stops by itself after --seconds.\n\n"
        "With --attack NAME: start `pegrace serve` with its limits at their defaults, play "
        "victim games at a\nperson's pace (2 of two people, 2 of a person v computer:medium) "
        "through three phases of --seconds\neach: quiet, under the attack (one attacker "
        "process), after it; report the victims' answer times\nand the computer's reply times "
        "(median, p95, max) per phase, what the attack achieved, the\nserver's CPU, and PASS or "
        "FAIL against the targets (answers p95 <= 100 ms, computer replies\np95 <= 2 s, no "
        "victim refused or dropped).",
        epilog="attacks (--attack NAME):\n" + "\n".join(
            textwrap.fill(text, 100, initial_indent=f"  {name:<17} ", subsequent_indent=" " * 20,
                          break_on_hyphens=False)
            for name, text in ATTACKS.items()
        ),
    )  # fmt: skip
    web_bench.add_argument(
        "--attack", metavar="NAME", choices=[*ATTACKS, "all"],
        help="measure the victims' play under this attack (below), or all: each in turn",
    )  # fmt: skip
    web_bench.add_argument(
        "--games", type=int, default=200, metavar="N", help="concurrent games (default 200)"
    )
    web_bench.add_argument(
        "--seconds", type=float, default=20.0, metavar="S",
        help="how long to run (default 20); with --attack, each phase's length",
    )  # fmt: skip
    web_bench.add_argument("--game", default="trouble", help=f"one of {games} (default trouble)")
    web_bench.add_argument("--players", type=int, default=4, metavar="K",
                           help="players a game (default 4)")  # fmt: skip
    web_bench.add_argument(
        "--seed", type=int, default=DEFAULT_SEED,
        help=f"seed of the clients' choices (default {DEFAULT_SEED})",
    )  # fmt: skip
    web_bench.add_argument(
        "--connections", type=int, default=5000, metavar="N",
        help="with --attack idle or slowloris: raw connections to open (default 5000)",
    )  # fmt: skip
    web_bench.add_argument(
        "--attacker-address", default="127.0.0.3", metavar="ADDR",
        help="the loopback address the attack comes from (default 127.0.0.3; 127.0.0.1 is "
        "the address the server trusts as a reverse proxy); the victims' is 127.0.0.2",
    )  # fmt: skip
    web_bench.add_argument(
        "--server-src", type=Path, metavar="DIR",
        help="run the server from this source folder (e.g. a git worktree of an earlier "
        "commit with the native core copied in), to compare it with this one",
    )  # fmt: skip
    web_bench.add_argument("--json", action="store_true", help="print JSON")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = make_parser().parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)  # reports record it
    try:
        return COMMANDS[args.command](args)
    except PegraceError as err:
        print(f"pegrace: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\npegrace: stopped", file=sys.stderr)
        return 130
    except BrokenPipeError:
        quiet_stdout()
        return 0


def quiet_stdout() -> None:
    """The reader went away (`pegrace rules | head`): send what is left in stdout's buffer
    to /dev/null, so the exit flush does not fail again, and stop quietly like other tools."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (AttributeError, OSError, ValueError):
        pass  # not a real file: nothing to flush at exit


def new_rules(args: argparse.Namespace) -> Rules:
    return get_rules(args.game, args.players, parse_rules(args.rules))


def seed_of(args: argparse.Namespace) -> int:
    if args.seed is not None:
        return int(args.seed)
    import secrets

    return secrets.randbelow(2**31)


def cmd_play(args: argparse.Namespace) -> int:
    rules = new_rules(args)
    # without --seat, the person plays the first side (every colour of it) against medium
    mine = [f"{rules.colours[seat]}=human" for seat in rules.side_seats[0]]
    seats = parse_seats(rules, args.seat or mine, "computer:medium", warn)
    tty = sys.stdout.isatty()
    delay = SPEEDS[args.speed] if args.speed else 0.6 * tty
    if args.fast:
        delay = 0.0
    elif args.delay is not None:
        if not (args.delay >= 0 and math.isfinite(args.delay)):
            raise OptionError(f"--delay {args.delay}: use 0 or more seconds")
        delay = args.delay
    if args.record is not None:
        outputs.check_file(args.record, "--record")
    seed = seed_of(args)
    print(f"seed {seed}")
    colour = tty and not args.no_colour
    if not tty or args.plain:
        game = TerminalGame(
            rules, seats, seed, out=sys.stdout, ask=input, use_colour=colour,
            delay=delay, record_path=args.record, keys=key_reader(sys.stdin),
        )  # fmt: skip
        return game.run()
    with Screen(f"pegrace · {rules.title} · seed {seed}") as screen:
        game = TerminalGame(
            rules, seats, seed, out=sys.stdout, ask=screen.ask, use_colour=colour,
            delay=delay, record_path=args.record, keys=key_reader(sys.stdin), screen=screen,
        )  # fmt: skip
        return game.run()


def resume_flag(parser: argparse.ArgumentParser, also: str = "") -> None:
    """--resume: a run stopped part way plays on from the games its --out DIR kept."""
    parser.add_argument(
        "--resume", action="store_true",
        help="play on a run that stopped before its end: --out DIR keeps its games as they "
        "finish (DIR/partial.jsonl); the same command with --resume plays the rest, and the "
        f"report is the one the whole run would have made{also}; a run of other settings is "
        "refused, naming them",
    )  # fmt: skip


def where_flags(parser: argparse.ArgumentParser) -> None:
    """--workers and --scheduler: where a run's games are played."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=1, metavar="W",
                       help="worker processes on this machine (default 1)")  # fmt: skip
    where.add_argument(
        "--scheduler", metavar="ADDRESS",
        help="play the games on the Dask cluster whose scheduler is at ADDRESS, e.g. "
        "tcp://SCHEDULER-HOST:8786 (needs pegrace[cluster]; docs/scaling.md); same results. This "
        "command unpickles what the scheduler sends back, and unpickling can run any code: "
        "connect only to a scheduler you control",
    )  # fmt: skip


def most_workers() -> int:
    """The most --workers taken: WORKERS_PER_CORE per core of this machine."""
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


def check_where(args: argparse.Namespace) -> None:
    if args.workers < 1:
        raise OptionError(f"--workers {args.workers}: use at least 1 worker")
    if args.workers > most_workers():
        raise OptionError(
            f"--workers {args.workers}: at most {most_workers()} ({WORKERS_PER_CORE} per core, "
            f"{os.cpu_count() or 1} cores here): more processes only share the same cores, "
            "and each one takes its own memory"
        )
    if args.scheduler is not None and "://" not in args.scheduler:
        raise OptionError(f"--scheduler {args.scheduler}: an address such as tcp://HOST:8786")


def computer_seats(rules: Rules, given: list[str], default: str, command: str) -> dict[str, str]:
    """``--seat``'s players, every one a computer (``command`` plays no person)."""
    seats = parse_seats(rules, given, default, warn)
    humans = [c for c, spec in seats.items() if spec == "human"]
    if humans:
        raise OptionError(f"{command} plays computer seats only; {', '.join(humans)} is human")
    return seats


def cmd_simulate(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise OptionError(f"--games {args.games}: play at least 1 game")
    check_where(args)
    rules = new_rules(args)
    seats = computer_seats(rules, args.seat, "computer:random", "simulate")
    if args.record_dir is not None:
        if args.scheduler is not None:
            raise OptionError("--record-dir writes on this machine: not with --scheduler")
        outputs.check_folder(args.record_dir, "--record-dir")
    if args.out is not None:
        outputs.check_folder(args.out, "--out")
    kept, done = kept_games(args, kept_settings(rules, seats, args.games, args.seed))
    if args.record_dir is not None:
        outputs.make_folder(args.record_dir, "--record-dir")
    report = simulate(
        rules.name, args.games, args.players, rules.options, seats, args.seed, args.workers,
        args.record_dir, scheduler=args.scheduler, kept=kept, done=done,
    )  # fmt: skip
    report.update(provenance(args.argv, args.seed))
    if args.out is not None:
        write_results(args.out, report)
        KeptGames(args.out / PARTIAL).finish()
    print(json.dumps(report, indent=2) if args.json else format_report(report))
    return 0


def tournament_lineup(args: argparse.Namespace) -> tuple[Rules, list[str]]:
    """The rules and line-up of a ``pegrace tournament`` command line, its values checked."""
    if args.games < 1:
        raise OptionError(f"--games {args.games}: play at least 1 game")
    check_where(args)
    lineup = [pinned_spec(spec.strip()) for spec in args.player]  # a weights file by checksum
    players = len(lineup) if args.players is None else args.players
    tournament.check_lineup(lineup, players)
    rules = get_rules(args.game, players, parse_rules(args.rules))
    return rules, lineup


def kept_games(
    args: argparse.Namespace, settings: dict[str, Any]
) -> tuple[KeptGames | None, list[GameSummary]]:
    """Where the games of a run with ``settings`` are kept as they finish (``--out``), and
    those a stopped run played (``--resume``)."""
    if args.out is None:
        if args.resume:
            raise OptionError("--resume reads the games a run kept in its --out DIR: give it")
        return None, []
    return KeptGames.start(args.out, settings, args.resume)


def cmd_tournament(args: argparse.Namespace) -> int:
    rules, lineup = tournament_lineup(args)
    players = len(lineup)
    if args.out is not None:
        tournament.check_out(args.out)
    games = tournament.balanced_games(args.games, players)
    if games != args.games:
        print(f"pegrace: --games {args.games} rounded up to {games}, a multiple of {players} "
              "players, so every player sits in every seat equally", file=sys.stderr)  # fmt: skip
    until = None
    if args.until_decided is not None:
        until = parse_hypotheses(args.until_decided, args.alpha, args.beta)
    kept, done = kept_games(args, tournament.kept_settings(rules, lineup, games, args.seed, until))
    if until is not None:
        report, rows = tournament.run_until_decided(
            rules, lineup, games, args.seed, until, args.workers, scheduler=args.scheduler,
            kept=kept, done=done,
        )  # fmt: skip
    else:
        report, rows = tournament.run_tournament(
            rules, lineup, games, args.seed, args.workers, scheduler=args.scheduler,
            kept=kept, done=done,
        )  # fmt: skip
    report.update(provenance(args.argv, args.seed))
    if args.out is not None:
        tournament.write_outputs(args.out, rules, report, rows)
        KeptGames(args.out / PARTIAL).finish()
    print(json.dumps(report, indent=2) if args.json else tournament.format_report(report))
    return 0


def cmd_moves(args: argparse.Namespace) -> int:
    rules_class(args.game)
    data = read_json(args.state, "state file", NotationError)
    rules = rules_for_state(data, args.game)
    state = state_from_json(rules, data)
    if args.roll is not None:
        if state.phase not in (state.phase.ROLL, state.phase.MOVE):
            raise NotationError(f"the state's phase is {state.phase.name.lower()}: no roll is due")
        state = rules.roll(state._replace(phase=state.phase.ROLL, roll=None),
                           rules.dice.parse(args.roll))  # fmt: skip
    elif state.roll is None:
        raise NotationError("give --roll R (the state holds no roll)")
    moves = rules.legal_moves(state)
    if args.json:
        listing = [{"move": str(m), "describe": rules.describe(state, m)} for m in moves]
        print(json.dumps({"to_move": rules.colours[state.current], "roll": state.roll,
                          "moves": listing}, indent=2))  # fmt: skip
        return 0
    print(f"{rules.colours[state.current]} to move with {rules.dice.format(state.roll or 0)}:")
    for number, move in enumerate(moves, 1):
        print(f"  {number}. {move}    ({rules.describe(state, move)})")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    record = Record.load(args.record)
    rules, states = replay(record)
    colour = sys.stdout.isatty() and not args.no_colour
    print(f"{rules.title}, seed {record.seed}, rules "
          + ", ".join(f"{k}={v}" for k, v in rules.options.items()))  # fmt: skip
    if not args.final:
        for before, event, after in zip(states[:-1], record.events, states[1:], strict=True):
            if event.move is None:  # the dome is popped, in the roll-off as in play
                dice = rules.dice_at(before)
                roll = dice.format(dice.from_json(event.roll))
                print(f"{colour_name(event.colour)} pops {roll}")
                continue
            move = rules.parse_move(before, event.move)
            print(said_of(colour_name(event.colour), rules.describe(before, move)))
            print(draw(rules, after, colour))
            if args.step:
                input("Enter for the next move ")
    print(draw(rules, states[-1], colour))
    if states[-1].is_over:
        outcome = rules.outcome(states[-1])
        places = sorted(range(rules.side_count), key=lambda s: outcome.places[s])
        print("places: " + ", ".join(f"{outcome.places[s]}. {rules.side_name(s)}" for s in places))
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    for name in [args.game] if args.game else list_games():
        cls = rules_class(name)
        print(f"{cls.title} ({cls.name}), rules version {cls.version}, "
              f"{cls.min_players}-{cls.max_players} players")  # fmt: skip
        settings = [f"{option.name}={option.default}" for option in cls.option_specs]
        width = max(map(len, settings), default=0)  # the values in one column
        for option, setting in zip(cls.option_specs, settings, strict=True):
            values = "|".join(option.choices) if option.choices else "a whole number"
            print(f"  {setting:<{width}}  ({values})")
            print(f"      {option.help}")
            for value, words in option.choices_help.items():  # each value in words
                print(f"        {value}: {words}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    options = parse_rules(args.rules)
    if args.variant is not None:
        options["variant"] = args.variant
    if args.compare_ludopy:
        if args.game != "ludo" or args.players != 4:
            raise OptionError("--compare-ludopy is for 4-player ludo --variant ludopy")
        comparison = compare_ludopy(options, args.games, args.runs, args.seed)
        print(json.dumps(comparison, indent=2) if args.json else format_compare(comparison))
        return 0
    if args.player is not None:
        make_player(args.player)  # a bad name fails here, before any game
        timing = decision_times(args.game, args.players, options, args.player, args.games,
                                args.seed)  # fmt: skip
        print(json.dumps(timing, indent=2) if args.json else format_decision_times(timing))
        return 0
    report = bench(args.game, args.players, options, args.games, args.runs,
                   args.seed)  # fmt: skip
    print(json.dumps(report, indent=2) if args.json else format_bench(report))
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from pegrace.web.limits import Limits  # the web stack loads only for this command
    from pegrace.web.server import serve
    from pegrace.web.store import default_db_path

    if not 0 <= args.port <= 65535:
        raise OptionError(f"--port {args.port}: a port is a number from 0 to 65535 "
                          "(0: any free one)")  # fmt: skip
    if not (args.computer_delay >= 0 and math.isfinite(args.computer_delay)):
        raise OptionError(f"--computer-delay {args.computer_delay}: use 0 or more seconds")
    db = args.db if args.db is not None else default_db_path()
    outputs.check_file(db, "--db" if args.db is not None else "the game store", make_parents=True)
    return serve(
        args.host,
        args.port,
        db,
        open_browser=args.open,
        computer_delay=args.computer_delay,
        log_level=args.log_level,
        out=sys.stdout,
        public=args.public,
        allowed_origins=tuple(args.allow_origin),
        limits=Limits.parse(args.limit),
    )


def cmd_bench_web(args: argparse.Namespace) -> int:
    from pegrace.web.attackbench import bench_attack, format_bench_attack
    from pegrace.web.loadbench import bench_web, format_bench_web, sigterm_as_interrupt

    if args.server_src is not None and not (args.server_src / "pegrace" / "cli.py").is_file():
        raise OptionError(f"--server-src {args.server_src}: no pegrace package in it (give the "
                          "src folder of a checkout)")  # fmt: skip
    with sigterm_as_interrupt():  # SIGTERM stops the server too, as Ctrl-C does
        if args.attack is not None:
            attacked = bench_attack(args.attack, args.seconds, args.seed, args.connections,
                                    args.attacker_address, src=args.server_src)  # fmt: skip
            print(json.dumps(attacked, indent=2) if args.json else format_bench_attack(attacked))
            return 0
        rules_class(args.game)
        report = bench_web(args.games, args.seconds, args.game, args.players, args.seed,
                           args.server_src)  # fmt: skip
    print(json.dumps(report, indent=2) if args.json else format_bench_web(report))
    return 0


def cmd_lab(args: argparse.Namespace) -> int:
    from pegrace import lab

    if args.games < 2:
        raise OptionError(f"--games {args.games}: at least 2 games per combination")
    check_where(args)
    if bool(args.vary) == args.all:
        raise OptionError("name the options to try with --vary OPTION=A,B, or --all for every one")
    base = parse_rules(args.rules)
    if args.all:
        found, skipped = lab.every_option(args.game, args.players, base)
    else:
        found, skipped = lab.combinations(args.game, args.players, base, lab.parse_vary(args.vary))
    rules = get_rules(args.game, args.players, found[0])
    seats = computer_seats(rules, args.seat, "computer:medium", "the lab")
    skill = [pinned_spec(spec.strip()) for spec in args.skill.split(",")]
    if len(skill) != 2 or not all(skill):
        raise OptionError(f"--skill {args.skill}: STRONG,WEAK, e.g. medium,random")
    for spec in skill:
        make_player(spec)
    if args.out is not None:
        lab.check_out(args.out)
    strong, weak = skill
    settings = lab.Lab(args.game, args.players, tuple(found), seats, strong, weak, args.games,
                       args.seed, tuple(skipped), tuple(args.argv))  # fmt: skip
    total = 2 * args.games * len(found)
    report = lab.run(settings, args.workers, args.scheduler, progress_bar(total))
    if args.out is not None:
        lab.write_outputs(args.out, report)
    print(json.dumps(report, indent=2) if args.json else lab.format_report(report))
    return 0


def cmd_train(args: argparse.Namespace) -> int:
    from pegrace import value
    from pegrace.plots import require_plots

    if args.curve is not None:
        require_plots("--curve")
        outputs.check_file(args.curve, "--curve")
    if args.out is not None:
        outputs.check_file(args.out, "--out", make_parents=True)
    else:  # MODEL.json here, the model named by the core once training starts
        outputs.check_folder(Path.cwd(), "the weights file (no --out) goes in")
    start = None if args.start is None else read_json(args.start, "weights file", OptionError)
    if start is not None and not isinstance(start, dict):
        raise OptionError(f"--from {args.start}: not a weights file (a JSON object)")
    training = value.Training(args.game, args.players, parse_rules(args.rules), args.games,
                              args.seed, args.lam, args.rate, args.final_rate,
                              args.score_games, hidden=args.hidden, start=start)  # fmt: skip
    bar = progress_bar(args.games)
    try:
        found = value.train(training, bar)
    finally:
        bar.close()
    out = args.out or Path(f"{found['model']}.json")
    found = value.write(out, found)
    if args.curve is not None:
        value.plot_curve(found, args.curve)
    print(value.format_summary(found))
    print(f"  written to {out}" + (f", the curve to {args.curve}" if args.curve else ""))
    return 0


COMMANDS = {
    "play": cmd_play,
    "simulate": cmd_simulate,
    "tournament": cmd_tournament,
    "lab": cmd_lab,
    "moves": cmd_moves,
    "replay": cmd_replay,
    "rules": cmd_rules,
    "bench": cmd_bench,
    "serve": cmd_serve,
    "bench-web": cmd_bench_web,
    "train": cmd_train,
}


if __name__ == "__main__":
    sys.exit(main())
