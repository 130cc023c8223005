"""Seat sheets of every game, mid-game with the most players, at 100×30 and 120×40 (one sheet,
turned to the second player) and at 200×60 (every sheet side by side). Fixed seeds; plain `def`.

Each SVG was looked at before it was accepted."""
from __future__ import annotations

import pytest

from tests.screens.helpers import app_for
from tests.support.table_view import past_curtain, random_match, settle

MOST = {"piratissimo": 4, "finca": 4, "finis_terrae": 4, "terra_mystica": 5, "maracaibo": 4}
MID = {"piratissimo": 30, "finca": 40, "finis_terrae": 40, "terra_mystica": 120, "maracaibo": 60}


def _open_sheets(turn: bool):
    async def run(pilot):
        # settle (not one pause): on a loaded machine the curtain or the sheets came a frame late
        await past_curtain(pilot.app, pilot)
        await pilot.press("p")
        await settle(pilot)
        if turn:
            await pilot.press("right")
            await settle(pilot)
    return run


@pytest.mark.parametrize("size", [(100, 30), (120, 40), (200, 60)])
@pytest.mark.parametrize("game", sorted(MOST))
def test_seat_sheets(snap_compare, game, size):
    m = random_match(game, MOST[game], seed=5, moves=MID[game])
    assert snap_compare(app_for(m), terminal_size=size, run_before=_open_sheets(size[0] < 200))
