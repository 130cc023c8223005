"""The game log: the table talk of a hot-seat game. Newest line last, names never "you".

The panel holds the whole game (wrapped, never cut), scrolls with the mouse wheel, and marks the
lines the player to move has not seen yet: everything since their last decision. It never takes
the focus, so Tab and the arrow keys stay with the choices; `L` opens the whole log to read.
"""
from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog

NEW = "▸ "   # a line the player to move has not seen yet (a mark, not only a colour)
OLD = "  "


def log_text(line: str, new: bool, width: int | None = None, console=None) -> Text:
    """A log line with its mark; wrapped lines hang under the text, not under the mark."""
    body = Text(line, style="" if new else "dim")
    if width is not None and console is not None and width > 8 and len(line) > width - 2:
        parts = body.wrap(console, width - 2)
        body = Text("\n  ").join(parts)
    return Text.assemble((NEW if new else OLD, "bold"), body)


class LogPanel(RichLog, can_focus=False):
    DEFAULT_CSS = """
    LogPanel { height: 4; border-top: solid $panel; padding: 0 1; background: $surface;
               scrollbar-size-vertical: 1; overflow-x: hidden; }
    LogPanel.-hidden { display: none; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=False, min_width=1, **kwargs)
        self._shown: list[str] = []
        self._since = -1  # nothing shown yet
        self._pending: tuple[list[str], int] | None = None

    def show_log(self, lines: list[str], since: int | None = None) -> None:
        """Show ``lines`` (the whole game); lines from index ``since`` on are new to the viewer."""
        since = len(lines) if since is None else max(0, min(since, len(lines)))
        if not self.size.width:  # not laid out yet: write once we know our width
            self._pending = (list(lines), since)
            self.call_after_refresh(self._flush)
            return
        self._render(lines, since)

    def _flush(self) -> None:
        if self._pending is not None and self.size.width:
            lines, since = self._pending
            self._pending = None
            self._render(lines, since)

    def _render(self, lines: list[str], since: int) -> None:
        n = len(self._shown)
        if since == self._since and len(lines) >= n and lines[:n] == self._shown:
            for line in lines[n:]:  # only new lines: append them
                self.write(self._text(line, True), width=self._width(), scroll_end=False)
        else:
            self.clear()
            self.write(Text("  The game begins.", style="dim"), width=self._width(), scroll_end=False)
            for i, line in enumerate(lines):
                if i == since:
                    self._first_new_y = len(self.lines)
                self.write(self._text(line, i >= since), width=self._width(), scroll_end=False)
        if since >= len(lines):
            self._first_new_y = len(self.lines)
        self._shown = list(lines)
        self._since = since
        # Show every new line if they fit; if not, start at the first of them (scroll for more).
        rows = max(1, self.scrollable_content_region.height)
        first = getattr(self, "_first_new_y", len(self.lines))
        if len(self.lines) - first > rows:
            self.scroll_to(y=first, animate=False, immediate=True)
        else:
            self.scroll_end(animate=False, immediate=True)

    def _width(self) -> int:
        return max(10, self.scrollable_content_region.width - 1)  # (one column for the scrollbar)

    def _text(self, line: str, new: bool) -> Text:
        return log_text(line, new, self._width(), self.app.console)

    def on_resize(self, event) -> None:
        if self._shown:
            lines, since = self._shown, self._since
            self._shown = []
            self._since = -1
            self._render(lines, since)
