"""The pages in the person's language (web/pages.py): chosen in the menu (a cookie), else as
the browser asks, else English; <html lang dir>, the menu, the 404 pages and the scripts'
catalogs."""

from __future__ import annotations

import re

import pytest
from webclient import TestClient

from pegrace import i18n

HTML_TAG = re.compile(r'<html lang="([^"]+)" dir="(ltr|rtl)"')


def opened(client: TestClient, path: str = "/", **headers: str) -> tuple[str, str, str]:
    """The page's language, direction and text."""
    response = client.get(path, headers=headers)
    found = HTML_TAG.search(response.text)
    assert found, response.text[:200]
    assert "Accept-Language" in response.headers["vary"]
    return found[1], found[2], response.text


def test_a_browser_gets_the_page_in_the_language_it_asks_for(client: TestClient) -> None:
    assert opened(client)[:2] == ("en", "ltr")
    assert opened(client, **{"Accept-Language": "de-DE,de;q=0.9"})[:2] == ("de", "ltr")
    assert opened(client, **{"Accept-Language": "ar-EG"})[:2] == ("ar", "rtl")
    assert opened(client, "/rules/trouble", **{"Accept-Language": "hi"})[:2] == ("hi", "ltr")


def test_the_language_chosen_in_the_menu_wins_over_the_browsers(client: TestClient) -> None:
    client.cookies.set("pegrace-lang", "fr")
    assert opened(client, **{"Accept-Language": "de"})[0] == "fr"
    client.cookies.set("pegrace-lang", "xx-nonsense")  # not a language: the browser's, then
    assert opened(client, **{"Accept-Language": "de"})[0] == "de"


def test_every_page_has_the_menu_of_every_language_by_its_own_name(client: TestClient) -> None:
    text = opened(client, **{"Accept-Language": "es"})[2]
    menu = re.search(r'<select id="language"[^>]*>(.*?)</select>', text)
    assert menu
    values = re.findall(r'<option value="([^"]+)"', menu[1])
    assert values == list(i18n.LANGUAGES)
    assert '<option value="es" lang="es" selected>Español</option>' in menu[1]
    assert "العربية" in menu[1] and "हिन्दी" in menu[1]


def test_the_pages_own_words_are_translated_in_the_pseudo_locale(client: TestClient) -> None:
    text = opened(client, **{"Accept-Language": "en-XA"})[2]
    assert "Pop-O-Matic race games" not in text and "Loading" not in text
    assert '<link rel="preload" href="/i18n/en-XA.json"' in text


def test_a_missing_games_page_says_so_in_the_persons_language(client: TestClient) -> None:
    response = client.get("/game/nosuchgame", headers={"Accept-Language": "en-XA"})
    assert response.status_code == 404
    assert '<html lang="en-XA"' in response.text and "No such game" not in response.text
    assert "<code>nosuchgame</code>" in response.text
    response = client.get("/rules/<b>chess", headers={"Accept-Language": "en-XA"})
    assert response.status_code == 404
    assert "&lt;b&gt;chess" in response.text and "<b>" not in response.text
    assert 'href="/rules/trouble"' in response.text


@pytest.mark.parametrize("language", [*i18n.LANGUAGES, i18n.PSEUDO])
def test_each_language_has_its_catalog_for_the_scripts(client: TestClient, language: str) -> None:
    response = client.get(f"/i18n/{language}.json")
    assert response.status_code == 200
    catalog = response.json()
    assert catalog["lang"] == language
    assert catalog["dir"] == ("rtl" if language == "ar" else "ltr")
    if language not in ("en", i18n.PSEUDO):
        assert len(catalog["messages"]) > 100


def test_a_language_pegrace_does_not_speak_has_no_catalog(client: TestClient) -> None:
    response = client.get("/i18n/xx.json")
    assert response.status_code == 404
    assert "no such language 'xx'" in response.text
