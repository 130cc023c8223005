"""Finds text that a screen cuts: words a player needs that the terminal does not show.

Used by the tests (every game screen at 80×24 … 200×60) and by `tabletop check-layout`-style
debugging. A text widget (``Static`` and kin) is cut when the letters and digits it holds are
not all among the letters and digits it draws in its region: its content is cropped at the right
edge, ended with an ellipsis, or runs below its last row. A scrolling container is cut when its
content is larger than its region, unless it says the player scrolls it by key
(``scroll_by_key = True``: it takes the focus by a named key and the screen says so). Lists that scroll by key (the choices, the log, tables) are in reach by design.

A widget that shortens text itself (a board drawn on a Canvas cuts what crosses its edge) lists
what it shortened in ``shortened``; any entry is a cut.

It reads the widgets' own rendering (``render_lines``), so it needs a running app (Pilot).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

_WORD = re.compile(r"[^\W_]+")


@dataclass
class Cut:
    widget: str
    why: str

    def __str__(self) -> str:
        return f"{self.widget}: {self.why}"


def _plain(content: Any) -> str | None:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    plain = getattr(content, "plain", None)
    if isinstance(plain, str):
        return plain
    return None  # a renderable we cannot read as text (a table, a custom drawing): not checked


def _drawn(widget: Any) -> str:
    from textual.geometry import Region

    w, h = widget.outer_size
    if not w or not h:
        return ""
    strips = widget.render_lines(Region(0, 0, w, h))
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


def _name(widget: Any) -> str:
    wid = f"#{widget.id}" if widget.id else ""
    return f"{type(widget).__name__}{wid}"


def _tokens(text: str) -> list[str]:
    return _WORD.findall(text)


def _missing(held: str, drawn: str) -> list[str]:
    """Words of ``held`` that ``drawn`` lacks, in order (a word broken across rows by wrapping
    counts as drawn: compare the letters run together)."""
    want = "".join(_tokens(held))
    got = "".join(_tokens(drawn))
    if want == got or want in got:
        return []
    # which words went missing: walk the held words through the drawn letters
    out, pos = [], 0
    for word in _tokens(held):
        at = got.find(word, pos)
        if at < 0:
            out.append(word)
        else:
            pos = at + len(word)
    return out or [want[len(got):][:20] or "…"]


def find_cuts(screen: Any) -> list[Cut]:
    """Every cut on the screen as it is laid out now."""
    from textual.containers import ScrollableContainer
    from textual.widgets import Static

    from textual.widgets import Footer, RichLog

    from tabletop_tui.widgets.log_panel import LogPanel

    cuts: list[Cut] = []
    for footer in screen.query(Footer):
        if footer.display and _shown(footer):
            cuts += footer_cuts(footer)
    for widget in screen.walk_children(with_self=False):
        if not widget.display or not widget.visible:
            continue
        if not _shown(widget) or _within(widget, (Footer, RichLog, LogPanel)):
            # (the footer is checked above, by its keys; the log panel's older lines are in
            # reach: the whole log is one key away, L)
            continue
        shortened = getattr(widget, "shortened", None)
        if shortened:
            cuts.append(Cut(_name(widget), "had to shorten " + "; ".join(repr(t) for t in shortened[:4])))
        if isinstance(widget, ScrollableContainer):
            if (widget.max_scroll_y > 0 or widget.max_scroll_x > 0) and not getattr(widget, "scroll_by_key", False):
                cuts.append(Cut(_name(widget), f"its content is {widget.virtual_size} in a region of "
                                               f"{widget.scrollable_content_region.size}: the rest is scrolled "
                                               "away (a container the player scrolls by key says so with "
                                               "scroll_by_key = True)"))
            continue
        clipped = _clipped(screen, widget)
        if clipped and not _in_scroller(widget):
            cuts.append(Cut(_name(widget), clipped))
            continue
        if isinstance(widget, Static):
            held = _plain(widget.content)
            if held is None or not held.strip():
                continue
            drawn = _drawn(widget)
            if "…" in drawn and "…" not in held:
                cuts.append(Cut(_name(widget), "ends text with an ellipsis"))
                continue
            gone = _missing(held, drawn)
            if gone:
                cuts.append(Cut(_name(widget), "does not show " + " ".join(gone[:8])
                                + (" …" if len(gone) > 8 else "")))
    return cuts


def footer_cuts(footer: Any) -> list[Cut]:
    """The footer's keys that are not whole: a key that runs past the footer's right end or under
    the command palette's place ("g leg▏^p palette"). A screen names fewer keys rather than cut
    one (the legend, g, lists them all)."""
    from textual.widgets._footer import FooterKey

    keys = [k for k in footer.query(FooterKey) if k.display and k.region.width]
    palette = [k for k in keys if k.has_class("-command-palette")]
    right = min([k.region.x for k in palette] + [footer.region.right])
    out = []
    for key in keys:
        if key in palette:
            continue
        end = key.region.right
        if end > right or key.region.width < len(key.key_display) + 1 + len(key.description):
            out.append(Cut("Footer", f"cuts the key {key.key_display} {key.description!r} "
                                     f"(it ends at column {end}, the footer's room at {right})"))
    return out


def _within(widget: Any, kinds: tuple) -> bool:
    node = widget
    while node is not None:
        if isinstance(node, kinds):
            return True
        node = getattr(node, "parent", None)
    return False


def _shown(widget: Any) -> bool:
    """The widget and every ancestor are displayed (a hidden parent hides it)."""
    node = widget
    while node is not None and hasattr(node, "display"):
        if not node.display:
            return False
        node = node.parent
    return widget.size.width > 0 and widget.size.height > 0


def _clipped(screen: Any, widget: Any) -> str:
    """Why part of the widget lies outside what its parents show ("" if none does)."""
    try:
        geo = screen.find_widget(widget)
    except Exception:
        return ""
    region = geo.region
    shown = region.intersection(geo.clip)
    if shown.height < region.height or shown.width < region.width:
        return (f"only {shown.width}×{shown.height} of its {region.width}×{region.height} cells are "
                "inside its parent's region")
    return ""


def _in_scroller(widget: Any) -> bool:
    """Inside a container the player can scroll by key (its hidden part is in reach)."""
    node = widget.parent
    while node is not None:
        if getattr(node, "scroll_by_key", False) and hasattr(node, "max_scroll_y") and (
                node.max_scroll_y > 0 or node.max_scroll_x > 0):
            return True
        node = getattr(node, "parent", None)
    return False
