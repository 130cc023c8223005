"""Piratissimo at every terminal size from 80×24: nothing cut, every score in view, the choices shown,
in a quiet turn, the busiest turn (treasure to give overboard, or to steal or give on a neutral island), game over, and
the seat sheets."""
from __future__ import annotations

import pytest

from tests.screens.helpers import app_for
from tests.support.table_view import (SIZES, assert_resizes_both_ways, assert_sheets_whole, assert_whole,
                                      cuts, random_match, screen_text, settle)


def moment(name: str, players: int):
    if name == "quiet":
        return random_match("piratissimo", players, seed=5, moves=12 * players)
    if name == "busiest":  # the most choices and the longest prompt of the game
        return random_match("piratissimo", players, seed=5, until=lambda m: m.pending.kind in (
            "overboard", "neutral") and len(m.legal_actions()) >= 3)
    return random_match("piratissimo", players, seed=5)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [4, 2])
@pytest.mark.parametrize("when", ["quiet", "busiest", "over"])
async def test_nothing_is_cut_and_every_score_is_in_view(size, players, when):
    m = moment(when, players)
    assert m.over == (when == "over")
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await assert_whole(app, m)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_seat_sheet_is_whole(size):
    await assert_sheets_whole(moment("quiet", 4), size, "Ship")


async def test_resizing_lays_the_screen_out_again_both_ways():
    await assert_resizes_both_ways(moment("quiet", 4))


async def test_the_legend_names_every_symbol_of_the_ring_board():
    m = moment("quiet", 4)
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        symbols = [sym for sym, _ in app.screen.legend()]
        for sym in ("G2, G3", "R2", "·", "+", "@@@ or @", "≡3/10"):
            assert sym in symbols
        await pilot.press("g")
        await settle(pilot)
        assert type(app.screen).__name__ == "LegendScreen"
        assert "green treasure chest" in screen_text(app)
        assert cuts(app) == []


@pytest.mark.parametrize("players", [4, 2])
async def test_at_80x24_the_choices_are_never_clipped_by_their_panel(players):
    """The small layout gives the choices fewer rows; the list itself scrolls (so every choice is
    reached and drawn when highlighted) instead of being cut off below its panel."""
    m = moment("busiest", players)
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.screen.query_one("#decision")
        choices = app.screen.query_one("#choices")
        assert choices.region.bottom <= panel.region.bottom
        await pilot.press("end")
        await settle(pilot)
        assert m.rules.describe(m.state, m.legal_actions()[-1]) in screen_text(app)
