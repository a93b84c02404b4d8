"""What players install: the wheel holds the native core, so a fresh environment with no Rust
toolchain plays a game and serves the page from it; the sdist holds what building it needs;
the release workflow (.github/workflows/release.yml) is valid against GitHub's published
workflow schema, checked offline (check-jsonschema ships it)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tarfile
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
BIN = Path(sys.executable).parent
LIMIT = 600.0  # seconds: a build or an install that takes longer is broken
# the Linux wheel as `make dist` builds it (elsewhere, the platform's own)
LINUX_WHEEL = (
    ("--zig", "--compatibility", "manylinux2014") if sys.platform.startswith("linux") else ()
)


def run(
    *command: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [str(c) for c in command],
        capture_output=True,
        text=True,
        timeout=LIMIT,
        check=False,
        cwd=cwd,
        env=env,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def test_the_release_workflow_is_valid() -> None:
    run(BIN / "check-jsonschema", "--builtin-schema", "vendor.github-workflows", WORKFLOW)
    text = WORKFLOW.read_text()
    promised = (
        "ubuntu-latest, target: x86_64",
        "ubuntu-latest, target: aarch64",
        "macos-14",
        "windows-latest",
        "command: sdist",
        "startsWith(github.ref, 'refs/tags/v')",
        "pypa/gh-action-pypi-publish",
    )
    assert [item for item in promised if item not in text] == []


def test_the_schema_check_finds_a_broken_workflow(tmp_path: Path) -> None:
    broken = tmp_path / "release.yml"
    broken.write_text(WORKFLOW.read_text().replace("runs-on: ubuntu-latest", "runs_on: ubuntu"))
    done = subprocess.run(
        [str(BIN / "check-jsonschema"), "--builtin-schema", "vendor.github-workflows", str(broken)],
        capture_output=True,
        text=True,
        timeout=LIMIT,
        check=False,
    )
    assert done.returncode != 0


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel and the sdist, as `make dist` builds them: on Linux, for every glibc from
    2.17 on (manylinux2014), linked by zig (`python -m ziglang`, found through PATH)."""
    out = tmp_path_factory.mktemp("dist")
    env = {**os.environ, "PATH": os.pathsep.join([str(BIN), os.environ.get("PATH", "")])}
    run(BIN / "maturin", "build", "--release", *LINUX_WHEEL, "--out", out, cwd=ROOT, env=env)
    run(BIN / "maturin", "sdist", "--out", out, cwd=ROOT)
    return out


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="manylinux is Linux's")
def test_the_linux_wheel_installs_on_every_glibc_from_2_17(built: Path) -> None:
    """Ubuntu 20.04 and 22.04, Debian 11 and older servers too: auditwheel (PyPA's checker)
    reads the symbols the core links and finds none newer than glibc 2.17 needs."""
    (wheel,) = built.glob("pegrace-*.whl")
    assert "manylinux_2_17" in wheel.name, wheel.name
    shown = " ".join(run(BIN / "auditwheel", "show", wheel).stdout.split())
    assert 'consistent with the following platform tag: "manylinux_2_17_' in shown, shown


def test_the_sdist_holds_the_core_and_the_page(built: Path) -> None:
    (sdist,) = built.glob("pegrace-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    needed = {
        "Cargo.toml",
        "Cargo.lock",
        "build.rs",
        "core/lib.rs",
        "pyproject.toml",
        "src/pegrace/web/static/index.html",
        "src/pegrace/games/trouble/style.css",  # each game's look, in its package
        "src/pegrace/weights/ludo.json",
        "src/pegrace/locale/de/LC_MESSAGES/pegrace.po",
        "src/pegrace/locale/pt_BR/LC_MESSAGES/pegrace.po",
    }
    assert needed <= names


def test_a_wheel_plays_and_serves_without_a_rust_toolchain(built: Path, tmp_path: Path) -> None:
    (wheel,) = built.glob("pegrace-*.whl")
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", venv)
    path = os.pathsep.join([str(venv / "bin"), "/usr/bin", "/bin"])
    assert shutil.which("cargo", path=path) is None and shutil.which("rustc", path=path) is None
    env = {"PATH": path, "HOME": str(tmp_path), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    run(venv / "bin" / "python", "-m", "pip", "install", "--quiet", wheel, env=env)
    pegrace = venv / "bin" / "pegrace"
    # the wheel keeps the commit its core was built at (no checkout where it is installed)
    head = run("git", "-C", ROOT, "rev-parse", "HEAD").stdout.strip()
    said = run(pegrace, "--version", env=env).stdout
    assert said.startswith("pegrace ") and f"+g{head[:12]} (core " in said
    played = run(pegrace, "simulate", "trouble", "--games", "20", "--players", "2", env=env)
    assert "win rate" in played.stdout
    port = free_port()
    server = subprocess.Popen(
        [
            str(pegrace),
            "serve",
            "--port",
            str(port),
            "--db",
            str(tmp_path / "games.sqlite3"),
            "--no-open",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        page = fetch(f"http://127.0.0.1:{port}/", server)
        assert "<html" in page
        assert "export class GamePage" in fetch(f"http://127.0.0.1:{port}/static/game.js", server)
        # the games' style travels in the wheel, each game's beside its rules
        assert ".game-trouble .board" in fetch(f"http://127.0.0.1:{port}/games.css", server)
        german = json.loads(fetch(f"http://127.0.0.1:{port}/i18n/de.json", server))
        assert len(german["messages"]) > 100  # the catalogs travel in the wheel
    finally:
        server.kill()
        server.wait()
        assert server.stderr is not None
        server.stderr.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def fetch(url: str, server: subprocess.Popen[bytes]) -> str:
    """The page at ``url`` once the server answers (it starts in a second or two)."""
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                text: str = answer.read().decode()
                return text
        except OSError:
            assert server.poll() is None, "the server stopped"
            assert time.monotonic() < deadline, "the server did not answer"
            time.sleep(0.2)
