"""Finis Terrae's map: a growing grid of square tiles with land and sea edges.

Each tile is drawn 7 characters wide and 3 rows tall (about square on a terminal). Land is drawn
with letters as well as colour ("^" land, "." beach), so the map reads without colour too; ships
are their player's letter at sea, ports are "⌂" + the letter on land, "@" is the Black Galleon.
North is up; x grows east, y grows north, the Isle of Winds' centre is 0,0 (the compass).

The widget renders the state it is given and knows no rules: the screen passes the legal targets
(("cell", x, y) cells are highlighted with "+" corners, the cursor with solid corners), the tile
being placed and its turn (drawn at the cursor as a preview), and the cell to keep in view. The map
pans to keep that cell visible when it outgrows the terminal; ``pan`` moves the view by hand.
Clicks post ``CanvasBoard.TargetChosen`` with ("cell", x, y) or ("hand", i) for a tile of the hand.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from rich.style import Style

from tabletop_tui.rules.finis_terrae import tiles as T
from tabletop_tui.widgets.canvas import Canvas
from tabletop_tui.widgets.canvas_board import CanvasBoard

CW, CH = 7, 3  # a tile on screen
RULER_W = 4  # the y ruler on the left

SEA = (Style(bgcolor="#173a5c"), Style(bgcolor="#1f4a73"))  # a checkerboard: tiles stay countable
LAND = Style(color="#b7dc9c", bgcolor="#3b6a33")
BEACH = Style(color="#5b4418", bgcolor="#cfae69")
ISLE = Style(color="#f0e6c8", bgcolor="#6b5a3a", bold=True)
REEF = Style(color="#e6e6e6", bgcolor="#3c5566", bold=True)
DEN = Style(color="#ffffff", bgcolor="#7a1f1f", bold=True)
TOKEN = Style(color="#ffd866", bold=True)
LABEL = Style(color="#8fb3d9", italic=True)
TARGET = Style(color="#ffd866", bold=True)
TARGET_SEA = Style(bgcolor="#1d6470")
CURSOR = Style(color="#ffd866", bold=True)
CURSOR_SEA = Style(bgcolor="#4f77ad")
EMPTY_TARGET = Style(color="#ffd866", bgcolor="#2b2b2b")
GALLEON = Style(color="#ffffff", bgcolor="#000000", bold=True)
DIM = Style(color="#8a8a8a")
AXIS = Style(color="#ffd866", bold=True)

TOKEN_LETTER = {"treasure": "t", "find": "f", "castaway": "c", "doubloons": "$", "spice": "s"}
LEGEND = ("A ship", "⌂A port", "@ Black Galleon", "^ land", ". beach", "! lighthouse", "# fort",
          "t treasure", "c castaway", "f find", "$ doubloons", "s spice", "+ a choice",
          "shift+arrows pan")


def fill_lines(parts: list[str], width: int, lines: int, sep: str = "  ") -> list[str]:
    """Greedy: as many parts as fit on ``lines`` lines of ``width``."""
    out = [""]
    for p in parts:
        cand = out[-1] + (sep if out[-1] else "") + p
        if len(cand) <= width:
            out[-1] = cand
        elif len(out) < lines and len(p) <= width:
            out.append(p)
        else:
            break
    return out


def legend_lines(width: int, lines: int) -> list[str]:
    """The map's key on ``lines`` lines: every entry, or as many as fit and then "g: the rest"
    (the legend screen lists every symbol and key): never entries left out without a mark."""
    parts = list(LEGEND)
    out = fill_lines(parts, width, lines)
    if sum(len(line.split("  ")) for line in out if line) >= len(parts):
        return out
    for k in range(len(parts) - 1, 0, -1):
        out = fill_lines(parts[:k] + ["g: the rest"], width, lines)
        if out[-1].endswith("g: the rest"):
            return out
    return out


@lru_cache(maxsize=None)
def _tile_layout(kind: str, rot: int):
    """The land characters of a tile, its sea characters by sea area (best spots first), and
    its land characters in the order features are placed on them."""
    info = T.info(kind)
    e = T.edges(kind, rot)
    land = set()
    for j in range(CH):
        for i in range(CW):
            if (e[0] == "L" and j == 0) or (e[2] == "L" and j == CH - 1) \
                    or (e[3] == "L" and i <= 1) or (e[1] == "L" and i >= CW - 2):
                land.add((i, j))
    if e == "LSLS":  # the straight part: a land strip from north to south
        land.add((3, 1))
    elif e == "SLSL":
        land.update({(2, 1), (3, 1), (4, 1)})
    if info.get("islet"):
        land.update({(2, 1), (3, 1), (4, 1)})
    areas = T.sea_areas(kind, rot)
    sea: list[list[tuple[int, int]]] = [[] for _ in areas]
    if areas:
        for j in range(CH):
            for i in range(CW):
                if (i, j) in land:
                    continue
                if len(areas) == 1:
                    a = 0
                elif e == "LSLS":
                    a = T.area_touching(kind, rot, 3 if i < 3 else 1)
                else:
                    a = T.area_touching(kind, rot, 0 if j == 0 else 2)
                if a is not None:
                    sea[a].append((i, j))
    # preferred spots: nearest the middle of the area first (middle row before the others)
    out_sea = []
    for spots in sea:
        if spots:
            cx = sum(i for i, _ in spots) / len(spots)
            cy = sum(j for _, j in spots) / len(spots)
            spots = sorted(spots, key=lambda p: (abs(p[1] - cy) * 3 + abs(p[0] - cx), p[1], p[0]))
        out_sea.append(tuple(spots))
    land_order = tuple(sorted(land, key=lambda p: (abs(p[1] - 1) * 2 + abs(p[0] - 3), p[1], p[0])))
    return frozenset(land), tuple(out_sea), land_order


def goods_text(goods: dict) -> list[str]:
    out = []
    for what in ("treasure", "castaway", "find", "spice", "doubloons"):
        k = goods.get(what, 0)
        if k > 0:
            letter = TOKEN_LETTER[what]
            out.append(letter if k == 1 and what not in ("doubloons", "spice") else f"{letter}{k}")
    return out


class TileMap(CanvasBoard):
    DEFAULT_CSS = """
    TileMap { width: 1fr; height: 1fr; min-height: 8; }
    """
    can_focus = False

    def __init__(self, state: Any = None, colours: list[str] | None = None,
                 marks: list[str] | None = None, **kwargs: Any) -> None:
        super().__init__(state, **kwargs)
        self.colours = list(colours or [])
        self.marks = list(marks or [])
        self.placing: tuple[str, int] | None = None  # (kind, rot) previewed at the cursor
        self.hand_sel: int | None = None  # index in state.hand of the tile being placed
        self.hand_hint: str = ""
        self.focus_cell: tuple[int, int] | None = None
        self.also_cell: tuple[int, int] | None = None
        self.status: str = ""
        self.vx0: int | None = None  # west-most x in view
        self.vy0: int | None = None  # south-most y in view
        self._last_focus: Any = None
        self.view_cells: tuple[int, int, int, int] = (0, 0, 0, 0)
        self._geom: tuple | None = None
        self._off = ""  # the ships outside the map window, with the way to them ("B→ @↙")

    # -- the screen feeds it ---------------------------------------------------------------
    def update_state(self, state: Any, targets: set | None = None, cursor: Any = None, *,
                     placing: tuple[str, int] | None = None, hand_sel: int | None = None,
                     hand_hint: str = "", focus: tuple[int, int] | None = None,
                     also: tuple[int, int] | None = None, status: Any = "") -> None:
        self.placing = placing
        self.hand_sel = hand_sel
        self.hand_hint = hand_hint
        self.focus_cell = focus
        self.also_cell = also
        self.status = status
        super().update_state(state, targets, cursor, placing=placing, hand_sel=hand_sel,
                             hand_hint=hand_hint, focus=focus, also=also, status=status)

    def pan(self, dx: int, dy: int) -> None:
        if self.vx0 is None or self.vy0 is None:
            return
        self.vx0 += dx
        self.vy0 += dy
        self._drawn_for = None  # redraw
        self.refresh()

    def recentre(self) -> None:
        self.vx0 = self.vy0 = None
        self._last_focus = None
        self._drawn_for = None  # redraw
        self.refresh()

    # -- geometry --------------------------------------------------------------------------
    def _carto(self) -> bool:
        return bool(self.state is not None and self.state.hand and self.hand_sel is not None)

    def _compact_hand(self) -> bool:
        """On a short terminal the hand is one line of text, so the map keeps three tile rows."""
        return self.size.height < 1 + 1 + CH * 4

    def _others(self) -> list[str]:
        """The hand's other tiles by name, while one is placed on a short map."""
        if not self._carto() or not self._compact_hand():
            return []
        from collections import Counter

        n = Counter(k.replace("_", " ") for i, k in enumerate(self.state.hand) if i != self.hand_sel)
        return [f"{c}× {k}" if c > 1 else k for k, c in n.items()]

    def _others_lines(self, w: int) -> list[str]:
        """"also in hand (t): …" on as many rows as the names need (each name whole; it was cut
        with "…" at 80 columns)."""
        others = self._others()
        if not others:
            return []
        for head in ("also in hand (t):", "in hand (t):", "t:"):  # one row if a shorter head does it
            if len(head) + len(", ".join(others)) + 1 <= w:
                return [f"{head} {', '.join(others)}"]
        lines = ["also in hand (t):"]
        for k, name in enumerate(others):
            item = name + ("," if k < len(others) - 1 else "")
            if len(lines[-1]) + 1 + len(item) <= w:
                lines[-1] += " " + item
            else:
                lines.append("  " + item)
        return lines

    def _off_mark(self) -> str:
        """The ships outside the map window and the keys that bring them in ("" if none)."""
        return f"off view: {self._off} (shift+arrows)" if self._off else ""

    def _hint_line(self, w: int, mark: str = "") -> str:
        """A short map's first row while charting: the tile's name first, then what fits of its
        turn, the ``mark`` and the keys (the prompt below says the keys too); never cut inside a
        part."""
        parts = [p for p in self.hand_hint.split("\n") if p]
        line = parts[0] if parts else ""
        for p in parts[1:2] + ([mark] if mark else []) + parts[2:]:
            if len(line) + 3 + len(p) <= w:
                line += " · " + p
        return line

    def _carto_off_place(self, nlegend: int) -> str:
        """Where the ships-off-view mark goes while charting (the hand takes the header that
        holds it when sailing): "hint" (beside the tile's name, or in place of the tile keys at
        the hand's side), "others" (after the rest of the hand), "legend" (the first row under
        the map), else "row" (a header row of its own); "" with no ship off view."""
        mark = self._off_mark()
        if not mark:
            return ""
        w = self.size.width
        if self._compact_hand():
            if mark in self._hint_line(w, mark):
                return "hint"
            others = self._others_lines(w)
            if others and len(others[-1]) + 3 + len(mark) <= w:
                return "others"
        elif len(mark) < w - self._hint_x():  # (a space before the column beside the map)
            return "hint"
        return "legend" if nlegend else "row"

    def _hint_x(self) -> int:
        """Where the text beside the hand of tiles starts (a tall map)."""
        n = len(self.state.hand) if self.state is not None else 0
        return max(n * (CW + 1) + 1, 4 * (CW + 1) + 1)

    def _status_lines(self, w: int) -> list[str]:
        """The status in one line if it fits (long words, else short ones), else in two."""
        long, short = (self.status, self.status) if isinstance(self.status, str) else self.status
        lp = [p for p in long.split(" · ") if p] + ([f"out of view: {self._off} (shift+arrows)"] if self._off else [])
        sp = [p for p in short.split(" · ") if p] + ([f"off view: {self._off} (shift+arrows)"] if self._off else [])
        bare = [p for p in short.split(" · ") if p] + ([f"off view: {self._off}"] if self._off else [])
        for parts in (lp, sp, bare):  # (one line without the keys: the map's key says them there)
            if len(" · ".join(parts)) <= w:
                return [" · ".join(parts)]
        parts = lp if self.size.height >= 8 * CH else sp
        # (a third line for the ships out of view: fill_lines leaves out what its lines cannot
        # hold; the panning keys are also in the legend, g)
        for parts in (parts, sp, bare):
            lines = fill_lines(parts, w, 2 + bool(self._off), " · ")
            if sum(line.count(" · ") + 1 for line in lines if line) == len(parts):
                break  # every part placed
        return lines

    def _frame(self) -> tuple[int, int, int, int, int, int]:
        """(top row of the map, tile columns, tile rows, left x, first legend row, legend rows)."""
        return self._layout()[0]

    def _layout(self) -> tuple[tuple[int, int, int, int, int, int], str]:
        """The frame, and while charting where the ships-off-view mark goes (_carto_off_place)."""
        w = self.size.width
        if not self._carto():
            return self._frame_for(len(self._status_lines(w))), ""
        frame = self._frame_for(CH if not self._compact_hand() else 1 + len(self._others_lines(w)))
        place = self._carto_off_place(frame[5])
        if place == "row":  # the ships off view: a header row of their own
            frame = self._frame_for(frame[0])
        return frame, place

    def _frame_for(self, head: int) -> tuple[int, int, int, int, int, int]:
        w, h = self.size.width, self.size.height
        top = head + 1  # the x ruler
        cols = max(1, (w - RULER_W) // CW)
        rows = max(1, (h - top) // CH)
        if rows > 6 and (h - top) % CH == 0:
            rows -= 1  # a big map area: one tile row fewer, the legend shown
        legend = max(0, min(2, h - top - rows * CH))  # the rows the tiles leave over
        return top, cols, rows, RULER_W, h - legend, legend

    def _viewport(self, cols: int, rows: int) -> tuple[int, int]:
        s = self.state
        xs = [c[0] for c in s.tiles] + [t[1] for t in self.targets if t[0] == "cell"]
        ys = [c[1] for c in s.tiles] + [t[2] for t in self.targets if t[0] == "cell"]
        x0, x1 = min(xs) - 1, max(xs) + 1
        y0, y1 = min(ys) - 1, max(ys) + 1
        focus = self.focus_cell
        also = self.also_cell
        vx, vy = self.vx0, self.vy0
        # follow the highlighted cell when it moves or the view changes size (a resize must not
        # leave it off screen); a pan by hand with the same cell and size is kept
        changed = (focus, also, cols, rows) != self._last_focus

        def fit(v, lo, hi, n, f, g):
            span = hi - lo + 1
            if span <= n:
                return lo - (n - span) // 2
            if f is None:
                f, g = g, None
            if v is None:
                v = (f - n // 2) if f is not None else (lo + hi - n + 1) // 2
            if f is not None and changed:
                m = 1 if n >= 5 else 0
                if f < v + m:
                    v = f - m
                elif f > v + n - 1 - m:
                    v = f - n + 1 + m
                # keep the second cell (the ship that moves) in view too when both fit
                if g is not None and abs(g - f) <= n - 1:
                    if g < v:
                        v = g
                    elif g > v + n - 1:
                        v = g - n + 1
            return max(lo, min(v, hi - n + 1))

        vx = fit(vx, x0, x1, cols, focus[0] if focus else None, also[0] if also else None)
        vy = fit(vy, y0, y1, rows, focus[1] if focus else None, also[1] if also else None)
        self._last_focus = (focus, also, cols, rows)
        self.vx0, self.vy0 = vx, vy
        return vx, vy

    # -- rendering (Line API) --------------------------------------------------------------
    def draw(self) -> Canvas | None:
        s = self.state
        w, h = self.size.width, self.size.height
        if s is None or w == 0 or h == 0:
            return None
        cv = Canvas(w, h)
        self._hit = {}
        top, cols, rows, left, legend, nlegend = self._frame()
        vx, vy = self._viewport(cols, rows)
        for _ in range(3):  # the mark may take a header row: lay the frame out again with it
            off = self._out_of_view(vx, vy, cols, rows)
            if off == self._off:
                break
            self._off = off
            top, cols, rows, left, legend, nlegend = self._frame()
            vx, vy = self._viewport(cols, rows)
        place = self._layout()[1]
        self.view_cells = (vx, vy, vx + cols - 1, vy + rows - 1)
        self._geom = (top, left, vx, vy, rows)
        # the header: status, or the hand of tiles while charting
        mark = self._off_mark()
        if self._carto() and self._compact_hand():
            cv.put(0, 0, self._hint_line(w, mark if place == "hint" else ""), Style(bold=True))
            # the rest of the hand on the rows under it: the tiles drawn, together
            others = self._others_lines(w)
            for j, text in enumerate(others):
                cv.put(0, 1 + j, text, Style(dim=True))
            if place == "others":
                cv.put(len(others[-1]), len(others), " · " + mark, Style(bold=True))
            elif place == "row":
                cv.put(0, 1 + len(others), mark, Style(bold=True))
        elif self._carto():
            self._draw_hand(cv, w, mark if place == "hint" else "")
            if place == "row":
                cv.put(0, CH, mark, Style(bold=True))
        else:
            for j, line in enumerate(self._status_lines(w)):
                cv.put(0, j, line, Style(bold=True))
        # rulers: x along the top, y down the left; the axes (x = 0, y = 0) stand out
        cv.put(0, top - 1, " N↑", AXIS)
        for k in range(cols):
            x = vx + k
            cv.put_centered(left + k * CW, top - 1, CW, str(x), AXIS if x == 0 else DIM)
        for r in range(rows):
            y = vy + rows - 1 - r
            cv.put(0, top + r * CH + 1, f"{y:>3}", AXIS if y == 0 else DIM)
        ports = s.ports
        ships: dict = {}
        for i, sh in enumerate(s.ships):
            if sh["pos"] is not None:
                ships.setdefault(tuple(sh["pos"][:2]), []).append((i, sh["pos"][2], sh["pirate"]))
        g = s.galleon.get("pos")
        if g is not None:
            ships.setdefault(tuple(g[:2]), []).append((-1, g[2], True))
        for r in range(rows):
            y = vy + rows - 1 - r
            for k in range(cols):
                x = vx + k
                X, Y = left + k * CW, top + r * CH
                cell = (x, y)
                target = ("cell", x, y)
                for yy in range(Y, Y + CH):
                    for xx in range(X, X + CW):
                        self._hit[(xx, yy)] = target
                tile = s.tiles.get(cell)
                if tile is not None:
                    self._draw_tile(cv, X, Y, tile[0], tile[1], (x + y) % 2,
                                    s.goods.get(cell, {}), ports.get(cell), ships.get(cell, []))
                elif target == self.cursor and self.placing is not None:
                    self._draw_tile(cv, X, Y, self.placing[0], self.placing[1], (x + y) % 2, {}, None, [])
                elif target in self.targets:
                    cv.fill(X, Y, CW, CH, EMPTY_TARGET)
                    cv.put(X + 1, Y + 1, "·····", EMPTY_TARGET)
                if target == self.cursor:
                    self._mark(cv, X, Y, "┏┓┗┛", CURSOR, CURSOR_SEA)
                elif target in self.targets:
                    self._mark(cv, X, Y, "++++", TARGET, TARGET_SEA)
        if place == "legend":  # the ships off view take the first row under the map
            cv.put(0, legend, mark, Style(bold=True))
            legend, nlegend = legend + 1, nlegend - 1
        for j, line in enumerate(legend_lines(w, nlegend) if nlegend else []):
            cv.put(0, legend + j, line, DIM)
        return cv

    def _out_of_view(self, vx: int, vy: int, cols: int, rows: int) -> str:
        """Each ship (and the Galleon, @) outside the window, with an arrow the way to it: a
        ship is never off the screen without a sign."""
        s = self.state
        ships = [(self.marks[i] if i < len(self.marks) else "?", sh["pos"]) for i, sh in enumerate(s.ships)]
        ships.append(("@", s.galleon.get("pos")))
        out = []
        for mark, pos in ships:
            if pos is None:
                continue
            x, y = pos[0], pos[1]
            dy = 1 if y > vy + rows - 1 else -1 if y < vy else 0
            dx = 1 if x > vx + cols - 1 else -1 if x < vx else 0
            if dx or dy:
                out.append(mark + {(0, 1): "↑", (0, -1): "↓", (1, 0): "→", (-1, 0): "←", (1, 1): "↗",
                                   (-1, 1): "↖", (1, -1): "↘", (-1, -1): "↙"}[(dx, dy)])
        return " ".join(out)

    def _mark(self, cv: Canvas, X: int, Y: int, chars: str, style: Style, sea: Style) -> None:
        """A target: the sea of the tile tinted, "+" (cursor: brackets) in its sea corners."""
        sea_bgs = {st.bgcolor for st in SEA} | {None}
        for j in range(CH):
            row = cv.cells[Y + j] if 0 <= Y + j < cv.height else None
            if row is None:
                continue
            for i in range(CW):
                if 0 <= X + i < cv.width:
                    ch, st = row[X + i]
                    if st.bgcolor in sea_bgs:
                        row[X + i] = (ch, st + sea)
        for (i, j), c in zip(((0, 0), (CW - 1, 0), (0, CH - 1), (CW - 1, CH - 1)), chars):
            if 0 <= Y + j < cv.height and 0 <= X + i < cv.width and cv.cells[Y + j][X + i][0] == " ":
                cv.put(X + i, Y + j, c, style)

    def _draw_hand(self, cv: Canvas, w: int, mark: str = "") -> None:
        """The hand of tiles drawn, and beside them the tile's name, its turn and the keys (or,
        with ships off view, the ``mark`` in the keys' place: the prompt and the footer say them)."""
        s = self.state
        x = 0
        for i, kind in enumerate(s.hand):
            rot = self.placing[1] if (i == self.hand_sel and self.placing) else T.rotations(kind)[0]
            self._draw_tile(cv, x, 0, kind, rot, 0, {}, None, [])
            if i == self.hand_sel:
                self._mark(cv, x, 0, "┏┓┗┛", CURSOR, CURSOR_SEA)
            for yy in range(CH):
                for xx in range(x, x + CW):
                    self._hit[(xx, yy)] = ("hand", i)
            x += CW + 1
        tx = self._hint_x()
        lines = self.hand_hint.split("\n")[:CH]
        if mark:
            lines = lines[:CH - 1] + [mark]
        for j, line in enumerate(lines):
            cv.put(tx, j, line[: max(0, w - tx)], Style(bold=(j == 0)))

    def _draw_tile(self, cv: Canvas, X: int, Y: int, kind: str, rot: int, parity: int, goods: dict,
                   port: int | None, ships: list) -> None:
        info = T.info(kind)
        land, seas, land_order = _tile_layout(kind, rot)
        sea_style = SEA[parity]
        beach = info["beach"]
        land_style = ISLE if info.get("isle") and kind == "isle_centre" else (BEACH if beach else LAND)
        land_char = "." if beach else "^"
        if info["reef"]:
            land_style = REEF
        for j in range(CH):
            for i in range(CW):
                if (i, j) in land:
                    ch = land_char
                    st = land_style
                    if info["pirate_den"]:
                        st = DEN
                    cv.put(X + i, Y + j, ch, st)
                else:
                    cv.put(X + i, Y + j, " ", sea_style)
        if kind == "isle_centre":
            cv.put(X, Y, "···N···", ISLE)
            cv.put(X, Y + 1, "W··+··E", ISLE)
            cv.put(X, Y + 2, "···S···", ISLE)
            return
        if info["reef"]:
            cv.put(X, Y, "x x x x", REEF)
            cv.put(X, Y + 1, "x reef ", REEF)
            cv.put(X, Y + 2, "x x x x", REEF)
            return
        free_land = list(land_order)
        if info["pirate_den"]:
            cv.put(X + 2, Y + 1, "den", DEN)
            free_land = []
        # features on the land: port first (it sits on the beach), then lighthouse and fort
        if port is not None and free_land:
            (i, j) = free_land[0]
            if i + 1 < CW and (i + 1, j) in land and (i + 1, j) in free_land:
                spot = [(i, j), (i + 1, j)]
            elif i - 1 >= 0 and (i - 1, j) in land and (i - 1, j) in free_land:
                spot = [(i - 1, j), (i, j)]
            else:
                spot = [(i, j)]
            colour = self.colours[port] if port < len(self.colours) else "#ffffff"
            st = Style(color="#000000", bgcolor=colour, bold=True)
            mark = self.marks[port] if port < len(self.marks) else "?"
            text = ("⌂" + mark) if len(spot) == 2 else mark
            for (ii, jj), ch in zip(spot, text):
                cv.put(X + ii, Y + jj, ch, st)
                free_land.remove((ii, jj))
        for feat, ch in (("lighthouse", "!"), ("fort", "#")):
            if info[feat] and free_land:
                i, j = free_land.pop(0)
                cv.put(X + i, Y + j, ch, Style(color="#ffffff", bold=True))
        # things lying on the tile: on an islet they sit on the island, else at sea
        items = goods_text(goods)
        # ships in their sea areas
        for (sid, area, pirate) in ships:
            spots = seas[area] if area < len(seas) else ()
            used = [p for p in spots if cv.cells[Y + p[1]][X + p[0]][0] == " "] if 0 <= Y < cv.height else []
            if not used:
                continue
            i, j = used[0]
            if sid == -1:
                cv.put(X + i, Y + j, "@", GALLEON)
            else:
                colour = self.colours[sid] if sid < len(self.colours) else "#ffffff"
                mark = self.marks[sid] if sid < len(self.marks) else "?"
                st = (Style(color=colour, bgcolor="#000000", bold=True) if pirate
                      else Style(color="#000000", bgcolor=colour, bold=True))
                cv.put(X + i, Y + j, mark, st)
        if items:
            if info.get("islet") and not info["pirate_den"]:
                text = "".join(items)
                if len(text) > 3:  # more than an islet's middle holds: the check hears of it
                    cv.cropped.append(text)
                    text = text[:3]
                cv.put(X + 3 - len(text) // 2, Y + 1, text, Style(color="#ffd866", bgcolor="#3b6a33", bold=True))
            else:
                spots = [p for a in seas for p in a]
                text = " ".join(items)
                self._put_in(cv, X, Y, spots, text, TOKEN)
        if kind == "shipwreck":
            spots = [p for a in seas for p in a if p[1] == CH - 1]
            self._put_in(cv, X, Y, spots, "wreck", LABEL)

    def _put_in(self, cv: Canvas, X: int, Y: int, spots: list, text: str, style: Style) -> None:
        """Write a short text into a free run of sea characters (prefers the middle row)."""
        rows: dict[int, list[int]] = {}
        for (i, j) in spots:
            if 0 <= Y + j < cv.height and 0 <= X + i < cv.width and cv.cells[Y + j][X + i][0] == " ":
                rows.setdefault(j, []).append(i)
        for j in sorted(rows, key=lambda j: (abs(j - 1), j)):
            xs = sorted(rows[j])
            # the longest run of consecutive free characters
            best: list[int] = []
            run: list[int] = []
            for i in xs:
                if run and i != run[-1] + 1:
                    run = []
                run.append(i)
                if len(run) > len(best):
                    best = list(run)
            if len(best) >= min(len(text), 1):
                t = text[: len(best)]
                start = best[0] + (len(best) - len(t)) // 2
                cv.put(X + start, Y + j, t, style)
                return

    def legend_rows(self) -> int:
        """How many rows of legend the map shows at its size (0 on short terminals)."""
        if self.state is None or self.size.height == 0:
            return 0
        frame, place = self._layout()
        return frame[5] - (place == "legend")

    def offset_of(self, x: int, y: int) -> tuple[int, int] | None:
        """Where the middle of the tile at x, y is drawn (widget coordinates), if in view."""
        if self._geom is None:
            return None
        top, left, vx, vy, rows = self._geom
        x0, y0, x1, y1 = self.view_cells
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return None
        return left + (x - vx) * CW + CW // 2, top + (vy + rows - 1 - y) * CH + CH // 2

    def in_view(self, x: int, y: int) -> bool:
        x0, y0, x1, y1 = self.view_cells
        return x0 <= x <= x1 and y0 <= y <= y1

