"""The launcher's list of games behaves as Textual's lists do: the cursor stops at the ends."""
from textual.widgets import OptionList

from tabletop_tui import catalogue
from tabletop_tui.screens.launcher import LauncherScreen

from .helpers import app_for


async def test_down_on_the_last_game_stays_on_the_last_game():
    """Down from the last game does not wrap round to the first (nor Up from the first to the last)."""
    app = app_for()
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(app.screen, LauncherScreen)
        games = app.screen.query_one("#games", OptionList)
        last = len(catalogue.GAMES) - 1
        await pilot.press(*["down"] * (last + 3))
        assert games.highlighted == last
        assert app.screen.selected() is catalogue.GAMES[-1]
        await pilot.press(*["up"] * (last + 3))
        assert games.highlighted == 0
        await pilot.press("up")
        assert games.highlighted == 0 and app.screen.selected() is catalogue.GAMES[0]
