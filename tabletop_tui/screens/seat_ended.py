"""What a seat shows once its code no longer opens it (issue 44): the reason, and nothing of the
game (no hand, no money, no log), until its process ends a moment later."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static


class SeatEnded(Screen[None]):
    DEFAULT_CSS = """
    SeatEnded { align: center middle; background: $background; }
    SeatEnded #why { width: auto; max-width: 90%; padding: 1 4; border: heavy $error; text-style: bold; }
    """

    def __init__(self, why: str) -> None:
        super().__init__()
        self.why = why

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(Text(self.why), id="why")
