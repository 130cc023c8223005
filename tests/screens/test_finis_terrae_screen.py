"""Finis Terrae's screen through the keyboard and the mouse, as people play it."""
from __future__ import annotations

import dataclasses

import pytest

from tabletop_tui import catalogue
from tabletop_tui.match import Match, Seat, list_saves
from tabletop_tui.rules.core import Rng
from tabletop_tui.rules.finis_terrae.actions import Move, Place
from tabletop_tui.screens.finis_terrae import FinisTerraeScreen
from tabletop_tui.screens.game_over import GameOverScreen
from tabletop_tui.widgets.decision import DecisionPanel
from tabletop_tui.widgets.tile_map import TileMap

from .helpers import app_for

NAMES = ["Anna", "Bruno", "Chiara", "Dario"]


@pytest.fixture(autouse=True)
def finis_terrae_playable(monkeypatch):
    """Finis Terrae's catalogue entry with its screen (the catalogue may not name it yet)."""
    g = dataclasses.replace(catalogue.BY_ID["finis_terrae"],
                            screen="tabletop_tui.screens.finis_terrae:FinisTerraeScreen")
    monkeypatch.setitem(catalogue.BY_ID, "finis_terrae", g)
    monkeypatch.setattr(catalogue, "GAMES", tuple(g if x.id == "finis_terrae" else x for x in catalogue.GAMES))
    return g


def ft_match(players=2, seed=5, moves=0, bots=(), until=None) -> Match:
    """A match after ``moves`` seeded bot choices, then on until ``until(state)`` holds."""
    m = Match("finis_terrae", [Seat(n, i in bots) for i, n in enumerate(NAMES[:players])], seed)
    k = 0
    while not m.over and (k < moves or (until is not None and not until(m))):
        m.play(m.bot_action())
        k += 1
    return m


def map_text(app) -> list[str]:
    tm = app.screen.query_one(TileMap)
    return [tm.render_line(y).text for y in range(tm.size.height)]


async def play_by_keys(pilot, app, seed=1, limit=3000):
    """Press digit keys (a seeded choice among the options shown) until the game is over."""
    rng = Rng(seed)
    pressed = 0
    for _ in range(limit):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return screen, pressed
        if isinstance(screen, FinisTerraeScreen) and screen.actions:
            k = rng.randbelow(min(9, len(screen.actions)))
            await pilot.press(str(k + 1))
            pressed += 1
        else:
            await pilot.pause(0.01)
    raise AssertionError("the game did not end by keyboard")


async def test_whole_seeded_game_by_keyboard_to_game_over():
    app = app_for(ft_match(players=2, seed=3, bots=(1,)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FinisTerraeScreen)
        over, pressed = await play_by_keys(pilot, app, seed=3)
        assert pressed > 50
        m = over.match
        res = m.result()
        assert res is not None and res.winners
        assert m.state.phase == "over" and m.state.ft == 2  # the second Finis Terrae card ended it
        assert "island tiles" in res.breakdown[0] and "-3 tokens" in res.breakdown[0]
        assert all(res.scores[p] == sum(res.breakdown[p].values()) for p in (0, 1))
        assert m.rules.invariants(m.state) == []
        saves = list_saves()
        assert saves and saves[0][1]["over"] is True
