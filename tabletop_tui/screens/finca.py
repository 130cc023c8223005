"""Finca's game screen: the windmill, the ten communities, a panel per player, and the delivery
built step by step (pick communities, fill any-fruit symbols, confirm) through the decision panel
or by clicking the board.

The screen asks the rules for everything (move previews, majority counts, the delivery summary,
why a community cannot be added); the widgets only draw what they are given.
"""
from __future__ import annotations

import re
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Static

from tabletop_tui.rules import finca as F
from tabletop_tui.screens.game import GameScreen
from tabletop_tui.widgets.communities import ANY, LEADS, Communities, finca_label
from tabletop_tui.widgets.decision import DecisionPanel
from tabletop_tui.widgets.windmill import FRUIT_LETTER, FRUITS, Windmill, fruit_style

DELIVERY_STEPS = ("deliver", "fill", "omit")


def short_reason(reason: str, community: str) -> str:
    """A few words for the communities list; the full sentence is shown on a click."""
    m = re.search(r"At most (\d+) fruits.*makes (\d+)", reason)
    if m:
        return f"{m.group(2)} fruits, max {m.group(1)}"
    m = re.search(r"wants (\d+) (\w+); .* has (\d+)", reason)
    if m:
        return f"needs {m.group(1)} {m.group(2)}, has {m.group(3)}"
    if "together with the rest" in reason:
        return "not enough fruit with the rest"
    if "only one fruit" in reason:
        return "1-fruit tile needs a bigger one"
    return reason.removeprefix(community + " ").rstrip(".")


def tiny_reason(reason: str) -> str:
    """At most 11 characters, for the one-line communities list of narrow terminals."""
    m = re.search(r"At most (\d+) fruits.*makes (\d+)", reason)
    if m:
        return f"{m.group(2)}>{m.group(1)} fruits"
    m = re.search(r"wants (\d+) (\w+); .* has (\d+)", reason)
    if m:
        kind = m.group(2)
        letter = FRUIT_LETTER.get(kind) or FRUIT_LETTER.get(kind[:-1], kind[:1].upper())
        return f"has {m.group(3)}/{m.group(1)} {letter}"
    if "together with the rest" in reason:
        return "not enough"
    if "only one fruit" in reason:
        return "needs a 2+"
    return "not now"


class FincaScreen(GameScreen):
    CSS = """
    #finca-board { height: 1fr; }
    """

    def compose_board(self) -> Widget:
        return Horizontal(Windmill(self.match.state, id="windmill"),
                          Communities(self.match.state, id="communities"), id="finca-board")

    # The windmill and the ten communities need 64 columns beside the player panels and about
    # 13 rows: below 100×30 the shared notice asks for a larger terminal instead of cutting.
    MIN_SIZE = (100, 30)

    def round_text(self, state: Any) -> str:
        return "introduction" if state.round == 0 else f"round {state.round}"

    # -- the board -------------------------------------------------------------------------
    def _highlighted_action(self) -> Any:
        i = self.query_one(DecisionPanel).highlighted
        if i is None or not 0 <= i < len(self.actions):
            return None
        return self.actions[i]

    def move_preview(self, s: Any, a: Any) -> dict | None:
        """What the highlighted choice would do on the windmill."""
        if isinstance(a, F.Move):
            p = F.move_preview(s, a.blade)
        elif isinstance(a, F.GustTo) and s.gust_from is not None:
            p = F.gust_preview(s, s.gust_from, a.blade)
            p["steps"] = 0
        elif isinstance(a, F.Place):
            f = s.blades[a.blade]
            p = {"from": None, "to": a.blade, "steps": 0, "fruit": f, "fruits": 1, "carts": 0,
                 "short": s.supply[f] < 1}
        else:
            return None
        fruit, n, carts = p["fruit"], p["fruits"], p["carts"]
        land = f"+{n}{FRUIT_LETTER[fruit]}" + (f" +{carts}▮" if carts else "")  # ▮ = donkey cart
        start = f"{F.blade_no(p['from'])}→" if p["from"] is not None else "on "
        lines = [f"{start}{F.blade_no(p['to'])}: +{n} {F.plural(fruit, n)}"]
        short = [f"{start}{F.blade_no(p['to'])}: +{n} {FRUIT_LETTER[fruit]}"]
        if carts:
            lines.append(f"+{carts} donkey cart{'s' if carts > 1 else ''}")
            short.append(f"+{carts} cart{'s' if carts > 1 else ''}")
        if p["short"]:
            lines.append(f"short: all return {F.plural(fruit, 2)}")
            short.append("short: all return")
        return {"from": p["from"], "to": p["to"], "steps": p["steps"], "land": land,
                "lines": lines, "short_lines": short}

    def board_info(self, s: Any) -> dict:
        tiles = []
        majority = []
        for c in range(len(F.COMMUNITIES)):
            tid = s.face_up(c)
            if tid is None:
                tiles.append(None)
                majority.append([])
                continue
            t = F.TILES[tid]
            tiles.append({"value": t.value, "requires": list(t.requires), "any": t.any,
                          "left": len(s.stacks[c])})
            majority.append(F.majority_counts(s, s.finca_tile[c]))
        info: dict = {"communities": list(F.COMMUNITIES), "tiles": tiles, "majority": majority,
                      "delivery": None, "picked": [], "reasons": {}}
        if s.dlv is not None and s.step in DELIVERY_STEPS:
            info["delivery"] = F.delivery_summary(s)
            info["picked"] = [F.COMMUNITIES[c] for c in s.dlv["picks"]]
            if s.step == "deliver":
                reasons, tiny = {}, {}
                for c, name in enumerate(F.COMMUNITIES):
                    if s.stacks[c] and c not in s.dlv["picks"]:
                        why = self.rules.explain(s, F.Pick(name))
                        if why:
                            reasons[name] = short_reason(why, name)
                            tiny[name] = tiny_reason(why)
                info["reasons"] = reasons
                info["tiny_reasons"] = tiny
        return info

    def update_board(self, state: Any, targets: set, cursor: Any) -> None:
        preview = self.move_preview(state, self._highlighted_action())
        self.query_one(Windmill).update_state(state, targets, cursor, preview)
        self.query_one(Communities).update_state(state, targets, cursor, self.board_info(state))

    def choose_target(self, target: Any) -> None:
        """As the generic screen, but a community that cannot be added says why."""
        s = self.match.state
        has = any(self.rules.target(s, a) == target for a in self.actions)
        if not has and target[0] == "community" and s.step == "turn" and F.Deliver() in self.actions:
            # a shortcut: clicking a community on your turn starts a delivery there
            self.play(F.Deliver())
            s = self.match.state
            if s.step == "deliver" and F.Pick(target[1]) in self.actions:
                self.play(F.Pick(target[1]))
            elif s.step == "deliver":
                self.notify(self.rules.explain(s, F.Pick(target[1])) or "Nothing to do there now.",
                            title="Delivery started; cannot add", severity="warning")
            return
        if not has and self.actions and target[0] == "community" and s.step == "deliver":
            self.notify(self.rules.explain(s, F.Pick(target[1])) or "Nothing to do there now.",
                        title="Cannot add", severity="warning")
            return
        super().choose_target(target)

    def refresh_all(self) -> None:
        super().refresh_all()
        s = self.match.state
        d = self.match.pending
        if d is None or self.match.seats[d.seat].bot or s.dlv is None:
            return
        sm = F.delivery_summary(s)
        if sm is None:
            return
        text = Text(f"{self.match.names[d.seat]}: {d.prompt}", style="bold")
        if sm["picks"]:
            fewer = ", one fruit fewer: you choose which" if sm["one_less_open"] else ""
            text.append(f"  ({sm['fruits']}/{sm['limit']} fruits for {sm['value']} VP: "
                        + ", ".join(p["community"] for p in sm["picks"]) + fewer + ")", style="")
        else:
            text.append(f"  (up to {sm['limit']} fruits)", style="")
        self.query_one(DecisionPanel).query_one("#prompt").update(text)

    # -- the player panels -----------------------------------------------------------------
    def refresh_panels(self, view: Any) -> None:
        """The players, then what the shorter lines mean (once, under the last player)."""
        panel = Text()
        for s in range(len(self.match.names)):
            panel.append_text(self.player_panel(view, s))
            panel.append("\n")
        panel.append("\n")
        panel.append_text(self.panel_legend())
        self.query_one("#panels", Static).update(panel)

    @staticmethod
    def panel_legend() -> Text:
        t = Text(style="dim")
        t.append("set", "bold")
        t.append(": tile values 1–6 collected (· missing); each complete set takes the top "
                 "bonus tile.\n")
        t.append("lead", "bold")
        t.append(": your symbols for each open finca tile (F = figs…; all = tile values); "
                 f"{LEADS} = you lead it alone.\n")
        t.append("action", "bold")
        t.append(f": action tiles not yet used, {F.ACTION_VP} VP each at the end (the "
                 f"{F.ACTION_VP * len(F.ACTION_TILES)} VP everyone starts with).\n")
        t.append(f"{ANY}", "bold")
        t.append(": an any-fruit symbol on a fruit tile.")
        return t

    def player_panel(self, s: Any, seat: int) -> Text:
        m = self.match
        colour = self.player_colour(seat)
        d = m.pending
        t = Text()
        t.append("▶ " if d is not None and d.seat == seat else "  ", "bold")
        t.append(f" {self.marks[seat]} ", Style(bold=True, color="black", bgcolor=colour))
        t.append(f" {m.names[seat]}", "bold")
        if m.seats[seat].bot:
            t.append(" bot", "italic dim")
        vp = sum(F.score_breakdown(s, seat).values())
        t.append(f"  {vp} VP", "bold")
        # fruits by kind
        t.append("\n  fruit ")
        for f in FRUITS:
            n = s.fruits[seat][f]
            t.append(f"{FRUIT_LETTER[f]}{n}", fruit_style(f) if n else Style(dim=True))
            t.append(" ")
        t.append(f"={F.fruit_total(s, seat)}", "dim")
        # carts, bonus and finca tiles; collected tiles by value; progress to a 1-6 set
        t.append(f"\n  carts {s.carts[seat]}", "bold" if s.carts[seat] else "dim")
        t.append("  bonus ")
        t.append(" ".join(map(str, s.bonus[seat])) or "-", "bold" if s.bonus[seat] else "dim")
        mine = s.fincas_of(seat)
        if mine:
            t.append("  fincas ")
            t.append(" ".join(finca_label(x) for x in mine), "bold")
        prog = F.set_progress(s, seat)
        t.append("\n  tiles ")
        if s.tiles[seat]:
            t.append(" ".join(f"{v}×{prog[v]}" if prog[v] > 1 else str(v)
                              for v in range(1, 7) if prog[v]))
            t.append(f" ={sum(v * k for v, k in prog.items())}", "dim")
        else:
            t.append("none", "dim")
        t.append("\n  set ")
        have = min(prog.values())
        for v in range(1, 7):
            t.append(str(v) if prog[v] > have else "·", "bold" if prog[v] > have else "dim")
        if have:
            t.append(f"  complete {have}", "dim")
        # unused action tiles (and farmers still to place in the introduction)
        acts = s.action_tiles[seat]
        t.append("\n  action ")
        t.append(" ".join(acts) if acts else "all used",
                 "" if acts else "dim")
        if s.to_place[seat]:
            t.append(f"\n  farmers to place {s.to_place[seat]}")
        # symbol counts for every open finca tile; "^" = leads that majority alone
        toks = []
        for c in range(len(F.COMMUNITIES)):
            if not s.stacks[c]:
                continue
            fin = s.finca_tile[c]
            counts = F.majority_counts(s, fin)
            if counts[seat]:
                best = max(counts)
                toks.append((fin, counts[seat], counts.count(best) == 1 and counts[seat] == best))
        if toks:
            t.append("\n  lead ")
            for fin, mine_n, lead in toks:
                t.append(f"{finca_label(fin).replace('+', '')}{mine_n}" + (LEADS if lead else ""),
                         "bold" if lead else "")
                t.append(" ")
        return t
