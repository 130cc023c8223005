# The two set-up commands of the README: `make play` and `make test`. Both create .venv if needed.
# Two install stamps: `make play` installs the game alone (none of the extras); `make test` the
# game with the test and tables extras, whether or not `make play` made the venv first.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
PLAY_STAMP := $(VENV)/.installed-play
TEST_STAMP := $(VENV)/.installed-test

.PHONY: play test bench bench-tables fuzz snapshots clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(PLAY_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	@touch $(PLAY_STAMP)

# (the extras hold the game too: a venv made by `make test` is ready for `make play`)
$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,tables]'
	@touch $(TEST_STAMP) $(PLAY_STAMP)

play: $(PLAY_STAMP)
	$(BIN)/tabletop

# Four workers on CI's two cores: a worker waits much of its time (pilot pauses, the tables' seat
# processes and servers; 57-71% of a core each with two), so four overlap the waits. Measured on this
# 2-core machine, quiet, the same tree: -n 2 688 s, -n 4 564 s (benchmarks/RESULTS.md, session 24).
# Snapshot updates stay serial (below).
test: $(TEST_STAMP)
	$(BIN)/python -m pytest -q -p no:cacheprovider -n 4 --dist worksteal

# (the tables' load figure needs the tables extra: psycopg, for its PostgreSQL half)
bench: $(TEST_STAMP)
	$(BIN)/python benchmarks/run.py
	nice -n 10 $(BIN)/python benchmarks/tables_load.py
	nice -n 10 $(BIN)/python benchmarks/review_bench.py

bench-tables: $(TEST_STAMP)
	nice -n 10 $(BIN)/python benchmarks/tables_load.py

fuzz: $(PLAY_STAMP)
	$(BIN)/python benchmarks/fuzz.py

snapshots: $(TEST_STAMP)
	$(BIN)/python -m pytest -q tests/screens --snapshot-update

clean:
	rm -rf $(VENV) build dist *.egg-info
