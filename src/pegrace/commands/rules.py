"""``pegrace rules``: every rule option of a game, its values, default and words."""

from __future__ import annotations

import argparse

from pegrace.commands.common import Command, help_words
from pegrace.games import list_games, rules_class
from pegrace.i18n import N_, fill, gettext, ngettext


def declare(rules: argparse.ArgumentParser) -> None:
    rules.add_argument(
        "game",
        nargs="?",
        # TRANSLATORS: {games} are the games as typed ("headache, ludo")
        help=help_words(N_("one of {games} (default: all)"), games=", ".join(list_games())),
    )


def run(args: argparse.Namespace) -> int:
    # TRANSLATORS: an option's value as typed ("on") and what it does
    value_words = gettext("{value}: {words}")
    for name in [args.game] if args.game else list_games():
        cls = rules_class(name)
        # TRANSLATORS: a game: its name, as typed, its rules' version, how many play ("2-4")
        heading = ngettext(
            "{game} ({name}), rules version {version}, {least}-{count} player",
            "{game} ({name}), rules version {version}, {least}-{count} players",
            cls.max_players,
        )
        about = {"name": cls.name, "version": cls.version, "least": cls.min_players}
        print(fill(heading, game=gettext(cls.title), count=cls.max_players, **about))
        settings = [f"{option.name}={option.default}" for option in cls.option_specs]
        width = max(map(len, settings), default=0)  # the values in one column
        for option, setting in zip(cls.option_specs, settings, strict=True):
            # TRANSLATORS: the values an option takes, where it takes a number
            values = "|".join(option.choices) if option.choices else gettext("a whole number")
            print(f"  {setting:<{width}}  ({values})")
            print(f"      {gettext(option.help)}")
            for value, words in option.choices_help.items():  # each value in words
                print(f"        {fill(value_words, value=value, words=gettext(words))}")
    return 0


COMMAND = Command(
    "rules",
    help=N_("list every rule option of a game"),
    # TRANSLATORS: --rules KEY=VALUE and docs/rules/GAME.md are as typed
    description=N_(
        "List each rule option of a game (or every game): its values, its default and what it "
        "does; pass them as --rules KEY=VALUE (docs/rules/GAME.md)."
    ),
    declare=declare,
    run=run,
)
