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
