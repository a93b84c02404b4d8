"""The page's first load, this pegrace against another (issue 53: the languages' cost): two
`pegrace serve` on 127.0.0.1, one from this source and one from --server-src (e.g. a git
worktree of an earlier commit with the native core copied in), and Debian's chromium opening
the front page on each in turn, each time in a fresh browser context (nothing cached): the
time from navigation to the front page drawn (its quick-play buttons there) and the bytes
fetched. The two sides alternate in one run (the machine is shared and noisy).

With --repeat, the load measured is a return visit instead: the context has opened the front
page once and (on a side that has one) its service worker has taken the page over.

    python benchmarks/page_load.py --server-src /tmp/before/src --runs 40 --lang en --lang de

Prints each side's median and the ratio of medians with its 95% bootstrap interval.
"""

from __future__ import annotations

import argparse
import random
import socket
import statistics
import sys
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from pegrace.web.loadbench import start_server, stop_server, wait_until_up  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
# the bytes the page and everything it loaded came as (compressed where they were)
FETCHED = """() => [...performance.getEntriesByType('navigation'),
    ...performance.getEntriesByType('resource')].reduce((sum, e) => sum + e.transferSize, 0)"""
DRAWN = "() => document.querySelector('.game-cards .quick-as') && performance.now()"
CONTROLLED = "() => navigator.serviceWorker.controller !== null"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def has_worker(url: str) -> bool:
    """Whether the server at ``url`` serves a service worker (/sw.js)."""
    try:
        with urllib.request.urlopen(url + "sw.js", timeout=10):
            return True
    except urllib.error.HTTPError:
        return False


def first_load(
    browser: Browser, url: str, language: str, return_visit: bool, worker: bool
) -> tuple[float, int]:
    """Milliseconds from navigation to the front page drawn, and the bytes it fetched: on the
    first visit of a fresh context, or with ``return_visit`` on the next one (the worker, where
    there is one, in control)."""
    context = browser.new_context(locale=language, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(url)
    if return_visit:
        page.wait_for_function(DRAWN, polling="raf", timeout=30_000)
        if worker:
            page.wait_for_function(CONTROLLED, timeout=30_000)
        page.goto(url)
    drawn = page.wait_for_function(DRAWN, polling="raf", timeout=30_000).json_value()
    fetched = page.evaluate(FETCHED)
    context.close()
    return float(drawn), int(fetched)


def ratio_interval(
    after: list[float], before: list[float], rounds: int = 2000
) -> tuple[float, float]:
    """The 95% bootstrap interval of median(after) / median(before)."""
    pick = random.Random(0)
    ratios = sorted(
        statistics.median(pick.choices(after, k=len(after)))
        / statistics.median(pick.choices(before, k=len(before)))
        for _ in range(rounds)
    )
    return ratios[int(rounds * 0.025)], ratios[int(rounds * 0.975) - 1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--server-src", type=Path, required=True, help="the other pegrace's src folder"
    )
    parser.add_argument(
        "--runs", type=int, default=30, help="loads a side and language (default 30)"
    )
    parser.add_argument(
        "--lang", action="append", help="browser languages to load the page in (default: en)"
    )
    parser.add_argument(
        "--repeat", action="store_true", help="measure a return visit instead of a first one"
    )
    args = parser.parse_args(argv)
    languages = args.lang or ["en"]
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        ports = {"this": free_port(), "other": free_port()}
        servers = {
            side: start_server(
                port,
                Path(folder, f"{side}.sqlite"),
                src=None if side == "this" else args.server_src,
            )
            for side, port in ports.items()
        }
        try:
            for side, port in ports.items():
                wait_until_up(servers[side], port, Path(folder, f"{side}.sqlite"))
            workers = {
                side: has_worker(f"http://127.0.0.1:{port}/") for side, port in ports.items()
            }
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
            )
            times: dict[tuple[str, str], list[float]] = {}
            sizes: dict[tuple[str, str], int] = {}
            for run in range(args.runs + 1):  # run 0 warms both servers and is not counted
                order = list(ports) if run % 2 else list(reversed(ports))
                for language in languages:
                    for side in order:
                        took, size = first_load(
                            browser,
                            f"http://127.0.0.1:{ports[side]}/",
                            language,
                            args.repeat,
                            workers[side],
                        )
                        if run:
                            times.setdefault((side, language), []).append(took)
                            sizes[side, language] = size
            browser.close()
        finally:
            for server in servers.values():
                stop_server(server)
    report(times, sizes, languages, args.runs, "return visit" if args.repeat else "first load")
    return 0


def report(
    times: dict[tuple[str, str], list[float]],
    sizes: dict[tuple[str, str], int],
    languages: list[str],
    runs: int,
    visit: str,
) -> None:
    print(
        f"{visit} of the front page, {runs} fresh contexts a side and language, sides alternating"
    )
    print("language  this (ms)  other (ms)  this/other [95% interval]  this bytes  other bytes")
    for language in languages:
        this, other = times["this", language], times["other", language]
        low, high = ratio_interval(this, other)
        ratio = statistics.median(this) / statistics.median(other)
        print(
            f"{language:8}  {statistics.median(this):9.1f}  {statistics.median(other):10.1f}  "
            f"{ratio:.3f} [{low:.3f}, {high:.3f}]        {sizes['this', language]:10}  "
            f"{sizes['other', language]:11}"
        )


if __name__ == "__main__":
    sys.exit(main())
