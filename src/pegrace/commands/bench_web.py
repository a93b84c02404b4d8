"""``pegrace bench-web``: the web server's load benchmark, or its defences under attack."""

from __future__ import annotations

import argparse
import json
import textwrap
from pathlib import Path

from pegrace.commands.common import (
    WORKERS_PER_CORE,
    Command,
    check_number,
    help_words,
    most_workers,
    one_of_the_games,
)
from pegrace.errors import OptionError, saying
from pegrace.games import get_rules
from pegrace.i18n import N_, said
from pegrace.provenance import DEFAULT_SEED
from pegrace.web.attacks import ATTACKS, attack_names

MOST_SECONDS = 86_400  # a phase or a run of a day at most
MOST_GAMES = 10_000  # concurrent games: each holds a socket a player in this one process
# raw connections one attacker address opens: fewer than the local ports it may bind (Linux
# gives 28,232 by default)
MOST_CONNECTIONS = 25_000
MOST_SEED = 2**64 - 1  # the games' dice seeds are made from it, below the server's 2**128


def declare(web_bench: argparse.ArgumentParser) -> None:
    web_bench.add_argument(
        "--attack",
        metavar="NAME",
        type=attacks_named,
        help=help_words(
            N_(
                "measure the victims' play under this attack (below), several separated by "
                "commas, or all: each in turn"
            )
        ),
    )
    web_bench.add_argument(
        "--games",
        type=int,
        default=200,
        metavar="N",
        help=f"concurrent games, 1 to {MOST_GAMES} (default 200)",
    )
    web_bench.add_argument(
        "--seconds",
        type=float,
        default=20.0,
        metavar="S",
        help=f"how long to run, 1 to {MOST_SECONDS} (default 20); with --attack, each phase's "
        "length",
    )
    web_bench.add_argument(
        "--game", default="trouble", help=f"{one_of_the_games()} (default trouble)"
    )
    web_bench.add_argument(
        "--players",
        type=int,
        default=4,
        metavar="K",
        help=help_words(N_("players a game (default 4)")),
    )
    web_bench.add_argument(
        "--seed",
        type=int,
        default=DEFAULT_SEED,
        help=f"seed of the clients' choices (default {DEFAULT_SEED})",
    )
    web_bench.add_argument(
        "--connections",
        type=int,
        default=5000,
        metavar="N",
        help=f"with --attack idle, slowloris or slow-body: raw connections to open, 1 to "
        f"{MOST_CONNECTIONS} (default 5000; slow-body opens 60 at most)",
    )
    web_bench.add_argument(
        "--attacker-address",
        default="127.0.0.3",
        metavar="ADDR",
        help=help_words(
            N_(
                "the loopback address the attack comes from (default 127.0.0.3; 127.0.0.1 is "
                "the address the server trusts as a reverse proxy; heavy-many and heavy-network "
                "come from it and the 19 after it); the victims' is 127.0.1.2"
            )
        ),
    )
    web_bench.add_argument(
        "--server-src",
        type=Path,
        metavar="DIR",
        help=help_words(
            N_(
                "run the server from this source folder (e.g. a git worktree of an earlier "
                "commit with the native core copied in), to compare it with this one"
            )
        ),
    )
    web_bench.add_argument(
        "--store",
        metavar="URL",
        help=help_words(
            N_(
                "serve from this PostgreSQL database (postgresql://...; its games are kept), "
                "not a new SQLite file; with --attack, from a new database made on its server for "
                "each attack (dropped after)"
            )
        ),
    )
    web_bench.add_argument(
        "--servers",
        type=int,
        default=1,
        metavar="N",
        help="start N servers on the --store, the games spread over them round-robin (with "
        "--attack, the attacker's connections; the victims play on the first), at most "
        f"{WORKERS_PER_CORE} a core (default 1)",
    )
    web_bench.add_argument("--json", action="store_true", help=help_words(N_("print JSON")))


def run(args: argparse.Namespace) -> int:
    from pegrace.web.attackbench import bench_attack, format_bench_attack
    from pegrace.web.loadbench import bench_web, format_bench_web, sigterm_as_interrupt
    from pegrace.web.stores import is_postgres

    check_numbers(args)
    if args.server_src is not None and not (args.server_src / "pegrace" / "cli.py").is_file():
        # TRANSLATORS: --server-src is an option, as typed; {folder} a folder's path
        no_pegrace = said(
            "--server-src {folder}: no pegrace package in it (give the src folder of a checkout)",
            folder=str(args.server_src),
        )
        raise saying(OptionError, no_pegrace)
    if args.store is not None and not is_postgres(args.store):
        # TRANSLATORS: --store is an option, as typed; {store} the store given
        not_url = said("--store {store}: not a postgresql:// URL", store=args.store)
        raise saying(OptionError, not_url)
    with sigterm_as_interrupt():  # SIGTERM stops the server too, as Ctrl-C does
        if args.attack is not None:
            attacked = bench_attack(
                args.attack,
                args.seconds,
                args.seed,
                args.connections,
                args.attacker_address,
                src=args.server_src,
                store=args.store,
                servers=args.servers,
            )
            print(json.dumps(attacked, indent=2) if args.json else format_bench_attack(attacked))
            return 0
        get_rules(args.game, args.players, {})  # the game, and its number of players
        report = bench_web(
            args.games,
            args.seconds,
            args.game,
            args.players,
            args.seed,
            args.server_src,
            args.store,
            args.servers,
        )
    print(json.dumps(report, indent=2) if args.json else format_bench_web(report))
    return 0


def check_numbers(args: argparse.Namespace) -> None:
    """Every number the command reads, finite and in its range, before anything starts."""
    # TRANSLATORS: what a number is, in "--seconds 0: a number of seconds from 1 to 86,400"
    check_number("--seconds", args.seconds, 1, MOST_SECONDS, N_("a number of seconds"))
    # TRANSLATORS: what a number is, in "--games 0: a number of games from 1 to 10,000"
    check_number("--games", args.games, 1, MOST_GAMES, N_("a number of games"))
    # TRANSLATORS: what a number is, in "--connections 0: connections from 1 to 25,000"
    check_number("--connections", args.connections, 1, MOST_CONNECTIONS, N_("connections"))
    # TRANSLATORS: what a number is, in "--servers 0: servers (4 a core) from 1 to 16"
    servers = said("servers ({per_core} a core)", per_core=WORKERS_PER_CORE)
    check_number("--servers", args.servers, 1, most_workers(), servers)
    # TRANSLATORS: what a number is, in "--seed -1: a seed from 0 to 18,446,744,073,709,551,615"
    check_number("--seed", args.seed, 0, MOST_SEED, N_("a seed"))


def attacks_named(text: str) -> str:
    """--attack's value, once every attack it names is known (attack_names)."""
    try:
        attack_names(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    return text


def attacks_in_words() -> str:
    """The epilog: each attack --attack names, in words."""
    return "attacks (--attack NAME):\n" + "\n".join(
        textwrap.fill(
            text,
            100,
            initial_indent=f"  {name:<17} ",
            subsequent_indent=" " * 20,
            break_on_hyphens=False,
        )
        for name, text in ATTACKS.items()
    )


COMMAND = Command(
    "bench-web",
    help=N_("load benchmark of the web server (or, with --attack, its defences)"),
    formatter_class=argparse.RawDescriptionHelpFormatter,
    description=N_(
        "Start `pegrace serve` on 127.0.0.1 in another process and drive many "
        "concurrent games over WebSockets\n(each client rolls or plays a random listed move as "
        "soon as it may); report moves per second and the\nlatency from a roll or move sent to "
        "its update received. Stops by itself after --seconds.\n\n"
        "With --attack NAME: start `pegrace serve` with its limits at their defaults (but those "
        "an attack\nbelow names), play victim games at a person's pace (2 of two people, 2 of a "
        "person v\ncomputer:medium) through three phases of --seconds each: quiet, under the "
        "attack (one attacker\nprocess), after it; report the victims' answer times and the "
        "computer's reply times (median,\np95, max) per phase, what the attack achieved, the "
        "server's CPU, and PASS or FAIL against the\ntargets (answers p95 <= 100 ms, computer "
        "replies p95 <= 2 s, no victim refused or dropped)."
    ),
    epilog=attacks_in_words(),
    declare=declare,
    run=run,
)
