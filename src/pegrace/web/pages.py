"""The HTML pages, in the person's language (issue 53): the one page the scripts draw
(static/index.html, its <html lang dir>, its few words and the language menu filled in here),
the clear "no such ..." pages, and each language's catalog for the scripts (/i18n/LANG.json).

A person's language is the one they chose in the menu (the cookie ``pegrace-lang``, kept by
their browser), else the one their browser asks for (``Accept-Language``), else English.
"""

from __future__ import annotations

import hashlib
import html
import re
from functools import lru_cache
from importlib import resources
from pathlib import Path

import orjson
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response

from pegrace import i18n
from pegrace.games import ENTRIES, list_games, rules_class
from pegrace.i18n import Said
from pegrace.web.compressed import answer, made_file

STATIC = Path(__file__).parent / "static"
THEME = "#1e3a6e"  # the mark's blue (static/favicon.svg): the app's bar and splash
ICON_SIZES = (192, 512)  # static/icon-N.png, drawn from the mark by tools/icons.py
COOKIE = "pegrace-lang"
VARY = {"Vary": "Accept-Language, Cookie"}
CATALOG_CACHE = "public, max-age=300"  # a new release's words reach a page within minutes


def language_of(request: Request) -> str:
    """The language the person reads: chosen (the cookie), else asked for, else English."""
    chosen = request.cookies.get(COOKIE, "")[:16]
    if i18n.known(chosen):
        return chosen
    return i18n.from_accept_language(request.headers.get("accept-language", "")[:512])


def words(language: str, message: Said | str) -> str:
    """A message in ``language``, escaped for HTML."""
    text = (
        message.said_in(language)
        if isinstance(message, Said)
        else i18n.translations(language).gettext(message)
    )
    return html.escape(text)


def language_menu(language: str) -> str:
    """The header's language menu: every language by its own name, this one chosen."""
    options = "".join(
        f'<option value="{tag}" lang="{tag}"{" selected" if tag == language else ""}>'
        f"{html.escape(i18n.endonym(tag))}</option>"
        for tag in i18n.LANGUAGES
    )
    label = words(language, i18n.N_("Language"))
    return f'<select id="language" aria-label="{label}" title="{label}">{options}</select>'


IMPORT = re.compile(r'^import\b[^;]*?from "\./([\w-]+\.js)";', re.MULTILINE)


@lru_cache(maxsize=1)
def page_modules() -> tuple[str, ...]:
    """Every script main.js imports, however deep: the page asks for them all at once rather
    than one level of imports after another."""
    found: list[str] = []
    waiting = ["main.js"]
    while waiting:
        name = waiting.pop()
        if name in found or not (STATIC / name).is_file():
            continue
        found.append(name)
        waiting.extend(IMPORT.findall((STATIC / name).read_text(encoding="utf-8")))
    return tuple(sorted(found))


def preloads(language: str, games_page: bool) -> str:
    """What the page will ask for, named in its head so the browser asks at once: the scripts,
    the language's catalog, and on the front and rules pages the games' catalog."""
    links = [f'<link rel="modulepreload" href="/static/{name}">' for name in page_modules()]
    if language != i18n.SOURCE:
        links.append(f'<link rel="preload" href="/i18n/{language}.json" as="fetch" crossorigin>')
    if games_page:
        links.append('<link rel="preload" href="/api/catalog" as="fetch" crossorigin>')
    return "\n  ".join(links)


@lru_cache(maxsize=32)
def index_html(language: str, games_page: bool = True) -> bytes | None:
    """static/index.html for ``language`` (None when the file is missing); ``games_page``
    when the page draws from the games' catalog (the front page, the rules)."""
    index = STATIC / "index.html"
    if not index.is_file():
        return None
    filled = {
        "{{lang}}": language,
        "{{dir}}": i18n.direction(language),
        "{{theme}}": THEME,
        "{{numbers}}": html.escape(orjson.dumps(i18n.number_symbols(language)).decode()),
        "{{where}}": words(language, i18n.N_("Pop-O-Matic race games")),
        "{{loading}}": words(language, i18n.N_("Loading…")),
        "{{noscript}}": words(language, i18n.N_("pegrace needs JavaScript to draw the board.")),
        "{{menu}}": language_menu(language),
        "{{preload}}": preloads(language, games_page),
    }
    text = index.read_text(encoding="utf-8")
    for key, value in filled.items():
        text = text.replace(key, value)
    return text.encode()


async def page(request: Request) -> Response:
    """The page the scripts draw, in the person's language."""
    body = index_html(language_of(request), not request.url.path.startswith("/game/"))
    if body is None:
        return PlainTextResponse("the pegrace page is missing (static/index.html)", 503)
    return HTMLResponse(body, headers=VARY)


async def catalog(request: Request) -> Response:
    """A language's catalog for the page's scripts (static/i18n.js)."""
    language = request.path_params["language"].removesuffix(".json")
    if not i18n.known(language):
        return PlainTextResponse(f"no such language {language[:20]!r}", 404)
    headers = {"Cache-Control": CATALOG_CACHE}
    return answer(request.scope, catalog_json(language), "application/json", headers)


@lru_cache(maxsize=16)
def catalog_json(language: str) -> bytes:
    return orjson.dumps(i18n.page_catalog(language))


def app_manifest(language: str) -> dict[str, object]:
    """The web app manifest (the app on a phone, issue 54), in ``language``."""
    return {
        "name": "pegrace",
        "short_name": "pegrace",
        "description": i18n.translations(language).gettext("Pop-O-Matic race games"),
        "lang": language,
        "dir": i18n.direction(language),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": THEME,
        "theme_color": THEME,
        "icons": [
            {"src": f"/static/icon-{n}.png", "sizes": f"{n}x{n}", "type": "image/png"}
            for n in ICON_SIZES
        ],
    }


async def manifest(request: Request) -> Response:
    body = orjson.dumps(app_manifest(language_of(request)))
    return Response(body, media_type="application/manifest+json", headers=VARY)


@lru_cache(maxsize=1)
def games_css() -> bytes:
    """Every registered game's own look, its package's style.css (pegrace/games/<game>/), one
    after another in the registry's order: one file, made once, that the page's head links
    after static/style.css (/games.css)."""
    return b"\n".join(
        (resources.files(entry.package) / "style.css").read_bytes() for entry in ENTRIES.values()
    )


async def games_style(request: Request) -> Response:
    """/games.css: the games' style, as a static file is answered (ETag, gzip)."""
    return made_file(request.scope, games_css(), "text/css")


@lru_cache(maxsize=1)
def service_worker_js() -> bytes | None:
    """static/sw.js with the shell it keeps (the page, its scripts, style, the games' style,
    icons and the games' catalog) and their version (a change to any of them makes a new
    worker, which replaces what the old one kept)."""
    source = STATIC / "sw.js"
    if not source.is_file():
        return None
    files = ["style.css", "favicon.svg", *(f"icon-{n}.png" for n in ICON_SIZES), *page_modules()]
    digest = hashlib.sha256()
    for name in ["index.html", *files]:
        digest.update((STATIC / name).read_bytes())
    digest.update(games_css())
    shell = ["/", "/api/catalog", "/manifest.webmanifest", "/games.css"]
    shell += [f"/static/{f}" for f in files]
    text = source.read_text(encoding="utf-8")
    text = text.replace('["__SHELL__"]', orjson.dumps(shell).decode())
    return text.replace("__VERSION__", digest.hexdigest()[:12]).encode()


async def service_worker(request: Request) -> Response:
    """/sw.js, at the top so that it may keep every page (a worker keeps those under it)."""
    body = service_worker_js()
    if body is None:
        return PlainTextResponse("no service worker here", 404)
    headers = {"Cache-Control": "no-cache"}
    return Response(body, media_type="text/javascript", headers=headers)


NOT_FOUND = """<!doctype html>
<html lang="{lang}" dir="{dir}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title} · pegrace</title>
  <link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/static/style.css">
</head>
<body>
  <header class="top"><a href="/">pegrace</a></header>
  <main id="app" class="not-found">
    <h1>{title}</h1>
    <p>{said}</p>
  </main>
</body>
</html>
"""


def missing_page(language: str, title: str, message: str, **links: str) -> Response:
    """A clear 404 page in the person's language: ``title`` and ``message`` are message ids,
    ``links`` the message's arguments as HTML (whatever came in the request escaped)."""
    found = i18n.translations(language)
    text = NOT_FOUND.format(
        lang=language,
        dir=i18n.direction(language),
        title=html.escape(found.gettext(title)),
        said=i18n.fill(html.escape(found.gettext(message)), **links),
    )
    return HTMLResponse(text, 404, headers=VARY)


def not_found_page(request: Request, game_id: str) -> Response:
    language = language_of(request)
    # TRANSLATORS: a link, ending the sentence "Check the link you were sent ..., or ..."
    start = words(language, i18n.N_("start a new game"))
    return missing_page(
        language,
        # TRANSLATORS: the title of the page for a link to a game (a match) that is not here
        i18n.N_("No such game"),
        # TRANSLATORS: {game} is a game's id; {start} is the link "start a new game"
        i18n.N_(
            "There is no game {game} here. Check the link you were sent (a game's link is its "
            "whole address), or {start}."
        ),
        game=f"<code>{html.escape(game_id)}</code>",
        start=f'<a href="/">{start}</a>',
    )


def no_such_rules_page(request: Request, name: str) -> Response:
    """A clear 404 page for a game pegrace does not have, naming those it has."""
    language = language_of(request)
    games = ", ".join(
        f'<a href="/rules/{g}">{words(language, rules_class(g).title)}</a>' for g in list_games()
    )
    return missing_page(
        language,
        # TRANSLATORS: the title of the page for rules of a kind of game pegrace does not have
        i18n.N_("Unknown game"),
        # TRANSLATORS: {game} is what was asked for; {games} the games' names, as links
        i18n.N_("pegrace has no rules for a game called {game}. The games it has: {games}."),
        game=f"<code>{html.escape(name)}</code>",
        games=games,
    )
