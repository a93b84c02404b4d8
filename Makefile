# The two set-up commands: `make play` and `make test`. Both build .venv from scratch if needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed  # everything: the package and the dev tools
PLAY_STAMP := $(VENV)/.installed-play  # what playing needs: the package alone

.PHONY: play terminal test browser lint typecheck rust unit bench clean

# the Rust core is built into the package by pip (maturin): a change to it installs again
RUST := Cargo.toml Cargo.lock $(wildcard core/*.rs core/*/*.rs)

$(STAMP): pyproject.toml $(RUST)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP) $(PLAY_STAMP)

# playing needs no dev tools (a .venv made by `make test` serves too)
$(PLAY_STAMP): pyproject.toml $(RUST)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $(PLAY_STAMP)

# the web app on 127.0.0.1 (prints its address, opens a browser where there is one)
play: $(PLAY_STAMP)
	$(BIN)/pegrace serve

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

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache target src/pegrace/*.so
