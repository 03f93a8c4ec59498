# `make play` and `make test` do all the set-up: they create .venv from python3 and install
# boardlab with every extra, again only when pyproject.toml changes.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.boardlab-installed
EXTRAS := dev,sim,rl,ray
WORKERS ?= 2
BENCH_SECONDS ?= 5

.PHONY: venv play test lint typecheck bench clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "boardlab needs Python 3.11 or newer: run make PYTHON=python3.11 ..." >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[$(EXTRAS)]"
	touch $@

play: venv
	$(BIN)/boardlab play compounded --players 3 --seat 0

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
