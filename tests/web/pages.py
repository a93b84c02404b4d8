"""Driving the pegrace page in a real browser, the way a person does: set a game up on the
new-game page, pop by clicking the dome (or pressing space), move by clicking a highlighted
piece and then a highlighted destination (or by number keys). Every wait is on the page's
own state (``#app[data-await]``, ``data-seq``), never on time."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

APP = "document.getElementById('app')"
SERVER_START_LIMIT = 30.0  # seconds: only reached when the server cannot start
ACTION_LIMIT = 4000  # page actions in one game: only reached when the page is stuck
# the computer players the tests prefer (quick ones), in order; else the first listed
QUICK_COMPUTERS = ("computer:easy", "computer:random")


def new_game(base_url: str, body: dict[str, Any], timeout: float = 15.0) -> dict[str, Any]:
    """POST /api/games to a real server at ``base_url``: the game it made, with its tokens."""
    request = urllib.request.Request(
        base_url + "/api/games",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=timeout) as response:
        made: dict[str, Any] = json.loads(response.read())
        return made


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """`pegrace serve` in a subprocess; ``stop`` kills it and ``start`` brings it back on the
    same port and store (the page reconnects to the same address)."""

    def __init__(self, db: Path | str, log: Path, extra: tuple[str, ...] = ()) -> None:
        self.db = db
        self.log = log
        self.extra = extra  # more `pegrace serve` options
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [
            str(Path(sys.executable).with_name("pegrace")),
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--db",
            str(self.db),
            "--no-open",
            "--computer-delay",
            "0",
            *self.extra,
        ]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + SERVER_START_LIMIT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"pegrace serve exited: {self.log.read_text()}")
            try:
                self.get("/api/catalog")
                return
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.1)
        raise RuntimeError(f"pegrace serve did not answer: {self.log.read_text()}")

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=5) as response:
            return json.loads(response.read())


@contextmanager
def serving(folder: Path, *extra: str) -> Iterator[Server]:
    """`pegrace serve` on a store in ``folder`` (``extra``: more options), until the block ends."""
    server = Server(folder / "games.sqlite3", folder / "server.log", extra=extra)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def quick_computer(catalog: dict[str, Any]) -> str:
    kinds = [k for k in catalog["seat_kinds"] if k.startswith("computer:")]
    return next((k for k in QUICK_COMPUTERS if k in kinds), kinds[0])


def new_page(
    browser: Any,
    speed: str = "instant",
    policy: bool = False,
    viewport: tuple[int, int] = (1000, 700),
    scheme: str = "light",
    touch: bool = False,
) -> tuple[Any, Any, list[str]]:
    """A page in a context of its own (its own localStorage), at the given animation speed,
    and the list its script errors are collected in (with ``policy``, also whatever the
    page's Content-Security-Policy refused). Without ``policy`` the page's CSP is bypassed:
    Playwright's ``wait_for_function`` evaluates its expression in the page, which the CSP
    forbids (test_e2e's policy test plays with it in force, waiting by selectors only).
    With ``touch``, a phone's touch screen (no hover, a coarse pointer)."""
    width, height = viewport
    context = browser.new_context(
        viewport={"width": width, "height": height},
        color_scheme=scheme,
        reduced_motion="reduce",
        bypass_csp=not policy,
        has_touch=touch,
        is_mobile=touch,
    )
    context.add_init_script(f"localStorage.setItem('pegrace:speed', '{speed}')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console",
        lambda message: (
            errors.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return context, page, errors


def set_up_game(
    page: Any,
    base: str,
    game: str,
    seats: dict[str, str],
    options: dict[str, str] | None = None,
    seed: int | None = None,
    idle: int | None = None,
) -> str:
    """Fill in the new-game page and start the game (``idle``: its idle limit in seconds);
    returns its id."""
    page.goto(base + "/")
    page.check(f"input[name=game][value={game}]")
    for colour, kind in seats.items():
        page.select_option(f"#seat-{colour}", kind)
    if options:
        page.click("#more-rules summary")  # the rule options are folded away
    for name, value in (options or {}).items():
        field = page.locator(f"#option-{name}")
        if field.evaluate("node => node.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    if seed is not None or idle is not None:
        page.click("#more summary")
    if seed is not None:
        page.fill("#seed", str(seed))
    if idle is not None:
        page.fill("#idle", str(idle))
    page.click("#start")
    page.wait_for_url(re.compile(r"/game/[^/?]+$"))
    wait_synced(page)
    return str(page.url.rsplit("/", 1)[1])


def open_game(
    browser: Any, server: Server, made: dict[str, Any], *scripts: str, **context_options: Any
) -> tuple[Any, Any, list[str]]:
    """A fresh browser context holding the seat tokens of ``made`` (the answer to making a
    game; none: a watcher), the animations instant, on the game's page; ``scripts`` run in the
    page before its own, ``context_options`` change the context's (``reduced_motion``, ...).
    Returns the context, the page and the list its script errors are collected in."""
    options = {
        "viewport": {"width": 1000, "height": 700},
        "reduced_motion": "reduce",
        "bypass_csp": True,
    } | context_options
    context = browser.new_context(**options)
    context.add_init_script("localStorage.setItem('pegrace:speed', 'instant')")
    tokens = json.dumps(json.dumps(made.get("tokens", {})))
    context.add_init_script(f"localStorage.setItem('pegrace:tokens:{made['id']}', {tokens})")
    for script in scripts:
        context.add_init_script(script)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url + made["url"])
    wait_synced(page)
    return context, page, errors


def wait_synced(page: Any) -> None:
    """Until the page has a state from the server (after loading or reconnecting)."""
    page.wait_for_function(f"{APP}.dataset.seq !== undefined && {APP}.dataset.connected === '1'")


# what the page waits for, with what a click can choose: null while it waits for nobody
WAITING = f"""() => {{
    const what = {APP}.dataset.await;
    if (!['roll', 'move', 'over'].includes(what)) return null;
    return {{what, movable: document.querySelectorAll('.piece.movable').length,
             targets: document.querySelectorAll('.mark.to').length}};
}}"""


def waiting(page: Any) -> dict[str, Any]:
    """Wait until the page asks this browser to act or shows the end; what it asks for."""
    answer: dict[str, Any] = page.wait_for_function(WAITING).json_value()
    return answer


def awaiting(page: Any) -> str:
    """Wait until the page asks this browser to act or shows the end: roll, move or over."""
    return str(waiting(page)["what"])


def seq(page: Any) -> int:
    return int(page.get_attribute("#app", "data-seq"))


def click(page: Any, selector: str) -> None:
    """A real mouse click on the element's centre. The page only asks for a click once its
    animations are done, so Playwright's own wait for a still element is skipped (it costs
    more than all the rest of a game's work)."""
    page.click(selector, force=True)


def pop(page: Any, keys: bool = False) -> None:
    if keys:
        page.keyboard.press("Space")
    else:
        click(page, ".dome")


def move_by_clicks(page: Any, asked: dict[str, Any]) -> None:
    """Click the first highlighted piece, then (where asked) the first highlighted
    destination, step after step, until the move is sent; pass when nothing can move."""
    if not asked["movable"]:
        click(page, "#pass")
        return
    click(page, ".piece.movable")
    for _ in range(8):  # two dice, each a piece and a destination: a few clicks at most
        now = page.evaluate(WAITING)
        if now is None or now["what"] != "move":
            return
        if now["targets"]:
            click(page, ".mark.to")
        elif now["movable"]:
            click(page, ".piece.movable")
        else:
            page.keyboard.press("1")  # one destination both ways round: the list decides
    raise AssertionError("the move was not sent after 8 clicks")


def act(page: Any, keys: bool = False) -> str:
    """One action of this browser's seat: a pop or a whole move. Returns what it waited for."""
    asked = waiting(page)
    what = str(asked["what"])
    if what == "roll":
        pop(page, keys)
    elif what == "move":
        if keys:
            page.keyboard.press("1")
        else:
            move_by_clicks(page, asked)
    return what


def play_to_end(page: Any, keys: bool = False) -> int:
    """Play this browser's seats until the game is over; returns the actions taken."""
    for actions in range(ACTION_LIMIT):
        if act(page, keys) == "over":
            return actions
    raise AssertionError(f"no end after {ACTION_LIMIT} actions")


def board_spots(page: Any) -> list[str]:
    """The spots of the pieces drawn on the board, sorted."""
    spots = page.eval_on_selector_all(
        ".pieces .piece", "nodes => nodes.map(n => n.getAttribute('data-spot'))"
    )
    return sorted(spots)


def assert_told_as_stored(db: Any, game_id: str, told: dict[int, dict[str, Any]]) -> None:
    """Every event a client was told of (its log entries, by number) is the one a PostgreSQL
    store holds, and the store's are numbered 1, 2, ... without a gap."""
    rows = db.execute(
        "SELECT seq, colour, move, actor, roll IS NOT NULL FROM events WHERE game = %s "
        "ORDER BY seq",
        (game_id,),
    ).fetchall()
    assert [row[0] for row in rows] == list(range(1, len(rows) + 1)), game_id
    by_seq = {row[0]: row for row in rows}
    for seq, entry in told.items():
        row = by_seq[seq]
        assert (entry["colour"], entry["move"], entry["by"]) == row[1:4], (game_id, seq)
        assert (entry["roll"] is not None) == row[4], (game_id, seq)
