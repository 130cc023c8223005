"""Component data (assets/terra_mystica/*.json) and the map geometry derived from it, once at import."""
from __future__ import annotations

from tabletop_tui.rules.core import load_asset_json

_MAP = load_asset_json("terra_mystica", "map.json")
_FAC = load_asset_json("terra_mystica", "factions.json")
_TILES = load_asset_json("terra_mystica", "tiles.json")

FACTIONS: dict = _FAC["factions"]
FACTION_IDS: list[str] = list(FACTIONS)
BONUS: dict = _TILES["bonus"]
FAVOR: dict = _TILES["favor"]
TOWN: dict = _TILES["town"]
SCORING: dict = _TILES["scoring"]
POWER_ACTIONS: dict = _TILES["power_actions"]
CULT_POWER = {int(k): v for k, v in _TILES["cult_power"].items()}
PRIEST_SPACES: list[int] = _TILES["priest_spaces"]

TERRAINS: list[str] = _TILES["terrain_cycle"]  # plains swamp lakes forest mountains wasteland desert
TRACKS = ["FIRE", "WATER", "EARTH", "AIR"]
BUILDINGS = ["D", "TP", "TE", "SH", "SA"]
POWER_VALUE = {"D": 1, "TP": 2, "TE": 2, "SH": 3, "SA": 3}
COLOR_OF = {"plains": "brown", "swamp": "black", "lakes": "blue", "forest": "green",
            "mountains": "gray", "wasteland": "red", "desert": "yellow"}
TERRAIN_OF_COLOR = {v: k for k, v in COLOR_OF.items()}
TERRAIN_OF_COLOR["grey"] = "mountains"

# -- map -----------------------------------------------------------------------------------
CELLS: list[str] = [c["id"] for c in _MAP["cells"]]
INDEX: dict[str, int] = {c: i for i, c in enumerate(CELLS)}
IS_RIVER: list[bool] = [c["terrain"] == "river" for c in _MAP["cells"]]
START_TERRAIN: list[str | None] = [None if c["terrain"] == "river" else c["terrain"] for c in _MAP["cells"]]
NEIGHBORS: list[tuple[int, ...]] = [tuple(INDEX[n] for n in c["nb"]) for c in _MAP["cells"]]
LAND: list[int] = [i for i in range(len(CELLS)) if not IS_RIVER[i]]
BRIDGE_SPOTS: list[tuple[int, int]] = [tuple(sorted((INDEX[a], INDEX[b]))) for a, b in _MAP["bridges"]]
BRIDGE_SET = set(BRIDGE_SPOTS)


def _axial(c: dict) -> tuple[int, int]:
    r = c["row"]
    return c["col"] - (r - (r % 2)) // 2, r


AXIAL = [_axial(c) for c in _MAP["cells"]]


def hex_distance(a: int, b: int) -> int:
    (q1, r1), (q2, r2) = AXIAL[a], AXIAL[b]
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _ship_distances() -> list[dict[int, int]]:
    """For each land cell: land cells reachable through river cells only -> number of river cells."""
    out: list[dict[int, int]] = []
    for a in range(len(CELLS)):
        res: dict[int, int] = {}
        if IS_RIVER[a]:
            out.append(res)
            continue
        frontier = [n for n in NEIGHBORS[a] if IS_RIVER[n]]
        seen = set(frontier)
        d = 1
        while frontier:
            nxt = []
            for r in frontier:
                for n in NEIGHBORS[r]:
                    if IS_RIVER[n]:
                        if n not in seen:
                            seen.add(n)
                            nxt.append(n)
                    elif n != a and n not in res:
                        res[n] = d
            frontier = nxt
            d += 1
        out.append(res)
    return out


SHIP_DIST: list[dict[int, int]] = _ship_distances()
# land cells by hex distance (for tunnelling and carpet flight)
def _within(most: int = 4) -> list[dict[int, int]]:
    """For each land cell: the other land cells at most ``most`` hexes away -> their distance
    (hex_distance, worked out inline: this runs at import, before a game's first paint)."""
    land = [(b, AXIAL[b]) for b in LAND]
    out: list[dict[int, int]] = []
    for a in range(len(CELLS)):
        row: dict[int, int] = {}
        if not IS_RIVER[a]:
            q1, r1 = AXIAL[a]
            for b, (q2, r2) in land:
                dq, dr = q1 - q2, r1 - r2
                d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
                if 0 < d <= most:
                    row[b] = d
        out.append(row)
    return out


WITHIN: list[dict[int, int]] = _within()


def spade_distance(a: str, b: str) -> int:
    i, j = TERRAINS.index(a), TERRAINS.index(b)
    d = abs(i - j)
    return min(d, 7 - d)


SPADES: dict[str, dict[str, int]] = {a: {b: spade_distance(a, b) for b in TERRAINS} for a in TERRAINS}


def _signed(a: str, b: str) -> int:
    """Steps from a to b around the cycle, signed, the short way (-3..3)."""
    d = (TERRAINS.index(b) - TERRAINS.index(a)) % 7
    return d - 7 if d > 3 else d


def home_spade_distance(home: str, a: str, b: str) -> int:
    """Spades to turn a into b for a faction whose home terrain is ``home``.

    The reference moderator (tiles.json terrain_cycle.partial_transforms): a transform between two
    terrains that are both not the home terrain may not pass over the home terrain on the cycle; if
    the home terrain lies on the short way, it counts the long way round (7 - short).
    """
    d = _signed(a, b)
    short = abs(d)
    if short == 0 or a == home or b == home:
        return short
    h = _signed(a, home)
    if (h < 0) == (d < 0) and abs(h) < short:
        return 7 - short
    return short


#: SPADES_FOR[home][from][to]: spades needed by a faction of that home terrain
SPADES_FOR: dict[str, dict[str, dict[str, int]]] = {
    hm: {a: {b: home_spade_distance(hm, a, b) for b in TERRAINS} for a in TERRAINS} for hm in TERRAINS
}


def faction_by_terrain(terrain: str) -> list[str]:
    return [f for f in FACTION_IDS if FACTIONS[f]["terrain"] == terrain]
