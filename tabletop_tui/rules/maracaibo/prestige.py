"""Prestige buildings: four in a face-down row, revealed one per round; investing; end VP."""
from __future__ import annotations

from .content import PRESTIGE
from .notation import act
from .counters import counter
from .state import note
from . import ledger


def revealed(g: dict) -> list:
    return g["prestige"][: g["prestige_revealed"]]


def invest_options(g: dict, seat: int) -> list:
    p = g["players"][seat]
    return [act(f"invest {b}", ("prestige", b)) for b in revealed(g)
            if b not in p["invested"] and p["dbl"] >= PRESTIGE[b]["cost"]]


def invest(g: dict, seat: int, b: str) -> None:
    p = g["players"][seat]
    ledger.spend(g, seat, "$", PRESTIGE[b]["cost"], "building cost")  # no card discount on buildings
    p["invested"].append(b)
    note(g, seat, "prestige", 1, PRESTIGE[b]["name"])


def end_vp(g: dict, seat: int, b: str) -> int:
    sc = PRESTIGE[b]["score"]
    return min(sc["n"] * counter(g, seat, sc["per"]), sc["max"])
