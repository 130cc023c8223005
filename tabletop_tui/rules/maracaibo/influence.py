"""Nations: influence tracks, noble ranks, ownership markers (supply spaces, map, removed)."""
from __future__ import annotations

from .content import INFLUENCE, NATIONS, NATION_NAMES, RANKS, TRACK_MAX


def gain_influence(p: dict, nation: str, n: int, g: dict | None = None, seat: int = 0, why: str = "") -> None:
    """Move the marker n spaces; every step past the end scores 2 VP instead (E10). With ``g``
    the changes are noted with the reason ``why``."""
    room = TRACK_MAX - p["infl"][nation]
    step = min(room, n)
    p["infl"][nation] += step
    over = n - step
    gained = over * INFLUENCE["overflow_vp_per_step"] if over > 0 else 0
    p["vp"] += gained
    if g is not None:
        from .state import note
        note(g, seat, f"{NATION_NAMES[nation]} infl", step, why)
        note(g, seat, "VP", gained, f"{NATION_NAMES[nation]} track full")


def rank(value: int) -> int:
    r = 0
    for at, rk in RANKS:
        if value >= at:
            r = rk
    return r


def noble_ranks(p: dict) -> int:
    return sum(rank(p["infl"][n]) for n in NATIONS)


def emptied(g: dict, nation: str) -> int:
    return sum(1 for k in g["supply"][nation] if k == 0)


def supply_left(g: dict, nation: str) -> int:
    return sum(g["supply"][nation])


def take_marker(g: dict, nation: str) -> None:
    """The left-most marker of the nation's supply."""
    spaces = g["supply"][nation]
    for i, k in enumerate(spaces):
        if k > 0:
            spaces[i] -= 1
            return
    raise ValueError("no ownership marker left")


def map_counts(g: dict) -> dict:
    counts = {n: 0 for n in NATIONS}
    for owner in g["flags"].values():
        if owner is not None:
            counts[owner] += 1
    return counts


def map_modifier(g: dict, nation: str, least: int, most: int) -> int:
    """+3 if strictly fewest markers on the map, -2 if strictly most (E32: map only)."""
    counts = map_counts(g)
    mine = counts[nation]
    others = [counts[n] for n in NATIONS if n != nation]
    if all(mine < o for o in others):
        return least
    if all(mine > o for o in others):
        return most
    return 0
