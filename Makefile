# The two set-up commands of the README: `make play` and `make test`. Both create .venv if needed.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test bench fuzz snapshots clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,tables]'
	@touch $(STAMP)

play: $(STAMP)
	$(BIN)/tabletop

# Both cores (CI has two): the suite is ~10 minutes on one. Snapshot updates stay serial (below).
test: $(STAMP)
	$(BIN)/python -m pytest -q -p no:cacheprovider -n auto --dist worksteal

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

fuzz: $(STAMP)
	$(BIN)/python benchmarks/fuzz.py

snapshots: $(STAMP)
	$(BIN)/python -m pytest -q tests/screens --snapshot-update

clean:
	rm -rf $(VENV) build dist *.egg-info
