"""Snapshot tests: fixed seeds, fixed sizes, plain `def` (pytest-textual-snapshot runs the loop).

Each SVG was opened and looked at before it was accepted (`make snapshots` regenerates)."""
from tabletop_tui.screens.handoff import HandoffScreen
from tabletop_tui.screens.rules_view import RulesScreen
from tabletop_tui import catalogue

from .helpers import app_for, finished_match, piratissimo_match


def test_launcher_80x24(snap_compare):
    assert snap_compare(app_for(), terminal_size=(80, 24))


def test_launcher_120x40(snap_compare):
    assert snap_compare(app_for(), terminal_size=(120, 40))


def test_setup_piratissimo(snap_compare):
    async def setup(pilot):
        await pilot.press("enter")
        await pilot.pause()
        from textual.widgets import Input

        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False  # a blinking cursor would make the snapshot flaky
        await pilot.pause()
    assert snap_compare(app_for(), terminal_size=(120, 40), run_before=setup)


def test_piratissimo_board_mid_game_120x40(snap_compare):
    assert snap_compare(app_for(piratissimo_match(players=4, seed=5, moves=60)), terminal_size=(120, 40))


def test_piratissimo_board_mid_game_100x30(snap_compare):
    assert snap_compare(app_for(piratissimo_match(players=3, seed=8, moves=45)), terminal_size=(100, 30))


def test_handoff_curtain(snap_compare):
    async def curtain(pilot):
        pilot.app.push_screen(HandoffScreen("Bruno"))
        await pilot.pause()
    assert snap_compare(app_for(), terminal_size=(80, 24), run_before=curtain)


def test_rules_viewer(snap_compare):
    async def rules(pilot):
        pilot.app.push_screen(RulesScreen(catalogue.get("piratissimo")))
        await pilot.pause()
    assert snap_compare(app_for(), terminal_size=(100, 30), run_before=rules)


def test_game_over(snap_compare):
    assert snap_compare(app_for(finished_match(players=3, seed=4)), terminal_size=(120, 40))
