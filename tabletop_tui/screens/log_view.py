"""The whole game log on its own screen, to read back to the first move."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Footer, RichLog, Static

from tabletop_tui.widgets.ledger_table import LedgerTable
from tabletop_tui.widgets.log_panel import log_text


class LogScreen(ModalScreen[None]):
    # opaque: the log fills the screen, and a see-through background made Textual render the
    # game screen beneath on every frame (opening the log took ~20% longer for nothing shown)
    DEFAULT_CSS = """
    LogScreen { background: $background; }
    LogScreen #log-title { height: auto; background: $panel; text-style: bold; padding: 0 1; }
    LogScreen #whole-log { height: 1fr; padding: 0 1; background: $surface;
                           overflow-y: scroll; scrollbar-size-vertical: 1; }
    LogScreen #log-notice { height: auto; padding: 0 1; display: none; }
    LogScreen #ledger { height: 1fr; display: none; }
    LogScreen.-table #ledger { display: block; }
    LogScreen.-table #whole-log { display: none; }
    """
    BINDINGS = [Binding("escape,q,L", "close", "back"),
                Binding("t", "table", "ledger table / log"),
                Binding("j", "scroll(1)", show=False), Binding("k", "scroll(-1)", show=False)]

    def __init__(self, title: str, lines: list[str], since: int, match=None) -> None:
        super().__init__()
        self.title_text = title
        self.lines = list(lines)
        self.since = since
        self.match = match  # for the ledger table: every player's counters after each entry

    def compose(self) -> ComposeResult:
        yield Static(self._title(), id="log-title")
        yield Static("", id="log-notice")  # a notice of the page, on a line of its own (no toast over the log)
        # lines wrap to the width left beside the scrollbar (always there, so the width never
        # changes under written lines; RichLog's default min_width of 78 cut two letters at 80)
        yield RichLog(wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=1,
                      id="whole-log")
        yield LedgerTable(id="ledger")
        yield Footer()

    def _title(self) -> Text:
        if self.has_class("-table"):
            table = self.query_one("#ledger", LedgerTable)
            return Text(f"{self.title_text} — the ledger: {table.heading()} (←→ columns; t: the log)")
        return Text(f"{self.title_text} — the whole game, {len(self.lines)} moves "
                    "(▸ since the last decision of the player to move; t: the ledger table)")

    def action_table(self) -> None:
        if self.match is None:
            self.tell("No ledger for this log: it was opened without its game's moves.")
            return
        table = self.query_one("#ledger", LedgerTable)
        if table.match is None:
            d = self.match.pending
            table.show(self.match, d.seat if d is not None else 0)
        self.toggle_class("-table")
        self.retitle()
        (table if self.has_class("-table") else self.query_one(RichLog)).focus()

    def tell(self, text: str) -> None:
        """A notice of the page on its line under the title, marked "!" in words, until the
        next key (a toast lay over the log)."""
        notice = self.query_one("#log-notice", Static)
        notice.update(Text(f"! {text}", style="bold"))
        notice.display = True

    def on_key(self, event) -> None:
        """The next key clears the notice (before the key's own action, which may tell it again)."""
        notice = self.query_one("#log-notice", Static)
        if notice.display:
            notice.display = False

    def retitle(self) -> None:
        self.query_one("#log-title", Static).update(self._title())

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
