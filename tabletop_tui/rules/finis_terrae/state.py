"""The state of a game of Finis Terrae: plain data, cheap to copy, JSON round trip exact.

What a board widget reads:
- ``tiles``: {(x, y): (kind, rot)} — the map incl. the 3×3 Isle of Winds around (0, 0); edges via
  ``tiles.edges(kind, rot)`` ("NESW" letters L/S), sea areas via ``tiles.sea_areas``.
- ``goods``: {(x, y): {thing: n}} — tokens and wreck loot lying on tiles.
- ``ports``: {(x, y): seat}.
- ``ships[seat]``: {"pos": (x, y, area) | None, "start": (x, y), "pirate": bool,
  "holds": [None | (thing, n)] * 4, "stash": int, "pile": {thing: n} (treasures opened, spice
  sold, finds/castaways redeemed), "plus3": int, "minus3": int, "ports_left": int}.
- ``galleon``: {"pos": (x, y, area) | None, "holds": [...]}; ``flag``: its controller or None.
- ``hand``: tiles drawn and not yet placed; ``stack``/``deck``: face-down (masked in ``view``).
- ``weather``, ``wind``, ``exchange`` (red die), ``common`` (white die), ``first`` (East marker),
  ``len(deck)`` cards left, ``discard``, ``ft`` (times the Finis Terrae card was turned), ``day``.
- ``phase``: beach, split, carto, prep, wind, sail, over. ``sail``: during sailing
  {"order": [[seat, is_galleon], ...], "i", "step" (begin/order/move/act/after), "legs" (the
  movement values of today's moves), "leg", "acted", "trades", "rolled" (the second white die)};
  during cartography {"drawn": bool}. ``dist``: a hold-by-hold loading in progress (set-up,
  repairs, reorganizing). ``queue``: wrecks, spoils of combat and the Galleon's den to settle.
- ``events``: sentences of what the last ``apply`` did (storm pushes, dice, wrecks) for the log;
  ``notes``: the reasons for what it changed of the players' things (the ledger; not saved).
"""
from __future__ import annotations

from tabletop_tui.rules.core import Rng


def _dc(x):
    """Copy plain nested dicts/lists (tuples, str, int are shared: they are immutable)."""
    if isinstance(x, dict):
        return {k: _dc(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_dc(v) for v in x]
    return x


def _jl(x):
    """Tuples to lists, recursively (for JSON)."""
    if isinstance(x, (list, tuple)):
        return [_jl(v) for v in x]
    if isinstance(x, dict):
        return {k: _jl(v) for k, v in x.items()}
    return x


_KEYS: dict = {}


def _key(c) -> str:
    k = _KEYS.get(c)
    if k is None:
        k = _KEYS[c] = f"{c[0]},{c[1]}"
    return k


def _ship_json(sh: dict) -> dict:
    out = dict(sh)
    out["pos"] = list(sh["pos"]) if sh["pos"] is not None else None
    if "start" in sh:
        out["start"] = list(sh["start"]) if sh["start"] is not None else None
    out["holds"] = [None if h is None else [h[0], h[1]] for h in sh["holds"]]
    if "pile" in sh:
        out["pile"] = dict(sh["pile"])
    return out


def _unkey(k: str) -> tuple[int, int]:
    a, b = k.split(",")
    return int(a), int(b)


def _hold(h):
    return None if h is None else (h[0], int(h[1]))


class State:
    __slots__ = ("names", "n", "options", "rng", "tiles", "goods", "ports", "stack", "hand",
                 "box", "deck", "discard", "out", "weather", "wind", "exchange", "common",
                 "ships", "galleon", "supply", "bank", "first", "flag", "day", "phase", "cur",
                 "dist", "sail", "queue", "ft", "last_day", "moves_today", "events", "notes")

    def __init__(self):
        self.names: list[str] = []
        self.n = 0
        self.options: dict = {}
        self.rng = Rng(0)
        self.tiles: dict = {}
        self.goods: dict = {}
        self.ports: dict = {}
        self.stack: list[str] = []
        self.hand: list[str] = []
        self.box: list[str] = []
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.out: list[str] = []
        self.weather: str | None = None
        self.wind: str | None = None
        self.exchange = 0
        self.common = 0
        self.ships: list[dict] = []
        self.galleon: dict = {}
        self.supply: dict = {}
        self.bank = 0
        self.first = 0
        self.flag: int | None = None
        self.day = 0
        self.phase = "beach"
        self.cur = 0
        self.dist: dict | None = None
        self.sail: dict | None = None
        self.queue: list[dict] = []
        self.ft = 0
        self.last_day = False
        self.moves_today: list = []
        self.events: list[str] = []  # what happened in the last apply, for the log
        # the reasons for changes of things the last apply made (core.Change), for the ledger:
        # a fresh list each apply, never saved nor hashed
        self.notes: list = []

    def copy(self) -> "State":
        s = State.__new__(State)
        s.names = self.names
        s.n = self.n
        s.options = self.options
        s.rng = self.rng.copy()
        s.tiles = dict(self.tiles)
        s.goods = {k: dict(v) for k, v in self.goods.items()}
        s.ports = dict(self.ports)
        s.stack = list(self.stack)
        s.hand = list(self.hand)
        s.box = list(self.box)
        s.deck = list(self.deck)
        s.discard = list(self.discard)
        s.out = list(self.out)
        s.weather = self.weather
        s.wind = self.wind
        s.exchange = self.exchange
        s.common = self.common
        s.ships = [{**sh, "holds": list(sh["holds"]), "pile": dict(sh["pile"])} for sh in self.ships]
        s.galleon = {**self.galleon, "holds": list(self.galleon["holds"])}
        s.supply = dict(self.supply)
        s.bank = self.bank
        s.first = self.first
        s.flag = self.flag
        s.day = self.day
        s.phase = self.phase
        s.cur = self.cur
        s.dist = _dc(self.dist)
        s.sail = _dc(self.sail)
        s.queue = _dc(self.queue)
        s.ft = self.ft
        s.last_day = self.last_day
        s.moves_today = list(self.moves_today)
        s.events = []
        s.notes = []
        return s

    # -- JSON ---------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "names": list(self.names), "n": self.n, "options": dict(self.options),
            "rng": self.rng.to_json(),
            "tiles": {_key(c): [k, r] for c, (k, r) in self.tiles.items()},
            "goods": {_key(c): dict(v) for c, v in self.goods.items()},
            "ports": {_key(c): o for c, o in self.ports.items()},
            "stack": list(self.stack), "hand": list(self.hand), "box": list(self.box),
            "deck": list(self.deck), "discard": list(self.discard), "out": list(self.out),
            "weather": self.weather, "wind": self.wind, "exchange": self.exchange,
            "common": self.common,
            "ships": [_ship_json(sh) for sh in self.ships], "galleon": _ship_json(self.galleon),
            "supply": dict(self.supply), "bank": self.bank, "first": self.first,
            "flag": self.flag, "day": self.day, "phase": self.phase, "cur": self.cur,
            "dist": _jl(self.dist), "sail": _jl(self.sail), "queue": _jl(self.queue),
            "ft": self.ft, "last_day": self.last_day, "moves_today": [[x, p] for x, p in self.moves_today],
            "events": list(self.events),
        }

    @classmethod
    def from_json(cls, d: dict) -> "State":
        s = cls()
        s.names = list(d["names"])
        s.n = d["n"]
        s.options = dict(d["options"])
        s.rng = Rng.from_json(d["rng"])
        s.tiles = {_unkey(k): (v[0], v[1]) for k, v in d["tiles"].items()}
        s.goods = {_unkey(k): dict(v) for k, v in d["goods"].items()}
        s.ports = {_unkey(k): v for k, v in d["ports"].items()}
        s.stack = list(d["stack"])
        s.hand = list(d["hand"])
        s.box = list(d["box"])
        s.deck = list(d["deck"])
        s.discard = list(d["discard"])
        s.out = list(d["out"])
        s.weather = d["weather"]
        s.wind = d["wind"]
        s.exchange = d["exchange"]
        s.common = d["common"]
        s.ships = []
        for sh in d["ships"]:
            sh = dict(sh)
            sh["pos"] = tuple(sh["pos"]) if sh["pos"] is not None else None
            sh["start"] = tuple(sh["start"]) if sh["start"] is not None else None
            sh["holds"] = [_hold(h) for h in sh["holds"]]
            sh["pile"] = dict(sh["pile"])
            s.ships.append(sh)
        g = dict(d["galleon"])
        g["pos"] = tuple(g["pos"]) if g["pos"] is not None else None
        g["holds"] = [_hold(h) for h in g["holds"]]
        s.galleon = g
        s.supply = dict(d["supply"])
        s.bank = d["bank"]
        s.first = d["first"]
        s.flag = d["flag"]
        s.day = d["day"]
        s.phase = d["phase"]
        s.cur = d["cur"]
        s.dist = _dc(d["dist"])
        s.sail = _dc(d["sail"])
        s.queue = _dc(d["queue"])
        s.ft = d["ft"]
        s.last_day = d["last_day"]
        s.moves_today = [tuple(m) for m in d["moves_today"]]
        s.events = list(d.get("events", []))
        return s
