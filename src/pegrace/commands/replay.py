"""``pegrace replay``: a recorded game step by step, through the checked engine."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pegrace.commands.common import Command, help_words
from pegrace.i18n import N_, fill, gettext, said, say
from pegrace.pictures import draw
from pegrace.record import RESIGN, Record, replay
from pegrace.terminal_words import side_words
from pegrace.words import colour_name


def declare(rep: argparse.ArgumentParser) -> None:
    rep.add_argument("record", type=Path, help=help_words(N_("a record JSON file")))
    rep.add_argument(
        "--step", action="store_true", help=help_words(N_("wait for Enter after every move"))
    )
    rep.add_argument(
        "--final", action="store_true", help=help_words(N_("show only the final position"))
    )
    rep.add_argument(
        "--no-colour", action="store_true", help=help_words(N_("plain text, no ANSI colours"))
    )


def run(args: argparse.Namespace) -> int:
    record = Record.load(args.record)
    rules, states = replay(record)
    colour = sys.stdout.isatty() and not args.no_colour
    options = ", ".join(f"{k}={v}" for k, v in rules.options.items())
    # TRANSLATORS: a recorded game: its name, its seed, its rule options as typed ("six=on")
    heading = gettext("{game}, seed {seed}, rules {options}")
    print(fill(heading, game=gettext(rules.title), seed=record.seed, options=options))
    if not args.final:
        for before, event, after in zip(states[:-1], record.events, states[1:], strict=True):
            if event.kind == RESIGN:  # the seat left: its pieces go where its game says
                # TRANSLATORS: {who} is a colour ("Red"): it left the game
                print(say(said("{who} resigns", who=colour_name(event.colour))))
                print(draw(rules, after, colour))
                continue
            if event.move is None:  # a roll: the dome is popped, in the roll-off as in play
                dice = rules.dice_at(before)
                roll = dice.format(dice.from_json(event.roll))
                print(say(said("{who} pops {roll}", who=colour_name(event.colour), roll=roll)))
                continue
            move = rules.parse_move(before, event.move)
            print(say(rules.describe(before, move, colour_name(event.colour))))
            print(draw(rules, after, colour))
            if args.step:
                # TRANSLATORS: replay's prompt between moves; Enter is the key to press
                input(gettext("Enter for the next move") + " ")
    print(draw(rules, states[-1], colour))
    if states[-1].is_over:
        outcome = rules.outcome(states[-1])
        places = sorted(range(rules.side_count), key=lambda s: outcome.places[s])
        placed = ", ".join(f"{outcome.places[s]}. {side_words(rules, s)}" for s in places)
        # TRANSLATORS: the places at a game's end ("1. red, 2. green")
        print(fill(gettext("places: {places}"), places=placed))
    return 0


COMMAND = Command(
    "replay",
    help=N_("show a recorded game step by step"),
    description=N_(
        "Replay a game record (`pegrace play --record`, `simulate --record-dir`, the web game's "
        "download) through the checked engine: every roll and move in words, the board as it "
        "goes, and the places."
    ),
    declare=declare,
    run=run,
)
