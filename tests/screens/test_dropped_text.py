"""The dropped-text check, beside the cut-text check: in positions from seeded games (crowded
cities, every community, long menus) at 80×24, 100×30 and 120×40, every item the state holds for
the layout — each market space's good or owner, each community's name, each choice's digit, the
player to move's own goods — is on the screen, or behind a mark that says more is there."""
from __future__ import annotations

import pytest

from tabletop_tui.dropped_text import find_dropped
from tests.screens.helpers import app_for
from tests.support.dropped_items import items_for
from tests.support.table_view import past_curtain, random_match

SIZES = [(80, 24), (100, 30), (120, 40)]


async def dropped(m, size) -> list[str]:
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await past_curtain(app, pilot)
        return find_dropped(app.screen, items_for(app, m))


def _crowded(m) -> bool:
    """Ships and assistants stand in a city whose market still has room: the box is full."""
    g = m.state.g
    ships = [p["ship"] for p in g["players"]] + [a["loc"] for p in g["players"] for a in p["assistants"]]
    return any(ships.count(loc) >= 2 for loc in g["markets"])


def maracaibo(seed: int, when):
    return random_match("maracaibo", 4, seed, until=when)


MARACAIBO = {
    "crowded city": lambda m: len(m.actions) > 30 and _crowded(m),
    "sailing": lambda m: m.pending is not None and m.pending.kind == "move" and len(m.actions) > 20,
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("moment", list(MARACAIBO))
@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_maracaibo_keeps_every_market_space_and_mp_label_on_the_map(seed, moment, size):
    assert await dropped(maracaibo(seed, MARACAIBO[moment]), size) == []


def finca(seed: int, players: int = 4):
    """A turn with many choices (three moves, a delivery, the action tiles) and so few rows."""
    m = random_match("finca", players, seed, until=lambda m: m.state.step == "turn"
                     and len(m.legal_actions()) >= 7 and m.state.turns > 8)
    assert not m.over
    return m


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seed", [1, 5, 7])
async def test_finca_keeps_every_community_and_the_movers_fruit(seed, size):
    assert await dropped(finca(seed), size) == []


async def test_finca_in_a_delivery_keeps_every_community():
    m = random_match("finca", 4, 5, until=lambda m: m.state.step == "deliver"
                     and len(m.state.dlv["picks"]) >= 1 and m.state.turns > 20)
    for size in SIZES:
        assert await dropped(m, size) == [], size
