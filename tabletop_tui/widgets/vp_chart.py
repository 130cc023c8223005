"""A small points-over-time chart, one line of markers per player (letters, not colour alone)."""
from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from tabletop_tui.widgets.canvas import Canvas
from tabletop_tui.widgets.players import colour_hex


class VPChart(Widget):
    DEFAULT_CSS = "VPChart { height: 12; width: 1fr; }"

    def __init__(self, history: list[dict[int, int]], marks: list[str], colours: list[str], **kw):
        super().__init__(**kw)
        self.history = history
        self.marks = marks
        self.colours = [colour_hex(c) for c in colours]

    def render(self) -> Text:
        w, h = self.size.width, self.size.height
        if w < 12 or h < 3 or not self.history:
            return Text("")
        top = max([max(d.values(), default=0) for d in self.history] + [1])
        axis = len(str(top)) + 1
        plot_w, plot_h = w - axis - 1, h - 1
        cv = Canvas(w, h)
        cv.put(0, 0, str(top).rjust(axis - 1), "dim")
        cv.put(0, plot_h - 1, "0".rjust(axis - 1), "dim")
        for y in range(plot_h):
            cv.put(axis - 1, y, "│", "dim")
        cv.put(axis - 1, plot_h, "└" + "─" * plot_w, "dim")
        cv.put(axis + 1, plot_h, f" moves 0–{len(self.history) - 1} ", "dim")
        n = len(self.history)
        for col in range(plot_w):
            i = min(n - 1, round(col * (n - 1) / max(1, plot_w - 1)))
            for seat, val in sorted(self.history[i].items()):
                y = plot_h - 1 - round(val * (plot_h - 1) / top)
                cv.put(axis + col, y, self.marks[seat], Style(bold=True, color=self.colours[seat]))
        return cv.to_text()
