"""Seat sheets: each player's whole public board, in words, one key away from the game screen.

A sheet is the rules' ``sheet(view, seat)`` (only what the viewer's view holds) and the seat's
points by source from the match's ledger (the same record as the log). ← → (or the seat's digit)
turn to another player; where the terminal is wide enough every sheet stands side by side.
"""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Footer, Static

from tabletop_tui.rules.core import unit_text
from tabletop_tui.screens.scroll_page import ScrollPage, WrappedTextPage

#: a sheet column needs this many cells to be read without crowding
SHEET_WIDTH = 40


def _line(text: str, width: int | None) -> str:
    """A sheet line, wrapped with the rest hanging under its first word: between the items of a
    list (after ", ", ": " or "; ") where an item fits a line, so that a name stays whole
    ("gust of wind", not "gust" / "of wind"); else between words."""
    if not width or len(text) + 2 <= width:
        return f"\n  {text}"
    import re
    import textwrap

    keep = "\u00a0"  # a space textwrap does not break at
    units = [u.replace(" ", keep) if len(u) <= width - 4 else u for u in re.split(r"(?<=[,:;]) ", text)]
    lines = textwrap.wrap(" ".join(units), width, initial_indent="  ", subsequent_indent="    ",
                          break_long_words=False, break_on_hyphens=False)
    return "\n" + "\n".join(line.replace(keep, " ") for line in lines)


def _items(first: str, items: list[str], width: int | None, sep: str = "  ") -> list[str]:
    """``first`` then ``items`` on lines of at most ``width`` cells, broken only between items
    (never "1" / "cart"), the lines after the first indented by two."""
    lines = [first]
    for item in items:
        if width and len(lines[-1]) + len(sep) + len(item) > width and lines[-1].strip():
            lines.append("  " + item)
        else:
            lines[-1] += sep + item
    return lines


def sheet_text(rules: Any, match: Any, view: Any, seat: int, colour: str = "",
               width: int | None = None) -> Text:
    names = match.names
    t = Text()
    counters = rules.counters(view, seat)
    items = [f"{v} {unit_text(k, v)}" for k, v in counters.items()]
    lines = _items(names[seat], items, width)
    t.append(f"{names[seat]}", f"bold {colour}".strip())
    t.append(lines[0][len(names[seat]):], "bold")
    for line in lines[1:]:
        t.append("\n" + line, "bold")
    for heading, lines in rules.sheet(view, seat):
        t.append(f"\n\n{heading}", "bold underline")
        for line in lines:
            t.append(_line(line, width))
    by_source = match.points_by_source(seat)
    key = rules.points_key
    t.append(f"\n\n{key} by source", "bold underline")
    if not by_source:
        t.append(f"\n  no {key} yet", "dim")
    for source, n in by_source.items():
        t.append(_line(f"{n:+d} {source or 'actions'}", width))
    total = rules.counters(view, seat).get(key)
    if total is not None:
        t.append(f"\n  = {total} {key}", "bold")
    return t


class SeatSheetScreen(ScrollPage):
    DEFAULT_CSS = """
    SeatSheetScreen { background: $background; }
    SeatSheetScreen #sheet-title { height: auto; background: $panel; text-style: bold; padding: 0 1; }
    SeatSheetScreen #sheets { height: 1fr; }
    SeatSheetScreen .sheet-box { width: 1fr; height: 1fr; padding: 0 1; border-right: solid $panel;
                                 scrollbar-gutter: stable; scrollbar-size-vertical: 1; }
    SeatSheetScreen .sheet-box:focus { border-right: solid $accent; }
    """
    BINDINGS = [Binding("escape,q,p", "close", "back"),
                Binding("left,h", "turn(-1)", "another player", key_display="← →"),
                Binding("right,l", "turn(1)", "player", show=False),
                ] + [Binding(str(d), f"seat({d - 1})", show=False) for d in range(1, 10)]

    def __init__(self, screen: Any, seat: int) -> None:
        super().__init__()
        self.game_screen = screen
        self.seat = seat
        self.match = screen.match
        self.rules = screen.rules
        self.n = len(self.match.names)

    def compose(self) -> ComposeResult:
        yield Static("", id="sheet-title")
        yield Horizontal(id="sheets")
        yield Footer()

    def on_mount(self) -> None:
        self.draw()

    def on_resize(self) -> None:
        self.draw()

    def all_at_once(self) -> bool:
        return self.app.size.width >= SHEET_WIDTH * self.n

    def draw(self) -> None:
        box = self.query_one("#sheets", Horizontal)
        view = self.game_screen.current_view()
        seats = list(range(self.n)) if self.all_at_once() else [self.seat]
        box.remove_children()
        # the width of a column's text: the screen shared out, less each box's padding, rule and
        # scroll bar (its room kept: text wrapped wider than the box was wrapped again, a word
        # or two a line)
        width = max(20, self.app.size.width // len(seats) - 4)
        for s in seats:
            body = Static(sheet_text(self.rules, self.match, view, s, self.game_screen.player_colour(s), width))
            sheet = VerticalScroll(body, classes="sheet-box", can_focus=True)
            sheet.scroll_by_key = True  # ↑ ↓ scroll it, as the title says
            box.mount(sheet)
        title = f" {self.match.game.title} — seat sheets"
        if len(seats) == 1:
            title += (f": {self.match.names[self.seat]} ({self.seat + 1} of {self.n}) · ← → or 1–{self.n}: "
                      "another player · ↑ ↓ scroll · Esc back")
        else:
            title += " · every player · ↑ ↓ scroll · Esc back"
        self.query_one("#sheet-title", Static).update(Text(title))
        self.call_after_refresh(self._focus_first)

    def _focus_first(self) -> None:
        boxes = self.query(".sheet-box")
        if boxes:
            boxes.first().focus()

    def action_turn(self, step: int) -> None:
        if not self.all_at_once():
            self.seat = (self.seat + step) % self.n
            self.draw()

    def action_seat(self, seat: int) -> None:
        if 0 <= seat < self.n and not self.all_at_once():
            self.seat = seat
            self.draw()



class LegendScreen(WrappedTextPage):
    """What every symbol on the board means (the game screen's ``legend()``)."""

    DEFAULT_CSS = """
    LegendScreen { background: $background; }
    LegendScreen #legend-title { height: 1; background: $panel; text-style: bold; padding: 0 1; }
    LegendScreen #legend-box { height: 1fr; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,q,g", "close", "back")]
    BOX_ID, TEXT_ID = "legend-box", "legend-text"

    def __init__(self, title: str, entries: list[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.entries = entries

    def compose(self) -> ComposeResult:
        yield Static(Text(f" {self.title_text} — what the symbols mean · Esc back"), id="legend-title")
        yield self.text_box()
        yield Footer()

    def text(self, width: int | None) -> Text:
        """Every entry: the symbol, then its meaning wrapped between words under the meaning's
        first word (not back at the left edge, under the symbols) when ``width`` is given."""
        import textwrap

        t = Text()
        col = min(max((len(sym) for sym, _ in self.entries), default=1), 24)
        for i, (sym, meaning) in enumerate(self.entries):
            if i:
                t.append("\n")
            t.append(f"{sym:<{col}}", "bold")
            start = max(col, len(sym)) + 2
            if width and width - start >= 20:
                lines = textwrap.wrap(meaning, width - start, break_on_hyphens=False) or [""]
                lines = [lines[0]] + textwrap.wrap(" ".join(lines[1:]), width - col - 2,
                                                   break_on_hyphens=False)
                t.append("  " + lines[0])
                for line in lines[1:]:
                    t.append("\n" + " " * (col + 2) + line)
            else:
                t.append(f"  {meaning}")
        if not self.entries:
            t.append("The board uses no symbols beyond the words on it.", style="dim")
        return t
