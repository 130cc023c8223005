"""Finis Terrae's game-over page: the end scoring by category. Its own module, loaded when a
game ends: the game screen paints without the page's table and chart."""
from __future__ import annotations

from rich.text import Text

from tabletop_tui.rules.finis_terrae import scoring as SC
from tabletop_tui.screens.game_over import ColumnsGameOver, col_cells, name_label, name_width


class FinisTerraeGameOver(ColumnsGameOver):
    """The shared game-over screen with the breakdown turned on its side: sixteen scoring lines
    read down the page (grouped as the rulebook groups them), one column per player."""

    CSS = """
    FinisTerraeGameOver #over { overflow-y: auto; }
    FinisTerraeGameOver #breakdown { max-height: 20; }
    FinisTerraeGameOver #chart { height: 8; }
    """

    def on_mount(self, event) -> None:
        super().on_mount(event)
        self.query_one("#breakdown").scroll_by_key = True  # it has the focus: ↑↓ PgUp PgDn
        self._fit_height()

    def on_resize(self) -> None:
        super().on_resize()
        self._fit_height()

    def _fit_height(self) -> None:
        """A short terminal: the table of points takes the page (scrolled by ↑↓ where it must),
        without the chart of points over the game, which needs 40 rows to be read."""
        height = self.app.size.height
        chart = height >= 40
        for wid in ("#chart", "#chart-title"):
            self.query_one(wid).display = chart
        self.query_one("#breakdown").styles.max_height = 20 if chart else max(5, height - 8)

    def fill_table(self) -> None:
        """One column per player, names cut to the screen's width (made again on a resize). Below
        100 columns the groups (colonisation, trade...) head their lines instead of a column."""
        m = self.match
        res = m.result()
        table, marks, order, place = self.start_table()
        cats = [c for cats in SC.GROUPS.values() for c in cats]
        narrow = self.app.size.width < 100
        columns = [["Scoring", "Place", "Total", *cats]] + ([] if narrow else [["", *SC.GROUPS]])
        w = name_width(self.app.size.width, col_cells(*columns), len(order))
        names = [name_label(marks[p], m.names[p], w) for p in order]  # names: text
        if narrow:
            table.add_columns("Scoring", *names)
        else:
            table.add_columns("", "Scoring", *names)
        lead = [] if narrow else [""]
        table.add_row(*lead, Text("Place", style="bold"), *[Text(str(place[p]), style="bold") for p in order])
        for group, cats in SC.GROUPS.items():
            if narrow:
                table.add_row(Text(group, style="italic"), *["" for _ in order])
            for k, cat in enumerate(cats):
                table.add_row(*([] if narrow else [group if k == 0 else ""]), cat,
                              *[str(res.breakdown.get(p, {}).get(cat, 0)) for p in order])
        table.add_row(*lead, Text("Total", style="bold"),
                      *[Text(str(res.scores.get(p, 0)), style="bold") for p in order])
        table.fix_widths()
