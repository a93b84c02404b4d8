"""``pegrace moves``: the legal moves in a position given as state JSON."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from pegrace.commands.common import Command, help_words, one_of_the_games
from pegrace.errors import NotationError, saying
from pegrace.games import rules_class
from pegrace.i18n import N_, said, say
from pegrace.notation import rules_for_state, state_from_json
from pegrace.readers import STATE_FILE, read_json


def declare(moves: argparse.ArgumentParser) -> None:
    moves.add_argument("game", help=one_of_the_games())
    moves.add_argument(
        "--state", type=Path, required=True, metavar="FILE", help=help_words(N_("state JSON"))
    )
    moves.add_argument(
        "--roll", help=help_words(N_("the roll to play (else the state's own roll)"))
    )
    moves.add_argument("--json", action="store_true", help=help_words(N_("print JSON")))


def run(args: argparse.Namespace) -> int:
    rules_class(args.game)
    data = read_json(args.state, STATE_FILE, NotationError)
    rules = rules_for_state(data, args.game)
    state = state_from_json(rules, data)
    if args.roll is not None:
        if state.phase not in (state.phase.ROLL, state.phase.MOVE):
            # TRANSLATORS: {phase} is a state's phase, as a state file writes it ("over")
            due = said(
                "the state's phase is {phase}: no roll is due", phase=state.phase.name.lower()
            )
            raise saying(NotationError, due)
        state = rules.roll(
            state._replace(phase=state.phase.ROLL, roll=None), rules.dice.parse(args.roll)
        )
    elif state.roll is None:
        # TRANSLATORS: --roll R is an option and its value, as typed
        raise saying(NotationError, said("give --roll R (the state holds no roll)"))
    moves = rules.legal_moves(state)
    if args.json:
        listing = [{"move": str(m), "describe": str(rules.describe(state, m))} for m in moves]
        to_move = rules.colours[state.current]
        print(json.dumps({"to_move": to_move, "roll": state.roll, "moves": listing}, indent=2))
        return 0
    print(f"{rules.colours[state.current]} to move with {rules.dice.format(state.roll or 0)}:")
    for number, move in enumerate(moves, 1):
        print(f"  {number}. {move}    ({say(rules.describe(state, move))})")
    return 0


COMMAND = Command(
    "moves",
    help=N_("list the legal moves in a position"),
    description=N_(
        "List the legal moves of the seat to move in a position given as state "
        "JSON (docs/notation.md), each in notation and in words."
    ),
    declare=declare,
    run=run,
)
