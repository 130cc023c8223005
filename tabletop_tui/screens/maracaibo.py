"""Maracaibo's game screen: the route map, the tracks and the card display, the player to move in
full (ship board, planning area, hand) and the others in a few lines; decisions in steps.

Where the engine offers a long flat list the screen groups it without changing the actions: a
delivery is card → good → the ship-board space whose disc goes to the market; a quest with several
ways to pay lists the ways under it; annex and displace targets sit under one entry each, with the
combat value left after the action; buying sits under one entry with the prices after discounts.
Backspace (or the "back" entry) goes up a step. The map highlights the targets of what is shown.

Round end: a summary of the interim scoring, step by step, before play goes on. Game end: the
final breakdown by every category, the tie-break figures, the ranking and the VP chart.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from tabletop_tui.rules.core import counted
from tabletop_tui.rules.maracaibo.quests import steps as quest_steps
from tabletop_tui.rules.maracaibo import cards as CARDS, surface as SF
from tabletop_tui.rules.maracaibo.notation import Act
from tabletop_tui.rules.maracaibo.content import (CAREERS, LOCS, NATION_NAMES, PRESTIGE, QUESTS, UPGRADES,
                                                  VILLAGE_OPTIONS, XTRACK, card)
from tabletop_tui.rules.maracaibo.describe import describe
from tabletop_tui.screens.game import GameScreen, OutOfReach
from tabletop_tui.screens.scroll_page import ScrollPage
from tabletop_tui.widgets import maracaibo_table as MT
from tabletop_tui.widgets.decision import DecisionPanel
from tabletop_tui.widgets.route_map import RouteMap

RIDER = {"pay_doubloons": "pay {n} doubloon{s}", "doubloons": "take {n} doubloon{s}", "vp": "score {n} VP",
         "figure": "take {n} figure{s}", "influence": "+{n} influence"}
VILLAGE_WORDS = {"sell": "discard_hand", "odd-job": "take_doubloon", "drill": "gain_combat_point",
                 "news": "draw_card", "scout": "explore_1", "fittings": "buy_disc", "palms": "buy_influence"}


@dataclass(eq=False)
class Menu:
    """A step of a grouped decision: a label and the entries under it (actions or menus)."""
    key: str
    label: str
    items: list = field(default_factory=list)
    target: Any = None  # (never a board target itself: its entries' targets are highlighted)
    note: str = ""  # a card whose full text the detail pane shows
    detail: str = ""  # or a sentence for the detail pane

    @property
    def text(self) -> str:  # (the engine never sees a Menu; this keeps labels and logs honest)
        return f"menu {self.key}"


@dataclass(eq=False)
class Off:
    """A choice kept in its place while it cannot be taken: listed dim with why (the digits keep
    their meaning while a decision lasts); choosing it says why and does nothing."""
    key: str
    label: str
    reason: str
    target: Any = None

    @property
    def text(self) -> str:
        return f"unavailable {self.key}"


BACK = "..back"


def _card(c: str) -> str:
    return card(c)["name"]


def _loc(x: str) -> str:
    return f"{LOCS[x]['name']} ({x})" if x in LOCS else x


class MaracaiboScreen(GameScreen):
    CSS_PATH = ["game.tcss", "maracaibo.tcss"]
    MIN_SIZE = (80, 24)
    BINDINGS = [Binding("backspace", "back", "back", id="back"),
                Binding("pageup,[", "panel(-1)", "panel ↑", id="panel-up"),
                Binding("pagedown,]", "panel(1)", "panel ↓", id="panel-down"),
                Binding("i", "details", "details", id="details"),
                Binding("t", "tracks", "tracks", id="tracks", show=False)]  # (named on the summary above the log)

    def __init__(self, match, curtain: bool | None = None) -> None:
        super().__init__(match, curtain)
        self.path: list[str] = []
        self._path_for: Any = None
        self._all: list = []
        self._panel_text: Text | None = None
        self._detail_text: Text | None = None
        self._tracks_text: Text | None = None
        self._tracks_for: Any = None
        self._log_fills = False  # the log takes the rows the decision leaves (lay_out)

    # -- layout ----------------------------------------------------------------------------------
    def compose_board(self) -> Widget:
        colours = [self.player_colour(i) for i in range(len(self.match.names))]
        return Vertical(RouteMap(self.match.state, colours, self.marks, id="route"),
                        Static("", id="mar-detail"), Static("", id="mar-tracks"), id="mar-board")

    def on_mount(self) -> None:
        # (GameScreen.on_mount runs too: Textual calls the handler of every class)
        box = self.query_one("#panels-box")
        box.scroll_by_key = True  # [ and ] (PgUp/PgDn) scroll it; the footer names them
        self.lay_out(self.size.width, self.size.height)

    def on_resize(self, event) -> None:
        # (GameScreen.on_resize runs too, after this: the log's height is set again after it)
        self.lay_out(event.size.width, event.size.height)
        self.call_after_refresh(self.lay_out, event.size.width, event.size.height)

    def lay_out(self, w: int, h: int) -> None:
        """Roomy boxes when the terminal is tall enough; the side panel (the viewer's hand and
        planning area) from 110 columns (below that the score strip and the seat sheets, p, hold
        it); the tracks under the map from 34 rows (below that: the seat sheets and the legend)."""
        if not w or not h or not self.is_current:
            return
        tall = h >= 46
        self.query_one(RouteMap).styles.height = 15 if tall else 12  # (the compact map: 4 rows of boxes, each with the sea row under it)
        self.query_one("#mar-detail").styles.height = 2 if h >= 30 else 1
        from tabletop_tui.widgets.log_panel import LogPanel
        if h < 30:
            self.query_one(LogPanel).styles.height = 2  # the newest line; the whole log is L
        self.query_one("#mar-tracks").display = h >= 34
        # from 30 to 33 rows without the side panel the map and its detail row are all the board
        # shows: the board keeps their rows and the log takes every row the decision leaves (up
        # to 10 rows stood empty under the map when the decision was short); the side panel,
        # from 110 columns, keeps the column's rows for the players' boards
        fill = 30 <= h < 34 and w < 110
        main = self.query_one("#main")
        log = self.query_one(LogPanel)
        if fill:
            main.styles.height = 12 + 2  # (the map and the detail under it)
            log.styles.height = "1fr"
            log.styles.min_height = 4
        elif self._log_fills:  # (resized out of it)
            main.styles.height = None  # (the stylesheet's: every row the rest leaves)
            log.styles.min_height = None
            if h >= 30:
                log.styles.height = 6 if h >= 36 else 4  # (as GameScreen sets it)
        self._log_fills = fill
        small = h < 36
        # (the decision before the log: with the log filling, two rows more of choices, and the
        # log at least 4 rows even under a score strip of two rows)
        self.query_one(DecisionPanel).styles.max_height = 8 if fill else 6 if small else 9
        self.query_one("#choices").styles.max_height = 6 if fill else 4 if small else 7
        box = self.query_one("#panels-box")
        if box.display != (w >= 110):
            box.display = w >= 110
            self.refresh_bindings()
            self.call_after_refresh(self.fit_footer, w)  # (the panel keys come and go with it)
        box.styles.width = 36 if w >= 150 else 32
        self._tracks_for = None  # the tracks are drawn for the width
        self._panel_text = None
        # the detail row under the map is fitted again to the rows this layout gives the map (a
        # seat, with no curtain and no redraw after its first layout, kept it hidden at 80×24: it
        # was fitted while the log still had its 4 rows)
        self.call_after_refresh(self._fit_detail_row)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """[ and ] scroll the side panel: no key for them while it is not shown (below 110 columns)."""
        if action == "panel" and self.is_mounted and not self.query_one("#panels-box").display:
            return False
        return super().check_action(action, parameters)

    def action_panel(self, step: int) -> None:
        box = self.query_one("#panels-box")
        box.scroll_relative(y=step * max(1, box.size.height - 2), animate=False)

    def legend(self) -> list:
        from tabletop_tui.widgets.route_map import SHORT, SHORTER
        out = [("0 Havana", "a location box: its number and name (cities in bold)"),
               ("─", "a route between two stops"), ("═", "the double route between Curacao and Maracaibo"),
               ("│", "a route between rows of the map"),
               ("[ ]", "an empty flag space: annex it in a combat for its flag bonus"),
               ("[F] [E] [S]", "a flag space owned by France, England, Spain"),
               ("s t c k l (in the market row)", "a market space that still wants sugar, tobacco, coffee, "
                                                 "cocoa (k), cloth (l) (only ever after a flag or a box's edge); the "
                                                 "same letters give a card's goods"),
               ("A B C D (on a market)", "the player whose disc lies on that market space"),
               ("Q", "a quest lies there (its cost and reward: the line under the map)"),
               ("A B C D (under a box's market)", "a player's ship (on a small map: under the box)"),
               ("Ⓐ Ⓑ Ⓒ Ⓓ (in the ships' row)", "a player's assistant: the player's letter in a circle, "
                                               "beside the ships (never a lower-case letter, which is a good)"),
               ("◇  ◆", "a target of the current choice; the cursor"),
               ("6MP", "the fewest movement points to sail there (a choice names each way)"),
               ("E3Q, |red|, END", "explorer track: a space with a quest, a barrier, the end"),
               ("i", "the detail under the map in full")]
        out += [(short, f"{LOCS[loc]['name']} ({loc})") for loc, short in SHORT.items() if short != LOCS[loc]["name"]]
        # the narrowest map's names (80 columns), where they differ from the short ones
        out += [(short, f"{LOCS[loc]['name']} ({loc})") for loc, short in SHORTER.items()
                if short not in (SHORT[loc], LOCS[loc]["name"])]
        out += [("VP $ CP", "victory points, doubloons, combat points (the score strip)"),
                ("passed 1st", "the order in which players ended the round (the score strip)"),
                ("A An 1st 104VP", "a narrow score strip: the player's letter, the name's first letters (or none; "
                                   "p names them), passed 1st"),
                ("Expl AE3 · Infl F/E/S A0/2/1", "the tracks in short above the log (below 34 rows): A's explorer "
                                                 "at E3; A's influence with France, England, Spain"),
                ("France A3r1 B0 · 2VP/rk map 1 sup 11", "in a combat, under the map (below 34 rows): each "
                                                         "nation's influence per player, most first (r1: noble rank "
                                                         "1), its VP per rank, its markers on the map and in supply"),
                ("Quests map 5 expl 3 pile 16", "quests open on the map, on the explorer track, in the pile"),
                ("Tokens 13/12", "the two piles of combat tokens"),
                ("t: tracks", "the tracks, piles, prestige, quests and players in full (key t)")]
        return out

    def refresh_strip(self, view: Any) -> None:
        """Every player on one row at 80 columns, whatever the scores: "passed 1st" becomes "1st"
        after the name, then the names are shortened to their first letters (at least two, or
        none: the player's letter stays, and the title and p name them in full). Numbers and
        units are never cut."""
        import dataclasses

        from tabletop_tui.widgets.score_strip import ScoreStrip, ordinal, strip_lines
        seats = self.strip_seats(view)
        width = max(10, self.size.width - 2)  # (the strip's padding)
        longest = max(len(s.name) for s in seats)
        trial = seats
        for n in range(longest, -1, -1):
            for passed_short in (False, True):
                trial = []
                for st in seats:
                    name = st.name if len(st.name) <= n else (st.name[:n] if n > 1 else "")
                    passed = st.passed
                    if passed_short and passed:
                        name, passed = f"{name} {ordinal(passed)}".strip(), 0
                    trial.append(dataclasses.replace(st, name=name, passed=passed))
                if len(strip_lines(trial, width)) == 1:
                    self.query_one(ScoreStrip).show(trial)
                    return
        self.query_one(ScoreStrip).show(trial)

    def round_text(self, s: Any) -> str:
        g = s.g
        if g["phase"] == "opening":
            return "set-up"
        if g["phase"] == "over":
            return "final scoring"
        text = f"Round {g['round']} of 4"
        if g["scoring"]:
            text += " · round-end scoring" if g["round"] < 4 else " · final village actions"
        elif g["trigger"] is not None:
            text += " · last turns"  # (who ended the round: "passed 1st" in the score strip)
        return text

    def player_colour(self, seat: int) -> str:
        from tabletop_tui.widgets.players import DEFAULT_ORDER, colour_hex

        return colour_hex(DEFAULT_ORDER[seat % 5])

    # -- grouped decisions -----------------------------------------------------------------------
    def _tree(self, s: Any, actions: list) -> list:
        d = self.match.pending
        seat = d.seat if d is not None else 0
        if d is not None and d.kind == "main":
            return self._main_tree(s, seat, actions)
        if d is not None and d.kind == "combat_loop":
            return self._combat_tree(s, actions)
        if d is not None and d.kind == "village":
            return self._village_tree(s, seat, actions)
        if d is not None and d.kind == "draw":  # the display's cards in their places
            places = self.display_places(s)
            return sorted(actions, key=lambda a: places.index(a.target[1]) + 1
                          if a.target and a.target[0] == "display" and a.target[1] in places else 0)
        return actions

    def _village_tree(self, s: Any, seat: int, actions: list) -> list:
        """Fixed places: 1 Buy or invest…, 2 Sell off, 3 Odd jobs, then the options the ship board
        and cards have unlocked, in one order; one that cannot be taken now is listed dim with why."""
        from tabletop_tui.rules.maracaibo import ship as SH
        p = s.g["players"][seat]
        by = {a.kind: a for a in actions}
        buys = [a for a in actions if a.kind in ("buy", "invest")]
        out: list = []
        if buys:
            # every card of the hand and the planning area in its place, one that cannot be
            # bought now dim with why (an assistant without a figure was left out unsaid)
            by_text = {a.text: a for a in buys}
            items = []
            for c, why in CARDS.buy_reasons(p):
                a = by_text.pop(f"buy {c}", None)
                items.append(a or Off(f"buy {c}", self.label(s, Act(f"buy {c}", ("card", c))), why))
            items += list(by_text.values())  # (the prestige buildings to invest in)
            out.append(Menu("buy", f"Buy a card or invest… ({len(buys)} you can buy with {p['dbl']} "
                                   f"doubloon{'s' if p['dbl'] != 1 else ''})", items))
        else:
            out.append(Off("buy", "Buy a card or invest…", self._why_no_buy(s, seat)))
        sell = VILLAGE_OPTIONS["discard_hand"]
        out.append(by.get("sell") or Off("sell", f"{sell['name']}: {sell['text']}", "the hand is empty"))
        out.append(by["odd-job"])
        unlocked = SH.village_options_unlocked(p)
        for word in ("drill", "news", "scout", "fittings", "palms"):
            vid = VILLAGE_WORDS[word]
            if word in by:
                out.append(by[word])
            elif vid in unlocked:
                opt = VILLAGE_OPTIONS[vid]
                if word == "fittings" and SH.discs_on_board(p) == 0:
                    why = "no disc is left on the ship board"
                else:
                    need = 2 if word == "fittings" else 3
                    why = f"needs {need} doubloons, you have {p['dbl']}"
                out.append(Off(word, f"{opt['name']}: {opt['text']}", why))
        listed = {a.text for a in buys} | {a.text for a in out if not isinstance(a, (Menu, Off))}
        return out + [a for a in actions if a.text not in listed]

    def _why_no_buy(self, s: Any, seat: int) -> str:
        p = s.g["players"][seat]
        costs = [SF.price(s, seat, c) for c in p["hand"] + p["plan"]]
        costs += [PRESTIGE[b]["cost"] for b in SF.revealed_prestige(s) if b not in p["invested"]]
        have = f"you have {p['dbl']}"
        if not costs:
            return "no card in the hand or the planning area, and no prestige building to invest in"
        if min(costs) <= p["dbl"]:
            return "an assistant card needs a figure in your personal supply"
        return f"needs {min(costs)} doubloon{'s' if min(costs) != 1 else ''}, {have}"

    def unavailable(self, a: Any) -> str:
        return a.reason if isinstance(a, Off) else super().unavailable(a)

    #: the card display in its places, as last shown (``display_cards``)
    _display: list = []

    def display_cards(self, s: Any) -> list:
        """The card display in fixed places: a card keeps its place while it lies there, and a
        card refilling the display takes the place of the one taken (the rules append it at the
        end: listed so, the digit of the fourth card drew another one)."""
        return [c for c in self.display_places(s) if c is not None]

    def display_places(self, s: Any) -> list:
        """``display_cards`` with None for a place left empty (the deck ran out)."""
        now = list(s.g["display"])
        kept = [c if c in now else None for c in self._display]
        for c in now:
            if c in kept:
                continue
            if None in kept:
                kept[kept.index(None)] = c
            else:
                kept.append(c)
        self._display = kept if any(c is not None for c in kept) else []
        return list(kept)

    def choice_key(self, a: Any) -> Any:
        """A card drawn from the display is its place there: the card refilling it comes under
        the same digit (the other cards keep theirs)."""
        if getattr(a, "kind", "") == "draw" and getattr(a, "target", None) and a.target[0] == "display":
            return ("display", self.display_places(self.match.state).index(a.target[1]))
        d = self.match.pending
        if d is not None and d.kind == "opening" and getattr(a, "kind", "") in ("plan", "discard"):
            return ("card", a.text.split(" ")[-1])  # (the opening hand: plan one card, discard one)
        return super().choice_key(a)

    def gone_reason(self, key: Any) -> str:
        d = self.match.pending
        c = key[1] if isinstance(key, tuple) and key[0] == "card" else \
            key[len("plan "):] if isinstance(key, str) and key.startswith("plan ") else None
        if d is not None and c in self.match.state.g["players"][d.seat]["plan"]:
            return "in the planning area"
        return super().gone_reason(key)

    def decision_thread(self, d: Any) -> Any:
        """A step menu's list is a list of its own (its places kept while the decision lasts)."""
        return (d.seat, d.kind, tuple(self.path))

    def _main_tree(self, s: Any, seat: int, actions: list) -> list:
        out: list = []
        delivers = [a for a in actions if a.kind == "city" and len(a.args) == 4]
        quests: dict[str, list] = {}
        for a in actions:
            if a.kind == "city" and not a.args:
                out.append(a)
        if delivers:
            by_card: dict[str, list] = {}
            for a in delivers:
                by_card.setdefault(a.args[1], []).append(a)
            cards_ = []
            for c, acts in by_card.items():
                by_good: dict[str, list] = {}
                for a in acts:
                    by_good.setdefault(a.args[2], []).append(a)
                goods = [Menu(f"g:{gd}", f"Deliver {gd} (then choose the disc)", xs) for gd, xs in by_good.items()]
                inner = goods if len(goods) > 1 else goods[0].items
                cards_.append(Menu(f"c:{c}", f"{_card(c)} — goods {', '.join(by_good)}", inner, note=c))
            city = SF.city_action(s, s.g["players"][seat]["ship"])
            out.append(Menu("deliver", f"Deliver a good, then {city['name'] if city else 'the city action'}… "
                            f"({len(by_card)} card{'s' if len(by_card) > 1 else ''} fit)", cards_,
                            detail="Delivery: discard a hand card showing a good the market still wants, move a "
                                   "disc of your choice from the ship board onto that market space (the 2nd disc "
                                   "off a space unlocks it), then take the city action."))
        for a in actions:
            if a.kind == "quest":
                quests.setdefault(a.args[0], []).append(a)
        for qid, acts in quests.items():
            out += acts  # one answer per quest: its cards are chosen next, one by one
        out += [a for a in actions if a.kind in ("village", "assist", "pass")]
        return out

    def _combat_tree(self, s: Any, actions: list) -> list:
        """Fixed places while the combat lasts: influence 1 and 2, annex…, displace…, each card's
        combat action, spend a combat point, spend a figure, end; one not possible now is dim with why."""
        from tabletop_tui.rules.maracaibo import combat as CB, influence as INF
        c = SF.combat(s)
        v = c["value"] if c else 0
        g = s.g
        p = g["players"][c["seat"]] if c else g["players"][0]
        gone = set(c["used"]) if c else set()
        nat = c["nation"] if c else None
        by = {a.text: a for a in actions}
        annex = [a for a in actions if a.kind == "annex"]
        displace = [a for a in actions if a.kind == "displace"]

        def need(cost: int) -> str:
            return f"needs combat value {cost}, it is {v}"

        out: list = []
        for cost, n in sorted(CB.INFL_COSTS.items()):
            a = by.get(f"infl {n}")
            out.append(a or Off(f"infl {n}", f"Gain {n} influence with {NATION_NAMES.get(nat, '')}",
                                "influence was gained in a combat this turn already" if "infl" in gone else need(cost)))
        supply = INF.supply_left(g, nat) > 0 if nat else False
        for kind, cost, items, what in (("annex", CB.ANNEX, annex, "Annex an empty flag space…"),
                                        ("displace", CB.DISPLACE, displace, "Displace another nation's marker…")):
            if items:
                out.append(Menu(kind, f"{what} (uses {cost} of your combat value {v}; {len(items)} "
                                      f"place{'s' if len(items) != 1 else ''})", items,
                                detail=("Annex: the nation's left-most supply marker goes on an empty flag space "
                                        "(highlighted); take the flag's bonus and 1 influence.") if kind == "annex" else
                                       ("Displace: another nation's marker leaves the game and this nation's takes "
                                        "its place; take the flag's bonus and 1 influence.")))
                continue
            if "annex" in gone:
                why = "a flag space was annexed or displaced this turn already"
            elif not supply:
                why = f"{NATION_NAMES.get(nat, 'the nation')} has no marker left in its supply"
            elif kind == "annex" and all(g["flags"][x] is not None for x in CB.FLAG_LOCS):
                why = "no flag space is empty"
            elif kind == "displace" and not any(g["flags"][x] not in (None, nat) for x in CB.FLAG_LOCS):
                why = "no other nation's marker is on the map"
            else:
                why = need(cost)
            out.append(Off(kind, what, why))
        for cd in (c["cards"] if c else []):
            a = by.get(f"card {cd}")
            out.append(a or Off(f"card {cd}", f"{_card(cd)}: {card(cd)['text']}",
                                "used this turn already" if cd in gone else need(CB.card_action(cd)["cost"])))
        for word, what, have in (("cp", "Spend 1 combat point", p["cp"]), ("figure", "Spend 1 figure", p["fig_personal"])):
            a = by.get(f"spend {word}")
            if a:
                out.append(a)
            else:
                why = ("no combat points left" if word == "cp" else "no figure in your personal supply") \
                    if have <= 0 else "no combat action is left to use the value on"
                out.append(Off(f"spend {word}", what, why))
        listed = {a.text for a in annex + displace} | {a.text for a in out if not isinstance(a, (Menu, Off))}
        return out + [a for a in actions if a.text not in listed]

    def shown_actions(self, actions: list) -> tuple[list, int]:
        s = self.match.state
        if self._path_for is not s:
            self._path_for = s
            self.path = []
        self._all = actions
        items = self._tree(s, actions)
        for key in self.path:
            sub = next((m for m in items if isinstance(m, Menu) and m.key == key), None)
            if sub is None:
                self.path = []
                return self._tree(s, actions), 0
            items = list(sub.items)
        if self.path:
            items = items + [Menu(BACK, "← back (Backspace)")]
        return items, 0

    def play(self, action: Any) -> None:
        if isinstance(action, Off):
            self.notify(f"Not possible now: {action.reason}.", severity="information")
            return
        if isinstance(action, Menu):
            if action.key == BACK:
                self.action_back()
            else:
                self.path.append(action.key)
                self.refresh_all()
            return
        before = self.match.state
        super().play(action)
        after = self.match.state
        if after is not before:
            report = SF.interim_report(before, after, round_totals(self.match))
            if report:
                self.app.push_screen(RoundEndScreen(self.match.names, self.marks, before.g["round"], report))

    def reveal(self, action: Any) -> bool:
        """A suggested action inside a step menu: open the steps that lead to it."""
        path = self.path_to(self._tree(self.match.state, self._all), action, Menu)
        if not path or path == self.path:
            return False
        self.path = path
        self.refresh_all()
        return True

    def action_back(self) -> None:
        if self.path:
            self.path.pop()
            self.refresh_all()

    def back_from_sub_view(self) -> bool:
        """Escape in a step menu goes back a step, as Backspace does."""
        if self.path:
            self.action_back()
            return True
        return False

    # -- labels and prompts -----------------------------------------------------------------------
    def label(self, s: Any, a: Any) -> str:
        if isinstance(a, (Menu, Off, OutOfReach)):
            return a.label
        d = self.match.pending
        seat = d.seat if d is not None else 0
        p = s.g["players"][seat]
        w = a.text.split(" ")
        k = w[0]
        if k == "move":
            r = next((r for r in SF.reachable(s, seat) if r["text"] == a.text), None)
            dest = w[1]
            text = f"Sail to {_loc(dest)}"
            if len(w) > 3:
                text += f" via {LOCS[w[3]]['name']}"
            if r:
                text += f" · {r['mp']} MP"
                if r["village_actions"]:
                    text += f" · {r['village_actions']} village action{'s' if r['village_actions'] > 1 else ''}"
            city = SF.city_action(s, dest)
            if city:
                text += f" · {city['name']}"
            if s.g["quest_slots"].get(dest):
                text += " · quest"
            from tabletop_tui.rules.maracaibo.content import C
            last = s.g["round"] >= 4
            trig = C["map"]["round_trigger"]["round_4" if last else "rounds_1_3"]
            if dest == trig and s.g["trigger"] is None:
                text += " · ends the game" if last else " · ends the round"
            if any(x["loc"] == dest and x["live"] for x in p["assistants"]):
                text += " · your assistant"
            return text
        if k == "city":
            city = SF.city_action(s, p["ship"])
            if len(w) == 1:
                return f"City action: {city['name']} — {city['text']}" if city else "City action"
            u = w[4]
            n = p["discs"][u]
            effect = UPGRADES[u]["text"].split(" (")[0].rstrip(".")
            then = f": the last disc, unlocks {effect}" if n == 1 else f": {n} discs; unlocks {effect}"
            return f"Disc from {UPGRADES[u]['name']} ({u}){then}"
        if k == "village":
            n = SF.village_actions_for_mp(s, seat, SF.mp_spent(s))
            return f"Village actions: {n} (for {SF.mp_spent(s)} MP)"
        if k == "quest" and len(w) > 1 and w[1] != "skip":
            paid = ", ".join(f"{_card(c)}" for c in w[2:])
            n = len(quest_steps(w[1]))
            then = ((" (then choose the card)" if n == 1 else f" (then choose its {n} cards, one at a time)")
                    if n and not paid else "")
            return "Fulfil " + MT.quest_text(w[1]) + (f", paying {paid}" if paid else "") + then
        if k == "pay-with":
            goods = ", ".join(card(w[1])["goods"]) or "no goods"
            return f"{_card(w[1])} ({goods})"
        if k == "buy":
            c = w[1]
            pr = SF.price(s, seat, c)
            spec = card(c)
            where = "planning area" if c in p["plan"] else "hand"
            cost = counted(pr, "doubloon") + (f" (printed {spec['cost']})" if pr != spec["cost"] else "")
            return f"Buy {spec['name']} for {cost}, from the {where} — {spec['text']}"
        if k == "invest":
            b = PRESTIGE[w[1]]
            return f"Invest in {b['name']} for {counted(b['cost'], 'doubloon')} — {b['text']}"
        if k in VILLAGE_WORDS:
            return f"{VILLAGE_OPTIONS[VILLAGE_WORDS[k]]['name']}: {VILLAGE_OPTIONS[VILLAGE_WORDS[k]]['text']}"
        if k == "nation" and d is not None and d.kind == "combat_nation":
            nv = SF.nation_value(s, w[1])
            parts = "; ".join(f"{lbl}: {n:+d}" if i else f"{lbl}: {n}" for i, (lbl, n) in enumerate(nv["parts"]))
            rider = nv["rider"]
            rtext = f" · {RIDER[rider['op']].format(n=rider.get('n', 1), s='s' if rider.get('n', 1) != 1 else '')}" if rider else ""
            return f"Fight for {NATION_NAMES[w[1]]}: combat value {nv['value']} ({parts}){rtext}"
        c = SF.combat(s)
        if c is not None and c["stage"] == "loop":
            cost = SF.combat_action_cost(a.text)
            nat = NATION_NAMES.get(c["nation"], "")
            uses = f"uses {cost} of your combat value {c['value']}"
            if k == "infl":
                return f"Gain {w[1]} influence with {nat} ({uses})"
            if k in ("annex", "displace"):
                flag = MT.ops_text(SF.flag_reward(w[1]))
                owner = s.g["flags"].get(w[1])
                who = f" {NATION_NAMES[owner]}'s marker at" if owner else ""
                return f"{k.capitalize()}{who} {_loc(w[1])}: {uses} → {flag}, +1 influence"
            if k == "card":
                return f"{_card(w[1])}: {card(w[1])['text']} ({uses})"
            if k == "spend":
                what = f"1 combat point ({p['cp']} left)" if w[1] == "cp" else f"1 figure ({p['fig_personal']} left)"
                return f"Spend {what}: value {c['value']} → {c['value'] + 1}"
            if k == "end":
                return "End the combat" + (f" (the {c['value']} left is lost)" if c["value"] else "")
        if k == "disc":
            u = w[1]
            n = p["discs"][u]
            return f"{UPGRADES[u]['name']} ({u}): {n} disc{'s' if n > 1 else ''}" + \
                (f" → unlocks: {UPGRADES[u]['text']}" if n == 1 else "")
        if k == "pile":
            return f"Reveal the top combat token of pile {w[1]} ({s.g['piles'][int(w[1]) - 1].__len__()} tokens)"
        if k == "explore":
            sp = XTRACK[w[1]]
            rew = MT.ops_text(sp["reward"])
            q = s.g["xquests"].get(w[1]) if sp["quest_slot"] else None
            gains = [x for x in (self._barrier_text(s, seat, w[1]), rew) if x]
            if w[1] == "END":
                from tabletop_tui.rules.maracaibo.content import SETUP
                vps = SETUP["by_players"][str(s.g["n"])]["explorer_end_vp"]
                k = s.g["end_arrivals"]
                gains.append((f"{vps[k]} VP, " if k < len(vps) else "") + "1 village action")
            return f"Explorer to {w[1]}" + (f" → {', '.join(gains)}" if gains else "") + \
                (f" · quest {MT.quest_text(q)}" if q else "")
        if k == "draw" and w[1] != "deck":
            return f"Draw {_card(w[1])} from the display — {self._you_pay(s, seat, w[1])}: {card(w[1])['text']}"
        if k in ("plan", "discard"):
            verb = "Plan" if k == "plan" else "Discard"
            return (f"{verb} {_card(w[1])} — {self._you_pay(s, seat, w[1])} {card(w[1])['type'].replace('_', ' ')}: "
                    f"{card(w[1])['text']}")
        return describe(s, a)

    @staticmethod
    def _you_pay(s: Any, seat: int, c: str) -> str:
        """The price this player would pay (after the ship board's discounts), as in the hand."""
        pr, printed = SF.price(s, seat, c), card(c)["cost"]
        return f"{pr}$" + (f" (printed {printed}$)" if pr != printed else "")

    def _barrier_text(self, s: Any, seat: int, dest: str) -> str:
        """The rewards of the barriers the explorer would cross on its way to dest."""
        from tabletop_tui.rules.maracaibo.content import C
        p = s.g["players"][seat]
        out = []
        for band in range(XTRACK[p["explorer"]]["band"] + 1, XTRACK[dest]["band"] + 1):
            if band in p["barriers"]:
                continue
            b = next((x for x in C["explorer_track"]["barriers"] if x["band"] == band), None)
            if b is None:
                continue
            rew = b["reward"]
            if "every_player" in rew:
                ops = rew["every_player"]
            else:
                ops = rew["first"] if s.g["barrier_first"].get(str(band)) is None else rew["later"]
            out.append(f"barrier: {MT.ops_text(ops)}")
        return ", ".join(out)

    def prompt_text(self, d: Any) -> str:
        s = self.match.state
        name = self.match.names[d.seat]
        p = s.g["players"][d.seat]
        if d.kind == "village":
            n = SF.village_left(s)
            ctx = SF.village_context(s)
            why = {"scoring": " (round-end scoring)" if s.g["round"] < 4 else " (final scoring)"}.get(ctx or "", "")
            text = f"{name}: village action{why} — {n} left · {counted(p['dbl'], 'doubloon')}"
        elif d.kind == "move":
            text = f"{name}: sail 1–7 MP from {_loc(p['ship'])} (←/→ along the stops, Enter to sail)"
        elif d.kind == "main":
            text = f"{name} at {_loc(p['ship'])}: one main action"
        elif d.kind == "combat_pile":
            text = f"{name} fights: reveal a combat token from a pile"
        elif d.kind == "combat_nation":
            c = SF.combat(s)
            tok = c["token"] if c else None
            text = f"{name} fights: token {tok or 'none (piles empty)'} — choose the nation"
        elif d.kind == "combat_loop":
            c = SF.combat(s)
            names = {"infl": "influence", "annex": "annex or displace"}
            used = ", ".join(names.get(u, card(u)["name"] if u in c["cards"] or "." in u else u)
                             for u in c["used"]) if c and c["used"] else "none"
            text = (f"{name} fights for {NATION_NAMES[c['nation']]} · token {c['token'] or '-'} · "
                    f"value {c['value']} · used this turn: {used}")
        elif d.kind == "plan":
            text = (f"{name}: planning area {len(p['plan'])}/{SF.planning_slots(s, d.seat)} — "
                    "move hand cards there, or stop")
        elif d.kind == "draw":
            text = f"{name}: draw a card (hand {len(p['hand'])}/{SF.hand_limit(s, d.seat)})"
        elif d.kind == "disc":
            text = f"{name}: take a disc off the ship board ({SF.discs_left_to_take(s)} left)"
        else:
            text = super().prompt_text(d)
        if self.path:
            text += "  ›  " + " › ".join(self._path_names())
        return text

    def _path_names(self) -> list[str]:
        out = []
        for key in self.path:
            if key.startswith("c:"):
                out.append(_card(key[2:]))
            elif key.startswith("g:"):
                out.append(key[2:])
            elif key.startswith("q:"):
                out.append(QUESTS[key[2:]]["name"])
            else:
                out.append(key)
        return out

    # -- the board ----------------------------------------------------------------------------
    def _flat(self, items: list) -> list:
        out = []
        for it in items:
            if isinstance(it, Menu):
                out += self._flat(it.items)
            else:
                out.append(it)
        return out

    def _highlighted(self) -> Any:
        i = self.query_one(DecisionPanel).highlighted
        if i is None or not 0 <= i < len(self.actions):
            return None
        return self.actions[i]

    def update_board(self, state: Any, targets: set, cursor: Any) -> None:
        s = state
        hi = self._highlighted()
        shown = self._flat(self.actions)
        targets = {a.target for a in shown if getattr(a, "target", None) is not None
                   and a.target[0] in ("loc", "display")}
        if isinstance(hi, Menu):
            focus = {a.target for a in self._flat(hi.items) if getattr(a, "target", None)}
            cursor = next(iter(focus)) if len(focus) == 1 else None
            targets = {t for t in focus if t and t[0] in ("loc", "display")} or targets
        d = self.match.pending
        mp = {}
        if d is not None and d.kind == "move" and self.human_to_play():
            cheapest: dict[str, int] = {}  # (two ways to a stop, as by Providencia: the map shows the shorter)
            for r in SF.reachable(self.match.state, d.seat):
                cheapest[r["dest"]] = min(r["mp"], cheapest.get(r["dest"], r["mp"]))
            mp = {dest: f"{n}MP" for dest, n in cheapest.items()}
        info = self._fit_detail(self._info(s, hi, cursor))
        rm = self.query_one(RouteMap)
        corner, ctargets = self._corner(s)
        rm.update_state(state, targets, cursor, mp=mp, corner=corner, corner_targets=ctargets)
        if info != self._detail_text:
            self._detail_text = info
            self.query_one("#mar-detail", Static).update(info, layout=False)
        self.call_after_refresh(self._fit_detail_row)
        seat = self.viewer_seat()
        xt = frozenset(a.target for a in shown if getattr(a, "target", None) and a.target[0] == "xtrack")
        xc = getattr(hi, "target", None)
        key = (id(s), seat, self.size.width, xt, xc)
        if key == self._tracks_for:
            self._refresh_player_panels(s, hi)
            return
        self._tracks_for = key
        self._fit_summary(s, shown)
        tracks = MT.influence_lines(s, self.marks, [self.player_colour(i) for i in range(len(self.match.names))],
                                    short=self.size.width < 110)
        tracks.append("\n")
        tracks.append_text(MT.explorer_line(s, self.marks, [self.player_colour(i) for i in range(len(self.match.names))],
                                            xt, xc))
        tracks.append("\n")
        tracks.append_text(MT.display_line(s, seat, self.query_one("#mar-tracks").size.width or 62))
        if tracks != self._tracks_text:
            same = self._tracks_text is not None and self._tracks_text.plain.count("\n") == tracks.plain.count("\n")
            self._tracks_text = tracks
            self.query_one("#mar-tracks", Static).update(tracks, layout=not same)
        self._refresh_player_panels(s, hi)

    def _summary_first(self, shown: list) -> str:
        """The part of the tracks the decision at hand is about (first in the summary)."""
        d = self.match.pending
        if d is None:
            return ""
        if any(getattr(a, "target", None) and a.target[0] == "xtrack" for a in shown):
            return "explorer"
        if d.kind.startswith("combat"):
            return "influence"
        if any(getattr(a, "kind", "") == "invest" for a in self._all):
            return "prestige"
        if any(getattr(a, "kind", "") == "quest" for a in shown):
            return "quests"
        return ""

    def _fit_summary(self, s: Any, shown: list) -> None:
        """Where the tracks under the map have no room (below 34 rows), their summary stands on
        the rule above the log: the part the decision needs first, as many others as fit, and
        the key (t) of the page that holds them all."""
        from tabletop_tui.widgets.log_panel import LogPanel
        log = self.query_one(LogPanel)
        if self.query_one("#mar-tracks").display:
            if log.border_title:
                log.border_title = None
            return
        colours = [self.player_colour(i) for i in range(len(self.match.names))]
        parts = MT.summary_parts(s, self.marks, colours, self._summary_first(shown))
        line = MT.summary_line(parts, max(20, (log.size.width or self.size.width) - 4))
        if log.border_title != line.markup:
            log.border_title = line

    def action_tracks(self) -> None:
        """The tracks, the piles, the quests open and every player's public board, in full."""
        colours = [self.player_colour(i) for i in range(len(self.match.names))]
        seat = self.viewer_seat()
        self.app.push_screen(InfoScreen(MT.tracks_page(self.current_view(), self.marks, colours, self.match.names, seat),
                                        keys="enter,space,escape,t"))

    def _fit_detail_row(self) -> None:
        """The map whole first: when the score strip takes a second row at 80×24, the detail
        under the map gives way (the choice's own line says where it goes; i shows the detail)."""
        if not self.is_mounted or not self.is_current:
            return
        board, route = self.query_one("#mar-board"), self.query_one(RouteMap)
        room = board.size.height - (route.styles.height.value if route.styles.height else 0)
        detail = self.query_one("#mar-detail")
        show = room >= (detail.styles.height.value if detail.styles.height else 1) or not board.size.height
        if detail.display != show:
            detail.display = show

    def _fit_detail(self, info: Text) -> Text:
        """The detail under the map in full when its rows hold it; else its first words and the
        key that shows it whole (i)."""
        self._detail_full = info
        box = self.query_one("#mar-detail")
        width = max(20, (box.size.width or self.size.width) - 2)
        rows = int(box.styles.height.value) if box.styles.height is not None else 1
        from rich.console import Console
        lines = Console(width=width, no_color=True).render_lines(info, pad=False)
        if len(lines) <= rows or not info.plain:
            return info
        head = info.plain.split(" · ")[0]
        tail = " · i: all of it"
        return Text(abbreviate_words(head, width * rows - len(tail)) + tail, style="bold")

    def action_details(self) -> None:
        full = getattr(self, "_detail_full", None)
        if full is not None and full.plain:
            self.app.push_screen(InfoScreen(full))

    def _corner(self, s: Any) -> tuple[list, dict]:
        """The card display in the map's free corner: one card a line with its price."""
        from rich.style import Style

        g = s.g
        seat = self.viewer_seat()
        lines: list = [(f"Display · deck {len(g['deck'])}", Style(bold=True, color="#e8e8e8"))]
        targets = {}
        for k, c in enumerate(self.display_cards(s)):
            spec = card(c)
            pr = SF.price(s, seat, c)
            lines.append((f"{pr}$ {spec['name']}", Style(color="#e8e8e8")))
            targets[k + 1] = ("display", c)
        lines.append((f"discard {len(g['discard'])}", Style(color="#8a8a8a")))
        lines.append(("A ship  Ⓐ assistant", Style(color="#8a8a8a")))
        return lines, targets

    def _info(self, s: Any, hi: Any, cursor: Any) -> Text:
        """The detail line: the highlighted card in full, or what the location under the cursor
        offers (read from the viewer's view: never another seat's hand)."""
        seat = self.viewer_seat()
        if isinstance(hi, Menu):
            if hi.note:
                return MT.card_detail(s, seat, hi.note)
            if hi.detail:
                return Text(hi.detail)
            return Text(hi.label, style="bold")
        if hi is not None:
            for w in hi.text.split(" ")[1:]:
                if "." in w and w.split(".")[0][:1] in "AB" and w[1:3].isdigit():
                    return MT.card_detail(s, seat, w)
        if cursor is not None and cursor[0] == "loc":
            return self.loc_text(s, seat, cursor[1])
        return self._combat_info(s, hi)

    def _combat_info(self, s: Any, hi: Any) -> Text:
        """In a combat, where the tracks under the map have no room (below 34 rows) and the
        choice has no detail of its own: the influence the fight is about, in the detail rows
        (they stood blank at 100×30; the nation fought for, or the one highlighted, first)."""
        d = self.match.pending
        if d is None or not d.kind.startswith("combat") or self.query_one("#mar-tracks").display:
            return Text("")
        c = SF.combat(s)
        first = c["nation"] if c else None
        words = getattr(hi, "text", "").split(" ")
        if first is None and words[0] == "nation" and len(words) > 1:
            first = words[1]
        box = self.query_one("#mar-detail")
        width = max(20, (box.size.width or self.size.width) - 2)
        rows = int(box.styles.height.value) if box.styles.height is not None else 1
        colours = [self.player_colour(i) for i in range(len(self.match.names))]
        return MT.combat_lines(s, self.marks, colours, first, width, rows)

    def loc_text(self, s: Any, seat: int, loc: str) -> Text:
        spec = LOCS[loc]
        g = s.g
        t = Text()
        t.append(f"{spec['name']} ({loc})", "bold")
        t.append(f", {spec['kind'].replace('_', ' ')}")
        city = SF.city_action(s, loc)
        if city:
            t.append(f" · {city['name']}: {city['text']}")
        if spec["kind"] == "village":
            r = next((r for r in SF.reachable(s, seat) if r["dest"] == loc), None)
            if r is not None and self.match.pending is not None and self.match.pending.kind == "move":
                t.append(f" · {r['village_actions']} village action{'s' if r['village_actions'] != 1 else ''} "
                         f"for {r['mp']} MP")
            p = g["players"][seat]
            buys = [c for c, why in CARDS.buy_reasons(p) if not why]  # (as the buy menu lists them)
            if buys:
                t.append(" · can buy: " + ", ".join(f"{_card(c)} {SF.price(s, seat, c)}$" for c in buys[:4])
                         + (f" and {len(buys) - 4} more" if len(buys) > 4 else ""))
        market = g["markets"].get(loc)
        if market:
            free = [gd for gd, o in market.items() if o is None]
            t.append(" · market wants " + (", ".join(free) if free else "nothing more"))
            p = g["players"][seat]
            fits = sorted({_card(c) for c in p["hand"] if c != "?" and set(card(c)["goods"]) & set(free)})
            if fits:
                t.append(" (your " + ", ".join(fits) + ")")
        if spec.get("flag"):
            owner = g["flags"].get(loc)
            t.append(f" · flag {NATION_NAMES[owner] if owner else 'empty'}: {MT.ops_text(spec['flag'])}")
        q = g["quest_slots"].get(loc)
        if q:
            t.append(" · quest " + MT.quest_text(q))
        return t

    def refresh_panels(self, view: Any) -> None:
        pass  # update_board draws them (with the highlighted card marked in the hand)

    def _refresh_player_panels(self, s: Any, hi: Any) -> None:
        m = self.match
        d = m.pending
        viewer = self.viewer_seat()
        focus = set()
        if hi is not None and not isinstance(hi, Menu):
            focus = {w for w in hi.text.split(" ")[1:] if "." in w}
        elif isinstance(hi, Menu) and hi.note:
            focus = {hi.note}
        panel = Text()
        human_viewer = not m.seats[viewer].bot
        order = [viewer] + [i for i in range(len(m.names)) if i != viewer]
        # the column's text width: its rule and padding (3) and a scrollbar (2), so that a line
        # the panel breaks between items is never broken again inside one ("figures" / "2+6")
        width = (self.query_one("#panels-box").size.width or 33) - 5
        for k, i in enumerate(order):
            if k:
                panel.append("\n")
            to_move = d is not None and d.seat == i
            colour = self.player_colour(i)
            if k == 0:
                show = (human_viewer or not self.curtain) and "?" not in s.g["players"][i]["hand"]  # (a spectator)
                panel.append_text(MT.full_panel(s, i, m.names[i], self.marks[i], colour, to_move, m.seats[i].bot,
                                                show_hand=show, focus_cards=focus, width=width))
            else:
                panel.append_text(MT.short_panel(s, i, m.names[i], self.marks[i], colour, to_move, m.seats[i].bot,
                                                 width))
        if panel != self._panel_text:
            same = self._panel_text is not None and self._panel_text.plain.count("\n") == panel.plain.count("\n")
            self._panel_text = panel
            self.query_one("#panels", Static).update(panel, layout=not same)

    def choose_target(self, target: Any) -> None:
        """A click on the map: the shown entry for it, or the one legal action there, or a menu."""
        options = [a for a in self._flat(self.actions) if getattr(a, "target", None) == target]
        if not options:
            if self.actions:
                self.notify("Nothing to do there now.", severity="information")
            return
        self.play_one_of(options)

    def show_game_over(self) -> None:
        from tabletop_tui.screens.maracaibo_over import MaracaiboGameOver

        self.game_over_page(MaracaiboGameOver(self.match, self))


def round_totals(m: Any) -> dict[int, tuple[int, int, int, int]] | None:
    """Each seat's (VP, doubloons) from before the round's end to now (the next round's start,
    when the summary is made), as (VP then, $ then, VP now, $ now): the ledger's running totals
    (Match.running, which the ledger table reads too) before the round end's entry (it follows
    the decision that set it off: the move after which the round-end scoring began) and after
    the last entry. None when no round has ended."""
    k = next((i for i in range(len(m.actions) - 1, -1, -1)
              if not m.states[i].g["scoring"] and m.states[i + 1].g["scoring"]), None)
    if k is None:
        return None
    rows = m.running({seat: ["VP", "$"] for seat in range(len(m.names))})
    then = rows[sum(len(es) for es in m.entries[:k])][2]  # after the deciding entry of move k + 1
    now = rows[-1][2]
    return {seat: (then[seat, "VP"], then[seat, "$"], now[seat, "VP"], now[seat, "$"]) for seat in range(len(m.names))}


def abbreviate_words(text: str, room: int) -> str:
    """Whole words of text that fit in room (never a word cut in the middle)."""
    out = ""
    for w in text.split(" "):
        nxt = f"{out} {w}" if out else w
        if len(nxt) > room:
            break
        out = nxt
    return out


class MarkedPage(ScrollPage):
    """A page over the game whose text may be taller than the terminal (at 80×24 the interim
    scoring of four players is): its bottom edge says what is out of sight and the keys that reach
    it, as a long menu's top edge does, and the key that closes it."""

    DEFAULT_CSS = """
    MarkedPage { align: center middle; }
    MarkedPage > VerticalScroll { width: 90%; max-width: 100; height: auto; max-height: 90%;
                                  border: thick $accent; background: $panel; padding: 0 2;
                                  border-subtitle-align: right; }
    """
    BINDINGS = [Binding("home", "scroll(-10000)", show=False), Binding("end", "scroll(10000)", show=False)]
    close_hint = "Esc close"

    def action_scroll(self, step: int) -> None:
        box = self.query_one(VerticalScroll)
        box.scroll_to(y=max(0, min(box.max_scroll_y, box.scroll_y + step)), animate=False)
        self.call_after_refresh(self.say_out_of_sight)

    def on_mount(self) -> None:
        box = self.query_one(VerticalScroll)
        box.scroll_by_key = True  # (its edge names what is out of sight and the keys: the cut-text check)
        self.watch(box, "scroll_y", lambda *_: self.say_out_of_sight(), init=False)
        self.call_after_refresh(self.say_out_of_sight)

    def on_resize(self) -> None:
        self.call_after_refresh(self.say_out_of_sight)

    def out_of_sight(self) -> tuple[int, int]:
        """Rows of the text above and below the page's window."""
        box = self.query_one(VerticalScroll)
        top = round(box.scroll_y)
        return top, max(0, round(box.max_scroll_y) - top)

    def say_out_of_sight(self) -> None:
        above, below = self.out_of_sight()
        parts = ([f"▲ {above} more above"] if above else []) + ([f"▼ {below} more below"] if below else [])
        edge = (" · ".join(parts) + ": ↑↓ PgUp PgDn · " if parts else "") + self.close_hint
        box = self.query_one(VerticalScroll)
        if box.border_subtitle != edge:
            box.border_subtitle = edge


class InfoScreen(MarkedPage):
    """The detail under the map in full (key i), for terminals where its rows cannot hold it."""

    BINDINGS = [Binding("enter,space,escape,i", "done", "close")]
    close_hint = "Esc close"

    def __init__(self, text: Text, keys: str = "") -> None:
        super().__init__()
        self.text = text
        if keys:  # (the tracks page closes with its own key, t)
            self._bindings.bind(keys, "done", "close")

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.text, id="info")

    def action_done(self) -> None:
        self.dismiss(None)


class RoundEndScreen(MarkedPage):
    """The interim scoring, step by step, before the next round starts."""

    BINDINGS = [Binding("enter,space,escape", "done", "continue")]
    close_hint = "Enter play on"

    def __init__(self, names: list[str], marks: list[str], rnd: int, steps: list[dict]) -> None:
        super().__init__()
        self.names, self.marks, self.rnd, self.steps = names, marks, rnd, steps

    def compose(self) -> ComposeResult:
        t = Text()
        t.append(f"End of round {self.rnd}: interim scoring\n", "bold")
        for k, st in enumerate(self.steps, 1):
            t.append(f"\n{k}. {st['step']}: ", "bold")
            t.append(st["text"])
            for seat, line in st["per_seat"].items():
                t.append(f"\n     {self.marks[seat]} {self.names[seat]}: ", "bold")
                t.append(line)
        t.append("\n\nPress Enter to play on.", "italic")
        with VerticalScroll():
            yield Static(t, id="round-end")

    def action_done(self) -> None:
        self.dismiss(None)
