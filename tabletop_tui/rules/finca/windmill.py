"""The windmill: moving farmers around the blades, harvesting fruit, donkey carts at the
dividing lines, and the shortages when a supply runs out."""
from __future__ import annotations

from tabletop_tui.rules.core import Change

from .components import DIVIDING_LINES, N_BLADES, blade_no, fruit_key, plural
from .state import State


def farmers_on(s: State, blade: int) -> int:
    return sum(f[blade] for f in s.farmers)


def crossings(start: int, steps: int) -> int:
    """Dividing lines crossed moving ``steps`` blades clockwise from ``start``."""
    return sum(1 for i in range(1, steps + 1) if (start + i) % N_BLADES in DIVIDING_LINES)


def move_preview(s: State, blade: int) -> dict:
    """Where a farmer moved from ``blade`` lands, the fruits it takes and carts crossed.

    ``short`` says the supply of that fruit runs out (everyone returns that kind first)."""
    n = farmers_on(s, blade)
    dest = (blade + n) % N_BLADES
    there = farmers_on(s, dest) + (0 if dest == blade else 1)
    fruit = s.blades[dest]
    return {"from": blade, "to": dest, "steps": n, "fruit": fruit, "fruits": there,
            "carts": crossings(blade, n), "short": s.supply[fruit] < there}


def gust_preview(s: State, src: int, dest: int) -> dict:
    there = farmers_on(s, dest) + (0 if dest == src else 1)
    fruit = s.blades[dest]
    return {"from": src, "to": dest, "fruit": fruit, "fruits": there, "carts": 0,
            "short": s.supply[fruit] < there}


def harvest(s: State, seat: int, blade: int, n: int) -> None:
    """Take ``n`` fruits of the blade's kind from the supply."""
    fruit = s.blades[blade]
    if s.supply[fruit] < n:
        # Shortage: every player returns all fruits of that kind, then the mover takes.
        for p in range(s.n):
            if s.fruits[p][fruit]:
                s.notes.append(Change(p, fruit_key(fruit), -s.fruits[p][fruit],
                                      f"the {plural(fruit, 2)} ran out"))
            s.supply[fruit] += s.fruits[p][fruit]
            s.fruits[p][fruit] = 0
    take = min(n, s.supply[fruit])
    s.supply[fruit] -= take
    s.fruits[seat][fruit] += take
    if take:
        s.notes.append(Change(seat, fruit_key(fruit), take,
                              f"{plural(fruit, take)} from blade {blade_no(blade)}"))


def take_cart(s: State, seat: int) -> None:
    """A dividing line crossed: take a donkey cart from the windmill."""
    if s.windmill_carts == 0:
        # No cart left: every player returns all carts to the windmill first.
        for p in range(s.n):
            if s.carts[p]:
                s.notes.append(Change(p, "carts", -s.carts[p], "the donkey carts ran out"))
            s.windmill_carts += s.carts[p]
            s.carts[p] = 0
    if s.windmill_carts:
        s.windmill_carts -= 1
        s.carts[seat] += 1
        s.notes.append(Change(seat, "carts", 1, "taken from the windmill: dividing line"))


def move_farmer(s: State, seat: int, blade: int) -> None:
    """Windmill movement: as many blades clockwise as there are farmers on the start blade."""
    steps = farmers_on(s, blade)
    dest = (blade + steps) % N_BLADES
    s.farmers[seat][blade] -= 1
    s.farmers[seat][dest] += 1
    for _ in range(crossings(blade, steps)):
        take_cart(s, seat)
    harvest(s, seat, dest, farmers_on(s, dest))


def gust(s: State, seat: int, dest: int) -> None:
    """Gust of wind: the chosen farmer lands on any blade and harvests there."""
    s.farmers[seat][s.gust_from] -= 1
    s.farmers[seat][dest] += 1
    harvest(s, seat, dest, farmers_on(s, dest))
    s.gust_from = None
