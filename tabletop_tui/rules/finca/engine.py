"""The rules of Finca: set-up, whose decision it is, the legal moves (and why others are
refused, in the rulebook's words), carrying a move out, what each seat may see, invariants."""
from __future__ import annotations

from typing import Any

from tabletop_tui.rules.core import BaseRules, Change, Decision, IllegalAction, Option, Result, Rng

from . import describe, notation, scoring, state
from .actions import (Confirm, Deliver, Fill, GustFrom, GustTo, Move, Omit, Pick, Place, Stop,
                      UseTile)
from .components import (ACTION_TILE_NAME, ACTION_TILES, ACTION_VP, BONUS_TILES, CARTS,
                         COMMUNITIES, COMMUNITY_INDEX, COMP, FARMERS, FINCA_TILES, FRUITS, HIDDEN, MAX_DELIVERY,
                         MAX_LARGE, N_BLADES, N_TILES, PER_STACK, SUPPLY_EACH, TILE_IDS, TILES,
                         WOODEN_FINCAS, blade_no, fruit_key, plural)
from .delivery import (any_delivery, completable, deliver, feasible, new_delivery,
                       open_communities, pick_ok, resolved)
from .state import State
from .windmill import gust, harvest, move_farmer

PROMPTS = {
    "place": "place a farmer on any blade (take one fruit of it)",
    "turn": "move a farmer, deliver fruit or use an action tile",
    "double1": "double windmill movement: move a farmer",
    "double2": "double windmill movement: move a farmer again (or stop)",
    "gust_from": "gust of wind: choose the farmer the wind carries",
    "gust_to": "gust of wind: choose the blade it lands on",
    "deliver": "deliver: pick a community, or confirm",
    "fill": "deliver: choose the fruit for the any-fruit symbol",
    "omit": "one less fruit: choose the fruit left out",
}


class FincaRules(BaseRules[State]):
    game_id = "finca"
    title = "Finca"
    min_players = 2
    max_players = 4
    max_actions = 6000
    options = (
        Option("any_fruit", "Any-fruit symbols", "mixed", choices=("mixed", "one_kind"),
               help="mixed: each any-fruit symbol takes any fruit (rulebook); one_kind: all "
                    "any-fruit symbols of one tile take the same kind (BGA reading)"),
    )

    # -- set-up -------------------------------------------------------------------------------
    def setup(self, seats, seed, options) -> State:
        n = len(seats)
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"Finca is for {self.min_players}-{self.max_players} players, not {n}")
        opts = {"any_fruit": (options or {}).get("any_fruit", "mixed")}
        rng = Rng(seed)
        s = State.__new__(State)
        s.names = list(seats)
        s.options = opts
        s.rng = rng
        blades = [f for f in FRUITS for _ in range(COMP["blades_per_fruit"])]
        rng.shuffle(blades)
        s.blades = blades
        s.farmers = [[0] * N_BLADES for _ in range(n)]
        s.to_place = [FARMERS[n]] * n
        s.supply = {f: SUPPLY_EACH for f in FRUITS}
        s.fruits = [{f: 0 for f in FRUITS} for _ in range(n)]
        s.windmill_carts = CARTS[n]
        s.carts = [0] * n
        ids = sorted(TILES)
        rng.shuffle(ids)
        k = len(COMMUNITIES)
        s.stacks = [ids[i * PER_STACK:(i + 1) * PER_STACK] for i in range(k)]
        s.out = ids[k * PER_STACK:]
        fincas = list(FINCA_TILES)
        rng.shuffle(fincas)
        s.finca_tile = fincas
        s.finca_owner = [None] * k
        s.wooden = [False] * k
        s.wooden_supply = WOODEN_FINCAS[n]
        s.tiles = [[] for _ in range(n)]
        s.action_tiles = [list(ACTION_TILES) for _ in range(n)]
        s.bonus_stack = list(BONUS_TILES)
        s.bonus = [[] for _ in range(n)]
        s.turn = 0
        s.step = "place"
        s.gust_from = None
        s.dlv = None
        s.turns = 0
        s.notes = []
        return s

    # -- decisions ----------------------------------------------------------------------------
    def pending(self, s: State) -> Decision | None:
        if s.step == "over":
            return None
        return Decision(s.turn, PROMPTS[s.step], s.step)

    def legal_actions(self, s: State) -> list:
        step = s.step
        seat = s.turn
        if step == "over":
            return []
        if step == "place":
            return [Place(b) for b in range(N_BLADES)]
        own = [Move(b) for b in range(N_BLADES) if s.farmers[seat][b]]
        if step == "turn":
            acts: list = list(own)
            if s.carts[seat] and any_delivery(s, seat, "cart"):
                acts.append(Deliver())
            for t in ACTION_TILES:
                if t in s.action_tiles[seat] and self._tile_usable(s, seat, t):
                    acts.append(UseTile(t))
            return acts
        if step == "double1":
            return own
        if step == "double2":
            return own + [Stop()]
        if step == "gust_from":
            return [GustFrom(b) for b in range(N_BLADES) if s.farmers[seat][b]]
        if step == "gust_to":
            return [GustTo(b) for b in range(N_BLADES)]
        d = s.dlv
        if step == "deliver":
            acts = [Pick(COMMUNITIES[c]) for c in open_communities(s)
                    if c not in d["picks"] and pick_ok(s, seat, d, c)]
            if d["picks"] and feasible(s, seat, d["mode"], d["picks"], d["fills"], d["omit"]):
                acts.append(Confirm())
            return acts
        if step == "fill":
            return [Fill(f) for f in FRUITS if self._fill_ok(s, seat, f)]
        if step == "omit":
            acts = []
            for i, c in enumerate(d["picks"]):
                if TILES[s.stacks[c][0]].value < 2:
                    continue
                kinds = set(resolved(s, d, i))
                for f in FRUITS:
                    if f in kinds and feasible(s, seat, "less", d["picks"], d["fills"], [c, f]):
                        acts.append(Omit(COMMUNITIES[c], f))
            return acts
        raise AssertionError(f"unknown step {step}")

    def out_of_reach(self, s: State) -> list[tuple[str, str]]:
        """The choices the player would have now but for what they lack, with what it is:
        Deliver on a turn where no community's tile can be filled (or no cart is left)."""
        seat = s.turn
        if s.step != "turn" or Deliver() in self.legal_actions(s):
            return []
        if not s.carts[seat]:
            why = "needs a donkey cart, you have none"
        else:
            why = "no community's tile can be filled with your fruits"
        return [("Deliver fruit", why)]

    def _tile_usable(self, s: State, seat: int, t: str) -> bool:
        if t in ("double", "gust"):
            return True
        if t == "large":
            return any_delivery(s, seat, "large")
        return s.carts[seat] > 0 and any_delivery(s, seat, "less")

    def _fill_ok(self, s: State, seat: int, fruit: str) -> bool:
        d = s.dlv
        fills = [list(f) for f in d["fills"]]
        t = TILES[s.stacks[d["picks"][-1]][0]]
        one_kind = s.options.get("any_fruit") == "one_kind"
        fills[-1].extend([fruit] * (t.any - len(fills[-1]) if one_kind else 1))
        return completable(s, seat, d["mode"], d["picks"], fills, d["omit"])

    # -- why an action is refused, in the rulebook's words --------------------------------------
    def _reason(self, s: State, a: Any) -> str:
        if s.step == "over":
            return "The game is over; no more moves can be made."
        name = s.names[s.turn]
        step = s.step
        expected = {
            "place": (Place,), "turn": (Move, Deliver, UseTile), "double1": (Move,),
            "double2": (Move, Stop), "gust_from": (GustFrom,), "gust_to": (GustTo,),
            "deliver": (Pick, Confirm), "fill": (Fill,), "omit": (Omit,),
        }[step]
        if not isinstance(a, expected):
            return f"Now {name} must {PROMPTS[step]}."
        seat = s.turn
        if isinstance(a, (Place, Move, GustFrom, GustTo)) and not 0 <= a.blade < N_BLADES:
            return f"There is no blade {blade_no(a.blade)}; the windmill has blades 1 to {N_BLADES}."
        if isinstance(a, (Move, GustFrom)):
            return f"{name} has no farmer on blade {blade_no(a.blade)}."
        if isinstance(a, Deliver):
            if not s.carts[seat]:
                return (f"To deliver, a player first returns one of their donkey carts; "
                        f"{name} has none.")
            return (f"{name} cannot fill the face-up fruit tile of any community with the "
                    f"fruits in the play area (at most {MAX_DELIVERY} fruits per turn).")
        if isinstance(a, UseTile):
            if a.tile not in ACTION_TILES:
                return f"There is no action tile '{a.tile}'; they are: {', '.join(ACTION_TILES)}."
            if a.tile not in s.action_tiles[seat]:
                return (f"{name} has already used the {ACTION_TILE_NAME[a.tile]} tile; each "
                        f"action tile is used once per game.")
            if a.tile == "less" and not s.carts[seat]:
                return (f"One less fruit is used in a delivery, which needs a donkey cart; "
                        f"{name} has none.")
            return (f"{name} cannot fill the face-up fruit tile of any community with the "
                    f"fruits in the play area.")
        d = s.dlv
        if isinstance(a, Pick):
            if a.community not in COMMUNITIES:
                return f"There is no community '{a.community}'; they are: {', '.join(COMMUNITIES)}."
            c = COMMUNITIES.index(a.community)
            if not s.stacks[c]:
                return (f"{COMMUNITIES[c]} takes no more deliveries: its last fruit tile "
                        f"has been taken.")
            if c in d["picks"]:
                return f"{COMMUNITIES[c]} is already part of this delivery."
            return self._pick_reason(s, seat, d, c)
        if isinstance(a, Confirm):
            if not d["picks"]:
                return "Pick at least one community to deliver to first."
            return "This delivery cannot be made as it stands."
        if isinstance(a, Fill):
            if a.fruit not in FRUITS:
                return f"There is no fruit '{a.fruit}'; the fruits are: {', '.join(FRUITS)}."
            return (f"{name} has no {a.fruit} to spare for this any-fruit symbol "
                    f"(the rest of the delivery needs them).")
        if isinstance(a, Omit):
            c = COMMUNITY_INDEX.get(a.community.lower())
            if c is None or c not in d["picks"]:
                return f"{a.community} is not part of this delivery."
            if TILES[s.stacks[c][0]].value < 2:
                return ("A player cannot take a fruit tile with only one fruit by delivering "
                        "0 fruits.")
            return f"The tile of {COMMUNITIES[c]} asks for no {a.fruit} in this delivery."
        return f"That is not a legal move now: {name} must {PROMPTS[step]}."

    def _pick_reason(self, s: State, seat: int, d: dict, c: int) -> str:
        t = TILES[s.stacks[c][0]]
        name = s.names[seat]
        total = sum(TILES[s.stacks[p][0]].value for p in d["picks"]) + t.value
        cap = MAX_LARGE if d["mode"] == "large" else MAX_DELIVERY
        fruits = total - (1 if d["mode"] == "less" else 0)
        if fruits > cap:
            how = "with the large donkey cart" if d["mode"] == "large" else "in one turn"
            return (f"At most {cap} fruits can be delivered {how}; adding {COMMUNITIES[c]} "
                    f"makes {fruits}.")
        for f, n in t.requires:
            if s.fruits[seat][f] < n:
                return (f"{COMMUNITIES[c]} wants {n} {plural(f, n)}; {name} has "
                        f"{s.fruits[seat][f]}.")
        if d["mode"] == "less" and t.value < 2 and not d["picks"]:
            return ("A player cannot take a fruit tile with only one fruit by delivering 0 "
                    "fruits, and no tile of 2 or more fruits can be added.")
        return (f"{name} does not have the fruits for {COMMUNITIES[c]} ({t.text()}) together "
                f"with the rest of this delivery.")

    def _is_legal(self, s: State, a: Any) -> bool:
        """``a in legal_actions(s)``, checked for this one action only (fast)."""
        step = s.step
        seat = s.turn
        if step == "over":
            return False
        t = type(a)
        if t in (Place, Move, GustFrom, GustTo):
            if not (isinstance(a.blade, int) and 0 <= a.blade < N_BLADES):
                return False
            if t is Place:
                return step == "place"
            if t is GustTo:
                return step == "gust_to"
            if t is GustFrom:
                return step == "gust_from" and s.farmers[seat][a.blade] > 0
            return step in ("turn", "double1", "double2") and s.farmers[seat][a.blade] > 0
        if t is Stop:
            return step == "double2"
        if t is Deliver:
            return step == "turn" and s.carts[seat] > 0 and any_delivery(s, seat, "cart")
        if t is UseTile:
            return (step == "turn" and a.tile in s.action_tiles[seat]
                    and self._tile_usable(s, seat, a.tile))
        d = s.dlv
        if t is Pick:
            if step != "deliver" or a.community not in COMMUNITIES:
                return False
            c = COMMUNITIES.index(a.community)
            return bool(s.stacks[c]) and c not in d["picks"] and pick_ok(s, seat, d, c)
        if t is Confirm:
            return (step == "deliver" and bool(d["picks"])
                    and feasible(s, seat, d["mode"], d["picks"], d["fills"], d["omit"]))
        if t is Fill:
            return step == "fill" and a.fruit in FRUITS and self._fill_ok(s, seat, a.fruit)
        if t is Omit:
            if step != "omit" or a.community not in COMMUNITIES or a.fruit not in FRUITS:
                return False
            c = COMMUNITIES.index(a.community)
            if c not in d["picks"] or TILES[s.stacks[c][0]].value < 2:
                return False
            return (a.fruit in resolved(s, d, d["picks"].index(c))
                    and feasible(s, seat, "less", d["picks"], d["fills"], [c, a.fruit]))
        return False

    def explain(self, s: State, a: Any) -> str | None:
        """None if ``a`` is legal now, else the reason in the rulebook's words (for the delivery
        builder: "At most 6 fruits can be delivered in one turn; adding Inca makes 8.")."""
        return None if self._is_legal(s, a) else self._reason(s, a)

    def _check(self, s: State, a: Any) -> None:
        if not self._is_legal(s, a):
            raise IllegalAction(self._reason(s, a))

    # -- apply --------------------------------------------------------------------------------
    def apply(self, s: State, a: Any) -> State:
        self._check(s, a)
        s = s.copy()
        seat = s.turn
        if isinstance(a, Place):
            s.farmers[seat][a.blade] += 1
            s.to_place[seat] -= 1
            harvest(s, seat, a.blade, 1)
            if any(s.to_place):
                s.turn = (seat + 1) % s.n
            else:
                s.turn = 0
                s.step = "turn"
            return s
        if isinstance(a, Move):
            move_farmer(s, seat, a.blade)
            if s.step == "double1":
                s.step = "double2"
            else:
                end_turn(s)
            return s
        if isinstance(a, Stop):
            end_turn(s)
            return s
        if isinstance(a, Deliver):
            s.dlv = new_delivery("cart")
            s.step = "deliver"
            return s
        if isinstance(a, UseTile):
            s.action_tiles[seat].remove(a.tile)
            s.notes.append(Change(seat, "VP", -ACTION_VP, "action tile used"))
            s.notes.append(Change(seat, "action tiles", -1, f"{ACTION_TILE_NAME[a.tile]} used"))
            if a.tile == "double":
                s.step = "double1"
            elif a.tile == "gust":
                s.step = "gust_from"
            else:
                s.dlv = new_delivery(a.tile)
                s.step = "deliver"
            return s
        if isinstance(a, GustFrom):
            s.gust_from = a.blade
            s.step = "gust_to"
            return s
        if isinstance(a, GustTo):
            gust(s, seat, a.blade)
            end_turn(s)
            return s
        d = s.dlv
        if isinstance(a, Pick):
            c = COMMUNITY_INDEX[a.community.lower()]
            d["picks"].append(c)
            d["fills"].append([])
            s.step = "fill" if TILES[s.stacks[c][0]].any else "deliver"
            return s
        if isinstance(a, Fill):
            t = TILES[s.stacks[d["picks"][-1]][0]]
            if s.options.get("any_fruit") == "one_kind":
                d["fills"][-1] = [a.fruit] * t.any
            else:
                d["fills"][-1].append(a.fruit)
            if len(d["fills"][-1]) == t.any:
                s.step = "deliver"
            return s
        if isinstance(a, Confirm):
            if d["mode"] == "less":
                d["done"] = True
                s.step = "omit"
                return s
            deliver(s, seat)
            end_turn(s)
            return s
        if isinstance(a, Omit):
            d["omit"] = [COMMUNITY_INDEX[a.community.lower()], a.fruit]
            deliver(s, seat)
            end_turn(s)
            return s
        raise IllegalAction("That is not a legal move now.")  # pragma: no cover

    # -- result and scores --------------------------------------------------------------------
    def round_label(self, s: State) -> str:
        return "placing the farmers" if s.round == 0 else f"round {s.round}"

    def vp(self, s: State) -> dict[int, int]:
        return scoring.vp(s)

    def result(self, s: State) -> Result | None:
        return scoring.result(s)

    # -- the table at a glance ----------------------------------------------------------------
    def counters(self, s: State, seat: int) -> dict[str, int]:
        """Points (fruit tiles, finca tiles, bonus tiles and 2 for each action tile still
        unused), the fruits in the play area by kind ("figs"…), donkey carts, action tiles left
        and finca tiles won."""
        out = {"VP": sum(scoring.score_breakdown(s, seat).values())}
        out.update((fruit_key(f), s.fruits[seat][f]) for f in FRUITS)
        out.update({"carts": s.carts[seat], "action tiles": len(s.action_tiles[seat]),
                    "fincas": len(s.fincas_of(seat))})
        return out

    def headline(self, s: State, seat: int) -> list[str]:
        return ["VP", "carts"]  # one strip row for 4 players at 100 columns; the fruits: panels

    def sheet(self, s: State, seat: int) -> list[tuple[str, list[str]]]:
        return describe.sheet(s, seat)

    # -- information --------------------------------------------------------------------------
    def view(self, s: State, seat: int) -> State:
        """Face-down tiles (under each face-up tile, and the 2 out of the game) are hidden from
        everyone; fruits, carts, tiles and action tiles are open. The random stream that dealt
        them is replaced by a fixed one, so nothing in a view rebuilds the hidden tiles."""
        v = s.copy()
        v.stacks = [st[:1] + [HIDDEN] * (len(st) - 1) for st in s.stacks]
        v.out = [HIDDEN] * len(s.out)
        v.rng = Rng(0)
        return v

    def hidden_information(self) -> bool:
        return False  # nothing differs between seats: no hand-off screen needed

    def is_barrier(self, before: State, a: Any, after: State) -> bool:
        if before.rng.draws != after.rng.draws:
            return True
        # a delivery flips the next tile of each stack it took from: a reveal
        return any(len(b) > len(x) and x for b, x in zip(before.stacks, after.stacks))

    def invariants(self, s: State) -> list[str]:
        bad = []
        n = s.n
        for f in FRUITS:
            held = [s.fruits[p][f] for p in range(n)]
            if s.supply[f] < 0 or min(held) < 0:
                bad.append(f"negative {f} count")
            if s.supply[f] + sum(held) != SUPPLY_EACH:
                bad.append(f"{plural(f, 2)}: {s.supply[f]} in supply + {sum(held)} with players "
                           f"!= {SUPPLY_EACH}")
        if s.windmill_carts < 0 or min(s.carts) < 0:
            bad.append("negative donkey cart count")
        if s.windmill_carts + sum(s.carts) != CARTS[n]:
            bad.append(f"donkey carts: {s.windmill_carts} in the windmill + {sum(s.carts)} with "
                       f"players != {CARTS[n]}")
        all_tiles = [t for st in s.stacks for t in st] + s.out + [t for ts in s.tiles for t in ts]
        if len(all_tiles) != N_TILES:
            bad.append(f"{len(all_tiles)} fruit tiles accounted for, not {N_TILES}")
        seen = [t for t in all_tiles if t != HIDDEN]
        if len(set(seen)) != len(seen) or not TILE_IDS.issuperset(seen):
            bad.append("a fruit tile is duplicated or unknown")
        for p in range(n):
            if min(s.farmers[p]) < 0 or sum(s.farmers[p]) + s.to_place[p] != FARMERS[n]:
                bad.append(f"{s.names[p]} has {sum(s.farmers[p])} farmers placed and "
                           f"{s.to_place[p]} to place, not {FARMERS[n]}")
            if len(set(s.action_tiles[p])) != len(s.action_tiles[p]):
                bad.append(f"{s.names[p]} has a duplicated action tile")
        if s.wooden_supply < 0 or s.wooden_supply + sum(s.wooden) != WOODEN_FINCAS[n]:
            bad.append("wooden fincas do not add up")
        for c in range(len(COMMUNITIES)):
            if (s.finca_owner[c] is None) != bool(s.stacks[c]):
                bad.append(f"{COMMUNITIES[c]}: finca tile assignment does not match its stack")
            if s.wooden[c] and s.stacks[c]:
                bad.append(f"{COMMUNITIES[c]}: wooden finca on an open community")
        if sorted(s.finca_tile) != sorted(FINCA_TILES):
            bad.append("finca tiles do not add up")
        if sorted(s.bonus_stack + [b for bs in s.bonus for b in bs]) != sorted(BONUS_TILES):
            bad.append("bonus tiles do not add up")
        return bad

    # -- JSON ---------------------------------------------------------------------------------
    def to_json(self, s: State) -> dict:
        return state.to_json(s)

    def from_json(self, d: dict) -> State:
        return state.from_json(d)

    # -- notation and text --------------------------------------------------------------------
    def parse(self, s: State, text: str) -> Any:
        return notation.parse(self, s, text)

    def describe(self, s: State, a: Any) -> str:
        return describe.describe(s, a)

    def log_line(self, before: State, a: Any, after: State) -> str:
        return describe.log_line(before, a, after)

    def summary(self, s: State) -> str:
        return describe.summary(self, s)


def end_turn(s: State) -> None:
    """The turn is over: the game ends once the last wooden finca is placed."""
    s.turns += 1
    s.dlv = None
    if s.wooden_supply == 0:
        s.step = "over"
        return
    s.turn = (s.turn + 1) % s.n
    s.step = "turn"


RULES = FincaRules()
