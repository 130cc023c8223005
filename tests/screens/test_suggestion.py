"""`s` and `S`: the suggestion that explains itself (screens/suggestion.py, issue 46)."""
from __future__ import annotations

from tabletop_tui.app import TabletopApp
from tabletop_tui.screens.game import GameScreen
from tabletop_tui.screens.suggestion import SuggestionScreen
from tabletop_tui.widgets.decision import DecisionPanel

from .helpers import app_for, played_match


def tm_main_turn(players: int = 3, seed: int = 4):
    """A Terra Mystica game at a person's main turn in round 1 (random moves to get there)."""
    return played_match("terra_mystica", players, seed,
                        until=lambda m: m.pending is not None and m.pending.kind == "main"
                        and m.state.phase == "play")


async def rated(app, pilot, limit: int = 1500) -> SuggestionScreen:
    page = app.screen
    assert isinstance(page, SuggestionScreen)
    for _ in range(limit):
        if page.rating is not None or page.error:
            break
        await pilot.pause(0.02)
    assert page.rating is not None, page.error
    await pilot.pause()
    return page


def page_text(page: SuggestionScreen) -> str:
    from rich.console import Console

    import io

    console = Console(width=100, record=True, file=io.StringIO())
    console.print(page.query_one("#suggestion-text").content)
    return console.export_text()


async def test_s_shows_mediums_best_three_explained_and_marks_its_first():
    m = tm_main_turn()
    rules, view, seat, _l, seed = m.bot_request("medium")
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        game = app.screen
        n = len(m.actions)
        await pilot.press("s")
        page = await rated(app, pilot)
        r = page.rating
        assert r.level == "medium" and len(r.choices) == 3
        assert r.pick == m.bot_job(level="medium")()  # the move medium would play, from this view
        text = page_text(page)
        assert "by medium's estimate — a guess, not a certainty" in text
        for c in r.choices:  # each choice named, with its line of why
            assert game.label(view, c.action) in text
        assert "S: ask hard" in str(page.query_one("#suggestion-keys").content)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game and len(m.actions) == n  # a suggestion plays nothing
        panel = game.query_one(DecisionPanel)
        assert "★ suggestion" in str(panel.border_title)
        assert game.suggested == (n, r.pick)


async def test_S_asks_hard_with_a_spinner_and_esc_stops_it():
    m = tm_main_turn()
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        game = app.screen
        await pilot.press("S")
        await pilot.pause()
        page = app.screen
        assert isinstance(page, SuggestionScreen) and page.level == "hard"
        assert "hard is thinking…" in str(page.query_one("#suggestion-text").content)
        assert "Esc: stop thinking" in str(page.query_one("#suggestion-keys").content)
        worker = page.worker
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game
        assert worker.is_cancelled
        await pilot.pause(0.3)
        assert game.suggested is None  # nothing came of the thought that was stopped


async def test_S_on_the_page_asks_hard_and_says_its_estimate_is_hards():
    m = played_match("piratissimo", 3, 7, moves=20)
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        page = await rated(app, pilot)
        await pilot.press("S")
        await pilot.pause()
        page = await rated(app, pilot)
        assert page.rating.level == "hard" and page.rating.unit == "chance"
        assert "by hard's estimate" in page_text(page) and "win chance ≈ " in page_text(page)
        assert page.rating.pick == m.bot_job(level="hard")()


async def test_no_suggestion_for_a_bots_seat():
    m = played_match("piratissimo", 2, 7, moves=4, bots=(0, 1))
    app = TabletopApp(match=m, bot_delay=30)  # the bots wait: the game stays at a bot's decision
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and screen.suggested is None
