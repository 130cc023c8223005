"""Cartography: placing map tiles, and reading islands off the map.

Placement rules: the cell is empty, shares at least one edge with the map, every shared edge
matches (land to land, sea to sea), and lies within 4 tiles (Manhattan distance) of another
player's ship or port (the Black Galleon is not a player's ship).

An island is land joined through shared land edges. Islets (treasure island, castaway island,
pirate den) are one-tile islands of their own that nobody can colonise; the Isle of Winds is
its own island and never scores. A complete island has no land edge facing an empty cell.
"""
from __future__ import annotations

from functools import lru_cache

from . import tiles as T

REACH = T.COMPONENTS["placement_reach"]


def frontier(tiles: dict) -> list[tuple[int, int]]:
    """Empty cells touching the map, in a stable order."""
    out = set()
    for (x, y) in tiles:
        out.add((x, y + 1))
        out.add((x + 1, y))
        out.add((x, y - 1))
        out.add((x - 1, y))
    out.difference_update(tiles)
    return sorted(out, key=lambda c: (-c[1], c[0]))


def required(tiles: dict, x: int, y: int) -> tuple:
    """The edge each neighbour demands of a tile at (x, y): 'L', 'S' or None (no neighbour)."""
    req = []
    for d in range(4):
        other = tiles.get(T.neighbour(x, y, d))
        req.append(None if other is None else T.edges(other[0], other[1])[T.opposite(d)])
    return tuple(req)


@lru_cache(maxsize=None)
def fits(kind: str, rot: int, req: tuple) -> bool:
    e = T.edges(kind, rot)
    return any(r is not None for r in req) and all(r is None or r == e[d] for d, r in enumerate(req))


def edges_match(tiles: dict, kind: str, rot: int, x: int, y: int) -> bool:
    """Every shared edge matches and at least one edge is shared."""
    return fits(kind, rot, required(tiles, x, y))


def anchors(ships: list, ports: dict, seat: int) -> list[tuple[int, int]]:
    """Cells of the other players' ships and ports (reach of the placement rule)."""
    out = []
    for i, sh in enumerate(ships):
        if i != seat and sh["pos"] is not None:
            out.append((sh["pos"][0], sh["pos"][1]))
    for c, owner in ports.items():
        if owner != seat:
            out.append(c)
    return out


def within_reach(anchor_cells: list, x: int, y: int) -> bool:
    return any(abs(ax - x) + abs(ay - y) <= REACH for ax, ay in anchor_cells)


def open_cells(tiles: dict, anchor_cells: list) -> list[tuple[int, int, tuple]]:
    """Frontier cells within reach, with the edges their neighbours demand."""
    return [(x, y, required(tiles, x, y)) for (x, y) in frontier(tiles)
            if within_reach(anchor_cells, x, y)]


def placements(tiles: dict, kind: str, anchor_cells: list, cells=None) -> list[tuple[int, int, int]]:
    """Every legal (x, y, rot) for a tile kind."""
    if cells is None:
        cells = open_cells(tiles, anchor_cells)
    out = []
    rots = T.rotations(kind)
    for (x, y, req) in cells:
        for r in rots:
            if fits(kind, r, req):
                out.append((x, y, r))
    return out


def island_cells(tiles: dict, cell: tuple[int, int]) -> list[tuple[int, int]]:
    """The island (land joined by land edges) the tile at ``cell`` belongs to; [] for sea."""
    t = tiles.get(cell)
    if t is None:
        return []
    info = T.info(t[0])
    if info["islet"]:
        return [cell]
    if "L" not in T.edges(t[0], t[1]):
        return []
    seen = {cell}
    todo = [cell]
    while todo:
        x, y = todo.pop()
        kind, rot = tiles[(x, y)]
        e = T.edges(kind, rot)
        for d in range(4):
            if e[d] != "L":
                continue
            c = T.neighbour(x, y, d)
            if c in tiles and c not in seen:
                seen.add(c)
                todo.append(c)
    return sorted(seen, key=lambda c: (-c[1], c[0]))


def is_complete(tiles: dict, cells: list) -> bool:
    for (x, y) in cells:
        kind, rot = tiles[(x, y)]
        e = T.edges(kind, rot)
        for d in range(4):
            if e[d] == "L" and T.neighbour(x, y, d) not in tiles:
                return False
    return True


def islands(tiles: dict) -> list[list[tuple[int, int]]]:
    """Every colonisable island of the map (islets and the Isle of Winds left out)."""
    seen: set = set()
    out = []
    for cell in sorted(tiles, key=lambda c: (-c[1], c[0])):
        if cell in seen:
            continue
        kind = tiles[cell][0]
        info = T.info(kind)
        if info["islet"] or info.get("isle") or "L" not in info["edges"]:
            continue
        cells = island_cells(tiles, cell)
        seen.update(cells)
        out.append(cells)
    return out


def island_has(tiles: dict, cells: list, feature: str) -> int:
    """How many tiles of the island show a lighthouse / fort."""
    return sum(1 for c in cells if T.info(tiles[c][0])[feature])


def distance(a, b) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])
