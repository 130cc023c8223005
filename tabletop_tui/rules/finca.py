"""Finca: harvest fruit on the windmill, deliver it to Mallorca's communities.

Pure rules engine (see ``core``). Rulebook: shared/rulebooks/finca.txt; house decisions are
listed in assets/finca/rules.md.

Board model, for widgets
------------------------
* ``s.blades[i]``: the fruit of blade *i*, i = 0..11 clockwise from 12 o'clock. People see
  blade numbers 1..12 (number = index + 1) in notation and descriptions; targets use the index:
  ``("blade", i)``.
* ``DIVIDING_LINES`` = (3, 9): a dividing line lies just before blade 3 and just before blade 9
  (between blades 2|3 and 8|9, i.e. at 3 and 9 o'clock). Moving onto blade 3 or 9 crosses one.
* ``s.farmers[seat][i]``: how many farmers of that seat stand on blade *i*;
  ``s.to_place[seat]``: farmers still to place in the introduction phase.
* ``s.windmill_carts`` and ``s.carts[seat]``: donkey carts in the windmill / with each player.
* ``s.supply[fruit]`` and ``s.fruits[seat][fruit]``: fruit counts (open information).
* ``s.stacks[c]``: the fruit-tile ids of community *c* (``COMMUNITIES[c]``), face-up tile first;
  empty = the community is closed. ``TILES[id]`` gives value, fixed requirements and any-fruit
  symbols. ``s.out``: the 2 tiles out of the game, unseen.
* ``s.finca_tile[c]``: the finca tile of community *c* (``FINCA_TILES``); ``s.finca_owner[c]``:
  None while open, a seat when won, -1 when it went to the box; ``s.wooden[c]``: a wooden finca
  stands there; ``s.wooden_supply``: wooden fincas left beside the board.
* ``s.tiles[seat]`` collected fruit tiles; ``s.action_tiles[seat]`` unused action tiles;
  ``s.bonus[seat]`` bonus tiles taken; ``s.bonus_stack`` the rest, top first.
* ``s.dlv``: the delivery being built (see ``delivery_summary``).

Helpers for screens: ``farmers_on``, ``move_preview``, ``majority_counts``, ``set_progress``,
``delivery_summary``, ``score_breakdown``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop_tui.rules.core import (BaseRules, Decision, IllegalAction, Option, Result, Rng,
                                     load_asset_json, rank_by)

_COMP = load_asset_json("finca", "components.json")
_TILE_DATA = load_asset_json("finca", "tiles.json")

FRUITS: tuple[str, ...] = tuple(_COMP["fruits"])
FRUIT_LETTER: dict[str, str] = dict(_COMP["fruit_letters"])
SUPPLY_EACH: int = _COMP["fruit_supply_each"]
N_BLADES: int = _COMP["blades"]
DIVIDING_LINES: tuple[int, ...] = tuple(_COMP["dividing_lines_before_blades"])
COMMUNITIES: tuple[str, ...] = tuple(_COMP["communities"])
FINCA_TILES: tuple[str, ...] = tuple(_COMP["finca_tiles"])
FINCA_VP: int = _COMP["finca_tile_vp"]
WOODEN_FINCAS: dict[int, int] = {int(k): v for k, v in _COMP["wooden_fincas"].items()}
FARMERS: dict[int, int] = {int(k): v for k, v in _COMP["farmers_per_player"].items()}
CARTS: dict[int, int] = {int(k): v for k, v in _COMP["donkey_carts"].items()}
ACTION_TILES: tuple[str, ...] = tuple(_COMP["action_tiles"])
ACTION_TILE_NAME: dict[str, str] = dict(_COMP["action_tile_names"])
ACTION_VP: int = _COMP["unused_action_tile_vp"]
BONUS_TILES: tuple[int, ...] = tuple(_COMP["bonus_tiles_top_first"])
MAX_DELIVERY: int = _COMP["max_fruits_per_delivery"]
MAX_LARGE: int = _COMP["max_fruits_large_cart"]
N_TILES: int = _COMP["fruit_tiles"]["count"]
PER_STACK: int = _COMP["fruit_tiles"]["per_stack"]
HIDDEN = "?"
_COMMUNITY_INDEX = {name.lower(): i for i, name in enumerate(COMMUNITIES)}


@dataclass(frozen=True)
class Tile:
    """A fruit tile: ``value`` = victory points = fruits required."""

    id: str
    value: int
    requires: tuple[tuple[str, int], ...]  # fixed fruit symbols, in FRUITS order
    any: int  # any-fruit symbols

    def symbols(self, fruit: str) -> int:
        for f, n in self.requires:
            if f == fruit:
                return n
        return 0

    def text(self) -> str:
        parts = [f"{n} {plural(f, n)}" for f, n in self.requires]
        if self.any:
            parts.append(f"{self.any} any")
        return f"{self.value}: " + ", ".join(parts)


TILES: dict[str, Tile] = {
    t["id"]: Tile(t["id"], t["value"],
                  tuple((f, t["requires"][f]) for f in FRUITS if t["requires"].get(f)), t["any"])
    for t in _TILE_DATA["tiles"]
}
assert len(TILES) == N_TILES
_TILE_IDS = frozenset(TILES)


def plural(fruit: str, n: int) -> str:
    return fruit if n == 1 else fruit + "s"


def article(fruit: str) -> str:
    return ("an " if fruit[0] in "aeiou" else "a ") + fruit


def join_names(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def finca_fruits(finca: str) -> tuple[str, ...]:
    """The fruit kinds a finca tile counts; empty for the generic tile (sum of tile values)."""
    return () if finca == "all" else tuple(finca.split("+"))


def finca_name(finca: str) -> str:
    if finca == "all":
        return "generic finca tile"
    return " & ".join(finca_fruits(finca)) + " finca tile"


def blade_no(i: int) -> int:
    """The number people see for blade index *i*."""
    return i + 1


# ---------------------------------------------------------------------------------------------
# Actions. str() is the notation; ``target`` is what a board widget highlights.

@dataclass(frozen=True)
class Place:
    """Introduction phase: put a farmer on a blade, take one fruit of it."""
    blade: int

    @property
    def target(self):
        return ("blade", self.blade)

    def __str__(self) -> str:
        return f"place {blade_no(self.blade)}"


@dataclass(frozen=True)
class Move:
    """Move one of your farmers standing on ``blade`` clockwise."""
    blade: int

    @property
    def target(self):
        return ("blade", self.blade)

    def __str__(self) -> str:
        return f"move {blade_no(self.blade)}"


@dataclass(frozen=True)
class Deliver:
    """Start a delivery with one of your donkey carts."""

    @property
    def target(self):
        return None

    def __str__(self) -> str:
        return "deliver"


@dataclass(frozen=True)
class UseTile:
    """Use an action tile this turn: double, gust, large or less."""
    tile: str

    @property
    def target(self):
        return ("action_tile", self.tile)

    def __str__(self) -> str:
        return f"use {self.tile}"


@dataclass(frozen=True)
class GustFrom:
    """Gust of wind, step 1: the farmer (by its blade) the wind carries."""
    blade: int

    @property
    def target(self):
        return ("blade", self.blade)

    def __str__(self) -> str:
        return f"from {blade_no(self.blade)}"


@dataclass(frozen=True)
class GustTo:
    """Gust of wind, step 2: the blade it lands on."""
    blade: int

    @property
    def target(self):
        return ("blade", self.blade)

    def __str__(self) -> str:
        return f"to {blade_no(self.blade)}"


@dataclass(frozen=True)
class Stop:
    """Double windmill movement: end the turn without the second move."""

    @property
    def target(self):
        return None

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True)
class Pick:
    """Delivery: add a community's face-up tile to this delivery."""
    community: str

    @property
    def target(self):
        return ("community", self.community)

    def __str__(self) -> str:
        return f"pick {self.community}"


@dataclass(frozen=True)
class Fill:
    """Delivery: the fruit kind for the any-fruit symbol(s) of the tile just picked."""
    fruit: str

    @property
    def target(self):
        return ("fruit", self.fruit)

    def __str__(self) -> str:
        return f"fill {self.fruit}"


@dataclass(frozen=True)
class Confirm:
    """Delivery: no more communities; deliver now."""

    @property
    def target(self):
        return None

    def __str__(self) -> str:
        return "confirm"


@dataclass(frozen=True)
class Omit:
    """One less fruit: the fruit left out, and the community's tile it is left out of."""
    community: str
    fruit: str

    @property
    def target(self):
        return ("community", self.community)

    def __str__(self) -> str:
        return f"omit {self.community} {self.fruit}"


Action = Place | Move | Deliver | UseTile | GustFrom | GustTo | Stop | Pick | Fill | Confirm | Omit


# ---------------------------------------------------------------------------------------------
# State

class State:
    """Plain data; ``copy`` is cheap (no deepcopy)."""

    __slots__ = ("names", "options", "rng", "blades", "farmers", "to_place", "supply", "fruits",
                 "windmill_carts", "carts", "stacks", "out", "finca_tile", "finca_owner",
                 "wooden", "wooden_supply", "tiles", "action_tiles", "bonus_stack", "bonus",
                 "turn", "step", "gust_from", "dlv", "turns")

    def copy(self) -> "State":
        s = State.__new__(State)
        s.names = self.names  # never mutated
        s.options = self.options  # never mutated
        s.rng = self.rng.copy()
        s.blades = self.blades  # never mutated after set-up
        s.farmers = [list(x) for x in self.farmers]
        s.to_place = list(self.to_place)
        s.supply = dict(self.supply)
        s.fruits = [dict(x) for x in self.fruits]
        s.windmill_carts = self.windmill_carts
        s.carts = list(self.carts)
        s.stacks = [list(x) for x in self.stacks]
        s.out = list(self.out)
        s.finca_tile = list(self.finca_tile)
        s.finca_owner = list(self.finca_owner)
        s.wooden = list(self.wooden)
        s.wooden_supply = self.wooden_supply
        s.tiles = [list(x) for x in self.tiles]
        s.action_tiles = [list(x) for x in self.action_tiles]
        s.bonus_stack = list(self.bonus_stack)
        s.bonus = [list(x) for x in self.bonus]
        s.turn = self.turn
        s.step = self.step
        s.gust_from = self.gust_from
        s.dlv = _copy_dlv(self.dlv)
        s.turns = self.turns
        return s

    # convenience for widgets
    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def round(self) -> int:
        """Round number for the header: 0 in the introduction phase, then 1, 2, ..."""
        return 0 if self.step == "place" else self.turns // len(self.names) + 1

    @property
    def lines(self) -> tuple[int, ...]:
        return DIVIDING_LINES

    def farmers_on(self, blade: int) -> list[int]:
        """Farmers per seat on a blade."""
        return [f[blade] for f in self.farmers]

    def closed(self, c: int) -> bool:
        return not self.stacks[c]

    def face_up(self, c: int) -> str | None:
        return self.stacks[c][0] if self.stacks[c] else None

    def fincas_of(self, seat: int) -> list[str]:
        return [self.finca_tile[c] for c in range(len(COMMUNITIES)) if self.finca_owner[c] == seat]

    @property
    def boxed_fincas(self) -> list[str]:
        return [self.finca_tile[c] for c in range(len(COMMUNITIES)) if self.finca_owner[c] == -1]


def _copy_dlv(d: dict | None) -> dict | None:
    if d is None:
        return None
    return {"mode": d["mode"], "picks": list(d["picks"]), "fills": [list(f) for f in d["fills"]],
            "omit": list(d["omit"]) if d["omit"] else None, "done": d["done"]}


# ---------------------------------------------------------------------------------------------
# Pure helpers

def farmers_on(s: State, blade: int) -> int:
    return sum(f[blade] for f in s.farmers)


def crossings(start: int, steps: int) -> int:
    """Dividing lines crossed moving ``steps`` blades clockwise from ``start``."""
    return sum(1 for i in range(1, steps + 1) if (start + i) % N_BLADES in DIVIDING_LINES)


def move_preview(s: State, blade: int) -> dict:
    """Where a farmer moved from ``blade`` lands, the fruits it takes and carts crossed.

    ``short`` says the supply of that fruit runs out (everyone returns that kind first)."""
    n = farmers_on(s, blade)
    dest = (blade + n) % N_BLADES
    there = farmers_on(s, dest) + (0 if dest == blade else 1)
    fruit = s.blades[dest]
    return {"from": blade, "to": dest, "steps": n, "fruit": fruit, "fruits": there,
            "carts": crossings(blade, n), "short": s.supply[fruit] < there}


def gust_preview(s: State, src: int, dest: int) -> dict:
    there = farmers_on(s, dest) + (0 if dest == src else 1)
    fruit = s.blades[dest]
    return {"from": src, "to": dest, "fruit": fruit, "fruits": there, "carts": 0,
            "short": s.supply[fruit] < there}


def majority_counts(s: State, finca: str) -> list[int]:
    """Per seat, what decides this finca tile: symbols of its fruit(s) on collected tiles
    (any-fruit symbols show no fruit and do not count), or the sum of tile values for the
    generic tile."""
    kinds = finca_fruits(finca)
    out = []
    for tiles in s.tiles:
        if not kinds:
            out.append(sum(TILES[t].value for t in tiles))
        else:
            out.append(sum(TILES[t].symbols(k) for t in tiles for k in kinds))
    return out


def set_progress(s: State, seat: int) -> dict[int, int]:
    """How many collected tiles of each value 1..6 the seat has."""
    counts = {v: 0 for v in range(1, 7)}
    for t in s.tiles[seat]:
        counts[TILES[t].value] += 1
    return counts


def complete_sets(s: State, seat: int) -> int:
    return min(set_progress(s, seat).values())


def score_breakdown(s: State, seat: int) -> dict[str, int]:
    return {
        "Fruit tiles": sum(TILES[t].value for t in s.tiles[seat]),
        "Finca tiles": FINCA_VP * len(s.fincas_of(seat)),
        "Unused action tiles": ACTION_VP * len(s.action_tiles[seat]),
        "Bonus tiles": sum(s.bonus[seat]),
    }


def fruit_total(s: State, seat: int) -> int:
    return sum(s.fruits[seat].values())


def _resolved(s: State, d: dict, i: int) -> list[str]:
    """The fruits pick *i* of the delivery takes so far (fixed symbols + filled any-symbols)."""
    t = TILES[s.stacks[d["picks"][i]][0]]
    out: list[str] = []
    for f, n in t.requires:
        out.extend([f] * n)
    out.extend(d["fills"][i])
    return out


def delivery_summary(s: State) -> dict | None:
    """The delivery being built: for the delivery builder widget."""
    d = s.dlv
    if d is None:
        return None
    picks = []
    need: dict[str, int] = {f: 0 for f in FRUITS}
    total = 0
    for i, c in enumerate(d["picks"]):
        t = TILES[s.stacks[c][0]]
        total += t.value
        res = _resolved(s, d, i)
        for f in res:
            need[f] += 1
        picks.append({"community": COMMUNITIES[c], "tile": t.id, "value": t.value,
                      "fruits": res, "unfilled": t.any - len(d["fills"][i])})
    fruits = total
    if d["omit"]:
        need[d["omit"][1]] -= 1
        fruits -= 1
    elif d["mode"] == "less":
        fruits -= 1
    return {"mode": d["mode"], "picks": picks, "value": total, "fruits": fruits,
            "limit": MAX_LARGE if d["mode"] == "large" else MAX_DELIVERY,
            "need": {f: n for f, n in need.items() if n}, "omit": d["omit"]}


# ---------------------------------------------------------------------------------------------
# Delivery feasibility: can the half-built delivery still be completed?

def _can_fill(avail: list[int], free: int, groups: list[int], one_kind: bool) -> bool:
    if not one_kind:
        return free <= sum(avail)
    groups = sorted((g for g in groups if g > 0), reverse=True)

    def place(i: int) -> bool:
        if i == len(groups):
            return True
        g = groups[i]
        for k in range(len(avail)):
            if avail[k] >= g:
                avail[k] -= g
                ok = place(i + 1)
                avail[k] += g
                if ok:
                    return True
        return False

    return place(0)


_FI = {f: i for i, f in enumerate(FRUITS)}
#: per tile: fixed needs as a 6-vector in FRUITS order
_NEED: dict[str, tuple[int, ...]] = {
    t.id: tuple(t.symbols(f) for f in FRUITS) for t in TILES.values()}


def _feasible(s: State, seat: int, mode: str, picks: list[int], fills: list[list[str]],
              omit: list | None) -> bool:
    """True if these picks (with these fills) can be delivered as they are, choosing the open
    any-fruit symbols and, for one less fruit, the omitted fruit."""
    total = 0
    need = [0, 0, 0, 0, 0, 0]
    groups: list[int] = []
    tiles = []
    for i, c in enumerate(picks):
        t = TILES[s.stacks[c][0]]
        tiles.append(t)
        total += t.value
        tn = _NEED[t.id]
        for k in range(6):
            need[k] += tn[k]
        fl = fills[i]
        for f in fl:
            need[_FI[f]] += 1
        groups.append(t.any - len(fl))
    less = mode == "less"
    cap = MAX_LARGE if mode == "large" else MAX_DELIVERY
    if total - less > cap:
        return False
    fr = s.fruits[seat]
    have = [fr[f] for f in FRUITS]
    one_kind = s.options.get("any_fruit") == "one_kind"

    def ok(need: list[int], groups: list[int]) -> bool:
        avail = [h - n for h, n in zip(have, need)]
        if min(avail) < 0:
            return False
        free = sum(groups)
        if not free:
            return True
        return _can_fill(avail, free, groups, one_kind)

    if not less:
        return ok(need, groups)
    if omit is not None:
        need[_FI[omit[1]]] -= 1
        return ok(need, groups)
    for i, t in enumerate(tiles):
        if t.value < 2:
            continue  # never a 1-fruit tile for nothing
        kinds = {f for f, _ in t.requires} | set(fills[i])
        for f in kinds:
            k = _FI[f]
            need[k] -= 1
            good = ok(need, groups)
            need[k] += 1
            if good:
                return True
        if groups[i] > 0:
            groups[i] -= 1
            good = ok(need, groups)
            groups[i] += 1
            if good:
                return True
    return False


def _open_communities(s: State) -> list[int]:
    return [c for c in range(len(COMMUNITIES)) if s.stacks[c]]


def _pick_ok(s: State, seat: int, d: dict, c: int) -> bool:
    """Can the delivery with community *c* added still be completed?"""
    return _completable(s, seat, d["mode"], d["picks"] + [c], d["fills"] + [[]], d["omit"])


def _completable(s: State, seat: int, mode: str, picks: list[int], fills: list[list[str]],
                 omit: list | None) -> bool:
    """Can these picks be delivered, possibly after adding more communities?

    Feasibility only shrinks as tiles are added, except for one less fruit while every pick is
    a 1-fruit tile: the omitted fruit then needs one more tile of 2+ fruits (one is enough)."""
    if _feasible(s, seat, mode, picks, fills, omit):
        return True
    if mode == "less" and all(TILES[s.stacks[p][0]].value < 2 for p in picks):
        # Only 1-fruit tiles so far: a later tile of value 2+ may carry the omitted fruit.
        for e in _open_communities(s):
            if e not in picks and _feasible(s, seat, "less", picks + [e], fills + [[]], None):
                return True
    return False


def _any_delivery(s: State, seat: int, mode: str) -> bool:
    if not any(s.fruits[seat].values()):
        return False
    d = {"mode": mode, "picks": [], "fills": [], "omit": None, "done": False}
    return any(_pick_ok(s, seat, d, c) for c in _open_communities(s))


# ---------------------------------------------------------------------------------------------
# The rules

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
        blades = [f for f in FRUITS for _ in range(_COMP["blades_per_fruit"])]
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
            if s.carts[seat] and _any_delivery(s, seat, "cart"):
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
            acts = [Pick(COMMUNITIES[c]) for c in _open_communities(s)
                    if c not in d["picks"] and _pick_ok(s, seat, d, c)]
            if d["picks"] and _feasible(s, seat, d["mode"], d["picks"], d["fills"], d["omit"]):
                acts.append(Confirm())
            return acts
        if step == "fill":
            return [Fill(f) for f in FRUITS if self._fill_ok(s, seat, f)]
        if step == "omit":
            acts = []
            for i, c in enumerate(d["picks"]):
                if TILES[s.stacks[c][0]].value < 2:
                    continue
                kinds = set(_resolved(s, d, i))
                for f in FRUITS:
                    if f in kinds and _feasible(s, seat, "less", d["picks"], d["fills"], [c, f]):
                        acts.append(Omit(COMMUNITIES[c], f))
            return acts
        raise AssertionError(f"unknown step {step}")

    def _tile_usable(self, s: State, seat: int, t: str) -> bool:
        if t in ("double", "gust"):
            return True
        if t == "large":
            return _any_delivery(s, seat, "large")
        return s.carts[seat] > 0 and _any_delivery(s, seat, "less")

    def _fill_ok(self, s: State, seat: int, fruit: str) -> bool:
        d = s.dlv
        fills = [list(f) for f in d["fills"]]
        t = TILES[s.stacks[d["picks"][-1]][0]]
        one_kind = s.options.get("any_fruit") == "one_kind"
        fills[-1].extend([fruit] * (t.any - len(fills[-1]) if one_kind else 1))
        return _completable(s, seat, d["mode"], d["picks"], fills, d["omit"])

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
            c = _COMMUNITY_INDEX.get(a.community.lower())
            if c is None or c not in d["picks"]:
                return f"{a.community} is not part of this delivery."
            if TILES[s.stacks[c][0]].value < 2:
                return ("A player cannot take a fruit tile with only one fruit by delivering "
                        "0 fruits.")
            return f"The tile of {COMMUNITIES[c]} asks for no {a.fruit} in this delivery."
        return "That is not a legal move now."

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
            return step == "turn" and s.carts[seat] > 0 and _any_delivery(s, seat, "cart")
        if t is UseTile:
            return (step == "turn" and a.tile in s.action_tiles[seat]
                    and self._tile_usable(s, seat, a.tile))
        d = s.dlv
        if t is Pick:
            if step != "deliver" or a.community not in COMMUNITIES:
                return False
            c = COMMUNITIES.index(a.community)
            return bool(s.stacks[c]) and c not in d["picks"] and _pick_ok(s, seat, d, c)
        if t is Confirm:
            return (step == "deliver" and bool(d["picks"])
                    and _feasible(s, seat, d["mode"], d["picks"], d["fills"], d["omit"]))
        if t is Fill:
            return step == "fill" and a.fruit in FRUITS and self._fill_ok(s, seat, a.fruit)
        if t is Omit:
            if step != "omit" or a.community not in COMMUNITIES or a.fruit not in FRUITS:
                return False
            c = COMMUNITIES.index(a.community)
            if c not in d["picks"] or TILES[s.stacks[c][0]].value < 2:
                return False
            return (a.fruit in _resolved(s, d, d["picks"].index(c))
                    and _feasible(s, seat, "less", d["picks"], d["fills"], [c, a.fruit]))
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
            self._harvest(s, seat, a.blade, 1)
            if any(s.to_place):
                s.turn = (seat + 1) % s.n
            else:
                s.turn = 0
                s.step = "turn"
            return s
        if isinstance(a, Move):
            self._move(s, seat, a.blade)
            if s.step == "double1":
                s.step = "double2"
            else:
                self._end_turn(s)
            return s
        if isinstance(a, Stop):
            self._end_turn(s)
            return s
        if isinstance(a, Deliver):
            s.dlv = {"mode": "cart", "picks": [], "fills": [], "omit": None, "done": False}
            s.step = "deliver"
            return s
        if isinstance(a, UseTile):
            s.action_tiles[seat].remove(a.tile)
            if a.tile == "double":
                s.step = "double1"
            elif a.tile == "gust":
                s.step = "gust_from"
            else:
                s.dlv = {"mode": a.tile, "picks": [], "fills": [], "omit": None, "done": False}
                s.step = "deliver"
            return s
        if isinstance(a, GustFrom):
            s.gust_from = a.blade
            s.step = "gust_to"
            return s
        if isinstance(a, GustTo):
            s.farmers[seat][s.gust_from] -= 1
            s.farmers[seat][a.blade] += 1
            self._harvest(s, seat, a.blade, farmers_on(s, a.blade))
            s.gust_from = None
            self._end_turn(s)
            return s
        d = s.dlv
        if isinstance(a, Pick):
            c = _COMMUNITY_INDEX[a.community.lower()]
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
            self._deliver(s, seat)
            return s
        if isinstance(a, Omit):
            d["omit"] = [_COMMUNITY_INDEX[a.community.lower()], a.fruit]
            self._deliver(s, seat)
            return s
        raise IllegalAction("That is not a legal move now.")  # pragma: no cover

    def _end_turn(self, s: State) -> None:
        s.turns += 1
        s.dlv = None
        if s.wooden_supply == 0:
            s.step = "over"
            return
        s.turn = (s.turn + 1) % s.n
        s.step = "turn"

    def _harvest(self, s: State, seat: int, blade: int, n: int) -> None:
        fruit = s.blades[blade]
        if s.supply[fruit] < n:
            # Shortage: every player returns all fruits of that kind, then the mover takes.
            for p in range(s.n):
                s.supply[fruit] += s.fruits[p][fruit]
                s.fruits[p][fruit] = 0
        take = min(n, s.supply[fruit])
        s.supply[fruit] -= take
        s.fruits[seat][fruit] += take

    def _take_cart(self, s: State, seat: int) -> None:
        if s.windmill_carts == 0:
            # No cart left: every player returns all carts to the windmill first.
            for p in range(s.n):
                s.windmill_carts += s.carts[p]
                s.carts[p] = 0
        if s.windmill_carts:
            s.windmill_carts -= 1
            s.carts[seat] += 1

    def _move(self, s: State, seat: int, blade: int) -> None:
        steps = farmers_on(s, blade)
        dest = (blade + steps) % N_BLADES
        s.farmers[seat][blade] -= 1
        s.farmers[seat][dest] += 1
        for _ in range(crossings(blade, steps)):
            self._take_cart(s, seat)
        self._harvest(s, seat, dest, farmers_on(s, dest))

    def _deliver(self, s: State, seat: int) -> None:
        d = s.dlv
        for i in range(len(d["picks"])):
            for f in _resolved(s, d, i):
                s.fruits[seat][f] -= 1
                s.supply[f] += 1
        if d["omit"]:
            f = d["omit"][1]
            s.fruits[seat][f] += 1
            s.supply[f] -= 1
        if d["mode"] != "large":
            s.carts[seat] -= 1
            s.windmill_carts += 1
        # take the tiles; the next tile of each stack is flipped (the list's new head)
        for c in d["picks"]:
            s.tiles[seat].append(s.stacks[c].pop(0))
        while s.bonus_stack and complete_sets(s, seat) > len(s.bonus[seat]):
            s.bonus[seat].append(s.bonus_stack.pop(0))
        for c in d["picks"]:
            if not s.stacks[c]:
                self._assign_finca(s, c)
        self._end_turn(s)

    def _assign_finca(self, s: State, c: int) -> None:
        counts = majority_counts(s, s.finca_tile[c])
        best = max(counts)
        leaders = [p for p, v in enumerate(counts) if v == best]
        s.finca_owner[c] = leaders[0] if len(leaders) == 1 else -1
        if s.wooden_supply:
            s.wooden_supply -= 1
            s.wooden[c] = True

    # -- result and scores --------------------------------------------------------------------
    def vp(self, s: State) -> dict[int, int]:
        return {p: sum(score_breakdown(s, p).values()) for p in range(s.n)}

    def result(self, s: State) -> Result | None:
        if s.step != "over":
            return None
        breakdown = {p: score_breakdown(s, p) for p in range(s.n)}
        scores = {p: sum(b.values()) for p, b in breakdown.items()}
        fruits = {p: fruit_total(s, p) for p in range(s.n)}
        ranking = rank_by({p: (scores[p], fruits[p]) for p in range(s.n)})
        best = max(scores.values())
        top = [p for p in range(s.n) if scores[p] == best]
        tiebreak = ""
        if len(top) > 1:
            who = " and ".join(s.names[p] for p in top)
            if len(ranking[0]) == 1:
                w = ranking[0][0]
                tiebreak = (f"{who} tied on {best} points; {s.names[w]} wins with the most "
                            f"fruits in the play area ({fruits[w]}).")
            elif len(ranking[0]) == len(top):
                tiebreak = (f"{who} tied on {best} points and on fruits in the play area "
                            f"({fruits[top[0]]}); they share the victory.")
            else:
                shared = " and ".join(s.names[p] for p in ranking[0])
                tiebreak = (f"{who} tied on {best} points; {shared} have the most fruits in "
                            f"the play area ({fruits[ranking[0][0]]}) and share the victory.")
        return Result(ranking=ranking, scores=scores, breakdown=breakdown, tiebreak=tiebreak)

    # -- information --------------------------------------------------------------------------
    def view(self, s: State, seat: int) -> State:
        """Face-down tiles (under each face-up tile, and the 2 out of the game) are hidden from
        everyone; fruits, carts, tiles and action tiles are open."""
        v = s.copy()
        v.stacks = [st[:1] + [HIDDEN] * (len(st) - 1) for st in s.stacks]
        v.out = [HIDDEN] * len(s.out)
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
        if len(set(seen)) != len(seen) or not _TILE_IDS.issuperset(seen):
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
        return {
            "names": list(s.names), "options": dict(s.options), "rng": s.rng.to_json(),
            "blades": list(s.blades), "farmers": [list(x) for x in s.farmers],
            "to_place": list(s.to_place), "supply": dict(s.supply),
            "fruits": [dict(x) for x in s.fruits], "windmill_carts": s.windmill_carts,
            "carts": list(s.carts), "stacks": [list(x) for x in s.stacks], "out": list(s.out),
            "finca_tile": list(s.finca_tile), "finca_owner": list(s.finca_owner),
            "wooden": list(s.wooden), "wooden_supply": s.wooden_supply,
            "tiles": [list(x) for x in s.tiles],
            "action_tiles": [list(x) for x in s.action_tiles],
            "bonus_stack": list(s.bonus_stack), "bonus": [list(x) for x in s.bonus],
            "turn": s.turn, "step": s.step, "gust_from": s.gust_from,
            "dlv": _copy_dlv(s.dlv), "turns": s.turns,
        }

    def from_json(self, d: dict) -> State:
        s = State.__new__(State)
        s.names = list(d["names"])
        s.options = dict(d["options"])
        s.rng = Rng.from_json(d["rng"])
        s.blades = list(d["blades"])
        s.farmers = [list(x) for x in d["farmers"]]
        s.to_place = list(d["to_place"])
        s.supply = {f: int(d["supply"][f]) for f in FRUITS}
        s.fruits = [{f: int(x[f]) for f in FRUITS} for x in d["fruits"]]
        s.windmill_carts = d["windmill_carts"]
        s.carts = list(d["carts"])
        s.stacks = [list(x) for x in d["stacks"]]
        s.out = list(d["out"])
        s.finca_tile = list(d["finca_tile"])
        s.finca_owner = list(d["finca_owner"])
        s.wooden = list(d["wooden"])
        s.wooden_supply = d["wooden_supply"]
        s.tiles = [list(x) for x in d["tiles"]]
        s.action_tiles = [list(x) for x in d["action_tiles"]]
        s.bonus_stack = list(d["bonus_stack"])
        s.bonus = [list(x) for x in d["bonus"]]
        s.turn = d["turn"]
        s.step = d["step"]
        s.gust_from = d["gust_from"]
        s.dlv = _copy_dlv(d["dlv"])
        s.turns = d["turns"]
        return s

    # -- notation -----------------------------------------------------------------------------
    def parse(self, s: State, text: str) -> Any:
        words = str(text).split()
        if self.pending(s) is None:
            raise IllegalAction("The game is over; no more moves can be made.")
        if not words:
            raise IllegalAction("Empty move; " + self._syntax())
        head, rest = words[0].lower(), words[1:]

        def blade() -> int:
            if len(rest) != 1 or not rest[0].isdigit():
                raise IllegalAction(f"'{head}' takes a blade number 1 to {N_BLADES}.")
            return int(rest[0]) - 1

        def community(name: str) -> str:
            c = _COMMUNITY_INDEX.get(name.lower())
            return COMMUNITIES[c] if c is not None else name

        a: Any
        if head in ("place", "move", "from", "to"):
            a = {"place": Place, "move": Move, "from": GustFrom, "to": GustTo}[head](blade())
        elif head in ("deliver", "stop", "confirm") and not rest:
            a = {"deliver": Deliver, "stop": Stop, "confirm": Confirm}[head]()
        elif head == "use" and len(rest) == 1:
            a = UseTile(rest[0].lower())
        elif head == "pick" and len(rest) == 1:
            a = Pick(community(rest[0]))
        elif head == "fill" and len(rest) == 1:
            a = Fill(rest[0].lower())
        elif head == "omit" and len(rest) == 2:
            a = Omit(community(rest[0]), rest[1].lower())
        else:
            raise IllegalAction(f"'{' '.join(words)}' is not a Finca move; " + self._syntax())
        self._check(s, a)
        return a

    @staticmethod
    def _syntax() -> str:
        return ("moves are: place N, move N, deliver, use double|gust|large|less, from N, to N, "
                "stop, pick COMMUNITY, fill FRUIT, confirm, omit COMMUNITY FRUIT.")

    # -- text for people ----------------------------------------------------------------------
    def describe(self, s: State, a: Any) -> str:
        if isinstance(a, Place):
            f = s.blades[a.blade]
            return f"Place a farmer on blade {blade_no(a.blade)} ({f}), take 1 {f}"
        if isinstance(a, Move):
            p = move_preview(s, a.blade)
            text = (f"Move farmer on blade {blade_no(a.blade)} → blade {blade_no(p['to'])}, "
                    f"take {p['fruits']} {plural(p['fruit'], p['fruits'])}")
            if p["carts"]:
                text += f" and {p['carts']} donkey cart{'s' if p['carts'] > 1 else ''}"
            if p["short"]:
                text += f" (short: everyone returns their {plural(p['fruit'], 2)} first)"
            return text
        if isinstance(a, Deliver):
            return f"Deliver fruit with a donkey cart (up to {MAX_DELIVERY} fruits)"
        if isinstance(a, UseTile):
            extra = {"double": "move, then move again", "gust": "put a farmer on any blade",
                     "large": f"deliver up to {MAX_LARGE} fruits without a donkey cart",
                     "less": "deliver one fruit fewer than the tiles ask"}[a.tile]
            return f"Use action tile: {ACTION_TILE_NAME[a.tile]} ({extra})"
        if isinstance(a, GustFrom):
            return f"The wind carries the farmer on blade {blade_no(a.blade)}"
        if isinstance(a, GustTo):
            p = gust_preview(s, s.gust_from, a.blade)
            return (f"Farmer lands on blade {blade_no(a.blade)}, take {p['fruits']} "
                    f"{plural(p['fruit'], p['fruits'])}")
        if isinstance(a, Stop):
            return "Stop: no second move"
        if isinstance(a, Pick):
            c = _COMMUNITY_INDEX[a.community.lower()]
            t = TILES[s.stacks[c][0]] if s.stacks[c] else None
            return f"Deliver to {a.community}" + (f" (tile {t.text()})" if t else "")
        if isinstance(a, Fill):
            return f"Use {article(a.fruit)} for the any-fruit symbol"
        if isinstance(a, Confirm):
            sm = delivery_summary(s)
            text = (f"Confirm: deliver {sm['fruits']} fruit{'s' if sm['fruits'] != 1 else ''} "
                    f"for tile{'s' if len(sm['picks']) > 1 else ''} worth {sm['value']}")
            if sm["mode"] == "less":
                text += ", then choose the fruit to leave out"
            return text
        if isinstance(a, Omit):
            return f"Leave out {article(a.fruit)} at {a.community}"
        return str(a)

    def log_line(self, before: State, a: Any, after: State) -> str:
        seat = before.turn
        name = before.names[seat]
        if isinstance(a, Place):
            return f"{name} placed a farmer on blade {blade_no(a.blade)} and took 1 {before.blades[a.blade]}."
        if isinstance(a, (Move, GustTo)):
            if isinstance(a, Move):
                p = move_preview(before, a.blade)
                verb = "moved a farmer from"
            else:
                p = gust_preview(before, before.gust_from, a.blade)
                verb = "let the wind carry a farmer from"
            got = after.fruits[seat][p["fruit"]] - before.fruits[seat][p["fruit"]]
            text = (f"{name} {verb} blade {blade_no(p['from'])} to blade {blade_no(p['to'])} "
                    f"and took {p['fruits']} {plural(p['fruit'], p['fruits'])}")
            if got != p["fruits"]:
                text += f" (the {plural(p['fruit'], 2)} ran short: everyone returned theirs first)"
            if p["carts"]:
                text += f" and {p['carts']} donkey cart{'s' if p['carts'] > 1 else ''}"
                if before.windmill_carts < p["carts"]:
                    text += " (the carts ran out: everyone returned theirs first)"
            return text + "."
        if isinstance(a, Stop):
            return f"{name} made no second move."
        if isinstance(a, UseTile):
            return f"{name} used the {ACTION_TILE_NAME[a.tile]} action tile."
        if isinstance(a, Deliver):
            return f"{name} started a delivery."
        if isinstance(a, GustFrom):
            return f"{name} chose the farmer on blade {blade_no(a.blade)} for the gust of wind."
        if isinstance(a, Pick):
            return f"{name} added {a.community} to the delivery."
        if isinstance(a, Fill):
            return f"{name} chose {article(a.fruit)} for an any-fruit symbol."
        if isinstance(a, Confirm) and after.step == "omit":
            return f"{name} finished choosing communities."
        # the delivery itself (Confirm, or Omit with one less fruit)
        d = before.dlv
        picks = [COMMUNITIES[c] for c in d["picks"]]
        value = sum(TILES[before.stacks[c][0]].value for c in d["picks"])
        fruits = value - (1 if d["mode"] == "less" else 0)
        how = {"cart": "a donkey cart", "large": "the large donkey cart",
               "less": "a donkey cart and one less fruit"}[d["mode"]]
        values = [str(TILES[before.stacks[c][0]].value) for c in d["picks"]]
        took = (f"a tile worth {values[0]}" if len(values) == 1
                else f"tiles worth {join_names(values)} ({value} points)")
        text = (f"{name} delivered {fruits} fruit{'s' if fruits != 1 else ''} to "
                f"{join_names(picks)} with {how} and took {took}")
        extras = []
        for c in d["picks"]:
            if not after.stacks[c]:
                owner = after.finca_owner[c]
                fin = finca_name(after.finca_tile[c])
                who = after.names[owner] if owner >= 0 else "the box (a tie)"
                extras.append(f"{COMMUNITIES[c]}'s {fin} went to {who}")
        got = len(after.bonus[seat]) - len(before.bonus[seat])
        if got:
            extras.append(f"{name} took bonus tile {', '.join(map(str, after.bonus[seat][-got:]))}")
        if after.step == "over":
            extras.append("the last wooden finca is placed: the game is over")
        return text + ("; " + "; ".join(extras) if extras else "") + "."

    def summary(self, s: State) -> str:
        lines = []
        blades = " ".join(f"{blade_no(i)}:{FRUIT_LETTER[f]}" + ("|" if (i + 1) in DIVIDING_LINES else "")
                          for i, f in enumerate(s.blades))
        lines.append(f"Windmill {blades}  carts in windmill: {s.windmill_carts}")
        for c, name in enumerate(COMMUNITIES):
            if s.stacks[c]:
                lines.append(f"{name}: {TILES[s.stacks[c][0]].text()} ({len(s.stacks[c])} left), "
                             f"{finca_name(s.finca_tile[c])}")
            else:
                o = s.finca_owner[c]
                lines.append(f"{name}: closed, {finca_name(s.finca_tile[c])} → "
                             f"{s.names[o] if o >= 0 else 'box'}")
        vp = self.vp(s)
        for p, who in enumerate(s.names):
            fr = ", ".join(f"{n} {plural(f, n)}" for f, n in s.fruits[p].items() if n) or "no fruit"
            where = ", ".join(f"{blade_no(b)}" + (f"×{k}" if k > 1 else "")
                              for b, k in enumerate(s.farmers[p]) if k)
            lines.append(f"{who}: {vp[p]} VP; farmers on {where or '-'}; {fr}; "
                         f"{s.carts[p]} carts; tiles {len(s.tiles[p])}; "
                         f"action tiles {' '.join(s.action_tiles[p]) or '-'}")
        d = self.pending(s)
        lines.append("The game is over." if d is None else f"{s.names[d.seat]} to play: {d.prompt}")
        return "\n".join(lines)


RULES = FincaRules()
