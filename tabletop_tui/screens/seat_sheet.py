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
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from tabletop_tui.rules.core import unit_text

#: a sheet column needs this many cells to be read without crowding
SHEET_WIDTH = 40


def _line(text: str, width: int | None) -> str:
    """A sheet line, wrapped between words with the rest hanging under its first word."""
    if not width or len(text) + 2 <= width:
        return f"\n  {text}"
    import textwrap

    return "\n" + "\n".join(textwrap.wrap(text, width, initial_indent="  ", subsequent_indent="    ",
                                          break_long_words=False, break_on_hyphens=False))


def sheet_text(rules: Any, match: Any, view: Any, seat: int, colour: str = "",
               width: int | None = None) -> Text:
    names = match.names
    t = Text()
    t.append(f"{names[seat]}", f"bold {colour}".strip())
    counters = rules.counters(view, seat)
    if counters:
        # broken between counters, never inside one ("0 Water"), the rest hanging under the first
        at = len(names[seat])
        for item in (f"{v} {unit_text(k, v)}" for k, v in counters.items()):
            if width and at + 2 + len(item) > width:
                t.append("\n  " + item, "bold")
                at = 2 + len(item)
            else:
                t.append("  " + item, "bold")
                at += 2 + len(item)
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
        t.append(f"\n  {n:+d} {source or 'actions'}")
    total = rules.counters(view, seat).get(key)
    if total is not None:
        t.append(f"\n  = {total} {key}", "bold")
    return t


class SeatSheetScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    SeatSheetScreen { background: $background; }
    SeatSheetScreen #sheet-title { height: auto; background: $panel; text-style: bold; padding: 0 1; }
    SeatSheetScreen #sheets { height: 1fr; }
    SeatSheetScreen .sheet-box { width: 1fr; height: 1fr; padding: 0 1; border-right: solid $panel; }
    SeatSheetScreen .sheet-box:focus { border-right: solid $accent; }
    """
    BINDINGS = [Binding("escape,q,p", "close", "back"),
                Binding("left,h", "turn(-1)", "another player", key_display="← →"),
                Binding("right,l", "turn(1)", "player", show=False),
                Binding("j,down", "scroll(1)", show=False), Binding("k,up", "scroll(-1)", show=False),
                Binding("pagedown", "scroll(10)", show=False), Binding("pageup", "scroll(-10)", show=False),
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
        # the width of a column's text: the screen shared out, less each box's padding (2), rule
        # (1) and scroll bar (2) — a line wrapped wider is wrapped again by the box, a word or
        # two to a line ("(once," / "when")
        width = max(20, self.app.size.width // len(seats) - 5)
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

    def action_scroll(self, step: int) -> None:
        focused = self.focused
        if isinstance(focused, VerticalScroll):
            focused.scroll_to(y=focused.scroll_y + step, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class LegendScreen(ModalScreen[None]):
    """What every symbol on the board means (the game screen's ``legend()``)."""

    DEFAULT_CSS = """
    LegendScreen { background: $background; }
    LegendScreen #legend-title { height: 1; background: $panel; text-style: bold; padding: 0 1; }
    LegendScreen #legend-box { height: 1fr; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,q,g", "close", "back"),
                Binding("j,down", "scroll(1)", show=False), Binding("k,up", "scroll(-1)", show=False)]

    def __init__(self, title: str, entries: list[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.entries = entries

    def compose(self) -> ComposeResult:
        yield Static(Text(f" {self.title_text} — what the symbols mean · Esc back"), id="legend-title")
        box = VerticalScroll(Static(self.text(), id="legend-text"), id="legend-box", can_focus=True)
        box.scroll_by_key = True  # ↑ ↓ scroll it
        yield box
        yield Footer()

    def text(self) -> Text:
        """Each symbol and its meaning, the meaning wrapped between words under itself (not
        under the symbol): the room is the screen less the box's padding and scroll bar."""
        import textwrap

        t = Text()
        width = max((len(sym) for sym, _ in self.entries), default=1)
        room = max(20, self.app.size.width - 4 - width - 2)
        for i, (sym, meaning) in enumerate(self.entries):
            if i:
                t.append("\n")
            t.append(f"{sym:<{width}}", "bold")
            lines = textwrap.wrap(meaning, room, break_long_words=False, break_on_hyphens=False) or [""]
            t.append("  " + ("\n" + " " * (width + 2)).join(lines))
        if not self.entries:
            t.append("The board uses no symbols beyond the words on it.", style="dim")
        return t

    def on_resize(self) -> None:
        from textual.css.query import NoMatches

        try:
            self.query_one("#legend-text", Static).update(self.text())
        except NoMatches:  # (before compose)
            pass

    def on_mount(self) -> None:
        self.query_one("#legend-box").focus()

    def action_scroll(self, step: int) -> None:
        box = self.query_one("#legend-box", VerticalScroll)
        box.scroll_to(y=box.scroll_y + step, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
