""" "Your turn" by e-mail (issue 54): a server started with ``--smtp URL`` tells a profile that
gave an address when a turn-based game comes to its seat and nobody holds the seat's page
open, at most once a game an hour (``notices``, kept in the store so that several servers
send one), in the profile's language, with a link to the game and one to stop the mail in
every message (and the one-click header mail programs use). The mail is sent from a thread:
a slow mail server holds up no game."""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import smtplib
import time
from dataclasses import dataclass
from email.message import EmailMessage
from urllib.parse import urlsplit

from pegrace.errors import OptionError
from pegrace.games import rules_class
from pegrace.i18n import said
from pegrace.web.gamestore import GameStore
from pegrace.web.refusals import saying

LOG = logging.getLogger("pegrace.web")
NOTICE_SECONDS = 3_600.0  # one notice a game an hour, at most
MAILS_AN_HOUR = 6  # mails of any kind to one profile an hour, at most: nobody is mail-bombed
SEND_SECONDS = 20.0  # the mail server's time to take a message
# mail is sent one message at a time, from a thread of its own (started when first used)
MAIL_THREAD = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="pegrace mail")


def migration() -> tuple[str, ...]:
    return (
        """CREATE TABLE notices (
            game TEXT NOT NULL REFERENCES games(id),
            profile TEXT NOT NULL REFERENCES profiles(id),
            sent DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (game, profile)
        )""",
        """CREATE TABLE mails (
            profile TEXT NOT NULL REFERENCES profiles(id),
            sent DOUBLE PRECISION NOT NULL
        )""",
        "CREATE INDEX mails_by_profile ON mails (profile, sent)",
    )


@dataclass(frozen=True)
class Mailer:
    """The SMTP server a pegrace server sends its mail through: smtp://HOST:PORT (STARTTLS
    when the server offers it) or smtps://HOST:PORT, with USER:PASSWORD@ if it asks."""

    host: str
    port: int
    tls: bool
    user: str | None
    password: str | None
    sender: str

    @classmethod
    def parse(cls, url: str, sender: str = "pegrace@localhost") -> Mailer:
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            # TRANSLATORS: {url} is what was given; smtp:// and smtps:// are kept as they are
            refused = said(
                "--smtp {url}: expected smtp://HOST:PORT or smtps://HOST:PORT", url=repr(url)
            )
            raise saying(OptionError, refused)
        port = parts.port or (465 if parts.scheme == "smtps" else 25)
        return cls(parts.hostname, port, parts.scheme == "smtps", parts.username,
                   parts.password, sender)  # fmt: skip

    def send(self, message: EmailMessage) -> None:
        """Send one message (in a thread: this blocks)."""
        message["From"] = self.sender
        kind = smtplib.SMTP_SSL if self.tls else smtplib.SMTP
        with kind(self.host, self.port, timeout=SEND_SECONDS) as server:
            if not self.tls and server.has_extn("starttls"):
                server.starttls()
            if self.user:
                server.login(self.user, self.password or "")
            server.send_message(message)


def may_notify(store: GameStore, game: str, profile: str, now: float) -> bool:
    """Whether the profile may be told of this game now (none in the last hour), and if so
    the telling counted, in one statement: two servers never both send."""
    return bool(
        store.changed(
            "INSERT INTO notices (game, profile, sent) VALUES (?, ?, ?) "
            "ON CONFLICT (game, profile) DO UPDATE SET sent = excluded.sent "
            "WHERE notices.sent <= ?",
            (game, profile, now, now - NOTICE_SECONDS),
        )
    )


def may_mail(store: GameStore, profile: str, now: float) -> bool:
    """Whether the profile may be sent one more mail this hour (``MAILS_AN_HOUR``); if so,
    counted."""
    with store.transaction():
        store.query("DELETE FROM mails WHERE sent < ?", (now - NOTICE_SECONDS,))
        sent = store.query("SELECT COUNT(*) FROM mails WHERE profile = ?", (profile,))
        if int(sent[0][0]) >= MAILS_AN_HOUR:
            return False
        store.query("INSERT INTO mails (profile, sent) VALUES (?, ?)", (profile, now))
    return True


def confirming(to: str, language: str, base: str, token: str) -> EmailMessage:
    """The mail that asks the address's owner to confirm it, in their language."""
    message = EmailMessage()
    message["To"] = to
    # TRANSLATORS: an e-mail's subject
    message["Subject"] = said("Confirm your address for pegrace").said_in(language)
    link, stop = f"{base}/confirm/{token}", f"{base}/unsubscribe/{token}"
    message["List-Unsubscribe"] = f"<{base}/api/unsubscribe/{token}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    # TRANSLATORS: an e-mail; {link} the address that confirms it
    body = said(
        "Someone gave this address to a pegrace profile, to be told when it is their turn "
        "in a game over days. If it was you, confirm it here: {link}\n\n"
        "If it was not, ignore this mail: nothing more will come.",
        link=link,
    )
    # TRANSLATORS: the last line of every e-mail; {stop} an address that stops them
    last = said("No more e-mail from pegrace: {stop}", stop=stop)
    message.set_content(f"{body.said_in(language)}\n\n{last.said_in(language)}")
    return message


def your_turn(
    to: str, language: str, base: str, game_id: str, game: str, unsubscribe: str
) -> EmailMessage:
    """The mail that says it is the person's turn, in their language."""
    title = said(rules_class(game).title).said_in(language)
    link = f"{base}/game/{game_id}"
    stop = f"{base}/unsubscribe/{unsubscribe}"
    message = EmailMessage()
    message["To"] = to
    # TRANSLATORS: an e-mail's subject; {game} is a game's title ("Trouble")
    message["Subject"] = said("Your turn in {game}", game=title).said_in(language)
    message["List-Unsubscribe"] = f"<{base}/api/unsubscribe/{unsubscribe}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    # TRANSLATORS: an e-mail; {game} a game's title, {link} the game's address, {stop} an
    # address that stops these e-mails
    body = said(
        "It is your turn in your game of {game}: {link}\n\n"
        "You get this because your pegrace profile gave this address for notices. "
        "No more of them: {stop}",
        game=title,
        link=link,
        stop=stop,
    )
    message.set_content(body.said_in(language))
    return message


async def send_later(mailer: Mailer, message: EmailMessage) -> None:
    """Send it from the mail's own thread (not the event loop's default threads, which the
    computer players' calls wait on: a slow mail server must hold up no game); a failure is
    logged (the address is not: nobody's secret)."""
    started = time.monotonic()
    try:
        await asyncio.get_running_loop().run_in_executor(MAIL_THREAD, mailer.send, message)
    except (OSError, smtplib.SMTPException) as err:
        LOG.warning("a notice could not be mailed (%s, after %.1f s)", type(err).__name__,
                    time.monotonic() - started)  # fmt: skip
