"""MaracaiboRules: the task loop that drives decisions, and the Rules protocol around it."""
from __future__ import annotations

from tabletop_tui.rules.core import BaseRules, Decision, IllegalAction, Option, Result, Rng, Step, counted, rank_by, told

from .content import CARDS, LOCS, NATIONS, NATION_NAMES, QUESTS, TOKENS, card, UPGRADES, PRESTIGE, CAREERS, C, XTRACK
from .notation import Act, normalise
from .state import HIDDEN, NOTES, SOURCE, State
from . import careers, cards, combat, effects, explorer, quests, setup, ship, turn, villages, scoring

# task type -> (auto, options, choose, decision kind, prompt)
HANDLERS = {
    "career": (careers.career_auto, careers.career_options, careers.career_choose, "career", "keep one career card"),
    "oplan": (turn.never, turn.oplan_options, turn.oplan_choose, "opening", "put 1 card of the opening hand into the planning area"),
    "odiscard": (turn.never, turn.odiscard_options, turn.odiscard_choose, "opening", "discard a card from the opening hand"),
    "move": (turn.never, turn.move_options, turn.move_choose, "move", "move the ship (1-7 movement points)"),
    "main": (turn.main_auto, turn.main_options, turn.main_choose, "main", "choose a main action"),
    "assist_check": (turn.assist_check_auto, None, None, "", ""),
    "plan": (cards.plan_auto, cards.plan_options, cards.plan_choose, "plan", "move hand cards into the planning area"),
    "draw": (cards.draw_auto, cards.draw_options_task, cards.draw_choose, "draw", "draw a card from the display or the deck"),
    "endturn": (turn.endturn_auto, None, None, "", ""),
    "roundend": (turn.roundend_auto, None, None, "", ""),
    "scoreturn": (turn.scoreturn_auto, None, None, "", ""),
    "interim": (turn.interim_auto, None, None, "", ""),
    "final": (turn.final_auto, None, None, "", ""),
    "village": (villages.village_auto, villages.village_options, villages.village_choose, "village", "choose a village action"),
    "op": (effects.op_auto, effects.op_options, effects.op_choose, "effect", "resolve an effect"),
    "disc": (effects.disc_auto, effects.disc_options, effects.disc_choose, "disc", "take a disc off the ship board"),
    "fight": (combat.fight_auto, combat.fight_options, combat.fight_choose, "combat", "combat"),
    "qtile": (quests.qtile_auto, None, None, "", ""),
    "qpay": (quests.qpay_auto, quests.qpay_options, quests.qpay_choose, "quest_pay", "pay the quest"),
    "xquest": (quests.xquest_auto, quests.xquest_options, quests.xquest_choose, "quest", "fulfil the quest on the explorer track?"),
}


def choose(s: State, t: dict, a) -> None:
    """The pending task ``t`` (the stack's top) answered with ``a``, then everything automatic
    after it. What resolves now is noted now, on this action's entry, whichever earlier action
    queued it (issue 45: a change is told where it lands; its reason names its cause)."""
    HANDLERS[t["t"]][2](s, t, a)
    for seat in range(s.g["n"]):
        careers.check(s.g, seat)
    run(s)


def run(s: State) -> None:
    """Resolve automatic steps until a decision is due or the game is over."""
    g = s.g
    stack = g["stack"]
    for _ in range(100000):
        if not stack:
            if g["phase"] == "over":
                return
            g["phase"] = "play"
            turn.start_turn(g, g["start_seat"])
        auto = HANDLERS[stack[-1]["t"]][0]
        progressed = auto(s, stack[-1])
        for seat in range(g["n"]):
            careers.check(g, seat)  # 13.1: after every resolved effect
        if not progressed:
            return
    raise RuntimeError("maracaibo: automatic steps did not settle")


def _prompt(g: dict, t: dict) -> tuple:
    kind, prompt = HANDLERS[t["t"]][3], HANDLERS[t["t"]][4]
    if t["t"] == "op":
        op = t["op"]
        name = op["op"]
        if name == "influence":
            prompt = f"gain {op['n']} influence with a nation of your choice"
        elif name == "explore":
            prompt = f"move the explorer up to {counted(op['n'], 'space')}"
        elif name == "choose":
            prompt = "choose one option"
        elif name == "pay":
            prompt = "pay for the city's offer, or decline"
        elif name == "discard_hand":
            prompt = "discard the whole hand for the reward, or keep it"
        kind = name
    elif t["t"] == "fight":
        prompt = {"pile": "reveal a combat token from a pile", "nation": "choose the fighting nation",
                  "loop": f"combat value {t['value']}: take a combat action, spend, or end"}[t["stage"]]
        kind = "combat_" + t["stage"]
    elif t["t"] == "village":
        prompt = f"village action ({t['n']} left)"
    elif t["t"] == "qpay":
        todo = quests.steps(t["quest"])
        k = len(t["cards"])
        what = quests.qpay_step(t)
        part = f"the {what}" if what != "card" else "a card (any goods)"
        prompt = f"{QUESTS[t['quest']]['name']}, card {k + 1} of {len(todo)}: pay {part} with"
    elif t["t"] == "disc":
        prompt = f"take a disc off the ship board ({t['n']} left)"
    return kind, prompt


class MaracaiboRules(BaseRules[State]):
    game_id = "maracaibo"
    title = "Maracaibo"
    min_players = 2
    max_players = 4
    options: tuple[Option, ...] = ()
    max_actions = 20000

    # -- protocol -------------------------------------------------------------------------------
    def setup(self, seats, seed, options=None) -> State:
        n = len(seats)
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"Maracaibo takes 2 to 4 players, not {n}")
        s = setup.new_game(list(seats), seed)
        run(s)
        return s

    def pending(self, s: State) -> Decision | None:
        g = s.g
        if g["phase"] == "over" or not g["stack"]:
            return None
        t = g["stack"][-1]
        kind, prompt = _prompt(g, t)
        return Decision(t["seat"], prompt, kind)

    def legal_actions(self, s: State) -> list:
        g = s.g
        if g["phase"] == "over" or not g["stack"]:
            return []
        t = g["stack"][-1]
        return HANDLERS[t["t"]][1](s, t)

    def apply(self, s: State, a) -> State:
        if self.pending(s) is None:
            raise IllegalAction("The game is over; no more moves can be made.")
        text = normalise(a.text if isinstance(a, Act) else a)
        legal = {x.text: x for x in self.legal_actions(s)}
        if text not in legal:
            old = self._old_quest(s, text, legal)
            if old is not None:
                return old
            raise IllegalAction(self._why(s, text))
        return self.apply_listed(s, legal[text])

    def _old_quest(self, s: State, text: str, legal: dict):
        """An old save's quest line, "quest Q05 A01.1 A02.1" (the whole payment at once, before the
        cards were chosen one by one): applied as it was then, or None if it does not pay."""
        w = text.split(" ")
        if len(w) < 3 or w[0] != "quest" or f"quest {w[1]}" not in legal:
            return None
        t = s.g["stack"][-1]
        if quests.legacy_order(s.g["players"][t["seat"]], w[1], w[2:]) is None:
            return None
        s2 = s.copy()
        choose(s2, s2.g["stack"][-1], Act(text, legal[f"quest {w[1]}"].target))
        return s2

    def apply_listed(self, s: State, a: Act) -> State:
        """``apply`` for an action that ``legal_actions`` listed for this very state, unchecked
        (the hard bot's search applies thousands of them: listing the legal actions again for
        each was a third of its time). Anything else goes through ``apply``."""
        s2 = s.copy()
        choose(s2, s2.g["stack"][-1], a)
        return s2

    def parse(self, s: State, text: str):
        wanted = normalise(text)
        low = wanted.lower()
        for a in self.legal_actions(s):
            if a.text == wanted or a.text.lower() == low:  # case does not matter when reading
                return a
        w = wanted.split(" ")
        if len(w) > 2 and w[0].lower() == "quest":  # an old save's whole payment in one line
            legal = {x.text: x for x in self.legal_actions(s)}
            old = " ".join([w[0].lower(), w[1].upper()] + [c.upper() for c in w[2:]])
            key = f"quest {w[1].upper()}"
            if key in legal and quests.legacy_order(s.g["players"][s.g["stack"][-1]["seat"]], w[1].upper(),
                                                    old.split(" ")[2:]) is not None:
                return Act(old, legal[key].target)
        if self.pending(s) is None:
            raise IllegalAction("The game is over; no more moves can be made.")
        raise IllegalAction(self._why(s, wanted))

    def _why(self, s: State, text: str) -> str:
        d = self.pending(s)
        g = s.g
        t = g["stack"][-1]
        p = g["players"][t["seat"]]
        w = text.split(" ")
        who = s.names[t["seat"]]
        if w[0] == "buy" and len(w) > 1:
            c = w[1]
            if c not in p["hand"] and c not in p["plan"]:
                return f"{who} can only buy a card from the hand or the planning area."
            if cards.price(p, c) > p["dbl"]:
                return f"{card(c)['name']} costs {cards.price(p, c)} doubloons; {who} has {p['dbl']}."
            if card(c)["type"] == "assistant" and p["fig_personal"] < 1:
                return "An assistant card needs a figure in your personal supply."
        if w[0] == "quest" and len(w) > 1 and w[1] in QUESTS:
            return f"The quest {QUESTS[w[1]]['name']} cannot be paid that way: pay its whole cost from doubloons, combat points and hand cards (one good per card)."
        if w[0] == "displace" and len(w) > 1 and t["t"] == "fight" and g["flags"].get(w[1]) == t.get("nation"):
            return "You can only displace another nation's ownership marker."
        if w[0] in ("infl", "annex", "displace", "card") and t["t"] == "fight" and t.get("stage") == "loop":
            key = {"infl": "infl", "annex": "annex", "displace": "annex"}.get(w[0], w[1] if len(w) > 1 else "")
            if key in combat.used(g, t):
                return "Each combat action can be performed only once per turn, and this one was used already."
            return f"That combat action is not possible: it would take the combat value ({t['value']}) below 0."
        if w[0] == "move" and t["t"] == "move":
            return "The ship moves forward 1 to 7 movement points and must end its move at a stop (hand symbol)."
        if w[0] == "sell" and not p["hand"]:
            return "Sell off needs at least one card in hand."
        return f"'{text}' is not a legal answer now ({who}: {d.prompt})."

    def result(self, s: State) -> Result | None:
        g = s.g
        if g["phase"] != "over" or not g["final"]:
            return None
        f = g["final"]
        seats = range(g["n"])
        scores = {i: f[str(i)]["total"] for i in seats}
        keys = {i: (f[str(i)]["total"], f[str(i)]["doubloons"], f[str(i)]["quests"]) for i in seats}
        return Result(ranking=rank_by(keys), scores=scores,
                      breakdown={i: dict(f[str(i)]["breakdown"]) for i in seats},
                      tiebreak="Ties: most doubloons before conversion, then most quests fulfilled, then a shared place.")

    # -- the table at a glance -------------------------------------------------------------------
    def counters(self, s: State, seat: int) -> dict:
        """Every public counted thing of a seat: VP, doubloons, combat points, the influence with
        each nation, cards in hand, the explorer's space, figures, assistants, the income levels,
        upgrades, quests and prestige buildings (ledger.counters)."""
        from . import ledger

        return ledger.counters(s.g, seat, self.vp(s)[seat])

    def headline(self, s: State, seat: int) -> list:
        return ["VP", "$", "CP"]

    def turn_order(self, s: State) -> list:
        g = s.g
        return [(g["start_seat"] + k) % g["n"] for k in range(g["n"])]

    def passed(self, s: State) -> list:
        """Once a ship has reached the round's end space, the players whose last turn of the
        round is over, in the order they finished (the one who reached it first)."""
        g = s.g
        if g["phase"] == "over":
            return []
        trig = g["trigger"]
        if trig is None:
            return []
        n = g["n"]
        cur = g["stack"][-1]["seat"] if g["stack"] else None
        after = [(trig + k) % n for k in range(1, n)]
        if g["scoring"]:
            return [trig] + after
        return [trig] + [x for x in after if x not in g["extra"] and x != cur]

    def sheet(self, s: State, seat: int) -> list:
        """Everything public about a seat, in words (read from a view: another seat's hand is
        only its number of cards)."""
        from .assistants import ASSISTANT_STATE
        from .describe import ops_words
        from .content import CONST
        pay = lambda c: f"{cards.price(p, c)} doubloon{'s' if cards.price(p, c) != 1 else ''}"  # noqa: E731

        def held(c: str) -> str:
            """A card in the hand or the planning area: its price, the goods it can deliver, its text."""
            goods = card(c)["goods"]
            return f"{card(c)['name']} ({pay(c)}; goods: {', '.join(goods) if goods else 'none'}): {card(c)['text']}"
        from . import ship as _ship, influence as _infl, counters as _ctr
        g = s.g
        p = g["players"][seat]
        hidden = any(c == "?" for c in p["hand"])
        out = []
        inc = f"income {counted(CONST['base_doubloon_income'] + p['inc_d'], 'doubloon')} and {p['inc_v']} VP a round"
        out.append(("Counters", [f"{self.vp(s)[seat]} VP, {counted(p['dbl'], 'doubloon')}, {counted(p['cp'], 'combat point')}",
                                 f"figures: {p['fig_personal']} in the personal supply, {p['fig_general']} in the general supply",
                                 inc, f"ship at {LOCS[p['ship']]['name']} ({p['ship']}); explorer at {p['explorer']}",
                                 "influence: " + ", ".join(f"{NATION_NAMES[n]} {p['infl'][n]} (rank {_infl.rank(p['infl'][n])})"
                                                           for n in NATIONS)]))
        if hidden:
            out.append(("Hand", [f"{len(p['hand'])} card{'s' if len(p['hand']) != 1 else ''} (hidden)"]))
        else:
            out.append(("Hand", [held(c) for c in p["hand"]] or ["empty"]))
        out.append(("Planning area", [held(c) for c in p["plan"]] or ["empty"]))
        out.append(("Bought cards", [f"{card(c)['name']}: {card(c)['text']}" + (f" ({card(c)['vp']} VP at the end)" if card(c)["vp"] else "")
                                     for c in p["bought"]] or ["none"]))
        ups = []
        for u in UPGRADES:
            n = p["discs"][u]
            state = "unlocked" if u in p["unlocked"] else f"locked, {n} disc{'s' if n != 1 else ''} on it"
            ups.append(f"{UPGRADES[u]['name']}: {state} — {UPGRADES[u]['text']}")
        out.append(("Ship board", ups + [f"{counted(_ship.completed_upgrades(p), 'upgrade')} completed"]))
        if p["career"]:
            ms = CAREERS[p["career"]]["milestones"]
            now = _ctr.counter(g, seat, ms[0]["counter"])
            lines = [f"{CAREERS[p['career']]['name']}: {_ctr.count_words(ms[0]['counter'], now)} now"]
            for k, m in enumerate(ms):
                done = "paid" if k < p["career_paid"] else "to come"
                lines.append(f"at {m['at_least']}: {ops_words(m['reward'])} ({done})")
            out.append(("Career", lines))
        elif p["career_offer"]:
            out.append(("Career", ["not chosen yet"]))
        out.append(("Quests", [QUESTS[q]["name"] for q in p["quests"]] or ["none"]))
        out.append(("Combat tokens", [", ".join(p["tokens"]) if p["tokens"] else "none"]))
        out.append(("Prestige buildings", [f"{PRESTIGE[b]['name']}: {PRESTIGE[b]['text']}" for b in p["invested"]] or ["none"]))
        out.append(("Assistants", [f"{card(a['card'])['name']} at {LOCS[a['loc']]['name']} ({a['loc']})"
                                   + f" ({ASSISTANT_STATE[a['live']]})" for a in p["assistants"]] or ["none"]))
        return out

    #: the reasons only an automatic step gives: the round end trigger, the round end's unused
    #: assistants, income, the final scoring
    automatic_reasons = ("round end trigger", "round end", "income", "final")

    def _told(self, before: State, after: State) -> tuple:
        """The notes as changes under their steps, each step named by its log line."""
        from .describe import step_line

        notes = after.g.get(NOTES) or []
        return told([Step(step_line(n.line, before, after)) if isinstance(n, Step) else n for n in notes])

    def reasons(self, before: State, a, after: State) -> list:
        return self._told(before, after)[0]

    def steps(self, before: State, a, after: State) -> list:
        return self._told(before, after)[1]

    # -- information ----------------------------------------------------------------------------
    def hidden_information(self) -> bool:
        return True

    def view(self, s: State, seat: int) -> State:
        v = s.copy()
        g = v.g
        for i, p in enumerate(g["players"]):
            if i != seat:
                p["hand"] = ["?"] * len(p["hand"])
                p["career_offer"] = ["?"] * len(p["career_offer"])
        g["deck"] = ["?"] * len(g["deck"])
        g["piles"] = [["?"] * len(pile) for pile in g["piles"]]
        if g["quest_pile"]:
            g["quest_pile"] = ["?"] * (len(g["quest_pile"]) - 1) + [g["quest_pile"][-1]]
        k = g["prestige_revealed"]
        g["prestige"] = g["prestige"][:k] + ["?"] * (len(g["prestige"]) - k)
        # No seed at all: any number derived from the real one would let a reader rebuild every hand,
        # the deck order and the combat piles (setup(names, seed)), and foresee every reshuffle. A
        # searcher that wants future chance gives a determinized copy a seed of its own.
        v.rng = Rng(0, 0)
        return v

    def is_barrier(self, before: State, a, after: State) -> bool:
        return before.rng.draws != after.rng.draws or before.g["reveals"] != after.g["reveals"]

    # -- the screen's questions (read-only; see surface.py for the rest) -----------------------
    def combat(self, s: State) -> dict | None:
        from . import surface
        return surface.combat(s)

    def nation_value(self, s: State, nation: str) -> dict:
        from . import surface
        return surface.nation_value(s, nation)

    def village_left(self, s: State) -> int | None:
        from . import surface
        return surface.village_left(s)

    def hand_limit(self, s: State, seat: int) -> int:
        from . import surface
        return surface.hand_limit(s, seat)

    def planning_slots(self, s: State, seat: int) -> int:
        from . import surface
        return surface.planning_slots(s, seat)

    def price(self, s: State, seat: int, c: str) -> int:
        from . import surface
        return surface.price(s, seat, c)

    def compasses(self, s: State, seat: int) -> int:
        from . import surface
        return surface.compasses(s, seat)

    def reachable(self, s: State, seat: int) -> list:
        from . import surface
        return surface.reachable(s, seat)

    # -- JSON -----------------------------------------------------------------------------------
    def to_json(self, s: State) -> dict:
        g = s.g
        if any(k in g for k in HIDDEN) or any(SOURCE in t for t in g["stack"]):  # not the game
            g = {k: v for k, v in g.items() if k not in HIDDEN}
            g["stack"] = [{k: v for k, v in t.items() if k != SOURCE} for t in g["stack"]]
        return {"names": list(s.names), "rng": s.rng.to_json(), "g": g}

    def from_json(self, d: dict) -> State:
        import json as _json

        return State(_json.loads(_json.dumps(d["g"])), Rng.from_json(d["rng"]), list(d["names"]))

    # -- text -----------------------------------------------------------------------------------
    def notation(self, a) -> str:
        return a.text if isinstance(a, Act) else str(a)

    def describe(self, s: State, a) -> str:
        from .describe import describe

        return describe(s, a)

    def log_line(self, before: State, a, after: State) -> str:
        from .describe import log_line

        return log_line(before, a, after)

    def round_label(self, s: State) -> str:
        return f"round {s.g['round']} of 4"

    def vp(self, s: State) -> dict:
        if s.g["final"]:
            return {i: s.g["final"][str(i)]["total"] for i in range(s.g["n"])}
        return {i: p["vp"] for i, p in enumerate(s.g["players"])}

    def summary(self, s: State) -> str:
        g = s.g
        parts = [f"Round {g['round']}."]
        for i, p in enumerate(g["players"]):
            parts.append(f"{s.names[i]}: ship {LOCS[p['ship']]['name']}, {p['vp']} VP, {counted(p['dbl'], 'doubloon')}, "
                         f"{counted(p['cp'], 'combat point')}, explorer {p['explorer']}.")
        d = self.pending(s)
        parts.append("The game is over." if d is None else f"{s.names[d.seat]} to play: {d.prompt}.")
        return " ".join(parts)

    def invariants(self, s: State) -> list:
        from .invariants import check

        return check(s)


RULES = MaracaiboRules()
