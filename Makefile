# The two set-up commands: `make play` and `make test`. Both build .venv from scratch if needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed  # everything: the package and the dev tools
PLAY_STAMP := $(VENV)/.installed-play  # what playing needs: the package alone

.PHONY: play terminal test browser postgres lint typecheck js rust unit bench data dist clean

SHELL := /bin/bash

# the Rust core is built into the package by pip (maturin): a change to it installs again
RUST := Cargo.toml Cargo.lock $(wildcard core/*.rs core/*/*.rs core/*/*/*.rs)

# pip says nothing while it builds the native core, minutes the first time: say what is going
# on and show the build's steps as they come (the whole log in .venv/install.log; its end is
# shown if the install fails)
STEPS := '^ +(Compiling|Finished)|^Successfully installed|[Ee]rror'
# (cargo says nothing while it compiles the core's own crate, a minute or two the first time:
# a line every 20 s says the install goes on)
define install
	@echo "pegrace: installing $(1) into $(VENV): the Python packages it needs, then its native core (Rust: a few minutes the first time)"
	@set -o pipefail; start=$$SECONDS; \
	( while sleep 20; do echo "pegrace: still installing, $$((SECONDS - start)) s so far"; done ) & ticker=$$!; \
	$(BIN)/python -m pip install -v -e $(1) 2>&1 | tee $(VENV)/install.log \
		| grep --line-buffered -E $(STEPS); status=$$?; kill $$ticker; \
	[ $$status = 0 ] || { tail -n 40 $(VENV)/install.log; exit 1; }
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
# `make play PORT=8123`, `HOST=...` (beyond this machine with PUBLIC=1: docs/web-public.md)
play: $(PLAY_STAMP)
	$(BIN)/pegrace serve$(if $(PORT), --port $(PORT))$(if $(HOST), --host $(HOST))$(if $(PUBLIC), --public)

# the terminal game: you are red, three computer players
terminal: $(PLAY_STAMP)
	$(BIN)/pegrace play trouble

test: browser postgres lint typecheck js rust unit

# the end-to-end tests drive Debian's chromium (Playwright's own browser download is not used);
# fonts-noto-core draws Devanagari (Hindi) and Arabic in its screenshots, not boxes
browser:
	@{ command -v chromium && ls /usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf \
		/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf; } >/dev/null 2>&1 || { \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium fonts-noto-core; }

# the store tests run a PostgreSQL server of their own (tests/postgres.py), some of them on two
# "hosts" made of network namespaces (tests/netns.py, iproute2's `ip`); the terminal game's
# tests play in tmux (tests/test_terminal_tmux.py): Debian's packages, installed where missing
# as `browser` installs chromium
postgres:
	@{ ls /usr/lib/postgresql/*/bin/initdb && command -v ip && command -v tmux; } >/dev/null 2>&1 || { \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq postgresql iproute2 tmux; }

lint: $(STAMP)
	$(BIN)/ruff check src tests $(wildcard benchmarks examples tools)
	$(BIN)/ruff format --check src tests $(wildcard benchmarks examples tools)

typecheck: $(STAMP)
	$(BIN)/mypy --strict src

# the page's JavaScript checked like the Python: its messages' types (static/messages.d.ts, made
# from web/messages.schema.json by tools/message_types.py) up to date, tsc over its JSDoc types
# (tsconfig.json) and eslint (.eslintrc.json), Debian's node-typescript and eslint, installed
# where missing as `browser` installs chromium. Debian's eslint finds its modules in
# /usr/share/nodejs, where a Node.js other than Debian's own (NodeSource's) does not look:
# NODE_PATH tells it.
js:
	@{ command -v tsc && command -v eslint; } >/dev/null 2>&1 || { \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq node-typescript eslint; }
	$(PYTHON) tools/message_types.py --check
	tsc -p tsconfig.json
	NODE_PATH=/usr/share/nodejs$${NODE_PATH:+:$$NODE_PATH} eslint src/pegrace/web/static

# the core's own checks: formatting, lints as errors, and its unit tests
rust: $(STAMP)
	cargo fmt --check
	PYO3_PYTHON=$(CURDIR)/$(BIN)/python cargo clippy --all-targets -- -D warnings
	PYO3_PYTHON=$(CURDIR)/$(BIN)/python cargo test

unit: $(STAMP)
	$(BIN)/pytest -W error

bench: $(STAMP)
	$(BIN)/pegrace bench trouble

# the data the package ships, made again: every player's ratings (src/pegrace/web/ratings.json
# and docs/ai.md's table, by the strength protocol on its seed, each line's games kept in
# build/lines/ so that a stopped run plays on) and every option's effects (docs/lab/,
# src/pegrace/web/lab_effects.json and docs/lab.md); hours on 2 cores. The learned values' weights
# come from `pegrace train` (its commands: docs/ai-inside.md, "Learned values"), the policy from
# examples/ppo_ludo.py (docs/rl.md).
PROTOCOL_SEED := 8112026
data: $(STAMP)
	$(BIN)/python tools/ratings.py --seed $(PROTOCOL_SEED) --workers 2 --out build/lines
	$(BIN)/python tools/lab_effects.py --games 20000 --workers 2

# what players install without a Rust toolchain: the abi3 wheel (one for every CPython 3.11+
# of this platform; on Linux for every glibc from 2.17 on, manylinux2014, linked by zig, so no
# container is needed) and the sdist, in dist/ (.github/workflows/release.yml builds every
# platform's). Only what building needs is installed, in a venv of its own: maturin and ziglang
# (zig is found as `python -m ziglang`, hence the venv's bin first on PATH).
DIST_VENV := .venv-dist
$(DIST_VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(DIST_VENV)
	$(DIST_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(DIST_VENV)/bin/python -m pip install --quiet 'maturin>=1.5,<2' 'ziglang>=0.13'
	touch $@

dist: $(DIST_VENV)/.installed
	PATH=$(CURDIR)/$(DIST_VENV)/bin:$$PATH $(DIST_VENV)/bin/maturin build --release --zig \
		--compatibility manylinux2014 --out dist
	$(DIST_VENV)/bin/maturin sdist --out dist

clean:
	rm -rf $(VENV) $(DIST_VENV) .mypy_cache .pytest_cache .ruff_cache target dist src/pegrace/*.so
