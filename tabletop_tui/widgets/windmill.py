"""Finca's windmill: 12 blades in a clockwise ring, the farmers on each, the two dividing lines,
the donkey carts left in the middle and the fruit supply.

The ring is the 12 outer cells of a 4×4 grid. Blade numbers (1–12, as people see them) run
clockwise from 12 o'clock; the dividing lines (at 3 and 9 o'clock) cross the middle of the ring
as one horizontal axis, so the six blades above it and the six below it are the two sides.

Renders the state it is given; clicks post ``CanvasBoard.TargetChosen`` with ("blade", i). It knows
no rules: the screen says which targets are legal and what a highlighted move would do.
"""
from __future__ import annotations

import re

from typing import Any

from rich.style import Style

from tabletop_tui.widgets.canvas import Canvas
from tabletop_tui.widgets.canvas_board import CanvasBoard
from tabletop_tui.widgets.players import DEFAULT_ORDER, colour_hex, markers

FRUITS = ("fig", "almond", "olive", "orange", "grape", "lemon")
FRUIT_LETTER = {"fig": "F", "almond": "A", "olive": "O", "orange": "R", "grape": "G", "lemon": "L"}
# Background and text colour of each fruit's chip. The letter is always shown too.
FRUIT_BG = {"fig": "#8a4f7d", "almond": "#c9a66b", "olive": "#6b7f2a", "orange": "#e8862a",
            "grape": "#5e4fa2", "lemon": "#e6d94a"}
FRUIT_FG = {"fig": "white", "almond": "black", "olive": "white", "orange": "black",
            "grape": "white", "lemon": "black"}

# Grid cell (column, row) of blade index i: i = 0 is just right of 12 o'clock.
GRID = [(2, 0), (3, 0), (3, 1), (3, 2), (3, 3), (2, 3), (1, 3), (0, 3), (0, 2), (0, 1), (0, 0), (1, 0)]

CELL_BG = "#1f252d"
TARGET_BG = "#2f4a66"
CURSOR_BG = "#ffd866"
LAND_BG = "#2e5a36"


def fruit_style(fruit: str, bold: bool = True) -> Style:
    return Style(bold=bold, color=FRUIT_FG[fruit], bgcolor=FRUIT_BG[fruit])


def seat_colours(n: int) -> list[str]:
    return [colour_hex(DEFAULT_ORDER[i % len(DEFAULT_ORDER)]) for i in range(n)]


def fit(text: str, width: int) -> str:
    """Shorter wording for narrow windmills."""
    if len(text) > width:
        text = text.replace("donkey ", "").replace("all return ", "").replace("windmill ", "")
    if len(text) > width:  # (the carts ran out: "none: all return" at 15 columns lost its "n")
        text = text.replace("all return", "all back")
    if len(text) > width:
        text = text.replace(": all back", "")
    if len(text) > width:  # "9→11: +1 A" at 9 columns: "9→11:+1A"
        text = re.sub(r"(\+\d+) (?=\S)", r"\1", text.replace(": ", ":"))
    return text


def whole_items(text: str, width: int) -> str:
    """The space-separated items of ``text`` that fit ``width`` whole, from the first."""
    out = ""
    for item in text.split(" "):
        if len(out) + bool(out) + len(item) > width:
            break
        out = f"{out} {item}" if out else item
    return out


def ring_height(ch: int) -> int:
    return 4 * ch - 1 if ch >= 4 else 4 * ch + 1


def farmer_tokens(counts: list[int], marks: list[str], width: int) -> list[tuple[int, str]]:
    """(seat, text) chips for the farmers on one blade: "AA" for two of Anna's, "A4" when tight."""
    toks = [(p, marks[p] * k) for p, k in enumerate(counts) if k]
    if sum(len(t) for _, t in toks) + max(0, len(toks) - 1) > width:
        toks = [(p, marks[p] + (str(k) if k > 1 else "")) for p, k in enumerate(counts) if k]
    return toks


class Windmill(CanvasBoard):
    DEFAULT_CSS = """
    Windmill { width: 1fr; height: 1fr; min-height: 9; }
    """

    def __init__(self, state: Any = None, **kwargs: Any) -> None:
        super().__init__(state, **kwargs)
        self.preview: dict | None = None

    def update_state(self, state: Any, targets: set | None = None, cursor: Any = None,
                     preview: dict | None = None) -> None:
        """``preview`` describes the highlighted move: {"from": blade or None, "to": blade,
        "steps": n, "land": short text for the landing blade, "lines": text for the middle,
        "short_lines": the same, shorter, for narrow windmills}."""
        targets = set(targets or ())
        if not (isinstance(cursor, tuple) and cursor[:1] == ("blade",)):
            cursor = None  # a cursor elsewhere (a community, a fruit) changes nothing here
        self.preview = preview
        super().update_state(state, targets, cursor, preview=preview)

    # -- geometry --------------------------------------------------------------------------
    def geometry(self) -> tuple[int, int, int, int]:
        """Cell width, cell height (a blank row below each cell from 4 up), left and top offset."""
        w, h = self.size.width, self.size.height
        cw = max(6, min(14, (w - 1) // 4))  # one column to the left for the ">" marks
        ch = 2
        for c in (5, 4, 3):
            if ring_height(c) <= h:
                ch = c
                break
        ox = max(1, (w - cw * 4 + 1) // 2)
        oy = max(0, min(2, (h - ring_height(ch)) // 2))  # near the top, level with the communities
        return cw, ch, ox, oy

    def draw(self) -> Canvas | None:
        s = self.state
        w, h = self.size.width, self.size.height
        if s is None or w == 0 or h == 0:
            return None
        cw, ch, ox, oy = self.geometry()
        cv = Canvas(w, h)
        self._hit = {}
        names = list(s.names)
        marks = markers(names)
        colours = seat_colours(len(names))
        pv = self.preview or {}
        box_w = cw - 1
        box_h = ch if ch < 4 else ch - 1  # a blank row between cells when there is room

        def cell_y(row: int) -> int:
            # small cells: one extra row between the halves for the dividing line
            return oy + row * ch + (1 if row >= 2 and ch < 4 else 0)

        for i, fruit in enumerate(s.blades):
            col, row = GRID[i]
            x, y = ox + col * cw, cell_y(row)
            target = ("blade", i)
            for yy in range(y, y + box_h):
                for xx in range(x, x + box_w):
                    self._hit[(xx, yy)] = target
            bg = CELL_BG
            if target in self.targets:
                bg = TARGET_BG
            if pv.get("to") == i:
                bg = LAND_BG
            cv.fill(x, y, box_w, box_h, Style(bgcolor=bg))
            # top row: number, fruit chip and name; ">" (legal) or "»" (cursor) just left of it
            head_style = Style(bold=True, color="white")
            if target == self.cursor:
                cv.fill(x, y, box_w, 1, Style(bgcolor=CURSOR_BG))
                head_style = Style(bold=True, color="black")
            if target in self.targets or target == self.cursor:
                cv.put(x - 1, y, "»" if target == self.cursor else ">", Style(bold=True, color=CURSOR_BG))
            cv.put(x, y, f"{i + 1:>2}", head_style)
            cv.put(x + 3, y, FRUIT_LETTER[fruit], fruit_style(fruit))
            if 5 + len(fruit) <= box_w:
                cv.put(x + 5, y, fruit, head_style)
            # farmers: one chip per farmer, the player's colour and initial
            counts = [s.farmers[p][i] for p in range(len(names))]
            fy = y + 1 if box_h >= 2 else y
            fx = x + 1 if box_h >= 2 else x + 6
            room = x + box_w - fx
            for p, tok in farmer_tokens(counts, marks, room):
                if fx + len(tok) > x + box_w:
                    break
                cv.put(fx, fy, tok, Style(bold=True, color="black", bgcolor=colours[p]))
                fx += len(tok) + 1
            # the last row: where the highlighted move lands, else how far a farmer here moves
            if box_h >= 3 or (box_h >= 2 and pv.get("to") == i and not any(counts)):
                ly = y + box_h - 1
                if pv.get("to") == i and pv.get("land"):
                    land = pv["land"] if len(pv["land"]) < box_w else pv["land"].replace(" ", "")
                    if len(land) > box_w - 1:  # whole gains only ("+1A", not "+1A+"): the preview
                        land = whole_items(pv["land"], box_w - 1)  # under the line says them all
                    cv.put(x + 1, ly, land, Style(bold=True, color="white"))
                elif any(counts) and box_h >= 3:
                    st = Style(bold=True, color="white") if pv.get("from") == i else Style(dim=True)
                    cv.put(x + 1, ly, f"go {sum(counts)}"[: box_w - 1], st)

        # the dividing lines: one axis across the middle of the ring
        ly = oy + 2 * ch - (1 if ch >= 4 else 0)
        ring_w = cw * 4 - 1
        cv.put(ox, ly, "═" * ring_w, Style(bold=True, color="#d9a441"))
        label = " dividing line: +1 donkey cart " if ring_w >= 40 else " line: +1 cart " if ring_w >= 20 else " line "
        cv.put_centered(ox, ly, ring_w, label, Style(bold=True, color="#d9a441"))

        # the middle: carts above the line, supply and the move preview below
        mx, mw = ox + cw + 1, cw * 2 - 3  # a column clear of the cells' ">" marks on each side
        top_y, top_h = cell_y(1), ly - cell_y(1)
        carts = s.windmill_carts
        lines: list[tuple[str, Any]] = []
        lines.append((f"donkey carts: {carts}", Style(bold=True)))
        if carts:
            lines.append(("▮" * carts, Style(bold=True, color="#d9a441")))
        else:
            lines.append(("none: all return", Style(italic=True)))
        if top_h >= 4:
            lines.insert(0, ("windmill turns", Style(dim=True)))
            lines.insert(1, ("clockwise", Style(dim=True)))
        start = top_y + max(0, (top_h - len(lines)) // 2)
        for k, (txt, st) in enumerate(lines[:max(0, top_h)]):
            cv.put_centered(mx, start + k, mw, fit(txt, mw), st)
        bot_y = ly + 1
        bot_h = cell_y(3) - bot_y
        row_y = bot_y
        if bot_h >= 1:
            self._supply_row(cv, mx, row_y, mw, s)
            one = sum(len(f"{FRUIT_LETTER[f]}{s.supply[f]}") + 1 for f in FRUITS) - 1
            row_y += 1 if one <= mw else 2
        plines = pv.get("lines", [])
        if any(len(x) > mw for x in plines):
            plines = pv.get("short_lines", plines)
        for txt in plines:
            if row_y < bot_y + bot_h:
                cv.put_centered(mx, row_y, mw, fit(txt, mw), Style(bold=True))
                row_y += 1
        return cv

    def _supply_row(self, cv: Canvas, x: int, y: int, w: int, s: Any) -> None:
        """The fruit supply as chips: "F14 A18 ...", in two rows if narrow."""
        toks = [(f, f"{FRUIT_LETTER[f]}{s.supply[f]}") for f in FRUITS]
        one = sum(len(t) for _, t in toks) + len(toks) - 1
        rows = [toks] if one <= w else [toks[:3], toks[3:]]
        for r, row in enumerate(rows):
            text_len = sum(len(t) for _, t in row) + len(row) - 1
            xx = x + max(0, (w - text_len) // 2)
            for f, t in row:
                cv.put(xx, y + r, t, fruit_style(f))
                xx += len(t) + 1
