"""The cut-text check in every mode (issue 50, "What players tripped on"): the footer after `m`
and in cartography, a refusal of three rows, the game-over table and chart, the launcher below
80×24; and Terra Mystica's narrow rows, which mark what they leave out ("…p") and whose tiles
say what they give one key away (t)."""
from __future__ import annotations

import pytest

from tabletop_tui.dropped_text import find_dropped, screen_rows
from tabletop_tui.screens.game import GameScreen
from tests.screens.helpers import TM_SEEDED, app_for, game_at_a_decision
from tests.support.dropped_items import items_for
from tests.support.table_view import cuts, past_curtain, random_match, screen_text

#: a refusal of Terra Mystica's (three rows at 80 columns)
LONG_REFUSAL = ("D5 was forest when this action began: lakes is 1 spade(s) from there, and 1 were spent on it "
                "already. A space is transformed once per action, by the shortest way to its target, with "
                "exactly the spades that costs.")


def footer(app) -> str:
    return screen_rows(app.screen)[-1]


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (110, 30)])
async def test_terra_mystica_footer_on_the_map_names_every_key_whole(size):
    """After `m` the map's own keys ("⏎ act here", "esc back to the menu") lead the footer: the
    screen's keys that no longer fit are left out, never cut ("p players g leg▏^p paletten")."""
    async with game_at_a_decision("terra_mystica", size) as (app, pilot, m):
        await pilot.press("m")
        await past_curtain(app, pilot)
        assert type(app.focused).__name__ == "HexMap"
        row = footer(app)
        assert "act here" in row and "g legend" in row, row
        assert cuts(app) == []
        await pilot.press("escape")  # back to the menu: the screen's keys come back
        await past_curtain(app, pilot)
        assert "act here" not in footer(app) and cuts(app) == []


async def test_the_check_finds_a_footer_key_cut_under_the_palette(monkeypatch):
    """The footer is checked by its keys: with the footer fitted only on a resize (as before),
    the map's keys push "g legend" under "▏^p palette" and the check names it."""
    monkeypatch.setattr(GameScreen, "_refit_footer", lambda self, screen=None: None)
    async with game_at_a_decision("terra_mystica", (80, 24)) as (app, pilot, m):
        await pilot.press("m")
        await past_curtain(app, pilot)
        found = cuts(app)
        assert any(c.startswith("Footer: cuts the key g 'legend'") for c in found), found


async def test_finis_terrae_footer_stays_whole_when_cartography_begins():
    """Played by keys from the first move at 80×24: when the day's sailing ends and the charting
    begins, the tile keys (r rotate, t tile) come into the footer without cutting it
    ("▏^p palettet")."""
    m = random_match("finis_terrae", 4, 3, moves=0)
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await past_curtain(app, pilot)
        assert m.state.phase != "carto" and cuts(app) == []
        for _ in range(40):
            if m.state.phase == "carto":
                break
            await pilot.press("1")
            await past_curtain(app, pilot)
        assert m.state.phase == "carto"
        assert cuts(app) == [], footer(app)
        assert "r rotate" in footer(app)


@pytest.mark.parametrize("game", ["finca", "terra_mystica", "maracaibo", "piratissimo", "finis_terrae"])
async def test_a_refusal_of_three_rows_wraps_whole_and_the_board_keeps_its_rows(game):
    """A long refusal at 80×24 is told whole over three rows; it takes its rows from the choices
    (which scroll, with their mark), never from the board (Finca's windmill lost two rows)."""
    async with game_at_a_decision(game, (80, 24)) as (app, pilot, m):
        assert cuts(app) == [] and find_dropped(app.screen, items_for(app, m)) == []
        app.screen.notify(LONG_REFUSAL, title="D5")
        await past_curtain(app, pilot)
        notice = app.screen.query_one("#notice")
        rows = screen_rows(app.screen)
        shown = " ".join(r[notice.region.x:notice.region.right].strip() for r in rows[notice.region.y:notice.region.bottom])
        assert shown == "! " + LONG_REFUSAL and notice.region.height == 3
        assert cuts(app) == []
        assert find_dropped(app.screen, items_for(app, m)) == []  # (the board kept what it shows)


async def test_the_chart_caption_is_whole_or_shorter_never_cut():
    """The points chart's caption under the axis fits its width: the long form where it fits, a
    shorter one where not ("… where lines meet: the first in the l" was cut)."""
    from textual.app import App

    from tabletop_tui.widgets.vp_chart import VPChart

    history = [{0: 20, 1: 20}, {0: 30, 1: 25}, {0: 57, 1: 54}]

    class Rounds(VPChart):
        def axis_label(self) -> str:
            return "rounds: start, 1–6, final"

    for width, want in ((90, "where lines meet: the first in the legend"), (70, "lines meet: the first in the legend"),
                        (40, "rounds: start, 1–6, final")):
        chart = Rounds(history, ["A", "B"], ["red", "blue"])

        class One(App):
            def compose(self):
                yield chart

        async with One().run_test(size=(width, 12)) as pilot:
            await pilot.pause()
            text = chart.render().plain.splitlines()[-1]
            assert want in text and chart.shortened == [], (width, text)


async def test_finca_final_table_gives_every_name_whole_where_there_is_room():
    """Four players at 80×24: the breakdown has the room for "C Chiara" ("C Chia…" before)."""
    m = random_match("finca", 4, 3)
    assert m.over
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await past_curtain(app, pilot)
        text = screen_text(app)
        assert "…" not in text.split("Points over")[0]
        for name, mark in zip(m.names, "ABCD"):
            assert f"{mark} {name}" in text
        assert cuts(app) == []


async def test_the_launcher_below_80x24_says_what_it_needs():
    """At 60×20 the launcher says the size it needs, as a game does (its list and help were cut
    without a word); only q does something, and 80×24 brings the list back."""
    app = app_for()
    async with app.run_test(size=(60, 20)) as pilot:
        await past_curtain(app, pilot)
        text = screen_text(app)
        assert "This terminal is 60×20. tabletop-tui needs at least 80×24" in " ".join(text.split())
        assert "Piratissimo" not in text and cuts(app) == []
        assert footer(app).split("▏")[0].strip() == "q quit"
        await pilot.press("enter", "n")
        await past_curtain(app, pilot)
        assert type(app.screen).__name__ == "LauncherScreen"
        await pilot.resize_terminal(80, 24)
        await past_curtain(app, pilot)
        text = screen_text(app)
        assert "Piratissimo" in text and "This terminal" not in text and cuts(app) == []


# -- Terra Mystica: what a narrow row leaves out is marked, and every tile says what it gives --

def tm_match():
    return random_match("terra_mystica", 5, 3, moves=60, options=TM_SEEDED)


async def test_terra_mystica_rows_that_leave_out_the_board_end_with_the_mark():
    """At 80×24 the faction table leaves out the faction's name (and at its tightest the levels):
    each row says so with "…p", the legend (g) says what it means, and p shows the rest; at
    120×40 nothing is left out and no row has the mark."""
    m = tm_match()
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await past_curtain(app, pilot)
        table = app.screen.query_one("#tm-table")
        rows = screen_rows(app.screen)[table.region.y:table.region.bottom]
        assert len(rows) == 5 and all(r.rstrip().endswith("…p") for r in rows), rows
        assert any(k == "…p" and "p shows it whole" in v for k, v in app.screen.legend())
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await past_curtain(app, pilot)
        text = screen_text(app)
        assert "Alchemists" in text and "…p" not in text


def test_terra_mystica_panels_that_leave_out_the_board_end_with_the_mark():
    """The side panel's short levels (two lines, one line) leave out shipping, digging,
    structures and tiles: their last line ends with "…p"; the fuller levels have no mark."""
    from tabletop_tui.widgets.tm_tables import ONE, SHORT, THREE, TWO, faction_lines

    s = tm_match().state
    marks = ["A", "B", "C", "D", "E"]
    for level in (ONE, TWO):
        lines = faction_lines(s, 0, marks, level, False, width=33)
        assert lines[-1].plain.rstrip().endswith("…p") and all(line.cell_len <= 33 for line in lines), level
    for level in (SHORT, THREE):
        assert "…p" not in "".join(line.plain for line in faction_lines(s, 0, marks, level, False, width=33))


def test_terra_mystica_tables_say_what_every_tile_and_card_gives_held_ones_too():
    """t (the legend: "FAV1–12 … t: what each gives"): every favor tile and town tile with the
    copies left and what it gives, every bonus card in play — those held too, by whom."""
    from tabletop_tui.rules.terra_mystica.data import FACTIONS, FAVOR, TOWN
    from tabletop_tui.widgets.tm_tables import bonus_text, favor_text, round_board, town_text

    s = tm_match().state
    text = round_board(s).plain
    for f, n in s.favor_pool.items():
        assert f"{f}×{n} ({favor_text(f)})" in text
    assert set(s.favor_pool) == set(FAVOR)
    for t, n in s.town_pool.items():
        assert f"{t}×{n} ({town_text(t)})" in text
    assert set(s.town_pool) <= set(TOWN)
    held = [p for p in s.players if p.bonus]
    assert held
    for p in held:
        assert f"{p.bonus} held by {FACTIONS[p.faction]['name']} ({bonus_text(p.bonus)})" in text
    for b in s.bonus_pool:
        assert f" ({bonus_text(b)})" in text.split(b, 1)[1][:80]


def test_the_windmills_empty_cart_line_shortens_by_words_never_cut():
    """"none: all return" (the carts ran out) at 15 columns was drawn "none: all retur"."""
    from tabletop_tui.widgets.windmill import fit

    assert fit("none: all return", 16) == "none: all return"
    assert fit("none: all return", 15) == "none: all back"
    assert fit("none: all return", 10) == "none"


async def test_finca_at_110x30_with_no_cart_left_on_the_windmill_cuts_nothing():
    m = random_match("finca", 4, 3, until=lambda m: m.pending is not None and m.state.windmill_carts == 0)
    assert not m.over
    app = app_for(m)
    async with app.run_test(size=(110, 30)) as pilot:
        await past_curtain(app, pilot)
        assert "none: all back" in screen_text(app) and cuts(app) == []


SWEEP_SIZES = [(80, 24), (100, 30), (110, 30), (120, 40)]
#: the keys that open a page over the game (the legend, the seat sheets, the whole log, the
#: notices, the rules), each closed again by escape; and the game's own modes (the map, the tables)
PAGES = ["g", "p", "L", "n", "question_mark"]
MODES = {"terra_mystica": ["m", "t"], "maracaibo": ["t", "i"], "finis_terrae": [], "finca": [], "piratissimo": []}


@pytest.mark.parametrize("game", sorted(MODES))
async def test_no_cut_text_in_any_mode(game):
    """The game at a decision at 80×24, 100×30, 110×30 and 120×40 (one terminal, resized), each
    page over it (g, p, L, n, ?) and each of its modes (Terra Mystica's map and tables,
    Maracaibo's tracks and details): the cut-text check, footer included, finds nothing (110×30
    cut Maracaibo's map legend, "A ship Ⓐ assist. Q"; 100×30 Finca's move preview, "9→11: +1 A")."""
    async with game_at_a_decision(game, SWEEP_SIZES[0]) as (app, pilot, m):
        game_screen = app.screen
        for size in SWEEP_SIZES:
            await pilot.resize_terminal(*size)
            await past_curtain(app, pilot)
            assert cuts(app) == [], size
            for key in PAGES if size == SWEEP_SIZES[0] else PAGES[:2]:  # (the log, notices and rules pages
                # are the same at every size: tried at the smallest)
                await pilot.press(key)
                await past_curtain(app, pilot)
                assert app.screen is not game_screen, key
                assert cuts(app) == [], (size, key, type(app.screen).__name__)
                await pilot.press("escape")
                await past_curtain(app, pilot)
                assert app.screen is game_screen, key
            for key in MODES[game]:
                await pilot.press(key)
                await past_curtain(app, pilot)
                assert cuts(app) == [], (size, key)
                await pilot.press(key if key != "m" else "escape")
                await past_curtain(app, pilot)
                assert cuts(app) == [], (size, key)


def test_a_blades_landing_gains_keep_whole_items():
    """On a narrow blade the highlighted move's gains keep whole items ("+1A", never "+1A+"); the
    preview under the line says them all."""
    from tabletop_tui.widgets.windmill import fit, whole_items

    assert whole_items("+1A +1▮", 4) == "+1A" and whole_items("+1A +1▮", 7) == "+1A +1▮"
    assert fit("9→11: +1 A", 9) == "9→11:+1A"
