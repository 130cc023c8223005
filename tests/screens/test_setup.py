"""The set-up screen as a person fills it in: Enter moves on, only Start starts, bots have
levels, every option explains itself, names are text, and it all fits 80×24 by scrolling."""

import pytest
from textual.widgets import Button, Input, Select, Static

from tabletop_tui import catalogue
from tabletop_tui.screens.game import GameScreen
from tabletop_tui.screens.setup import SetupScreen, TickBox
from tabletop_tui.newgame import NAME_MAX

from .helpers import app_for
from tests.screens.helpers import notices


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
        await pilot.pause()
        # a row under the form says that more is below and which key reaches it
        mark = screen.query_one("#setup-more", Static)
        assert mark.display and str(mark.render()) == "▼ more below: Tab"
        assert mark.region.bottom <= 24 - 1  # above the footer
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
        await pilot.pause()
        assert str(mark.render()).startswith("▲ more above")  # at Start the title is above
        await pilot.press("enter")
        assert got and len(got[0]["names"]) == 5


async def test_a_form_that_fits_has_no_more_row():
    app = app_for()
    async with app.run_test(size=(120, 50)) as pilot:
        screen = await open_setup(pilot, "piratissimo")
        await pilot.pause()
        await pilot.pause()
        assert not screen.query_one("#setup-more", Static).display


async def test_ctrl_c_says_how_to_quit():
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert app.is_running
        assert any("ctrl+q" in str(n.message) for n in notices(app))


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


def marked_rows(screen) -> list[str]:
    """The ids of the fields in each row that carries the focus marker."""
    rows = []
    for mark in screen.query(".mark").results(Static):
        if str(mark.render()).strip():
            rows.append([w.id for w in mark.parent.children if w.focusable and w.display])
    return rows


async def test_the_focused_field_is_marked_without_colour():
    """The field with the focus shows a "▶" before its row and is drawn in reverse video, so it
    shows on a terminal without colour; the marker moves with Tab and is only ever on one row."""
    app = app_for()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_setup(pilot)
        assert app.focused.id == "name0"
        assert marked_rows(screen) == [["name0", "kind0"]]  # the level is hidden for a human
        assert app.focused.styles.text_style.reverse
        await pilot.press("tab", "tab")
        assert app.focused.id == "name1"
        assert [r[0] for r in marked_rows(screen)] == ["name1"]
        screen.query_one("#seed", Input).focus()
        await pilot.pause()
        assert marked_rows(screen) == [["seed"]]


async def test_a_line_of_keys_says_how_to_move_through_the_form():
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        hint = screen.query_one("#keys-hint", Static)
        text = str(hint.render())
        assert "Tab next" in text and "shift+Tab back" in text and "^n start" in text
        assert hint.region.height == 1  # one line, also at 80 columns


async def test_tab_goes_seat_by_seat_with_a_bots_level_beside_it_then_options_seed_start():
    """Tab: each seat's name and kind, a bot seat's level right after its kind, then the
    options, the seed and Start."""
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_setup(pilot, "finca")
        screen.query_one("#count", Select).value = 3
        screen.query_one("#kind1", Select).value = "bot"
        await pilot.pause()
        screen.query_one("#count", Select).focus()
        order = []
        for _ in range(40):
            await pilot.press("tab")
            order.append(app.focused.id)
            if app.focused.id == "start":
                break
        seats = ["name0", "kind0", "name1", "kind1", "level1", "name2", "kind2"]
        assert order[:len(seats)] == seats
        assert order[-2:] == ["seed", "start"]
        assert [x for x in order if x.startswith("opt-")] == [f"opt-{o.key}" for o in screen.rules.options]


async def test_a_human_seat_says_that_a_bot_would_get_a_level_there():
    app = app_for()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_setup(pilot)
        assert "choose Bot for a level" in str(screen.query_one("#nolevel0", Static).render())
        assert screen.query_one("#nolevel0").display and not screen.query_one("#level0").display
        screen.query_one("#kind0", Select).value = "bot"
        await pilot.pause()
        assert screen.query_one("#level0").display and not screen.query_one("#nolevel0").display


LEAGUE = "league, as played on the reference site"


async def test_terra_mystica_offers_the_rulebook_and_the_league_presets_league_first():
    """Two presets: the rulebook (every option off) and the league as played on the reference
    site (the eight options ticked), the league the default; a box ticked by hand is custom."""
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_setup(pilot, "terra_mystica")
        got = capture(app)
        preset = screen.query_one("#preset", Select)
        assert preset.value == LEAGUE
        help_text = str(screen.query_one("#preset-help", Static).render())
        assert "the rulebook: every option below off" in help_text
        assert f"{LEAGUE} (the default): all 8 options below ticked" in help_text
        preset.value = "the rulebook"
        await pilot.pause()
        boxes = [o.key for o in screen.rules.options if isinstance(o.default, bool)]
        assert not any(screen.query_one(f"#opt-{k}", TickBox).value for k in boxes)
        screen.query_one("#opt-strict-leech", TickBox).value = True
        await pilot.pause()
        assert preset.value == "custom"
        screen.query_one("#opt-strict-leech", TickBox).value = False
        await pilot.pause()
        assert preset.value == "the rulebook"
        screen.action_start()
        assert got and not any(got[0]["options"][k] for k in boxes)


async def test_a_game_without_presets_shows_no_preset_field():
    app = app_for()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_setup(pilot, "finca")
        assert not screen.query("#preset")


def test_the_terra_mystica_rules_text_names_both_presets_and_the_default():
    from tabletop_tui.rules.terra_mystica.rules import LEAGUE_OPTIONS, TerraMysticaRules

    rules = TerraMysticaRules()
    text = " ".join(rules.rules_text().split())
    assert "off by default" not in text
    assert "League, as played on the reference site** (the default" in text
    assert "The rulebook** leaves all eight off" in text
    assert rules.new_game_options == rules.presets[LEAGUE]
    assert set(rules.presets[LEAGUE]) == set(LEAGUE_OPTIONS) and all(rules.presets[LEAGUE].values())
    assert not any(rules.presets["the rulebook"].values())


def level_line(screen) -> str:
    return str(screen.query_one("#level-help", Static).render())


async def test_a_bots_level_says_what_it_plays_like_in_one_line_at_80_columns():
    """Issue 36 item 5: the level whose field has the focus, or that is just chosen, or that is
    highlighted in the open list, is said in a few words above the seats, on one line at 80×24
    (not cut), where a seat's open list, which drops down, does not cover it."""
    from tabletop_tui.bots import LEVEL_HELP

    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        assert "Bot levels: easy, medium, hard" in level_line(screen)  # nothing chosen yet
        screen.query_one("#kind1", Select).value = "bot"
        await pilot.pause()
        assert level_line(screen) == f"medium bot: {LEVEL_HELP['medium']}"
        screen.query_one("#level1", Select).focus()
        await pilot.press("enter", "down")  # open the list, highlight the level after medium
        await pilot.pause()
        assert level_line(screen) == f"hard bot: {LEVEL_HELP['hard']}"
        line = screen.query_one("#level-help", Static)
        assert line.region.y < screen.query_one("#seat0").region.y
        await pilot.press("down", "enter")  # choose random
        await pilot.pause()
        assert screen.query_one("#level1", Select).value == "random"
        assert level_line(screen) == f"random bot: {LEVEL_HELP['random']}"
        screen.query_one("#kind0", Select).value = "bot"
        await pilot.pause()
        screen.query_one("#level0", Select).focus()
        await pilot.pause()
        assert level_line(screen) == f"medium bot: {LEVEL_HELP['medium']}"  # seat 1's level
        for level in ("easy", "medium", "hard", "random"):
            screen._say_level(level)
            await pilot.pause()
            assert line.region.height == 1 and len(level_line(screen)) <= line.content_region.width


def test_each_level_is_said_in_a_few_words():
    from tabletop_tui.bots import LEVEL_HELP, LEVELS

    assert set(LEVEL_HELP) == set(LEVELS)
    for level, words in LEVEL_HELP.items():
        assert 3 <= len(words.split()) <= 10, level
