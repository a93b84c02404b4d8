"""``pegrace play``: a game in the terminal."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from pegrace import outputs
from pegrace.commands.common import (
    Command,
    game_flags,
    help_words,
    new_rules,
    one_of_the_games,
    warn,
)
from pegrace.errors import OptionError
from pegrace.i18n import N_, fill, gettext
from pegrace.match import parse_seats
from pegrace.screen import Screen
from pegrace.terminal import TerminalGame, key_reader

# seconds a computer move stays on screen before the next, by `pegrace play --speed`
SPEEDS = {"slow": 1.2, "normal": 0.6, "fast": 0.2, "instant": 0.0}


def declare(play: argparse.ArgumentParser) -> None:
    play.add_argument("game", nargs="?", default="trouble", help=one_of_the_games())
    game_flags(play, "computer:medium", seed=None)  # a new game each time
    play.add_argument(
        "--record", type=Path, metavar="FILE", help=help_words(N_("write the game record here"))
    )
    # TRANSLATORS: a speed as typed and the seconds a move stays on screen ("slow 1.2 s")
    pace = gettext("{speed} {seconds} s")
    paces = ", ".join(fill(pace, speed=name, seconds=f"{s:g}") for name, s in SPEEDS.items())
    play.add_argument(
        "--speed",
        choices=list(SPEEDS),
        default=None,
        help=help_words(
            # TRANSLATORS: {paces} are the speeds as typed, each with its seconds ("slow 1.2 s,
            # normal 0.6 s"); "normal" and "instant" are speeds as typed
            N_(
                "how fast computer moves go by: {paces} a move (default normal on a terminal, "
                "else instant)"
            ),
            paces=paces,
        ),
    )
    play.add_argument(
        "--delay",
        type=float,
        default=None,
        metavar="S",
        help=help_words(N_("pause after each computer move in seconds (overrides --speed)")),
    )
    play.add_argument(
        "--fast", action="store_true", help=help_words(N_("no pause after computer moves"))
    )
    play.add_argument(
        "--plain",
        action="store_true",
        help=help_words(N_("print line after line instead of redrawing the screen in place")),
    )
    play.add_argument(
        "--no-colour", action="store_true", help=help_words(N_("plain text, no ANSI colours"))
    )


def seed_of(args: argparse.Namespace) -> int:
    if args.seed is not None:
        return int(args.seed)
    import secrets

    return secrets.randbelow(2**31)


def run(args: argparse.Namespace) -> int:
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
            # TRANSLATORS: {flag} is the option as typed ("--delay"), {seconds} what was given
            refused = gettext("{flag} {seconds}: use 0 or more seconds")
            raise OptionError(fill(refused, flag="--delay", seconds=args.delay))
        delay = args.delay
    if args.record is not None:
        outputs.check_file(args.record, "--record")
    seed = seed_of(args)
    # TRANSLATORS: the seed a game's dice and players start from ("seed 42")
    seed_words = fill(gettext("seed {seed}"), seed=seed)
    print(seed_words)
    colour = tty and not args.no_colour
    if not tty or args.plain:
        game = TerminalGame(
            rules,
            seats,
            seed,
            out=sys.stdout,
            ask=input,
            use_colour=colour,
            delay=delay,
            record_path=args.record,
            keys=key_reader(sys.stdin),
        )
        return game.run()
    with Screen(f"pegrace · {gettext(rules.title)} · {seed_words}") as screen:
        game = TerminalGame(
            rules,
            seats,
            seed,
            out=sys.stdout,
            ask=screen.ask,
            use_colour=colour,
            delay=delay,
            record_path=args.record,
            keys=key_reader(sys.stdin),
            screen=screen,
        )
        return game.run()


COMMAND = Command(
    "play",
    help=N_("play a game in the terminal"),
    # TRANSLATORS: --seat, two_sets, computer:medium, Enter, p and q are as typed
    description=N_(
        "Play in the terminal. Without --seat you play the first colour (both colours of your "
        "side with two_sets) against computer:medium players. Humans press Enter to pop, pick a "
        "move by its number, p passes where allowed; a forced pass plays itself; q quits any "
        "game, all-computer ones too (the record is saved if --record is given)."
    ),
    declare=declare,
    run=run,
)
