"""The game log: newest line last, names never "you"."""
from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class LogPanel(Static):
    DEFAULT_CSS = """
    LogPanel { height: 4; border-top: solid $panel; padding: 0 1; color: $text-muted; }
    LogPanel.-hidden { display: none; }
    """

    def show_lines(self, lines: list[str]) -> None:
        rows = max(1, (self.size.height or 4) - 1)
        tail = lines[-rows:] if lines else ["The game begins."]
        self.update(Text("\n".join(tail)), layout=False)  # fixed height: no relayout
