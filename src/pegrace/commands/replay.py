"""``pegrace replay``: a recorded game step by step, through the checked engine."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pegrace.commands.common import Command
from pegrace.pictures import draw
from pegrace.record import Record, replay
from pegrace.words import colour_name, said_of


def declare(rep: argparse.ArgumentParser) -> None:
    rep.add_argument("record", type=Path, help="a record JSON file")
    rep.add_argument("--step", action="store_true", help="wait for Enter after every move")
    rep.add_argument("--final", action="store_true", help="show only the final position")
    rep.add_argument("--no-colour", action="store_true", help="plain text, no ANSI colours")


def run(args: argparse.Namespace) -> int:
    record = Record.load(args.record)
    rules, states = replay(record)
    colour = sys.stdout.isatty() and not args.no_colour
    options = ", ".join(f"{k}={v}" for k, v in rules.options.items())
    print(f"{rules.title}, seed {record.seed}, rules " + options)
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


COMMAND = Command(
    "replay",
    help="show a recorded game step by step",
    description="Replay a game record (`pegrace play --record`, `simulate --record-dir`, "
    "the web game's download) through the checked engine: every roll and move in words, "
    "the board as it goes, and the places.",
    declare=declare,
    run=run,
)
