"""Finca at every terminal size from 80×24: nothing cut, every score in view, the choices shown,
in a quiet turn, the busiest decision (a delivery being built with 4 players), game over, and
the seat sheets."""
from __future__ import annotations

import pytest

from tests.screens.helpers import app_for
from tests.support.table_view import SIZES, cuts, random_match, scores_missing, screen_text, settle


def moment(name: str, players: int):
    if name == "quiet":
        return random_match("finca", players, seed=5, moves=12 * players)
    if name == "delivery":  # a delivery with a community picked: the reasons for every other
        return random_match("finca", players, seed=5, until=lambda m: m.state.step == "deliver"
                            and len(m.state.dlv["picks"]) >= 1 and m.state.turns > 20)
    return random_match("finca", players, seed=5)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [4, 2])
@pytest.mark.parametrize("when", ["quiet", "delivery", "over"])
async def test_nothing_is_cut_and_every_score_is_in_view(size, players, when):
    m = moment(when, players)
    assert m.over == (when == "over")
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert not getattr(app.screen, "small", False)
        assert cuts(app) == []
        text = screen_text(app)
        if when != "over":
            assert scores_missing(app, m) == []
            assert "1 " in text  # the first numbered choice
            assert "This terminal is" not in text
        else:
            for name in m.names:
                assert name in text


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_seat_sheet_is_whole(size):
    m = moment("quiet", 4)
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert type(app.screen).__name__ == "SeatSheetScreen"
        assert cuts(app) == []
        assert "Fruit tiles delivered" in screen_text(app)


async def test_resizing_lays_the_screen_out_again_both_ways():
    m = moment("quiet", 4)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.screen.query_one("#panels-box").display
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert not app.screen.query_one("#panels-box").display
        assert cuts(app) == [] and scores_missing(app, m) == []
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert app.screen.query_one("#panels-box").display
        assert cuts(app) == []


async def test_the_legend_names_every_symbol_of_the_windmill_and_the_communities():
    m = moment("quiet", 4)
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        symbols = [sym for sym, _ in app.screen.legend()]
        for sym in ("F", "A", "O", "R", "G", "L", "*", "^", "▮", ">", "»", "✓", "▲"):
            assert sym in symbols
        await pilot.press("g")
        await settle(pilot)
        assert type(app.screen).__name__ == "LegendScreen"
        assert "fig (a blade's fruit" in screen_text(app)
        assert cuts(app) == []
