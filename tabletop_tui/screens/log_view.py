"""The whole game log on its own screen, to read back to the first move."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Footer, RichLog, Static

from tabletop_tui.widgets.log_panel import log_text


class LogScreen(ModalScreen[None]):
    # opaque: the log fills the screen, and a see-through background made Textual render the
    # game screen beneath on every frame (opening the log took ~20% longer for nothing shown)
    DEFAULT_CSS = """
    LogScreen { background: $background; }
    LogScreen #log-title { height: 1; background: $panel; text-style: bold; padding: 0 1; }
    LogScreen #whole-log { height: 1fr; padding: 0 1; background: $surface; }
    """
    BINDINGS = [Binding("escape,q,L", "close", "back"),
                Binding("j", "scroll(1)", show=False), Binding("k", "scroll(-1)", show=False)]

    def __init__(self, title: str, lines: list[str], since: int) -> None:
        super().__init__()
        self.title_text = title
        self.lines = list(lines)
        self.since = since

    def compose(self) -> ComposeResult:
        yield Static(Text(f"{self.title_text} — the whole game, {len(self.lines)} moves "
                          "(▸ since the last decision of the player to move)"), id="log-title")
        yield RichLog(wrap=True, markup=False, highlight=False, auto_scroll=True, id="whole-log")
        yield Footer()

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        if not self.lines:
            log.write(Text("Nothing has happened yet.", style="dim"))
        width = len(str(len(self.lines)))
        for i, line in enumerate(self.lines):
            row = Text(f"{i + 1:>{width}} ", style="dim")
            row.append_text(log_text(line, i >= self.since))
            log.write(row)
        log.focus()

    def action_scroll(self, step: int) -> None:
        log = self.query_one(RichLog)
        log.scroll_to(y=log.scroll_y + step, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
