"""The dropped-text check, beside the cut-text check: in positions from seeded games (crowded
cities, every community, long menus) at 80×24, 100×30 and 120×40, every item the state holds for
the layout — each market space's good or owner, each community's name, each choice's digit, the
player to move's own goods — is on the screen, or behind a mark that says more is there."""
from __future__ import annotations

import functools

import pytest

from tabletop_tui.dropped_text import find_dropped, screen_rows
from tests.screens.helpers import TM_SEEDED, AT_A_DECISION, app_for, game_at_a_decision
from tests.support.dropped_items import items_for
from tests.support.table_view import NAMES, past_curtain, random_match, screen_text

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
    # (the tracks and piles: a combat, an explore, and late in the game with prestige revealed)
    "combat": lambda m: m.pending is not None and m.pending.kind == "combat_loop" and len(m.actions) > 40,
    "late": lambda m: m.state.g["round"] >= 3 and m.pending is not None and m.pending.kind == "main"
    and m.state.g["prestige_revealed"] > 0,
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("moment", list(MARACAIBO))
@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_maracaibo_keeps_every_market_space_track_pile_and_players_counters(seed, moment, size):
    """Every market space and MP label on the map; every player's VP, doubloons and combat points
    in the strip; the influence, the explorers, the piles and the prestige row under the map or,
    below 34 rows, in the summary above the log or behind its "t: tracks"; each player's hand,
    plan, tokens and quests in the side panel or behind "p players"."""
    m = maracaibo(seed, MARACAIBO[moment])
    assert not m.over
    assert await dropped(m, size) == []


async def test_maracaibo_the_tracks_summary_puts_the_decisions_part_first_and_t_shows_them_all():
    """At 80×24 in a combat the influence leads the summary above the log; t opens the page with
    the tracks in full (each nation's name, the explorer track, the piles, every player)."""
    m = maracaibo(1, MARACAIBO["combat"])
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await past_curtain(app, pilot)
        rows = screen_text(app).splitlines()
        summary = next(r for r in rows if "t: tracks" in r)
        assert summary.lstrip("─").startswith("Infl F/E/S")
        await pilot.press("t")
        await past_curtain(app, pilot)
        page = app.screen.text.plain  # (the page scrolls: its whole text)
        assert "Influence" in screen_text(app)
        for word in ("France", "England", "Spain", "Explorer track", "Piles and prestige", "Quests open", "Players"):
            assert word in page
        await pilot.press("t")
        await past_curtain(app, pilot)
        assert type(app.screen).__name__ == "MaracaiboScreen"


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_maracaibo_at_100x30_in_a_combat_the_rows_under_the_map_show_the_influence_fought_for(seed):
    """100×30 (no tracks under the map, the log takes the rest): the two detail rows under the map
    stood blank in a combat. They show the nation fought for first, with every player's influence
    with it and its VP per rank and markers, then the two other nations, every player in each."""
    from tabletop_tui.rules.maracaibo.content import NATION_NAMES, NATIONS

    m = maracaibo(seed, MARACAIBO["combat"])
    from tabletop_tui.rules.maracaibo import surface as SF

    g = m.state.g
    nat = SF.combat(m.state)["nation"]
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await past_curtain(app, pilot)
        screen = app.screen
        detail = screen.query_one("#mar-detail")
        assert detail.display and detail.region.height == 2
        rows = [r.strip() for r in screen_rows(screen)[detail.region.y:detail.region.bottom]]
        assert all(rows), rows
        assert rows[0].startswith(f"{NATION_NAMES[nat]} (this fight) ")
        assert "VP/rank" in rows[0] and "supply" in rows[0]
        text = " │ ".join(rows)
        for part in text.split(" │ "):
            name = part.split(" ")[0]
            k = next(n for n in NATIONS if NATION_NAMES[n] == name)
            for i, mark in enumerate(screen.marks):
                assert f" {mark}{g['players'][i]['infl'][k]}" in part, (mark, part)
        assert sorted(p.split(" ")[0] for p in text.split(" │ ")) == sorted(NATION_NAMES[n] for n in NATIONS)


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


async def test_finca_a_communitys_counts_are_looked_for_on_its_own_row(monkeypatch):
    """The check finds each community's counts on that community's row: a row that lost its
    counts is reported even when the same digits stand on another row (Palma's "0000" is on
    Soller's row too), and the "▼ Andratx, Inca" mark below does not excuse a row on screen."""
    import tabletop_tui.dropped_text as DT

    m = finca(1)
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await past_curtain(app, pilot)
        items = items_for(app, m)
        assert find_dropped(app.screen, items) == []
        rows = DT.screen_rows(app.screen)
        k = next(i for i, r in enumerate(rows) if " Palma " in r)
        counts = next(it.text for it in items if it.what == "Palma's finca counts")
        assert rows[k].count(counts) == 1 and sum(counts in r for r in rows) > 1  # (the position)
        lost = rows[:k] + [rows[k].replace(counts, " " * len(counts))] + rows[k + 1:]
        monkeypatch.setattr(DT, "screen_rows", lambda screen: lost)
        assert find_dropped(app.screen, items) == [
            "Palma's finca counts: '0000' not in #communities (nor a mark '▼')"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seed", [1, 2, 4])
async def test_finca_late_keeps_every_count_as_its_number_and_every_players_fruit(seed, size):
    """Late in the game (the "all" tile's counts past 10): every count reads as its number, and
    every player's fruit and carts are in the side column, or the strip and "p players"."""
    from tabletop_tui.rules import finca as F

    def late(m):
        s = m.state
        return s.step == "turn" and max(F.majority_counts(s, "all")) >= 10
    m = random_match("finca", 4, seed, until=late)
    assert not m.over
    assert await dropped(m, size) == []


async def test_finca_in_a_delivery_keeps_every_community():
    m = random_match("finca", 4, 5, until=lambda m: m.state.step == "deliver"
                     and len(m.state.dlv["picks"]) >= 1 and m.state.turns > 20)
    for size in SIZES:
        assert await dropped(m, size) == [], size


def finis_terrae(seed: int, day: int):
    """A sailing turn of a human on ``day`` (ships spread over the map by then)."""
    m = random_match("finis_terrae", 4, seed, until=lambda m: m.state.day >= day and m.state.phase == "sail"
                     and m.pending is not None and m.pending.kind == "move")
    assert not m.over
    return m


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seed,day", [(3, 5), (1, 8), (2, 8), (5, 1), (4, 1), (6, 2)])
async def test_finis_terrae_shows_the_others_holds_when_sailing_and_marks_ships_off_the_map(seed, day, size):
    assert await dropped(finis_terrae(seed, day), size) == []


FT_PHASES = {"cartography": lambda m: m.state.phase == "carto" and m.state.day >= 2,
             "sailing": lambda m: m.state.phase == "sail" and m.state.day >= 6,
             "late": lambda m: m.state.day >= 9 and m.state.phase != "carto"}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("phase", list(FT_PHASES))
@pytest.mark.parametrize("seed", [1, 2])
async def test_finis_terrae_keeps_every_ship_board_and_the_galleon_in_every_phase(seed, phase, size):
    m = random_match("finis_terrae", 4, seed, until=lambda m: m.pending is not None and FT_PHASES[phase](m))
    assert not m.over
    assert await dropped(m, size) == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seed,day", [(7, 2), (5, 2), (1, 4)])
async def test_finis_terrae_while_charting_every_ship_off_the_map_is_named_with_the_panning_keys(seed, day, size):
    """Cartography (the hand of tiles takes the header that says "off view … shift+arrows" when
    sailing): the ships and the Galleon outside the map window are named with the way to them,
    and the keys that pan the map are on the screen (beside the tile's name, under the map, or
    on a row of their own when neither has room)."""
    from tabletop_tui.widgets.tile_map import TileMap

    m = random_match("finis_terrae", 4, seed, until=lambda m: m.pending is not None
                     and m.state.phase == "carto" and m.state.day >= day)
    assert not m.over
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await past_curtain(app, pilot)
        tm = app.screen.query_one(TileMap)
        assert tm._carto()  # (the position: a person places a tile of the hand)
        off = [sh["pos"] for sh in m.state.ships if not tm.in_view(sh["pos"][0], sh["pos"][1])]
        assert off  # (and ships lie outside the window)
        assert find_dropped(app.screen, items_for(app, m)) == []


async def test_finis_terrae_while_charting_the_off_view_mark_may_follow_the_rest_of_the_hand():
    """80×24, day 2's cartography, the map panned down (shift+↓ three times) until only Dario's
    ship lies below the window: the mark is too long for the tile's row and goes after the rest
    of the hand, on its last row ("  castaway island · off view: D↓ (shift+arrows)"), whole, inside
    the map, and names the one ship out of view with the way to it."""
    from tabletop_tui.widgets.tile_map import TileMap

    m = random_match("finis_terrae", 4, 6, until=lambda m: m.pending is not None
                     and m.state.phase == "carto" and m.state.day >= 2)
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await past_curtain(app, pilot)
        tm = app.screen.query_one(TileMap)
        for _ in range(3):
            await pilot.press("shift+down")
            await past_curtain(app, pilot)
        assert tm._layout()[1] == "others"
        off = [app.screen.marks[i] for i, sh in enumerate(m.state.ships) if not tm.in_view(*sh["pos"][:2])]
        assert off == ["D"] and m.state.galleon.get("pos") is None
        others = tm._others_lines(tm.size.width)
        assert len(others) == 2  # (the hand's rest on two rows: the mark after the second)
        rows = screen_rows(app.screen)
        row = rows[tm.region.y + len(others)][tm.region.x:tm.region.right].rstrip()
        assert row == f"{others[-1]} · off view: D↓ (shift+arrows)"
        assert find_dropped(app.screen, items_for(app, m)) == []


def _piratissimo_crowded(m) -> bool:
    """Two ships and the tornado on one island (a cell seven columns wide at 100×30)."""
    loc = [x for x in m.state.location if x != -1]
    return len(m.actions) > 5 and any(loc.count(x) >= 2 and x == m.state.tornado for x in loc)


PIRATISSIMO = {"early": lambda m: len(m.actions) > 12, "late": lambda m: len(m.actions) > 120,
               "crowded island": _piratissimo_crowded}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("moment", list(PIRATISSIMO))
@pytest.mark.parametrize("seed", [6, 14, 17])
async def test_piratissimo_keeps_every_ship_harbour_and_the_tornado_on_the_ring(seed, moment, size):
    m = random_match("piratissimo", 4, seed, until=lambda m: m.pending is not None and PIRATISSIMO[moment](m))
    assert not m.over
    assert await dropped(m, size) == []


@pytest.mark.parametrize("size", SIZES + [(100, 24)])
@pytest.mark.parametrize("ships,tornado", [(3, False), (3, True), (4, True)])
async def test_piratissimo_three_or_four_ships_on_one_island_are_all_in_its_cell(ships, tornado, size):
    """Ships may share an island (seeded games never put three on one): three ships, three and
    the tornado, all four and the tornado on island 16 (a cell of eight columns at 100×30, of one
    row at 100×24), every ship's letter and the tornado inside the island's cell."""
    m = random_match("piratissimo", 4, 6, until=lambda m: m.pending is not None and len(m.actions) > 12)
    s = m.state
    for seat in range(ships):
        s.location[seat] = 15
    if tornado:
        s.tornado = 15
    else:
        assert s.tornado not in (None, 15)  # (the position: the tornado elsewhere, to be moved)
    assert await dropped(m, size) == []


def terra_mystica(seed: int, kind: str):
    m = random_match("terra_mystica", 5, seed, until=lambda m: m.pending is not None and m.pending.kind == kind
                     and len(m.actions) > 30)
    assert not m.over
    return m


async def _open_menu(app, pilot, word: str) -> None:
    """Open the menu whose entry starts with ``word`` by its digit."""
    labels = [str(o.prompt) for o in app.screen.query_one("#choices").options]
    k = next(i for i, label in enumerate(labels) if label[2:].startswith(word))
    await pilot.press(str((k + 1) % 10))
    await past_curtain(app, pilot)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("menu", ["", "Pass"])
async def test_terra_mystica_menus_give_every_option_a_digit_or_a_more_mark(menu, size):
    m = terra_mystica(3, "main")
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await past_curtain(app, pilot)
        if menu:
            await _open_menu(app, pilot, menu)
        assert len(app.screen.query_one("#choices").options) >= 4
        assert find_dropped(app.screen, items_for(app, m)) == []


async def test_at_80x24_a_menu_takes_rows_from_the_log_before_it_scrolls():
    """Terra Mystica's main menu (ten entries) at 80×24, five factions in the table: the log gives
    the choices all its rows but its newest line, on a bar of its own (the footer names L, which
    shows the whole log)."""
    m = terra_mystica(3, "main")
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await past_curtain(app, pilot)
        log = app.screen.query_one("#log")
        assert log.display and log.size.height == 1 and log.has_class("-one")
        assert app.screen.query_one("#choices").size.height >= 5
        assert "L log" in screen_rows(app.screen)[-1]


async def test_terra_mystica_at_80x24_the_command_line_open_keeps_the_logs_bar():
    """The command line (:) open at 80×24 beside the five factions' table: the log keeps its bar
    of one row (▌ and its newest line) where it was hidden; the line's hint gives a row for it
    and lists fewer moves, whole, with its "+N more"; the choices keep a row; nothing is cut."""
    from tabletop_tui.widgets.command_line import CommandLine
    from tests.support.table_view import cuts

    m = terra_mystica(3, "main")
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await past_curtain(app, pilot)
        screen = app.screen
        await pilot.press("colon")
        await past_curtain(app, pilot)
        cl = screen.query_one(CommandLine)
        log = screen.query_one("#log")
        assert cl.is_open and screen.table_shown
        assert log.display and log.region.height == 1 and log.has_class("-one")
        assert not log.region.overlaps(cl.region) and screen.region.contains_region(log.region)
        rows = screen_rows(screen)
        bar = rows[log.region.y]
        assert bar.startswith("▌") and m.log[-1].split()[0] in bar
        hint = cl.query_one("#cmd-hint")
        assert 1 <= hint.region.height <= 2
        shown = " ".join(r.strip() for r in rows[hint.region.y:hint.region.bottom])
        assert shown.startswith(f"{len(screen.query_one(CommandLine).candidates)} legal: ") and shown.endswith(" more")
        assert screen.query_one("#choices").region.height >= 1
        assert cuts(app) == []
        await pilot.press("escape")
        await past_curtain(app, pilot)
        assert log.display and not cl.is_open


async def test_left_and_right_visit_every_sail_choice_even_two_ways_to_one_stop():
    """Grand Cayman by Providencia (fewer MP) and the long way: both choices are visited by →."""
    def two_ways(m):
        d = m.pending
        if d is None or d.kind != "move":
            return False
        dests = [getattr(a, "target", None) for a in m.legal_actions()]
        return len(dests) != len(set(dests))
    m = None
    for seed in range(1, 30):
        m = random_match("maracaibo", 2, seed, until=lambda m: two_ways(m) or len(m.actions) > 400)
        if two_ways(m):
            break
    assert m is not None and two_ways(m)
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await past_curtain(app, pilot)
        panel = app.screen.query_one("#decision")
        seen = {panel.highlighted}
        for _ in range(len(app.screen.actions) + 1):
            await pilot.press("right")
            seen.add(panel.highlighted)
        placed = {i for i, a in enumerate(app.screen.actions) if getattr(a, "target", None) is not None}
        assert placed and placed <= seen


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", sorted(AT_A_DECISION))
async def test_the_footer_names_keys_whole_and_the_legend_lists_every_key(game, size):
    """No key is cut at the footer's end ("i det▏"); a key the footer has no room for is listed,
    with every other key of the screen, in the legend (g), which the footer always names."""
    async with game_at_a_decision(game, size) as (app, pilot, m):
        screen = app.screen
        footer = screen_rows(screen)[-1]
        named = [(shown, desc) for k, shown, desc in screen.footer_keys() if k not in screen.footer_hidden]
        assert ("g", "legend") in named
        for shown, desc in named:
            assert f"{shown} {desc}" in footer
        legend = screen.key_legend()
        for _, shown, desc in screen.footer_keys():
            assert (f"key {shown}", desc) in legend


async def test_a_log_line_cut_by_the_log_rows_ends_with_a_mark():
    """At 80×24 Maracaibo's log shows one row; an entry of two rows (or newer entries below) ends
    that row with "…" rather than losing its tail without a sign."""
    from tabletop_tui.widgets.log_panel import LogPanel

    m = random_match("maracaibo", 4, 1, until=lambda m: m.pending is not None and m.pending.kind == "combat_loop")
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await past_curtain(app, pilot)
        log = app.screen.query_one(LogPanel)
        rows = log.scrollable_content_region.height
        shown = screen_rows(app.screen)[log.content_region.y + rows - 1]
        assert round(log.scroll_y) + rows < len(log.lines)  # (the position: more than the rows hold)
        assert shown.rstrip().endswith("…")


@pytest.mark.parametrize("game", sorted(AT_A_DECISION))
async def test_from_below_the_minimum_to_80x24_the_screen_is_whole_and_the_log_written(game):
    """A game opened at 60×20 (the size notice) and then made 80×24: the log shows its lines (it
    stayed blank), nothing is dropped, and a short side column lays out without an error."""
    from tabletop_tui.widgets.log_panel import LogPanel

    async with game_at_a_decision(game, (60, 20), more_moves=90 * (game == "finis_terrae")) as (app, pilot, m):
        await pilot.resize_terminal(80, 24)
        await past_curtain(app, pilot)
        assert app.screen.query_one(LogPanel).lines
        assert find_dropped(app.screen, items_for(app, m)) == []


@pytest.mark.parametrize("game", sorted(AT_A_DECISION))
async def test_the_suggestion_covers_neither_the_choices_nor_the_log(game):
    """`s` says its suggestion on the decision panel's top edge and marks the choice ★ after its
    digit (highlighted); no toast lies over the choices or the log while it is thought out or
    after."""
    from tabletop_tui.widgets.decision import DecisionPanel

    async with game_at_a_decision(game) as (app, pilot, m):
        screen = app.screen
        panel = screen.query_one(DecisionPanel)
        await pilot.press("s")
        for _ in range(400):
            await pilot.pause(0.02)
            if "★ suggestion" in str(panel.border_title or ""):
                break
        title = str(panel.border_title)
        assert "★ suggestion" in title, title
        assert not app._notifications, [str(n.message) for n in app._notifications]
        rows = screen_rows(screen)
        top = panel.region.y
        assert title.split(" · ")[0] in rows[top]
        if "see the prompt" not in title:
            key = title.split(": ")[1].split(" ")[0]
            i = panel.highlighted
            assert screen.query_one("#choices").options[i].prompt.plain.startswith(f"{key}★")
            assert any(f"{key}★" in row for row in rows[top:panel.region.bottom])


@pytest.mark.parametrize("game,players,size", [("finca", 4, (160, 50)), ("finca", 3, (120, 40)),
                                               ("finis_terrae", 4, (160, 50)), ("piratissimo", 4, (80, 24)),
                                               ("finca", 4, (80, 24)), ("finis_terrae", 3, (120, 40))])
async def test_seat_sheets_wrap_once_at_their_width_between_items(game, players, size):
    """Each sheet's lines are wrapped to the column they stand in, its scroll bar's room kept: no
    line is wider than the column (Textual wrapped those again, a word or two a line: "gust of
    wind," / "large" / "donkey cart"), and a list item is not broken inside a short name."""
    from textual.widgets import Static

    m = random_match(game, players, 1, moves=AT_A_DECISION[game][1] * (1 if game == "finis_terrae" else 3))
    assert not m.over
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await past_curtain(app, pilot)
        await pilot.press("p")
        await past_curtain(app, pilot)
        boxes = list(app.screen.query(".sheet-box"))
        assert boxes and (len(boxes) == players) == (size[0] >= 40 * players)
        for box in boxes:
            body = box.query_one(Static)
            width = body.content_region.width
            lines = body.content.plain.split("\n")
            assert max(len(line) for line in lines) <= width, (width, max(lines, key=len))
            for line in lines:
                assert not line.rstrip().endswith((" of", " gust", " large", " one", " (once,")), line


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_maracaibo_a_quests_long_log_line_at_80x24_is_whole_or_ends_with_a_mark(seed):
    """Right after a quest is fulfilled (its entry names the reward and the payment, two rows or
    more at 80 columns) the log's one row shows the entry's start and, if anything is below it,
    ends with "…" (the issue's "+1 VP (quest reward), +5 $" had lost "-1 CP." without a sign)."""
    from tabletop_tui.widgets.log_panel import LogPanel

    m = maracaibo(seed, lambda m: bool(m.log) and "quest reward" in m.log[-1] and len(m.log[-1]) > 76)
    assert not m.over
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await past_curtain(app, pilot)
        log = app.screen.query_one(LogPanel)
        rows = log.scrollable_content_region.height
        last = screen_rows(app.screen)[log.content_region.y + rows - 1].rstrip()
        assert round(log.scroll_y) + rows < len(log.lines)  # (the entry is longer than the rows)
        assert last.endswith("…")
        assert m.log[-1].split()[0] in "".join(screen_rows(app.screen)[log.content_region.y:log.content_region.y + rows])


@functools.lru_cache(maxsize=None)
def _tm_bot_game(seed: int, kind: str, rnd: int | None, passed: int) -> tuple:
    """The actions of a five-player game of easy bots up to its first decision of ``kind`` (with
    ``rnd``: in that round of play, ``passed`` factions passed). Bots found towns and take favors;
    random moves seldom do."""
    from tabletop_tui.match import Match, Seat

    def there(m) -> bool:
        d, s = m.pending, m.state
        return d is not None and d.kind == kind and (rnd is None or (
            s.phase == "play" and s.round == rnd and sum(p.passed for p in s.players) >= passed))

    m = Match("terra_mystica", [Seat(n, bot=True, level="easy") for n in NAMES[:5]], seed, TM_SEEDED)
    while not m.over and not there(m):
        m.play(m.bot_action())
    assert not m.over
    return tuple(m.actions)


def tm_position(seed: int, rnd: int | None = None, passed: int = 0, kind: str = "main"):
    """That position with every seat a person's (the screen waits for each of them)."""
    from tabletop_tui.match import Match, Seat

    m = Match("terra_mystica", [Seat(n) for n in NAMES[:5]], seed, TM_SEEDED)
    for a in _tm_bot_game(seed, kind, rnd, passed):
        m.play(m.rules.parse(m.state, a))
    return m


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seed,rnd,passed", [(1, 4, 0), (4, 6, 2), (5, 6, 2), (6, 6, 2)])
async def test_terra_mystica_keeps_every_factions_board_the_round_tiles_and_every_structure(seed, rnd, passed, size):
    """Every faction's VP, coins, workers, priests, three bowls, cults, bonus card, favors and
    towns in its own rows; this round's and the next round's scoring tiles (the rest behind
    ``t: all``); every structure on the map in its space."""
    m = tm_position(seed, rnd, passed)
    assert sum(o >= 0 for o in m.state.owner) >= 15
    assert await dropped(m, size) == []


async def _every_choice_reached(app, pilot) -> set:
    """The choices the arrow keys reach, from the first highlighted one round the list."""
    panel = app.screen.query_one("#decision")
    seen = {panel.highlighted}
    for _ in range(len(app.screen.actions) + 1):
        await pilot.press("down")
        seen.add(panel.highlighted)
    return seen


async def test_terra_mystica_favor_menu_at_80x24_gives_every_tile_a_digit_or_the_more_mark():
    """The favor menu (twelve kinds of tile and the conversions) at 80×24: every entry by a digit
    (1–9, 0) or below the visible '▼ N more below: ↑↓' mark, and ↓ reaches every one."""
    m = tm_position(2, kind="favor")  # the first favor to take: all twelve kinds in the pool
    assert len([a for a in m.legal_actions() if a.kind == "favor"]) == 12
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await past_curtain(app, pilot)
        assert len(app.screen.query_one("#choices").options) == 13
        assert find_dropped(app.screen, items_for(app, m)) == []
        assert "more below" in "".join(screen_rows(app.screen))
        assert await _every_choice_reached(app, pilot) == set(range(13))


async def test_terra_mystica_pass_menu_with_every_bonus_card_at_80x24():
    """All ten bonus cards back in the pool (more than a game leaves there): the pass menu lists
    the ten and ← back, each by a digit or below the more mark, and ↓ reaches every one."""
    m = terra_mystica(3, "main")
    m.state.bonus_pool = {f"BON{i}": 0 for i in range(1, 11)}
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await past_curtain(app, pilot)
        await _open_menu(app, pilot, "Pass")
        options = app.screen.query_one("#choices").options
        assert len(options) == 11 and all(f"BON{i}:" in "".join(str(o.prompt) for o in options)
                                          for i in range(1, 11))
        assert find_dropped(app.screen, items_for(app, m)) == []
        assert await _every_choice_reached(app, pilot) == set(range(11))


async def test_terra_mystica_five_player_game_over_table_fits_80_columns_with_every_faction_whole():
    """The breakdown at 80×24 with five factions: the table no wider than its room (nothing cut or
    scrolled sideways), every faction's name whole, a two-word one over two rows."""
    from textual.widgets import DataTable

    from tabletop_tui.rules.terra_mystica.data import FACTIONS

    m = random_match("terra_mystica", 5, 3)
    assert m.over
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await past_curtain(app, pilot)
        table = app.screen.query_one("#breakdown", DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        text = "\n".join(screen_rows(app.screen))
        for p in m.state.players:
            assert all(word in text for word in FACTIONS[p.faction]["name"].split()), p.faction


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_terra_mystica_seat_sheet_lines_fit_the_box_they_are_drawn_in(size):
    """Each line of the seat sheet is wrapped at the width its box really has, so the box never
    wraps it again a word or two to a line ("(once," / "when"); the counters break between
    counters, never inside one ("0" / "Water")."""
    from textual.widgets import Static

    m = tm_position(6, 6, 2)
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await past_curtain(app, pilot)
        await pilot.press("p")
        await past_curtain(app, pilot)
        box = app.screen.query(".sheet-box").first()
        room = box.scrollable_content_region.width
        lines = str(box.query_one(Static).render()).splitlines()
        assert len(lines) > 20
        assert [line for line in lines if len(line.rstrip()) > room] == []
        from tabletop_tui.rules.core import unit_text

        counters = m.rules.counters(m.state, app.screen.seat)  # the sheet opens at the player to move
        assert all(any(f"{v} {unit_text(k, v)}" in line for line in lines) for k, v in counters.items())


@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_terra_mystica_title_keeps_who_is_to_play_beside_the_next_rounds_tile(size):
    """The title names the next round's tile in the form the bar holds beside a long name: the
    mover's name and "to play" are never pushed off its end."""
    from tabletop_tui.match import Match, Seat
    from tabletop_tui.rules.core import Rng

    names = ["GeorgeShortwell", "forrestblue", "Fenistil", "tom8918", "Anna-Katharina"]
    m = Match("terra_mystica", [Seat(n) for n in names], 4)
    rng = Rng(4)
    while not (m.state.phase == "play" and m.state.round == 2 and m.pending is not None):
        acts = m.legal_actions()
        m.play(acts[rng.randbelow(len(acts))])
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await past_curtain(app, pilot)
        title = screen_rows(app.screen)[0].rstrip()
        who = names[m.pending.seat]
        assert title.endswith(f"{who} ({app.screen.marks[m.pending.seat]}) to play"), title
        assert "next " in title and "(t" in title


@pytest.mark.parametrize("game", sorted(AT_A_DECISION))
async def test_a_refusals_notice_covers_neither_the_choices_nor_the_log(game):
    """A key the decision refuses (a digit beyond the list) is told on the decision panel's
    notice row, above the prompt: no toast lies over the choices or the log, the choices and the
    log are still on screen beside it, and the next key clears it."""
    from tabletop_tui.widgets.decision import DecisionPanel
    from tabletop_tui.widgets.log_panel import LogPanel

    async with game_at_a_decision(game) as (app, pilot, m):
        screen = app.screen
        panel = screen.query_one(DecisionPanel)
        n = len(screen.actions)
        assert 0 < n < 10, n  # (the position: "0", choice 10, is beyond the list)
        await pilot.press("0")
        await pilot.pause()
        assert not app._notifications, [str(x.message) for x in app._notifications]
        assert panel.told.startswith("There is no choice 10 here"), panel.told
        rows = screen_rows(screen)
        notice = screen.query_one("#notice")
        shown = " ".join(r[notice.region.x:notice.region.right].strip()
                         for r in rows[notice.region.y:notice.region.bottom])
        assert shown.replace("! ", "", 1) == panel.told  # whole, wrapped, not cut
        choices = screen.query_one("#choices")
        assert choices.region.height > 0 and not choices.region.overlaps(notice.region)
        assert choices.region.bottom <= panel.content_region.bottom  # not clipped unmarked
        assert any(r[choices.region.x:].lstrip().startswith("1 ") for r in rows[choices.region.y:choices.region.bottom])
        log = screen.query_one(LogPanel)
        assert log.region.height > 0 and not log.region.overlaps(panel.region)
        await pilot.press("down")
        await pilot.pause()
        assert panel.told == "" and not notice.display
