"""Terra Mystica's map: the base map's 9 rows of 13/12 spaces, odd rows shifted half a space.

Two forms, chosen by the room the widget gets:
- full (6×2 characters a space, 83×19): each space shows its label (``E7``) and terrain letter on its
  first line and its structure (``TP·A``: kind, owner's mark) on the second;
- compact (5×1, 69×9): the row letter is on the ruler, each space shows its number in the row and
  terrain letter (``7f``) or its structure (``TP·A``); its fifth character is ``+`` for a target;
  a town's structure reads ``TP*A``, a bridge end ``TP=A`` (or ``7f=`` on an empty space).
Terrain is colour *and* a letter (p plains, s swamp, l lakes, f forest, m mountains, w wasteland,
d desert; ≈ river), so the map reads with NO_COLOR too. Targets of legal actions carry ``+``,
the cursor is drawn in reverse video between ``[`` ``]``; ``*`` marks a structure in a town and
``=`` a bridge end.

The widget knows no rules: the screen gives it the state, the targets (("hex", "E7") tuples), the
cursor space, and the players' marks. Arrow keys move the cursor from neighbour to neighbour and
post ``HexMap.CursorMoved``; Enter or a click posts ``CanvasBoard.TargetChosen(("hex", cell))``.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from rich.style import Style
from textual.binding import Binding
from textual.message import Message

from tabletop_tui.rules.terra_mystica.data import AXIAL, CELLS, INDEX, IS_RIVER
from tabletop_tui.widgets.canvas import Canvas
from tabletop_tui.widgets.canvas_board import CanvasBoard

TERRAIN_LETTER = {"plains": "p", "swamp": "s", "lakes": "l", "forest": "f", "mountains": "m",
                  "wasteland": "w", "desert": "d"}
TERRAIN_BG = {"plains": "#7a5230", "swamp": "#303030", "lakes": "#2f64b0", "forest": "#2e6b34",
              "mountains": "#767676", "wasteland": "#a8372c", "desert": "#c9a93a"}
TERRAIN_FG = {"plains": "#f0dcc0", "swamp": "#d0d0d0", "lakes": "#e0ecff", "forest": "#d8f0d0",
              "mountains": "#f0f0f0", "wasteland": "#ffe0d8", "desert": "#2a2000"}
# the river is pale (forest and lakes are dark): a forest home never blends into the river
RIVER = Style(color="#123a5e", bgcolor="#a9d4ee")
RULER = Style(color="#ffd866", bold=True)
TARGET = Style(color="#ffff00", bold=True)

#: (row, column) of every space, and the spaces of each row in order
ROWCOL: list[tuple[int, int]] = [(r, q + (r - (r % 2)) // 2) for q, r in AXIAL]
ROWS: list[list[int]] = [sorted((i for i in range(len(CELLS)) if ROWCOL[i][0] == r), key=lambda i: ROWCOL[i][1])
                         for r in range(9)]
ROW_LETTERS = "ABCDEFGHI"

FULL = (6, 2)
COMPACT = (5, 1)
RULER_W = 2


#: what each symbol of the map means (the screen's legend, key g)
LEGEND = [
    ("p", "plains (brown)"), ("s", "swamp (black)"), ("l", "lakes (blue)"), ("f", "forest (green)"),
    ("m", "mountains (grey)"), ("w", "wasteland (red), not water"), ("d", "desert (yellow)"),
    ("≈", "river (pale blue): no building; ships cross it"),
    ("E7", "a space: row letter E, seventh space in the row (the compact map shows the number only)"),
    ("D·A", "a structure and its owner's mark: D dwelling, TP trading house, TE temple, SH stronghold, "
            "SA sanctuary; A, B, … the players' marks in the score strip"),
    ("+", "a target of the decision being made (a space where the choice can be played)"),
    ("*", "the structure is part of a town (the compact map: in place of the dot, TP*A)"),
    ("=", "a bridge ends on this space (the compact map: in place of the dot, TP=A, or after the "
          "terrain letter)"),
    ("▮", "the cursor: the space in reverse video (white while the map has the keyboard)"),
]


def map_size(form: tuple[int, int]) -> tuple[int, int]:
    cw, ch = form
    return RULER_W + cw // 2 + 13 * cw, 9 * ch


BOLD = Style(bold=True)
DIM = Style(dim=True)
NOT_BOLD = Style(bold=False)


@lru_cache(maxsize=None)
def terrain_style(terrain: str) -> Style:
    return Style(color=TERRAIN_FG[terrain], bgcolor=TERRAIN_BG[terrain])


def step_cursor(cell: str, dx: int, dy: int) -> str:
    """The space next to ``cell``: left/right in its row, or the nearest one in the row above/below."""
    i = INDEX[cell]
    r, c = ROWCOL[i]
    if dy == 0:
        row = ROWS[r]
        k = row.index(i) + dx
        return CELLS[row[max(0, min(len(row) - 1, k))]]
    nr = r + dy
    if not 0 <= nr < 9:
        return cell
    x = c * 2 + (r % 2)  # position in half-spaces
    best = min(ROWS[nr], key=lambda j: (abs(ROWCOL[j][1] * 2 + (nr % 2) - x), ROWCOL[j][1] * 2 + (nr % 2) < x))
    return CELLS[best]


class HexMap(CanvasBoard):
    can_focus = True
    DEFAULT_CSS = """
    HexMap { height: 19; width: 1fr; }
    """
    BINDINGS = [
        Binding("up,k", "move(0,-1)", "map ↑", show=False),
        Binding("down,j", "move(0,1)", "map ↓", show=False),
        Binding("left,h", "move(-1,0)", "map ←", show=False),
        Binding("right,l", "move(1,0)", "map →", show=False),
        Binding("enter,space", "pick", "act here"),
        Binding("escape,tab", "done", "back to the menu"),
    ]

    class Done(Message):
        """The player leaves the map for the menu."""

    class CursorMoved(Message):
        def __init__(self, cell: str) -> None:
            super().__init__()
            self.cell = cell

    def form(self) -> tuple[int, int] | None:
        w, h = self.size.width, self.size.height
        for f in (FULL, COMPACT):
            fw, fh = map_size(f)
            if w >= fw and h >= fh:
                return f
        return None

    #: the parts of the state the map is drawn from (draw() reads no other)
    DRAWN_FROM = ("terrain", "owner", "btype", "in_town", "bridges")

    def same_picture(self, old: Any, new: Any) -> bool:
        # (a seat's screen gets a new view object after every move: most moves leave the map as it was)
        return old is not None and new is not None and all(
            getattr(old, f) == getattr(new, f) for f in self.DRAWN_FROM)

    def draw(self) -> Canvas | None:
        s = self.state
        w, h = self.size.width, self.size.height
        cv = Canvas(w, h)
        form = self.form()
        if form is None:
            cv.put(0, 0, f"The map needs {map_size(COMPACT)[0]}×{map_size(COMPACT)[1]} characters; "
                   f"this is {w}×{h}. Make the terminal larger.", "bold")
            return cv
        cw, ch = form
        fw, _ = map_size(form)
        x0 = max(0, (w - fw) // 2)
        marks: list[str] = self.extra.get("marks", [])
        bridge_ends = {}
        for a, b, o in s.bridges:
            bridge_ends[a] = o
            bridge_ends[b] = o
        for r in range(9):
            y = r * ch
            cv.put(x0, y + (ch - 1) // 2 if ch > 1 else y, ROW_LETTERS[r], RULER)
            for i in ROWS[r]:
                c = ROWCOL[i][1]
                x = x0 + RULER_W + (r % 2) * (cw // 2) + c * cw
                cell = CELLS[i]
                target = ("hex", cell) in self.targets
                cursor = self.cursor == cell
                if IS_RIVER[i]:
                    st = RIVER
                    cv.fill(x, y, cw, ch, st)
                    if ch > 1:
                        cv.put(x, y, f"{cell:<{cw}}"[:cw], st + DIM)
                        cv.put(x, y + 1, "≈" * (cw - 1), st)
                    else:
                        cv.put(x, y, "≈" * (cw - 1), st)
                else:
                    terr = s.terrain[i]
                    st = terrain_style(terr)
                    cv.fill(x, y, cw, ch, st)
                    o = s.owner[i]
                    kind = s.btype[i] if o >= 0 else ""
                    mark = marks[o] if 0 <= o < len(marks) else (str(o + 1) if o >= 0 else "")
                    letter = TERRAIN_LETTER[terr]
                    num = cell[1:]
                    town = "*" if s.in_town[i] else ""
                    bridge = "=" if i in bridge_ends else ""
                    if ch > 1:
                        cv.put(x, y, f"{cell:<4}{letter}", st)
                        if town:
                            cv.put(x + 5, y, town, st + BOLD)
                        if kind:
                            cv.put(x, y + 1, f"{kind}·{mark}", st + BOLD)
                        if bridge:
                            cv.put(x + 4, y + 1, bridge, st + BOLD)
                    else:
                        # the fifth character is the target's "+": the town and the bridge take
                        # the structure's middle (TP*A, TP=A) or the empty space's fourth
                        # (" 7f="), so no mark hides another
                        if kind:
                            text = f"{kind}{town or bridge or '·'}{mark}"
                        else:
                            text = f"{num:>2}{letter}{bridge}"
                        cv.put(x, y, text[:cw - 1], st + (BOLD if kind else NOT_BOLD))
                        if kind and town and bridge and not target:  # (both: the bridge in the slot)
                            cv.put(x + cw - 1, y, bridge, st + BOLD)
                if target:
                    cv.put(x + cw - 1, y + ch - 1, "+", TARGET + Style(bgcolor=st.bgcolor.name if st.bgcolor else None))
                if cursor:  # white under the keyboard's cursor, reverse video otherwise
                    cv.fill(x, y, cw, ch, Style(color="black", bgcolor="white", bold=True) if self.has_focus
                            else Style(reverse=True, bold=True))
                self.hit(x, y, cw, ch, ("hex", cell))
        return cv

    # -- keys ------------------------------------------------------------------------------
    def action_move(self, dx: int, dy: int) -> None:
        cur = self.cursor if self.cursor in INDEX else "E7"
        nxt = step_cursor(cur, dx, dy)
        if nxt != self.cursor:
            self.update_state(self.state, self.targets, nxt, **self.extra)
        self.post_message(self.CursorMoved(nxt))

    def on_focus(self) -> None:
        self._drawn_for = None  # redraw the cursor in its focused colours
        self.refresh()

    def on_blur(self) -> None:
        self._drawn_for = None
        self.refresh()

    def action_done(self) -> None:
        self.post_message(self.Done())

    def action_pick(self) -> None:
        if self.cursor in INDEX:
            self.post_message(self.TargetChosen(("hex", self.cursor)))

    def on_click(self, event: Any) -> None:
        target = self._hit.get((event.x, event.y))
        if target is not None:
            self.focus()
            if self.cursor != target[1]:
                self.update_state(self.state, self.targets, target[1], **self.extra)
                self.post_message(self.CursorMoved(target[1]))
        # (CanvasBoard.on_click runs too and posts TargetChosen: Textual calls every class's handler)
