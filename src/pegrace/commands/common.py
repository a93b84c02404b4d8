"""What the subcommands share: the parser's way of failing, the one-line warning, numbers
checked to be finite and in range, --rules, the game flags (--players, --seat, --rules,
--seed), where a run plays (--workers, --scheduler), --resume, and ``Command``, the entry each
command module gives cli.py's table. Their words, help and errors, are in the person's
language (pegrace.i18n, chosen by ``pegrace --lang`` before the parsers are made): messages
marked ``N_`` where they are written, put into words as the parsers are made (``help_words``)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from pegrace import outside
from pegrace.engine import Rules
from pegrace.errors import OptionError, saying
from pegrace.games import get_rules, list_games
from pegrace.i18n import N_, Said, current, fill, gettext, said
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
        self.exit(2, refusal(message, self.prog) + "\n")


# argparse's own words a person meets (its help's headings, its errors), as Python writes
# them: marked here for the catalogs, and argparse made to say them in the person's language
# (``speak_argparse``). Their %-placeholders are argparse's: a translation keeps them.
ARGPARSE_WORDS = (
    # TRANSLATORS: argparse's heading of a command's help ("usage: pegrace play ..."); keep
    # the space at its end
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"),
)


def speak_argparse() -> None:
    """argparse's words in the person's language: it looks its ``_`` up as it speaks."""
    argparse._ = gettext  # type: ignore[attr-defined]


def refusal(message: str, command: str | None = None) -> str:
    """The line pegrace ends with on bad input: ``pegrace: error: <message>``, and with
    ``command`` where to read how to use it."""
    if command is None:
        # TRANSLATORS: pegrace stops on bad input; {message} says what was wrong
        return fill(gettext("pegrace: error: {message}"), message=message)
    # TRANSLATORS: pegrace stops on bad input; {message} says what was wrong, {command} is the
    # command whose --help says how to use it ("pegrace play")
    refused = gettext("pegrace: error: {message} (see {command} --help)")
    return fill(refused, message=message, command=command)


def warn(message: Said) -> None:
    # TRANSLATORS: pegrace goes on, but something was not right; {message} says what
    warning = gettext("pegrace: warning: {message}")
    print(fill(warning, message=message.said_in(current())), file=sys.stderr)


def help_words(message: str, **args: object) -> str:
    """A message marked with ``N_`` in the person's language, its ``{placeholders}`` filled,
    as argparse's ``help=`` takes it: argparse formats those with %, so each "%" is doubled."""
    return fill(gettext(message), **args).replace("%", "%%")


def text_words(message: str | None) -> str | None:
    """A command's description or epilog (marked with ``N_``) in the person's language."""
    return gettext(message) if message else message


def check_number(flag: str, value: float, lowest: float, highest: float, what: str | Said) -> None:
    """Refuse in one line a flag's number that is not from ``lowest`` to ``highest`` (both
    finite; ``what``: the number in words, "a number of seconds", marked with ``N_``, or a
    ``Said``). The range is checked as what must hold: NaN fails every comparison and infinity
    passes any bound, so both are refused too (and a whole number too large for a float is
    never turned into one)."""
    if not lowest <= value <= highest:
        # TRANSLATORS: a flag's number out of range ("--games 0: a number of games from 1 to
        # 1,000"); {what} says what the number is
        refused = said(
            "{flag} {value}: {what} from {lowest} to {highest}",
            flag=flag,
            value=str(value),
            what=what if isinstance(what, Said) else Said(what),
            lowest=lowest,
            highest=highest,
        )
        raise saying(OptionError, refused)


def one_of_the_games() -> str:
    """The help of a GAME argument."""
    # TRANSLATORS: the games a command takes, as typed ("trouble, ludo")
    return help_words(N_("one of {games}"), games=", ".join(list_games()))


def parse_rules(items: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for item in items:
        for part in item.split(","):
            key, eq, value = part.partition("=")
            if not eq or not key.strip():
                # TRANSLATORS: {flag} is the option as typed ("--rules"), {part} what was given;
                # KEY=VALUE and the example are as typed
                refused = gettext("{flag} {part}: write KEY=VALUE, e.g. voluntary_pass=off")
                raise OptionError(fill(refused, flag="--rules", part=repr(part)))
            options[key.strip()] = value.strip()
    return options


def game_flags(
    parser: argparse.ArgumentParser, seat_default: str, seed: int | None = DEFAULT_SEED
) -> None:
    """--players, --seat, --rules and --seed (None: a new random seed, which is printed)."""
    parser.add_argument(
        "--players",
        type=int,
        default=4,
        metavar="K",
        help=help_words(N_("how many play, 2-4 (default 4)")),
    )
    parser.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="COLOUR=PLAYER",
        help=help_words(
            # TRANSLATORS: {players} are the players' names as typed ("human, computer:easy");
            # policy, policy:FILE, all=PLAYER and {default} are as typed too
            N_(
                "who plays a colour: {players} (two-dice Ludo: policy, the learned policy; "
                "policy:FILE, a policy.json you trained with pegrace's PPO example); all=PLAYER "
                "sets every seat not named on its own (default all={default})"
            ),
            players=", ".join(player_names()),
            default=seat_default,
        ),
    )
    rules_flag(parser)
    if seed is None:
        seed_help = help_words(N_("seed for dice and players (default a new one, printed)"))
    else:
        seed_help = help_words(N_("seed for dice and players (default {seed})"), seed=seed)
    parser.add_argument("--seed", type=int, default=seed, help=seed_help)


def rules_flag(parser: argparse.ArgumentParser, repeated: bool = True) -> None:
    """--rules KEY=VALUE, repeated (``repeated``: the help says so)."""
    if repeated:
        rules_help = N_("a rule option (see `pegrace rules GAME`); repeat or separate with commas")
    else:
        rules_help = N_("a rule option (see `pegrace rules GAME`)")
    parser.add_argument(
        "--rules", action="append", default=[], metavar="KEY=VALUE", help=help_words(rules_help)
    )


def resume_flag(parser: argparse.ArgumentParser, also: str = "") -> None:
    """--resume: a run stopped part way plays on from the games its --out DIR kept;
    ``also``: a message (``N_``) the help adds."""
    parser.add_argument(
        "--resume",
        action="store_true",
        help=help_words(
            N_(
                "play on a run that stopped before its end: --out DIR keeps its games as they "
                "finish (DIR/partial.jsonl); the same command with --resume plays the rest, and "
                "the report is the one the whole run would have made{also}; a run of other "
                "settings is refused, naming them"
            ),
            also=f" {gettext(also)}" if also else "",
        ),
    )


def where_flags(parser: argparse.ArgumentParser) -> None:
    """--workers and --scheduler: where a run's games are played; and --decision-seconds, the
    time players from outside have there."""
    parser.add_argument(
        "--decision-seconds",
        type=float,
        metavar="S",
        help=help_words(
            N_(
                "a player from outside's time for one decision, in seconds (default {seconds}; "
                "on a Dask cluster set {variable} on the workers)"
            ),
            seconds=f"{outside.DECISION_SECONDS:g}",
            variable=outside.SECONDS_VARIABLE,
        ),
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="W",
        help=help_words(N_("worker processes on this machine (default 1)")),
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help=help_words(
            N_(
                "play the games on the Dask cluster whose scheduler is at ADDRESS, e.g. "
                "tcp://SCHEDULER-HOST:8786 (needs pegrace[cluster]; docs/scaling.md); same "
                "results. This command unpickles what the scheduler sends back, and unpickling "
                "can run any code: connect only to a scheduler you control"
            )
        ),
    )


def most_workers() -> int:
    """The most --workers taken: WORKERS_PER_CORE per core of this machine."""
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


def check_where(args: argparse.Namespace) -> None:
    seconds = getattr(args, "decision_seconds", None)
    if seconds is not None:
        # TRANSLATORS: what --decision-seconds counts
        what = N_("seconds a decision")
        check_number("--decision-seconds", seconds, 0.001, outside.MOST_SECONDS, what)
        os.environ[outside.SECONDS_VARIABLE] = repr(seconds)  # the workers inherit it
    if args.workers < 1:
        # TRANSLATORS: {flag} is the option as typed ("--workers"), {workers} what was given
        refused = gettext("{flag} {workers}: use at least 1 worker")
        raise OptionError(fill(refused, flag="--workers", workers=args.workers))
    if args.workers > most_workers():
        # TRANSLATORS: {flag} is the option as typed ("--workers"), {workers} what was given
        refused = gettext(
            "{flag} {workers}: at most {most} ({per_core} per core, {cores} cores here): "
            "more processes only share the same cores, and each one takes its own memory"
        )
        raise OptionError(
            fill(
                refused,
                flag="--workers",
                workers=args.workers,
                most=most_workers(),
                per_core=WORKERS_PER_CORE,
                cores=os.cpu_count() or 1,
            )
        )
    if args.scheduler is not None and "://" not in args.scheduler:
        # TRANSLATORS: {flag} is the option as typed ("--scheduler"), {address} what was given;
        # tcp://HOST:8786 is as typed
        refused = gettext("{flag} {address}: an address such as tcp://HOST:8786")
        raise OptionError(fill(refused, flag="--scheduler", address=args.scheduler))


def new_rules(args: argparse.Namespace) -> Rules:
    return get_rules(args.game, args.players, parse_rules(args.rules))


def computer_seats(rules: Rules, given: list[str], default: str, command: str) -> dict[str, str]:
    """``--seat``'s players, every one a computer (``command`` plays no person)."""
    seats = parse_seats(rules, given, default, warn)
    humans = [c for c, spec in seats.items() if spec == "human"]
    if humans:
        # TRANSLATORS: {command} is a pegrace command ("simulate"), {colours} colours as typed
        refused = gettext("{command} plays computer seats only, and these are human: {colours}")
        raise OptionError(fill(refused, command=command, colours=", ".join(humans)))
    return seats


def kept_games(
    args: argparse.Namespace, settings: dict[str, Any]
) -> tuple[KeptGames | None, list[GameSummary]]:
    """Where the games of a run with ``settings`` are kept as they finish (``--out``), and
    those a stopped run played (``--resume``)."""
    if args.out is None:
        if args.resume:
            raise OptionError(
                gettext("--resume reads the games a run kept in its --out DIR: give it")
            )
        return None, []
    return KeptGames.start(args.out, settings, args.resume)
