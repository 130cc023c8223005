"""Sailing: where a ship may go with a movement value.

A ship moves 1..value tiles, up/down/left/right, through shared sea edges of its sea area,
never across land, into a reef or off the map, and never ends on the tile it started on.
Entering a pirate den tile (on or across) costs an explorer the toll of 3 doubloons from the
holds; without the doubloons the den is closed to them. Pirates and the Galleon pass freely.
"""
from __future__ import annotations

from . import tiles as T

TOLL = T.COMPONENTS["den_toll"]


def steps_from(tiles: dict, pos: tuple) -> list[tuple[int, int, int]]:
    x, y, a = pos
    kind, rot = tiles[(x, y)]
    areas = T.sea_areas(kind, rot)
    if a >= len(areas):
        return []
    out = []
    for d in sorted(areas[a]):
        c = T.neighbour(x, y, d)
        t = tiles.get(c)
        if t is None:
            continue
        ai = T.area_touching(t[0], t[1], T.opposite(d))
        if ai is None:
            continue
        out.append((c[0], c[1], ai))
    return out


def destinations(tiles: dict, pos: tuple, value: int, toll_free: bool,
                 holds_doubloons: int) -> dict[tuple[int, int, int], int]:
    """Reachable positions → the fewest dens paid on the way (0 for pirates)."""
    best: dict[tuple, int] = {pos: 0}
    layer = {pos: 0}
    for _ in range(value):
        nxt: dict[tuple, int] = {}
        for p, tolls in layer.items():
            for q in steps_from(tiles, p):
                t = tolls
                if not toll_free and T.info(tiles[(q[0], q[1])][0])["pirate_den"]:
                    t += 1
                    if t * TOLL > holds_doubloons:
                        continue
                if q in best and best[q] <= t:
                    continue
                best[q] = t
                if q not in nxt or nxt[q] > t:
                    nxt[q] = t
        layer = nxt
        if not layer:
            break
    start = (pos[0], pos[1])
    return {p: t for p, t in best.items() if (p[0], p[1]) != start}
