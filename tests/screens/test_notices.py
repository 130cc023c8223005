"""Errors over a game are told on its notice row (no toast over the board or the log), marked in
words, and stay until the player's key; n lists the game's notices, newest first (issue 33)."""
from __future__ import annotations

import pytest

from tabletop_tui.dropped_text import screen_rows
from tests.screens.helpers import AT_A_DECISION, app_for, game_at_a_decision
from tests.support.table_view import past_curtain, random_match


def row_text(screen) -> str:
    """The notice row as the terminal shows it (its rows joined)."""
    notice = screen.query_one("#notice")
    rows = screen_rows(screen)
    return " ".join(r[notice.region.x:notice.region.right].strip()
                    for r in rows[notice.region.y:notice.region.bottom])


def saves_fail(m, monkeypatch) -> None:
    def full(*_a, **_k):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(m, "save", full)


@pytest.mark.parametrize("game", sorted(AT_A_DECISION))
async def test_a_save_that_fails_is_told_on_the_notice_row_as_an_error_until_the_players_key(game, monkeypatch):
    """The save after a move fails: "✗ error · Could not save the game" is on the row above the
    choices (a word and a sign, seen without colour), no toast lies over the board or the log,
    the next move (a bot's, a table's) leaves it there, and the player's next key clears it."""
    from tabletop_tui.widgets.decision import DecisionPanel
    from tabletop_tui.widgets.log_panel import LogPanel

    async with game_at_a_decision(game) as (app, pilot, m):
        screen = app.screen
        saves_fail(m, monkeypatch)
        screen.play(screen.actions[0])  # (a move not made by a key here: the save after it fails)
        await pilot.pause()
        panel = screen.query_one(DecisionPanel)
        assert not app._notifications, [str(x.message) for x in app._notifications]
        shown = row_text(screen)
        assert shown.startswith("✗ error · Could not save the game: "), shown
        assert "No space left on device" in shown
        log = screen.query_one(LogPanel)
        assert log.region.height > 0 and not log.region.overlaps(panel.region)
        if screen.actions and screen.handover_to is None:  # another move, not by a key
            monkeypatch.undo()
            screen.play(screen.actions[0])
            await pilot.pause()
            assert row_text(screen).startswith("✗ error · Could not save the game"), row_text(screen)
        await pilot.press("down")
        await pilot.pause()
        assert panel.told == "" and not screen.query_one("#notice").display


@pytest.mark.parametrize("game", sorted(AT_A_DECISION))
async def test_an_error_said_by_the_app_over_a_game_is_on_its_row_and_n_lists_the_notices_newest_first(game, monkeypatch):
    """An error the app itself says (a toast before) is on the game's row, in the place of the
    refusal told before it. n opens the notices page: every notice of the game, newest first, each
    marked; Esc goes back to the game."""
    from tabletop_tui.screens.notices_view import NoticesScreen

    async with game_at_a_decision(game) as (app, pilot, m):
        screen = app.screen
        assert len(screen.actions) < 10
        await pilot.press("0")  # a refusal: told, then cleared by the next key
        app.notify("The table store cannot be reached", title="Not sent", severity="error")
        await pilot.pause()
        assert not app._notifications
        assert row_text(screen) == "✗ error · Not sent: The table store cannot be reached"
        saves_fail(m, monkeypatch)
        await pilot.press("ctrl+s")  # (the key clears the error; the failed save is told)
        await pilot.pause()
        assert row_text(screen).startswith("✗ error · Could not save: "), row_text(screen)
        await pilot.press("n")
        await pilot.pause()
        page = app.screen
        assert isinstance(page, NoticesScreen)
        lines = str(page.query_one("#notices-text").render()).splitlines()
        assert lines[0].startswith("✗ error Could not save: ")
        assert lines[1] == "✗ error Not sent: The table store cannot be reached"
        assert lines[2].startswith("! There is no choice 10 here")
        assert "3 notices, newest first" in str(page.query_one("#notices-title").render())
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_the_notices_key_is_in_the_palette_at_every_width_and_in_the_legend():
    """n is in the footer where it has room, in ^p's list (Notices) at every width, and in the
    legend (g) with the other keys."""
    async with game_at_a_decision("piratissimo") as (app, pilot, m):
        screen = app.screen
        assert "Notices" in [c.title for c in app.get_system_commands(screen)]
        assert ("key n", "notices") in screen.key_legend()
        assert "n notices" not in screen_rows(screen)[-1]  # (no room at 80 columns: ^p holds it)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert "n notices" in screen_rows(screen)[-1]


async def test_the_same_error_after_every_bot_move_is_told_once_and_two_errors_both_stay():
    """A save that fails after each of several moves is one error on the row, not a growing
    stack; a different error told after it stands under it, both until the player's key."""
    from tabletop_tui.widgets.decision import DecisionPanel

    async with game_at_a_decision("piratissimo") as (app, pilot, m):
        screen = app.screen
        panel = screen.query_one(DecisionPanel)
        for _ in range(3):
            screen.notify("Could not save the game: disk full", severity="error", markup=False)
        screen.notify("Back at the table.", markup=False)
        screen.notify("The table store cannot be reached", title="Not sent", severity="error", markup=False)
        await pilot.pause()
        assert panel.told.splitlines() == ["Could not save the game: disk full",
                                           "Not sent: The table store cannot be reached"]
        rows = [r for r in row_text(screen).split("✗ error · ") if r]
        assert len(rows) == 2, row_text(screen)
        await pilot.press("down")
        await pilot.pause()
        assert panel.told == ""


async def test_a_games_notices_are_still_on_its_page_after_leaving_it_and_resuming_it():
    """A refusal and an error told, the game left for the launcher and continued from the list
    (a new screen from the save): n lists them still, under a notice told after resuming; the
    other game's page, opened after it, does not hold them."""
    from tabletop_tui.screens.game import GameScreen
    from tabletop_tui.screens.launcher import LauncherScreen
    from tabletop_tui.screens.notices_view import NoticesScreen

    m = random_match("piratissimo", 3, 3, moves=20)
    m.save()
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", "enter")
        await past_curtain(app, pilot)
        first = app.screen
        assert isinstance(first, GameScreen) and len(first.actions) < 10
        await pilot.press("0")  # a refusal
        app.notify("The table store cannot be reached", title="Not sent", severity="error")
        await pilot.pause()
        first.action_leave()
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        await pilot.press("c", "enter")
        await past_curtain(app, pilot)
        again = app.screen
        assert isinstance(again, GameScreen) and again is not first
        again.notify("Back at the table.", markup=False)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NoticesScreen)
        lines = str(app.screen.query_one("#notices-text").render()).splitlines()
        assert lines[0] == "! Back at the table."
        assert lines[1] == "✗ error Not sent: The table store cannot be reached"
        assert lines[2].startswith("! There is no choice 10 here")
        assert "3 notices, newest first" in str(app.screen.query_one("#notices-title").render())
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is again


async def test_a_game_never_left_starts_with_no_notices_kept():
    """A new game of the same kind opened after another was left does not take that game's
    notices: they are kept by its save file."""
    from tabletop_tui.screens.notices_view import NoticesScreen

    async with game_at_a_decision("piratissimo") as (app, pilot, m):
        await pilot.press("0")
        await pilot.pause()
        app.screen.action_leave()
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert list(app.kept_notices.values()) and all(len(v) == 1 for v in app.kept_notices.values())
        other = random_match("piratissimo", 3, 4, moves=20)
        app.open_match(other)
        await past_curtain(app, pilot)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NoticesScreen)
        assert "no notices yet" in str(app.screen.query_one("#notices-title").render())


async def test_the_log_page_without_a_ledger_says_so_on_a_line_of_its_own_not_in_a_toast():
    """t on a log page opened without its game's moves: "! No ledger for this log…" on a line
    under the title, no toast over the log, the log still there beside it; the next key clears it."""
    from textual.widgets import RichLog

    from tabletop_tui.screens.log_view import LogScreen

    async with game_at_a_decision("piratissimo") as (app, pilot, m):
        app.push_screen(LogScreen("Piratissimo", m.log, len(m.log)))
        await pilot.pause()
        page = app.screen
        await pilot.press("t")
        await pilot.pause()
        assert not app._notifications, [str(x.message) for x in app._notifications]
        notice = page.query_one("#log-notice")
        rows = screen_rows(page)
        assert rows[notice.region.y].strip() == "! No ledger for this log: it was opened without its game's moves."
        log = page.query_one(RichLog)
        assert log.display and log.region.height > 10 and not log.region.overlaps(notice.region)
        assert not page.has_class("-table")
        await pilot.press("k")
        await pilot.pause()
        assert not notice.display and app.screen is page
