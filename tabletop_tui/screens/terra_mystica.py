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
from textual.containers import Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import DataTable, Static

from tabletop_tui.rules.terra_mystica import explain as X
from tabletop_tui.rules.terra_mystica.data import FACTIONS, INDEX, POWER_ACTIONS
from tabletop_tui.rules.terra_mystica.power import gain_power
from tabletop_tui.rules.terra_mystica.scoring import network_size, tiered
from tabletop_tui.screens.game import GameScreen
from tabletop_tui.screens.game_over import GameOverScreen, col_cells, name_label, name_width
from tabletop_tui.widgets.command_line import CommandInput, CommandLine
from tabletop_tui.widgets.decision import DecisionPanel
from tabletop_tui.widgets.hex_map import COMPACT, FULL, HexMap, map_size
from tabletop_tui.widgets.tm_tables import (bonus_text, cult_board, faction_board, favor_text, round_board,
                                            scoring_text, town_text)
from tabletop_tui.widgets.vp_chart import VPChart

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


class _Back:
    target = None


BACK = _Back()


def unit(res: str, n: int) -> str:
    word = RES_NAME[res]
    return word[:-1] if n == 1 and word.endswith("s") else word


def fname(s, seat: int) -> str:
    f = s.players[seat].faction
    return FACTIONS[f]["name"] if f else s.names[seat]


class TerraMysticaScreen(GameScreen):
    CSS_PATH = ["game.tcss", "terra_mystica.tcss"]
    MIN_SIZE = (100, 30)
    # (None would mean the app's "*": the first focusable widget, which here is the map)
    AUTO_FOCUS = "#choices"
    spectating = False  # watching a recording: every seat is a spectator's, none a bot
    BINDINGS = [
        Binding("colon", "command", ":command", id="command"),
        Binding("t", "tables", "cults/rounds", id="tables"),
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
        self._cursor_for: int | None = -1
        self._menu_fresh: int | None = None
        self.roomy = False

    # -- layout ----------------------------------------------------------------------------
    def compose_board(self) -> Widget:
        return Vertical(
            HexMap(self.match.state, id="hexmap"),
            Static("", id="explain"),
            Static("", id="mini-cults"),
            VerticalScroll(Static("", id="tables"), id="tables-box", can_focus=True),
            CommandLine(self._parse, id="cmdline"),
            id="tm-board")

    def on_resize(self, event) -> None:
        # (GameScreen.on_resize runs too: Textual calls the handler of every class in the MRO)
        wide = self.size.width >= 120
        panels = 44 if self.size.width >= 150 else 36 if wide else 30
        self.query_one("#panels-box").styles.width = panels
        # a tall terminal (160×50) shows the cult board under the map all the time
        self.roomy = self.size.height >= 48
        self.query_one("#mini-cults").display = self.roomy and not self.show_tables
        # the full map (2 rows a space) where it fits with its explanation line, else the compact one
        board_w = self.size.width - panels
        fw, fh = map_size(FULL)
        full = board_w >= fw and self.size.height >= 40
        self.query_one(HexMap).styles.height = fh if full else map_size(COMPACT)[1]

    def legend(self) -> list[tuple[str, str]]:
        from tabletop_tui.widgets.hex_map import LEGEND

        return LEGEND + [("PW", "power in bowl III, ready to spend (the strip and the log count it)")]

    def round_text(self, s: Any) -> str:
        if s.phase == "pick":
            return "choosing factions"
        if s.phase in ("place", "bonus"):
            return "set-up"
        if s.phase == "over":
            return "final scoring"
        return f"round {s.round}/6 · {s.scoring[s.round - 1]} {scoring_text(s.scoring[s.round - 1]).split(' · ')[0]}"

    # -- the menu --------------------------------------------------------------------------
    def menu_tree(self, s: Any, actions: list) -> list:
        """The legal actions in groups: never one flat list of hundreds."""
        free = [a for a in actions if a.kind in ("convert", "burn")]
        rest = [a for a in actions if a.kind not in ("convert", "burn")]
        out: list = []
        if s.phase == "play" and s.step == "main" and not s.favors_due and not s.towns_due:
            def grp(key, label, items):
                if len(items) == 1:
                    out.append(items[0])
                elif items:
                    out.append(Group(key, f"{label} ({len(items)})", items))
            builds = [a for a in rest if a.kind == "build"]
            trans = [a for a in rest if a.kind == "transform"]
            by_hex: dict[str, list] = {}
            for a in trans:
                by_hex.setdefault(a.a, []).append(a)
            t_items = [Group(f"t:{h}", f"Transform {h} ({s.terrain[INDEX[h]]}) into…", v) if len(v) > 1 else v[0]
                       for h, v in by_hex.items()]
            grp("build", "Build a dwelling…", builds)
            grp("transform", "Transform a space (then build)…", t_items)
            grp("upgrade", "Upgrade a structure…", [a for a in rest if a.kind == "upgrade"])
            grp("send", "Send a priest to a cult track…", [a for a in rest if a.kind == "send"])
            out += [a for a in rest if a.kind == "advance"]
            grp("power", "Power actions ACT1–ACT6…", [a for a in rest if a.kind == "action" and a.a in POWER_ACTIONS])
            grp("special", "Special actions…", [a for a in rest if a.kind == "action" and a.a not in POWER_ACTIONS])
            out += [a for a in rest if a.kind in ("connect", "done")]
            passes = [a for a in rest if a.kind == "pass"]
            if len(passes) == 1:
                out.append(passes[0])
            elif passes:
                out.append(Group("pass", "Pass and take a bonus card…", passes))
        else:
            out = rest
        if free:
            kinds: dict[tuple, list] = {}
            for a in free:
                kinds.setdefault((a.kind, a.a, a.b), []).append(a)
            items = []
            for (k, fa, fb), v in kinds.items():
                if len(v) == 1:
                    items.append(v[0])
                elif k == "burn":
                    items.append(Group("burn", f"Burn power (1–{len(v)})…", v))
                else:
                    items.append(Group(f"c:{fa}{fb}", f"Convert {RES_NAME[fa]} to {RES_NAME[fb]} (1–{len(v)})…", v))
            out.append(Group("free", "Convert or burn power…", items))
        return out

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

    def label(self, s: Any, a: Any) -> str:
        if isinstance(a, Group):
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
            return f"Take {a.a}{f' (+{coins} coins on it)' if coins else ''}: {bonus_text(a.a)}"
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
            return (f"Power offer for {who}: the {fname(s, src)} ({self.match.names[src]}) built next to you. "
                    f"Take {amt} power for {max(0, amt - 1)} VP (bowls {before} → {'/'.join(map(str, p.bowls))}), "
                    f"or decline?")
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
            return
        item = self.actions[index]
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

    def action_leave(self) -> None:
        if self.menu_path:
            self.action_back()
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
        if len(options) == 1:
            self.play(options[0])
            return
        from tabletop_tui.screens.confirm import ChoiceMenu

        labels = [self.label(self.match.state, a) for a in options]

        def done(k: int | None) -> None:
            if k is not None:
                self.play(options[k])

        self.app.push_screen(ChoiceMenu(f"{cell}: choose", labels), done)

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

    def on_command_line_chosen(self, event: CommandLine.Chosen) -> None:
        self.play(event.action)

    def on_command_line_closed(self, event: CommandLine.Closed) -> None:
        self.query_one("#choices").focus()

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
            hm.display = not self.show_tables
            self.query_one("#explain").display = not self.show_tables
            self.query_one("#mini-cults").display = self.roomy and not self.show_tables
            box.display = self.show_tables
        if self.roomy and not self.show_tables:
            self.query_one("#mini-cults", Static).update(cult_board(state, self.marks), layout=False)
        if self.show_tables:
            t = cult_board(state, self.marks)
            t.append("\n")
            t.append_text(round_board(state))
            tables.update(t)
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
            line.append(" ".join(f["text"]))
        elif d is None:
            line.append(X.describe_space(s, self.map_cursor))
        elif self.match.seats[d.seat].bot:
            line.append(X.describe_space(s, self.map_cursor))
        else:
            line.append(X.explain(s, d.seat, self.map_cursor, self.all_actions))
            if any(getattr(a, "target", None) == ("hex", self.map_cursor) for a in self.all_actions):
                line.append("  ⏎ to choose" if isinstance(self.focused, HexMap) else "  (m: map, then ⏎)",
                            "dim")
        self.query_one("#explain", Static).update(line, layout=False)  # fixed height: no relayout

    def show_game_over(self) -> None:
        self.app.switch_screen(TerraMysticaGameOver(self.match, self))

    # -- the faction boards ----------------------------------------------------------------
    def refresh_panels(self, view: Any) -> None:
        s = view
        d = self.match.pending
        mover = d.seat if d is not None else -1
        # one column less than the box: its scrollbar takes one as soon as the boards outgrow it
        width = (self.query_one("#panels-box").size.width or (33 if self.size.width >= 120 else 27)) - 1
        t = Text()
        order = list(range(len(s.players)))
        if mover >= 0:
            order = order[mover:] + order[:mover]
        for i, seat in enumerate(order):
            if i:
                t.append("\n")
            t.append_text(faction_board(s, seat, self.marks, full=(seat == mover), to_move=(seat == mover),
                                        is_bot=self.match.seats[seat].bot and not self.spectating,
                                        width=width))
        lines = t.plain.count("\n")
        # the same number of lines: no relayout needed (a relayout per move is most of a move's cost)
        self.query_one("#panels", Static).update(t, layout=lines != self._panel_lines)
        self._panel_lines = lines


class TerraMysticaGameOver(GameOverScreen):
    """The shared game-over screen with Terra Mystica's final scoring broken down: the points of the
    six rounds, each cult track (position → VP), the largest network (size → VP), the resources,
    the total; the ranking (equal VP share a place) and the VP chart."""

    CSS = """
    TerraMysticaGameOver #over { overflow-y: auto; }
    TerraMysticaGameOver #breakdown { max-height: 8; }
    TerraMysticaGameOver #chart { height: 8; }
    """

    def on_mount(self, event: events.Mount) -> None:
        event.prevent_default()  # the shared table (one column per category) is replaced
        m = self.match
        res = m.result()
        table = self.query_one(DataTable)
        self.query_one("#again").focus()
        self.chart_rounds()
        if res is None:
            return
        self.layout_kind = "rows"
        self.fill_table()

    def fill_table(self) -> None:
        """One row per player; the name column takes what the others leave (made again on a
        resize)."""
        m = self.match
        res = m.result()
        table, marks, _, _ = self.start_table()
        s = m.state
        n = len(s.players)
        cult_vp = [tiered({i: s.players[i].cult[t] for i in range(n)}, [8, 4, 2]) for t in range(4)]
        sizes = {i: network_size(s, i) for i in range(n)}
        net_vp = tiered(sizes, [18, 12, 6])
        head = ["#", "Player", "Faction", "Rounds", "Fire", "Water", "Earth", "Air", "Network", "Res.", "Total"]
        rows = []
        for place, group in enumerate(res.ranking, 1):
            for i in group:
                p = s.players[i]
                b = res.breakdown.get(i, {})
                row = [str(place), i, FACTIONS[p.faction]["name"], str(b.get("game", 0))]
                row += [f"{p.cult[t]}→{cult_vp[t][i]}" for t in range(4)]
                row += [f"{sizes[i]}→{net_vp[i]}", str(b.get("resources", 0)), Text(str(res.scores[i]), style="bold")]
                rows.append(row)
        others = [[h] + [r[k] for r in rows] for k, h in enumerate(head) if k != 1]
        w = name_width(self.app.size.width, col_cells(*others), 1)
        table.add_columns(*head)
        for row in rows:
            row[1] = name_label(marks[row[1]], m.names[row[1]], w)
            table.add_row(*row)
        table.fix_widths()

    def chart_rounds(self) -> None:
        """The VP chart by round: the start of round 1, the end of each round, the final scoring."""
        m = self.match
        states, hist = m.states, m.vp_history
        marks: list[int] = []
        for i in range(len(states) - 1):
            a, b = states[i], states[i + 1]
            if a.phase != "play" and b.phase == "play" and not marks:
                marks.append(i + 1)
            if a.phase == "play" and (b.round != a.round or b.phase == "over"):
                marks.append(i)
        if not marks:
            return
        chart = self.query_one(VPChart)
        chart.history = [hist[i] for i in marks] + [hist[-1]]
        chart.axis_label = lambda: f"rounds: start, 1–{len(marks) - 1}, final"  # type: ignore[method-assign]
        chart.refresh()
