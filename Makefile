# `make play` and `make test` do all the set-up: they create .venv from python3 and install
# boardlab into it, again only when pyproject.toml changes. `make play` installs only what
# playing needs (typer and rich); `make test` (and every other target) installs every extra.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.boardlab-installed
PLAY_STAMP := $(VENV)/.boardlab-play-installed
EXTRAS := dev,sim,rl,ray
PLAY ?= compounded --players 3 --seat 0
WORKERS ?= 2
BENCH_SECONDS ?= 5
PIP := $(BIN)/python -m pip --disable-pip-version-check

.PHONY: venv play test lint typecheck bench clean

venv: $(STAMP)

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "boardlab needs Python 3.11 or newer: run make PYTHON=python3.11 ..." >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)

# Everything: the play stamp is touched too, as the full install holds what playing needs.
$(STAMP): pyproject.toml | $(BIN)/python
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet -e ".[$(EXTRAS)]"
	touch $@ $(PLAY_STAMP)

# Only boardlab and its two dependencies: a new user plays within a minute.
$(PLAY_STAMP): pyproject.toml | $(BIN)/python
	$(PIP) install --quiet -e .
	touch $@

# Another game: make play PLAY="konoten --players 2 --seat 0 --bots greedy"
play: $(PLAY_STAMP)
	$(BIN)/boardlab play $(PLAY)

test: venv
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/pytest -n $(WORKERS)

lint: venv
	$(BIN)/ruff check src tests benchmarks

typecheck: venv
	$(BIN)/mypy

bench: venv
	$(BIN)/python benchmarks/run_all.py --seconds $(BENCH_SECONDS) --out benchmarks/results.md

clean:
	rm -rf build dist .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -path ./$(VENV) -prune -o -type d -name __pycache__ -prune -exec rm -rf {} +
