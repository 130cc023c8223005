"""Finis Terrae snapshots: fixed seeds, fixed sizes, plain `def` (pytest-textual-snapshot runs the loop).

Each SVG was rendered to PNG and looked at before it was accepted."""
from __future__ import annotations

from tabletop_tui.match import Match

from .helpers import app_for, played_match


def ft_match(players=2, seed=5, moves=0, until=None, finish=False) -> Match:
    return played_match("finis_terrae", players, seed, moves, (), until, finish)


def pending(kind, seat=0):
    def test(m):
        d = m.pending
        return d is not None and d.kind == kind and d.seat == seat
    return test


def test_finis_terrae_start_120x40(snap_compare):
    assert snap_compare(app_for(ft_match(players=2, seed=5)), terminal_size=(120, 40))


def test_finis_terrae_mid_game_120x40(snap_compare):
    m = ft_match(players=3, seed=2, moves=150, until=pending("move"))
    assert snap_compare(app_for(m), terminal_size=(120, 40))


def test_finis_terrae_mid_game_100x30(snap_compare):
    m = ft_match(players=2, seed=5, moves=110, until=pending("move"))
    assert snap_compare(app_for(m), terminal_size=(100, 30))


def test_finis_terrae_placement_preview_120x40(snap_compare):
    m = ft_match(players=2, seed=5, moves=60, until=pending("place"))

    async def turn(pilot):
        await pilot.press("r")
        await pilot.pause()
    assert snap_compare(app_for(m), terminal_size=(120, 40), run_before=turn)


def test_finis_terrae_placement_preview_100x30(snap_compare):
    m = ft_match(players=4, seed=8, moves=150, until=pending("place"))
    assert snap_compare(app_for(m), terminal_size=(100, 30))


def test_finis_terrae_ship_board_repairs_100x30(snap_compare):
    m = ft_match(players=2, seed=3, until=lambda m: m.state.dist is not None and m.state.dist["why"] == "wreck")
    assert snap_compare(app_for(m), terminal_size=(100, 30))


def test_finis_terrae_game_over_120x40(snap_compare):
    assert snap_compare(app_for(ft_match(players=2, seed=3, finish=True)), terminal_size=(120, 40))


def test_finis_terrae_game_over_100x30(snap_compare):
    assert snap_compare(app_for(ft_match(players=3, seed=4, finish=True)), terminal_size=(100, 30))


def test_finis_terrae_quiet_turn_80x24(snap_compare):
    # the terminal's default size: the strip, the map around the ship, the player to move's
    # ship board, the choices and the newest log lines
    m = ft_match(players=3, seed=2, moves=150, until=pending("move"))
    assert snap_compare(app_for(m), terminal_size=(80, 24))


def test_finis_terrae_four_players_sailing_80x24(snap_compare):
    # the busiest decision: four players sailing, the highlighted cell in view
    m = ft_match(players=4, seed=8, moves=200, until=pending("move", 1))
    assert snap_compare(app_for(m), terminal_size=(80, 24))


def test_finis_terrae_game_over_80x24(snap_compare):
    assert snap_compare(app_for(ft_match(players=4, seed=4, finish=True)), terminal_size=(80, 24))


def test_finis_terrae_four_players_sailing_100x30(snap_compare):
    # four ship boards and the Galleon beside the map; the highlighted cell in view
    m = ft_match(players=4, seed=8, moves=200, until=pending("move", 1))
    assert snap_compare(app_for(m), terminal_size=(100, 30))


def test_finis_terrae_four_players_panels_100x30(snap_compare):
    # a busy fleet: every ship board and the Galleon whole beside the map, nothing to scroll
    m = ft_match(players=4, seed=8, moves=260, until=pending("move", 2))
    assert snap_compare(app_for(m), terminal_size=(100, 30))
