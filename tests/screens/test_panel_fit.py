"""Player panels that fit their column: lines break between items, the richest layout that fits."""
from __future__ import annotations

from rich.text import Text

from tabletop_tui.widgets import panel_fit as fit


def test_flow_breaks_between_items_never_inside_one():
    items = [Text(w) for w in ("at -10,-3", "⌂3 (5 left)", "East marker", "red flag", "kept t1 s2")]
    lines = fit.flow(Text("   "), items, 31, indent=3, sep=" · ")
    assert [line.plain for line in lines] == ["   at -10,-3 · ⌂3 (5 left)", "   East marker · red flag",
                                              "   kept t1 s2"]
    assert all(line.cell_len <= 31 for line in lines)


def test_an_item_longer_than_the_line_is_left_to_wrap_and_counted():
    lines = fit.flow(Text("x"), [Text("y" * 40)], 31)
    assert len(lines) == 2 and fit.rows(lines, 31) == 3


def test_pick_takes_the_first_layout_that_fits_else_the_last():
    rich, small = [Text("a")] * 5, [Text("a")] * 3
    assert fit.pick([rich, small], 31, 5) is rich
    assert fit.pick([rich, small], 31, 4) is small
    assert fit.pick([rich, small], 31, 2) is small
