"""Maracaibo snapshots: fixed seeds, fixed sizes, plain `def` (pytest-textual-snapshot runs the loop).
Every seat is human (no bot moves while the picture is taken).

Each SVG was rendered to PNG and looked at before it was accepted."""
from __future__ import annotations

import pytest

from tabletop_tui.match import Match
from tabletop_tui.screens.maracaibo import Menu

from .helpers import app_for, played_match

SIZES = [(120, 40), (100, 30), (80, 24)]


def mar(players=3, seed=5, moves=0, until=None, finish=False) -> Match:
    return played_match("maracaibo", players, seed, moves, (), until, finish)


def kind(k):
    return lambda m: m.pending is not None and m.pending.kind == k and m.state.g["phase"] == "play"


def can_deliver(m):
    return m.pending is not None and m.pending.kind == "main" and \
        any(a.text.startswith("city deliver") for a in m.legal_actions())


def can_annex(m):
    return m.pending is not None and m.pending.kind == "combat_loop" and \
        any(a.kind in ("annex", "displace") for a in m.legal_actions())


def before_round_end(m):
    """The last decision of round 1 (the next action starts round 2)."""
    g = m.state.g
    if not g["scoring"] or m.pending is None or m.pending.kind != "village":
        return False
    after = m.rules.apply(m.state, m.bot_job(level="random")())
    return after.g["round"] == g["round"] + 1


async def lift(pilot):
    """A game that hides things among two or more people opens behind the curtain, new or
    resumed: the player to move is ready."""
    from tabletop_tui.screens.handoff import HandoffScreen

    await pilot.pause()
    if isinstance(pilot.app.screen, HandoffScreen):
        await pilot.press("enter")
        await pilot.pause()


async def enter_menu(pilot, key):
    scr = pilot.app.screen
    k = next(i for i, a in enumerate(scr.actions) if isinstance(a, Menu) and a.key == key)
    await pilot.press(str(k + 1))
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=["120x40", "100x30", "80x24"])
def test_maracaibo_start(snap_compare, size):
    assert snap_compare(app_for(mar(players=4, seed=5)), terminal_size=size, run_before=lift)


@pytest.mark.parametrize("size", SIZES, ids=["120x40", "100x30", "80x24"])
def test_maracaibo_curtain(snap_compare, size):
    m = mar(players=2, seed=3, moves=0)

    async def hand_over(pilot):
        await lift(pilot)  # the first player is ready
        await pilot.press("1")  # the first player keeps a career and sees the result,
        await pilot.pause()
        await pilot.press("enter")  # then passes the keyboard: the curtain falls
        await pilot.pause()

    assert snap_compare(app_for(m), terminal_size=size, run_before=hand_over)


@pytest.mark.parametrize("size", SIZES, ids=["120x40", "100x30", "80x24"])
def test_maracaibo_movement(snap_compare, size):
    m = mar(players=3, seed=5, moves=40, until=kind("move"))

    async def cursor(pilot):
        await lift(pilot)
        await pilot.press("right", "right")
        await pilot.pause()

    assert snap_compare(app_for(m), terminal_size=size, run_before=cursor)


@pytest.mark.parametrize("size", SIZES, ids=["120x40", "100x30", "80x24"])
def test_maracaibo_delivery(snap_compare, size):
    m = mar(players=3, seed=5, until=can_deliver)

    async def to_discs(pilot):
        await lift(pilot)
        await enter_menu(pilot, "deliver")
        await pilot.press("1")
        await pilot.pause()
        scr = pilot.app.screen
        if any(isinstance(a, Menu) and a.key.startswith("g:") for a in scr.actions):
            await pilot.press("1")
            await pilot.pause()

    assert snap_compare(app_for(m), terminal_size=size, run_before=to_discs)


@pytest.mark.parametrize("size", SIZES, ids=["120x40", "100x30", "80x24"])
def test_maracaibo_combat(snap_compare, size):
    m = mar(players=3, seed=5, until=can_annex)

    async def annex(pilot):
        await lift(pilot)
        scr = pilot.app.screen
        key = "annex" if any(isinstance(a, Menu) and a.key == "annex" for a in scr.actions) else "displace"
        await enter_menu(pilot, key)

    assert snap_compare(app_for(m), terminal_size=size, run_before=annex)


@pytest.mark.parametrize("size", SIZES, ids=["120x40", "100x30", "80x24"])
def test_maracaibo_round_end(snap_compare, size):
    m = mar(players=3, seed=5, until=before_round_end)

    async def end_round(pilot):
        await lift(pilot)
        scr = pilot.app.screen
        k = next(i for i, a in enumerate(scr.actions) if getattr(a, "text", "") == "odd-job")
        await pilot.press(str(k + 1))
        await pilot.pause()

    assert snap_compare(app_for(m), terminal_size=size, run_before=end_round)


@pytest.mark.parametrize("size", SIZES, ids=["120x40", "100x30", "80x24"])
def test_maracaibo_game_over(snap_compare, size):
    m = mar(players=3, seed=5, finish=True)
    assert m.over
    assert snap_compare(app_for(m), terminal_size=size)


def test_maracaibo_too_small_80x24(snap_compare):
    assert snap_compare(app_for(mar(players=2, seed=3, moves=0)), terminal_size=(80, 24), run_before=lift)
