"""The base of every board widget: draw the state into a Canvas once per change, serve it a row at
a time through Textual's Line API, and turn clicks into ``CanvasBoard.TargetChosen`` messages.

A subclass implements ``draw()`` (returning a Canvas) and records clickable cells with
``self.hit(x, y, w, h, target)`` while drawing. It knows no rules: the screen says which targets
are legal (``targets``) and where the cursor is."""
from __future__ import annotations

from typing import Any

from textual import events
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from tabletop_tui.widgets.canvas import Canvas


class CanvasBoard(Widget):
    class TargetChosen(Message):
        """The player clicked a board target. GameScreen answers it with choose_target()."""

        def __init__(self, target: Any) -> None:
            super().__init__()
            self.target = target

    def __init__(self, state: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.state = state
        self.targets: set = set()
        self.cursor: Any = None
        self.extra: dict = {}
        self._hit: dict[tuple[int, int], Any] = {}
        self._drawn_for: tuple[int, int] | None = None
        self._rows: list[Strip] = []

    #: text the last drawing had to cut at the canvas's edge (read by the cut-text check)
    shortened: list = []

    def update_state(self, state: Any, targets: set | None = None, cursor: Any = None, **extra: Any) -> None:
        """Show a new position; ``extra`` carries what a particular board wants (a move preview…)."""
        targets = set(targets or ())
        if targets == self.targets and cursor == self.cursor and extra == self.extra and (
                state is self.state or self.same_picture(self.state, state)):
            self.state = state
            return  # nothing the drawing shows changed: skip a repaint
        self.state, self.targets, self.cursor, self.extra = state, targets, cursor, extra
        self._drawn_for = None
        self.refresh()

    def same_picture(self, old: Any, new: Any) -> bool:
        """Whether ``draw()`` would draw ``new`` exactly as it drew ``old`` (a board that reads only
        part of the state says which part, so that a move elsewhere costs it no repaint)."""
        return False

    def hit(self, x: int, y: int, w: int, h: int, target: Any) -> None:
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                self._hit[(xx, yy)] = target

    def draw(self) -> Canvas | None:  # overridden
        return None

    def render_line(self, y: int) -> Strip:
        w, h = self.size  # (once a line: the size is worked out from the region each time)
        if self._drawn_for != (w, h):
            self._drawn_for = (w, h)
            self._hit = {}
            cv = self.draw() if self.state is not None and w and h else None
            self.shortened = list(cv.cropped) if cv else []  # words cut at the edge (cut-text check)
            self._rows = [Strip(segs, w) for segs in cv.to_segments()] if cv else []
        if 0 <= y < len(self._rows):
            return self._rows[y]
        return Strip.blank(w)

    def on_click(self, event: events.Click) -> None:
        target = self._hit.get((event.x, event.y))
        if target is not None:
            self.post_message(self.TargetChosen(target))
