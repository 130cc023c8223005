"""The game log: the table talk of a hot-seat game. Newest line last, names never "you".

The panel holds the whole game (wrapped, never cut), scrolls with the mouse wheel, and marks the
lines the player to move has not seen yet: everything since their last decision. It never takes
the focus, so Tab and the arrow keys stay with the choices; `L` opens the whole log to read.
"""
from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual.cache import LRUCache
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

NEW = "▸ "   # a line the player to move has not seen yet (a mark, not only a colour)
OLD = "  "


def log_text(line: str, new: bool, width: int | None = None, console=None) -> Text:
    """A log line with its mark; wrapped lines hang under the text, not under the mark."""
    body = Text(line, style="" if new else "dim")
    if width is not None and console is not None and width > 8 and len(line) > width - 2:
        parts = body.wrap(console, width - 2)
        body = Text("\n  ").join(parts)
    return Text.assemble((NEW if new else OLD, "bold"), body)


class LogPanel(ScrollView, can_focus=False):
    """Rows of rendered log lines (``lines``), scrolled, as Textual's RichLog keeps them; its own
    class because RichLog loads rich.pretty (and, where it is installed, attrs) for writing
    Python objects, a tenth of a game's first paint, and the log writes only its own lines."""

    DEFAULT_CSS = """
    LogPanel { height: 4; border-top: solid $panel; padding: 0 1; background: $surface;
               color: $foreground; overflow-y: scroll;
               scrollbar-size-vertical: 1; overflow-x: hidden; }
    LogPanel.-hidden { display: none; }
    """

    #: show the newest entry, not the first new one (a log of one row beside a long menu: the
    #: latest thing that happened; L shows the rest)
    newest_only = False

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines: list[Strip] = []
        self._line_cache: LRUCache[tuple[int, int, int, int], Strip] = LRUCache(1024)
        self._widest = 0
        self._size_known = False
        self._shown: list[str] = []
        self._since = -1  # nothing shown yet
        self._pending: tuple[list[str], int] | None = None
        self._ranges: list[tuple[int, int]] = []  # rows of each log entry in self.lines

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
        same_start = len(lines) >= n and lines[:n] == self._shown and self._since >= 0
        if same_start and since != self._since and n:
            # The viewer changed: restyle only the lines whose mark changes (cheap, even late in
            # a long game), then append the new ones.
            lo, hi = sorted((min(since, n), min(self._since, n)))
            for i in range(lo, hi):
                self._restyle(i, i >= since)
            self._since = since
        if same_start and since == self._since:
            for i in range(n, len(lines)):  # only new lines: append them
                self._ranges.append(self._append(self._text(lines[i], i >= since)))
        else:
            self.clear()
            self._ranges = []
            self._append(Text("  The game begins.", style="dim"))
            for i, line in enumerate(lines):
                self._ranges.append(self._append(self._text(line, i >= since)))
        self._shown = list(lines)
        self._since = since
        # Show every new line if they fit; if not, start at the first of them (scroll for more).
        rows = max(1, self.scrollable_content_region.height)
        first = self._ranges[since][0] if since < len(self._ranges) else len(self.lines)
        newest = self._ranges[-1][0] if self._ranges else len(self.lines)
        if len(self.lines) - first > rows and not self.newest_only:
            self.scroll_to(y=first, animate=False, immediate=True)
        elif len(self.lines) - newest > rows:  # the newest entry alone is taller: its start,
            self.scroll_to(y=newest, animate=False, immediate=True)  # not its wrapped tail
        else:
            self.scroll_end(animate=False, immediate=True)

    def _append(self, text: Text) -> tuple[int, int]:
        start = len(self.lines)
        self.write(text, width=self._width())
        return start, len(self.lines)

    def write(self, text: Text, width: int) -> None:
        """``text`` wrapped to ``width`` cells, as rows at the end (the view does not move)."""
        console = self.app.console
        lines = list(Segment.split_lines(console.render(text, console.options.update_width(width))))
        if not lines:
            self._widest = max(width, self._widest)
            self.lines.append(Strip.blank(width))
        else:
            self.lines.extend(Strip.from_lines(lines))
            self._widest = max(self._widest, max(sum(seg.cell_length for seg in line) for line in lines))
        self._set_virtual_size(Size(self._widest, len(self.lines)))

    def _set_virtual_size(self, size: Size) -> None:
        """The rows to scroll over, without laying the screen out again: the panel's own height
        is fixed (its rows never move another widget), so its scroll bar and offset are updated
        in place, as a layout would (``ScrollView._size_updated``). (A layout of the whole screen
        for each log line was most of a table seat's redraw after a move.)"""
        if size == self.virtual_size:
            return
        self.set_reactive(LogPanel.virtual_size, size)
        height = self.styles.height
        if self.is_mounted and self.size.width and height is not None and not height.is_auto:
            self._scroll_update(size)
            self.refresh()
        else:
            self.refresh(layout=True)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.virtual_size.width if self._size_known else container.width

    def clear(self) -> None:
        self.lines.clear()
        self._line_cache.clear()
        self._widest = 0
        self._set_virtual_size(Size(0, 0))
        self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._line_cache.clear()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        row = scroll_y + y
        if row >= len(self.lines):
            return Strip.blank(width, self.rich_style).apply_style(self.rich_style)
        # the last row shown, with more below (the rest of an entry, or newer ones): it ends with
        # "…", so a line is never cut without a mark (L shows the whole log)
        more = y == self.scrollable_content_region.height - 1 and row + 1 < len(self.lines)
        key = (row, scroll_x, width, self._widest, more)
        line = self._line_cache.get(key)
        if line is None:
            line = self.lines[row].crop_extend(scroll_x, scroll_x + width, self.rich_style)
            if more and width > 2:
                line = Strip.join([line.crop(0, width - 2), Strip([Segment(" …", self.rich_style)])])
            self._line_cache[key] = line
        return line.apply_style(self.rich_style)

    def _restyle(self, i: int, new: bool) -> None:
        """Draw entry ``i`` again with or without the new mark, in place (same rows)."""
        start, end = self._ranges[i]
        width = self._width()
        console = self.app.console
        segments = console.render(self._text(self._shown[i], new), console.options.update_width(width))
        strips = [Strip(line).adjust_cell_length(width) for line in Segment.split_lines(segments)]
        if len(strips) != end - start:  # cannot happen with the same text and width; be safe
            return
        self.lines[start:end] = strips
        self._line_cache.clear()
        self.refresh()

    def _width(self) -> int:
        return max(10, self.scrollable_content_region.width - 1)  # (one column for the scrollbar)

    def _text(self, line: str, new: bool) -> Text:
        return log_text(line, new, self._width(), self.app.console)

    def on_resize(self, event) -> None:
        if event.size.width:
            self._size_known = True
            if self._pending is not None:  # lines given while it had no room (a terminal below
                self._flush()              # the minimum size, then larger): written now
        if self._shown:
            lines, since = self._shown, self._since
            self._shown = []
            self._since = -1
            self._render(lines, since)
