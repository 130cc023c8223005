"""A Finca position: plain data with a cheap ``copy`` (no deepcopy)."""
from __future__ import annotations

from tabletop_tui.rules.core import Rng

from .components import COMMUNITIES, DIVIDING_LINES, FRUITS

class State:
    """Plain data; ``copy`` is cheap (no deepcopy)."""

    __slots__ = ("names", "options", "rng", "blades", "farmers", "to_place", "supply", "fruits",
                 "windmill_carts", "carts", "stacks", "out", "finca_tile", "finca_owner",
                 "wooden", "wooden_supply", "tiles", "action_tiles", "bonus_stack", "bonus",
                 "turn", "step", "gust_from", "dlv", "turns", "notes")

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
        s.dlv = copy_dlv(self.dlv)
        s.turns = self.turns
        s.notes = []  # what this apply changed and why (a fresh list; not saved)
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


def copy_dlv(d: dict | None) -> dict | None:
    if d is None:
        return None
    return {"mode": d["mode"], "picks": list(d["picks"]), "fills": [list(f) for f in d["fills"]],
            "omit": list(d["omit"]) if d["omit"] else None, "done": d["done"]}



def to_json(s: State) -> dict:
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
        "dlv": copy_dlv(s.dlv), "turns": s.turns,
    }


def from_json(d: dict) -> State:
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
    s.dlv = copy_dlv(d["dlv"])
    s.turns = d["turns"]
    s.notes = []
    return s
