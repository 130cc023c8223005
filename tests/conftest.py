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
