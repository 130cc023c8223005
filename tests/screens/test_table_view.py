"""The table at a glance, in every game: every player's points always in view (the score strip),
every change of points in the log with its signed amount, seat sheets and the ledger one key away."""
from __future__ import annotations

import pytest

from tabletop_tui.rules.core import Change, change_text
from tests.screens.helpers import app_for
from tests.support.table_view import (cuts, past_curtain, random_match, scores_missing, screen_text, settle,
                                      unlogged_point_changes)

MOST = {"piratissimo": 4, "finca": 4, "finis_terrae": 4, "terra_mystica": 5, "maracaibo": 4}
MID = {"piratissimo": 30, "finca": 40, "finis_terrae": 40, "terra_mystica": 120, "maracaibo": 60}


def test_a_log_entry_says_what_an_action_changed_for_whom_in_signed_numbers():
    names = ["Ann", "Bruno"]
    one = change_text([Change(0, "$", 2, "career"), Change(0, "VP", 3, "flag bonus")], names, 0,
                      "Ann sailed to Havana (6).")
    assert one == "Ann sailed to Havana (6) — +2 $ (career), +3 VP (flag bonus)."
    other = change_text([Change(1, "VP", -1, "leech")], names, 0, "Ann built a dwelling.")
    assert other == "Ann built a dwelling — Bruno -1 VP (leech)."
    assert change_text([Change(0, "VP", 1)], names, 0, "Ann scored") == "Ann scored — +1 VP"
    both = change_text([Change(1, "VP", 3, "round tile"), Change(0, "C", -2)], names, 0, "Round 2 ends.")
    assert both.split("\n") == ["Round 2 ends.", "  Ann: -2 C", "  Bruno: +3 VP (round tile)"]
    assert change_text([], names, 0, "Ann passed.") == "Ann passed."


@pytest.mark.parametrize("game", sorted(MOST))
def test_every_change_of_points_in_a_random_game_is_logged_with_its_amount_naming_the_player(game):
    m = random_match(game, MOST[game], seed=11)
    assert m.over
    assert sum(1 for changes in m.ledger for c in changes if c.what == m.rules.points_key) > 0
    assert unlogged_point_changes(m) == []


@pytest.mark.parametrize("game", sorted(MOST))
def test_points_by_source_add_up_to_each_players_points(game):
    m = random_match(game, MOST[game], seed=12)
    key = m.rules.points_key
    for seat in range(len(m.names)):
        assert sum(m.points_by_source(seat).values()) == m.rules.counters(m.state, seat).get(key, 0)


@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
@pytest.mark.parametrize("game", sorted(MOST))
async def test_every_players_name_and_points_are_on_screen_mid_game_with_the_most_players(game, size):
    m = random_match(game, MOST[game], seed=5, moves=MID[game])
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await past_curtain(app, pilot)
        assert scores_missing(app, m) == []


@pytest.mark.parametrize("game", sorted(MOST))
async def test_p_opens_every_players_seat_sheet_and_the_log_shows_the_ledger_table(game):
    m = random_match(game, MOST[game], seed=5, moves=MID[game])
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        if type(app.screen).__name__ == "HandoffScreen":
            await pilot.press("enter")
            await settle(pilot)
        game_screen = app.screen
        await pilot.press("p")
        await settle(pilot)
        sheet = app.screen
        assert type(sheet).__name__ == "SeatSheetScreen"
        seen = {sheet.seat}
        for _ in range(len(m.names)):
            await pilot.press("right")
            seen.add(sheet.seat)
        assert seen == set(range(len(m.names)))
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is game_screen
        await pilot.press("L")
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        table = app.screen.query_one("#ledger")
        assert table.row_count == len(m.rows())  # one row per entry: automatic steps too


def test_one_of_a_counted_thing_is_singular_and_reasons_are_not_repeated():
    from tabletop_tui.rules.core import BaseRules

    assert Change(0, "ports", 1).amount_text() == "+1 port"
    assert Change(0, "ports", -2).amount_text() == "-2 ports"
    assert Change(0, "VP", 1).amount_text() == "+1 VP"
    assert Change(0, "PW", -1, "burn").amount_text() == "-1 PW (burn)"

    class Holds(BaseRules):
        def names(self, s):
            return ["Ann"]

        def counters(self, s, seat):
            return {"$": s["gold"]}

    class St(dict):
        pass

    before, after = St(gold=20), St(gold=0)
    after.notes = [Change(0, "$", -5, "wreck"), Change(0, "$", -15, "wreck")]
    assert Holds().changes(before, None, after) == [Change(0, "$", -20, "wreck")]


@pytest.mark.parametrize("game", ["finca", "piratissimo", "finis_terrae"])
async def test_the_whole_log_at_80_columns_shows_every_letter_of_every_entry(game):
    """The whole log (L) wraps its entries to the room beside its scrollbar: no row is wider
    than the log, so no letter is hidden at the right edge; its title is whole too."""
    from textual.widgets import RichLog

    m = random_match(game, MOST[game], seed=5, moves=MID[game])
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if type(app.screen).__name__ == "HandoffScreen":
            await pilot.press("enter")
            await settle(pilot)
        await pilot.press("L")
        await settle(pilot)
        log = app.screen.query_one(RichLog)
        room = log.scrollable_content_region.width
        assert log.lines and max(strip.cell_length for strip in log.lines) <= room
        assert "t: the ledger table)" in screen_text(app)
        assert cuts(app) == []



@pytest.mark.parametrize("game", ["terra_mystica", "piratissimo", "finca", "finis_terrae"])
async def test_the_ledger_table_at_80x24_keeps_move_and_player_in_view_and_scrolls_by_a_column(game):
    """Issue 32: at 80×24 the ledger table's "#" and "who" stay while the counters scroll, a whole
    column per key; every counter of the rules is a column; where all the players' counters would
    be too many, one player at a time (] the next)."""
    from tabletop_tui.widgets.ledger_table import LedgerTable

    m = random_match(game, MOST[game], seed=5, moves=MID[game])
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if type(app.screen).__name__ == "HandoffScreen":
            await pilot.press("enter")
            await settle(pilot)
        await pilot.press("L", "t")
        await settle(pilot)
        table = app.screen.query_one(LedgerTable)
        seats = range(len(m.names)) if table.seat is None else [table.seat]
        labels = [str(c.label) for c in table.ordered_columns]
        assert labels[:2] == ["#", "who"] and labels[-1] == "entry"
        assert len(labels) - 3 == sum(len(m.rules.counters(m.state, s)) for s in seats)
        widths = [c.get_render_width(table) for c in table.ordered_columns[2:]]
        await pilot.press("right")
        await settle(pilot)
        assert table.scroll_x == widths[0]  # one whole column, not one character
        head = screen_text(app).splitlines()
        row = next(line for line in head if line.lstrip().startswith("#"))
        assert row.split()[:2] == ["#", "who"]  # still in view
        assert labels[2].split()[-1] not in row.split()[2:3]  # the first counter scrolled away
        if table.seat is not None:
            first = table.seat
            await pilot.press("right_square_bracket")
            await settle(pilot)
            assert table.seat == (first + 1) % len(m.names)
            assert m.names[table.seat] in screen_text(app)
        assert cuts(app) == []


def test_a_rows_counters_after_an_automatic_step_are_those_after_it_within_its_move():
    """Two entries of one move (a last pass, then the next round's income): the pass's row shows
    the counters before the income, the income's row those after the move."""
    from tabletop_tui.widgets.ledger_table import counter_keys, rows

    m = random_match("terra_mystica", 3, seed=5, moves=60)
    keys = {s: counter_keys(m, s) for s in range(3)}
    table = rows(m, [0, 1, 2], keys)
    i = next(k for k, (move, e, _) in enumerate(table) if e.actor is None and "income" in e.line)
    move, income, after = table[i]
    _, decision, before = next(r for r in table[:i] if r[0] == move and r[1].actor is not None)
    for c in income.changes:
        assert after[c.seat, c.what] - before[c.seat, c.what] == sum(
            x.amount for x in income.changes if (x.seat, x.what) == (c.seat, c.what))
    assert after == {(s, k): m.rules.counters(m.states[move], s)[k] for s in range(3) for k in keys[s]}
