"""A game opened from the command line paints first: nothing else is built before it (the
launcher is built when the game is left), and the modules it needs only later are not loaded."""
import subprocess
import sys

from tabletop_tui.app import LauncherToCome, TabletopApp
from tabletop_tui.screens.game import GameScreen
from tabletop_tui.screens.launcher import LauncherScreen

from .helpers import piratissimo_match

NEW_GAME = {"game": "piratissimo", "names": ["Anna", "Bruno"], "bots": [], "seed": 3, "options": {}}


async def test_a_game_opened_from_the_command_line_has_no_launcher_built_under_it():
    app = TabletopApp(new_game=NEW_GAME, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert [type(s) for s in app.screen_stack][0] is LauncherToCome
        assert isinstance(app.screen, GameScreen)
        assert not any(isinstance(s, LauncherScreen) for s in app.screen_stack)


async def test_leaving_a_game_opened_from_the_command_line_shows_the_launcher():
    app = TabletopApp(new_game=NEW_GAME, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.press("y")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        assert [type(s) for s in app.screen_stack] == [LauncherToCome, LauncherScreen]


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

    from tabletop_tui.launch import pause_collector

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
    import gc

    app = TabletopApp(new_game=NEW_GAME, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert gc.isenabled() and gc.get_freeze_count() == 0
