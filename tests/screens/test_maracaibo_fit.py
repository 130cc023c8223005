"""Maracaibo is whole at every terminal size from 80×24: nothing cut, every player's points in view,
in a quiet turn, in the busiest decisions (combat, round-end scoring, the village menu, paying for a
quest), behind the curtain and on the game-over screen; resizing lays the screen out again at once."""
from __future__ import annotations

import pytest

from tests.screens.helpers import app_for
from tests.support.table_view import SIZES, cuts, random_match, scores_missing, screen_text, settle


def _kind(m):
    d = m.pending
    return d.kind if d is not None else None


MOMENTS = {
    "quiet": lambda m: _kind(m) == "move" and len(m.actions) > 40,
    "combat": lambda m: _kind(m) == "combat_loop",
    "round-end scoring": lambda m: _kind(m) == "village" and m.state.g["scoring"],
    "village menu": lambda m: _kind(m) == "village" and not m.state.g["scoring"] and len(m.legal_actions()) >= 5,
    "quest payment": lambda m: _kind(m) == "quest_pay",
}


def _match(players: int, moment: str):
    for seed in range(1, 40):
        m = random_match("maracaibo", players, seed, until=MOMENTS[moment])
        if not m.over:
            return m
    raise AssertionError(f"no seed reaches {moment}")


async def _open(app, pilot):
    await settle(pilot)
    if type(app.screen).__name__ == "HandoffScreen":
        await pilot.press("enter")
        await settle(pilot)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players,moment", [(4, k) for k in MOMENTS] + [(2, "quiet"), (2, "combat")])
async def test_nothing_is_cut_and_every_score_is_in_view(players, moment, size):
    m = _match(players, moment)
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await _open(app, pilot)
        assert not app.screen.small
        assert cuts(app) == []
        assert scores_missing(app, m) == []
        assert "1 " in screen_text(app)  # the numbered choices are there


@pytest.mark.parametrize("size", SIZES)
async def test_the_curtain_is_whole(size):
    m = _match(4, "quiet")
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert type(app.screen).__name__ == "HandoffScreen"
        assert cuts(app) == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4])
async def test_the_game_over_screen_is_whole(players, size):
    m = random_match("maracaibo", players, 3)
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert cuts(app) == []


async def test_going_from_100x30_back_to_120x40_lays_the_screen_out_again_at_once():
    """After a resize the screen has the form of its new size, without waiting for a decision."""
    m = _match(4, "quiet")
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await _open(app, pilot)
        wide = screen_text(app)
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert not app.screen.query_one("#panels-box").display
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert app.screen.query_one("#panels-box").display
        assert screen_text(app) == wide


async def test_the_legend_names_every_symbol_of_the_map():
    m = _match(2, "quiet")
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await _open(app, pilot)
        symbols = " ".join(sym for sym, _ in app.screen.legend())
        for sym in ("[ ]", "[F]", "Q", "═", "─", "s t c k l", "a b c d", "◆"):
            assert sym in symbols
        assert ("P.Spain", "Port of Spain (11)") in app.screen.legend()
