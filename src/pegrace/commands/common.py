"""What the subcommands share: the parser's way of failing, the one-line warning, numbers
checked to be finite and in range, --rules, the game flags (--players, --seat, --rules,
--seed), where a run plays (--workers, --scheduler), --resume, and ``Command``, the entry each
command module gives cli.py's table."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from pegrace.engine import Rules
from pegrace.errors import OptionError
from pegrace.games import get_rules, list_games
from pegrace.kept import KeptGames
from pegrace.match import parse_seats
from pegrace.players import player_names
from pegrace.provenance import DEFAULT_SEED
from pegrace.simulate import GameSummary

# the most --workers per core: more processes only share the same cores, each with its memory
WORKERS_PER_CORE = 4


@dataclass(frozen=True)
class Command:
    """One subcommand: its name, its line in ``pegrace --help``, its own --help's words, the
    arguments it declares on its parser and the run that reads them (the exit status)."""

    name: str
    help: str
    description: str
    declare: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    epilog: str | None = None
    formatter_class: type[argparse.HelpFormatter] = argparse.HelpFormatter


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"pegrace: error: {message} (see {self.prog} --help)\n")


def warn(message: str) -> None:
    print(f"pegrace: warning: {message}", file=sys.stderr)


def check_number(flag: str, value: float, lowest: float, highest: float, what: str) -> None:
    """Refuse in one line a flag's number that is not from ``lowest`` to ``highest`` (both
    finite; ``what``: the number in words, "a number of seconds"). The range is checked as
    what must hold: NaN fails every comparison and infinity passes any bound, so both are
    refused too (and a whole number too large for a float is never turned into one)."""
    if not lowest <= value <= highest:
        raise OptionError(f"{flag} {value}: {what} from {lowest:,} to {highest:,}")


def one_of_the_games() -> str:
    """The help of a GAME argument."""
    return f"one of {', '.join(list_games())}"


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
        "learned policy; policy:FILE, a policy.json you trained with pegrace's PPO example); "
        "all=PLAYER sets "
        f"every seat not named on its own (default all={seat_default})",
    )
    rules_flag(parser)
    said = "a new one, printed" if seed is None else seed
    parser.add_argument(
        "--seed", type=int, default=seed, help=f"seed for dice and players (default {said})"
    )


def rules_flag(
    parser: argparse.ArgumentParser, also: str = "; repeat or separate with commas"
) -> None:
    """--rules KEY=VALUE, repeated."""
    parser.add_argument(
        "--rules",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=f"a rule option (see `pegrace rules GAME`){also}",
    )


def resume_flag(parser: argparse.ArgumentParser, also: str = "") -> None:
    """--resume: a run stopped part way plays on from the games its --out DIR kept."""
    parser.add_argument(
        "--resume",
        action="store_true",
        help="play on a run that stopped before its end: --out DIR keeps its games as they "
        "finish (DIR/partial.jsonl); the same command with --resume plays the rest, and the "
        f"report is the one the whole run would have made{also}; a run of other settings is "
        "refused, naming them",
    )


def where_flags(parser: argparse.ArgumentParser) -> None:
    """--workers and --scheduler: where a run's games are played."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="W",
        help="worker processes on this machine (default 1)",
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play the games on the Dask cluster whose scheduler is at ADDRESS, e.g. "
        "tcp://SCHEDULER-HOST:8786 (needs pegrace[cluster]; docs/scaling.md); same results. This "
        "command unpickles what the scheduler sends back, and unpickling can run any code: "
        "connect only to a scheduler you control",
    )


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


def new_rules(args: argparse.Namespace) -> Rules:
    return get_rules(args.game, args.players, parse_rules(args.rules))


def computer_seats(rules: Rules, given: list[str], default: str, command: str) -> dict[str, str]:
    """``--seat``'s players, every one a computer (``command`` plays no person)."""
    seats = parse_seats(rules, given, default, warn)
    humans = [c for c, spec in seats.items() if spec == "human"]
    if humans:
        raise OptionError(f"{command} plays computer seats only; {', '.join(humans)} is human")
    return seats


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
