"""``pegrace rules``: every rule option of a game, its values, default and words."""

from __future__ import annotations

import argparse

from pegrace.commands.common import Command, one_of_the_games
from pegrace.games import list_games, rules_class


def declare(rules: argparse.ArgumentParser) -> None:
    rules.add_argument("game", nargs="?", help=f"{one_of_the_games()} (default: all)")


def run(args: argparse.Namespace) -> int:
    for name in [args.game] if args.game else list_games():
        cls = rules_class(name)
        print(
            f"{cls.title} ({cls.name}), rules version {cls.version}, "
            f"{cls.min_players}-{cls.max_players} players"
        )
        settings = [f"{option.name}={option.default}" for option in cls.option_specs]
        width = max(map(len, settings), default=0)  # the values in one column
        for option, setting in zip(cls.option_specs, settings, strict=True):
            values = "|".join(option.choices) if option.choices else "a whole number"
            print(f"  {setting:<{width}}  ({values})")
            print(f"      {option.help}")
            for value, words in option.choices_help.items():  # each value in words
                print(f"        {value}: {words}")
    return 0


COMMAND = Command(
    "rules",
    help="list every rule option of a game",
    description="List each rule option of a game (or every game): its values, its default "
    "and what it does; pass them as --rules KEY=VALUE (docs/rules/GAME.md).",
    declare=declare,
    run=run,
)
