"""Pages over a game that scroll by key — the notices (n), the legend (g), the seat sheets (p),
Maracaibo's detail (i) — with their keys in one place: ↓ j and ↑ k a line, PgDn PgUp ten."""
from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static


class ScrollPage(ModalScreen[None]):
    """A page whose box (the focused one, else its first) scrolls by the keys."""

    BINDINGS = [Binding("j,down", "scroll(1)", show=False), Binding("k,up", "scroll(-1)", show=False),
                Binding("pagedown", "scroll(10)", show=False), Binding("pageup", "scroll(-10)", show=False)]

    def scroll_box(self) -> VerticalScroll | None:
        focused = self.focused
        if isinstance(focused, VerticalScroll):
            return focused
        boxes = self.query(VerticalScroll)
        return boxes.first() if boxes else None

    def action_scroll(self, step: int) -> None:
        box = self.scroll_box()
        if box is not None:
            box.scroll_to(y=box.scroll_y + step, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class WrappedTextPage(ScrollPage):
    """One text in a box that scrolls (``BOX_ID``, its ``TEXT_ID`` Static), wrapped again to the
    width at every size (``text(width)``)."""

    BOX_ID = ""
    TEXT_ID = ""

    def text(self, width: int | None = None) -> Text:
        raise NotImplementedError

    def text_box(self) -> VerticalScroll:
        """The box, focused on mount (↑ ↓ scroll it, as the title says)."""
        box = VerticalScroll(Static(self.text(None), id=self.TEXT_ID), id=self.BOX_ID, can_focus=True)
        box.scroll_by_key = True
        return box

    def on_mount(self) -> None:
        self.query_one(f"#{self.BOX_ID}").focus()
        self._wrap()

    def on_resize(self) -> None:
        self._wrap()

    def _wrap(self) -> None:
        # the box's width less its padding and a scroll bar's room
        self.query_one(f"#{self.TEXT_ID}", Static).update(self.text(self.app.size.width - 2 - 2))
