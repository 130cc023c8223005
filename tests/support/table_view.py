"""Checks of the table at a glance, shared by every game's tests: the screen's text, cut text,
every score in view, and the ledger (every change of points logged with its amount and reason)."""
from __future__ import annotations

from typing import Any, Callable

from tabletop_tui.cut_text import find_cuts
from tabletop_tui.match import Match, Seat
from tabletop_tui.rules.core import Rng

NAMES = ["Anna", "Bruno", "Chiara", "Dario", "Elena"]
#: every size a game must be whole at (80×24 is the terminal's default)
SIZES = [(80, 24), (100, 30), (120, 40), (160, 50), (200, 60)]


def random_match(game_id: str, players: int, seed: int, moves: int | None = None,
                 until: Callable[[Match], bool] | None = None, options: dict | None = None) -> Match:
    """All-human seats after seeded random moves (``moves`` of them, or to the end, or until
    ``until(match)``)."""
    m = Match(game_id, [Seat(n) for n in NAMES[:players]], seed, options)
    rng = Rng(seed)
    k = 0
    while not m.over and (moves is None or k < moves) and not (until and until(m)):
        acts = m.legal_actions()
        m.play(acts[rng.randbelow(len(acts))])
        k += 1
    return m


def screen_text(app: Any) -> str:
    """The whole terminal as plain text, row by row."""
    return "\n".join("".join(seg.text for seg in strip).rstrip()
                     for strip in app.screen._compositor.render_strips())


async def settle(pilot: Any) -> None:
    await pilot.pause()
    await pilot.pause(0.05)
    await pilot.pause()


async def past_curtain(app: Any, pilot: Any) -> None:
    """Settle, and pass the curtain (Enter) if a hot-seat handoff shows."""
    await settle(pilot)
    if type(app.screen).__name__ == "HandoffScreen":
        await pilot.press("enter")
        await settle(pilot)


def cuts(app: Any) -> list[str]:
    return [str(c) for c in find_cuts(app.screen)]


def scores_missing(app: Any, match: Match) -> list[str]:
    """Players whose name and current points are not both on screen, in the score strip."""
    text = screen_text(app)
    key = match.rules.points_key
    out = []
    for seat, name in enumerate(match.names):
        points = match.rules.counters(match.state, seat).get(key)
        if name not in text or points is None or not any(
                name in row and (f"{points} {key}" in row or f"{points}{key}" in row)
                for row in text.splitlines()):
            out.append(f"{name} {points} {key}")
    return out


def unlogged_point_changes(m: Match) -> list[str]:
    """Actions that changed a player's points, or whose ledger tells a change of them, without a
    log entry naming that player with the signed amount (the issue's measure); and a player whose
    told changes do not add up to their points. Reads the match's log, ledger and states. (A
    change is told on the entry of the action that made it, issue 45.)"""
    rules = m.rules
    key = rules.points_key
    out = []
    for i, line in enumerate(m.log):
        before, after = rules.vp(m.states[i]), rules.vp(m.states[i + 1])
        for seat, name in enumerate(m.names):
            amounts = [c for c in m.ledger[i] if c.seat == seat and c.what == key]
            d = after.get(seat, 0) - before.get(seat, 0)
            if not d and not amounts:
                continue
            rows = [r for r in line.split("\n") if name in r] or ([line] if m.actors[i] == seat else [])
            if not rows or not amounts or not all(
                    any(c.amount_text() in r for r in rows) for c in amounts):
                out.append(f"action {i + 1} ({m.actions[i]}): {name} {d:+d} — log: {line!r}")
    start, end = rules.vp(m.states[0]), rules.vp(m.state)
    for seat, name in enumerate(m.names):
        told = sum(c.amount for changes in m.ledger for c in changes if c.seat == seat and c.what == key)
        if told != end.get(seat, 0) - start.get(seat, 0):
            out.append(f"{name}'s told points add up to {told:+d}, not {end.get(seat, 0) - start.get(seat, 0):+d}")
    return out


def unexplained_points(m: Match) -> list[str]:
    """Changes of points the rules gave no reason for (source ""), with the action."""
    key = m.rules.points_key
    return [f"action {i + 1} ({m.actions[i]}): {m.names[c.seat]} {c.amount:+d} {key} without a reason"
            for i, changes in enumerate(m.ledger) for c in changes if c.what == key and not c.source]


async def assert_whole(app: Any, m: Match) -> None:
    """The screen as laid out now: nothing cut, no "too small" notice; on a game screen every
    score in view and the numbered choices; on the game-over screen every name."""
    assert not getattr(app.screen, "small", False)
    assert cuts(app) == []
    text = screen_text(app)
    if not m.over:
        assert scores_missing(app, m) == []
        assert "1 " in text  # the first numbered choice
        assert "This terminal is" not in text
    else:
        for name in m.names:
            assert name in text


async def assert_sheets_whole(m: Match, size: tuple[int, int], word: str) -> None:
    """``p`` opens the seat sheets whole at ``size``, showing ``word``."""
    from tests.screens.helpers import app_for

    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert type(app.screen).__name__ == "SeatSheetScreen"
        assert cuts(app) == []
        assert word in screen_text(app)


async def assert_resizes_both_ways(m: Match) -> None:
    """120×40 with the side panels, 80×24 without them, and back: laid out again at once."""
    from tests.screens.helpers import app_for

    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.screen.query_one("#panels-box").display
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert not app.screen.query_one("#panels-box").display
        assert cuts(app) == [] and scores_missing(app, m) == []
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert app.screen.query_one("#panels-box").display
        assert cuts(app) == []
