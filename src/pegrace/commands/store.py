"""``pegrace store copy SRC DST``: every game of one game store into another, SQLite to
PostgreSQL and back (a store is an SQLite file's path or a postgresql:// URL)."""

from __future__ import annotations

import argparse
from pathlib import Path

from pegrace.commands.common import Command
from pegrace.errors import OptionError, saying
from pegrace.i18n import N_, said

WHERE_HELP = "an SQLite file's path, or postgresql://USER:PASSWORD@HOST:PORT/DATABASE"


def declare(store: argparse.ArgumentParser) -> None:
    actions = store.add_subparsers(
        dest="action", metavar="ACTION", required=True, help="what to do: copy"
    )
    copy = actions.add_parser(
        "copy",
        help="copy every game of SRC into DST, which must hold none of them",
        description="Copy every game of SRC into DST (made if missing; it must hold none of "
        "SRC's games), all in one transaction, and check the copy: its rows are SRC's, and "
        "every game replays from it as a server would resume it. A game that does not replay "
        "in SRC either (a damaged row) is copied as it was and named. Should anything fail, "
        "DST is left as it was. SRC is only read (opened read-only), and refused unless it is "
        "a pegrace game store of this pegrace's schema. The servers on SRC may keep running: "
        "games they change meanwhile are copied as they were.",
    )
    copy.add_argument("source", metavar="SRC", help=f"the store to copy from: {WHERE_HELP}")
    copy.add_argument("target", metavar="DST", help=f"the store to copy into: {WHERE_HELP}")


def run(args: argparse.Namespace) -> int:
    from pegrace.simulate import progress_bar
    from pegrace.web.masking import without_password
    from pegrace.web.storecopy import copy_games, count_games
    from pegrace.web.stores import is_postgres, open_store, shown

    source_where = args.source if is_postgres(args.source) else Path(args.source)
    if isinstance(source_where, Path) and not source_where.is_file():
        # a mistyped URL (postgress://USER:PASSWORD@...) reads as a path: its password masked
        shown_source = without_password(args.source)
        # TRANSLATORS: SRC is the argument's name, as typed; {store} the store given (a file's
        # path or a URL)
        none = said("SRC {store}: no such store (an SQLite file, or a URL)", store=shown_source)
        raise saying(OptionError, none)
    target_where = args.target if is_postgres(args.target) else Path(args.target)
    with open_store(source_where, read_only=True) as source, open_store(target_where) as target:
        bar = progress_bar(count_games(source))
        try:
            copied = copy_games(source, target, bar)
        finally:
            bar.close()  # a failure's line starts a line of its own
    print(
        f"pegrace: copied {copied.games} games ({copied.seats} seats, {copied.events} events) "
        f"from {shown(source_where)} to {shown(target_where)}; every game's rows checked and "
        "every game replayed from the copy"
    )
    if copied.damaged:
        print(
            f"pegrace: {len(copied.damaged)} game(s) copied as they were, damaged in the source "
            f"too (they do not replay): {', '.join(copied.damaged)}"
        )
    return 0


COMMAND = Command(
    "store",
    help=N_("manage game stores: copy every game between SQLite and PostgreSQL"),
    description=N_(
        "Work on the web app's game stores. `pegrace store copy SRC DST` copies every "
        "game from one store to another, e.g. from an SQLite file to PostgreSQL when a server "
        "grows past one process (docs/web-servers.md, 'PostgreSQL'), and back."
    ),
    declare=declare,
    run=run,
)
