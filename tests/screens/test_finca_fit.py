"""Finca at every terminal size from 80×24: nothing cut, every score in view, the choices shown,
in a quiet turn, the busiest decision (a delivery being built with 4 players), game over, and
the seat sheets."""
from __future__ import annotations

import pytest

from tests.screens.helpers import app_for
from tests.support.table_view import (SIZES, assert_resizes_both_ways, assert_sheets_whole, assert_whole,
                                      cuts, random_match, screen_text, settle)


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
        await assert_whole(app, m)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_seat_sheet_is_whole(size):
    await assert_sheets_whole(moment("quiet", 4), size, "Fruit tiles delivered")


async def test_resizing_lays_the_screen_out_again_both_ways():
    await assert_resizes_both_ways(moment("quiet", 4))


async def test_the_legend_names_every_symbol_of_the_windmill_and_the_communities():
    m = moment("quiet", 4)
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        symbols = [sym for sym, _ in app.screen.legend()]
        # ("10 13  9  0": the counts once one reaches 10, two columns each)
        for sym in ("F", "A", "O", "R", "G", "L", "*", "^", "▮", ">", "»", "✓", "▲", "10 13  9  0"):
            assert sym in symbols
        await pilot.press("g")
        await settle(pilot)
        assert type(app.screen).__name__ == "LegendScreen"
        assert "fig (a blade's fruit" in screen_text(app)
        assert cuts(app) == []


async def test_at_80x24_every_choice_can_be_reached_and_seen():
    """With four players a turn offers three moves, a delivery and four action tiles: more than
    the rows the small layout gives the choices. The list scrolls, so the last choice (and the
    highlight on it) is drawn when it is highlighted, never hidden below the panel."""
    m = random_match("finca", 4, seed=5, until=lambda m: m.state.step == "turn"
                     and len(m.legal_actions()) >= 7)
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.screen.query_one("#decision")
        choices = app.screen.query_one("#choices")
        assert choices.region.bottom <= panel.region.bottom  # the list is not clipped by its panel
        await pilot.press("end")
        await settle(pilot)
        last = m.rules.describe(m.state, m.legal_actions()[-1])
        assert last in screen_text(app)


def test_every_action_tile_choice_fits_one_row_at_80_columns():
    """A choice longer than a row wraps, and a wrapped choice threw the list's scrolling off by
    a row; the action tiles' choices fit 80 columns beside the key and the scrollbar."""
    from tabletop_tui.rules import finca as F

    m = random_match("finca", 4, seed=5, until=lambda m: m.state.step == "turn")
    for a in m.legal_actions():
        if isinstance(a, F.UseTile):
            assert len(m.rules.describe(m.state, a)) <= 80 - 2 - 2 - 2, m.rules.describe(m.state, a)
