"""The notices page (n in a game): every notice the game told since it was opened, newest first.
A notice on the decision panel's row is gone with the next key; here it can be read again."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Static

from tabletop_tui.screens.scroll_page import WrappedTextPage

#: how each kind of notice is marked, in words as well as colour (NO_COLOR shows the words)
MARKS = {"error": "✗ error", "warning": "! warning", "information": "!"}


class NoticesScreen(WrappedTextPage):
    """The notices a game told (``GameScreen.told_here``), newest first, scrollable."""

    DEFAULT_CSS = """
    NoticesScreen { background: $background; }
    NoticesScreen #notices-title { height: auto; background: $panel; text-style: bold; padding: 0 1; }
    NoticesScreen #notices-box { height: 1fr; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,q,n", "close", "back")]
    BOX_ID, TEXT_ID = "notices-box", "notices-text"

    def __init__(self, title: str, notices: list) -> None:
        """``notices``: newest first, each with ``message``, ``title``, ``severity``."""
        super().__init__()
        self.title_text = title
        self.notices = list(notices)

    def compose(self) -> ComposeResult:
        n = len(self.notices)
        said = f"{n} notice{'s' if n != 1 else ''}, newest first" if n else "no notices yet"
        yield Static(Text(f"{self.title_text} — notices: {said} · ↑↓ scroll · Esc back"), id="notices-title")
        yield self.text_box()
        yield Footer()

    def text(self, width: int | None = None) -> Text:
        """Every notice, its mark first; a long one wrapped between words under its first word
        (not under the marks) when ``width`` is given."""
        import textwrap

        t = Text()
        if not self.notices:
            t.append("Nothing has been told in this game yet: refusals, undo, saves and errors are "
                     "listed here, newest first.", style="dim")
            return t
        for i, note in enumerate(self.notices):
            if i:
                t.append("\n")
            severity = getattr(note, "severity", "information")
            mark = MARKS.get(severity, "!")
            message = str(note.message)
            title = getattr(note, "title", "")
            if title and not message.startswith(title):
                message = f"{title}: {message}"
            t.append(f"{mark} ", "bold red" if severity == "error" else "bold")
            indent = len(mark) + 1
            if width and width - indent >= 20:
                lines = [w for part in message.splitlines() for w in
                         (textwrap.wrap(part, width - indent, break_on_hyphens=False) or [""])]
                t.append(("\n" + " " * indent).join(lines))
            else:
                t.append(message)
        return t
