"""Terra Mystica's game screen: the map (cursor, highlighted targets, an explanation line), the
faction boards, the cult and round boards (``t``), a grouped action menu, and the ``:`` command line.

Acting, three ways, all complete: Enter on a map space lists what can be done there; the menu groups
the legal actions (build, transform, upgrade, priests, power and special actions, conversions and
burning with an amount, pass with its bonus card); ``:`` takes our notation with completion.
The screen asks the engine for everything (legal actions, costs via ``explain``); widgets only draw.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import Footer, Static

from tabletop_tui.rules.core import counted
from tabletop_tui.rules.terra_mystica import explain as X
from tabletop_tui.rules.terra_mystica.actions import burns_before_answer, free_allowed, leech_amount, offer_words
from tabletop_tui.rules.terra_mystica.data import FACTIONS, INDEX, POWER_ACTIONS
from tabletop_tui.rules.terra_mystica.power import gain_power
from tabletop_tui.screens.game import GameScreen, OutOfReach
from tabletop_tui.widgets.command_line import CommandInput, CommandLine
from tabletop_tui.widgets.decision import DecisionPanel
from tabletop_tui.widgets.hex_map import COMPACT, FULL, HexMap, map_size
from tabletop_tui.widgets import panel_fit as fit
from tabletop_tui.widgets.log_panel import LogPanel
from tabletop_tui.widgets.repaint import show
from tabletop_tui.widgets.score_strip import strip_lines
from tabletop_tui.widgets.tm_tables import (DENSE, FULL as BOARD_FULL, ONE, SHORT, THREE, TWO, bonus_text, cult_board,
                                            cult_column, faction_lines, faction_table, favor_text, round_board, round_lines,
                                            scoring_text, town_text)

#: the upright cult board's column beside the map (its 31 cells and a border)
SIDE_W = 33
HEX_IN = re.compile(r"\b([A-I]\d{1,2})\b")
RES_NAME = {"PW": "power", "C": "coins", "W": "workers", "P": "priests", "VP": "VP"}
SPECIAL_NAME = {"BON1": "1 spade (bonus card)", "BON2": "1 cult step (bonus card)", "FAV6": "1 cult step (favor)",
                "ACTW": "Witches' Ride: a free dwelling on a forest", "ACTN": "Sandstorm: a space to desert",
                "ACTG": "2 free spades (Giants)", "ACTS": "a free trading house (Swarmlings)",
                "ACTA": "2 cult steps (Auren)", "ACTC": "a double turn (Chaos Magicians)",
                "ACTE": "a bridge for 2 workers (Engineers)"}


#: each faction's ability in one line, for choosing (the full text is under the map while highlighted)
ABILITY = {
    "fakirs": "carpet flight over a space (1 priest, +4 VP); no shipping; stronghold: +1 range",
    "nomads": "start with 3 dwellings; stronghold: Sandstorm turns a neighbour space to desert",
    "halflings": "+1 VP per spade; stronghold: 3 spades at once; digging advances cheaply",
    "cultists": "+1 cult step when someone takes their power; stronghold: 7 VP",
    "alchemists": "trade 1 VP for 1 coin or 2 coins for 1 VP; stronghold: 12 power, 2 power per spade",
    "darklings": "dig with priests (+2 VP a spade); stronghold: up to 3 workers become priests",
    "mermaids": "a town may skip one river space; stronghold: +1 shipping",
    "swarmlings": "+3 workers per town; stronghold: a free trading house once a round",
    "witches": "+5 VP per town; stronghold: Witches' Ride, a free dwelling on any forest",
    "auren": "stronghold: a favor tile, and 2 steps on one cult once a round",
    "dwarves": "tunnel over a space (2 workers, +4 VP); no shipping; stronghold: tunnels cost 1 worker",
    "engineers": "a bridge for 2 workers; stronghold: 3 VP per bridge between their structures on passing",
    "giants": "every transform takes exactly 2 spades; stronghold: 2 free spades once a round",
    "chaos_magicians": "1 starting dwelling, placed last; 2 favors per temple; stronghold: a double turn",
}


@dataclass
class Group:
    """A menu entry that opens a list of choices (actions or further groups)."""
    key: str
    label: str
    items: list = field(default_factory=list)
    target = None


@dataclass
class Unavailable:
    """A menu entry kept in its place while nothing in it is possible now, with the reason."""
    key: str
    label: str
    why: str
    target = None
    kind = "unavailable"


class _Back:
    target = None
    key = "..back"


BACK = _Back()


def unit(res: str, n: int) -> str:
    word = RES_NAME[res]
    return word[:-1] if n == 1 and word.endswith("s") else word


def fname(s, seat: int) -> str:
    f = s.players[seat].faction
    return FACTIONS[f]["name"] if f else s.names[seat]


class TerraMysticaScreen(GameScreen):
    CSS_PATH = ["game.tcss", "terra_mystica.tcss"]
    MIN_SIZE = (80, 24)
    #: the upright cult board beside the map, from this many columns
    SIDE_CULTS = 160
    #: the faction table in the score strip's place, below this many columns
    TABLE_BELOW = 120
    # (None would mean the app's "*": the first focusable widget, which here is the map)
    AUTO_FOCUS = "#choices"
    spectating = False  # watching a recording: every seat is a spectator's, none a bot
    BINDINGS = [
        Binding("colon", "command", "command", id="command"),
        Binding("t", "tables", "cults", id="tables"),
        Binding("m", "focus_map", "map", id="map"),
        Binding("backspace", "back", "back", show=False),
    ]

    def __init__(self, match, curtain: bool | None = None) -> None:
        super().__init__(match, curtain)
        self.menu_path: list[str] = []
        self.all_actions: list = []
        self.map_cursor = "E7"
        self.show_tables = False
        self._panel_lines = -1
        self._panel_room = -1
        self._cursor_for: int | None = -1
        self._menu_fresh: int | None = None
        self.roomy = False
        self._explain_text = Text()
        self._row_cache: dict[tuple[str, int], int] = {}
        self._crowded = False  # (the side panel found too short for every faction's board: table_shown)

    # -- layout ----------------------------------------------------------------------------
    def compose_board(self) -> Widget:
        tables = VerticalScroll(Static("", id="tables"), id="tables-box", can_focus=True)
        tables.scroll_by_key = True  # t shows it with the keyboard on it: ↑ ↓ PgUp PgDn (said on its first line)
        return Vertical(
            Horizontal(Vertical(Horizontal(HexMap(self.match.state, id="hexmap"), Static("", id="tm-rounds"),
                                           id="map-line"),
                                Static("", id="explain"), id="map-col"),
                       Static("", id="side-cults"), id="map-row"),
            Static("", id="mini-cults"),
            tables,
            id="tm-board")

    def on_mount(self) -> None:
        # the command line under the choices, outside the board: always drawn whole when open
        # (the board gives up its rows; the map, not the line, is what shrinks)
        self.mount(CommandLine(self._parse, id="cmdline"), after=self.query_one("#decision"))
        # below 120 columns every faction's public board in a row each, in the score strip's place
        # (it holds the strip's points too): the side panel, if any, has no room for them
        self.mount(Static("", id="tm-table"), after=self.query_one("#strip"))
        # the footer without the padding around each key: from 120 columns every key, the game's own
        # (: t m) too, is named whole
        try:
            self.query_one(Footer).compact = True
        except NoMatches:
            pass
        # (GameScreen.on_mount runs after this one and draws the screen)

    def on_resize(self, event) -> None:
        # (GameScreen.on_resize runs after this one — Textual calls every class's handler — and
        # gives the log its height: the log's height here is set again right after it)
        self.lay_out(event.size.width, event.size.height)
        self.call_next(self._log_height)
        if not self.small:  # the panels and the map drawn again for the new room, at once
            self.call_after_refresh(self._after_layout)

    #: (the map key goes before the shared ones: the map is in view at every size)
    FOOTER_DROP = ("n", "ctrl+q", "ctrl+s", "m", "s", "L")

    def lay_out(self, w: int, h: int) -> None:
        """The layout for the terminal's size: 80–99 columns the compact map alone (the faction
        boards are on p); from 100 the boards beside it; from 160 the cult board beside the map;
        the full map where it fits with its explanation line. The log takes 2 lines below 30 rows.
        (The new size, from the resize event: the screen's own size may still be the old one.)"""
        self._term = (w, h)
        self.fit_footer(w)
        table = self.table_shown
        self.query_one("#tm-table").display = table
        self.query_one("#strip").display = not table
        # without the side panel (below 100 columns): this round's and the next round's tiles beside
        # the map, in the title's place (the table marks the mover)
        narrow = w < 100
        self.query_one("#tm-rounds").display = narrow
        self.query_one("#title-bar").display = not narrow
        if table:  # (drawn for the new width: the strip redraws itself, the table is the screen's)
            self.refresh_strip(self.current_view())
        box = self.query_one("#panels-box")
        panels_on = w >= 100
        panels = 44 if w >= 150 else 36 if w >= 120 else 30
        box.display = panels_on
        box.styles.width = panels
        side = w >= self.SIDE_CULTS
        self.query_one("#side-cults").display = side
        # a tall terminal (120×50) shows the cult board under the map all the time
        self.roomy = h >= 48 and not side
        self.query_one("#mini-cults").display = self.roomy and not self.show_tables
        board_w = w - (panels if panels_on else 0) - (SIDE_W if side else 0)
        fw, fh = map_size(FULL)
        # (the table's rows come from the map's: with it, the full map from 48 rows)
        full = board_w >= fw and h >= (48 if table and w >= self.TABLE_BELOW else 40)
        self.query_one(HexMap).styles.height = fh if full else map_size(COMPACT)[1]
        self._log_height()
        self.fit_rows()

    def _log_height(self) -> None:
        h = self.term_size[1]
        log = self.query_one(LogPanel)
        # (below 42 rows one line fewer, for the ten entries of the menu at 120x40; below 30 rows:
        # 2 lines, 1 while the command line is open)
        rows = self._log_base()
        rows -= min(getattr(self, "_log_gives", 0), rows - self._log_floor())  # (rows a menu took: fit_rows)
        cmd = self._log_for_cmd()
        # the command line open below 30 rows beside the faction table: the log keeps its bar of
        # one row (its newest line), and the line's hint gives up a row for it
        self.query_one(CommandLine).set_hint_rows(2 if cmd else 3)
        if cmd:
            rows = 1
        if self._apply_log(rows) and not getattr(self, "_fitting", False):
            self.fit_rows()

    def _apply_log(self, rows: int) -> bool:
        """The log at ``rows`` (none: not shown); whether that changed anything."""
        log = self.query_one(LogPanel)
        shown = rows > 0
        # (the style, not ``log.display``: that reads False for a closing widget whatever the style
        # says, so while the app closed every call "changed" it, and fit_rows and _log_height called
        # each other without end; a fresh clone's test hit RecursionError in _after_layout)
        changed = (log.styles.display != "none") != shown
        if changed:
            log.display = shown
        if rows > 0 and (log.styles.height is None or log.styles.height.value != rows):
            log.styles.height = rows
            changed = True
        # one row: the newest line alone, on a bar of its own colour instead of under its rule
        log.set_class(rows == 1, "-one")
        log.newest_only = rows == 1
        return changed

    def _log_base(self) -> int:
        h = self.term_size[1]
        return 6 if h >= 42 else 5 if h >= 36 else 4 if h >= 30 else 2 if self.query_one(CommandLine).is_open else 3

    def _log_for_cmd(self) -> bool:
        """The command line open below 30 rows beside the faction table: the log gives the line
        its rows but the bar of its newest line (L shows it all; it is back when the line closes)."""
        return self.term_size[1] < 30 and self.query_one(CommandLine).is_open and self.table_shown

    def _log_floor(self) -> int:
        """The rows the log keeps when a menu needs more: its newest line under its rule; below 30
        rows beside the faction table the newest line alone, without the rule (a long menu took
        all of the log's rows, and only the footer's "L log" said a log was there)."""
        return 1 if self.term_size[1] < 30 and self.table_shown else 2

    @property
    def term_size(self) -> tuple[int, int]:
        return getattr(self, "_term", None) or (self.size.width, self.size.height)

    def _rows(self, text: Text | str, width: int) -> int:
        """The rows ``text`` takes at ``width`` (the plain text decides: styles do not wrap),
        remembered: the layout asks for the same few texts again and again."""
        plain = text.plain if isinstance(text, Text) else str(text)
        if not plain:
            return 0
        key = (plain, max(1, width))
        rows = self._row_cache.get(key)
        if rows is None:
            t = text if isinstance(text, Text) else Text(text)
            if len(self._row_cache) > 256:
                self._row_cache.clear()
            rows = self._row_cache[key] = len(t.wrap(self.app.console, key[1]))
        return rows

    def fit_rows(self) -> None:
        """The decision panel takes the rows the map and its explanation line leave: the map is
        never squeezed, the choices scroll (↑ ↓) when there are more than the rows."""
        if not self.is_mounted or getattr(self, "_fitting", False):
            return
        self._fitting = True
        try:
            self._fit_rows()
        finally:
            self._fitting = False

    def _fit_rows(self) -> None:
        w, h = self.term_size
        if not w or not h:
            return
        hm = self.query_one(HexMap)
        map_h = int(hm.styles.height.value) if hm.styles.height is not None else 9
        explain = self.query_one("#explain", Static)
        col_w = w - (self.query_one("#panels-box").styles.width.value if w >= 100 else 0) - \
            (SIDE_W if w >= self.SIDE_CULTS else 0)
        ex_rows = max(1, self._rows(self._explain_text, int(col_w) - 2))
        explain.styles.height = ex_rows
        main = map_h + ex_rows + (8 if self.roomy else 0)
        strip = self._strip_rows(w)
        self._log_height()
        log = self.query_one(LogPanel).styles.height
        log_h = (int(log.value) if log is not None else 4) if self.query_one(LogPanel).display else 0
        cl = self.query_one(CommandLine)
        cmd = 0
        if cl.is_open:
            hint = cl.query_one("#cmd-hint", Static)
            cmd = 2 + min(cl.hint_rows, max(1, self._rows(hint.content if isinstance(hint.content, Text) else
                                                           Text(str(hint.content)), w - 2)))
        title = 1 if w >= 100 else 0
        room = h - title - strip - main - log_h - 1 - cmd
        prompt = self.query_one("#prompt", Static)
        p_rows = self._rows(prompt.content if isinstance(prompt.content, Text) else Text(str(prompt.content)), w - 2)
        # below 40 rows a menu gets the rows it needs before the log does: the log keeps its
        # newest line (L shows it all); from 40 rows the log keeps its rows
        gives = getattr(self, "_log_gives", 0)
        full = self._log_base()
        # (the rows the menu lacks with the log at its full height: room counts the log as it is now)
        want = min(13, 1 + p_rows + self.query_one("#choices").option_count) - (room + log_h - full) if h < 40 else 0
        new_gives = max(0, min(want, full - self._log_floor()))
        if new_gives != gives and not self._log_for_cmd():
            self._log_gives = new_gives
            room += log_h - (full - new_gives)
            log_h = full - new_gives
            self._apply_log(log_h)
        room = max(3, min(13, room))  # (the ten main entries and a two-line prompt)
        decision = self.query_one(DecisionPanel)
        decision.styles.max_height = room
        choices = max(1, min(10, room - 1 - p_rows))
        ol = self.query_one("#choices")
        ol.styles.max_height = choices
        # the rows the boards' column gets: what the choices (and the line) leave
        used = min(room, 1 + p_rows + min(choices, max(1, ol.option_count)))
        panel_h = h - title - strip - used - cmd - log_h - 1
        if panel_h != self._panel_room:
            self._panel_room = panel_h
            self.refresh_panels(self.current_view())

    @property
    def table_shown(self) -> bool:
        """The faction table in the strip's place: below 120 columns, and wherever the side panel
        has not the rows for every faction's public board (five factions late in the game)."""
        return self.term_size[0] < self.TABLE_BELOW or self._crowded

    def _strip_rows(self, w: int) -> int:
        if self.table_shown:
            return len(self._table_lines(self.current_view(), w))
        return len(strip_lines(self.strip_seats(self.current_view()), w - 2))

    def _table_lines(self, view: Any, w: int) -> list[Text]:
        return faction_table(view, self.marks, self.strip_seats(view), w - 2)

    def refresh_strip(self, view: Any) -> None:
        """Below 120 columns the faction table, a row per faction, in the strip's place."""
        w = self.term_size[0]
        if not self.table_shown:
            super().refresh_strip(view)
            return
        lines = self._table_lines(view, w)
        table = self.query_one("#tm-table", Static)
        n = len(lines)
        table.update(fit.join(lines), layout=n != getattr(self, "_table_rows", -1))
        self._table_rows = n

    def _to_table(self) -> None:
        try:
            self.lay_out(*self.term_size)
            self.refresh_all()
        except NoMatches:  # (the game ended: the screen is gone)
            pass

    def _after_layout(self) -> None:
        try:
            self.refresh_panels(self.current_view())
            self.fit_rows()
            self.update_board(self.current_view(), set(), None)
        except NoMatches:  # (the game ended: the screen is gone)
            pass

    def legend(self) -> list[tuple[str, str]]:
        from tabletop_tui.widgets.hex_map import LEGEND

        out = LEGEND + [("PW", "power in bowl III, ready to spend (the strip and the log count it)"),
                        ("…p", "the row or panel leaves out part of that faction's board (its name, shipping, "
                               "digging, structures, tiles): p shows it whole")]
        if self.table_shown:  # the faction table's and the rounds column's short forms
            out += [("5/1/0PW", "power in bowls I, II and III (III is ready to spend)"),
                    ("C W P", "coins, workers, priests in supply"),
                    ("F3 W1 E0 A2", "the cult tracks: Fire 3, Water 1, Earth 0, Air 2 (F3W1E0A2 when tight)"),
                    ("BON1–10", "the bonus card held (t: what each gives)"),
                    ("FAV1–12", "favor tiles held (FAV5,9: FAV5 and FAV9; t: what each gives)"),
                    ("TW1–8", "town tiles taken"),
                    ("ship dig", "shipping and digging levels"),
                    ("D2 TP1", "structures on the map: D dwellings, TP trading houses, TE temples, "
                               "SH stronghold, SA sanctuary"),
                    ("passed 1st", "out of the round, in passing order (the next round's turn order)")]
            if self.term_size[0] < 100:
                out += [("SCORE1–9", "the round's scoring tile (beside the map: this round's and the next; "
                                     "t: all six)"),
                        ("4E→+1 spade", "the tile's cult bonus at the round's end: per 4 steps on Earth, 1 spade "
                                        "(P→: per priest sent)")]
        if self.query_one(LogPanel).has_class("-one"):
            out += [("▌ under the choices", "the log's newest line: a long menu took the log's other rows "
                                           "(L: the whole log)")]
        return out

    def round_text(self, s: Any) -> str:
        if s.phase == "pick":
            return "choosing factions"
        if s.phase in ("place", "bonus"):
            return "set-up"
        if s.phase == "over":
            return "final scoring"
        now, on = s.scoring[s.round - 1], scoring_text(s.scoring[s.round - 1]).split(" · ")[0]
        text = f"round {s.round}/6 · {now} {on}"
        if s.round == 6 or self.term_size[0] < 100:  # (below 100 columns: the column beside the map)
            return text
        # the next round's tile too, in the first form the title bar holds whole beside the mover
        nxt, non = s.scoring[s.round], scoring_text(s.scoring[s.round]).split(" · ")[0]
        d = self.match.pending
        mover = f" · {self.match.names[d.seat]} ({self.marks[d.seat]}) to play" if d is not None else " · game over"
        room = self.term_size[0] - len(f" {self.match.game.title} · ") - len(mover)
        for form in (f"{text} · next {nxt} {non} (t: all)", f"{text} · next {non} (t: all)",
                     f"round {s.round}/6 · {on} · next {non} (t: all)", f"{s.round}/6 {on} · next {non} (t)"):
            if len(form) <= room:
                return form
        return text

    # -- the menu --------------------------------------------------------------------------
    def menu_tree(self, s: Any, actions: list) -> list:
        """The legal actions in groups: never one flat list of hundreds. While a decision lasts each
        entry keeps its place (and digit): the main menu's entries, the kinds of conversion and the
        conversion entry itself stay, dim with the reason, when not possible now (a conversion is a
        step inside the same decision, and would otherwise renumber the menu)."""
        free = [a for a in actions if a.kind in ("convert", "burn")]
        rest = [a for a in actions if a.kind not in ("convert", "burn")]
        from tabletop_tui.rules.terra_mystica import RULES

        d = RULES.pending(s)  # (from the position given: the menu of any position, a view too)
        seat = d.seat if d else 0
        out: list = []
        if s.phase == "play" and s.step == "main" and not s.favors_due and not s.towns_due and not s.key_choice:
            def slot(key, label, items, dim_label=None):
                if len(items) == 1:
                    out.append(items[0])
                elif items:
                    out.append(Group(key, f"{label} ({len(items)})", items))
                else:
                    out.append(Unavailable(key, dim_label or label, X.menu_reason(s, seat, key)))
            builds = [a for a in rest if a.kind == "build"]
            trans = [a for a in rest if a.kind == "transform"]
            by_hex: dict[str, list] = {}
            for a in trans:
                by_hex.setdefault(a.a, []).append(a)
            t_items = [Group(f"t:{h}", f"Transform {h} ({s.terrain[INDEX[h]]}) into…", v) if len(v) > 1 else v[0]
                       for h, v in by_hex.items()]
            p = s.players[seat]
            fac = FACTIONS[p.faction] if p.faction else None
            def next_level(track):
                level = p.ship if track == "ship" else p.dig
                top = fac["shipping" if track == "ship" else "digging"]["max"] if fac else 0
                return f" to {level + 1}" if level < top else ""
            slot("build", "Build a dwelling…", builds)
            slot("transform", "Transform a space (then build)…", t_items)
            slot("upgrade", "Upgrade a structure…", [a for a in rest if a.kind == "upgrade"])
            slot("send", "Send a priest to a cult track…", [a for a in rest if a.kind == "send"])
            slot("ship", "Advance shipping", [a for a in rest if a.kind == "advance" and a.a == "ship"],
                 f"Advance shipping{next_level('ship')}")
            slot("dig", "Advance digging", [a for a in rest if a.kind == "advance" and a.a == "dig"],
                 f"Advance digging{next_level('dig')}")
            slot("power", "Power actions ACT1–ACT6…", [a for a in rest if a.kind == "action" and a.a in POWER_ACTIONS])
            slot("special", "Special actions…", [a for a in rest if a.kind == "action" and a.a not in POWER_ACTIONS])
            slot("pass", "Pass and take a bonus card…", [a for a in rest if a.kind == "pass"], "Pass…")
            out.append(self._free_entry(s, seat, free))
            out += [a for a in rest if a.kind in ("connect", "done")]  # (rare: after the ten)
            return out
        if s.phase == "play" and s.step == "spades" and not s.favors_due and not s.towns_due and not s.key_choice:
            # stopping and converting first, then the builds on the spaces this action transformed,
            # then the transforms (whose number grows as workers are converted: last)
            out = [a for a in rest if a.kind == "done"]
            out.append(self._free_entry(s, seat, free))
            out += [a for a in rest if a.kind == "build"]
            out += [a for a in rest if a.kind not in ("done", "build")]
            return out
        out = rest
        allowed = free_allowed(s) or bool(d and burns_before_answer(s, d.seat))
        if free or allowed:
            out.append(self._free_entry(s, seat, free))
        return out

    def _free_entry(self, s: Any, seat: int, free: list) -> Any:
        """"Convert or burn power…": each kind of conversion in its place, dim when not possible."""
        if not free:
            return Unavailable("free", "Convert or burn power…", X.menu_reason(s, seat, "free"))
        kinds: dict[tuple, list] = {}
        for a in free:
            kinds.setdefault(("burn", "") if a.kind == "burn" else (a.a, a.b), []).append(a)
        items = []
        for fa, fb in X.conversion_slots(s, seat):
            v = kinds.pop((fa, fb), [])
            key = "burn" if fa == "burn" else f"c:{fa}{fb}"
            label = "Burn power" if fa == "burn" else f"Convert {RES_NAME[fa]} to {RES_NAME[fb]}"
            if len(v) == 1:
                items.append(v[0])
            elif v:
                items.append(Group(key, f"{label} (1–{len(v)})…", v))
            else:
                items.append(Unavailable(key, f"{label}…", X.conversion_reason(s, seat, fa, fb)))
        for (fa, fb), v in kinds.items():  # (none expected: every kind has its place above)
            items.append(v[0] if len(v) == 1 else Group(f"c:{fa}{fb}", f"Convert {RES_NAME[fa]} to {RES_NAME[fb]} (1–{len(v)})…", v))
        return Group("free", "Convert or burn power…", items)

    def shown_actions(self, actions: list) -> tuple[list, int]:
        self.all_actions = actions
        items = self.menu_tree(self.match.state, actions)
        path = []
        for key in self.menu_path:
            g = next((x for x in items if isinstance(x, Group) and x.key == key), None)
            if g is None:
                break
            path.append(key)
            items = [BACK] + g.items
        self.menu_path = path
        first = 1 if path and len(items) > 1 else 0
        if not path and self.match.state.step == "spades":  # (Stop here and Convert come first)
            first = next((i for i, x in enumerate(items) if getattr(x, "kind", "") in ("build", "transform")), 0)
        self._menu_fresh = first if not path else None  # (inside a group, follow the first item)
        return items, first

    def reveal(self, action: Any) -> bool:
        """A suggested action inside a group: open the groups that hold it."""
        path = self.path_to(self.menu_tree(self.match.state, self.all_actions), action, Group)
        if not path or path == self.menu_path:
            return False
        self.menu_path = path
        self.refresh_all()
        return True

    def unavailable(self, a: Any) -> str:
        return a.why if isinstance(a, Unavailable) else super().unavailable(a)

    def decision_thread(self, d: Any) -> Any:
        """A group's list is a list of its own (its places kept while the decision lasts)."""
        return (d.seat, d.kind, tuple(self.menu_path))

    def label(self, s: Any, a: Any) -> str:
        if isinstance(a, (Group, Unavailable, OutOfReach)):
            return a.label
        if a is BACK:
            return "← back (Backspace)"
        k = a.kind
        d = self.match.pending
        seat = d.seat if d else 0
        if k == "pick":
            f = FACTIONS[a.a]
            return f"{f['name']} ({f['terrain']}): {ABILITY.get(a.a, f['text'][0])}"
        if k == "take":
            coins = s.bonus_pool.get(a.a, 0)
            return f"Take {a.a}{' (+' + counted(coins, 'coin') + ' on it)' if coins else ''}: {bonus_text(a.a)}"
        if k == "pass" and a.a:
            coins = s.bonus_pool.get(a.a, 0)
            return f"Pass, take {a.a}{f' +{coins}C' if coins else ''}: {bonus_text(a.a)}"
        if k == "pass":
            return "Pass (the last round: no bonus card)"
        if k == "build" and s.phase == "place":
            return f"Place a starting dwelling on {a.a}"
        if k in ("build", "transform", "upgrade") and s.phase == "play":
            cost = X.action_cost(s, seat, a)
            if k == "build":
                return f"Build a dwelling on {a.a} ({cost})"
            if k == "transform":
                return f"Transform {a.a} ({s.terrain[INDEX[a.a]]}) into {a.b}: {cost}"
            return f"Upgrade {a.a} to {X.BUILDING[a.b]} ({cost})"
        if k == "bridge":
            return f"Bridge {a.a} – {a.b}"
        if k == "convert":
            from tabletop_tui.rules.terra_mystica.notation import CONVERSIONS
            per = CONVERSIONS[(a.a, a.b)]
            return f"Convert {per * a.n} {unit(a.a, per * a.n)} → {a.n} {unit(a.b, a.n)}"
        if k == "burn":
            return f"Burn {a.n} power: {2 * a.n} leave bowl II, {a.n} go to bowl III"
        if k == "advance":
            from tabletop_tui.rules.terra_mystica.power import fac
            p = s.players[seat]
            spec = fac(p)["shipping" if a.a == "ship" else "digging"]
            what = "shipping" if a.a == "ship" else "digging"
            return f"Advance {what} to {(p.ship if a.a == 'ship' else p.dig) + 1} ({X.cost_text(spec['cost'])})"
        if k == "action" and a.a in POWER_ACTIONS:
            spec = POWER_ACTIONS[a.a]
            gain = "a bridge" if spec.get("bridge") else (f"{spec['spades']} spade{'s' if spec['spades'] > 1 else ''}"
                                                         if spec.get("spades") else X.cost_text(spec["gain"]))
            return f"{a.a}: {gain} for {spec['cost']} power"
        if k == "action":
            return f"{a.a}: {SPECIAL_NAME.get(a.a, a.a)}"
        if k == "favor":
            return f"{a.a}: {favor_text(a.a)}"
        if k == "town":
            return f"{a.a}: {town_text(a.a)}"
        if k == "cult":
            return f"One step on {a.a.title()}"
        if k == "connect":
            return f"Connect across river {a.a} (Mermaids' town)"
        return self.rules.describe(s, a)

    def prompt_text(self, d: Any) -> str:
        s = self.match.state
        name = self.match.names[d.seat]
        who = f"{name} ({fname(s, d.seat)})" if s.players[d.seat].faction else name
        if d.kind == "leech" and s.queue:
            q = s.queue[0]
            amt = next((a.n for a in self.all_actions if a.kind == "leech"), q[2])
            p = s.players[d.seat].copy()
            before = "/".join(map(str, p.bowls))
            gain_power(p, amt)
            src = q[3]
            offer = offer_words(s, q) if amt == leech_amount(s, q) else f"Take {amt} power for {max(0, amt - 1)} VP"
            return (f"Power offer for {who}: the {fname(s, src)} ({self.match.names[src]}) built next to you. "
                    f"{offer} (bowls {before} → {'/'.join(map(str, p.bowls))}), or decline?")
        text = f"{who}: {d.prompt}"
        if self.menu_path:
            text += "  › " + " › ".join(self._path_labels())
        return text

    def _path_labels(self) -> list[str]:
        items = self.menu_tree(self.match.state, self.all_actions)
        out = []
        for key in self.menu_path:
            g = next((x for x in items if isinstance(x, Group) and x.key == key), None)
            if g is None:
                break
            out.append(g.label.split(" (")[0].rstrip("…"))
            items = g.items
        return out

    # -- choosing --------------------------------------------------------------------------
    def action_choose(self, index: int) -> None:
        if not 0 <= index < len(self.actions):
            self.no_such_choice(index)
            return
        item = self.actions[index]
        if isinstance(item, Unavailable):
            self.notify(f"Not possible now: {item.label.rstrip('…')} — {item.why}.", severity="information")
            return
        if isinstance(item, Group):
            self.menu_path.append(item.key)
            self.refresh_all()
        elif item is BACK:
            self.action_back()
        else:
            self.play(item)

    def action_back(self) -> None:
        if self.menu_path:
            self.menu_path.pop()
            self.refresh_all()

    def back_from_sub_view(self) -> bool:
        """A submenu goes back a step; the cult and round boards (t) back to the map."""
        if self.menu_path:
            self.action_back()
            return True
        if self.show_tables:
            self.action_tables()
            return True
        return False

    def action_leave(self) -> None:
        if self.back_from_sub_view():
            return
        if self.query_one(CommandLine).escape_is_habit():  # meant for the command line
            self.notify("The command line is closed. Press Escape again to leave the game.",
                        severity="information")
            return
        super().action_leave()

    def play(self, action: Any) -> None:
        self.menu_path = []
        if not self.match.bot_to_play():
            self.query_one(CommandLine).forget_closing()  # a person decided: a new moment
        before = len(self.match.actions)
        super().play(action)
        if len(self.match.actions) > before:
            self._announce(before)

    def _announce(self, before: int) -> None:
        """A town just founded is worth a word."""
        s0, s1 = self.match.states[before], self.match.state
        for seat, (p0, p1) in enumerate(zip(s0.players, s1.players)):
            if len(p1.towns) > len(p0.towns):
                self.notify(f"{self.match.names[seat]} ({fname(s1, seat)}) founded a town: {p1.towns[-1]}.",
                            title="Town!")

    def choose_target(self, target: Any) -> None:
        """Enter or a click on the map: the actions there, or why there are none."""
        if target is None or target[0] != "hex":
            return
        cell = target[1]
        self.map_cursor = cell
        options = [a for a in self.all_actions if getattr(a, "target", None) == target
                   or (a.kind == "bridge" and a.b == cell)]
        d = self.match.pending
        if not options:
            if d is not None and not self.match.seats[d.seat].bot:
                self.notify(X.why_not(self.match.state, d.seat, cell), title=cell, severity="information")
            return
        self.play_one_of(options, f"{cell}: choose")

    def on_hex_map_done(self, event: HexMap.Done) -> None:
        self.query_one("#choices").focus()

    def on_hex_map_cursor_moved(self, event: HexMap.CursorMoved) -> None:
        self.map_cursor = event.cell
        self.show_explain()

    # -- the command line ------------------------------------------------------------------
    def _parse(self, text: str) -> Any:
        return self.rules.parse(self.match.state, text)

    def action_command(self) -> None:
        d = self.match.pending
        if d is None or self.match.seats[d.seat].bot:
            self.notify("The command line is for the player to move.", severity="information")
            return
        cl = self.query_one(CommandLine)
        cl.set_candidates([str(a) for a in self.match.legal_actions()])
        cl.open()
        self.fit_rows()

    def on_command_line_chosen(self, event: CommandLine.Chosen) -> None:
        self.play(event.action)

    def on_command_line_closed(self, event: CommandLine.Closed) -> None:
        self.query_one("#choices").focus()
        self.fit_rows()

    def on_descendant_focus(self, event) -> None:
        """The line is drawn only while it has the keyboard: a click or Tab elsewhere closes it."""
        cl = self.query_one(CommandLine)
        if cl.is_open and not isinstance(event.widget, CommandInput):
            cl.remove_class("-open")
            self.fit_rows()

    def on_key(self, event: events.Key) -> None:
        """Letters typed quickly after ':' reach the widget that had the keyboard before the line
        opened (they were on their way to it): they belong to the line, never to the game's keys."""
        super().on_key(event)
        cl = self.query_one(CommandLine)
        if event.key == "colon" and not cl.is_open and self.check_action("command", ()):
            # opened here, as the key passes, not when the app comes to its binding: by then the
            # letters typed after it have passed too
            event.stop()
            event.prevent_default()
            self.action_command()
            return
        if not cl.is_open and cl.drop_key(event.key, event.character):
            # typed on for a line that closed itself (the turn passed): not the game's shortcuts
            event.stop()
            event.prevent_default()
            if cl.dropped == 1:  # one notice for the run
                self.notify("The command line closed: the turn passed. What you typed on was not used "
                            "(not as shortcuts either); press : to type a move again.",
                            title="Keys dropped", severity="warning")
            return
        if not cl.is_open or getattr(event, "for_the_line", False):
            return
        if event.is_printable:  # (Enter and Backspace find the line's own keys: it has the keyboard)
            event.stop()
            event.prevent_default()
            again = events.Key(event.key, event.character)
            again.for_the_line = True  # type: ignore[attr-defined]
            cl.input.post_message(again)

    def on_input_changed(self, event) -> None:
        self.fit_rows()  # (the hint under the line may take another row)

    # -- views -----------------------------------------------------------------------------
    def action_tables(self) -> None:
        """The cult and round boards in the map's place (t again: the map); ↑↓ scroll them."""
        self.show_tables = not self.show_tables
        self.refresh_all()
        if self.show_tables:
            self.query_one("#tables-box").focus()
        else:
            self.query_one("#choices").focus()

    def action_focus_map(self) -> None:
        self.show_tables = False
        self.refresh_all()
        self.query_one(HexMap).focus()

    def focus_choices(self) -> None:
        """Keep the keyboard on the map or the command line while the player uses them."""
        if isinstance(self.focused, (HexMap, CommandInput)) or (self.show_tables and self.focused is not None
                                                                and self.focused.id == "tables-box"):
            return
        super().focus_choices()

    def refresh_all(self) -> None:
        d = self.match.pending
        seat = d.seat if d is not None else None
        if seat != self._cursor_for:  # a new player to decide: the cursor shows what just happened
            self._cursor_for = seat
            for text in reversed(self.match.actions[-8:]):
                m = HEX_IN.search(text)
                if m and m.group(1) in INDEX:
                    self.map_cursor = m.group(1)
                    break
        super().refresh_all()
        cl = self.query_one(CommandLine)
        if cl.is_open:
            d = self.match.pending
            if d is None or self.match.seats[d.seat].bot:
                cl.close_itself()
                self.query_one("#choices").focus()
            else:
                cl.set_candidates([str(a) for a in self.all_actions])
        self.fit_rows()

    def on_decision_panel_highlighted(self, event: DecisionPanel.Highlighted) -> None:
        """A menu choice on a space moves the map cursor there (a refresh alone does not: the
        cursor stays where the player, or the last move, put it)."""
        event.prevent_default()
        i = event.index
        fresh, self._menu_fresh = self._menu_fresh, None
        if fresh == i:  # the menu's own first highlight after a refresh: not the player's choice
            self.update_board(self.match.state, set(), None)
            return
        a = self.actions[i] if 0 <= i < len(self.actions) else None
        t = getattr(a, "target", None)
        if t and t[0] == "hex" and not isinstance(self.focused, HexMap):
            self.map_cursor = t[1]
        self.update_board(self.match.state, set(), None)

    def update_board(self, state: Any, targets: set, cursor: Any) -> None:
        targets = {a.target for a in self.all_actions if getattr(a, "target", None) and a.target[0] == "hex"} \
            if self.match.pending is not None and not self.match.seats[self.match.pending.seat].bot else set()
        hm = self.query_one(HexMap)
        tables = self.query_one("#tables", Static)
        box = self.query_one("#tables-box")
        if box.display != self.show_tables:  # (a display change costs a relayout: only when it changes)
            self.query_one("#map-row").display = not self.show_tables
            self.query_one("#mini-cults").display = self.roomy and not self.show_tables
            box.display = self.show_tables
        if self.term_size[0] < 100:
            self.query_one("#tm-rounds", Static).update(fit.join(round_lines(state)), layout=False)
        if self.term_size[0] >= self.SIDE_CULTS:
            show(self.query_one("#side-cults", Static), cult_column(state, self.marks), layout=False)
        if self.roomy and not self.show_tables:
            show(self.query_one("#mini-cults", Static), cult_board(state, self.marks), layout=False)
        if self.show_tables:
            t = Text("↑ ↓ PgUp PgDn scroll · t, m or Esc: back to the map\n", "dim")
            t.append_text(cult_board(state, self.marks))
            t.append("\n")
            t.append_text(round_board(state))
            show(tables, t)
        hm.update_state(state, targets, self.map_cursor, marks=self.marks)
        self.show_explain()

    def show_explain(self) -> None:
        s = self.match.state
        d = self.match.pending
        line = Text()
        i = self.query_one(DecisionPanel).highlighted
        item = self.actions[i] if i is not None and 0 <= i < len(self.actions) else None
        if d is not None and getattr(item, "kind", "") == "pick":
            f = FACTIONS[item.a]
            line.append(f"{f['name']}: ", "bold")
            if self.term_size[1] >= 40:
                line.append(" ".join(f["text"]))
            else:  # a short terminal: the ability in a line, as the menu gives it
                line.append(ABILITY.get(item.a, f["text"][0]))
        elif d is None:
            line.append(X.describe_space(s, self.map_cursor))
        elif self.match.seats[d.seat].bot:
            line.append(X.describe_space(s, self.map_cursor))
        else:
            line.append(X.explain(s, d.seat, self.map_cursor, self.all_actions))
            if any(getattr(a, "target", None) == ("hex", self.map_cursor) for a in self.all_actions):
                line.append("  ⏎ to choose" if isinstance(self.focused, HexMap) else "  (m: map, then ⏎)",
                            "dim")
        explain = self.query_one("#explain", Static)
        width = explain.size.width or self.term_size[0] - 2  # (its content's width, as fit_rows reckons it)
        # (against the height the line has now: the last layout may have been made for another text)
        now = int(explain.styles.height.value) if explain.styles.height is not None else -1
        grew = max(1, self._rows(line, width)) != now
        self._explain_text = line
        show(self.query_one("#explain", Static), line, layout=grew)  # (a relayout only for another height)
        if grew:
            self.fit_rows()

    def show_game_over(self) -> None:
        from tabletop_tui.screens.terra_mystica_over import TerraMysticaGameOver

        self.game_over_page(TerraMysticaGameOver(self.match, self))

    # -- the faction boards ----------------------------------------------------------------
    #: the side panel's levels (the mover's, the others') that keep every faction's bonus card and
    #: favors: when none fits, the faction table takes the strip's place (and gives it back when
    #: one fits again)
    DENSER = ((BOARD_FULL, SHORT), (BOARD_FULL, THREE), (SHORT, THREE), (SHORT, DENSE), (DENSE, DENSE))

    def refresh_panels(self, view: Any) -> None:
        """Every faction in turn order from the player to move, as much of each board as the
        column holds: the mover's whole board and 3–4 lines for the others where there is room,
        else 2 lines each, else the name lines (the seat sheets, p, hold everything)."""
        s = view
        d = self.match.pending
        mover = d.seat if d is not None else -1
        box = self.query_one("#panels-box")
        if not box.display:
            return
        # two columns less than the box: its border and padding
        width = int(box.styles.width.value if box.styles.width else 30) - 3
        height = self._panel_room if self._panel_room > 0 else box.size.height or max(5, self.term_size[1] - 16)
        order = list(range(len(s.players)))
        if mover >= 0:
            order = order[mover:] + order[:mover]

        def lines(top: int, rest: int) -> list[Text]:
            out: list[Text] = []
            for seat in order:
                level = top if seat == mover else rest
                out += faction_lines(s, seat, self.marks, level, to_move=(seat == mover),
                                     is_bot=self.match.seats[seat].bot and not self.spectating, width=width)
            return out

        if self.table_shown and mover >= 0:
            # every faction's public board is in the table above: the column holds the mover's
            # whole board (its income, pieces left, what the next structure brings)
            def own(level: int) -> list[Text]:
                return faction_lines(s, mover, self.marks, level, to_move=True,
                                     is_bot=self.match.seats[mover].bot and not self.spectating, width=width,
                                     beside_table=True)
            chosen = fit.pick((own(level) for level in (BOARD_FULL, SHORT, TWO)), width, height)
            if self._crowded and self.term_size[0] >= self.TABLE_BELOW and self._panel_room > 0:
                # the table only while the denser panel does not fit: with the strip back in the
                # table's place the column gets the rows the table takes over the strip's (a
                # larger terminal, boards that shrank): then every faction's lines again
                back = height + getattr(self, "_table_rows", 0) - len(strip_lines(self.strip_seats(s),
                                                                                  self.term_size[0] - 2))
                if any(fit.rows(lines(*lv), width) <= back for lv in self.DENSER):
                    self._crowded = False
                    self.call_after_refresh(self._to_table)
        else:
            levels = self.DENSER + ((BOARD_FULL, TWO), (SHORT, TWO), (TWO, TWO), (TWO, ONE), (ONE, ONE))
            tried: list[int] = []

            def one_at_a_time():
                # (made one at a time: the first that fits ends the search, the others are never built)
                for i, lv in enumerate(levels):
                    tried.append(i)
                    yield lines(*lv)
            chosen = fit.pick(one_at_a_time(), width, height)
            if mover >= 0 and self._panel_room > 0 and tried[-1] >= len(self.DENSER):
                # the others' bonus cards and favors would be left out: the table from now on
                self._crowded = True
                self.call_after_refresh(self._to_table)
        t = fit.join(chosen)
        n = len(chosen)
        # the same number of lines: no relayout needed (a relayout per move is most of a move's cost)
        show(self.query_one("#panels", Static), t, layout=n != self._panel_lines)
        self._panel_lines = n
