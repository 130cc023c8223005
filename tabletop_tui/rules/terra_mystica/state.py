"""The game state: plain lists and ints, with a cheap hand-written copy and exact JSON round trip."""
from __future__ import annotations

from tabletop_tui.rules.core import Rng

#: decision steps that belong to the acting player's own turn
OWN_TURN_STEPS = ("main", "spades", "bridge", "cult", "witch", "sandstorm", "swarm", "after")

PLAYER_FIELDS = ("faction", "C", "W", "P", "VP", "bowls", "cult", "ship", "dig", "bonus", "favors",
                 "towns", "keys", "bridges_left", "passed", "used", "priests_sent", "carpet_bonus",
                 "counts", "breakdown", "burned", "cult_blocked", "dropped")
#: fields added later, with the value an older save gets
PLAYER_DEFAULTS = {"cult_blocked": [], "dropped": False}
LIST_FIELDS = ("bowls", "cult", "favors", "towns", "used", "cult_blocked")


class Player:
    __slots__ = PLAYER_FIELDS

    def __init__(self) -> None:
        self.faction: str = ""
        self.C = self.W = self.P = self.VP = 0
        self.bowls = [0, 0, 0]
        self.cult = [0, 0, 0, 0]
        self.ship = 0
        self.dig = 0
        self.bonus: str | None = None
        self.favors: list[str] = []
        self.towns: list[str] = []
        self.keys = 0  # town keys received (each spent key sits on a cult track at 10)
        self.bridges_left = 3
        self.passed = False
        self.used: list[str] = []  # special actions used this round
        self.priests_sent = 0  # priests left on cult order spaces
        self.carpet_bonus = 0  # TW7 for Fakirs
        self.counts = {"D": 0, "TP": 0, "TE": 0, "SH": 0, "SA": 0}
        self.breakdown: dict = {}
        self.burned = 0  # power tokens removed from the game by burning
        # cult tracks where a step to 10 stopped at 9 for want of a key in this turn: the step is
        # taken when a key arrives before the player's next turn (reference moderator)
        self.cult_blocked: list[int] = []
        self.dropped = False  # left the game: no more turns, offers or income decisions

    def copy(self) -> "Player":
        p = Player.__new__(Player)
        p.faction = self.faction
        p.C, p.W, p.P, p.VP = self.C, self.W, self.P, self.VP
        p.bowls = self.bowls[:]
        p.cult = self.cult[:]
        p.ship, p.dig, p.bonus = self.ship, self.dig, self.bonus
        p.favors = self.favors[:]
        p.towns = self.towns[:]
        p.keys, p.bridges_left, p.passed = self.keys, self.bridges_left, self.passed
        p.used = self.used[:]
        p.priests_sent, p.carpet_bonus = self.priests_sent, self.carpet_bonus
        p.counts = dict(self.counts)
        p.breakdown = dict(self.breakdown)
        p.burned = self.burned
        p.cult_blocked = self.cult_blocked[:]
        p.dropped = self.dropped
        return p

    def to_json(self) -> dict:
        return {f: (list(getattr(self, f)) if isinstance(getattr(self, f), list)
                    else dict(getattr(self, f)) if isinstance(getattr(self, f), dict) else getattr(self, f))
                for f in PLAYER_FIELDS}

    @classmethod
    def from_json(cls, d: dict) -> "Player":
        p = cls()
        for f in PLAYER_FIELDS:
            v = d[f] if f in d else PLAYER_DEFAULTS[f]
            setattr(p, f, list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
        return p


# scalar or list-of-scalar fields of the state, copied shallowly (lists of lists copied deeper)
STATE_FIELDS = ("names", "options", "phase", "round", "scoring", "bonus_pool", "favor_pool", "town_pool",
                "terrain", "owner", "btype", "in_town", "bridges", "used_pa", "cult_spaces", "river_towns",
                "order", "next_order", "actor", "step", "chain", "spades", "spade_src", "built", "transformed",
                "dug_from", "reached", "favors_due", "towns_due", "darkling_conv", "cult_steps", "offers", "queue",
                "groups", "gid", "to_place", "pick_order", "turn_started", "final", "key_choice",
                "open_offers")
#: fields added later, with the value an older save gets
STATE_DEFAULTS = {"key_choice": [], "open_offers": [], "dug_from": []}
#: later fields left out of the JSON while empty, so the positions (and hashes) of older saves stay
OMITTED_EMPTY = ("dug_from",)


class State:
    #: ``notes``: the ledger's reasons recorded by the action being applied (a fresh list per
    #: copy; never saved, hashed or compared)
    __slots__ = STATE_FIELDS + ("players", "rng", "notes")

    def copy(self) -> "State":
        s = State.__new__(State)
        s.names = self.names
        s.options = self.options
        s.phase = self.phase
        s.round = self.round
        s.scoring = self.scoring
        s.bonus_pool = dict(self.bonus_pool)
        s.favor_pool = dict(self.favor_pool)
        s.town_pool = dict(self.town_pool)
        s.terrain = list(self.terrain)
        s.owner = list(self.owner)
        s.btype = list(self.btype)
        s.in_town = list(self.in_town)
        s.bridges = [list(b) for b in self.bridges]
        s.used_pa = list(self.used_pa)
        s.cult_spaces = [list(t) for t in self.cult_spaces]
        s.river_towns = list(self.river_towns)
        s.order = list(self.order)
        s.next_order = list(self.next_order)
        s.actor = self.actor
        s.step = self.step
        s.chain = self.chain
        s.spades = self.spades
        s.spade_src = self.spade_src
        s.built = self.built
        s.transformed = list(self.transformed)
        s.dug_from = [list(x) for x in self.dug_from]
        s.reached = list(self.reached)
        s.favors_due = self.favors_due
        s.towns_due = self.towns_due
        s.darkling_conv = self.darkling_conv
        s.cult_steps = self.cult_steps
        s.offers = [list(o) for o in self.offers]
        s.queue = [list(q) for q in self.queue]
        s.groups = {k: list(v) for k, v in self.groups.items()}
        s.gid = self.gid
        s.to_place = list(self.to_place)
        s.pick_order = list(self.pick_order)
        s.turn_started = self.turn_started
        s.final = self.final
        s.key_choice = list(self.key_choice)
        s.open_offers = [list(o) for o in self.open_offers]
        s.players = [p.copy() for p in self.players]
        s.rng = self.rng.copy()
        s.notes = []
        return s

    def to_json(self) -> dict:
        d = {}
        for f in STATE_FIELDS:
            v = getattr(self, f)
            if f in OMITTED_EMPTY and not v:
                continue
            if f == "groups":
                v = {str(k): list(x) for k, x in v.items()}
            d[f] = _plain(v)
        d["players"] = [p.to_json() for p in self.players]
        d["rng"] = self.rng.to_json()
        return d

    @classmethod
    def from_json(cls, d: dict) -> "State":
        s = cls.__new__(cls)
        for f in STATE_FIELDS:
            v = _plain(d[f] if f in d else STATE_DEFAULTS[f])
            if f == "groups":
                v = {int(k): list(x) for k, x in v.items()}
            setattr(s, f, v)
        s.players = [Player.from_json(p) for p in d["players"]]
        s.rng = Rng.from_json(d["rng"])
        s.notes = []
        return s


def _plain(v):
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    return v
