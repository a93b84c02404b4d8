"""The ``pegrace`` command. Every subcommand reads --players, --seat, --rules and
--seed the same way; bad input ends with one line naming the problem.

Each subcommand is a module of pegrace.commands: its arguments declared beside the run that
reads them, as a ``Command``. COMMANDS below is the one table of them: the parser adds each
one's parser in this order (the order ``pegrace --help`` lists them) and ``main`` runs the
one named."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from importlib.metadata import version

from pegrace.commands import (
    bench,
    bench_web,
    lab,
    moves,
    play,
    replay,
    rules,
    serve,
    simulate,
    store,
    tournament,
    train,
)
from pegrace.commands.common import Command, Parser, parse_rules
from pegrace.commands.tournament import tournament_lineup
from pegrace.errors import PegraceError

__all__ = ["COMMANDS", "main", "make_parser", "parse_rules", "tournament_lineup"]

# every subcommand by its name, in the order `pegrace --help` lists them
COMMANDS: dict[str, Command] = {
    command.name: command
    for command in (
        play.COMMAND,
        simulate.COMMAND,
        tournament.COMMAND,
        moves.COMMAND,
        replay.COMMAND,
        rules.COMMAND,
        bench.COMMAND,
        serve.COMMAND,
        store.COMMAND,
        lab.COMMAND,
        train.COMMAND,
        bench_web.COMMAND,
    )
}


def make_parser() -> Parser:
    parser = Parser(
        prog="pegrace",
        description="Pop-O-Matic dice race games: play, simulate and study them.",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"pegrace {version('pegrace')}",
        help="print pegrace's version and stop",
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    for command in COMMANDS.values():
        command.declare(
            sub.add_parser(
                command.name,
                help=command.help,
                description=command.description,
                epilog=command.epilog,
                formatter_class=command.formatter_class,
            )
        )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = make_parser().parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)  # reports record it
    try:
        return COMMANDS[args.command].run(args)
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


if __name__ == "__main__":
    sys.exit(main())
