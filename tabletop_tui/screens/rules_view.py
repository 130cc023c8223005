"""The rules viewer: the game's Markdown rules text."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, MarkdownViewer


class RulesScreen(Screen[None]):
    DEFAULT_CSS = "RulesScreen MarkdownViewer { height: 1fr; }"
    BINDINGS = [Binding("escape,q,question_mark", "close", "back"),
                # (the viewer has the focus: ↑↓ PgUp PgDn scroll it; the footer says so)
                Binding("pagedown", "page_down", "↑↓ PgDn scroll")]

    def __init__(self, game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        from tabletop_tui.assets import read_text

        try:
            text = read_text(self.game.id, "rules.md")
        except OSError:
            text = f"# {self.game.title}\n\nThe rules text is not written yet."
        viewer = MarkdownViewer(text, show_table_of_contents=False)
        viewer.scroll_by_key = True  # (the cut-text check: the rest is in reach, the footer names the keys)
        yield viewer
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(MarkdownViewer).focus()

    def action_page_down(self) -> None:
        self.query_one(MarkdownViewer).scroll_page_down()

    def action_close(self) -> None:
        self.dismiss(None)
