"""The curtain between two players: it hides the table until the next one is ready, and tells
them what everyone did since their last decision (the log is public; the table is not)."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static


class HandoffScreen(Screen[None]):
    DEFAULT_CSS = """
    HandoffScreen { align: center middle; background: $background; }
    HandoffScreen #curtain { width: auto; max-width: 90%; padding: 1 4; border: heavy $accent; text-style: bold; }
    HandoffScreen #since-box { width: 90%; max-width: 100; height: auto; max-height: 70%; margin-top: 1;
                               border: round $panel; padding: 0 1; }
    HandoffScreen #since { height: auto; }
    """
    BINDINGS = [Binding("enter,space", "ready", "ready")]

    def __init__(self, name: str, since: list[str] | None = None) -> None:
        super().__init__()
        self.player = name
        self.since = list(since or [])

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(Text(f"Pass to {self.player} — press Enter"), id="curtain")
            if self.since:
                with Center():
                    with VerticalScroll(id="since-box"):
                        yield Static(self._since_text(), id="since")

    def _since_text(self) -> Text:
        t = Text(f"Since {self.player}'s last decision:\n", style="bold")
        t.append_text(Text("\n".join(f"▸ {line}" for line in self.since)))
        return t

    def on_mount(self) -> None:
        if self.since:
            self.query_one("#since-box").scroll_end(animate=False)

    def action_ready(self) -> None:
        self.dismiss(None)
