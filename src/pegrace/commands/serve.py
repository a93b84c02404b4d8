"""``pegrace serve``: the web app, every game kept in an SQLite file."""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path
from socket import getfqdn

from pegrace import outputs
from pegrace.commands.common import Command, help_words
from pegrace.errors import OptionError
from pegrace.i18n import N_, fill, gettext


def declare(serve: argparse.ArgumentParser) -> None:
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help=help_words(N_("address to listen on (default 127.0.0.1: only here)")),
    )
    serve.add_argument(
        "--port", type=int, default=8000, help=help_words(N_("port (default 8000; 0: any free)"))
    )
    serve.add_argument(
        "--store",
        "--db",
        dest="store",
        metavar="PATH|URL",
        help=help_words(
            # TRANSLATORS: the paths, the URL and 'PostgreSQL' (a heading of
            # docs/web-servers.md) are as written
            N_(
                "the game store: an SQLite file (default $PEGRACE_DATA/games.sqlite3, else "
                "~/.local/share/pegrace/games.sqlite3) or a PostgreSQL database, "
                "postgresql://USER:PASSWORD@HOST:PORT/DATABASE (docs/web-servers.md, "
                "'PostgreSQL')"
            )
        ),
    )
    serve.add_argument(
        "--open",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=help_words(N_("open the page in a browser (default: when there is a display)")),
    )
    serve.add_argument(
        "--computer-delay",
        type=float,
        default=0.3,
        metavar="S",
        help=help_words(N_("pause before each computer roll or move, in seconds (default 0.3)")),
    )
    serve.add_argument(
        "--log-level",
        default="warning",
        choices=["critical", "error", "warning", "info", "debug"],
        help=help_words(
            # TRANSLATORS: "warning" and "info" are log levels as typed
            N_("what the server logs (default warning: problems only; info: every request)")
        ),
    )
    serve.add_argument(
        "--public",
        action="store_true",
        help=help_words(
            N_(
                "allow a --host that is not a loopback address: anyone who can reach it can "
                "watch and join games, over plain HTTP (better: a TLS reverse proxy, see "
                "docs/web-public.md)"
            )
        ),
    )
    serve.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help=help_words(
            N_(
                "another origin (scheme://host:port) whose pages may use this server, e.g. the "
                "address of a reverse proxy; repeatable"
            )
        ),
    )
    serve.add_argument(
        "--smtp",
        metavar="URL",
        default=os.environ.get("PEGRACE_SMTP"),
        help=help_words(
            # TRANSLATORS: smtp://HOST:PORT is as typed
            N_(
                'mail the turn-based games\' "your turn" notices to profiles that gave an '
                "address, through this mail server: smtp://HOST:PORT, smtps://HOST:PORT "
                "(USER:PASSWORD@ before HOST if it asks); default: $PEGRACE_SMTP, else none"
            )
        ),
    )
    serve.add_argument(
        "--outside-player",
        action="append",
        default=[],
        metavar="NAME=SPEC",
        help=help_words(
            # TRANSLATORS: NAME=SPEC, the specs and 'Players from outside' (a heading of
            # docs/rl.md) are as typed
            N_(
                "offer a player from outside in the seat menu, as NAME: a module:..., bot:... "
                "or other outside player's spec (docs/rl.md, 'Players from outside'); "
                "repeat for more. Clients may name only these"
            )
        ),
    )
    serve.add_argument(
        "--limit",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=help_words(
            # TRANSLATORS: games_per_minute=60 is as typed; 'Limits' is a heading of
            # docs/web-public.md
            N_(
                "change one of the limits every client is held to, e.g. games_per_minute=60 "
                "(names and defaults: docs/web-public.md, 'Limits'); repeat or separate with "
                "commas"
            )
        ),
    )


def run(args: argparse.Namespace) -> int:
    from pegrace.web.limits import Limits  # the web stack loads only for this command
    from pegrace.web.mail import Mailer
    from pegrace.web.server import serve
    from pegrace.web.store import default_db_path
    from pegrace.web.stores import Where, is_postgres

    if not 0 <= args.port <= 65535:
        # TRANSLATORS: {flag} is the option as typed ("--port"), {port} what was given
        refused = gettext("{flag} {port}: a port is a number from 0 to 65535 (0: any free one)")
        raise OptionError(fill(refused, flag="--port", port=args.port))
    if not (args.computer_delay >= 0 and math.isfinite(args.computer_delay)):
        # TRANSLATORS: {flag} is the option as typed ("--delay"), {seconds} what was given
        refused = gettext("{flag} {seconds}: use 0 or more seconds")
        raise OptionError(fill(refused, flag="--computer-delay", seconds=args.computer_delay))
    if args.store and is_postgres(args.store):
        where: Where = args.store
    else:
        where = Path(args.store) if args.store else default_db_path()
        # TRANSLATORS: the store's file where --store did not name one, as errors name it
        # ("the game store /home/ana/games.sqlite3: cannot write it")
        named = "--store" if args.store else gettext("the game store")
        outputs.check_file(where, named, make_parents=True)
    return serve(
        args.host,
        args.port,
        where,
        open_browser=args.open,
        computer_delay=args.computer_delay,
        log_level=args.log_level,
        out=sys.stdout,
        public=args.public,
        allowed_origins=tuple(args.allow_origin),
        limits=Limits.parse(args.limit),
        mailer=None if args.smtp is None else Mailer.parse(args.smtp, f"pegrace@{getfqdn()}"),
        outside_players=tuple(args.outside_player),
    )


COMMAND = Command(
    "serve",
    help=N_("play in the browser: start the web app"),
    description=N_(
        "Serve the web app: set up games, play against computer players or friends (invite "
        "links), watch, replay. Every game and move is kept in a store (an SQLite file, or a "
        "PostgreSQL database), so a restart resumes every game where it was."
    ),
    declare=declare,
    run=run,
)
