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

# Three workers on two cores: the journeys wait on processes, terminals and timers for
# much of their time (a run keeps about 1.4 cores busy), so a third worker fills the
# waits (2,147 tests: 9 min 28 s with two workers, 7 min 15 s with three).
test: $(STAMP)
	$(BIN)/python -m pytest -n 3 --durations=25

typecheck: $(STAMP)
	$(BIN)/python -m mypy engine protocol node cli bots

bench: $(STAMP)
	$(BIN)/python bench/engine.py --json

clean:
	rm -rf $(VENV) build *.egg-info
