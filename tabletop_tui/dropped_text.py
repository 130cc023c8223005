"""Finds what a screen drops: things of the table its layout means to show that are neither on the
screen nor behind a visible mark.

The cut-text check (cut_text.py) finds words a widget cut short; it cannot see a word a layout
simply left out (a market space pushed off the end of a map box, the tenth community below the
last row). This check starts from the other end: the caller lists, from the state, every item the
layout means to show (``Item``: what it is, in the game's words; how the screen writes it; where
on the screen to look), and it reports each item that is not drawn there. An item may instead be
behind a mark (``▼ 2 more``, ``↑↓ for all``): a visible sign that more is there and how to see it.

It reads the composed screen (every widget as drawn, with what lies on top), so it needs a
running app (Pilot).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Item:
    what: str  # the thing, in the game's words ("Puerto Plata's market")
    text: str  # how the screen writes it (found within one row; "a\nb": a in one row, b in the next)
    where: Any = None  # a Region of the screen, a widget's selector or class (its region), or None: anywhere
    mark: str = ""  # a mark that, drawn in the same place, says the item is there but out of sight
    alts: tuple = ()  # other ways the screen may write it (a tight form, an arrow of eight)
    row: str = ""  # a regular expression: found only on a row it matches (the thing's own row,
    # by its name); while such a row is on screen the mark does not excuse the item


def screen_rows(screen: Any) -> list[str]:
    """The screen as drawn, row by row (padded to its width, so columns line up)."""
    width = screen.size.width
    return ["".join(seg.text for seg in strip).ljust(width)
            for strip in screen._compositor.render_strips()]


def _region(screen: Any, where: Any) -> Any:
    from textual.geometry import Region

    if where is None:
        return Region(0, 0, screen.size.width, screen.size.height)
    if isinstance(where, (str, type)):
        widgets = [w for w in screen.query(where) if w.display]
        return widgets[0].region if widgets else Region(0, 0, 0, 0)
    return where


def region_rows(rows: list[str], region: Any) -> list[str]:
    return [row[region.x:region.right] for row in rows[region.y:region.bottom]]


def _found(text: str, seen: list[str]) -> bool:
    """``text`` within one row of ``seen``, or its lines in as many rows one under another."""
    parts = text.split("\n")
    return any(all(part in seen[i + k] for k, part in enumerate(parts))
               for i in range(len(seen) - len(parts) + 1))


def find_dropped(screen: Any, items: list[Item]) -> list[str]:
    """Each item neither drawn where the layout shows it nor behind its mark there."""
    rows = screen_rows(screen)
    out = []
    for item in items:
        region = _region(screen, item.where)
        seen = region_rows(rows, region)
        own = [r for r in seen if re.search(item.row, r)] if item.row else seen
        if any(_found(text, own) for text in (item.text, *item.alts)):
            continue
        if item.mark and not (item.row and own) and any(item.mark in row for row in seen):
            continue
        place = getattr(item.where, "__name__", item.where) if isinstance(item.where, (str, type)) else (
            f"{region.width}×{region.height} at {region.x},{region.y}" if item.where is not None else "the screen")
        out.append(f"{item.what}: {item.text!r} not in {place}" + (f" (nor a mark {item.mark!r})" if item.mark else ""))
    return out
