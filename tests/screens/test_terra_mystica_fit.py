"""Terra Mystica on every terminal, nothing cut: at 80×24, 100×30, 120×40, 160×50 and 200×60,
with five players and with two, in a quiet turn, a power offer, the conversion menu, the open
command line, the curtain, the cult board and the game-over screen, no text a player needs is
cut, the screen never says the terminal is too small, and every player's name and points are
on the game screen."""
from __future__ import annotations

import pytest

from tabletop_tui.match import Match
from tabletop_tui.screens.terra_mystica import TerraMysticaScreen
from tabletop_tui.widgets.command_line import CommandLine
from tests.screens.helpers import TM_SEEDED, app_for
from tests.support.table_view import SIZES, cuts, random_match, scores_missing, settle

PLAYERS = (5, 2)


def _main(m: Match) -> bool:
    return m.pending is not None and m.pending.kind == "main" and m.state.phase == "play"


def _late_main(m: Match) -> bool:
    return _main(m) and m.state.round >= 5


def _leech(m: Match) -> bool:
    return m.pending is not None and m.pending.kind == "leech" and m.state.round >= 3


def _converts(m: Match) -> bool:
    """A main turn in a late round with conversions in the menu."""
    return _late_main(m) and sum(1 for a in m.legal_actions() if a.kind in ("convert", "burn")) >= 3


UNTIL = {"quiet": _late_main, "offer": _leech, "convert": _converts, "command": _late_main,
         "curtain": _main, "cults": _late_main, "over": None}


def match_for(players: int, scene: str) -> Match:
    """A seeded random game (every seat a person) at the scene's moment, or to its end: the first
    seed from 7 (8 with two players) whose game comes to that moment (which one does depends on
    every rule the random moves are drawn from)."""
    until = UNTIL[scene]
    for seed in range(7 if players > 2 else 8, 60):
        m = random_match("terra_mystica", players, seed=seed, until=until, options=TM_SEEDED)
        if until is None or until(m):
            break
    assert until is None or until(m), scene
    if scene == "curtain":
        m.curtain = True
    return m


async def open_scene(pilot, m: Match, scene: str) -> None:
    """Bring the screen to the scene: the menu, the command line, the curtain, the cult board."""
    await settle(pilot)
    scr = pilot.app.screen
    if scene == "convert":
        assert isinstance(scr, TerraMysticaScreen)
        scr.menu_path = ["free"]
        scr.refresh_all()
    elif scene == "command":
        await pilot.press("colon")
    elif scene == "curtain":
        # the player to move ends their turn: the next one is another player, the curtain falls
        assert isinstance(scr, TerraMysticaScreen)
        while scr.handover_to is None and m.pending is not None:
            scr.play(next(a for a in m.legal_actions() if a.kind not in ("convert", "burn")))
            await settle(pilot)
    elif scene == "cults":
        await pilot.press("t")
    await settle(pilot)


SCENES = ["quiet", "offer", "convert", "command", "curtain", "cults", "over"]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("scene", SCENES)
async def test_nothing_is_cut_and_every_score_is_in_view(scene, players, size, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = match_for(players, scene)
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await open_scene(pilot, m, scene)
        scr = app.screen
        if scene == "over":
            assert m.over
            assert type(scr).__name__ == "TerraMysticaGameOver"
        else:
            assert isinstance(scr, TerraMysticaScreen)
            assert not scr.small
            assert scores_missing(app, m) == []
        if scene == "command":
            assert scr.query_one(CommandLine).is_open
        if scene == "curtain":
            assert scr.handover_to is not None
        assert cuts(app) == []


async def test_resizing_lays_the_screen_out_again_at_once_both_ways(tmp_path, monkeypatch):
    """From 100×30 to 120×40 and back, the boards' column and the map change with the terminal,
    before any move, and nothing is cut at either size."""
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = match_for(5, "quiet")
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        scr = app.screen
        moves = len(m.actions)

        def widest_panel_line() -> int:
            return max(len(x) for x in str(scr.query_one("#panels").render()).splitlines())

        narrow = widest_panel_line()
        assert scr.query_one("#hexmap").size.height == 9
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert scr.query_one("#panels-box").outer_size.width == 36 and widest_panel_line() > narrow
        assert scr.query_one("#hexmap").size.height == 18  # the full map
        assert cuts(app) == [] and scores_missing(app, m) == []
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert scr.query_one("#panels-box").outer_size.width == 30 and widest_panel_line() <= 27
        assert scr.query_one("#hexmap").size.height == 9
        assert cuts(app) == [] and scores_missing(app, m) == []
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert not scr.query_one("#panels-box").display and not scr.small
        assert cuts(app) == [] and scores_missing(app, m) == []
        assert len(m.actions) == moves


def _long_menu(m: Match) -> bool:
    return _main(m) and m.state.round >= 2 and len(m.legal_actions()) >= 30


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
async def test_the_command_line_is_in_view_when_open_whatever_the_menu_with_its_echo_and_refusal(
        size, tmp_path, monkeypatch):
    from textual.widgets import Static

    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = random_match("terra_mystica", 5, seed=7, until=_long_menu)
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        scr = app.screen
        scr.menu_path = []
        scr.refresh_all()
        await pilot.press("colon")
        await settle(pilot)
        cl = scr.query_one(CommandLine)
        for ch in "upgrade Z9 to TP":
            await pilot.press(ch if ch != " " else "space")
        await settle(pilot)
        inside = scr.region
        for w in (cl.input, cl.query_one("#cmd-hint")):
            assert w.region.height >= 1 and inside.contains_region(w.region), w
        assert "upgrade Z9 to TP" in str(cl.input.render_line(0).text)  # the echo of what is typed
        await pilot.press("enter")
        await settle(pilot)
        hint = str(cl.query_one("#cmd-hint", Static).render())
        assert "no space" in hint.lower()  # the engine's reason, in view
        assert inside.contains_region(cl.query_one("#cmd-hint").region)
        assert cuts(app) == []


def type_at_once(app, keys: list[tuple[str, str]]) -> None:
    """Keys as a fast typist sends them: all in the queue before the app handles the first."""
    from textual import events

    for key, char in keys:
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)


async def test_letters_typed_at_once_after_the_colon_go_into_the_command_line_not_the_game_keys(
        tmp_path, monkeypatch):
    """`:` then `st` and Enter with no pause between them: the line holds "st" (no suggestion
    was asked for, the cult board did not open) and Enter is the line's: no move was played."""
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = match_for(5, "quiet")
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        scr = app.screen
        moves = len(m.actions)
        type_at_once(app, [("colon", ":"), ("s", "s"), ("t", "t"), ("enter", "\r")])
        await settle(pilot)
        cl = scr.query_one(CommandLine)
        assert cl.is_open and cl.input.value == "st"
        assert scr.focused is cl.input
        assert not scr.show_tables and len(m.actions) == moves
        assert not any("suggestion" in str(n.message).lower() for n in app._notifications)
        await pilot.press("escape")
        await settle(pilot)
        assert not cl.is_open


async def test_the_command_line_is_drawn_only_while_it_has_the_keyboard(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = match_for(2, "quiet")
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        scr = app.screen
        await pilot.press("colon")
        cl = scr.query_one(CommandLine)
        assert cl.is_open and scr.focused is cl.input
        scr.query_one("#choices").focus()  # the keyboard goes elsewhere (a click, Tab)
        await settle(pilot)
        assert not cl.is_open


async def test_the_whole_log_at_80x24_hides_no_word_under_its_scrollbar(tmp_path, monkeypatch):
    """L at 80×24: every wrapped row of the whole log fits beside the scrollbar (a row as wide as
    the log lost its last word, "+3 VP" read "+3", under the bar), and the title is whole."""
    from textual.widgets import RichLog, Static

    from tabletop_tui.screens.log_view import LogScreen

    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = random_match("terra_mystica", 4, seed=7, moves=120)
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("L")
        await settle(pilot)
        assert isinstance(app.screen, LogScreen)
        log = app.screen.query_one(RichLog)
        room = log.scrollable_content_region.width
        assert log.max_scroll_y > 0  # long enough to scroll: the bar is there
        wide = [s.text for s in log.lines if s.cell_length > room and s.text.rstrip() and len(s.text.rstrip()) > room]
        assert wide == []
        assert cuts(app) == []
        title = app.screen.query_one("#log-title", Static)
        assert title.size.height >= 2  # the title wraps at 80 columns instead of losing its end


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
async def test_the_footer_names_each_key_whole_and_a_key_it_leaves_out_still_works(size, tmp_path, monkeypatch):
    """The footer is one line: each key it names is whole (at 80 columns ': command' and 't cults'
    among them, never 'es▏'); from 120 columns it names every key; g, the legend that lists every
    key the line leaves out, is named at every width and does what it does."""
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    from tabletop_tui.screens.seat_sheet import LegendScreen

    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = match_for(4, "quiet")
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        footer = app.screen.query_one(Footer)
        keys = [k for k in footer.query(FooterKey) if k.display]
        palette = [k for k in keys if "palette" in k.description]
        right = min((k.region.x for k in palette), default=footer.region.right)
        named = {k.key_display.strip(): k.description for k in keys}
        for k in keys:
            if k not in palette:
                assert k.region.width > 0 and k.region.right <= right, (size, k.key_display, k.description)
        assert {":", "t", "esc"} <= set(named) or {":", "t"} <= set(named)
        assert "command" in named.values() and "cults" in named.values() and "leave" in named.values()
        if size[0] >= 120:
            assert {"save", "quit", "legend", "map"} <= set(named.values())
        else:
            assert "legend" in named.values()  # (g lists every key the line leaves out: always named)
            await pilot.press("g")
            await settle(pilot)
            assert isinstance(app.screen, LegendScreen)


async def test_five_late_factions_switch_to_the_faction_table_and_back_when_the_panel_fits_again():
    """At 120x40 five late factions do not fit the side panel: the faction table takes the
    strip's place. A taller terminal gives the panel its rows: the strip and every faction's lines
    in the panel again (not one-way); back at 120x40 the table again."""
    from tests.screens.test_dropped_text import tm_position
    from tests.support.table_view import past_curtain

    m = tm_position(6, 6, 2)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await past_curtain(app, pilot)
        screen = app.screen
        assert screen.table_shown and screen.query_one("#tm-table").display
        for size, table in (((120, 50), False), ((120, 40), True), ((160, 60), False)):
            await pilot.resize_terminal(*size)
            await past_curtain(app, pilot)
            assert screen.table_shown == table, size
            assert screen.query_one("#tm-table").display == table
            assert screen.query_one("#strip").display != table
            panel = str(screen.query_one("#panels").render())
            if not table:  # every faction's bonus card or favors in the panel, beside its name
                assert all(name in panel for name in m.names), panel
                holding = sum(1 for p in m.state.players if p.bonus or p.favors)  # (a round-6 pass returns its card)
                assert holding >= 4
                assert sum("FAV" in line or "BON" in line for line in panel.splitlines()) >= holding


@pytest.mark.parametrize("menu", ["favor", "main"])
async def test_a_long_menu_at_80x24_with_five_players_leaves_the_log_its_newest_line(menu):
    """Five factions at 80x24: a long menu (the thirteen favor entries, the ten main actions)
    takes the log's rows but its newest line, which stays in view on a bar of its own under the
    choices; every option keeps its digit or the '▼ N more below' mark."""
    from tabletop_tui.dropped_text import find_dropped, screen_rows
    from tabletop_tui.widgets.log_panel import LogPanel
    from tests.screens.test_dropped_text import tm_position
    from tests.support.dropped_items import items_for
    from tests.support.table_view import past_curtain

    m = tm_position(2, kind="favor") if menu == "favor" else tm_position(6, 6, 2)
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await past_curtain(app, pilot)
        screen = app.screen
        assert len(screen.query_one("#choices").options) >= 10
        log = screen.query_one(LogPanel)
        assert log.display and log.region.height == 1 and log.has_class("-one")
        row = screen_rows(screen)[log.region.y]
        newest = m.log[-1]
        assert newest[:40] in row, (newest, row)
        assert row.startswith("▌")  # (the bar's mark: the log, not one more choice)
        decision = screen.query_one("#decision")
        assert not log.region.overlaps(decision.region)
        assert "more below" in "".join(screen_rows(screen))
        assert find_dropped(screen, items_for(app, m)) == []
        assert any(name == "▌ under the choices" for name, _ in screen.legend())
