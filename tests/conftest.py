import gc
import os

import pytest

from tabletop_tui import catalogue


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path, monkeypatch):
    """Every test saves into its own folder, and no theme/colour setting leaks into snapshots."""
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path / "data"))
    for var in ("NO_COLOR", "TEXTUAL_THEME", "FORCE_COLOR"):
        monkeypatch.delenv(var, raising=False)
    yield


@pytest.fixture
def dicegame(monkeypatch):
    """Register the test-only dice race in the catalogue."""
    g = catalogue.Game("dicegame", "Dice race", "Test game.", 2, 3, "tests.support.dicegame")
    monkeypatch.setitem(catalogue.BY_ID, "dicegame", g)
    return g


def pytest_collection_modifyitems(config, items):
    """The tests marked ``slow`` (whole games by keyboard, key mashing: 15–60 s each) run first.
    `make test` shares the tests among the cores (pytest-xdist, worksteal): started last, one of
    them would keep one core busy for its whole length after the other has finished; started
    first, the short tests fill in around them."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)  # a stable sort: else as collected


def pytest_configure(config):
    """Python's cycle collector less often: the screen tests make and drop many small objects
    (Textual's widgets, styles, strips), and with the default thresholds (700, 10, 10) the
    collector ran so often that it was over a quarter of the suite's CPU (measured: the same
    Maracaibo fit tests and ledger chunks 61.8 s of CPU before, 44.5 s after). Nothing a test
    checks depends on when garbage is collected; cycles are still collected."""
    gc.set_threshold(50_000, 20, 20)


def pytest_collection_finish(session):
    """What exists once the tests are collected (the modules, the rules' tables, Textual's CSS)
    lives to the end: frozen, the collector no longer walks it on every full collection."""
    gc.collect()
    gc.freeze()
