"""The map seen by one faction: direct adjacency (edges and bridges), shipping, tunnels, carpets, spades."""
from __future__ import annotations

from tabletop_tui.rules.terra_mystica.data import (BRIDGE_SPOTS, IS_RIVER, LAND, NEIGHBORS, SHIP_DIST,
                                                   SPADES, SPADES_FOR, WITHIN)
from tabletop_tui.rules.terra_mystica.power import fac
from tabletop_tui.rules.terra_mystica.state import OWN_TURN_STEPS, Player, State


def adjacent(s: State, h: int) -> list[int]:
    """Direct neighbours: hex edges and built bridges."""
    out = list(NEIGHBORS[h])
    for a, b, _o in s.bridges:
        if a == h:
            out.append(b)
        elif b == h:
            out.append(a)
    return out


def structures(s: State, seat: int) -> list[int]:
    return [h for h in LAND if s.owner[h] == seat]


def ship_level(s: State, seat: int, bonus: bool = True) -> int:
    p = s.players[seat]
    lvl = p.ship
    if bonus and p.bonus == "BON4" and fac(p)["shipping"]["max"] > 0 and s.phase == "play" \
            and s.step in OWN_TURN_STEPS:
        lvl += 1
    return lvl


def range_kind(p: Player) -> tuple[str, int]:
    if p.faction == "dwarves":
        return "tunnel", 2
    if p.faction == "fakirs":
        return "carpet", 2 + (1 if p.counts["SH"] else 0) + p.carpet_bonus
    return "", 0


def reach_sets(s: State, seat: int, *, bonus: bool = True, ranged: bool = True) -> tuple[set, set]:
    """(hexes reachable normally, extra hexes reachable only with tunnelling/carpet flight)."""
    own = structures(s, seat)
    lvl = ship_level(s, seat, bonus)
    normal: set[int] = set()
    for h in own:
        normal.update(adjacent(s, h))
        if lvl:
            for t, d in SHIP_DIST[h].items():
                if d <= lvl:
                    normal.add(t)
    extra: set[int] = set()
    p = s.players[seat]
    kind, dist = range_kind(p)
    if ranged and kind:
        for h in own:
            for t, d in WITHIN[h].items():
                if d <= dist and t not in normal:
                    extra.add(t)
    normal = {h for h in normal if not IS_RIVER[h]}
    return normal, extra


def range_cost(p: Player) -> dict:
    if p.faction == "dwarves":
        return {"W": 1 if p.counts["SH"] else 2}
    return {"P": 1}


def spade_rate(p: Player) -> int:
    rates = fac(p)["digging"]["rate"]
    return rates[p.dig] if rates else 0


def spade_cost(p: Player, n: int) -> dict:
    if n <= 0:
        return {}
    if p.faction == "darklings":
        return {"P": n}
    return {"W": n * spade_rate(p)}


def league_digging(s: State) -> bool:
    """The reference's strict digging (option ``digging=league``): a transform between two non-home
    terrains that would pass over the home terrain counts the long way round (house decision 7).
    Off, the rulebook's: "Each step around the transformation cycle costs one spade, up to three
    steps" — always the short way."""
    return s.options.get("digging") == "league"


def spade_table(s: State, hm: str) -> dict[str, dict[str, int]]:
    """spade_table(s, home)[from][to]: the spades a faction of that home terrain needs."""
    return SPADES_FOR[hm] if league_digging(s) else SPADES


def spades_needed(s: State, p: Player, frm: str, to: str) -> int:
    if p.faction == "giants":
        return 2 if frm != to else 0
    return spade_table(s, fac(p)["terrain"])[frm][to]


def home(p: Player) -> str:
    return fac(p)["terrain"]


def legal_bridges(s: State, seat: int) -> list[tuple[int, int]]:
    built = {(a, b) for a, b, _o in s.bridges}
    out = []
    for a, b in BRIDGE_SPOTS:
        if (a, b) in built:
            continue
        if s.owner[a] == seat or s.owner[b] == seat:
            out.append((a, b))
    return out

def tp_cost(s: State, seat: int, h: int) -> dict:
    b = fac(s.players[seat])["buildings"]["TP"]
    near = any(s.owner[x] not in (-1, seat) for x in adjacent(s, h))
    return b["cost"] if near else b["cost_alone"]



def upgrade_cost(s: State, seat: int, h: int, to: str) -> dict:
    if to == "TP":
        return tp_cost(s, seat, h)
    return fac(s.players[seat])["buildings"][to]["cost"]
