"""``pegrace lab``: what house rules do to a game (length, fairness, skill, drama)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path

from pegrace.commands.common import (
    Command,
    check_where,
    computer_seats,
    game_flags,
    help_words,
    one_of_the_games,
    parse_rules,
    where_flags,
)
from pegrace.errors import OptionError, saying
from pegrace.games import get_rules
from pegrace.i18n import N_, said
from pegrace.players import make_player, pinned_spec
from pegrace.simulate import progress_bar


def declare(lab: argparse.ArgumentParser) -> None:
    lab.add_argument("game", help=one_of_the_games())
    lab.add_argument(
        "--vary",
        action="append",
        default=[],
        metavar="OPTION=A,B",
        help=help_words(
            N_(
                "an option and the values to try, e.g. finish=exact,deepest-first; repeat to "
                "cross options (see `pegrace rules GAME`)"
            )
        ),
    )
    lab.add_argument(
        "--all",
        action="store_true",
        help=help_words(N_("every option's every other value, one option at a time")),
    )
    lab.add_argument(
        "--games",
        type=int,
        default=2000,
        metavar="N",
        help=help_words(N_("games per combination and run (default 2000)")),
    )
    game_flags(lab, "computer:medium")
    lab.add_argument(
        "--skill",
        default="medium,random",
        metavar="STRONG,WEAK",
        help=help_words(N_("the skill run: STRONG against weaker players (default medium,random)")),
    )
    where_flags(lab)
    lab.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help=help_words(N_("write report.json, combinations.csv, the plots (PNG) and report.html")),
    )
    lab.add_argument("--json", action="store_true", help=help_words(N_("print the report as JSON")))


def run(args: argparse.Namespace) -> int:
    from pegrace import lab

    if args.games < 2:
        # TRANSLATORS: --games is an option, as typed; {games} its value
        few = said("--games {games}: at least 2 games per combination", games=str(args.games))
        raise saying(OptionError, few)
    check_where(args)
    if bool(args.vary) == args.all:
        # TRANSLATORS: --vary and --all are options, OPTION=A,B as typed
        vary = said("name the options to try with --vary OPTION=A,B, or --all for every one")
        raise saying(OptionError, vary)
    base = parse_rules(args.rules)
    if args.all:
        found, skipped = lab.every_option(args.game, args.players, base)
    else:
        found, skipped = lab.combinations(args.game, args.players, base, parse_vary(args.vary))
    rules = get_rules(args.game, args.players, found[0])
    seats = computer_seats(rules, args.seat, "computer:medium", "lab")
    skill = [pinned_spec(spec.strip()) for spec in args.skill.split(",")]
    if len(skill) != 2 or not all(skill):
        # TRANSLATORS: --skill is an option, as typed; {skill} its value; STRONG,WEAK and the
        # example (players' names) as typed
        pair = said("--skill {skill}: STRONG,WEAK, e.g. medium,random", skill=args.skill)
        raise saying(OptionError, pair)
    for spec in skill:
        make_player(spec)
    if args.out is not None:
        lab.check_out(args.out)
    strong, weak = skill
    settings = lab.Lab(
        args.game,
        args.players,
        tuple(found),
        seats,
        strong,
        weak,
        args.games,
        args.seed,
        tuple(skipped),
        tuple(args.argv),
    )
    total = 2 * args.games * len(found)
    report = lab.run(settings, args.workers, args.scheduler, progress_bar(total))
    if args.out is not None:
        lab.write_outputs(args.out, report)
    print(json.dumps(report, indent=2) if args.json else lab.format_report(report))
    return 0


COMMAND = Command(
    "lab",
    help=N_("what house rules do to a game: length, fairness, skill, drama"),
    description=N_(
        "Play every combination of the rule options varied (the others as --rules or "
        "the defaults have them) and compare each with the base rules: game length, each seat's "
        "win rate and a test that every seat wins equally, how often a stronger player wins, "
        "captures and lead changes, with 95% intervals and a sentence per effect. Two runs of "
        "--games games per combination: --seat's players in fixed seats, and --skill's stronger "
        "player against weaker ones, seats rotated."
    ),
    declare=declare,
    run=run,
)


def parse_vary(items: Sequence[str]) -> list[tuple[str, list[str]]]:
    """``--vary OPTION=a,b[,c]`` (repeatable): each option with its values."""
    varied = []
    for item in items:
        name, eq, values = item.partition("=")
        chosen = [v.strip() for v in values.split(",") if v.strip()]
        if not eq or not name.strip() or not chosen:
            # TRANSLATORS: {given} is what was given, quoted; OPTION=VALUE,VALUE and the
            # example are kept as typed
            unread = said(
                "--vary {given}: write OPTION=VALUE,VALUE, e.g. finish=exact,deepest-first",
                given=repr(item),
            )
            raise saying(OptionError, unread)
        varied.append((name.strip(), chosen))
    names = [n for n, _ in varied]
    if len(set(names)) != len(names):
        # TRANSLATORS: {options} are the options given, as typed
        twice = said("--vary: each option once ({options})", options=", ".join(names))
        raise saying(OptionError, twice)
    return varied
