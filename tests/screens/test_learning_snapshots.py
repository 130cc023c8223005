"""Snapshots of issue 46's pages: the explained suggestion (`s`) over a five-player Terra Mystica
board and the review of a four-player Finca game (`r` on the game-over page), at 80×24, 100×30
and 120×40. Fixed seeds; each SVG was looked at before it was accepted."""
from __future__ import annotations

import pytest

from tabletop_tui.screens.review import ReviewScreen

from .helpers import app_for, played_match

SIZES = [(80, 24), (100, 30), (120, 40)]


def tm_main_turn():
    return played_match("terra_mystica", 5, 4, until=lambda m: m.pending is not None
                        and m.pending.kind == "main" and m.state.phase == "play")


async def pressed_until(pilot, key: str, attribute: str) -> None:
    """``key``, then the wait until the page it opens has its ``attribute`` (the bot's work)."""
    await pilot.pause()
    await pilot.press(key)
    for _ in range(3000):
        if getattr(pilot.app.screen, attribute, None) is not None:
            break
        await pilot.pause(0.02)
    await pilot.pause()


async def suggested(pilot) -> None:
    await pressed_until(pilot, "s", "rating")


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_suggestion_explained(snap_compare, size):
    assert snap_compare(app_for(tm_main_turn()), terminal_size=size, run_before=suggested)


async def reviewed(pilot) -> None:
    await pressed_until(pilot, "r", "result")


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_review_page(snap_compare, size, monkeypatch):
    monkeypatch.setattr(ReviewScreen, "LEVEL", "medium")  # (seconds, not minutes: hard's figures are the bench's)
    monkeypatch.setattr(ReviewScreen, "WORKERS", 1)
    m = played_match("finca", 4, 6, finish=True)  # four people, every move at random
    assert m.over
    assert snap_compare(app_for(m), terminal_size=size, run_before=reviewed)
