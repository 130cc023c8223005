"""Game over: the columns add up to the Total shown, the Total comes before any column a narrow
terminal could cut, the chart has a legend and draws lines that meet in the legend's order,
names are text, and "New game, same players" lets the next player start."""

import pytest
from rich.text import Text
from textual.widgets import DataTable, Static

from tabletop_tui.match import Match, Seat
from tabletop_tui.rules.core import Result
from tabletop_tui.screens.game import GameScreen
from tabletop_tui.screens.game_over import GameOverScreen, split_categories
from tabletop_tui.widgets.vp_chart import VPChart, draw_order, legend

from .helpers import app_for, finished_match, played_match


def test_categories_that_add_up_stay_and_one_reported_beside_the_score_is_set_apart():
    r = Result([[0], [1]], {0: 5, 1: 3}, {0: {"a": 2, "b": 3}, 1: {"a": 3, "b": 0}})
    assert split_categories(r, [0, 1]) == (["a", "b"], [], False)
    r = Result([[0], [1]], {0: 5, 1: 3}, {0: {"home": 5, "ship": 2}, 1: {"home": 3, "ship": 0}})
    assert split_categories(r, [0, 1]) == (["home"], ["ship"], False)
    r = Result([[0], [1]], {0: 9, 1: 3}, {0: {"a": 2}, 1: {"a": 3}})
    assert split_categories(r, [0, 1]) == (["a"], [], True)


def rows_of(table: DataTable) -> list[list[str]]:
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


def check_wide(table: DataTable) -> None:
    labels = [str(c.label) for c in table.ordered_columns]
    assert labels[:3] == ["Place", "Player", "Total"]
    counted = [i for i, lab in enumerate(labels) if i > 2 and not lab.endswith("*")]
    for row in rows_of(table):
        assert sum(int(row[i]) for i in counted) == int(row[2])
    # the Total column is whole on the screen, however many categories follow it
    assert table.region.x + sum(c.get_render_width(table) for c in table.ordered_columns[:3]) <= 80


def check_tall(table: DataTable) -> None:
    rows = rows_of(table)
    labels = [r[0] for r in rows]
    total = labels.index("Total")
    assert labels[0] == "Place"
    for col in range(1, len(table.ordered_columns)):
        assert sum(int(r[col]) for r in rows[1:total]) == int(rows[total][col])
    assert table.region.right <= 80


async def game_over_page(app, pilot) -> GameOverScreen:
    """The game-over page once it has filled its table (the finished game's screen opens first
    and hands over to the page: on a busy machine that takes more than one pause)."""
    for _ in range(50):
        await pilot.pause()
        if isinstance(app.screen, GameOverScreen) and getattr(app.screen, "layout_kind", ""):
            break
    assert isinstance(app.screen, GameOverScreen)
    return app.screen


async def test_the_parts_add_up_to_the_total_shown_at_every_size():
    cases = {("piratissimo", 3): {(120, 40): "wide", (80, 24): "wide"},
             ("finca", 4): {(120, 40): "wide", (80, 24): "tall"}}
    for (game_id, players), sizes in cases.items():
        m = played_match(game_id, players, seed=4, finish=True)
        for size, kind in sizes.items():
            app = app_for(m)
            async with app.run_test(size=size) as pilot:
                screen = await game_over_page(app, pilot)
                assert screen.layout_kind == kind, (game_id, size)
                table = screen.query_one(DataTable)
                (check_wide if kind == "wide" else check_tall)(table)


async def test_the_table_turns_when_the_terminal_narrows():
    app = app_for(played_match("finca", 4, seed=4, finish=True))
    async with app.run_test(size=(120, 40)) as pilot:
        assert (await game_over_page(app, pilot)).layout_kind == "wide"
        await pilot.resize_terminal(80, 24)
        for _ in range(50):
            await pilot.pause()
            if app.screen.layout_kind == "tall":
                break
        assert app.screen.layout_kind == "tall"
        check_tall(app.screen.query_one(DataTable))


async def test_the_note_under_the_table_speaks_only_of_what_the_table_shows():
    """A category shown but not counted is marked "*" and the note says so; when the table shows
    the ledger's sources (every point with its reason), nothing is starred and no note about a
    "*" appears (it once did, pointing at nothing)."""
    m = finished_match(players=3, seed=4)
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await game_over_page(app, pilot)
        labels = [str(c.label) for c in app.screen.query_one(DataTable).ordered_columns]
        note = app.screen.query_one("#table-note", Static)
        starred = any(label.endswith("*") for label in labels)
        said = note.display and "not counted" in str(note.render())
        assert said == starred
        assert "unloaded" in labels or starred  # Piratissimo's points: treasure unloaded at home


async def test_names_are_text_on_the_game_over_screen():
    names = ["An[/]na", "[b]x"]
    m = Match("piratissimo", [Seat(n) for n in names], 3)
    while not m.over:
        m.play(m.bot_action())
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await game_over_page(app, pilot)
        headline = str(screen.query_one("#headline", Static).render())
        assert any(n in headline for n in names)
        players = [row[1] for row in rows_of(screen.query_one(DataTable))]
        assert sorted(p[2:] for p in players) == sorted(names)
        assert all(n in str(screen.query_one("#chart-title", Static).render()) for n in names)


async def test_every_playable_game_ends_with_names_shown_as_typed():
    from tabletop_tui import catalogue

    names = ["An[/]na", "[b]x"]
    for game in catalogue.GAMES:
        if not game.playable:
            continue
        m = Match(game.id, [Seat(n) for n in names], 3)
        while not m.over:  # random: a medium game to the end cost 6 s of CPU and the names are not its
            m.play(m.bot_job(level="random")())
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            table = (await game_over_page(app, pilot)).query_one(DataTable)
            shown = " ".join([str(c.label) for c in table.ordered_columns]
                             + [str(cell) for i in range(table.row_count) for cell in table.get_row_at(i)])
            assert all(n in shown for n in names), game.id


async def test_the_whole_log_and_its_ledger_open_from_the_game_over_screen():
    """L on the game-over screen opens the whole log (t there: the ledger table), so a player can
    check the final breakdown against the game's moves; L again comes back to the scores."""
    from tabletop_tui.screens.log_view import LogScreen

    m = played_match("piratissimo", 3, seed=4, finish=True, bots=(1,))
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await game_over_page(app, pilot)
        await pilot.press("L")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        assert app.screen.lines == m.log and m.log
        await pilot.press("t")
        await pilot.pause()
        assert app.screen.has_class("-table")
        assert app.screen.query_one("#ledger", DataTable).row_count > 0
        await pilot.press("L")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)


async def test_new_game_same_players_lets_the_next_player_start():
    m = played_match("piratissimo", 3, seed=4, finish=True, bots=(1,))
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await game_over_page(app, pilot)
        await pilot.press("n")
        await pilot.pause()
        new = app.screen
        assert isinstance(new, GameScreen)
        assert new.match.names == ["Bruno", "Chiara", "Anna"]
        assert [s.bot for s in new.match.seats] == [True, False, False]
        assert new.match.options == m.options


def sized(w, h):
    class Sized(VPChart):
        size = property(lambda self: type("S", (), {"width": w, "height": h})())
    return Sized


def test_where_lines_meet_the_one_with_most_points_at_the_end_is_drawn():
    """Lines that run together show one marker, never a mix ("ABAB"): the player with the most
    points at the end is drawn on top, and the legend lists the players in that order."""
    history = [{0: 1, 1: 1}] * 6 + [{0: 1, 1: 3}]
    assert draw_order(history) == [1, 0]
    text = sized(70, 7)(history, ["A", "B"], ["red", "blue"]).render().plain
    plot = [line.split("│", 1)[1] for line in text.split("\n") if "│" in line]
    shared = next(line for line in plot if line.startswith("B"))[:40]  # both at 1 point
    assert shared == "B" * 40
    assert legend(["Anna", "Bruno"], ["A", "B"], ["red", "blue"], draw_order(history)).plain.startswith("B Bruno")
    assert "where lines meet: the first in the legend" in text


def test_every_line_ends_in_a_label_with_its_final_points():
    """Each line is named at its end with its final points; players ending on one row stand
    side by side there, the one drawn on top first."""
    history = [{0: 0, 1: 0, 2: 0}, {0: 10, 1: 30, 2: 10}]
    chart = sized(40, 8)(history, ["A", "B", "C"], ["red", "blue", "green"])
    text = chart.render().plain
    top_row = next(line for line in text.split("\n") if line.startswith("30"))
    assert top_row.rstrip().endswith("B 30")
    assert any(line.rstrip().endswith("A 10 C 10") for line in text.split("\n"))


def test_the_legend_names_each_mark():
    text = legend(["Anna", "[b]x"], ["A", "X"], ["red", "blue"])
    assert isinstance(text, Text)
    assert "A Anna" in text.plain and "X [b]x" in text.plain


def test_game_over_100x30_four_players(snap_compare):
    """Four lines that meet and cross, readable at 100×30 (looked at)."""
    assert snap_compare(app_for(played_match("finca", 4, seed=4, finish=True)), terminal_size=(100, 30))


def test_game_over_80x24(snap_compare):
    assert snap_compare(app_for(finished_match(players=3, seed=4)), terminal_size=(80, 24))


def test_game_over_finca_80x24(snap_compare):
    assert snap_compare(app_for(played_match("finca", 4, seed=4, finish=True)), terminal_size=(80, 24))


LONG_NAMES = ["Wilhelmina-Louis", "Maximilianus Ab", "Bartholomew Jon", "Alexandrina Kat", "Konstantinos Pp"]


@pytest.mark.slow
async def test_long_names_never_push_a_final_table_past_the_screen():
    """Sixteen-letter names (the longest set-up takes) at the most players: every game's final
    table fits across 100 columns (and 80, for the games playable at 80×24) without a sideways
    scroll; a cut name ends in "…", and the headline still gives the winner's whole name."""
    from tabletop_tui import catalogue

    for game in catalogue.GAMES:
        m = Match(game.id, [Seat(n) for n in LONG_NAMES[:game.max_players]], 3)
        while not m.over:
            m.play(m.bot_job(level="random")())
        sizes = [(100, 30)] + ([(80, 24)] if game.id in ("piratissimo", "finca") else [])
        for size in sizes:
            app = app_for(m)
            async with app.run_test(size=size) as pilot:
                table = (await game_over_page(app, pilot)).query_one(DataTable)
                assert table.virtual_size.width <= table.region.width, (game.id, size)
                shown = [str(c.label) for c in table.ordered_columns] + \
                    [str(cell) for i in range(table.row_count) for cell in table.get_row_at(i)]
                for name in m.names:  # each player's column or row: the whole name, or its start and "…"
                    assert any(name in s or (s.endswith("…") and len(s) > 4 and name.startswith(s[2:-1]))
                               for s in shown), (game.id, size, name)
                headline = str(app.screen.query_one("#headline", Static).render())
                winner = m.names[m.result().winners[0]]
                assert winner in headline, (game.id, size)


async def test_a_final_table_made_again_on_a_resize_is_painted_with_its_columns_whole():
    """Narrowing the terminal makes the table again (other cuts of the names); what is painted
    then has every cell whole - not each column cut to its header's width."""
    from .test_maracaibo_screen import screen_text

    for game_id in ("terra_mystica", "finis_terrae", "maracaibo"):
        m = Match(game_id, [Seat(n) for n in LONG_NAMES[:4]], 3)
        while not m.over:
            m.play(m.bot_job(level="random")())
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await game_over_page(app, pilot)
            await pilot.resize_terminal(100, 30)
            await pilot.pause()
            await pilot.pause(0.1)
            table = app.screen.query_one(DataTable)
            text = screen_text(app)
            for i in range(min(table.row_count, 4)):
                for cell in table.get_row_at(i):
                    assert str(cell) in text, (game_id, str(cell))


@pytest.mark.parametrize("game_id,players", [("piratissimo", 4), ("finca", 4), ("finis_terrae", 4),
                                             ("terra_mystica", 5), ("maracaibo", 4)])
async def test_at_80x24_the_page_says_when_the_total_is_below_and_the_keys_bring_it_into_view(game_id, players):
    # a player at 80×24 saw Finis Terrae's final table end at "castaways" with only a scroll bar:
    # the Total was below, and nothing said so
    from tests.support.table_view import screen_text

    app = app_for(played_match(game_id, players, seed=4, finish=True))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_over_page(app, pilot)
        await pilot.pause()
        mark = screen.query_one("#over-more", Static)
        above, below = screen.out_of_sight()
        said = str(mark.render())
        assert ("more below" in said) == below and ("more above" in said or "▲▼" in said) == above, said
        for _ in range(60):  # the keys the mark names reach the end
            if not screen.out_of_sight()[1]:
                break
            await pilot.press("pagedown" if _ % 2 else "down")
            await pilot.pause()
        assert not screen.out_of_sight()[1]
        assert "more below" not in str(mark.render())
        assert "Total" in screen_text(app)


async def test_a_game_over_page_that_fits_has_no_more_mark():
    app = app_for(finished_match(players=2, seed=3))
    async with app.run_test(size=(120, 50)) as pilot:
        screen = await game_over_page(app, pilot)
        await pilot.pause()
        assert screen.out_of_sight() == (False, False)
        assert str(screen.query_one("#over-more", Static).render()) == ""
