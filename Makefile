# `make serve`, `make play` and `make test` do all the set-up: they create .venv from python3
# and install boardlab into it, again only when pyproject.toml or the compiled observation
# encoders change. `make serve` installs what the web server needs (the `web` extra) and
# starts it; `make play` installs only what playing in a terminal needs (typer and rich);
# `make test` (and every other target) installs every extra.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.boardlab-installed
PLAY_STAMP := $(VENV)/.boardlab-play-installed
SERVE_STAMP := $(VENV)/.boardlab-serve-installed
EXTRAS := dev,sim,rl,ray,web
PLAY ?= compounded --players 3 --seat 0
SERVE ?=
WORKERS ?= 2
BENCH_SECONDS ?= 5
PIP := $(BIN)/python -m pip --disable-pip-version-check
# The compiled observation kernel: installing builds it, so a change reinstalls.
NATIVE := setup.py $(wildcard src/boardlab/_native/*.h src/boardlab/_native/*.c)

.PHONY: venv serve play test baseline lint typecheck bench clean

venv: $(STAMP)

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "boardlab needs Python 3.11 or newer: run make PYTHON=python3.11 ..." >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)

# Everything: the play and serve stamps are touched too, as the full install holds what
# playing and serving need.
$(STAMP): pyproject.toml $(NATIVE) | $(BIN)/python
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet -e ".[$(EXTRAS)]"
	touch $@ $(PLAY_STAMP) $(SERVE_STAMP)

# boardlab with the web server's dependencies (FastAPI, uvicorn, SQLAlchemy, ...).
$(SERVE_STAMP): pyproject.toml $(NATIVE) | $(BIN)/python
	$(PIP) install --quiet -e ".[web]"
	touch $@ $(PLAY_STAMP)

# Only boardlab and its two dependencies: a new user plays within a minute.
$(PLAY_STAMP): pyproject.toml $(NATIVE) | $(BIN)/python
	$(PIP) install --quiet -e .
	touch $@

# Play in the browser at the address it prints; options: make serve SERVE="--port 8080"
serve: $(SERVE_STAMP)
	$(BIN)/boardlab serve $(SERVE)

# Another game: make play PLAY="konoten --players 2 --seat 0 --bots greedy"
play: $(PLAY_STAMP)
	$(BIN)/boardlab play $(PLAY)

test: venv
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/pytest -n $(WORKERS)

# The learners of the baseline and self-play tests (torch's CPU build, sb3-contrib); without
# them those tests are skipped. TORCH pins the build: a bare `torch` can bring a GPU build.
TORCH ?= torch==2.13.0
baseline: venv
	$(PIP) install --quiet "$(TORCH)"
	$(PIP) install --quiet -e ".[baseline]"

lint: venv
	$(BIN)/ruff check src tests benchmarks

typecheck: venv
	$(BIN)/mypy

bench: venv
	$(BIN)/python benchmarks/run_all.py --seconds $(BENCH_SECONDS) --out benchmarks/results.md

clean:
	rm -rf build dist .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -path ./$(VENV) -prune -o -type d -name __pycache__ -prune -exec rm -rf {} +
