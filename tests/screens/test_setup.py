"""The set-up screen as a person fills it in: Enter moves on, only Start starts, bots have
levels, every option explains itself, names are text, and it all fits 80×24 by scrolling."""

import pytest
from textual.widgets import Button, Input, Select, Static

from tabletop_tui import catalogue
from tabletop_tui.screens.game import GameScreen
from tabletop_tui.screens.setup import SetupScreen, TickBox
from tabletop_tui.widgets.players import NAME_MAX

from .helpers import app_for


def capture(app):
    """Record the set-up the screen hands to the app instead of starting a game."""
    got = []
    app.start_new_game = lambda setup, replace=False: got.append(setup)
    return got


async def open_setup(pilot, game_id="piratissimo"):
    pilot.app.push_screen(SetupScreen(catalogue.get(game_id)))
    await pilot.pause()
    return pilot.app.screen


async def test_enter_in_a_name_box_moves_on_and_does_not_start():
    app = app_for()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")  # Piratissimo, from the launcher
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert app.focused.id == "name0"
        await pilot.press("enter")
        assert isinstance(app.screen, SetupScreen)
        assert app.focused.id == "kind0"


async def test_enter_in_the_seed_box_moves_to_start_and_only_start_starts():
    app = app_for()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")
        app.screen.query_one("#seed", Input).focus()
        await pilot.press("4", "2", "enter")
        assert isinstance(app.screen, SetupScreen)
        assert app.focused.id == "start"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.match.seed == 42


async def test_a_bot_seat_has_a_level_medium_unless_chosen():
    app = app_for()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_setup(pilot)
        got = capture(app)
        assert not screen.query_one("#level0").display  # a human seat has no level
        screen.query_one("#count", Select).value = 3
        screen.query_one("#kind0", Select).value = "bot"
        screen.query_one("#kind2", Select).value = "bot"
        await pilot.pause()
        assert screen.query_one("#level0").display
        screen.query_one("#level2", Select).value = "hard"
        screen.action_start()
        assert got[0]["bots"] == [0, 2]
        assert got[0]["levels"] == {0: "medium", 2: "hard"}


async def test_the_level_reaches_the_seat():
    app = app_for()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_setup(pilot)
        screen.query_one("#kind1", Select).value = "bot"
        screen.query_one("#level1", Select).value = "easy"
        await pilot.pause()
        screen.action_start()
        await pilot.pause()
        seat = app.screen.match.seats[1]
        assert seat.bot and seat.level == "easy"


async def test_every_option_shows_its_help():
    app = app_for()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_setup(pilot)
        shown = " ".join(str(s.render()) for s in screen.query(".help").results(Static))
        for opt in screen.rules.options:
            assert opt.help and opt.help in shown


async def test_a_tick_box_is_marked_without_colour():
    box = TickBox("x", value=False)
    off = box.BUTTON_INNER
    box.value = True
    assert (off, box.BUTTON_INNER) == (" ", "X")


async def test_names_are_text_not_markup():
    app = app_for()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_setup(pilot)
        screen.query_one("#name0", Input).value = "An[/]na"
        screen.query_one("#name1", Input).value = "[b]x"
        screen.query_one("#start", Button).press()
        await pilot.pause()
        assert app.screen.match.names == ["An[/]na", "[b]x"]


async def test_a_name_longer_than_the_limit_is_refused():
    app = app_for()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_setup(pilot)
        got = capture(app)
        screen.query_one("#name1", Input).value = "B" * (NAME_MAX + 1)
        screen.action_start()
        assert got == []
        assert f"at most {NAME_MAX} characters" in str(screen.query_one("#error", Static).render())
        await pilot.pause()
        assert app.focused.id == "name1"


async def test_empty_and_equal_names_are_refused_naming_the_seat():
    app = app_for()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_setup(pilot)
        got = capture(app)
        screen.query_one("#name1", Input).value = "  "
        screen.action_start()
        assert "Seat 2 needs a name" in str(screen.query_one("#error", Static).render())
        screen.query_one("#name1", Input).value = "anna"
        screen.action_start()
        assert "different name" in str(screen.query_one("#error", Static).render())
        assert got == []


@pytest.mark.slow
async def test_five_seats_and_many_options_scroll_into_view_at_80x24():
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot, "terra_mystica")
        got = capture(app)
        screen.query_one("#count", Select).value = 5
        await pilot.pause()
        for i in range(5):
            assert screen.query_one(f"#seat{i}").display
        # Tab through every field: each one, when focused, is on the screen
        seen = set()
        for _ in range(60):
            await pilot.press("tab")
            await pilot.pause()
            w = app.focused
            seen.add(w.id)
            assert w.region.y >= 0 and w.region.bottom <= 24 - 1, w.id  # above the footer
            assert w.region.right <= 80, w.id
            if w.id == "start":
                break
        assert {"name4", "seed", "start"} <= seen
        assert {f"opt-{o.key}" for o in screen.rules.options} <= seen
        await pilot.press("enter")
        assert got and len(got[0]["names"]) == 5


async def test_ctrl_c_says_how_to_quit():
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert app.is_running
        assert any("ctrl+q" in str(n.message) for n in app._notifications)


def test_setup_80x24_four_seats_with_a_bot(snap_compare):
    async def setup(pilot):
        await pilot.press("enter")
        await pilot.pause()
        screen = pilot.app.screen
        for field in screen.query(Input):
            field.cursor_blink = False  # a blinking cursor would make the snapshot flaky
        screen.query_one("#count", Select).value = 4
        screen.query_one("#kind2", Select).value = "bot"
        await pilot.pause()
    assert snap_compare(app_for(), terminal_size=(80, 24), run_before=setup)


def test_the_set_up_offers_exactly_the_bots_levels():
    from tabletop_tui import bots
    from tabletop_tui.screens.setup import DEFAULT_LEVEL, LEVELS

    assert set(LEVELS) == set(bots.LEVELS) and DEFAULT_LEVEL == bots.DEFAULT_LEVEL


async def test_terra_mystica_set_up_ticks_the_league_options():
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_setup(pilot, "terra_mystica")
        ticked = {o.key for o in screen.rules.options
                  if isinstance(o.default, bool) and screen.query_one(f"#opt-{o.key}", TickBox).value}
        assert ticked == set(screen.rules.new_game_options)
        assert "strict-leech" in ticked and len(ticked) == 8
