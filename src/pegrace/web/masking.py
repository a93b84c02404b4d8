"""What messages and logs may show of a game store's address: a PostgreSQL URL with every
secret in it masked (``without_password``), and a database's error with them masked too
(``masked``): libpq's errors may quote the URL it was given, or a part of it."""

from __future__ import annotations

import re
from urllib.parse import unquote

# A URL's secrets: its password (user:PASSWORD@host, up to the last @ before the path, so that
# one typed with an @ or a ? of its own is masked whole) and the value of each query parameter
# libpq reads as a secret (a passfile's name is none).
URL_PASSWORD = re.compile(r"[a-z][a-z0-9+.-]*://[^/@:]*:([^/]*)@", re.IGNORECASE)
SECRET_PARAMETERS = ("password", "sslpassword")
MASK = "***"


def secret_spans(url: str) -> list[tuple[int, int]]:
    """Where ``url`` holds a secret (start, end), in order."""
    spans = []
    found = URL_PASSWORD.match(url)
    if found:
        spans.append(found.span(1))
    query = url.find("?", found.end() if found else 0)
    if query < 0:
        return spans
    start = query + 1
    for parameter in url[start:].split("&"):
        key, equals, _ = parameter.partition("=")
        # libpq decodes a parameter's name too: pass%77ord is a password
        if equals and unquote(key).strip().lower() in SECRET_PARAMETERS:
            spans.append((start + len(key) + 1, start + len(parameter)))
        start += len(parameter) + 1
    return spans


def without_password(url: str) -> str:
    """``url`` as messages and logs may show it: every secret in it masked, its password
    (``user:***@host``) and a query's ``password=***`` (or ``sslpassword=***``)."""
    for start, end in reversed(secret_spans(url)):
        url = url[:start] + MASK + url[end:]
    return url


def masked(text: str, url: str) -> str:
    """``text`` with every secret of ``url`` masked wherever it appears: libpq's errors may
    quote the URL, or the part of it they cannot read (a password with a space, say). A short
    password may mask a few letters of other words too: better than showing it."""
    text = text.replace(url, without_password(url))
    found = {url[start:end] for start, end in secret_spans(url)}
    for secret in sorted(found | {unquote(each) for each in found}, key=len, reverse=True):
        if secret:
            text = text.replace(secret, MASK)
    return text


def one_line(err: BaseException) -> str:
    """An error's text on one line (libpq's run over several, a hint indented below)."""
    return " ".join(str(err).split())
