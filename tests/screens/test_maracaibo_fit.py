"""Maracaibo is whole at every terminal size from 80×24: nothing cut, every player's points in view,
in a quiet turn, in the busiest decisions (combat, round-end scoring, the village menu, paying for a
quest), behind the curtain and on the game-over screen; resizing lays the screen out again at once."""
from __future__ import annotations

import pytest

from tests.screens.helpers import app_for
import re

from tests.support.table_view import SIZES, cuts, random_match, scores_missing, screen_text, settle


def _kind(m):
    d = m.pending
    return d.kind if d is not None else None


MOMENTS = {
    "quiet": lambda m: _kind(m) == "move" and len(m.actions) > 40,
    "combat": lambda m: _kind(m) == "combat_loop",
    "round-end scoring": lambda m: _kind(m) == "village" and m.state.g["scoring"],
    "village menu": lambda m: _kind(m) == "village" and not m.state.g["scoring"] and len(m.legal_actions()) >= 5,
    "quest payment": lambda m: _kind(m) == "quest_pay",
}


def _match(players: int, moment: str):
    for seed in range(1, 40):
        m = random_match("maracaibo", players, seed, until=MOMENTS[moment])
        if not m.over:
            return m
    raise AssertionError(f"no seed reaches {moment}")


def strip_scores_missing(app, m) -> list[str]:
    """Every player in the score strip (its one row under the title) with their letter, their
    name or its first letters (at least two) or none, and their VP, $ and CP whole; the full
    names stand in the strip whenever they fit (``scores_missing``)."""
    row = screen_text(app).splitlines()[1]
    items = [x.strip() for x in row.replace(" │ ", "│").split("│")]
    g = m.state.g
    out = []
    for seat, name in enumerate(m.names):
        p = g["players"][seat]
        vp = m.rules.counters(m.state, seat)["VP"]
        ok = False
        for item in items:
            hit = re.fullmatch(rf"▶?{app.screen.marks[seat]}(?: (?!1st|2nd|3rd|4th)(\S+))?(?: (?:1st|2nd|3rd|4th|passed \S+))? "
                               rf"{vp} ?VP {p['dbl']} ?\$ {p['cp']} ?CP(?: passed \S+)?", item)
            if hit and (hit.group(1) is None or (len(hit.group(1)) >= 2 and name.startswith(hit.group(1)))):
                ok = True
        if not ok:
            out.append(f"{name} {vp} VP")
    if len(screen_text(app).splitlines()[2].strip()) and "│" in screen_text(app).splitlines()[2][:40] \
            and "VP" in screen_text(app).splitlines()[2]:
        out.append("the strip took a second row")
    return out


async def _open(app, pilot):
    await settle(pilot)
    if type(app.screen).__name__ == "HandoffScreen":
        await pilot.press("enter")
        await settle(pilot)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players,moment", [(4, k) for k in MOMENTS] + [(2, "quiet"), (2, "combat")])
async def test_nothing_is_cut_and_every_score_is_in_view(players, moment, size):
    m = _match(players, moment)
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await _open(app, pilot)
        assert not app.screen.small
        assert cuts(app) == []
        assert strip_scores_missing(app, m) == []
        if size[0] >= 100:
            assert scores_missing(app, m) == []  # the names whole
        assert "1 " in screen_text(app)  # the numbered choices are there


@pytest.mark.parametrize("size", SIZES)
async def test_the_curtain_is_whole(size):
    m = _match(4, "quiet")
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert type(app.screen).__name__ == "HandoffScreen"
        assert cuts(app) == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4])
async def test_the_game_over_screen_is_whole(players, size):
    m = random_match("maracaibo", players, 3)
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert cuts(app) == []


async def test_going_from_100x30_back_to_120x40_lays_the_screen_out_again_at_once():
    """After a resize the screen has the form of its new size, without waiting for a decision."""
    m = _match(4, "quiet")
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await _open(app, pilot)
        wide = screen_text(app)
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert not app.screen.query_one("#panels-box").display
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert app.screen.query_one("#panels-box").display
        assert screen_text(app) == wide


@pytest.mark.parametrize("size", [(100, 30), (100, 33)])
async def test_below_34_rows_without_the_side_panel_the_log_takes_the_rows_a_short_decision_leaves(size):
    """The first decision (two careers to choose from): no row stays empty between the map's
    detail and the decision; the log has them, and shows more of the game than its four rows."""
    from tabletop_tui.widgets.log_panel import LogPanel

    m = random_match("maracaibo", 4, 5, until=lambda m: len(m.log) >= 3 and _kind(m) is not None
                     and len(m.legal_actions()) <= 3)
    assert not m.over
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await _open(app, pilot)
        screen = app.screen
        detail, decision = screen.query_one("#mar-detail"), screen.query_one("#decision")
        log = screen.query_one(LogPanel)
        assert detail.display and detail.region.bottom == decision.region.y  # (nothing between)
        assert screen.query_one("#main").region.bottom == decision.region.y
        assert log.region.height > 4 + 3
        assert log.region.bottom == size[1] - 1  # (down to the footer)
        rows = screen_text(app).splitlines()
        assert sum(1 for r in rows[log.content_region.y:log.content_region.bottom] if r.strip()) >= min(
            len(log.lines), log.content_region.height)


async def test_the_legend_names_every_symbol_of_the_map():
    m = _match(2, "quiet")
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await _open(app, pilot)
        symbols = " ".join(sym for sym, _ in app.screen.legend())
        for sym in ("[ ]", "[F]", "Q", "═", "─", "s t c k l", "Ⓐ Ⓑ Ⓒ Ⓓ", "◆", "1st"):
            assert sym in symbols
        assert ("P.Spain", "Port of Spain (11)") in app.screen.legend()


@pytest.mark.parametrize("passed", [0, 3])
async def test_four_players_with_three_digit_scores_stay_on_one_row_at_80_columns(passed):
    """Scores of 100+ VP, 20+ doubloons and 8 CP (and three players done with the round): the
    strip keeps one row at 80 columns, each player's letter and numbers whole, the names as much
    of them as fits; at 120 columns the names are whole."""
    m = _match(4, "combat" if passed else "quiet")
    g = m.state.g
    for i, p in enumerate(g["players"]):
        p["vp"], p["dbl"], p["cp"] = 100 + 37 * i, 20 + i, 8
    if not passed:
        assert m.rules.passed(m.state) == []
    else:
        assert len(m.rules.passed(m.state)) == 3
    for size in ((80, 24), (120, 40)):
        app = app_for(m)
        async with app.run_test(size=size) as pilot:
            await _open(app, pilot)
            assert app.screen.query_one("#strip").size.height == 1
            assert strip_scores_missing(app, m) == []
            if size[0] == 120:
                assert scores_missing(app, m) == []
            assert cuts(app) == []


async def test_a_names_letters_never_stand_alone_as_an_abbreviation():
    """Shortened names keep at least two letters ("Ch"), or go, leaving the player's letter: a
    lone initial would only repeat the letter beside it."""
    m = _match(4, "combat")
    g = m.state.g
    for i, p in enumerate(g["players"]):
        p["vp"], p["dbl"], p["cp"] = 150 + i, 30 + i, 8
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot)
        row = screen_text(app).splitlines()[1]
        assert not re.search(r"[A-D] [A-Z][ .]", row), row
