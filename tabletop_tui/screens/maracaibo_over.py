"""Maracaibo's game-over page: the final scoring read down the page. Its own module, loaded when
a game ends: the game screen paints without the page's table and chart."""
from __future__ import annotations

from rich.text import Text

from tabletop_tui.rules.maracaibo import surface as SF
from tabletop_tui.rules.maracaibo.scoring import CATEGORIES
from tabletop_tui.screens.game_over import ColumnsGameOver, col_cells, name_label, name_width


class MaracaiboGameOver(ColumnsGameOver):
    """The final scoring read down the page: one row per category, the total, the VP after each
    round, the tie-break figures and the place; one column per player in ranking order."""

    def vp_by_round(self) -> list[tuple[int, dict]]:
        m = self.match
        out = []
        for i in range(1, len(m.states)):
            r0, r1 = m.states[i - 1].g["round"], m.states[i].g["round"]
            if r1 == r0 + 1:
                out.append((r0, m.vp_history[i]))
        return out

    CSS = """
    MaracaiboGameOver #over { overflow-y: auto; }
    MaracaiboGameOver #breakdown { max-height: 18; }
    MaracaiboGameOver #chart { height: 8; }
    """

    def on_resize(self, event) -> None:
        """Below 34 rows the chart gives way (the table's "VP after round" rows hold the same)."""
        tall = event.size.height >= 34
        for wid in ("#chart", "#chart-title"):
            for w in self.query(wid):
                w.display = tall

    def fill_table(self) -> None:
        """One column per player, names cut to the screen's width (made again on a resize)."""
        m = self.match
        res = m.result()
        table, marks, order, place = self.start_table()
        fb = SF.final_breakdown(m.state) or {}
        w = name_width(self.app.size.width,
                       col_cells(["Scoring", "VP after round 3", "tie-break: doubloons", *CATEGORIES]), len(order))
        table.add_columns("Scoring", *[name_label(marks[p], m.names[p], w) for p in order])
        table.add_row(Text("Place", style="bold"), *[Text(str(place[p]), style="bold") for p in order])
        for cat in CATEGORIES:
            table.add_row(cat, *[str(res.breakdown.get(p, {}).get(cat, 0)) for p in order])
        table.add_row(Text("Total", style="bold"), *[Text(str(res.scores.get(p, 0)), style="bold") for p in order])
        for rnd, vp in self.vp_by_round():
            table.add_row(Text(f"VP after round {rnd}", style="dim"), *[str(vp.get(p, 0)) for p in order])
        table.add_row(Text("tie-break: doubloons", style="italic"),
                      *[str(fb.get(p, {}).get("doubloons", "")) for p in order])
        table.add_row(Text("tie-break: quests", style="italic"),
                      *[str(fb.get(p, {}).get("quests", "")) for p in order])
        table.fix_widths()
