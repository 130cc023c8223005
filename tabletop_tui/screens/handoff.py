"""The curtain between two players: it hides the table until the next one is ready, and tells
them what everyone did since their last decision (the log is public; the table is not)."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static


class HandoffScreen(Screen[None]):
    DEFAULT_CSS = """
    HandoffScreen { align: center middle; background: $background; }
    HandoffScreen #curtain { width: auto; max-width: 90%; padding: 1 4; border: heavy $accent; text-style: bold; }
    HandoffScreen #since { width: 90%; max-width: 100; height: auto; margin-top: 1;
                           border: round $panel; padding: 0 1; }
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
                    yield Static(self._since_text(), id="since")

    def _since_text(self) -> Text:
        """What happened since the player's last decision; the newest lines if there are many
        (the game's `L` shows them all)."""
        room = max(3, self.app.size.height - 12)
        # an entry may hold several rows (what the move changed for each player): count rows
        rows = [("▸ " if k == 0 else "  ") + row for entry in self.since
                for k, row in enumerate(entry.split("\n"))]
        t = Text(f"Since {self.player}'s last decision:", style="bold")
        # a row longer than the box wraps: count the screen lines it takes (box: 90%, at most
        # 100 wide, less its border and padding)
        inner = max(20, min(100, self.app.size.width * 9 // 10) - 4)
        tall = [max(1, -(-len(row) // inner)) for row in rows]
        if sum(tall) > room:
            keep, used = 0, 1  # the line that says how many earlier lines there are
            while keep < len(rows) and used + tall[-1 - keep] <= room:
                used += tall[-1 - keep]
                keep += 1
            t.append(f"  ({len(rows) - keep} earlier lines: press L in the game to read them)",
                     style="not bold dim")
            rows = rows[len(rows) - keep:]
        for row in rows:
            t.append("\n")
            t.append_text(Text(row, style="not bold"))
        return t

    def action_ready(self) -> None:
        self.dismiss(None)
