"""What a first visit fetches (web/compressed.py, web/pages.py): the scripts, the style and the
games' catalog gzipped for a browser that accepts it (the same bytes once unpacked, still
answered 304 when unchanged), plain for one that does not; the page's head naming every script
it will import and the catalogs it will fetch, so the browser asks for them all at once."""

from __future__ import annotations

import gzip
import re
from importlib import resources

import orjson
import pytest
from webclient import TWO_HUMANS, TestClient, new_game

from pegrace import i18n
from pegrace.games import ENTRIES
from pegrace.web.pages import STATIC

PLAIN = {"Accept-Encoding": "identity"}
GZIP = {"Accept-Encoding": "gzip, deflate, br"}


def raw(client: TestClient, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    """The answer as it came over the wire (not unpacked)."""
    with client.stream("GET", path, headers=headers) as response:
        body = b"".join(response.iter_raw())
        return response.status_code, dict(response.headers), body


@pytest.mark.parametrize("name", ["game.js", "style.css", "i18n.js"])
def test_a_static_file_is_gzipped_for_a_browser_that_accepts_it(
    client: TestClient, name: str
) -> None:
    on_disk = (STATIC / name).read_bytes()
    status, headers, body = raw(client, f"/static/{name}", **GZIP)
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert gzip.decompress(body) == on_disk and len(body) < len(on_disk)
    assert int(headers["content-length"]) == len(body)
    assert "Accept-Encoding" in headers["vary"] and headers["etag"].startswith("W/")
    status, headers, body = raw(client, f"/static/{name}", **PLAIN)
    assert status == 200 and "content-encoding" not in headers and body == on_disk


def test_an_unchanged_static_file_is_not_sent_again(client: TestClient) -> None:
    _, headers, _ = raw(client, "/static/game.js", **GZIP)
    status, _, body = raw(client, "/static/game.js", **GZIP, **{"If-None-Match": headers["etag"]})
    assert status == 304 and body == b""


def test_a_missing_static_file_is_still_a_404(client: TestClient) -> None:
    assert raw(client, "/static/nosuch.js", **GZIP)[0] == 404


def test_the_games_style_is_every_games_own_served_as_a_static_file(client: TestClient) -> None:
    """/games.css: each registered game's style.css (its package's), in the registry's order,
    after style.css in the page's head; gzipped, and 304 when the browser holds it."""
    own = [
        (resources.files(found.package) / "style.css").read_bytes() for found in ENTRIES.values()
    ]
    status, headers, body = raw(client, "/games.css", **GZIP)
    assert status == 200 and headers["content-type"].startswith("text/css")
    assert headers["content-encoding"] == "gzip" and gzip.decompress(body) == b"\n".join(own)
    for game in ENTRIES:
        assert f".game-{game} .board {{".encode() in gzip.decompress(body), game
    status, _, empty = raw(client, "/games.css", **GZIP, **{"If-None-Match": headers["etag"]})
    assert status == 304 and empty == b""
    status, headers, body = raw(client, "/games.css", **PLAIN)
    assert status == 200 and "content-encoding" not in headers and body == b"\n".join(own)
    page = client.get("/").text
    assert page.index('href="/static/style.css"') < page.index(
        '<link rel="stylesheet" href="/games.css">'
    )
    shared = (STATIC / "style.css").read_text()
    assert [game for game in ENTRIES if f".game-{game} " in shared] == []  # no game's own look


def test_the_games_catalog_is_gzipped_and_says_the_same(client: TestClient) -> None:
    _, plain_headers, plain = raw(client, "/api/catalog", **PLAIN)
    status, headers, packed = raw(client, "/api/catalog", **GZIP)
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert "content-encoding" not in plain_headers
    assert orjson.loads(gzip.decompress(packed)) == orjson.loads(plain)
    assert len(packed) * 3 < len(plain)


def imported(name: str) -> set[str]:
    text = (STATIC / name).read_text(encoding="utf-8")
    return set(re.findall(r'from "\./([\w-]+\.js)"', text))


def test_the_page_names_every_script_it_imports_in_its_head(client: TestClient) -> None:
    text = client.get("/").text
    preloaded = set(re.findall(r'<link rel="modulepreload" href="/static/([\w-]+\.js)">', text))
    reached, waiting = set(), ["main.js"]
    while waiting:
        name = waiting.pop()
        if name not in reached:
            reached.add(name)
            waiting.extend(imported(name))
    assert preloaded == reached
    assert len(reached) > 10


def test_the_games_catalog_is_preloaded_where_the_page_draws_from_it(client: TestClient) -> None:
    catalog = '<link rel="preload" href="/api/catalog" as="fetch" crossorigin>'
    assert catalog in client.get("/").text
    assert catalog in client.get("/rules/trouble").text
    game = new_game(client, game="trouble", seats=TWO_HUMANS)["id"]
    page = client.get(f"/game/{game}").text
    assert catalog not in page and "modulepreload" in page  # a game's page never fetches it


@pytest.mark.parametrize("language", ["en", "de", "fr", "hi", "ar"])
def test_the_page_writes_numbers_as_the_terminal_does(client: TestClient, language: str) -> None:
    text = client.get("/", headers={"Accept-Language": language}).text
    found = re.search(r'data-numbers="([^"]+)"', text)
    assert found
    numbers = orjson.loads(found[1].replace("&quot;", '"'))
    assert numbers == i18n.number_symbols(language)
    big = i18n.written(-1234567.25, language)  # what the terminal writes
    assert big.startswith(numbers["minus"])
    assert numbers["decimal"] in big and numbers["group"] in big
