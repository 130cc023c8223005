"""A game opened from the command line paints first: nothing else is built before it (the
launcher is built when the game is left), and the modules it needs only later are not loaded."""
import subprocess
import sys

import pytest

from tabletop_tui.app import TabletopApp
from tabletop_tui.screens.game import GameScreen
from tabletop_tui.screens.launcher import LauncherScreen

from .helpers import finished_match, piratissimo_match

NEW_GAME = {"game": "piratissimo", "names": ["Anna", "Bruno"], "bots": [], "seed": 3, "options": {}}


async def test_a_game_opened_from_the_command_line_is_the_first_and_only_screen():
    """Nothing is built under it, not even an empty screen: the game is laid out and painted
    in the app's own first layout, as a bare app's one screen is."""
    app = TabletopApp(new_game=NEW_GAME, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert len(app.screen_stack) == 1 and isinstance(app.screen, GameScreen)
        assert "LauncherScreen" not in {type(s).__name__ for s in app.screen_stack}


@pytest.mark.parametrize("game,players", [("piratissimo", 2), ("terra_mystica", 4), ("maracaibo", 2),
                                          ("finca", 2), ("finis_terrae", 2)])
async def test_the_first_screen_is_styled_by_its_css_files(game, players):
    """Textual reads a screen's CSS_PATH for screens it pushes, not for the first screen: the app
    reads them itself. Without game.tcss the panels' column has no width of its own."""
    app = TabletopApp(new_game=dict(NEW_GAME, game=game, names=["Anna", "Bruno", "Chiara", "Dario"][:players],
                                    bots=list(range(1, players))),
                      bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert all(app.stylesheet.has_source(str(p), "") for p in screen.css_path)
        box = screen.query("#panels-box")
        assert not box or box.first().styles.border_left[0] == "solid"  # (game.tcss)


async def test_a_resumed_game_is_the_first_and_only_screen():
    app = TabletopApp(match=piratissimo_match(players=2, moves=3), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert len(app.screen_stack) == 1 and isinstance(app.screen, GameScreen)


async def test_leaving_a_game_opened_from_the_command_line_shows_the_launcher():
    app = TabletopApp(new_game=NEW_GAME, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.press("y")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        assert [type(s) for s in app.screen_stack] == [LauncherScreen]


async def test_leaving_a_resumed_game_shows_the_launcher():
    app = TabletopApp(match=piratissimo_match(players=2, moves=3), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("escape")
        await pilot.press("y")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)


async def test_from_the_game_over_page_of_the_first_screen_b_opens_the_launcher():
    from tabletop_tui.screens.game_over import GameOverScreen

    app = TabletopApp(match=finished_match(players=2, seed=3), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen) and len(app.screen_stack) == 1
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen) and len(app.screen_stack) == 1


async def test_from_the_game_over_page_of_the_first_screen_n_opens_a_new_game():
    from tabletop_tui.screens.game_over import GameOverScreen

    app = TabletopApp(match=finished_match(players=2, seed=3), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and not app.screen.match.over
        assert len(app.screen_stack) == 1


async def test_a_game_that_cannot_be_set_up_leaves_the_player_at_the_launcher():
    app = TabletopApp(new_game=dict(NEW_GAME, names=["Anna"]), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)


async def test_the_collector_is_back_on_once_the_first_screen_is_painted():
    """`tabletop` starts with the garbage collector off (launch.py); the app turns it on again
    after its first paint, so a long game never runs without it."""
    import gc

    from tabletop_tui.startup import pause_collector

    pause_collector("tabletop")
    try:
        app = TabletopApp(new_game=NEW_GAME, bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.pause()
            assert gc.isenabled()
    finally:
        gc.unfreeze()
        gc.enable()


async def test_an_app_started_otherwise_has_the_collector_on_after_its_first_paint():
    """Started without `pause_collector` (tests, `tabletop seat`), the app neither turns the
    collector off nor freezes anything. (Compared with the count before it: the test session
    freezes what collection made, tests/conftest.py, and whether another test in this worker
    unfroze it first depends on the order: a fresh clone's run failed on 134,093 frozen.)"""
    import gc

    frozen = gc.get_freeze_count()
    app = TabletopApp(new_game=NEW_GAME, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert gc.isenabled() and gc.get_freeze_count() == frozen


@pytest.mark.parametrize("game", ["piratissimo", "terra_mystica", "maracaibo", "finis_terrae", "finca"])
async def test_a_game_that_ends_under_a_dialog_leaves_no_board_under_its_game_over_page(game):
    """Bots can finish a game while a dialog is open over the board (a round's report nobody
    closed, after a resign): the game-over page takes the game's place, so leaving it goes to
    the launcher, never back to the finished board."""
    from tabletop_tui.screens.confirm import ConfirmScreen
    from tabletop_tui.screens.game_over import GameOverScreen

    from .helpers import played_match

    app = TabletopApp(match=played_match(game, players=2, moves=6, bots=(1,)), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = app.screen
        assert isinstance(board, GameScreen)
        app.push_screen(ConfirmScreen("A dialog over the board"))
        await pilot.pause()
        board.show_game_over()
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert not any(isinstance(s, (GameScreen, ConfirmScreen)) for s in app.screen_stack)
        await pilot.press("b")
        await pilot.pause()
        assert [type(s) for s in app.screen_stack] == [LauncherScreen]
