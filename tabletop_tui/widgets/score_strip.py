"""The score strip: every player's points and headline counters, always on screen, in turn order.

One item per seat — ``▶ A Anna 34 VP 5 C 3 PW`` — with the player to move marked ``▶`` (a mark,
not only a colour) and the seats out of the round marked with their passing order (``passed
1st``). Items flow onto as many rows as the width needs and never break inside an item, so a
name or a number is never cut. The screen gives it what to show; it only draws.
"""
from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.widgets import Static

from tabletop_tui.rules.core import unit_text
from tabletop_tui.widgets import panel_fit as fit, repaint


def ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


@dataclass
class StripSeat:
    seat: int
    mark: str
    name: str
    colour: str
    counters: list[tuple[str, int]]  # (unit, value), points first
    to_move: bool = False
    passed: int = 0  # 1-based passing order this round; 0 = still in


def seat_item(s: StripSeat, numbers_only: bool = False, lead: bool = True) -> Text:
    t = Text()
    if s.to_move or lead:
        t.append("▶" if s.to_move else " ", "bold")
    t.append(f"{s.mark} " if s.name else s.mark, f"bold {s.colour}")  # (no name: no gap after the letter)
    t.append(s.name, "bold" if s.to_move else "")
    for unit, value in s.counters:
        t.append(f" {value}", "bold")
        # tight form: "34VP 5C" for the short units; a word stays a word ("4 aboard")
        unit = unit_text(unit, value)
        t.append(unit if numbers_only and len(unit) <= 2 else f" {unit}", "dim")
    if s.passed:
        t.append(f" passed {ordinal(s.passed)}", "italic dim")
    return t


def strip_lines(seats: list[StripSeat], width: int) -> list[Text]:
    """The items laid out at ``width``: the roomiest form that fits on one row (spaced units,
    then short units run together, then no gap before the names), else the tightest over rows."""
    forms = [(False, True, " │ "), (True, True, " │ "), (True, False, "│")]
    for numbers_only, lead, sep in forms:
        items = [seat_item(s, numbers_only, lead) for s in seats]
        lines = fit.flow(Text(""), items, width, indent=0, sep=sep, sep_style="dim")
        if len(lines) == 1:
            return lines
    return lines


class ScoreStrip(Static):
    DEFAULT_CSS = """
    ScoreStrip { height: auto; padding: 0 1; background: $boost; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.seats: list[StripSeat] = []

    def show(self, seats: list[StripSeat]) -> None:
        self.seats = list(seats)
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        width = max(10, self.content_region.width or (self.app.size.width - 2))
        repaint.show(self, fit.join(strip_lines(self.seats, width)))
