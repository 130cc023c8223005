"""Finis Terrae on every terminal from 80×24 up: nothing cut, every score in view, the whole
decision (its prompt and its numbered choices) inside its panel, in a quiet turn, the busiest
decisions (sailing with four players, a tile placed with a turn to choose) and the game's end.
Finis Terrae has no hidden hands, so no curtain between players."""
from __future__ import annotations

import functools

import pytest

from tabletop_tui.rules.finis_terrae import tiles as T
from tests.screens.helpers import app_for
from tests.support.table_view import SIZES, cuts, random_match, scores_missing, settle, screen_text


def _sailing_far(m) -> bool:
    d = m.pending
    return d is not None and d.kind == "move" and len(m.legal_actions()) >= 12


def _placing_with_a_turn(m) -> bool:
    d = m.pending
    return (d is not None and d.kind == "place" and m.state.day >= 2
            and len(m.legal_actions()) > 10 and any(len(T.rotations(k)) > 1 for k in m.state.hand))


MOMENTS = {
    "quiet": dict(moves=40),
    "sailing": dict(until=_sailing_far),
    "placing": dict(until=_placing_with_a_turn),
    "over": dict(),
}


@functools.lru_cache(maxsize=None)
def _match_json(moment: str, players: int):
    return random_match("finis_terrae", players, 5, **MOMENTS[moment])


def match(moment: str, players: int):
    m = _match_json(moment, players)
    assert m.over == (moment == "over")
    return m


def choices_whole(app) -> list[str]:
    """The numbered choices lie wholly inside the decision panel (none hidden under its edge)."""
    screen = app.screen
    ol = screen.query_one("#choices")
    geo = screen.find_widget(ol)
    shown = geo.region.intersection(geo.clip)
    return [] if shown == geo.region else [f"choices {geo.region} shown only as {shown}"]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("players", [4, 2])
@pytest.mark.parametrize("moment", ["quiet", "sailing", "placing"])
async def test_the_game_screen_is_whole_at_every_size(moment, players, size):
    m = match(moment, players)
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert type(app.screen).__name__ == "FinisTerraeScreen"
        assert not app.screen.small
        assert cuts(app) == []
        assert choices_whole(app) == []
        assert scores_missing(app, m) == []
        text = screen_text(app)
        assert "1 " in text and m.pending is not None


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("players", [4, 2])
async def test_the_game_over_screen_is_whole_at_every_size(players, size):
    m = match("over", players)
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert type(app.screen).__name__ == "FinisTerraeGameOver"
        assert cuts(app) == []
        text = screen_text(app)
        assert all(name in text for name in m.names)


async def test_a_resize_lays_the_screen_out_again_at_once_both_ways():
    m = match("sailing", 4)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        wide = (screen.query_one("#panels-box").size.width, screen.query_one("#choices").styles.max_height)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        narrow = (screen.query_one("#panels-box").size.width, screen.query_one("#choices").styles.max_height)
        assert narrow[0] < wide[0] and narrow[1].value < wide[1].value
        assert cuts(app) == [] and scores_missing(app, m) == []
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert (screen.query_one("#panels-box").size.width,
                screen.query_one("#choices").styles.max_height) == wide
        assert cuts(app) == []


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_the_seat_sheets_and_the_legend_are_one_key_away_and_whole(size):
    m = match("sailing", 4)
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        game = app.screen
        symbols = [sym for sym, _ in game.legend()]
        assert {"⌂A", "@", "^", ".", "!", "#", "t", "c", "f", "$", "s", "den"} <= set(symbols)
        await pilot.press("p")
        await settle(pilot)
        assert type(app.screen).__name__ == "SeatSheetScreen"
        text = screen_text(app)
        assert "Ship board" in text and "hold 1:" in text
        assert cuts(app) == []
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("g")
        await settle(pilot)
        assert "Black Galleon" in screen_text(app) and cuts(app) == []
