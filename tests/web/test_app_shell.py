"""The app's manifest and service worker as the server makes them (web/pages.py): the manifest
in the person's language with icons that exist at their sizes; /sw.js keeping every script the
page imports, its style, icons and the games' catalog, at a version that follows their bytes."""

from __future__ import annotations

import json
import re
import struct

from webclient import TestClient

from pegrace.web.pages import STATIC, page_modules


def test_the_manifest_is_in_the_persons_language_with_real_icons(client: TestClient) -> None:
    response = client.get("/manifest.webmanifest", headers={"Accept-Language": "de"})
    assert response.headers["content-type"].startswith("application/manifest+json")
    found = response.json()
    assert found["lang"] == "de" and found["description"] == "Pop-O-Matic-Laufspiele"
    assert found["display"] == "standalone" and found["start_url"] == "/"
    for icon in found["icons"]:
        png = client.get(icon["src"]).content
        width, height = struct.unpack(">II", png[16:24])  # the PNG's IHDR
        assert icon["sizes"] == f"{width}x{height}" and width >= 192
    assert (
        client.get("/manifest.webmanifest", headers={"Accept-Language": "ar"}).json()["dir"]
        == "rtl"
    )


def test_the_page_names_its_manifest_and_colour(client: TestClient) -> None:
    text = client.get("/").text
    assert '<link rel="manifest" href="/manifest.webmanifest">' in text
    assert re.search(r'<meta name="theme-color" content="#[0-9a-f]{6}">', text)


def test_the_service_worker_keeps_the_whole_shell(client: TestClient) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200 and "javascript" in response.headers["content-type"]
    assert response.headers["cache-control"] == "no-cache"  # a new release reaches it at once
    shell = json.loads(re.search(r"const SHELL = (\[.*?\]);", response.text)[1])
    assert {f"/static/{name}" for name in page_modules()} <= set(shell)
    assert {"/", "/api/catalog", "/static/style.css", "/manifest.webmanifest"} <= set(shell)
    assert "/games.css" in shell  # the games' own style (each game's package's style.css)
    for path in shell:
        assert client.get(path).status_code == 200, path
    version = re.search(r'const VERSION = "([0-9a-f]{12})";', response.text)
    assert version and "__" not in response.text
    assert (STATIC / "sw.js").is_file()
