"""The Rules object the app, bots and playouts use."""
from __future__ import annotations

import json
from dataclasses import replace

from tabletop_tui.rules.core import BaseRules, Decision, IllegalAction, Option, Result, Rng, counted, rank_by
from tabletop_tui.rules.terra_mystica import engine
from tabletop_tui.rules.terra_mystica.actions import check_free, leech_amount
from tabletop_tui.rules.terra_mystica.data import FACTIONS, FAVOR, INDEX, LAND
from tabletop_tui.rules.terra_mystica.explain import spades_given_up
from tabletop_tui.rules.terra_mystica.notation import parse_text
from tabletop_tui.rules.terra_mystica.state import State

#: the faction boards' special actions, as a player would say them
SPECIAL_WORDS = {"ACTW": "Take the Witches' Ride (a free dwelling on any forest)",
                 "ACTN": "Take the Nomads' sandstorm (a space next to them becomes desert)",
                 "ACTG": "Take the Giants' 2 free spades", "ACTS": "Take the Swarmlings' free trading house",
                 "ACTA": "Take the Auren's 2 cult steps", "ACTC": "Take the Chaos Magicians' double turn",
                 "ACTE": "Build the Engineers' bridge (2 workers)"}

LEAGUE_OPTIONS = ("mini-expansion-1", "shipping-bonus", "temple-scoring-tile", "variable-turn-order",
                  "strict-leech", "strict-darkling-sh", "strict-chaosmagician-sh", "errata-cultist-power")


class TerraMysticaRules(BaseRules[State]):
    game_id = "terra_mystica"
    title = "Terra Mystica"
    #: the bonus card held is a counter by its number (BON3: 3), told by its reason in the log
    named_counters = frozenset({"BON"})
    min_players = 2
    max_players = 5
    max_actions = 20000
    options = (
        Option("mini-expansion-1", "Mini expansion 1 town tiles (TW6–TW8)", False, help="Adds town tiles TW6 (2 keys, +2 on every cult), TW7 (+1 shipping or carpet range) and TW8 (11 VP)."),
        Option("shipping-bonus", "Shipping bonus card (BON10)", False, help="Adds bonus card BON10: 3 power income, and 3 VP per shipping level when passing."),
        Option("temple-scoring-tile", "Temple round scoring tile (SCORE9)", False, help="Adds round tile SCORE9: 4 VP per temple built, 2 coins per priest sent to a cult."),
        Option("variable-turn-order", "Next round's order is the passing order", False, help="Players pass into next round's order as they pass (first to pass starts), as in the league."),
        Option("strict-leech", "Power offers must be answered before the next turn (league rule)", False, help="Offers are answered before the next turn, and no conversion may come before the answer (league)."),
        Option("strict-darkling-sh", "Darklings' priest ordination only in the stronghold turn", False, help="The Darklings turn workers into priests only in the turn their stronghold is built."),
        Option("strict-chaosmagician-sh", "Chaos Magicians: passing ends the double turn (league rule)", False, help="The Chaos Magicians' double turn (stronghold action) ends when they pass (league)."),
        Option("errata-cultist-power", "Cultists gain 1 power when every offer is declined (errata)", False, help="If every neighbour declines the Cultists' offer they gain 1 power instead (errata)."),
        Option("digging", "Digging: the rulebook's short way, or the league's long way round home", "rulebook",
               choices=("rulebook", "league"), before="league",
               help="rulebook: each step round the cycle is a spade, the short way, up to three. league: a transform "
                    "between two other terrains may not pass over your home terrain (it counts the long way round)."),
        Option("factions", "Fixed factions in seat order, comma separated (empty: players choose)", "", help="e.g. witches,nomads — one per seat in seat order, one per home terrain; empty: chosen in the game."),
        Option("scoring-tiles", "Fixed round scoring tiles, comma separated (empty: random)", "", help="Six tiles in round order, e.g. SCORE1,SCORE5,…; empty: drawn at random (SCORE1 never in rounds 5–6)."),
        Option("bonus-cards", "Fixed bonus cards in play, comma separated (empty: random)", "", help="Players + 3 cards, e.g. BON1,BON3,…; empty: drawn at random."),
    )
    #: Named sets of options the set-up offers (options a preset leaves out keep their default).
    presets = {"the rulebook": {k: False for k in LEAGUE_OPTIONS},
               "league, as played on the reference site": {k: True for k in LEAGUE_OPTIONS}}
    #: A new game starts with the league preset (the engine's defaults are the rulebook's): the
    #: set-up screen ticks these, and `--game terra_mystica` starts with them.
    new_game_options = dict(presets["league, as played on the reference site"])

    # -- protocol ------------------------------------------------------------------------------
    def setup(self, seats, seed, options):
        if not (self.min_players <= len(seats) <= self.max_players):
            raise ValueError("Terra Mystica is for 2 to 5 players.")
        self._check_options(len(seats), options)
        return engine.new_state(list(seats), seed, dict(options))

    def _check_options(self, n: int, options: dict) -> None:
        from tabletop_tui.rules.terra_mystica.data import BONUS, SCORING
        from tabletop_tui.rules.terra_mystica.notation import faction_id

        def items(key):
            return [x.strip() for x in str(options.get(key, "") or "").split(",") if x.strip()]

        fs = items("factions")
        if fs:
            try:
                ids = [faction_id(f) for f in fs]
            except IllegalAction as e:
                raise ValueError(e.reason) from None
            if len(ids) != n:
                raise ValueError(f"option factions names {len(ids)} factions for {n} players.")
            terrains = [FACTIONS[f]["terrain"] for f in ids]
            if len(set(terrains)) != len(terrains):
                raise ValueError("option factions: each home terrain may be played by one faction only.")
        sc = [x.upper() for x in items("scoring-tiles")]
        if sc and (len(sc) != 6 or any(x not in SCORING for x in sc)):
            raise ValueError("option scoring-tiles takes six tiles SCORE1…SCORE9, comma separated.")
        bon = [x.upper() for x in items("bonus-cards")]
        if bon and (len(bon) < n + 3 or len(set(bon)) != len(bon) or any(x not in BONUS for x in bon)):
            raise ValueError(f"option bonus-cards takes {n + 3} different cards BON1…BON10 for {n} players.")

    def view(self, s, seat):
        """Everything is open in Terra Mystica once set up (scoring tiles and bonus cards are
        drawn face up); only the random stream that drew them is replaced by a fixed one, so
        a view carries no seed (nothing random happens after set-up)."""
        v = s.copy()
        v.rng = Rng(0)
        return v

    def pending(self, s):
        d = engine.pending_seat(s)
        if d is None:
            return None
        return Decision(d[0], d[1], d[2])

    def legal_actions(self, s):
        return engine.legal(s)

    def apply(self, s, a):
        if isinstance(a, str):
            a = self.parse(s, a)
        if s.phase == "over":
            raise IllegalAction("The game is over; no more moves can be made.")
        if a.kind in ("convert", "burn"):
            check_free(s, a)
        elif a.kind == "drop":
            engine.check_drop(s, a.a)
        elif a.kind == "wait":
            engine.check_wait(s)
        elif a.b and a.kind in ("leech", "decline", "cult"):
            engine.check_open_answer(s, a)
        elif a not in self._candidates(s, a):
            raise IllegalAction(self._why(s, a))
        t = s.copy()
        engine.do(t, a)
        return t

    def _candidates(self, s, a):
        """The legal actions that could equal ``a`` (cheaper than the full list on a main turn)."""
        if s.phase == "play" and s.step == "main" and not s.favors_due and not s.towns_due \
                and a.kind in ("build", "transform"):
            from tabletop_tui.rules.terra_mystica.actions import main_actions
            return main_actions(s, s.actor, kinds=(a.kind,))
        return engine.legal(s)

    def parse(self, s, text):
        a = parse_text(text)
        if a.kind == "send" and a.n == 0:
            # "send p to FIRE" = the best free order space
            cands = [x for x in engine.legal(s) if x.kind == "send" and x.a == a.a]
            if cands:
                a = max(cands, key=lambda x: x.n)
        if a.kind in ("leech", "decline") and a.b and self._asked_now(s, a):
            a = replace(a, b="")  # "by witches" of the offer on the table: the same answer
        if a.kind in ("leech", "decline") and not a.b:
            for x in engine.legal(s):
                if x.kind == a.kind and x.a == a.a:
                    if x.n != a.n:
                        raise IllegalAction(f"The offer from {a.a} is {x.n} power, not {a.n}.")
                    return x
        if a.kind in ("convert", "burn"):
            check_free(s, a)
            return a
        if a.kind == "drop":
            engine.check_drop(s, a.a)
            return a
        if a.kind == "wait":
            engine.check_wait(s)
            return a
        if a.b and a.kind in ("leech", "decline", "cult"):
            engine.check_open_answer(s, a)
            return a
        if a not in engine.legal(s):
            raise IllegalAction(self._why(s, a))
        return a

    @staticmethod
    def _asked_now(s, a) -> bool:
        """Whether an answer "... from X by Y" is to the power offer being asked now (not an open
        one answered later): the offer of X's building to Y at the head of the queue."""
        if not (s.queue and s.queue[0][0] == "leech"):
            return False
        q = s.queue[0]
        return s.players[q[1]].faction == a.b and s.players[q[3]].faction == a.a

    def _why(self, s, a) -> str:
        d = engine.pending_seat(s)
        if d is None:
            return "The game is over; no more moves can be made."
        legal = engine.legal(s)
        kinds = sorted({x.kind for x in legal})
        p = s.players[d[0]]
        who = FACTIONS[p.faction]["name"] if p.faction else s.names[d[0]]
        whose = who + ("'" if who.endswith("s") else "'s")  # the Witches' (never "Witches's")
        main_kinds = ("build", "transform", "upgrade", "send", "advance", "action", "pass")
        if a.kind not in kinds and not (d[2] == "main" and a.kind in main_kinds):
            now = d[1].rstrip("?.")
            return (f"{'The ' if p.faction else ''}{who} cannot '{a}' now: the decision is to {now[:1].lower()}{now[1:]} "
                    f"({', '.join(kinds[:-1]) + ' or ' if len(kinds) > 1 else ''}{kinds[-1]}).")
        if a.kind in ("build", "transform") and a.a in INDEX:
            h = INDEX[a.a]
            if s.owner[h] != -1:
                return f"{a.a} already has a structure on it; you can never transform or build on an occupied space."
            if s.phase == "play":
                normal, extra = engine.reach_sets(s, d[0])
                if h not in normal and h not in extra:
                    return f"{a.a} is not directly or indirectly adjacent to one of {whose} structures."
            if a.kind == "build" and s.terrain[h] != engine.home(p):
                return f"{a.a} is not {whose} home terrain ({engine.home(p)}); transform it first."
            if a.kind == "transform" and s.terrain[h] == a.b:
                return f"{a.a} already is {a.b}: a transform changes the terrain."
            if a.kind == "transform" and s.phase == "play":
                from tabletop_tui.rules.terra_mystica.actions import transform_allowed
                if s.step == "spades":
                    why = transform_allowed(s, d[0], h, a.b)
                    if why:
                        return why
                    if s.transformed:
                        return ("Spades are bought only before the first transform of an action, or to go on "
                                f"digging the one space it transformed; {who} have {s.spades} free spade(s) left.")
                    if s.spade_src == "SH":
                        return f"The Halflings' stronghold spades cannot be topped up; {s.spades} left."
                need = engine.spades_needed(s, p, s.terrain[h], a.b)
                why = (" (league digging: a transform may not pass over your home terrain on the cycle)"
                       if need > 3 else "")
                return (f"{who} cannot afford '{a}': it takes {counted(need, 'spade')}{why}, "
                        f"{counted(engine.spade_rate(p), 'worker')} each.")
            return f"{who} cannot afford '{a}' (a spade costs {counted(engine.spade_rate(p), 'worker')})."
        if a.kind == "upgrade" and a.a in INDEX:
            h = INDEX[a.a]
            want = {"TP": "D", "TE": "TP", "SH": "TP", "SA": "TE"}[a.b]
            names = {"D": "dwelling", "TP": "trading house", "TE": "temple", "SH": "stronghold", "SA": "sanctuary"}
            if s.owner[h] != d[0]:
                return f"{a.a} has no structure of {whose} to upgrade."
            if s.btype[h] != want:
                return f"A {names[a.b]} is upgraded from a {names[want]}; {a.a} holds a {names[s.btype[h]]}."
            if p.counts[a.b] >= FACTIONS[p.faction]["buildings"][a.b]["pieces"]:
                return f"{who} have no {names[a.b]} left on their board."
            c = engine.upgrade_cost(s, d[0], h, a.b)
            return (f"The {names[a.b]} costs {counted(c.get('W', 0), 'worker')} and {counted(c.get('C', 0), 'coin')}; "
                    f"{who} have {counted(p.W, 'worker')} and {counted(p.C, 'coin')}.")
        if a.kind == "action":
            from tabletop_tui.rules.terra_mystica.data import POWER_ACTIONS
            if a.a in POWER_ACTIONS:
                if a.a in s.used_pa:
                    return f"Power action {a.a} has already been taken this round."
                need = POWER_ACTIONS[a.a]["cost"]
                if p.bowls[2] < need:
                    return f"{a.a} costs {need} power from bowl III; {who} have {p.bowls[2]} there (burn first?)."
            if a.a in p.used:
                return f"{a.a} is a once-per-round action and was used this round."
            return f"'{a}' is not available to {who} now."
        if a.kind == "send":
            if p.P < 1:
                return f"{who} have no priest to send."
            if a.a in ("FIRE", "WATER", "EARTH", "AIR") and p.cult[["FIRE", "WATER", "EARTH", "AIR"].index(a.a)] >= 10:
                return f"{who} are at the top of {a.a.title()}."
            return f"There is no free order space worth {a.n} on {a.a.title()}."
        if a.kind == "advance":
            return advance_refusal(p, who, a.a)
        if a.kind == "pass":
            if s.round >= 6:
                return "No bonus card is taken when passing in round 6: write 'pass'."
            if a.a == p.bonus:
                return f"{a.a} is the card {who} return; take another: {', '.join(s.bonus_pool)}."
            return f"When passing take one of the available bonus cards: {', '.join(s.bonus_pool)}."
        if a.kind == "favor":
            return "That favor tile is gone or you already hold one like it (never two alike)."
        if a.kind in ("leech", "decline") and d[2] == "leech" and s.queue and s.queue[0][0] == "leech":
            q = s.queue[0]
            src = s.players[q[3]].faction
            n = leech_amount(s, q)
            return (f"No offer from {a.a} is waiting for the {who}: the offer now is from the "
                    f"{FACTIONS[src]['name']}, {n} power: 'leech {n} from {src}' or 'decline {n} from {src}'.")
        return f"'{a}' is not a legal move now (the decision now: {d[1].rstrip('?.')})."

    def result(self, s):
        if s.phase != "over":
            return None
        n = len(s.players)
        scores = {i: s.players[i].VP for i in range(n)}
        return Result(ranking=rank_by({i: (scores[i],) for i in range(n)}), scores=scores,
                      breakdown={i: dict(s.players[i].breakdown) for i in range(n)},
                      tiebreak="Players with equal victory points share the place.")

    def to_json(self, s):
        return s.to_json()

    def legacy_state_hashes(self, s):
        """The hashes older saves recorded for this position, so that they keep loading: before the
        state kept the terrains dug spaces began the action with (``dug_from``, in the middle of a
        dig), and before the ``digging`` option (such a save was played with league digging, and its
        state's options did not name it)."""
        import hashlib  # (loaded when first used, not before the first paint)

        old = []
        if s.dug_from:
            old.append(lambda d: d.pop("dug_from"))
        if s.options.get("digging") == "league":
            old.append(lambda d: d["options"].pop("digging"))
        out = []
        for mask in range(1, 1 << len(old)):
            d = s.to_json()
            for i, drop in enumerate(old):
                if mask >> i & 1:
                    drop(d)
            blob = json.dumps(d, sort_keys=True, separators=(",", ":"))
            out.append(hashlib.sha256(blob.encode()).hexdigest()[:16])
        return tuple(out)

    def from_json(self, d):
        return State.from_json(d)

    def notation(self, a):
        return str(a)

    def round_label(self, s):
        if s.phase == "over":
            return "after round 6"
        return f"round {s.round} of 6" if s.phase == "play" else "choosing factions and first dwellings"

    def vp(self, s):
        return {i: p.VP for i, p in enumerate(s.players)}

    # -- the table at a glance -------------------------------------------------------------------
    from tabletop_tui.rules.terra_mystica.ledger import AUTOMATIC as automatic_reasons

    def counters(self, s, seat):
        """Victory points, coins, workers, priests, the power in bowl III (ready to spend) and
        bowls I and II, priests on the cult tracks, cult positions, shipping and digging levels,
        town keys and the bonus card held (ledger.counters)."""
        from tabletop_tui.rules.terra_mystica.ledger import counters

        return counters(s.players[seat]) if 0 <= seat < len(s.players) else {}

    def headline(self, s, seat):
        return ["VP", "C", "PW"]

    def turn_order(self, s):
        return list(s.order)

    def passed(self, s):
        return list(s.next_order) if s.phase == "play" else []

    def sheet(self, s, seat):
        from tabletop_tui.rules.terra_mystica.sheet import seat_sheet

        return seat_sheet(s, seat)

    def describe(self, s, a):
        """A player-facing label, e.g. "Upgrade F3 to a trading house (2 workers, 3 coins)"."""
        from tabletop_tui.rules.terra_mystica import board
        from tabletop_tui.rules.terra_mystica.data import BONUS, FAVOR, POWER_ACTIONS, TOWN

        names = {"D": "dwelling", "TP": "trading house", "TE": "temple", "SH": "stronghold", "SA": "sanctuary"}
        k = a.kind
        d = engine.pending_seat(s)
        seat = d[0] if d else 0

        def cost(c):
            words = {"W": "worker", "C": "coin", "P": "priest"}
            parts = [f"{v} {words[r]}{'s' if v != 1 else ''}" for r, v in c.items() if v]
            return f" ({', '.join(parts)})" if parts else ""

        def res(dct):
            words = {"W": "W", "C": "C", "P": "P", "PW": "power", "VP": "VP"}
            return ", ".join(f"+{v} {words.get(r, r)}" for r, v in dct.items())

        try:
            if k == "build":
                lost = spades_given_up(s)
                return f"Build a dwelling on {a.a}" + (f" ({lost})" if lost else "")
            if k == "transform":
                return f"Transform {a.a} into {a.b}"
            if k == "upgrade" and s.phase == "play":
                return f"Upgrade {a.a} to a {names[a.b]}{cost(board.upgrade_cost(s, seat, INDEX[a.a], a.b))}"
            if k == "send":
                return f"Send a priest to {a.a.title()} ({a.n} step{'s' if a.n > 1 else ''}" + \
                    (", he returns)" if a.n == 1 else ")")
            if k == "action" and a.a in POWER_ACTIONS:
                return f"Power action {a.a} ({POWER_ACTIONS[a.a]['cost']} power)"
            if k == "pass" and a.a:
                return f"Pass and take {a.a} ({res(BONUS[a.a]['income'])} income)"
            if k == "favor":
                tr, n = FAVOR[a.a]["cult"]
                extra = f", {res(FAVOR[a.a]['income'])} income" if "income" in FAVOR[a.a] else ""
                return f"Take favor tile {a.a} (+{n} {('Fire', 'Water', 'Earth', 'Air')[tr]}{extra})"
            if k == "town":
                return f"Take town tile {a.a} ({TOWN[a.a]['vp']} VP)"
            if k in ("leech", "decline"):
                q = self._offer(s, a)
                frm = FACTIONS[a.a]["name"] if a.a in FACTIONS else a.a.replace("_", " ").title()
                if k == "leech":
                    from tabletop_tui.rules.terra_mystica.actions import offer_words
                    return offer_words(s, q) if q else f"Take {a.n} power from the {frm} for {max(0, a.n - 1)} VP"
                return f"Decline {a.n} power from the {frm}"
            if k == "action" and a.a in SPECIAL_WORDS:
                return SPECIAL_WORDS[a.a]
            if k == "bridge":
                return f"Place a bridge between {a.a} and {a.b}"
            if k == "connect":
                return f"Connect across the river at {a.a} (Mermaids' town)"
            if k == "cult" and not s.key_choice:
                return f"Go up on {a.a.title()}"
            if k == "done":
                lost = spades_given_up(s)
                return "End the turn" if s.step == "after" else "Stop here" + (f" ({lost})" if lost else "")
            if k == "drop":
                return f"The {FACTIONS[a.a]['name']} drop out of the game"
            if k == "wait":
                return "Answer later (at the latest when your next turn comes)"
            if k == "cult" and s.key_choice:
                return f"{a.a.title()} takes your key to space 10"
        except (KeyError, ValueError, IndexError):
            pass
        return str(a)

    def _offer(self, s, a):
        """The power offer an answer refers to (the one being asked, or an open one)."""
        if a.b:
            found = engine.find_open(s, a)
            return found[1] if found else None
        if s.queue and s.queue[0][0] == "leech":
            return s.queue[0]
        return None

    def log_line(self, before, a, after):
        d = engine.pending_seat(before)
        if d is None:
            return str(a)
        if a.kind == "drop" or (a.b and a.kind in ("leech", "decline", "cult")):
            who_f = a.a if a.kind == "drop" else a.b
            d = (next((i for i, q in enumerate(before.players) if q.faction == who_f), d[0]),)
        p = before.players[d[0]]
        fac = FACTIONS[p.faction]["name"] if p.faction else ""
        who = before.names[d[0]] + (f" ({fac})" if fac else "")
        from tabletop_tui.rules.terra_mystica.log import sentence

        return sentence(self, before, a, after, who)

    def summary(self, s):
        lines = []
        if s.phase == "over":
            lines.append("The game is over.")
        else:
            d = engine.pending_seat(s)
            lines.append(f"Round {s.round}. {s.names[d[0]]} to play: {d[1]}")
        for i, p in enumerate(s.players):
            if not p.faction:
                continue
            lines.append(f"{s.names[i]} {p.faction}: {p.VP} VP {p.C}C {p.W}W {p.P}P "
                         f"{p.bowls[0]}/{p.bowls[1]}/{p.bowls[2]}PW cults {'/'.join(map(str, p.cult))}")
        return "\n".join(lines)

    def invariants(self, s):
        out = []
        for i, p in enumerate(s.players):
            if not p.faction:
                continue
            name = s.names[i]
            for f in ("C", "W", "P", "VP"):
                if getattr(p, f) < 0:
                    out.append(f"{name} has negative {f}.")
            if min(p.bowls) < 0:
                out.append(f"{name} has a power bowl below 0.")
            if sum(p.bowls) + p.burned != 12:
                out.append(f"{name}'s power tokens ({sum(p.bowls)} in bowls, {p.burned} burned) are not 12.")
            if p.P + p.priests_sent > 7:
                out.append(f"{name} has more than 7 priests.")
            counts = {k: 0 for k in p.counts}
            for h in LAND:
                if s.owner[h] == i:
                    counts[s.btype[h]] += 1
            if counts != p.counts:
                out.append(f"{name}'s structure counts {p.counts} differ from the map {counts}.")
            for k, v in counts.items():
                if v > FACTIONS[p.faction]["buildings"][k]["pieces"]:
                    out.append(f"{name} has more {k} than the supply holds.")
            if len(set(p.favors)) != len(p.favors):
                out.append(f"{name} holds two identical favor tiles.")
            if sum(1 for b in s.bridges if b[2] == i) + p.bridges_left != 3:
                out.append(f"{name}'s bridges do not add up to 3.")
            if any(c > 10 or c < 0 for c in p.cult):
                out.append(f"{name} is off a cult track.")
        for t in range(4):
            if sum(1 for p in s.players if p.faction and p.cult[t] >= 10) > 1:
                out.append("Two players share space 10 of a cult track.")
        for fv, n in s.favor_pool.items():
            held = sum(1 for p in s.players if fv in p.favors)
            if held + n != FAVOR[fv]["copies"]:
                out.append(f"Favor tile {fv} count is wrong.")
        return out


def advance_refusal(p, who: str, track: str) -> str:
    """Why an advance on shipping or digging is refused: the track's end, or what is missing."""
    f = FACTIONS[p.faction]
    name, key, level = ("shipping", "shipping", p.ship) if track == "ship" else ("digging", "digging", p.dig)
    top = f[key]["max"]
    if top == 0 and track == "ship":
        return f"The {who} have no shipping track (they never advance shipping)."
    if top == 0:
        return f"The {who} cannot advance digging."
    if level >= top:
        return f"The {who} are at the end of the {name} track (level {top})."
    cost = f[key]["cost"]
    words = {"C": "coins", "W": "workers", "P": "priests"}
    have = {"C": p.C, "W": p.W, "P": p.P}
    missing = [f"{cost[r] - have[r]} more {words[r]}" for r in ("W", "C", "P") if cost.get(r, 0) > have[r]]
    price = ", ".join(f"{cost[r]} {words[r]}" for r in ("W", "C", "P") if cost.get(r))
    return f"Advancing {name} costs {price}; the {who} need {' and '.join(missing) or 'nothing more'}."


RULES = TerraMysticaRules()
