"""Player panels that fit their column: lines broken between items (never inside a word or a
number), and the richest of several layouts that fits the column's height.

A game screen builds each panel as a first line plus items; ``flow`` lays them out at the
column's width, and ``pick`` chooses the first layout (richest first) whose lines fit its height,
so that every player's panel stays whole without scrolling.
"""
from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text


def flow(first: Text, items: Iterable[Text], width: int, indent: int = 2, sep: str = " ",
         sep_style: str = "") -> list[Text]:
    """``first`` then ``items``, separated by ``sep``; an item that would cross ``width`` starts a
    new line indented by ``indent``. An item longer than a whole line is left to wrap."""
    lines = [first.copy()]
    for item in items:
        if not item.plain:
            continue
        line = lines[-1]
        gap = sep if line.plain.strip() else ""
        if line.cell_len + len(gap) + item.cell_len <= width or not line.plain.strip():
            line.append(gap, sep_style)
            line.append_text(item)
        else:
            new = Text(" " * indent)
            new.append_text(item)
            lines.append(new)
    return lines


def rows(lines: list[Text], width: int) -> int:
    """The rows ``lines`` take in a column ``width`` wide (a too-long line wraps)."""
    return sum(max(1, -(-line.cell_len // max(1, width))) for line in lines)


def pick(layouts: Iterable[list[Text]], width: int, height: int) -> list[Text]:
    """The first layout whose lines fit ``height`` rows (the last one if none does)."""
    best: list[Text] = []
    for layout in layouts:
        best = layout
        if rows(layout, width) <= height:
            break
    return best


def join(lines: list[Text]) -> Text:
    out = Text()
    for i, line in enumerate(lines):
        if i:
            out.append("\n")
        out.append_text(line)
    return out


def scroll_only_if_needed(box, lines: list[Text], width: int, height: int) -> None:
    """No scroll bar while the panels fit: a scroll bar that appeared for a moment (the column
    shrank before the panels were fitted again) would narrow the column and make them wrap."""
    overflow = "hidden" if rows(lines, width) <= height else "auto"
    if box.styles.overflow_y != overflow:
        box.styles.overflow_y = overflow


def shorten(text: Text, width: int, shortened: list) -> Text:
    """``text`` cut to ``width`` cells with an ellipsis, the cut recorded in ``shortened`` (a
    widget's list, read by the cut-text check). Use only where the whole text is one key away."""
    if text.cell_len > width:
        shortened.append(text.plain)
        text = text.copy()
        text.truncate(width, overflow="ellipsis")
    return text
