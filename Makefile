# The two set-up commands: `make play` and `make test`. Both build .venv from scratch if needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed  # everything: the package and the dev tools
PLAY_STAMP := $(VENV)/.installed-play  # what playing needs: the package alone

.PHONY: play terminal test browser lint typecheck rust unit bench dist clean

SHELL := /bin/bash

# the Rust core is built into the package by pip (maturin): a change to it installs again
RUST := Cargo.toml Cargo.lock $(wildcard core/*.rs core/*/*.rs)

# pip says nothing while it builds the native core, minutes the first time: say what is going
# on and show the build's steps as they come (the whole log in .venv/install.log; its end is
# shown if the install fails)
STEPS := '^ +(Compiling|Finished)|^Successfully installed|[Ee]rror'
define install
	@echo "pegrace: installing $(1) into $(VENV): the Python packages it needs, then its native core (Rust: a few minutes the first time)"
	@set -o pipefail; $(BIN)/python -m pip install -v -e $(1) 2>&1 | tee $(VENV)/install.log \
		| grep --line-buffered -E $(STEPS) || { tail -n 40 $(VENV)/install.log; exit 1; }
endef

$(STAMP): pyproject.toml $(RUST)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(call install,'.[dev]')
	touch $(STAMP) $(PLAY_STAMP)

# playing needs no dev tools (a .venv made by `make test` serves too)
$(PLAY_STAMP): pyproject.toml $(RUST)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(call install,.)
	touch $(PLAY_STAMP)

# the web app on 127.0.0.1 (prints its address, opens a browser where there is one);
# `make play PORT=8123`, `HOST=...` (beyond this machine with PUBLIC=1: docs/web.md)
play: $(PLAY_STAMP)
	$(BIN)/pegrace serve$(if $(PORT), --port $(PORT))$(if $(HOST), --host $(HOST))$(if $(PUBLIC), --public)

# the terminal game: you are red, three computer players
terminal: $(PLAY_STAMP)
	$(BIN)/pegrace play trouble

test: browser lint typecheck rust unit

# the end-to-end tests drive Debian's chromium (Playwright's own browser download is not used)
browser:
	@command -v chromium >/dev/null 2>&1 || { \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; }

lint: $(STAMP)
	$(BIN)/ruff check src tests $(wildcard benchmarks examples)
	$(BIN)/ruff format --check src tests $(wildcard benchmarks examples)

typecheck: $(STAMP)
	$(BIN)/mypy --strict src

# the core's own checks: formatting, lints as errors, and its unit tests
rust: $(STAMP)
	cargo fmt --check
	PYO3_PYTHON=$(CURDIR)/$(BIN)/python cargo clippy --all-targets -- -D warnings
	PYO3_PYTHON=$(CURDIR)/$(BIN)/python cargo test

unit: $(STAMP)
	$(BIN)/pytest -W error

bench: $(STAMP)
	$(BIN)/pegrace bench trouble

# what players install without a Rust toolchain: the abi3 wheel (one for every CPython 3.11+
# of this platform) and the sdist, in dist/ (.github/workflows/release.yml builds every platform's)
dist: $(STAMP)
	$(BIN)/maturin build --release --out dist
	$(BIN)/maturin sdist --out dist

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache target dist src/pegrace/*.so
