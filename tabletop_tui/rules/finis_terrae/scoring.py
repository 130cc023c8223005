"""Scoring: colonisation, trade, exploration, "+3"/"-3" tokens. Each line is a category.

Island control: most ports on the island; tied players all score the island in full. Islets and
the Isle of Winds never score (house rule, see rules.md). The Black Galleon's holds never score.
"""
from __future__ import annotations

from . import cartography as C
from . import holds as H

CATEGORIES = (
    "island tiles", "lighthouses and forts", "complete islands", "biggest complete island",
    "treasures", "spice", "underwater finds", "castaways", "one of each", "doubloons",
    "ports north and south", "ports east and west", "four quadrants", "furthest port",
    "+3 tokens", "-3 tokens",
)
GROUPS = {
    "colonisation": CATEGORIES[0:4],
    "trade": CATEGORIES[4:10],
    "exploration": CATEGORIES[10:14],
    "tokens": CATEGORIES[14:16],
}


def controllers(ports: dict, cells: list) -> list[int]:
    count: dict[int, int] = {}
    for c in cells:
        if c in ports:
            count[ports[c]] = count.get(ports[c], 0) + 1
    if not count:
        return []
    best = max(count.values())
    return sorted(p for p, k in count.items() if k == best)


#: the map's islands worked out once per map (the costly part of the scoring, read many times
#: per move by the ledger and the screens): frozen tiles → [(cells, lighthouses and forts, complete)]
_GEOGRAPHY: dict = {}


def geography(tiles: dict) -> list:
    """Each colonisable island of the map: its cells, its lighthouses and forts, whether complete.
    Pure; remembered by the map's tiles (a few hundred maps at most, then forgotten)."""
    key = frozenset(tiles.items())
    got = _GEOGRAPHY.get(key)
    if got is None:
        got = []
        for cells in C.islands(tiles):
            feats = C.island_has(tiles, cells, "lighthouse") + C.island_has(tiles, cells, "fort")
            got.append((cells, feats, C.is_complete(tiles, cells)))
        if len(_GEOGRAPHY) >= 512:
            _GEOGRAPHY.clear()
        _GEOGRAPHY[key] = got
    return got


def breakdown(s) -> dict[int, dict[str, int]]:
    out = {p: {c: 0 for c in CATEGORIES} for p in range(s.n)}
    tiles, ports = s.tiles, s.ports
    # -- colonisation
    geo = geography(tiles)
    complete = [cells for cells, _, done in geo if done]
    for cells, feats, done in geo:
        ctrl = controllers(ports, cells)
        for p in ctrl:
            out[p]["island tiles"] += len(cells)
            out[p]["lighthouses and forts"] += feats
            if done:
                out[p]["complete islands"] += 2
    if complete:
        big = max(len(c) for c in complete)
        winners = set()
        for cells in complete:
            if len(cells) == big:
                winners.update(controllers(ports, cells))
        for p in winners:
            out[p]["biggest complete island"] = 5
    # -- trade
    for p, sh in enumerate(s.ships):
        hs, pile = sh["holds"], sh["pile"]
        if s.dist is not None and s.dist["seat"] == p:
            # a loading in progress (set-up, repairs, reorganizing): its things are still aboard
            hs = [tuple(h) for h in s.dist["holds"] if h] + \
                [(k, v) for k, v in s.dist["pool"].items() if v]
        t = pile.get("treasure", 0) + H.amount(hs, "treasure")
        sp = pile.get("spice", 0) + H.amount(hs, "spice")
        fi = pile.get("find", 0) + H.amount(hs, "find")
        ca = pile.get("castaway", 0) + H.amount(hs, "castaway")
        out[p]["treasures"] = 2 * t
        out[p]["spice"] = 2 * sp
        out[p]["underwater finds"] = 3 * fi
        out[p]["castaways"] = 3 * ca
        out[p]["one of each"] = 4 if min(t, sp, fi, ca) > 0 else 0
        out[p]["doubloons"] = (H.doubloons(hs) + sh["stash"]) // 5
    # -- exploration (tiles on an axis never count)
    for p in range(s.n):
        mine = [c for c, o in ports.items() if o == p]
        xs = {(c[0] > 0) - (c[0] < 0) for c in mine}
        ys = {(c[1] > 0) - (c[1] < 0) for c in mine}
        # the axis between north and south is the row y = 0; between west and east the
        # column x = 0 (the rulebook's example reads its "N/S" and "W/E" bonuses this way)
        if 1 in ys and -1 in ys:
            out[p]["ports north and south"] = 3
        if 1 in xs and -1 in xs:
            out[p]["ports east and west"] = 3
        quads = {((c[0] > 0), (c[1] > 0)) for c in mine if c[0] != 0 and c[1] != 0}
        if len(quads) == 4:
            out[p]["four quadrants"] = 3
    established = [(C.distance(c, (0, 0)), o) for c, o in ports.items()
                   if tuple(s.ships[o]["start"] or ()) != c]
    if established:
        far = max(d for d, _ in established)
        for d, o in established:
            if d == far:
                out[o]["furthest port"] = 5
    for p, sh in enumerate(s.ships):
        out[p]["+3 tokens"] = 3 * sh["plus3"]
        out[p]["-3 tokens"] = -3 * sh["minus3"]
    return out


def totals(s) -> dict[int, int]:
    return {p: sum(b.values()) for p, b in breakdown(s).items()}
