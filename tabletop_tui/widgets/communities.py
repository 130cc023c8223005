"""Finca's ten communities: each one's face-up fruit tile (its fruits and value), how many tiles
are left in its stack, its finca tile and who leads that majority, or the wooden finca once closed.
During a delivery a header shows the delivery being built and, while an any-fruit symbol is being
filled, the fruit chips to click.

Renders what it is given; clicks post ``CanvasBoard.TargetChosen`` with ("community", name) or
("fruit", fruit). No rules here: the screen passes the counts, the delivery and the reasons.
"""
from __future__ import annotations

from typing import Any

from rich.style import Style

from tabletop_tui.widgets.canvas import Canvas
from tabletop_tui.widgets.canvas_board import CanvasBoard
from tabletop_tui.widgets.players import markers
from tabletop_tui.widgets.windmill import (CURSOR_BG, FRUIT_LETTER, FRUITS, TARGET_BG,
                                           fruit_style, seat_colours)

ANY_STYLE = Style(bold=True, color="black", bgcolor="#d0d0d0")
ANY = "*"  # an any-fruit symbol: not "?", which would read as a hidden tile
LEADS = "^"  # after a majority count: this player leads that finca tile alone
#: in a delivery, before a community it cannot take now, why (the legend says each; a click says
#: the whole sentence): its tile would pass the delivery's fruit limit, you lack fruit it asks
#: for (alone or with the rest), another reason
REFUSED = {"limit": "+", "fruit": "-", "other": "×"}


def finca_label(finca: str) -> str:
    """Short label of a finca tile: "F", "F+A", or "all" for the generic one."""
    if finca == "all":
        return "all"
    return "+".join(FRUIT_LETTER[f] for f in finca.split("+"))


class Communities(CanvasBoard):
    NARROW = 36  # its width, but for two-digit counts of four players in one-line rows (39)
    DEFAULT_CSS = """
    Communities { width: 36; height: 1fr; }
    """

    def __init__(self, state: Any = None, **kwargs: Any) -> None:
        super().__init__(state, **kwargs)
        self.info: dict = {}

    def update_state(self, state: Any, targets: set | None = None, cursor: Any = None,
                     info: dict | None = None) -> None:
        """``info``: "communities" (name list), "tiles" (per community: None when closed, else
        {"value", "requires": [(fruit, n)], "any", "left"}), "majority" (per community: counts
        per seat), "delivery" (the rules' delivery summary or None), "picked" (names),
        "reasons" ({name: short reason it cannot be added now}), "tiny_reasons" (the same in at
        most 12 characters), "refused" ({name: its mark of REFUSED, drawn before its name})."""
        targets = set(targets or ())
        info = info or {}
        if not (isinstance(cursor, tuple) and cursor[:1] in (("community",), ("fruit",))):
            cursor = None  # a cursor on the windmill changes nothing here
        self.info = info
        super().update_state(state, targets, cursor, info=info)

    def draw(self) -> Canvas | None:
        s = self.state
        w, h = self.size.width, self.size.height
        if s is None or w == 0 or h == 0 or not self.info:
            return None
        cv = Canvas(w, h)
        self._hit = {}
        info = self.info
        names = list(s.names)
        marks = markers(names)
        colours = seat_colours(len(names))
        comms: list[str] = info["communities"]
        y = 0
        # header: the delivery being built, or the wooden fincas left
        dl = info.get("delivery")
        header: list[list[tuple[str, Any, Any]]] = []
        if dl:
            mode = {"cart": "donkey cart", "large": "large donkey cart",
                    "less": "one less fruit"}[dl["mode"]]
            header.append([(f"Delivery ({mode})", Style(bold=True, underline=True), None)])
            over = dl["fruits"] > dl["limit"]
            row: list[tuple[str, Any, Any]] = [
                (f"{dl['fruits']}/{dl['limit']} fruits", Style(bold=True, color="red" if over else "green"), None),
                (f"  {dl['value']} VP  ", Style(bold=True), None)]
            for f in FRUITS:
                n = dl["need"].get(f, 0)
                if n:
                    row.append((f"{FRUIT_LETTER[f]}{n}", fruit_style(f), None))
                    row.append((" ", Style(), None))
            unfilled = sum(p["unfilled"] for p in dl["picks"])
            if unfilled:
                row.append((f"{ANY}{unfilled}", ANY_STYLE, None))
            header.append(row)
            if dl.get("one_less_open"):
                header.append([("one of these stays home: you choose", Style(italic=True), None)])
            elif dl.get("left_out"):
                header.append([(f"left out: 1 {dl['left_out']}", Style(italic=True), None)])
            if any(t[0] == "fruit" for t in self.targets if isinstance(t, tuple)):
                row = [("any-fruit: " if w >= 35 else "any: ", Style(bold=True), None)]
                for f in FRUITS:
                    tgt = ("fruit", f)
                    if tgt in self.targets:
                        st = fruit_style(f)
                        if tgt == self.cursor:
                            st = Style(bold=True, color="black", bgcolor=CURSOR_BG)
                        row.append((f" {FRUIT_LETTER[f]} ", st, tgt))
                    else:
                        row.append((f" {FRUIT_LETTER[f]} ", Style(dim=True, strike=True), None))
                    row.append((" ", Style(), None))
                header.append(row)
        else:
            left = (f"  wooden fincas left {s.wooden_supply}" if w >= 34
                    else f"  {s.wooden_supply} wooden left")
            header.append([("Communities", Style(bold=True, underline=True), None),
                           (left, Style(dim=True), None)])
        for row in header:
            x = 0
            for text, st, tgt in row:
                cv.put(x, y, text, st)
                if tgt is not None:
                    for xx in range(x, x + len(text)):
                        self._hit[(xx, y)] = tgt
                x += len(text)
            y += 1
        two = h - y >= 2 * len(comms)
        # one-line rows give each seat's count one column; a count of 10 or more (the "all"
        # tile sums tile values) gets two, with a space between seats, and the list takes the
        # three columns more it then needs from the windmill (whose cells stay whole)
        wide = not two and any(max(info["majority"][c] or [0]) >= 10
                               for c in range(len(comms)) if info["tiles"][c] is not None)
        cx0, cstep, left_x, finca_x = (27, 3, 19, 22) if wide else (30, 1, 19, 24)
        need = cx0 + cstep * len(names) - (1 if wide else 0)  # the "^" column
        want = max(self.NARROW, need + 1)
        if self.styles.width is None or self.styles.width.value != want:
            self.styles.width = want  # (drawn again at the new size)
        if two and h - y > 2 * len(comms):
            y += 1  # a blank row under the header
        elif not two and h - y > len(comms):
            # column names for the one-line rows; the seats' marks head the majority counts
            labels = (((9, "VP"), (12, "tile"), (17, "left"), (22, "finca")) if wide
                      else ((10, "VP"), (13, "tile"), (19, "left"), (24, "finca")))
            for x, label in labels:
                cv.put(x, y, label, Style(dim=True, italic=True))
            if w >= need + 1:
                for p, mk in enumerate(marks):
                    cv.put(cx0 + cstep * p + (cstep - 2 if wide else 0), y, mk[:1],
                           Style(bold=True, color=colours[p]))
                cv.put(need, y, LEADS, Style(dim=True, italic=True))
            y += 1
        picked = info.get("picked", [])
        reasons = info.get("reasons", {})
        shown = self._window(comms, h - y) if not two else range(len(comms))
        for c, name in enumerate(comms):
            if c not in shown:
                continue
            tile = info["tiles"][c]
            target = ("community", name)
            rows = 2 if two else 1
            for yy in range(y, y + rows):
                for xx in range(w):
                    self._hit[(xx, yy)] = target
            mark, name_style = " ", Style(bold=True)
            if target in self.targets:
                mark = ">"
                cv.fill(0, y, w, rows, Style(bgcolor=TARGET_BG))
            if name in picked:
                mark = "✓"
                name_style = Style(bold=True, color="#7ee787")
            elif dl and name in info.get("refused", {}):
                mark = info["refused"][name]  # (why it cannot be added: the counts stay)
                name_style = Style(bold=True, dim=True)
            if target == self.cursor:
                mark = "»"
                cv.fill(0, y, w, 1, Style(bgcolor=CURSOR_BG))
                name_style = Style(bold=True, color="black")
            cv.put(0, y, mark, name_style)
            cv.put(1, y, f"{name:<9}", name_style)
            fin = s.finca_tile[c]
            x = 11
            plain = name_style if target == self.cursor else Style(bold=True)
            dim = name_style if target == self.cursor else Style(dim=True)
            if tile is None:
                owner = s.finca_owner[c]
                wooden = "▲ wooden finca" if s.wooden[c] else "closed"
                if two:
                    cv.put(x, y, wooden, Style(bold=True, color="#d9a441"))
                    line = f"finca {finca_label(fin)} → "
                    cv.put(3, y + 1, line, Style(dim=True))
                    self._who(cv, 3 + len(line), y + 1, owner, marks, colours)
                else:
                    cv.put(x, y, f"{'▲' if s.wooden[c] else '-'} {finca_label(fin)}→", Style(dim=True))
                    self._who(cv, x + len(finca_label(fin)) + 3, y, owner, marks, colours)
                y += rows
                continue
            # the face-up tile: its value, then one chip per fruit symbol ("*" any fruit)
            cv.put(x, y, f"{tile['value']}", plain)
            chips_x = x + 2 if not two else 4
            chips_y = y if not two else y + 1
            cx = chips_x
            for f, n in tile["requires"]:
                cv.put(cx, chips_y, FRUIT_LETTER[f] * n, fruit_style(f))
                cx += n
            if tile["any"]:
                cv.put(cx, chips_y, ANY * tile["any"], ANY_STYLE)
                cx += tile["any"]
            if two:
                cv.put(13, y, "VP", dim)
                cv.put(17, y, f"{tile['left']} left", dim)
                lab = f"finca {finca_label(fin)}"
                cv.put(w - len(lab) - 1, y, lab, plain)
                # who leads this finca tile: each seat's count, the leader marked with ^; in a
                # delivery, after them, why the community cannot be added, in the words that fit
                # (else the mark before its name says it alone: never a sentence cut off)
                end = self._majority(cv, cx + 1, chips_y, w, info["majority"][c], marks, colours)
                if name in reasons and dl:
                    for why in (reasons[name], info.get("tiny_reasons", {}).get(name, "")):
                        if why and end + len(why) < w:  # (a space before the edge)
                            cv.put(end, chips_y, why, Style(italic=True, dim=True))
                            break
            else:
                cv.put(left_x, y, f"{tile['left']:>2}" if wide else f"{tile['left']:>3}", dim)
                cv.put(finca_x, y, finca_label(fin), plain)
                # each seat's count for this finca tile under its mark (one digit each, or two
                # and a space apart once a count reaches 10)
                counts = info["majority"][c]
                best = max(counts)
                leaders = [p for p, v in enumerate(counts) if v == best]
                if w >= need + 1:
                    for p, v in enumerate(counts):
                        lead = bool(best) and leaders == [p]
                        st = (Style(bold=True, color="black", bgcolor=colours[p]) if lead
                              else Style(color=colours[p]) if v else Style(dim=True))
                        cv.put(cx0 + cstep * p, y, f"{v:>2}" if wide else str(v), st)
                    if best and len(leaders) == 1:  # the leader's mark under the "^" column
                        cv.put(need, y, marks[leaders[0]][:1],
                               Style(bold=True, color="black", bgcolor=colours[leaders[0]]))
            y += rows
        if len(shown) < len(comms):  # the rest by name, on the last row: never left out unsaid
            above = [n for c, n in enumerate(comms) if c < shown[0]]
            below = [n for c, n in enumerate(comms) if c > shown[-1]]
            text = " ".join(([f"▲ {', '.join(above)}"] if above else []) + ([f"▼ {', '.join(below)}"] if below else []))
            cv.put(0, y, (text if len(text) <= w else text[:w - 1] + "…"), Style(dim=True, italic=True))
        return cv

    def _window(self, comms: list[str], rows: int) -> range:
        """The communities to list in one-line rows when ``rows`` cannot hold them all: as many as
        fit beside a row that names the rest, around the cursor (or the first target), so the
        arrows bring every community a delivery can reach into view."""
        if rows >= len(comms):
            return range(len(comms))
        keep = max(1, rows - 1)
        names = [("community", n) for n in comms]
        focus = names.index(self.cursor) if self.cursor in names else next(
            (i for i, t in enumerate(names) if t in self.targets), 0)
        start = min(max(0, focus - keep + 1), len(comms) - keep)
        return range(start, start + keep)

    @staticmethod
    def _who(cv: Canvas, x: int, y: int, owner: Any, marks: list[str], colours: list[str]) -> None:
        if owner is not None and owner >= 0:
            cv.put(x, y, f" {marks[owner]} ", Style(bold=True, color="black", bgcolor=colours[owner]))
        else:
            cv.put(x, y, "box (tie)", Style(italic=True))

    @staticmethod
    def _majority(cv: Canvas, x: int, y: int, w: int, counts: list[int], marks: list[str],
                  colours: list[str]) -> int:
        """Each seat's count from ``x`` ("A2^ B0"), none if nobody counts yet; where the next
        word may start."""
        best = max(counts)
        if not best:
            return x
        leaders = [p for p, v in enumerate(counts) if v == best]
        for p, v in enumerate(counts):
            tok = f"{marks[p]}{v}" + (LEADS if best and len(leaders) == 1 and p == leaders[0] else "")
            if x + len(tok) > w:
                break
            st = Style(bold=True, color=colours[p])
            if best and p in leaders:
                st = Style(bold=True, color="black", bgcolor=colours[p])
            cv.put(x, y, tok, st)
            x += len(tok) + 1
        return x
