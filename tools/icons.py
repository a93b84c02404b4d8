"""The app's icons (the web app manifest's, issue 54), drawn from the one picture of the mark,
src/pegrace/web/static/favicon.svg, by Debian's chromium at the sizes browsers ask for:

    python tools/icons.py          write static/icon-192.png and static/icon-512.png
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parent.parent / "src" / "pegrace" / "web" / "static"
SIZES = (192, 512)
CHROMIUM = "/usr/bin/chromium"


def main() -> int:
    mark = (STATIC / "favicon.svg").read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            sized = mark.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page.set_content(f'<body style="margin:0;background:transparent">{sized}</body>')
            target = STATIC / f"icon-{size}.png"
            page.screenshot(path=str(target), omit_background=True)
            page.close()
            print(f"wrote {target.relative_to(STATIC.parents[3])}")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
