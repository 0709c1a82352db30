# Two commands for users: `make play` and `make test`. Both set everything up first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: play test setup bench typecheck clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

play: $(STAMP)
	$(BIN)/cosmic play

test: $(STAMP)
	$(BIN)/python -m pytest -n 2 --durations=25

typecheck: $(STAMP)
	$(BIN)/python -m mypy engine protocol node cli bots

bench: $(STAMP)
	$(BIN)/python bench/engine.py --json

clean:
	rm -rf $(VENV) build *.egg-info
