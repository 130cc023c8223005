"""Repaint a widget only when what it shows changes, and lay the screen out again only when its
height changes: a seat at a table redraws after every move another seat makes, and most moves
leave most of the screen as it was (issue 35: a move shown on five seats within 250 ms)."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.geometry import Size
from textual.widgets import Static


def same_content(a: Any, b: Any) -> bool:
    """Whether two contents draw the same (text and styles); anything but text or a string is
    taken as changed."""
    if isinstance(a, Text) and isinstance(b, Text):
        return (a.plain == b.plain and a.spans == b.spans and a.style == b.style and a.justify == b.justify
                and a.overflow == b.overflow and a.no_wrap == b.no_wrap and a.end == b.end)
    if isinstance(a, str) and isinstance(b, str):
        return a == b
    return False


def show(static: Static, content: Any, layout: bool | None = None) -> bool:
    """Put ``content`` in ``static`` unless it shows that already (then nothing is repainted).
    ``layout``: True or False as the caller knows; None: a layout only when the content's height
    at the widget's width changes (or its width can change: ``width: auto``). Returns whether the
    content changed."""
    if same_content(static.content, content):
        return False
    if layout is not None:
        static.update(content, layout=layout)
        return True
    width = static.content_region.width
    w = static.styles.width
    if width <= 0 or not static.is_mounted or (w is not None and w.is_auto):
        static.update(content)
        return True
    none = Size(0, 0)
    before = static.get_content_height(none, none, width)
    static.update(content, layout=False)
    if static.get_content_height(none, none, width) != before:
        static.refresh(layout=True)
    return True
