"""The map and the voyage: edges by round, destinations of a move, what lies ahead."""
from __future__ import annotations

from functools import lru_cache

from .content import CONST, EDGES, LOCS, C

FORK = C["map"]["fork"]["at"]
START = C["map"]["start"]


def round_kind(rnd: int) -> int:
    return 4 if rnd >= 4 else 1


@lru_cache(maxsize=None)
def move_edges(kind: int) -> dict:
    """Out-edges usable by movement in a round of this kind: loc -> [(to, mp)]."""
    out: dict = {}
    for e in EDGES:
        if e["use"] != "move":
            continue
        if "rounds" in e and kind not in e["rounds"]:
            continue
        out.setdefault(e["from"], []).append((e["to"], e["mp"]))
    return out


def is_stop(loc: str, kind: int) -> bool:
    spec = LOCS[loc]
    if not spec.get("stop"):
        return False
    return kind in spec.get("rounds", [1, 2, 3, 4])


@lru_cache(maxsize=None)
def destinations(loc: str, kind: int, max_mp: int = CONST["max_move_mp"]) -> tuple:
    """Every legal end of a move: (dest, via, mp, path) with path = locations entered."""
    edges = move_edges(kind)
    found = []

    def walk(at, mp, path, via):
        for to, cost in edges.get(at, []):
            if mp + cost > max_mp:
                continue
            v = via
            if at == FORK:
                v = to
            p = path + (to,)
            found.append((to, v, mp + cost, p))
            if not is_stop(to, kind):
                walk(to, mp + cost, p, v)

    walk(loc, 0, (), None)
    out = []
    for dest, via, mp, path in found:
        # the branch only needs naming when the destination lies beyond the rejoin
        branch_nodes = {n for b in C["map"]["fork"]["branches"].values() for n in b}
        name_via = via if via is not None and dest not in branch_nodes else None
        out.append((dest, name_via, mp, path))
    return tuple(out)


@lru_cache(maxsize=None)
def ahead(loc: str, kind: int) -> frozenset:
    """Locations strictly ahead of loc that a ship can still reach this round."""
    edges = move_edges(kind)
    seen: set = set()
    todo = [loc]
    while todo:
        at = todo.pop()
        for to, _ in edges.get(at, []):
            if to not in seen:
                seen.add(to)
                todo.append(to)
    return frozenset(seen)


def route_cost(path_nodes: list) -> int:
    cost = {(e["from"], e["to"]): e["mp"] for e in EDGES}
    return sum(cost[(a, b)] for a, b in zip(path_nodes, path_nodes[1:]))
