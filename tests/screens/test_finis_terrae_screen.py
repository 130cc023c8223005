"""Finis Terrae's screen through the keyboard and the mouse, as people play it."""
from __future__ import annotations

import re

import pytest
from textual.geometry import Region

from tabletop_tui.match import Match, Seat, list_saves
from tabletop_tui.rules.core import Rng
from tabletop_tui.rules.finis_terrae.actions import Move, Place
from tabletop_tui.screens.finis_terrae import FinisTerraeScreen, hold_text
from tabletop_tui.screens.game_over import GameOverScreen
from tabletop_tui.widgets.decision import DecisionPanel
from tabletop_tui.widgets.tile_map import TileMap

from tests.support.table_view import cuts, scores_missing

from .helpers import BOT_WAITS, NAMES, app_for, played_match, where_it_stood


def ft_match(players=2, seed=5, moves=0, bots=(), until=None) -> Match:
    """A match after ``moves`` seeded bot choices, then on until ``until(match)`` holds."""
    return played_match("finis_terrae", players, seed, moves, bots, until)


def map_text(app) -> list[str]:
    tm = app.screen.query_one(TileMap)
    return [tm.render_line(y).text for y in range(tm.size.height)]


async def play_by_keys(pilot, app, seed=1, limit=3000):
    """Press digit keys (a seeded choice among the options shown) until the game is over."""
    rng = Rng(seed)
    pressed = waits = 0
    while pressed < limit and waits < BOT_WAITS:  # (see BOT_WAITS)
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return screen, pressed
        if isinstance(screen, FinisTerraeScreen) and screen.actions:
            k = rng.randbelow(min(9, len(screen.actions)))
            await pilot.press(str(k + 1))  # waits until the key is handled
            pressed += 1
            waits = 0  # (BOT_WAITS: waits in a row)
        else:
            await pilot.pause(0.01)  # a bot is thinking
            waits += 1
    raise AssertionError(f"the game did not end by keyboard: {pressed} keys, {waits} waits in a row "
                         f"{where_it_stood(app)}")


@pytest.mark.slow
async def test_whole_seeded_game_by_keyboard_to_game_over():
    app = app_for(ft_match(players=2, seed=3, bots=(1,)))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FinisTerraeScreen)
        over, pressed = await play_by_keys(pilot, app, seed=3)
        assert pressed > 50
        assert app.bot_watchdog_acts == []  # every bot's turn went on by itself
        m = over.match
        res = m.result()
        assert res is not None and res.winners
        assert m.state.phase == "over" and m.state.ft == 2  # the second Finis Terrae card ended it
        assert "island tiles" in res.breakdown[0] and "-3 tokens" in res.breakdown[0]
        assert all(res.scores[p] == sum(res.breakdown[p].values()) for p in (0, 1))
        assert m.rules.invariants(m.state) == []
        saves = list_saves()
        assert saves and saves[0][1]["over"] is True


def place_pending(m) -> bool:
    d = m.pending
    return d is not None and d.kind == "place" and d.seat == 0


def move_pending(m) -> bool:
    d = m.pending
    return d is not None and d.kind == "move" and d.seat == 0 and not m.state.sail["order"][m.state.sail["i"]][1]


async def test_cartography_by_keyboard_tile_turn_cell_and_enter():
    m = ft_match(players=2, seed=5, moves=40, until=place_pending)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        tm = screen.query_one(TileMap)
        kind = screen.sel_kind
        assert kind in m.state.hand
        # the panel lists only the places of the chosen tile; the map highlights their cells
        assert screen.actions and all(isinstance(a, Place) and a.tile == kind for a in screen.actions)
        legal = {a for a in m.legal_actions() if a.tile == kind}
        assert set(screen.actions) == legal
        assert tm.targets == {("cell", a.x, a.y) for a in legal}
        assert tm.placing == (kind, screen.actions[0].rot)
        assert any(kind.replace("_", " ") in line for line in map_text(app)[:3])
        # t: the next tile of the hand that fits somewhere
        kinds = screen._placeable_kinds(m.legal_actions())
        if len(kinds) > 1:
            await pilot.press("t")
            await pilot.pause()
            assert screen.sel_kind == kinds[1]
            assert all(a.tile == kinds[1] for a in screen.actions)
        # r: the same cell, the next turn of the tile (find a cell where it fits two ways)
        panel = screen.query_one(DecisionPanel)
        cells = [(a.x, a.y) for a in screen.actions]
        multi = next((i for i, c in enumerate(cells) if cells.count(c) > 1), None)
        if multi is not None:
            panel.highlight(multi)
            await pilot.pause()
            before = screen.actions[multi]
            await pilot.press("r")
            await pilot.pause()
            after = screen.actions[panel.highlighted]
            assert (after.x, after.y) == (before.x, before.y) and after.rot != before.rot
            assert tm.placing == (after.tile, after.rot) and tm.cursor == ("cell", after.x, after.y)
        # →: the next legal cell; Enter places the tile there, turned as previewed
        start = tm.cursor
        await pilot.press("right")
        await pilot.pause()
        assert tm.cursor != start and tm.cursor in tm.targets
        chosen = screen.actions[panel.highlighted]
        n = len(m.state.hand)
        await pilot.press("enter")
        await pilot.pause()
        assert m.state.tiles[(chosen.x, chosen.y)] == (chosen.tile, chosen.rot)
        assert len(m.state.hand) == n - 1 or m.pending.kind != "place"


async def test_click_a_cell_to_preview_then_again_to_place_and_click_the_hand():
    m = ft_match(players=2, seed=5, moves=40, until=place_pending)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        tm = screen.query_one(TileMap)
        kinds = screen._placeable_kinds(m.legal_actions())
        if len(kinds) > 1:  # a click on another tile of the hand takes it
            i = m.state.hand.index(kinds[1])
            await pilot.click(TileMap, offset=(i * 8 + 3, 1))
            await pilot.pause()
            assert screen.sel_kind == kinds[1]
        last = next(a for a in reversed(screen.actions)
                    if tm.in_view(a.x, a.y) and tm.cursor != ("cell", a.x, a.y))
        where = tm.offset_of(last.x, last.y)
        await pilot.click(TileMap, offset=where)
        await pilot.pause()
        assert tm.cursor == ("cell", last.x, last.y)
        assert (last.x, last.y) not in m.state.tiles  # the first click only shows the tile there
        chosen = screen.actions[screen.query_one(DecisionPanel).highlighted]
        await pilot.click(TileMap, offset=tm.offset_of(last.x, last.y))
        await pilot.pause()
        assert m.state.tiles[(last.x, last.y)] == (chosen.tile, chosen.rot)


async def test_sailing_highlights_the_reachable_tiles_and_right_enter_sails():
    m = ft_match(players=2, seed=5, moves=30, until=move_pending)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        tm = screen.query_one(TileMap)
        moves = [a for a in m.legal_actions() if isinstance(a, Move)]
        assert moves and tm.targets == {("cell", a.x, a.y) for a in moves}
        assert screen.query_one("#choices").option_count == len(m.legal_actions())
        await pilot.press("right")
        await pilot.pause()
        target = tm.cursor
        assert target in tm.targets and tm.in_view(target[1], target[2])
        await pilot.press("enter")
        await pilot.pause()
        pos = m.state.ships[0]["pos"]
        if pos is not None and m.state.ships[0]["start"] != (target[1], target[2]):
            assert (pos[0], pos[1]) == (target[1], target[2])
        assert m.log[-1].startswith("Anna sailed to")


async def test_the_map_pans_to_keep_the_cursor_in_view_at_100x30():
    m = ft_match(players=2, seed=6, moves=120, until=place_pending)
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        tm = screen.query_one(TileMap)
        x0, y0, x1, y1 = tm.view_cells
        xs = [c[0] for c in m.state.tiles]
        ys = [c[1] for c in m.state.tiles]
        assert max(xs) - min(xs) + 3 > x1 - x0 + 1 or max(ys) - min(ys) + 3 > y1 - y0 + 1  # outgrown
        assert y1 - y0 + 1 >= 3 and x1 - x0 + 1 >= 8  # still a useful window of the map
        seen = set()
        for _ in range(len(tm.targets) + 1):
            cur = tm.cursor
            assert cur is not None and tm.in_view(cur[1], cur[2])
            seen.add(cur)
            await pilot.press("right")
            await pilot.pause()
        assert seen == tm.targets
        # the choices stay visible on the small terminal
        assert screen.query_one("#choices").size.height >= 3
        # and the view pans by hand too
        before = tm.view_cells
        await pilot.press("shift+up")
        await pilot.pause()
        assert tm.view_cells != before or tm.view_cells[3] >= max(ys) + 1


async def test_wreck_asks_for_a_hold_and_the_panel_marks_the_holds():
    m = ft_match(players=2, seed=1, until=lambda m: m.pending is not None and m.pending.kind == "drop")
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        seat = m.pending.seat
        holds = [i for i, h in enumerate(m.state.ships[seat]["holds"] if m.state.queue[0]["ship"] >= 0
                                          else m.state.galleon["holds"]) if h is not None]
        ship = m.state.queue[0]["ship"]
        assert screen._panel_targets == {("hold", ship, i) for i in holds}
        assert str(screen.query_one("#panels").render()).count("|") >= 15
        await pilot.press("1")
        await pilot.pause()
        assert "left" in m.log[-1] or "wreck" in " ".join(m.log[-3:])


async def test_panels_and_status_show_holds_stash_galleon_weather_and_dice():
    m = ft_match(players=3, seed=2, moves=30, until=move_pending)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        text = str(screen.query_one("#panels").render())
        s = m.state
        for seat in range(3):
            assert NAMES[seat] in text
            assert f"stash ${s.ships[seat]['stash']}" in text
        assert "Black Galleon" in text
        status = " ".join(map_text(app)[:2])
        # long words when they fit on one line, else short ones
        assert re.search(rf"exchange (value )?{s.exchange}, spice (costs )?{s.exchange + 1}", status)
        assert re.search(rf"(deck {len(s.deck)}|{len(s.deck)} weather cards left)", status)
        assert {"sunny": "Sunny", "rainy": "Rainy", "storm": "Storm", "finis_terrae": "Finis"}[s.weather] in status
        # the map draws the Isle of Winds' compass and every ship in view
        body = "\n".join(map_text(app))
        assert "W··+··E" in body


@pytest.mark.slow
async def test_key_mashing_and_clicks_never_crash():
    m = ft_match(players=3, seed=9, bots=(1, 2))
    app = app_for(m)
    rng = Rng(4)
    keys = ["1", "2", "3", "r", "t", "left", "right", "up", "down", "enter", "shift+left", "shift+up",
            "shift+right", "shift+down", "c", "u"]
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(60):
            await pilot.pause()
            if not isinstance(app.screen, FinisTerraeScreen):
                await pilot.press("escape")  # a menu or notice: close it
                continue
            if rng.randbelow(4) == 0:
                await pilot.click(TileMap, offset=(rng.randbelow(60), rng.randbelow(14)))
            else:
                await pilot.press(keys[rng.randbelow(len(keys))])
        assert len(m.actions) > 10
        assert m.rules.invariants(m.state) == []


@pytest.mark.parametrize("size", [(79, 24), (80, 23)])
async def test_small_terminals_get_the_notice_and_keys_change_nothing(size):
    """Below 80×24 (the terminal's default size) the map and the decision cannot both be
    whole: the shared notice."""
    m = ft_match(players=2, seed=5, moves=60, until=place_pending)
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        before = list(m.actions)
        await pilot.press("right", "r", "t", "shift+up", "enter", "1")
        await pilot.pause()
        note = app.screen.query_one("#too-small")
        assert note.display and "needs at least 80×24" in str(note.render())
        assert m.actions == before
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        tm = app.screen.query_one(TileMap)
        assert tm.cursor in tm.targets and tm.in_view(tm.cursor[1], tm.cursor[2])
        assert any(line.strip() for line in map_text(app))


def panel_column(app) -> list[str]:
    """The player-panel column as drawn, after checking it needs no scrolling."""
    box = app.screen.query_one("#panels-box")
    panels = app.screen.query_one("#panels")
    assert box.virtual_size.height <= box.size.height and box.max_scroll_y == 0
    assert panels.region.bottom <= box.content_region.bottom
    strips = panels.render_lines(Region(0, 0, panels.size.width, panels.size.height))
    return [strip.text.rstrip() for strip in strips]


@pytest.mark.parametrize("players,moves,until", [
    (4, 0, None), (4, 150, "place"), (4, 200, "move"), (4, 260, "move"), (3, 150, "move"),
    (2, 100, "move")])
@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_every_ship_board_and_the_galleon_whole_in_the_column(size, players, moves, until):
    m = ft_match(players=players, seed=8, moves=moves,
                 until=None if until is None else (lambda m: m.pending is not None and m.pending.kind == until))
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.pause()
        rows = panel_column(app)
        text = "\n".join(rows)
        s = m.state
        for seat, name in enumerate(m.names):
            assert name in text
            holds = "|" + "|".join(f"{hold_text(h):^3}" for h in s.ships[seat]["holds"]) + "|"
            assert holds in text or s.dist is not None and s.dist["seat"] == seat
        galleon = next(i for i, r in enumerate(rows) if "Black Galleon" in r)
        holds = "|" + "|".join(f"{hold_text(h):^3}" for h in s.galleon["holds"]) + "|"
        assert holds in rows[galleon + 1]
        pos = s.galleon["pos"]
        assert (f"at {pos[0]},{pos[1]}" if pos else "not on the map yet") in "\n".join(rows[galleon:])
        if size == (120, 40):  # room enough: everyone's ports and ports left, in full
            for seat in range(players):
                ports = sum(1 for o in s.ports.values() if o == seat)
                assert f"⌂{ports} ({s.ships[seat]['ports_left']} left)" in text


async def test_sixteen_letter_names_and_bots_still_fit_at_100x30():
    names = ["Maximiliano Ruiz", "Bartholomew Keys", "Christabel Young", "Dragomir Petrov"]
    m = Match("finis_terrae", [Seat(n, i > 0) for i, n in enumerate(names)], 8)
    while not (m.pending.kind == "move" and m.pending.seat == 0 and len(m.actions) > 150):
        m.play(m.bot_job(level="random")())
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.pause()
        text = "\n".join(panel_column(app))
        # the ship board of the player to move and the Galleon in the column; every player's
        # name and points in the score strip above
        assert names[0] in text and "Black Galleon" in text
        assert scores_missing(app, m) == [] and cuts(app) == []
