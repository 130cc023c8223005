"""Finca snapshots: fixed seeds, fixed sizes, plain `def` (pytest-textual-snapshot runs the loop).

Each SVG was rendered to PNG and looked at before it was accepted."""
from __future__ import annotations

from .helpers import app_for
from .test_finca_screen import finca_match


def test_finca_start_120x40(snap_compare):
    assert snap_compare(app_for(finca_match(players=4, seed=5)), terminal_size=(120, 40))


def test_finca_start_100x30(snap_compare):
    assert snap_compare(app_for(finca_match(players=3, seed=7)), terminal_size=(100, 30))


def test_finca_mid_game_120x40(snap_compare):
    # Chiara is building a delivery with the one less fruit action tile
    assert snap_compare(app_for(finca_match(players=3, seed=5, moves=60)), terminal_size=(120, 40))


def test_finca_mid_game_100x30(snap_compare):
    assert snap_compare(app_for(finca_match(players=4, seed=5, moves=90)), terminal_size=(100, 30))


def test_finca_any_fruit_choice_120x40(snap_compare):
    m = finca_match(players=3, seed=2, moves=20, until=lambda s: s.step == "fill")
    assert snap_compare(app_for(m), terminal_size=(120, 40))


def test_finca_game_over_120x40(snap_compare):
    # four players: the breakdown shows every category of the score
    m = finca_match(players=4, seed=9, moves=10_000)
    assert m.over
    assert snap_compare(app_for(m), terminal_size=(120, 40))


def test_finca_game_over_100x30(snap_compare):
    m = finca_match(players=2, seed=3, moves=10_000)
    assert m.over
    assert snap_compare(app_for(m), terminal_size=(100, 30))



def test_finca_late_game_closed_communities_120x40(snap_compare):
    # three communities closed: finca tiles won by Anna and Bruno, one sent to the box (a tie)
    m = finca_match(players=3, seed=3, moves=183)
    assert m.state.finca_owner.count(None) == 7 and -1 in m.state.finca_owner
    assert snap_compare(app_for(m), terminal_size=(120, 40))


def test_finca_late_game_closed_communities_100x30(snap_compare):
    assert snap_compare(app_for(finca_match(players=3, seed=3, moves=183)), terminal_size=(100, 30))


def test_finca_delivery_builder_100x30(snap_compare):
    # one line per community: the ones that cannot be added say why in a few words
    m = finca_match(players=3, seed=5, moves=60)
    assert m.state.step == "deliver"
    assert snap_compare(app_for(m), terminal_size=(100, 30))


def test_finca_80x24_plays_without_the_side_panels(snap_compare):
    assert snap_compare(app_for(finca_match(players=3, seed=5, moves=60)), terminal_size=(80, 24))


def test_finca_80x24_delivery_with_four_players(snap_compare):
    m = finca_match(players=4, seed=5, moves=60, until=lambda s: s.step == "deliver")
    assert snap_compare(app_for(m), terminal_size=(80, 24))


def test_finca_80x24_game_over(snap_compare):
    m = finca_match(players=4, seed=5, moves=100000)
    assert m.over
    assert snap_compare(app_for(m), terminal_size=(80, 24))


def test_finca_one_less_fruit_after_a_pick_100x30(snap_compare):
    # the header says what will be delivered: one fruit fewer than the tiles ask, chosen later
    m = finca_match(players=3, seed=5, moves=60)
    assert m.state.dlv["mode"] == "less"
    m.play(next(a for a in m.legal_actions() if str(a).startswith("pick")))
    assert snap_compare(app_for(m), terminal_size=(100, 30))


def test_finca_four_players_panels_100x30(snap_compare):
    # the player to move in full, the three others in three lines each: every panel whole
    assert snap_compare(app_for(finca_match(players=4, seed=5, moves=150)), terminal_size=(100, 30))
