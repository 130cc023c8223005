"""Piratissimo's screen at the three terminal sizes (fixed seeds; each SVG was looked at)."""
from __future__ import annotations

from tabletop_tui.match import Match, Seat

from .helpers import app_for, piratissimo_match


def test_piratissimo_80x24_one_row_cells_without_the_side_panels(snap_compare):
    assert snap_compare(app_for(piratissimo_match(players=3, seed=8, moves=45)), terminal_size=(80, 24))


def test_piratissimo_80x24_busiest_turn_with_four_players(snap_compare):
    from tests.support.table_view import random_match
    m = random_match("piratissimo", 4, seed=5, until=lambda m: m.pending.kind in (
        "overboard", "neutral") and len(m.legal_actions()) >= 3)
    assert snap_compare(app_for(m), terminal_size=(80, 24))


def test_piratissimo_80x24_game_over(snap_compare):
    from tests.support.table_view import random_match
    m = random_match("piratissimo", 4, seed=5)
    assert snap_compare(app_for(m), terminal_size=(80, 24))


def test_piratissimo_start_100x30_legend_and_numbers_1_to_24(snap_compare):
    assert snap_compare(app_for(piratissimo_match(players=4, seed=2)), terminal_size=(100, 30))


def test_piratissimo_older_variant_tornado_choice_120x40(snap_compare):
    m = Match("piratissimo", [Seat("Anna"), Seat("Bruno")], 9, {"variant": "older"})
    while m.pending.kind != "direction":
        m.play(m.bot_action())
    m.play("direction cw")
    assert snap_compare(app_for(m), terminal_size=(120, 40))
