"""pegrace as an app on a phone (issue 54, item 7), in Debian's chromium: the manifest and the
service worker pass Chromium's own installability checks, and once the page has been opened
the front page and /rules/ludo open again offline (the kept shell), saying that games need
the server."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from conftest import CHROMIUM
from pages import Server, new_page

ARGS = ["--headless", "--no-sandbox", "--disable-gpu"]
READY = "navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)"


def test_chromium_finds_pegrace_installable(browser: Any, server: Server, tmp_path: Path) -> None:
    # a profile on disk: Chromium installs nothing from an incognito context (a test's own)
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=str(CHROMIUM), args=ARGS
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if "Content Security" in m.text else None)
    page.goto(server.url + "/")
    page.wait_for_selector(".game-cards .quick-as")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    cdp = context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest") and manifest["errors"] == []
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    assert errors == []  # the policy lets the worker and the manifest in
    context.close()


def test_the_front_page_and_the_rules_open_offline(browser: Any, server: Server) -> None:
    context, page, errors = new_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector(".game-cards .quick-as")
    page.wait_for_function(READY)  # the worker keeps the shell and controls the page
    assert page.is_hidden("header .offline")
    context.set_offline(True)
    page.goto(server.url + "/rules/ludo")
    page.wait_for_selector("#app h1")
    assert "Ludo" in page.inner_text("#app h1")
    assert page.is_visible("header .offline")
    assert "games need the server" in page.inner_text("header .offline")
    page.goto(server.url + "/")
    page.wait_for_selector(".game-cards .quick-as")  # the front page from the kept copy
    context.set_offline(False)
    assert errors == []
    context.close()


PROMPT = """() => {
  const offer = new Event('beforeinstallprompt', {cancelable: true});
  offer.prompt = () => { window.prompted = true; return Promise.resolve(); };
  window.dispatchEvent(offer);
  return offer.defaultPrevented;
}"""


def test_the_browsers_install_prompt_is_offered_as_a_button(browser: Any, server: Server) -> None:
    context, page, errors = new_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector(".game-cards .quick-as")
    assert page.is_hidden("header .install")  # until the browser offers to install
    assert page.evaluate(PROMPT)  # kept for the button rather than shown over the page
    page.click("header .install")
    assert page.evaluate("window.prompted === true") and page.is_hidden("header .install")
    assert errors == []
    context.close()
