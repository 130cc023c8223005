"""Map tiles: kinds, edges (land/sea), rotation and sea areas.

A tile's edges are read N, E, S, W; ``rot`` turns the tile clockwise in quarter turns. A ship
stands in one *sea area* of a tile: a run of consecutive sea edges between land edges (the
straight two-border part has two, so a ship cannot sail across its land strip). Reefs and the
centre of the Isle of Winds have none: no ship may enter them.
"""
from __future__ import annotations

from functools import lru_cache

from tabletop_tui.rules.core import load_asset_json

DATA = load_asset_json("finis_terrae", "tiles.json")
COMPONENTS = load_asset_json("finis_terrae", "components.json")

KINDS: dict[str, dict] = dict(DATA["kinds"])
KINDS.update(DATA["isle_of_winds"]["kinds"])
ISLE_CELLS: list[dict] = DATA["isle_of_winds"]["cells"]
REMOVALS: dict[str, dict[str, int]] = DATA["removals"]

DIRS = "NESW"
#: unit step of each direction (x grows east, y grows north)
STEP = {0: (0, 1), 1: (1, 0), 2: (0, -1), 3: (-1, 0)}
DIR_INDEX = {d: i for i, d in enumerate(DIRS)}


def opposite(d: int) -> int:
    return (d + 2) % 4


def neighbour(x: int, y: int, d: int) -> tuple[int, int]:
    dx, dy = STEP[d]
    return x + dx, y + dy


@lru_cache(maxsize=None)
def edges(kind: str, rot: int) -> str:
    """Edge types N, E, S, W after turning the tile ``rot`` quarter turns clockwise."""
    base = KINDS[kind]["edges"]
    return "".join(base[(i - rot) % 4] for i in range(4))


@lru_cache(maxsize=None)
def rotations(kind: str) -> tuple[int, ...]:
    """Distinct rotations of a kind (rotations giving the same edges counted once)."""
    seen: dict[str, int] = {}
    for r in range(4):
        seen.setdefault(edges(kind, r), r)
    return tuple(sorted(seen.values()))


@lru_cache(maxsize=None)
def sea_areas(kind: str, rot: int) -> tuple[frozenset, ...]:
    """The sea areas of a tile, each a frozenset of edge indexes (0=N..3=W)."""
    info = KINDS[kind]
    if info.get("reef") or info.get("no_sea"):
        return ()
    e = edges(kind, rot)
    if "L" not in e:
        return (frozenset(range(4)),)
    start = e.index("L")
    areas: list[frozenset] = []
    run: list[int] = []
    for k in range(1, 5):
        i = (start + k) % 4
        if e[i] == "S":
            run.append(i)
        elif run:
            areas.append(frozenset(run))
            run = []
    if run:
        areas.append(frozenset(run))
    # stable order: by smallest edge index
    return tuple(sorted(areas, key=min))


def area_touching(kind: str, rot: int, d: int) -> int | None:
    """Index of the sea area that touches edge ``d``, or None (land edge, reef)."""
    for i, a in enumerate(sea_areas(kind, rot)):
        if d in a:
            return i
    return None


def area_name(kind: str, rot: int, area: int) -> str:
    """Edges of an area as letters, e.g. 'ESW' (for notation of two-area tiles)."""
    return "".join(DIRS[i] for i in sorted(sea_areas(kind, rot)[area]))


def info(kind: str) -> dict:
    return KINDS[kind]


def is_land_tile(kind: str) -> bool:
    """Island parts: tiles with at least one land edge (the islet kinds are apart)."""
    return "L" in KINDS[kind]["edges"]


def full_stack() -> list[str]:
    """The 80 map tiles (before removals), in a fixed order."""
    out: list[str] = []
    for kind, k in DATA["kinds"].items():
        out.extend([kind] * k["count"])
    return out
