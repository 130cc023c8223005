"""Points over the game: one line of letters per player (the player's marker, in their colour),
with a legend (``legend``, shown beside it). Where lines overlap, the letters of the players sharing a point take turns
column by column ("ABAB"), so every line stays readable without colour."""
from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from tabletop_tui.widgets.canvas import Canvas
from tabletop_tui.widgets.players import colour_hex


def legend(names: list[str], marks: list[str], colours: list[str]) -> Text:
    """"A Anna  B Bruno …", each entry in its player's colour (the names are text, not markup)."""
    out = Text(end="")
    for seat, name in enumerate(names):
        if seat:
            out.append("   ")  # wraps between entries when the names do not fit one line
        style = Style(bold=True, color=colour_hex(colours[seat])) if seat < len(colours) else Style(bold=True)
        out.append(marks[seat], style)
        out.append(" " + name)
    out.append("   (ABAB: equal points)", "dim")
    return out


class VPChart(Widget):
    DEFAULT_CSS = "VPChart { height: 12; width: 1fr; }"

    def __init__(self, history: list[dict[int, int]], marks: list[str], colours: list[str], **kw):
        super().__init__(**kw)
        self.history = history
        self.marks = marks
        self.colours = [colour_hex(c) for c in colours]

    def axis_label(self) -> str:
        """What the points along the bottom are (a game may chart rounds instead of moves)."""
        return f"moves 0–{len(self.history) - 1}"

    def points(self, plot_w: int, plot_h: int) -> dict[tuple[int, int], list[int]]:
        """(column, row) → the seats whose line passes there, in seat order."""
        top = max([max(d.values(), default=0) for d in self.history] + [1])
        n = len(self.history)
        cells: dict[tuple[int, int], list[int]] = {}
        for col in range(plot_w):
            i = min(n - 1, round(col * (n - 1) / max(1, plot_w - 1)))
            for seat, val in sorted(self.history[i].items()):
                y = plot_h - 1 - round(max(0, val) * (plot_h - 1) / top)
                cells.setdefault((col, y), []).append(seat)
        return cells

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
        cv.put(axis + 1, plot_h, f" {self.axis_label()} ", "dim")
        for (col, y), seats in self.points(plot_w, plot_h).items():
            seat = seats[col % len(seats)]
            colour = self.colours[seat] if seat < len(self.colours) else None
            cv.put(axis + col, y, self.marks[seat], Style(bold=True, color=colour))
        return cv.to_text()
