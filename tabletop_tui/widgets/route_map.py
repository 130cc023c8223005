"""Maracaibo's route map: Havana round the Caribbean to Santiago de Cuba, the Windward Passage,
and in round 4 on to Cienfuegos and Havana Roads.

A serpentine of location boxes on an 8 × 4 grid: the first row sails east (0-7), the second west
(8-14), then the fork after Cartagena: the long way left and down (15L Portobelo, 16L Bluefields),
the short way straight down (15U Providencia); the last row sails east again from Bluefields to
Santiago (20) and the Windward Passage (21a), with the round-4 stops above (21b, 22).

Each box: the number and name (cities bold; ◇ a legal target, ◆ the cursor), then the market (a good's letter while its space is
empty, the player's letter once delivered), the flag ([ ] an empty flag space, [F] France's
ownership marker…), "Q" for a quest lying there; then the ships (player letters) and assistants
(the letter in a circle, Ⓐ). Reachable stops are highlighted with their MP cost, the cursor is bright.

The widget knows no rules: the screen gives the targets, the cursor, the MP labels and the info
lines (``update_state(state, targets, cursor, mp=..., info=[...])``). A click posts
``CanvasBoard.TargetChosen(("loc", id))``.
"""
from __future__ import annotations

from typing import Any

from rich.style import Style

from tabletop_tui.rules.maracaibo.content import LOCS
from tabletop_tui.widgets.canvas import Canvas
from tabletop_tui.widgets.canvas_board import CanvasBoard

# (col, row) of every location
GRID = {
    "0": (0, 0), "1": (1, 0), "2": (2, 0), "3": (3, 0), "4": (4, 0), "5": (5, 0), "6": (6, 0), "7": (7, 0),
    "8": (7, 1), "9": (6, 1), "10": (5, 1), "11": (4, 1), "12": (3, 1), "13": (2, 1), "14": (1, 1),
    "15L": (0, 1), "15U": (1, 2), "16L": (0, 3), "17": (1, 3), "18": (2, 3), "19": (3, 3), "20": (4, 3),
    "21a": (5, 3), "21b": (4, 2), "22": (5, 2),
}
EDGES = [("0", "1"), ("1", "2"), ("2", "3"), ("3", "4"), ("4", "5"), ("5", "6"), ("6", "7"), ("7", "8"),
         ("8", "9"), ("9", "10"), ("10", "11"), ("11", "12"), ("12", "13"), ("13", "14"), ("14", "15L"),
         ("15L", "16L"), ("16L", "17"), ("14", "15U"), ("15U", "17"), ("17", "18"), ("18", "19"),
         ("19", "20"), ("20", "21a"), ("20", "21b"), ("21b", "22")]
GOOD_LETTER = {"sugar": "s", "tobacco": "t", "coffee": "c", "cocoa": "k", "cloth": "l"}


def assistant_mark(mark: str) -> str:
    """A player's assistant: their letter in a circle (Ⓐ), one cell like the letter. Not the
    letter in lower case: a player called Chiara, Sam or Tom would have an assistant that reads
    as coffee, sugar or tobacco (and colour alone is no sign under NO_COLOR)."""
    if len(mark) == 1 and "A" <= mark.upper() <= "Z":
        return chr(0x24B6 + ord(mark.upper()) - ord("A"))
    if len(mark) == 1 and "1" <= mark <= "9":
        return chr(0x2460 + int(mark) - 1)
    return mark.lower()
NATION_LETTER = {"france": "F", "england": "E", "spain": "S"}
NATION_STYLE = {"france": Style(color="#ffffff", bgcolor="#2f5fb3", bold=True),
                "england": Style(color="#000000", bgcolor="#e6e6e6", bold=True),
                "spain": Style(color="#ffffff", bgcolor="#b3322f", bold=True)}
SEA = Style(color="#9fb9d6", bgcolor="#10263d")
BOX = {"city": Style(color="#f2e8cf", bgcolor="#3d3322"), "village": Style(color="#d8e6cf", bgcolor="#24391f"),
       "start": Style(color="#e0e0e0", bgcolor="#333a44"), "round_end": Style(color="#e0e0e0", bgcolor="#3a2f44"),
       "game_end": Style(color="#e0e0e0", bgcolor="#3a2f44")}
OFF = Style(color="#7a7a7a", bgcolor="#1c1c1c")  # a stop not in use this round
TARGET = Style(bgcolor="#1d6470")
CURSOR = Style(color="#000000", bgcolor="#ffd866", bold=True)
ROUTE = Style(color="#6f8fb3")
DIM = Style(color="#8a8a8a")
MP = Style(color="#ffd866", bold=True)
#: the map's short names, used when a box is too narrow for the whole name (the legend, g, and the
#: location line under the map give every name in full)
SHORT = {"0": "Havana", "1": "Matanzas", "2": "Cayo R.", "3": "Baracoa", "4": "P.Plata", "5": "S.Domingo",
         "6": "Mayaguez", "7": "San Juan", "8": "St.Kitts", "9": "Martin.", "10": "Grenada", "11": "P.Spain",
         "12": "Curacao", "13": "Maracaibo", "14": "Cartagena", "15L": "Portob.", "16L": "Bluef.",
         "15U": "Provid.", "17": "P.Royal", "18": "G.Cayman", "19": "Isla J.", "20": "Santiago",
         "21a": "Windward", "21b": "Cienf.", "22": "H.Roads"}
SHORTER = {"0": "Hav.", "1": "Mat.", "2": "Cayo", "3": "Bar.", "4": "P.Pl", "5": "S.Do", "6": "May.",
           "7": "S.J.", "8": "St.K", "9": "Mart", "10": "Gren", "11": "P.Sp", "12": "Cur.", "13": "Mar.",
           "14": "Cart", "15L": "Pb.", "16L": "Bf.", "15U": "Pr.", "17": "P.R.", "18": "G.C.", "19": "Isla",
           "20": "Sant", "21a": "Wind", "21b": "Cf.", "22": "H.R."}


def box_title(loc: str, name: str, room: int, label: str | None = None) -> str:
    """The box's first row: the number and the whole name, or a short name that fits (never a
    name cut mid-word; the number alone when nothing fits)."""
    head = f"{loc} {label} " if label else f"{loc} "
    for n in (name, SHORT.get(loc, name), SHORTER.get(loc, "")):
        if n and len(head) + len(n) <= room:
            return head + n
    return head.rstrip()


def abbreviate(text: str, room: int) -> str:
    """Fit text by shortening its leading words to an initial and a point ("E. Supplies"), never
    by cutting a word; the text as it is when that is not enough (then it is recorded as cut)."""
    words = text.split(" ")
    for i, w in enumerate(words[:-1]):
        if len(" ".join(words)) <= room:
            break
        if len(w) > 2 and w[0].isalpha():
            words[i] = w[0] + "."
    out = " ".join(words)
    return out if len(out) <= room else text


def put_fit(cv: Canvas, x: int, y: int, text: str, room: int, style: Style) -> None:
    """Put text in ``room`` cells; what does not fit is recorded as cut (the cut-text check)."""
    if len(text.rstrip()) > room:
        cv.cropped.append(text)
    cv.put(x, y, text[:max(0, room)], style)


LEGEND_ROOMY = ("s sugar  t tobacco", "c coffee k cocoa", "l cloth  Q quest")
LEGEND_COMPACT = ("A ship Ⓐ assist. Q", "stckl goods [F]flag")
#: the compact legend in 17 columns (110×30 cut the one above: "g" gives every symbol in words)
LEGEND_TIGHT = ("A ship Ⓐ assist.", "stckl goods Q [F]")


class RouteMap(CanvasBoard):
    DEFAULT_CSS = "RouteMap { height: 1fr; }"

    def __init__(self, state: Any, colours: list[str], marks: list[str], **kw: Any) -> None:
        super().__init__(state, **kw)
        self.colours = colours
        self.marks = marks

    # -- geometry --------------------------------------------------------------------------------
    def geometry(self, w: int, h: int) -> tuple[int, int, int]:
        """Column width, box height and gap rows for this size: roomy (3-row boxes) when it fits."""
        cw = max(6, min(13, w // 8))
        nh = 3 if h >= 4 * 3 + 3 else 2
        gap = 1
        return cw, nh, gap

    def box_at(self, loc: str, cw: int, nh: int, gap: int) -> tuple[int, int]:
        c, r = GRID[loc]
        return c * cw, r * (nh + gap)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self) -> Canvas:
        w, h = self.size.width, self.size.height
        cv = Canvas(w, h, SEA)
        cw, nh, gap = self.geometry(w, h)
        bw = cw - 1
        g = self.state.g
        kind4 = g["round"] >= 4
        self._edges(cv, cw, nh, gap, bw)
        ships: dict[str, list[int]] = {}
        for i, p in enumerate(g["players"]):
            ships.setdefault(p["ship"], []).append(i)
        assistants: dict[str, list[int]] = {}
        for i, p in enumerate(g["players"]):
            for a in p["assistants"]:
                assistants.setdefault(a["loc"], []).append(i)
        mp = self.extra.get("mp", {})
        for loc, (c, r) in GRID.items():
            x, y = self.box_at(loc, cw, nh, gap)
            spec = LOCS[loc]
            style = BOX.get(spec["kind"], BOX["village"])
            rounds = spec.get("rounds")
            if rounds and (4 in rounds) != kind4:
                style = OFF
            target = ("loc", loc)
            if target == self.cursor:
                style = CURSOR
            elif target in self.targets:
                style = style + TARGET
            cv.fill(x, y, bw, nh, style)
            self.hit(x, y, bw, nh, target)
            name = spec["name"]
            label = mp.get(loc)
            mark = "◆" if target == self.cursor else ("◇" if target in self.targets else "")
            put_fit(cv, x, y, box_title(loc, name, bw - len(mark)), bw - len(mark), Style(bold=spec["kind"] == "city"))
            if mark:  # (not colour alone: the cursor and the targets carry a sign)
                cv.put(x + bw - 1, y, mark, Style(bold=True))
            # the market, the flag, a quest
            row1: list[tuple[str, Style | None]] = []
            flag = g["flags"].get(loc, "absent")
            if flag != "absent":
                if flag is None:
                    row1.append(("[ ]", None))
                else:
                    row1.append((f"[{NATION_LETTER[flag]}]", NATION_STYLE[flag]))
            market = g["markets"].get(loc)
            if market:
                row1.append((" " if row1 else "", None))
                for gd, owner in market.items():
                    if owner is None:
                        row1.append((GOOD_LETTER.get(gd, "?"), None))
                    else:
                        row1.append((self.marks[owner], self._player(owner)))
            if g["quest_slots"].get(loc):
                row1.append((" Q", Style(bold=True, color="#ffd866")))
            row2: list[tuple[str, Style | None]] = []
            for i in ships.get(loc, []):
                row2.append((self.marks[i], self._player(i)))
            for i in assistants.get(loc, []):
                row2.append((assistant_mark(self.marks[i]), Style(bold=True, color=self.colours[i])))
            self._run(cv, x, y + 1, bw, row1)
            # the ships and assistants, and the MP to sail there: the box's last row, or in the
            # compact map the sea row under the box (a route down the map passes its middle)
            y2 = y + 2 if nh >= 3 else y + nh
            room = bw if nh >= 3 or not self._route_below(loc) else bw // 2
            self._run(cv, x, y2, room - (len(label) + 1 if label and room == bw else 0), row2)
            if label:
                cv.put(x + bw - len(label), y2, label, MP if target != self.cursor else Style(bold=True))
        # the free corners: the legend (between 15U and 21b) and the card display (right)
        lx, ly = 2 * cw, 2 * (nh + gap)
        legend = LEGEND_ROOMY if nh >= 3 else next(
            (form for form in (LEGEND_COMPACT, LEGEND_TIGHT) if max(map(len, form)) <= 2 * cw - 1), LEGEND_TIGHT)
        for k, line in enumerate(legend[:nh]):
            put_fit(cv, lx, ly + k, line, 2 * cw - 1, DIM)
        cx = 6 * cw
        for k, (line, st) in enumerate(self.extra.get("corner", [])[: 2 * nh + gap]):
            put_fit(cv, cx, ly + k, abbreviate(line, w - cx), w - cx, st or Style())
            target = self.extra.get("corner_targets", {}).get(k)
            if target is not None:
                self.hit(cx, ly + k, w - cx, 1, target)
                if target == self.cursor:
                    cv.fill(cx, ly + k, w - cx, 1, CURSOR)
                elif target in self.targets:
                    cv.fill(cx, ly + k, w - cx, 1, TARGET)
        return cv

    def _player(self, i: int) -> Style:
        return Style(bold=True, color="#000000", bgcolor=self.colours[i])

    @staticmethod
    def _run(cv: Canvas, x: int, y: int, w: int, parts: list) -> None:
        for text, st in parts:
            if w <= 0:
                return
            if len(text) > w:
                cv.cropped.append(text)
            text = text[:w]
            cv.put(x, y, text, st or Style())
            x += len(text)
            w -= len(text)

    @staticmethod
    def _route_below(loc: str) -> bool:
        """A route leaves this box downwards (through the middle of the row under it)."""
        c, r = GRID[loc]
        return any(GRID[a] == (c, r) and GRID[b][0] == c and GRID[b][1] > r or
                   GRID[b] == (c, r) and GRID[a][0] == c and GRID[a][1] > r for a, b in EDGES)

    def _edges(self, cv: Canvas, cw: int, nh: int, gap: int, bw: int) -> None:
        mid = nh // 2
        for a, b in EDGES:
            (ca, ra), (cb, rb) = GRID[a], GRID[b]
            xa, ya = self.box_at(a, cw, nh, gap)
            xb, yb = self.box_at(b, cw, nh, gap)
            two = (a, b) == ("12", "13")
            if ra == rb:  # side by side: a line through the gap column
                x = max(xa, xb) - 1
                cv.put(x, ya + mid, "═" if two else "─", ROUTE)
            elif ca == cb:  # one above the other: a line through the gap rows (and empty boxes)
                y0, y1 = min(ya, yb) + nh, max(ya, yb)
                for y in range(y0, y1):
                    if not self._occupied(ca, y, nh, gap):
                        cv.put(xa + bw // 2, y, "│", ROUTE)
            else:  # 16L -> 17 style corners do not occur on this grid
                cv.put(xb - 1, yb + mid, "─", ROUTE)

    @staticmethod
    def _occupied(col: int, y: int, nh: int, gap: int) -> bool:
        row, off = divmod(y, nh + gap)
        return off < nh and any(c == col and r == row for c, r in GRID.values())
