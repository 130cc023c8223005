"""`r` on the game-over page: the review of the game (screens/review.py, issue 46 item 2)."""
from __future__ import annotations

import pytest
from textual.widgets import OptionList, ProgressBar

from tabletop_tui import review
from tabletop_tui.screens.game_over import GameOverScreen
from tabletop_tui.screens.review import ReviewScreen
from tests.test_review import finca_move_past_a_full_delivery

from .helpers import app_for


def finished_finca_with_a_blunder():
    """Finca, 3 players, Anna a person; medium everywhere but one planted blunder; to the end."""
    from tests.test_review import planted

    return planted("finca", 3, 3, 17, finca_move_past_a_full_delivery, after=10_000)


@pytest.fixture
def medium_review(monkeypatch, tmp_path):
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(ReviewScreen, "LEVEL", "medium")  # (hard's figures: benchmarks/review_bench.py)
    monkeypatch.setattr(ReviewScreen, "WORKERS", 1)


def plain(renderable) -> str:
    import io

    from rich.console import Console

    console = Console(width=100, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


async def wait_for(pilot, test, limit: int = 1500) -> None:
    for _ in range(limit):
        if test():
            return
        await pilot.pause(0.02)
    raise AssertionError("waited in vain")


async def reviewed(app, pilot, under: type) -> ReviewScreen:
    """``r`` pressed on the page ``under`` once it shows; the review page when its review is done."""
    await wait_for(pilot, lambda: isinstance(app.screen, under))
    await pilot.press("r")
    await pilot.pause()
    page = app.screen
    assert isinstance(page, ReviewScreen)
    await wait_for(pilot, lambda: page.result is not None)
    return page


async def test_r_reviews_the_game_and_lists_the_planted_blunder_first(medium_review):
    from tabletop_tui.screens.watch import WatchMixin

    m = finished_finca_with_a_blunder()
    assert m.over
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        page = await reviewed(app, pilot, GameOverScreen)
        anna = page.result.players[0]
        assert anna.name == "Anna" and anna.costliest[0].move == 18
        lst = page.query_one(OptionList)
        assert lst.display and not page.query_one(ProgressBar).display
        texts = [plain(lst.get_option_at_index(i).prompt) for i in range(lst.option_count)]
        assert texts[0].startswith("Where the points came from, round by round")
        assert texts[1].startswith("Anna — ") and "move 18" in texts[2]
        assert "played: " in texts[2] and "the bot: " in texts[2] and "medium's estimate" in texts[2]
        assert review.load_cached(m, "medium") == page.result  # kept beside the saves
        assert lst.highlighted == 2  # the first costly decision; Enter: the board before it
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, WatchMixin) and app.screen.at == 17
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is page
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("r")  # again: at once, from what was kept
        await pilot.pause()
        assert app.screen.result is not None and app.screen.worker is None


async def test_esc_stops_a_review_at_work_and_the_page_answers_meanwhile(monkeypatch, tmp_path):
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(ReviewScreen, "LEVEL", "hard")
    monkeypatch.setattr(ReviewScreen, "WORKERS", 1)
    m = finished_finca_with_a_blunder()
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("r")
        await pilot.pause()
        page = app.screen
        bar = page.query_one(ProgressBar)
        await wait_for(pilot, lambda: (bar.progress or 0) >= 1)  # at work, and telling how far
        assert bar.total > bar.progress and "Esc stops" in str(page.query_one("#review-status").content)
        # where the points came from is there at once, while the bot works
        assert "Where the points came from" in plain(page.query_one(OptionList).get_option_at_index(0).prompt)
        worker = page.worker
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen) and worker.is_cancelled
        assert review.load_cached(m, "hard") is None  # a stopped review is not kept


async def test_a_game_of_bots_only_has_nothing_to_review(medium_review):
    from tabletop_tui.match import Match, Seat

    m = Match("piratissimo", [Seat("A", True), Seat("B", True)], 2)
    while not m.over:
        m.play(m.bot_job(level="random")())
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)


async def test_r_in_a_watched_game_reviews_the_recorded_players(medium_review):
    """A recording watched (`w` on the launcher, `tabletop replay --watch`): r gives the same
    review of its players as the game-over page does."""
    from tabletop_tui.screens.watch import WatchMixin

    m = finished_finca_with_a_blunder()
    app = app_for(watch=m)
    async with app.run_test(size=(100, 30)) as pilot:
        page = await reviewed(app, pilot, WatchMixin)
        assert page.result.players[0].costliest[0].move == 18
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, WatchMixin)
