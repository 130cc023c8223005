"""Terra Mystica's screen, played as people play it: a real league game typed into the command line
to its game-over screen, a whole seeded game by keyboard through the map and the menus, and the
pieces (map cursor and explanation, grouped menu, power offers, refusals) one by one."""
import json
from pathlib import Path

import pytest
from textual.widgets import DataTable, Static

from tabletop_tui.match import Match, Seat
from tabletop_tui.rules.terra_mystica.data import INDEX
from tabletop_tui.screens.game_over import GameOverScreen
from tabletop_tui.screens.terra_mystica import BACK, Group, TerraMysticaScreen, Unavailable
from tabletop_tui.screens.terra_mystica_over import TerraMysticaGameOver
from tabletop_tui.widgets.command_line import CommandLine, common_prefix, matches
from tabletop_tui.widgets.hex_map import ROWCOL, HexMap, step_cursor

from .helpers import BOT_WAITS, app_for, played_match, where_it_stood
from tests.screens.helpers import notices

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "terra_mystica" / "snellman_games"
if not DATA.is_dir():
    DATA = Path("/work/shared/data/terra_mystica/snellman_games")
LEAGUE_GAME = "4pLeague_S67_D1L1_G1.txt"


def path_keys(frm: str, to: str) -> list[str]:
    """The arrow keys that walk the map cursor from one space to another."""
    keys, cur = [], frm
    while cur != to and len(keys) < 40:
        r, c = ROWCOL[INDEX[cur]]
        r2, c2 = ROWCOL[INDEX[to]]
        if r2 != r:
            keys.append("down" if r2 > r else "up")
            cur = step_cursor(cur, 0, 1 if r2 > r else -1)
        else:
            keys.append("right" if c2 > c else "left")
            cur = step_cursor(cur, 1 if c2 > c else -1, 0)
    return keys


@pytest.mark.slow
async def test_a_league_game_typed_into_the_command_line_ends_with_its_published_scores(tmp_path, monkeypatch):
    from tabletop_tui.rules.terra_mystica.snellman import import_snellman

    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    expected = {g["log_file"]: g["expected_total_vp"]
                for g in json.loads((DATA / "expected_scores.json").read_text())["games"]}[LEAGUE_GAME]
    options, names, actions = import_snellman((DATA / LEAGUE_GAME).read_text())
    m = Match("terra_mystica", [Seat(n) for n in names], 0, options)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("colon")
        cl = app.screen.query_one(CommandLine)
        # The first and last KEYED actions go through the keyboard (Enter on the command line,
        # a repaint after each); the ones between are parsed by the same command line and played
        # by the same screen method without waiting for a repaint after each (the repaints made
        # this one test take two minutes), with a repaint every 50 actions.
        KEYED = 60
        for k, text in enumerate(actions):
            assert cl.is_open, f"the command line closed before action {k}"
            if k < KEYED or k >= len(actions) - KEYED:
                cl.input.value = text
                await pilot.press("enter")
            else:
                try:
                    action = cl.parse(text)
                except Exception as e:
                    raise AssertionError(f"action {k} '{text}' was refused: {e}") from e
                app.screen.play(action)
                if k % 50 == 0:
                    await pilot.pause()
            assert len(m.actions) == k + 1, f"action {k} '{text}' was refused: {cl.query_one('#cmd-hint').render()}"
        await pilot.pause()
        assert isinstance(app.screen, TerraMysticaGameOver)
        assert final_totals(app.screen) == {k.replace("_", ""): v for k, v in expected.items()}


def final_totals(over) -> dict[str, int]:
    """Each faction's total as the game-over table shows it (a row or a column per player)."""
    table = over.query_one(DataTable)
    rows = [[str(c) for c in table.get_row_at(r)] for r in range(table.row_count)]
    heads = [str(c.label) for c in table.columns.values()]
    if over.layout_kind == "wide":
        f, t = heads.index("Faction"), heads.index("Total")
        return {row[f].lower().replace(" ", ""): int(row[t]) for row in rows}
    factions = next(row for row in rows if row[0] == "Faction")
    totals = next(row for row in rows if row[0] == "Total")
    return {f.lower().replace(" ", ""): int(t) for f, t in zip(factions[1:], totals[1:])}


@pytest.mark.slow
async def test_a_whole_seeded_three_player_game_by_keyboard_through_map_and_menus(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = Match("terra_mystica", [Seat("Anna"), Seat("Bruno", True), Seat("Chiara", True)], 11)
    app = app_for(m)
    by_map = by_menu = 0
    async with app.run_test(size=(120, 40)) as pilot:
        # a bound on Anna's keys, not on the waits for the bots: a loaded machine makes the bots
        # slower, not the game longer (the waits have a bound of their own, far above need)
        keys = waits = 0
        while keys < 3000 and waits < BOT_WAITS:
            await pilot.pause()
            scr = app.screen
            if isinstance(scr, GameOverScreen):
                break
            if not isinstance(scr, TerraMysticaScreen):  # the map's choice menu
                await pilot.press("1")
                keys += 1
                waits = 0  # (BOT_WAITS: waits in a row)
                continue
            d = m.pending
            if d is None or m.seats[d.seat].bot:
                await pilot.pause(0.01)
                waits += 1
                continue
            keys += 1
            waits = 0  # (BOT_WAITS: waits in a row)
            targets = [a.target[1] for a in scr.all_actions if a.kind in ("build", "upgrade", "transform")]
            if targets:
                before = len(m.actions)
                await pilot.press("m")
                for k in path_keys(scr.map_cursor, targets[0]):
                    await pilot.press(k)
                assert scr.map_cursor == targets[0]
                await pilot.press("enter")
                await pilot.pause()
                if not isinstance(app.screen, TerraMysticaScreen):
                    await pilot.press("1")
                    await pilot.pause()
                assert len(m.actions) > before
                by_map += 1
                continue
            # the first entry that can be taken (a dim one keeps its place and its digit does nothing)
            k = next(i for i, x in enumerate(scr.actions) if x is not BACK and not isinstance(x, Unavailable))
            await pilot.press(str(k + 1))
            by_menu += 1
        assert isinstance(app.screen, TerraMysticaGameOver), where_it_stood(app)
        assert app.bot_watchdog_acts == []  # every bot's turn went on by itself
        assert m.result() is not None and len(m.result().scores) == 3
        assert by_map > 5 and by_menu > 5


async def test_the_map_cursor_walks_neighbours_and_the_line_explains_the_space(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = played_match("terra_mystica", players=3, seed=5, until=lambda m: m.state.phase == "play"
                     and m.pending.kind == "main")
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("m")
        scr = app.screen
        assert isinstance(scr.focused, HexMap)
        start = scr.map_cursor
        await pilot.press("right")
        assert scr.map_cursor == step_cursor(start, 1, 0)
        line = str(scr.query_one("#explain", Static).render())
        assert line.startswith(scr.map_cursor)
        # an unreachable space says why, in the rulebook's terms
        seat = m.pending.seat
        far = next(c for c, i in INDEX.items() if not c.startswith("r") and m.state.owner[i] == -1
                   and not any(a.target == ("hex", c) for a in scr.all_actions)
                   and "Not reachable" in __import__("tabletop_tui.rules.terra_mystica.explain",
                                                     fromlist=["why_not"]).why_not(m.state, seat, c))
        for k in path_keys(scr.map_cursor, far):
            await pilot.press(k)
        line = str(scr.query_one("#explain", Static).render())
        assert far in line and "Not reachable: shipping" in line
        n = len(m.actions)
        await pilot.press("enter")
        assert len(m.actions) == n  # nothing played


async def test_the_menu_groups_the_actions_and_a_group_opens_and_goes_back(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = played_match("terra_mystica", players=3, seed=5, until=lambda m: m.state.phase == "play"
                     and m.pending.kind == "main" and len(m.legal_actions()) > 30)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        scr = app.screen
        assert len(scr.actions) <= 12 < len(scr.all_actions)
        k = next(i for i, a in enumerate(scr.actions) if isinstance(a, Group))
        group = scr.actions[k]
        await pilot.press(str(k + 1))
        assert scr.actions[0] is BACK and scr.actions[1:] == group.items
        assert "›" in str(scr.query_one("#prompt", Static).render())
        await pilot.press("backspace")
        assert scr.menu_path == [] and len(scr.actions) <= 12


async def test_a_refused_command_shows_the_engines_reason_and_tab_completes(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = played_match("terra_mystica", players=3, seed=5, until=lambda m: m.state.phase == "play"
                     and m.pending.kind == "main")
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("colon")
        cl = app.screen.query_one(CommandLine)
        n = len(m.actions)
        for ch in "upgrade Z9 to TP":
            await pilot.press(ch if ch != " " else "space")
        await pilot.press("enter")
        assert len(m.actions) == n
        assert "no space" in str(cl.query_one("#cmd-hint", Static).render()).lower()
        cl.input.value = "pas"
        await pilot.press("tab")
        assert cl.input.value.startswith("pass")
        await pilot.press("escape")
        assert not cl.is_open


def test_completion_helpers():
    cands = ["pass BON1", "pass BON3", "build E7"]
    assert matches(cands, "PASS") == ["pass BON1", "pass BON3"]
    assert common_prefix(matches(cands, "pa")) == "pass BON"


def league_match(until) -> Match:
    """The league game's first actions, up to the first position where ``until(match)`` holds."""
    from tabletop_tui.rules.terra_mystica.snellman import import_snellman

    options, names, actions = import_snellman((DATA / LEAGUE_GAME).read_text())
    m = Match("terra_mystica", [Seat(n) for n in names], 0, options)
    for a in actions:
        if until(m):
            break
        m.play(a)
    return m


async def test_a_power_offer_names_the_player_and_what_it_costs(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = league_match(lambda m: m.pending.kind == "leech")
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        prompt = str(app.screen.query_one("#prompt", Static).render())
        name = m.names[m.pending.seat]
        assert prompt.startswith(f"Power offer for {name}") and ("VP" in prompt or "for free" in prompt) \
            and "decline" in prompt
        labels = [app.screen.label(m.state, a) for a in app.screen.actions]
        assert any(x.startswith("Take ") for x in labels) and any(x.startswith("Decline ") for x in labels)


async def test_a_power_offer_of_one_power_reads_for_free_and_a_capped_one_says_why(tmp_path, monkeypatch):
    """The offer's line says what the choice says: 1 power costs nothing ("for free", never "for 0
    VP"); an offer the bowls cannot hold all of says how much of it can be taken, and why."""
    from tabletop_tui.rules.terra_mystica.actions import leech_amount

    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))

    def free_offer(m):
        return m.pending.kind == "leech" and leech_amount(m.state, m.state.queue[0]) == 1

    m = played_match("terra_mystica", players=4, seed=7, until=lambda m: m.pending is not None and free_offer(m))
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        prompt = str(app.screen.query_one("#prompt", Static).render())
        assert "Take 1 power from the " in prompt and "for free" in prompt and "0 VP" not in prompt
        # the same decision with bowls that hold only part of the offer
        q = m.state.queue[0]
        p = m.state.players[q[1]]
        p.bowls = [0, 2, sum(p.bowls) - 2]  # room for 2 more in bowl III
        q[2] = 3
        app.screen.refresh_all()
        await pilot.pause()
        prompt = str(app.screen.query_one("#prompt", Static).render())
        assert "Take 2 of 3 power from the " in prompt and "(bowls full)" in prompt and "for 1 VP" in prompt


async def test_a_name_with_markup_characters_is_shown_as_text(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = Match("terra_mystica", [Seat("An[/]na"), Seat("[b]Bruno")], 3)
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "An[/]na" in str(app.screen.query_one("#title-bar", Static).render())
        await pilot.press("1")
        await pilot.pause()
        assert m.state.players[0].faction


# -- snapshots (plain def: pytest-textual-snapshot runs the loop; each SVG was looked at) ------------
def _after(m: Match, kind: str) -> bool:
    return m.pending is not None and m.pending.kind == kind


def _town_formed(m: Match) -> bool:
    return bool(m.actions) and m.actions[-1].startswith("+TW")


def _mid_game(m: Match) -> bool:
    return m.state.round == 4 and _after(m, "main")


def _first_turn(m: Match) -> bool:
    return m.state.phase == "play" and _after(m, "main")


SCENES = {
    "start": lambda: league_match(_first_turn),
    "mid_game": lambda: league_match(_mid_game),
    "power_offer": lambda: league_match(lambda m: m.state.round == 2 and _after(m, "leech")),
    "town_formed": lambda: league_match(_town_formed),
    "game_over": lambda: league_match(lambda m: False),
}


def _snap(snap_compare, scene, size, press=(), menu=None):
    if scene == "picking":
        m = played_match("terra_mystica", players=3, seed=5, moves=1)
    else:
        m = SCENES[scene]()

    async def open_menu(pilot):  # a group of the menu open, as its digit opens it
        await pilot.pause()
        if menu:
            pilot.app.screen.menu_path = list(menu)
            pilot.app.screen.refresh_all()
            await pilot.pause()

    return snap_compare(app_for(m), terminal_size=size, press=list(press), run_before=open_menu)


def test_snapshot_faction_picking_120x40(snap_compare):
    assert _snap(snap_compare, "picking", (120, 40))


def test_snapshot_faction_picking_100x30(snap_compare):
    assert _snap(snap_compare, "picking", (100, 30))


def test_snapshot_start_120x40(snap_compare):
    assert _snap(snap_compare, "start", (120, 40))


def test_snapshot_start_100x30(snap_compare):
    assert _snap(snap_compare, "start", (100, 30))


def test_snapshot_mid_game_120x40(snap_compare):
    assert _snap(snap_compare, "mid_game", (120, 40))


def test_snapshot_mid_game_100x30(snap_compare):
    assert _snap(snap_compare, "mid_game", (100, 30))


def test_snapshot_power_offer_120x40(snap_compare):
    assert _snap(snap_compare, "power_offer", (120, 40))


def test_snapshot_power_offer_100x30(snap_compare):
    assert _snap(snap_compare, "power_offer", (100, 30))


def test_snapshot_town_just_formed_120x40(snap_compare):
    assert _snap(snap_compare, "town_formed", (120, 40))


def test_snapshot_town_just_formed_100x30(snap_compare):
    assert _snap(snap_compare, "town_formed", (100, 30))


def test_snapshot_cult_board_120x40(snap_compare):
    assert _snap(snap_compare, "mid_game", (120, 40), press=["t"])


def test_snapshot_cult_board_100x30(snap_compare):
    assert _snap(snap_compare, "mid_game", (100, 30), press=["t"])


def test_snapshot_game_over_120x40(snap_compare):
    assert _snap(snap_compare, "game_over", (120, 40))


def test_snapshot_game_over_100x30(snap_compare):
    assert _snap(snap_compare, "game_over", (100, 30))


def test_snapshot_mid_game_80x24(snap_compare):
    assert _snap(snap_compare, "mid_game", (80, 24))


def test_snapshot_power_offer_80x24(snap_compare):
    assert _snap(snap_compare, "power_offer", (80, 24))


def test_snapshot_conversions_80x24(snap_compare):
    assert _snap(snap_compare, "mid_game", (80, 24), menu=["free"])


def test_snapshot_game_over_80x24(snap_compare):
    assert _snap(snap_compare, "game_over", (80, 24))


def test_snapshot_cult_board_beside_the_map_160x50(snap_compare):
    assert _snap(snap_compare, "mid_game", (160, 50))


async def test_a_tall_terminal_keeps_the_cult_board_under_the_map_from_160_columns_beside_it(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = league_match(_first_turn)
    app = app_for(m)
    async with app.run_test(size=(130, 50)) as pilot:
        await pilot.pause()
        mini = app.screen.query_one("#mini-cults", Static)
        assert mini.display and "Cult board" in str(mini.render())
        assert app.screen.query_one(HexMap).size.height == 18  # the full map
    async with app_for(league_match(_first_turn)).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not pilot.app.screen.query_one("#mini-cults").display
    async with app_for(league_match(_first_turn)).run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        scr = pilot.app.screen
        side = scr.query_one("#side-cults", Static)
        assert side.display and "Cult board" in str(side.render())
        assert scr.query_one(HexMap).size.height == 18 and scr.query_one(HexMap).display
        # side by side: the cult board right of the map, both whole
        assert side.region.x >= scr.query_one(HexMap).region.right
        await pilot.press("t")  # t still shows the round board and the supplies in the map's place
        await pilot.pause()
        assert "Rounds" in str(scr.query_one("#tables", Static).render())


async def test_the_log_shows_each_rounds_income_and_cult_bonus(tmp_path, monkeypatch):
    # (the rules' ledger writes the amounts under the entry that ended the round; said once)
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = league_match(lambda m: m.state.round == 3)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        lines, _ = app.screen.log_view(m.log, None)
        start = [x for x in lines if "Round 2 begins: everyone takes their income." in x]
        assert len(start) == 1 and "(income)" in start[0] and "Income:" not in start[0]
        assert any("Round 1 ends. Cult bonus: " in x for x in lines)


async def test_a_click_on_a_space_acts_there_or_asks_which_action(tmp_path, monkeypatch):
    from tabletop_tui.screens.confirm import ChoiceMenu

    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = league_match(_first_turn)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        scr = app.screen
        hm = scr.query_one(HexMap)
        cell = next(a.a for a in scr.all_actions if a.kind == "transform")
        xy = next(xy for xy, t in hm._hit.items() if t == ("hex", cell))
        n = len(m.actions)
        await pilot.click(HexMap, offset=xy)
        await pilot.pause()
        assert scr.map_cursor == cell
        assert isinstance(app.screen, ChoiceMenu)  # several terrains to turn it into
        await pilot.press("1")
        await pilot.pause()
        assert len(m.actions) == n + 1 and m.actions[-1].startswith(f"transform {cell} to ")


async def test_faction_boards_fit_their_column_without_cutting_at_100x30_and_120x40():
    """Every line of the faction boards fits the panel beside its scrollbar: nothing ends in '…'."""
    m = played_match("terra_mystica", 5, seed=3, moves=140)
    for size in ((100, 30), (120, 40)):
        app = app_for(m)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            box = app.screen.query_one("#panels-box")
            room = box.scrollable_content_region.width  # beside the scrollbar, when there is one
            text = app.screen.query_one("#panels").render()
            lines = str(text).splitlines()
            # at 120x40 every faction's lines and the mover's board; at 100x30 the faction table
            # holds every faction's row, the column the mover's board (its income, pieces left)
            if size == (120, 40):
                assert all(name in str(text) for name in m.names) and len(lines) > 15
            else:
                table = str(app.screen.query_one("#tm-table").render())
                assert all(name in table for name in m.names) and len(lines) > 6 and "income" in str(text)
            too_long = [line for line in lines if len(line.rstrip()) > room]
            assert too_long == [], (size, room)


def _to_a_bot_after_the_person(m):
    """A main-phase decision of Anna (a person) after which Bruno (a bot) is to play."""
    return (m.state.phase == "play" and m.pending is not None and m.pending.kind == "main"
            and m.pending.seat == 0)


async def test_an_escape_meant_for_a_command_line_that_closed_itself_does_not_start_leaving():
    """The command line closes itself when the turn passes: the Escape pressed by habit to close
    it only says how to leave; the next one asks "Leave this game?"."""
    from tabletop_tui.app import TabletopApp
    from tabletop_tui.screens.confirm import ConfirmScreen
    from tabletop_tui.screens.game import GameScreen

    m = played_match("terra_mystica", players=2, seed=5, bots=(1,), until=_to_a_bot_after_the_person)
    m.seats[1].level = "random"
    app = TabletopApp(match=m, bot_delay=60)  # Bruno takes his time: the turn stays his
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("colon")
        cl = app.screen.query_one(CommandLine)
        n = len(m.actions)
        cl.input.value = next(str(a) for a in m.legal_actions() if str(a).startswith("pass"))
        await pilot.press("enter")
        await pilot.pause()
        assert len(m.actions) == n + 1 and m.pending.seat == 1 and not cl.is_open  # closed itself
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert any("Press Escape again to leave" in n.message for n in notices(app))
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)


async def test_escape_twice_to_close_the_command_line_does_not_start_leaving(monkeypatch):
    """Escape closes the line; a second Escape right after it is the same habit. Later, Escape
    leaves as always."""
    from tabletop_tui.screens.confirm import ConfirmScreen
    from tabletop_tui.screens.game import GameScreen

    clock = [100.0]
    monkeypatch.setattr("tabletop_tui.widgets.command_line._now", lambda: clock[0])
    m = played_match("terra_mystica", players=2, seed=5, until=lambda m: m.state.phase == "play")
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("colon")
        cl = app.screen.query_one(CommandLine)
        assert cl.is_open
        await pilot.press("escape")
        clock[0] += 0.5  # at once, by habit
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and not cl.is_open
        await pilot.press("colon", "escape")
        clock[0] += CommandLine.HABIT_SECONDS + 1  # a while later
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)


async def test_escape_on_the_cult_board_goes_back_to_the_map_not_out_of_the_game():
    from tabletop_tui.screens.confirm import ConfirmScreen

    m = played_match("terra_mystica", players=2, seed=5, until=lambda m: m.state.phase == "play")
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("t")
        await pilot.pause()
        assert screen.show_tables
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and not screen.show_tables
        await pilot.press("escape")  # on the map itself: Escape asks to leave
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)


async def test_keys_typed_on_for_a_command_line_that_closed_itself_are_dropped(monkeypatch):
    """The line closes itself when the turn passes; "build F4" typed on is not taken as
    shortcuts (u would undo, p open the seat sheets, 4 choose): the keys are dropped with one
    notice. A key pressed a while later is the player's again."""
    from tabletop_tui.app import TabletopApp
    from tabletop_tui.screens.game import GameScreen

    clock = [100.0]
    monkeypatch.setattr("tabletop_tui.widgets.command_line._now", lambda: clock[0])
    m = played_match("terra_mystica", players=2, seed=5, bots=(1,), until=_to_a_bot_after_the_person)
    m.seats[1].level = "random"
    app = TabletopApp(match=m, bot_delay=60)  # Bruno takes his time: the turn stays his
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("colon")
        cl = screen.query_one(CommandLine)
        cl.input.value = next(str(a) for a in m.legal_actions() if str(a).startswith("pass"))
        await pilot.press("enter")
        await pilot.pause()
        n = len(m.actions)
        assert m.pending.seat == 1 and not cl.is_open  # closed itself
        for key in ("u", "p", "g", "r", "a", "d", "e", "space", "t", "4", "enter"):
            clock[0] += 0.3  # typing on
            await pilot.press(key)
        await pilot.pause()
        assert app.screen is screen and isinstance(screen, GameScreen)
        assert len(m.actions) == n and not screen.show_tables  # no undo, no cult board
        dropped = [x for x in notices(app) if x.title == "Keys dropped"]
        assert len(dropped) == 1 and "press : to type a move again" in dropped[0].message
        clock[0] += CommandLine.TYPING_GAP + 1  # a while later: a key of its own
        await pilot.press("t")
        await pilot.pause()
        assert screen.show_tables


async def test_enter_sends_the_command_line_as_it_shows_grey_completion_included():
    """Tab completes 'transform' to what the moves share and the first of them shows in grey:
    Enter sends that move, never the bare prefix ("'transform E10 to' is not a move")."""
    m = played_match("terra_mystica", players=3, seed=5, until=lambda m: m.state.phase == "play"
                     and m.pending.kind == "main"
                     and sum(str(a).startswith("transform") for a in m.legal_actions()) > 1)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("colon")
        cl = app.screen.query_one(CommandLine)
        n = len(m.actions)
        first = next(str(a) for a in m.legal_actions() if str(a).startswith("transform"))
        for ch in "transf":
            await pilot.press(ch)
        await pilot.press("tab")
        await pilot.pause()
        await app.workers.wait_for_complete()  # the grey suggestion ready
        await pilot.pause()
        shown = cl.shown()
        assert shown == first and cl.input.value != shown
        await pilot.press("enter")
        await pilot.pause()
        assert len(m.actions) == n + 1 and m.actions[n] == first
