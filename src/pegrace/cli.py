"""The ``pegrace`` command. Every subcommand reads --players, --seat, --rules and
--seed the same way; bad input ends with one line naming the problem.

Each subcommand is a module of pegrace.commands: its arguments declared beside the run that
reads them, as a ``Command``. COMMANDS below is the one table of them: the parser adds each
one's parser in this order (the order ``pegrace --help`` lists them) and ``main`` runs the
one named.

pegrace speaks the person's language (pegrace.i18n): ``--lang LANG`` anywhere on the command
line, else the environment's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), chosen before the parsers
are made so that their help is in it too."""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from pegrace import i18n
from pegrace.commands import (
    bench,
    bench_web,
    dataset,
    lab,
    learn,
    moves,
    play,
    rate,
    replay,
    review,
    rules,
    serve,
    simulate,
    store,
    tournament,
    train,
)
from pegrace.commands.common import (
    Command,
    Parser,
    help_words,
    parse_rules,
    refusal,
    speak_argparse,
    text_words,
)
from pegrace.commands.tournament import tournament_lineup
from pegrace.errors import OptionError, PegraceError
from pegrace.i18n import N_, fill, gettext, say
from pegrace.provenance import core_build, pegrace_version
from pegrace.worker_pool import STOP_SIGNALS

__all__ = ["COMMANDS", "main", "make_parser", "parse_rules", "tournament_lineup"]

# every subcommand by its name, in the order `pegrace --help` lists them
COMMANDS: dict[str, Command] = {
    command.name: command
    for command in (
        play.COMMAND,
        learn.COMMAND,
        simulate.COMMAND,
        tournament.COMMAND,
        rate.COMMAND,
        moves.COMMAND,
        replay.COMMAND,
        review.COMMAND,
        rules.COMMAND,
        bench.COMMAND,
        serve.COMMAND,
        store.COMMAND,
        lab.COMMAND,
        train.COMMAND,
        dataset.COMMAND,
        bench_web.COMMAND,
    )
}


LANG_FLAG = "--lang"


class ShowVersion(argparse.Action):
    """``--version``: pegrace's version with the commit it comes from and its core's build,
    worked out only when asked (it asks git)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        print(f"pegrace {pegrace_version()} (core {core_build()['source']})")
        parser.exit()


def make_parser() -> Parser:
    """The parser of every command, its help in the language ``i18n.use`` chose."""
    parser = Parser(
        prog="pegrace",
        description=gettext("Pop-O-Matic dice race games: play, simulate and study them."),
    )
    parser.add_argument(
        "--version",
        action=ShowVersion,
        help=help_words(N_("print pegrace's version and stop")),
    )
    parser.add_argument(
        LANG_FLAG,
        metavar="LANG",
        help=help_words(
            # TRANSLATORS: {languages} are the languages' tags as typed ("en, es, pt-BR");
            # {variables} the environment variables that name a language, first first
            N_(
                "the language pegrace speaks, one of {languages}, with any command (default: "
                "the environment's, read from {variables})"
            ),
            languages=", ".join(i18n.LANGUAGES),
            variables="LANGUAGE, LC_ALL, LC_MESSAGES, LANG",
        ),
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    for command in COMMANDS.values():
        command.declare(
            sub.add_parser(
                command.name,
                help=help_words(command.help),
                description=text_words(command.description),
                epilog=text_words(command.epilog),
                formatter_class=command.formatter_class,
            )
        )
    return parser


def language_asked(
    argv: Sequence[str], environ: Mapping[str, str] | None = None
) -> tuple[str, list[str]]:
    """The language pegrace is to speak: ``--lang LANG`` (or ``--lang=LANG``) anywhere before
    a lone ``--`` (the last one given), else the environment's; and ``argv`` without it. A
    language pegrace does not speak is an OptionError naming those it does."""
    rest: list[str] = []
    asked: str | None = None
    items = iter(argv)
    for item in items:
        if item == "--":
            rest += [item, *items]
        elif item == LANG_FLAG:
            asked = next(items, "")
        elif item.startswith(LANG_FLAG + "="):
            asked = item.partition("=")[2]
        else:
            rest.append(item)
    if asked is None:
        return i18n.from_environment(environ), rest
    found = i18n.best_match([asked]) if asked.strip() else None
    if found is None:
        spoken = ", ".join(f"{tag} ({i18n.endonym(tag)})" for tag in i18n.LANGUAGES)
        # TRANSLATORS: {flag} is the option as typed ("--lang"), {language} what was given;
        # {languages} the languages pegrace speaks, each as typed and in its own words
        # ("de (Deutsch)")
        refused = gettext("{flag} {language}: pegrace speaks {languages}")
        raise OptionError(fill(refused, flag=LANG_FLAG, language=asked, languages=spoken))
    return found, rest


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    i18n.use(i18n.from_environment())  # the words of a bad --lang's error
    try:
        language, rest = language_asked(given)
    except OptionError as err:
        print(refusal(str(err), "pegrace"), file=sys.stderr)
        return 2
    i18n.use(language)
    speak_argparse()
    args = make_parser().parse_args(rest)
    args.argv = given  # reports record it
    try:
        with stopping_on(STOP_SIGNALS):
            return COMMANDS[args.command].run(args)
    except PegraceError as err:
        print(refusal(say(err.said) if err.said is not None else str(err)), file=sys.stderr)
        return 2
    except KeyboardInterrupt as stop:
        # TRANSLATORS: said when the person stops pegrace with Ctrl-C
        print("\n" + gettext("pegrace: stopped"), file=sys.stderr)
        return 128 + (stop.signum if isinstance(stop, Stopped) else signal.SIGINT)
    except BrokenPipeError:
        quiet_stdout()
        return 0


class Stopped(KeyboardInterrupt):
    """A stop asked by a signal other than Ctrl-C's: ended as Ctrl-C ends a command (the games
    kept, the workers ended), with the shell's status for that signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextlib.contextmanager
def stopping_on(signals: Sequence[signal.Signals]) -> Iterator[None]:
    """While the block runs (in the main thread), each of ``signals`` raises Stopped."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, _frame: object) -> None:
        raise Stopped(signum)

    before = {signum: signal.signal(signum, stop) for signum in signals}
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)


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
