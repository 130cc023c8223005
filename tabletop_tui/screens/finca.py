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
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import Static

from tabletop_tui.rules import finca as F
from tabletop_tui.screens.game import GameScreen, OutOfReach
from tabletop_tui.widgets import panel_fit as fit
from tabletop_tui.widgets.communities import ANY, LEADS, REFUSED, Communities, finca_label
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


def refusal_kind(reason: str) -> str:
    """Why a community cannot join the delivery, as a key of ``communities.REFUSED``: its tile
    would pass the fruit limit ("limit"), the player lacks fruit it asks for, alone or with the
    rest ("fruit"), or another reason ("other")."""
    if reason.startswith("At most "):
        return "limit"
    if re.search(r"wants \d+ \w+; .* has \d+", reason) or "together with the rest" in reason:
        return "fruit"
    return "other"


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
    FincaScreen.-narrow #panels-box { display: none; }
    /* fewer rows of choices, not a shorter panel: a panel shorter than its list hid the last
       choices (and the highlight on them) where no scrolling reached them */
    FincaScreen.-short #decision #choices, FincaScreen.-short #decision #choices:focus { max-height: 5; }
    """

    def compose_board(self) -> Widget:
        return Horizontal(Windmill(self.match.state, id="windmill"),
                          Communities(self.match.state, id="communities"), id="finca-board")

    # The windmill and the ten communities need 64 columns and about 10 rows. Below 100 columns
    # the player panels give way (the score strip keeps every score in view, ``p`` opens every
    # player's whole sheet), and below 30 rows the log keeps its newest lines only.
    MIN_SIZE = (80, 24)
    PANELS_FROM = 100

    def legend(self) -> list[tuple[str, str]]:
        """Every symbol of the windmill and the communities."""
        marks = ", ".join(f"{self.marks[p]} {name}" for p, name in enumerate(self.match.names))
        out = [(FRUIT_LETTER[f], f"{f} (a blade's fruit, a fruit symbol on a tile, a supply "
                                 "count)") for f in FRUITS]
        out += [
            ("1 … 12", "the windmill's blades, clockwise from the top; the windmill turns clockwise"),
            (", ".join(self.marks), f"farmers on a blade, one letter each: {marks}"),
            ("A3", "three farmers of one player on a blade (when they do not fit side by side)"),
            ("go 2", "a farmer moved from this blade goes 2 blades on (one per farmer on it)"),
            ("═ line ═", "a dividing line: a farmer crossing it takes a donkey cart"),
            ("▮", "a donkey cart still in the windmill"),
            ("F14 A18 …", "the fruit supply: how many of each fruit are left"),
            ("+2R +1▮", "the highlighted move lands here: 2 oranges and 1 donkey cart"),
            (">", "a blade or community the current decision can choose"),
            ("»", "the cursor (Enter chooses it)"),
            ("✓", "a community already part of the delivery being built"),
            (REFUSED["limit"], "before a community, in a delivery: it cannot be added, its tile "
                               "would take the delivery past its fruit limit (a click says why)"),
            (REFUSED["fruit"], "before a community, in a delivery: it cannot be added, you lack fruit "
                               "its tile asks for, alone or with the rest (a click says why)"),
            (REFUSED["other"], "before a community, in a delivery: it cannot be added now (a click "
                               "says why)"),
            ("6 FFRRLL", "a community's face-up fruit tile: its value (= VP = fruits) and the "
                         "fruits it asks for"),
            (ANY, "an any-fruit symbol: any fruit fills it"),
            ("left", "how many fruit tiles are left in the community's stack"),
            ("F, F+A, all", "the community's finca tile: the fruit(s) whose symbols decide it, or "
                            "all = the sum of tile values"),
            ("2010", "each player's count for that finca tile, one digit per player in seat order"),
            ("10 13  9  0", "the counts once one reaches 10 (the finca tile \"all\" sums tile "
                            "values): two columns each, a space between seats"),
            (LEADS, "that player leads the finca tile alone (beside a count: A2^; on the one-line "
                    "rows ^ heads a column and the leader's letter stands under it)"),
            ("▼ Inca", "communities with no row left on a small screen, by name (the arrows bring "
                       "a community the choice can reach into view)"),
            ("Anna (F2 R1)", "below 100 columns: the fruit of the player to move, kind by kind"),
            ("▲", "a wooden finca on a closed community (the finca tile went to →, or the box)"),
            ("set ·2·4··", "the tile values 1–6 a player holds (· missing): each complete set "
                           "takes the top bonus tile"),
            ("VP", f"victory points: fruit tiles, finca tiles ({F.FINCA_VP} each), bonus tiles "
                   f"and {F.ACTION_VP} per action tile still unused"),
            ("fruit, cart", "the fruits in a player's play area and their donkey carts"),
            ("=8", "after a player's fruit: how many fruits they hold in all"),
            ("act gust less", "the action tiles a player has not used: double (double windmill "
                              "movement), gust (gust of wind), large (large donkey cart), less (one "
                              "less fruit); act all = all four, act used = none left"),
            ("+1, complete 1", "after a player's set: the complete sets of tile values 1–6"),
            ("lead GL4^ all9", "a player's count for each open finca tile (its fruit letters; all = "
                               "tile values), ^ where they lead it alone"),
        ]
        return out

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
                reasons, tiny, refused = {}, {}, {}
                for c, name in enumerate(F.COMMUNITIES):
                    if s.stacks[c] and c not in s.dlv["picks"]:
                        why = self.rules.explain(s, F.Pick(name))
                        if why:
                            reasons[name] = short_reason(why, name)
                            tiny[name] = tiny_reason(why)
                            refused[name] = REFUSED[refusal_kind(why)]
                info["reasons"] = reasons
                info["tiny_reasons"] = tiny
                info["refused"] = refused
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
        text = Text(f"{self.mover_name(s, d.seat)}: {d.prompt}", style="bold")
        if sm["picks"]:
            fewer = ", one fruit fewer: you choose which" if sm["one_less_open"] else ""
            text.append(f"  ({sm['fruits']}/{sm['limit']} fruits for {sm['value']} VP: "
                        + ", ".join(p["community"] for p in sm["picks"]) + fewer + ")", style="")
        else:
            text.append(f"  (up to {sm['limit']} fruits)", style="")
        self.query_one(DecisionPanel).query_one("#prompt").update(text)

    # -- the delivery's choices keep their places ------------------------------------------------
    def shown_actions(self, actions: list) -> tuple[list, int]:
        """While a delivery is assembled its confirm row is always listed, last, with the key 0
        (dim until a community is picked): confirming is a key that never moves, and a digit
        that named a community never confirms (1 then 2 confirmed a one-fruit delivery)."""
        s = self.match.state
        if s.step != "deliver":
            return actions, 0
        # the communities in board order, those picked kept in theirs, marked (also on a screen
        # opened in the middle of a delivery, which has not seen them picked)
        picks = {a.community: a for a in actions if isinstance(a, F.Pick)}
        rows: list = []
        for c, name in enumerate(F.COMMUNITIES):
            if name in picks:
                rows.append(picks[name])
            elif c in s.dlv["picks"]:
                rows.append(OutOfReach(self.label(s, F.Pick(name)), "✓ in the delivery", key=str(F.Pick(name))))
        rows += [a for a in actions if not isinstance(a, F.Pick)]
        if F.Confirm() not in actions:
            why = ("pick a community first" if not s.dlv["picks"] else
                   self.rules.explain(s, F.Confirm()) or "not possible now").rstrip(".")
            rows.append(OutOfReach("Confirm the delivery", why, key=str(F.Confirm())))
        return rows, 0

    def fixed_keys(self) -> dict[int, str]:
        if self.match.state.step != "deliver":
            return {}
        confirm = str(F.Confirm())
        return {i: "0" for i, a in enumerate(self.actions) if self.choice_key(a) == confirm}

    def gone_reason(self, key: Any) -> str:
        """A community listed earlier in the delivery: in it already, or why it cannot join now."""
        s = self.match.state
        if isinstance(key, str) and key.startswith("pick ") and s.dlv is not None:
            name = key[len("pick "):]
            if name in [F.COMMUNITIES[c] for c in s.dlv["picks"]]:
                return "✓ in the delivery"
            why = self.rules.explain(s, F.Pick(name))
            if why:
                return short_reason(why, name)
        return super().gone_reason(key)

    def mover_name(self, s: Any, seat: int) -> str:
        """The name of the player to move, and while the side panels give way (below 100
        columns) the fruit they hold, kind by kind: what a move or a delivery is decided on."""
        name = self.match.names[seat]
        if self.size.width >= self.PANELS_FROM:
            return name
        fruit = " ".join(f"{FRUIT_LETTER[f]}{n}" for f in FRUITS if (n := s.fruits[seat].get(f, 0)))
        return f"{name} ({fruit or 'no fruit'})"

    def prompt_text(self, d: Any) -> str:
        name = self.match.names[d.seat]
        prompt = d.prompt[len(name):].lstrip(": ") if d.prompt.startswith(name) else d.prompt
        return f"{self.mover_name(self.match.state, d.seat)}: {prompt}"

    # -- the player panels -----------------------------------------------------------------
    def refresh_panels(self, view: Any) -> None:
        self._panel_view = view
        self._fit_panels()
        # the decision panel may grow or shrink with this refresh: fit again once it has
        self.call_after_refresh(self._fit_panels)

    def on_resize(self, event) -> None:
        # (GameScreen.on_resize runs too: Textual calls the handler of every class in the MRO)
        self.lay_out(event.size.width, event.size.height)
        self.call_after_refresh(self._fit_panels)

    def on_mount(self) -> None:
        self.lay_out(self.app.size.width, self.app.size.height)
        super().on_mount()

    def lay_out(self, width: int, height: int) -> None:
        """The compact form below 100×30: no side panels (the strip and ``p`` show them); at
        24 rows the log shows its newest lines only."""
        self.set_class(width < self.PANELS_FROM, "-narrow")
        self.set_class(height < 30, "-short")
        self.call_after_refresh(self._log_height, height)

    def _log_height(self, height: int) -> None:
        from tabletop_tui.widgets.log_panel import LogPanel

        try:
            log = self.query_one(LogPanel)
        except NoMatches:
            return
        log.styles.height = 3 if height < 30 else 6 if height >= 36 else 4
        # (its row or two show the latest moves: what the bots did since, oldest first, put the
        # oldest unseen move there and the latest out of sight; the whole log is L)
        log.newest_only = height < 30

    def _fit_panels(self) -> None:
        """Every player's panel whole in the column, without scrolling: the richest layout that
        fits (everyone in full with the key to the short lines; then the player to move in full
        and the others in three lines; then shorter keys, no key, all in three lines)."""
        view = getattr(self, "_panel_view", None)
        if view is None:
            return
        try:
            box = self.query_one("#panels-box")
            static = self.query_one("#panels", Static)
        except NoMatches:  # the screen is gone (game over) before the refresh came
            return
        width, height = box.size.width, box.size.height
        if width <= 0 or height <= 0:
            width, height = 33, 1000
        lines = fit.pick(self._panel_layouts(view, width), width, height)
        fit.scroll_only_if_needed(box, lines, width, height)
        panel = fit.join(lines)
        if panel != getattr(self, "_panel_text", None):
            self._panel_text = panel
            static.update(panel)

    def _panel_layouts(self, s: Any, width: int):
        n = len(self.match.names)
        focus = self.viewer_seat()

        def players(level_of) -> list[Text]:
            return [line for seat in range(n) for line in self.player_lines(s, seat, width, level_of(seat))]

        full = players(lambda p: "full")
        focused = players(lambda p: "full" if p == focus else "compact")
        tight = players(lambda p: "medium" if p == focus else "compact")
        compact = players(lambda p: "compact")
        for key in (self.legend_lines(width), self.legend_lines(width, short=True)):
            yield full + [Text()] + key
            yield focused + [Text()] + key
        yield focused
        yield tight
        yield compact
        # a short column (four players and a long menu at 100×30): name, VP, fruit and carts
        yield players(lambda p: "tiny")

    def legend_lines(self, width: int, short: bool = False) -> list[Text]:
        lines: list[Text] = []
        for para in self.panel_legend(short).plain.split("\n"):
            words = para.split(" ")
            head = Text(words[0], "bold")
            lines += fit.flow(head, [Text(w, "dim") for w in words[1:]], width, indent=2)  # (hanging)
        return lines

    @staticmethod
    def panel_legend(short: bool = False) -> Text:
        if short:
            t = Text(style="dim")
            t.append("set", "bold")
            t.append(": tile values 1–6 held, · missing\n")
            t.append("lead", "bold")
            t.append(f": your finca symbols, {LEADS} alone\n")
            t.append("action", "bold")
            t.append(f": {F.ACTION_VP} VP each if unused "
                     f"({F.ACTION_VP * len(F.ACTION_TILES)} VP at the start)\n")
            t.append(f"{ANY}", "bold")
            t.append(": any-fruit symbol on a tile")
            return t
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
        return fit.join(self.player_lines(s, seat, 33))

    def player_lines(self, s: Any, seat: int, width: int, level: str = "full") -> list[Text]:
        """A player's panel. ``full``: fruit, carts, bonus and finca tiles, fruit tiles, the set,
        action tiles, the lead in each open finca; ``medium``: without the lead (the board shows
        every seat's count); ``compact`` (a rival when the column is short): VP, fruit and carts,
        the set and the action tiles left, in three lines."""
        m = self.match
        colour = self.player_colour(seat)
        d = m.pending
        head = Text()
        head.append("▶ " if d is not None and d.seat == seat else "  ", "bold")
        head.append(f" {self.marks[seat]} ", Style(bold=True, color="black", bgcolor=colour))
        items = [Text(m.names[seat], "bold")]  # a name is text, never markup
        if m.seats[seat].bot:
            items.append(Text("bot", "italic dim"))
        vp = sum(F.score_breakdown(s, seat).values())
        items.append(Text(f" {vp} VP", "bold"))
        lines = fit.flow(head, items, width, indent=3)
        fruit = Text("  " if level in ("compact", "tiny") else "  fruit ")
        for f in FRUITS:
            n = s.fruits[seat][f]
            fruit.append(f"{FRUIT_LETTER[f]}{n}", fruit_style(f) if n else Style(dim=True))
            fruit.append(" ")
        fruit.append(f"={F.fruit_total(s, seat)}", "dim")
        prog = F.set_progress(s, seat)
        have = min(prog.values())
        sets = Text("set ")
        for v in range(1, 7):
            sets.append(str(v) if prog[v] > have else "·", "bold" if prog[v] > have else "dim")
        if have:
            sets.append(f" +{have}" if level == "compact" else f"  complete {have}", "dim")
        acts = s.action_tiles[seat]
        if level == "tiny":  # the set and the action tiles are on the seat sheet (p)
            carts = Text(f"carts {s.carts[seat]}", "bold" if s.carts[seat] else "dim")
            return lines + fit.flow(fruit, [carts], width, indent=2, sep=" ")
        if level == "compact":
            carts = Text(f"carts {s.carts[seat]}", "bold" if s.carts[seat] else "dim")
            lines += fit.flow(fruit, [carts], width, indent=2, sep=" ")
            if not acts:
                act = Text("act used", "dim")
            else:  # all four at the start: two words rather than four
                act = Text("act " + ("all" if len(acts) == len(F.ACTION_TILES) else " ".join(acts)))
            rest = [sets, act]
            if s.to_place[seat]:
                rest.append(Text(f"farmers {s.to_place[seat]}"))
            lines += fit.flow(Text("  "), rest, width, indent=2, sep="  ")
            return lines
        lines.append(fruit)
        # carts, bonus and finca tiles; collected tiles by value; progress to a 1-6 set
        t = Text(f"  carts {s.carts[seat]}", "bold" if s.carts[seat] else "dim")
        t.append("  bonus ")
        t.append(" ".join(map(str, s.bonus[seat])) or "-", "bold" if s.bonus[seat] else "dim")
        mine = s.fincas_of(seat)
        if mine:
            t.append("  fincas ")
            t.append(" ".join(finca_label(x) for x in mine), "bold")
        lines.append(t)
        t = Text("  tiles ")
        if s.tiles[seat]:
            t.append(" ".join(f"{v}×{prog[v]}" if prog[v] > 1 else str(v)
                              for v in range(1, 7) if prog[v]))
            t.append(f" ={sum(v * k for v, k in prog.items())}", "dim")
        else:
            t.append("none", "dim")
        lines.append(t)
        lines.append(Text("  ") + sets)
        # unused action tiles (and farmers still to place in the introduction)
        t = Text("  action ")
        t.append(" ".join(acts) if acts else "all used", "" if acts else "dim")
        lines.append(t)
        if s.to_place[seat]:
            lines.append(Text(f"  farmers to place {s.to_place[seat]}"))
        if level == "medium":
            return lines
        # symbol counts for every open finca tile; "^" = leads that majority alone
        toks = []
        for c in range(len(F.COMMUNITIES)):
            if not s.stacks[c]:
                continue
            fin = s.finca_tile[c]
            counts = F.majority_counts(s, fin)
            if counts[seat]:
                best = max(counts)
                lead = counts.count(best) == 1 and counts[seat] == best
                toks.append(Text(f"{finca_label(fin).replace('+', '')}{counts[seat]}" + (LEADS if lead else ""),
                                 "bold" if lead else ""))
        if toks:
            lines += fit.flow(Text("  lead"), toks, width, indent=7)
        return lines
