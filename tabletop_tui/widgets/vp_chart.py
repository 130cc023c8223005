"""Points over the game: one line per player, drawn with the player's marker (their initial, in
their colour), so each line reads without colour too.

Where lines run together only one marker can be shown. The lines are drawn in a fixed order,
the player with the most points at the end on top (then the next, and so on: ties in seat
order), and the legend lists the players in that order and says so: where a line disappears,
it runs under a line named before it. Each line ends in a label with the player's marker and
final points on the right (players ending on one row side by side, "B 59 E 59"), so the end of
every line is named even when its last stretch is hidden."""
from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from tabletop_tui.widgets.canvas import Canvas
from tabletop_tui.widgets.players import colour_hex


def draw_order(history: list[dict[int, int]], seats: int | None = None) -> list[int]:
    """The seats from the one drawn on top (most points at the end) to the one drawn first
    (fewest); equal points in seat order."""
    last = history[-1] if history else {}
    every = sorted(set(range(seats or 0)) | {s for d in history for s in d})
    return sorted(every, key=lambda s: (-last.get(s, 0), s))


def legend(names: list[str], marks: list[str], colours: list[str], order: list[int] | None = None) -> Text:
    """"A Anna  B Bruno …", each entry in its player's colour (the names are text, not markup),
    in the order the lines are drawn (top first; the chart's axis says what that order means)."""
    out = Text(end="")
    seats = order if order is not None else list(range(len(names)))
    for k, seat in enumerate(seats):
        if k:
            out.append("   ")  # wraps between entries when the names do not fit one line
        style = Style(bold=True, color=colour_hex(colours[seat])) if seat < len(colours) else Style(bold=True)
        out.append(marks[seat], style)
        out.append(" " + names[seat])
    return out


def label_width(group: list[tuple[int, str]]) -> int:
    """Cells taken by labels side by side, one space between."""
    return sum(len(text) for _, text in group) + max(0, len(group) - 1)


class VPChart(Widget):
    DEFAULT_CSS = "VPChart { height: 12; width: 1fr; }"

    #: what the last drawing cut at its edges (the cut-text check reads it)
    shortened: list = []

    def __init__(self, history: list[dict[int, int]], marks: list[str], colours: list[str], **kw):
        super().__init__(**kw)
        self.history = history
        self.marks = marks
        self.colours = [colour_hex(c) for c in colours]

    def axis_label(self) -> str:
        """What the points along the bottom are (a game may chart rounds instead of moves)."""
        return f"moves 0–{len(self.history) - 1}"

    def top(self) -> int:
        return max([max(d.values(), default=0) for d in self.history] + [1])

    def row_of(self, value: int, plot_h: int) -> int:
        return plot_h - 1 - round(max(0, value) * (plot_h - 1) / self.top())

    def points(self, plot_w: int, plot_h: int) -> dict[tuple[int, int], list[int]]:
        """(column, row) → the seats whose line passes there, in seat order."""
        n = len(self.history)
        cells: dict[tuple[int, int], list[int]] = {}
        for col in range(plot_w):
            i = min(n - 1, round(col * (n - 1) / max(1, plot_w - 1)))
            for seat, val in sorted(self.history[i].items()):
                cells.setdefault((col, self.row_of(val, plot_h)), []).append(seat)
        return cells

    def end_labels(self, plot_h: int, width: int | None = None) -> dict[int, list[tuple[int, str]]]:
        """row → [(seat, "A 68"), ...]: each line's final points beside the row where it ends,
        the players ending on one row side by side in drawing order (top first). Where that
        does not fit ``width``, each label takes the nearest free row instead."""
        last = self.history[-1]
        seats = [s for s in draw_order(self.history) if s in last]
        rows: dict[int, list[tuple[int, str]]] = {}
        for seat in seats:
            rows.setdefault(self.row_of(last[seat], plot_h), []).append((seat, f"{self.marks[seat]} {last[seat]}"))
        if width is None or all(label_width(group) <= width for group in rows.values()):
            return rows
        rows = {}
        for seat in seats:
            want = self.row_of(last[seat], plot_h)
            free = [r for d in range(plot_h) for r in (want + d, want - d) if 0 <= r < plot_h and r not in rows]
            if free:  # with more players than rows, a label may find no row
                rows[free[0]] = [(seat, f"{self.marks[seat]} {last[seat]}")]
        return rows

    def style_of(self, seat: int) -> Style:
        colour = self.colours[seat] if seat < len(self.colours) else None
        return Style(bold=True, color=colour)

    def render(self) -> Text:
        w, h = self.size.width, self.size.height
        if w < 12 or h < 3 or not self.history:
            return Text("")
        top = self.top()
        axis = len(str(top)) + 1
        plot_h = h - 1
        single = max((len(f"{m} {top}") for m in self.marks), default=0)
        grouped = max((label_width(g) for g in self.end_labels(plot_h).values()), default=0)
        label_w = (grouped if grouped <= max(single, w // 3) else single) + 1
        if w - axis - 1 - label_w < 8:
            label_w = 0  # too narrow for labels: the legend still names the lines
        plot_w = w - axis - 1 - label_w
        cv = Canvas(w, h)
        cv.put(0, self.row_of(top, plot_h), str(top).rjust(axis - 1), "dim")
        cv.put(0, self.row_of(0, plot_h), "0".rjust(axis - 1), "dim")
        for y in range(plot_h):
            cv.put(axis - 1, y, "│", "dim")
        cv.put(axis - 1, plot_h, "└" + "─" * plot_w, "dim")
        room = w - axis - 1
        captions = [f" {self.axis_label()} · where lines meet: the first in the legend ",
                    f" {self.axis_label()} · lines meet: the first in the legend ", f" {self.axis_label()} "]
        cv.put(axis + 1, plot_h, next((c for c in captions if len(c.rstrip()) <= room), ""), "dim")
        rank = {seat: k for k, seat in enumerate(draw_order(self.history))}
        for (col, y), seats in self.points(plot_w, plot_h).items():
            seat = min(seats, key=lambda s: rank.get(s, len(rank)))  # the one drawn on top
            cv.put(axis + col, y, self.marks[seat], self.style_of(seat))
        if label_w:
            for row, group in self.end_labels(plot_h, label_w - 1).items():
                x = axis + plot_w + 1
                for seat, text in group:
                    cv.put(x, row, text, self.style_of(seat))
                    x += len(text) + 1
        self.shortened = list(cv.cropped)  # (read by the cut-text check)
        return cv.to_text()
