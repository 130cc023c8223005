"""Piratissimo's board: 24 islands in a clockwise ring, a harbour in each corner.

Renders the state it is given; clicks post ``RingBoard.TargetChosen`` with ("island", i) or
("harbour", seat). It knows no rules: the screen tells it which targets are legal.
"""
from __future__ import annotations

import textwrap

from typing import Any

from rich.style import Style

from tabletop_tui.widgets.canvas import Canvas
from tabletop_tui.widgets.canvas_board import CanvasBoard
from tabletop_tui.widgets.players import colour_hex, markers

# Ring positions on an 8×8 grid of cells: islands 0–5 along the top (left → right), 6–11 down the
# right side, 12–17 along the bottom (right → left), 18–23 up the left side. Corners: harbours.
# Players see the islands numbered 1–24 (index + 1).
CORNERS = [(0, 0), (7, 0), (7, 7), (0, 7)]


def island_cell(i: int) -> tuple[int, int]:
    side, k = divmod(i, 6)
    if side == 0:
        return (1 + k, 0)
    if side == 1:
        return (7, 1 + k)
    if side == 2:
        return (6 - k, 7)
    return (0, 6 - k)


def harbour_corner(exit_island: int) -> tuple[int, int]:
    """The corner cell just before the island a harbour opens onto."""
    return CORNERS[(exit_island // 6) % 4]


def _get(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, dict):
        return obj.get(name, default)
    return getattr(obj, name, default)


WHEEL_TEXT = {
    "lucky": "Lucky! ships blown on",
    "overboard": "Overboard! treasure shared",
    "lookout": "Lookout! ships run home",
    "washed": "Washed! 2 lost each",
}


class RingBoard(CanvasBoard):
    DEFAULT_CSS = """
    RingBoard { width: 1fr; height: 1fr; min-height: 8; }
    """

    # cells of 7 columns (6 drawn) and 1 row: the smallest whole ring (2 rows from 16 up, 3 on
    # tall terminals)
    MIN_W, MIN_H = 8 * 7, 8 * 1

    def _geometry(self) -> tuple[int, int, int, int]:
        w, h = self.size.width, self.size.height
        cw = max(7, min(12, w // 8))
        # Tall cells only where they always fit: the choices below grow and shrink from one
        # decision to the next, and the ring must not change size (or jump) with them.
        tall = h >= 24 and (self.app.size.height if self.is_attached else 0) >= 46
        ch = 3 if tall else 2 if h >= 16 else 1
        ox = max(0, (w - cw * 8) // 2)
        oy = 0  # top-anchored: the ring does not move when the choices below grow or shrink
        return cw, ch, ox, oy

    def draw(self) -> Canvas | None:
        s = self.state
        w, h = self.size.width, self.size.height
        if s is None or w == 0 or h == 0:
            return None
        cw, ch, ox, oy = self._geometry()
        cv = Canvas(w, h)
        if w < self.MIN_W or h < self.MIN_H:  # never a silently cut ring: say what it needs
            msg = f"The board needs {self.MIN_W}×{self.MIN_H} cells here; it has {w}×{h}. Make the terminal larger."
            for k, line in enumerate(textwrap.wrap(msg, max(10, w - 2))[:h]):
                cv.put(1, k, line, "bold")
            return cv
        names = list(s.names)
        marks = markers(names)
        colours = [colour_hex(c) for c in s.colours]
        n = len(names)

        def cell_xy(cx: int, cy: int) -> tuple[int, int]:
            return ox + cx * cw, oy + cy * ch

        def hit(cx: int, cy: int, target: Any) -> None:
            x, y = cell_xy(cx, cy)
            self.hit(x, y, cw, ch, target)

        # islands
        for i, isl in enumerate(s.islands):
            cx, cy = island_cell(i)
            x, y = cell_xy(cx, cy)
            kind = _get(isl, "kind", "neutral")
            chest = _get(isl, "chest", 0)
            if kind == "green":
                label, bg = f"G{chest}", "on #1f4d2b"
            elif kind == "red":
                label, bg = f"R{chest or 2}", "on #5c1f1f"
            else:
                label, bg = " ·", "on #1d3557"
            target = ("island", i)
            hit(cx, cy, target)
            cv.fill(x, y, cw - 1, ch, bg)
            style = "bold"
            if target in self.targets:
                style = "bold reverse"
            if target == self.cursor:
                style = "bold black on #ffd866"
            start = "+" if _get(isl, "tornado_start", False) else " "
            head = f"{i + 1:>2}{start}{label}"
            cv.put(x, y, head, style)
            here = [seat for seat in range(n) if s.location[seat] == i]
            things = len(here) + (s.tornado == i)
            if ch == 1 and len(head) + things > cw - 1:
                head = head.replace(" ", "")  # "18·AC@": the ships and the tornado whole in the cell
                if len(head) + things > cw - 1:
                    # three ships or more and the tornado in a cell of eight: the number and
                    # every ship whole ("16ABC@"); the chest, which never changes, is in the
                    # choices and on a wider or taller terminal
                    head = f"{i + 1:>2}"
                cv.put(x, y, " " * (cw - 1), style)
                cv.put(x, y, head, style)
            if ch == 1:  # one row: the ships as letters after the label, the tornado as @
                xx = x + len(head)
                for seat in range(n):
                    if s.location[seat] == i:
                        cv.put(xx, y, marks[seat], Style(bold=True, color="black", bgcolor=colours[seat]))
                        xx += 1
                if s.tornado == i:
                    cv.put(xx, y, "@", Style(bold=True, color="white", bgcolor="#6b6b6b"))
                continue
            # ships moored here and the tornado: a ship " A " and the tornado "@@@" while they
            # fit side by side (the tornado a row lower on tall cells), else a letter each and
            # "@" a space apart (two ships and the tornado in a cell of seven: it covered the
            # second ship), else side by side ("ABCD@": four ships and the tornado in a cell of
            # eight pushed the tornado out of it)
            row = y + 1
            xx = x
            tornado = s.tornado == i
            wide = 3 * len(here) <= (cw - 1) - (3 if tornado and ch < 3 else 0)
            step = 3 if wide else 2 if 2 * things - 1 <= cw - 1 else 1
            for seat in here:
                cv.put(xx, row, f" {marks[seat]} " if wide else marks[seat],
                       Style(bold=True, color="black", bgcolor=colours[seat]))
                xx += step
            if tornado:
                tor = Style(bold=True, color="white", bgcolor="#6b6b6b")
                if wide:
                    cv.put(x + cw - 4, row if xx <= x + cw - 4 else row + 1, "@@@", tor)
                else:
                    cv.put(xx, row, "@", tor)
        # harbours in the corners
        for seat in range(n):
            cx, cy = harbour_corner(s.harbour_exit[seat])
            x, y = cell_xy(cx, cy)
            target = ("harbour", seat)
            hit(cx, cy, target)
            cv.fill(x, y, cw - 1, ch, Style(bgcolor=colours[seat]))
            style = Style(bold=True, color="black")
            if target in self.targets:
                style += Style(reverse=True)
            tally = f"{s.unloaded[seat]}/{s.target}"
            if ch == 1:
                moored = f" {marks[seat]}" if s.location[seat] == -1 else ""
                cv.put(x, y, f"{marks[seat]}≡{tally}{moored}", style)
                continue
            cv.put(x, y, f"{marks[seat]} port", style)
            line = f"≡{tally}"
            if s.location[seat] == -1:
                line = f"≡{tally} {marks[seat]}"  # the ship is moored in its harbour
            if ch >= 2:
                cv.put(x, y + 1, line[: cw - 1], Style(bold=True, color="black"))
        # the centre: die, wind wheel, basket, legend, then what just happened. Every line has a
        # fixed row from the first turn on, so nothing jumps when the tornado or the wheel appears.
        x0, y0 = cell_xy(1, 1)
        inner_w, inner_h = cw * 6 - 1, ch * 6
        lines: list[tuple[str, str]] = []
        die = s.die
        if die is not None:
            lines.append((f"Die: {'TORNADO' if die == 'tornado' else die}", "bold"))
        else:
            lines.append(("Die: not rolled yet", "dim"))
        younger = getattr(s, "variant", "standard") == "younger"
        wheel = s.wheel
        if not younger:
            lines.append((f"Wind wheel: {WHEEL_TEXT.get(wheel, wheel)}", "bold") if wheel
                         else ("Wind wheel: not spun", "dim"))
        lines.append((f"Basket: {s.basket} treasure · first to {s.target} home wins", ""))
        lines.append(("ships sail clockwise →", "dim"))
        legend = "A ship  ≡ treasure home" if younger else "+ tornado square  @@@ tornado  A ship"
        if ch >= 2:
            lines.append((legend, "dim"))  # one-row cells: the legend is under g
        room = max(0, inner_h - len(lines) - 1)
        # the newest events that fit whole (never a sentence's last line alone: "(neutral).");
        # every event is in the log too
        wrapped: list[str] = []
        for ev in reversed(self.extra.get("events", [])):
            more = textwrap.wrap(str(ev), max(10, inner_w - 2))  # never cut a sentence off
            if len(wrapped) + len(more) > room:
                break
            wrapped = more + wrapped
        if room and wrapped:
            lines.append(("", ""))
            for line in wrapped:
                lines.append((line, "italic"))
        top = y0 + (1 if inner_h > len(lines) + 1 else 0)
        for k, (txt, st) in enumerate(lines[:inner_h]):
            cv.put_centered(x0, top + k, inner_w, txt, st)
        return cv
