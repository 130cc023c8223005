"""The curtain between two players: a blank screen that hides the board until the next one is ready."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static


class HandoffScreen(Screen[None]):
    DEFAULT_CSS = """
    HandoffScreen { align: center middle; background: $background; }
    HandoffScreen Static { width: auto; padding: 1 4; border: heavy $accent; text-style: bold; }
    """
    BINDINGS = [Binding("enter,space", "ready", "ready")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(f"Pass to {self.player} — press Enter", id="curtain")

    def action_ready(self) -> None:
        self.dismiss(None)
