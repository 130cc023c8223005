"""Holds and stash.

A ship board has 4 holds; each holds one kind of thing (doubloons, spice, find, castaway), any
quantity. A hold is ``None`` (empty) or a ``(kind, n)`` tuple with n > 0. Things are loaded only
into an empty hold and never split while loading. The stash (doubloons only) is a plain int.
"""
from __future__ import annotations

GOODS = ("doubloons", "spice", "find", "castaway", "treasure")
NHOLDS = 4


def empty_holds() -> list:
    return [None] * NHOLDS


def amount(holds: list, kind: str) -> int:
    return sum(h[1] for h in holds if h is not None and h[0] == kind)


def doubloons(holds: list) -> int:
    return amount(holds, "doubloons")


def has_empty(holds: list) -> bool:
    return any(h is None for h in holds)


def all_empty(holds: list) -> bool:
    return all(h is None for h in holds)


def load(holds: list, kind: str, n: int) -> list:
    """Load n things of a kind into the first empty hold (the holds are interchangeable)."""
    out = list(holds)
    if n <= 0:
        return out
    i = out.index(None)
    out[i] = (kind, n)
    return out


def take(holds: list, kind: str, n: int) -> list:
    """Remove n things of a kind, from the smallest pile first (emptied holds become free)."""
    out = list(holds)
    order = sorted((i for i, h in enumerate(out) if h is not None and h[0] == kind),
                   key=lambda i: (out[i][1], i))
    for i in order:
        if n <= 0:
            break
        have = out[i][1]
        used = min(have, n)
        n -= used
        out[i] = (kind, have - used) if have > used else None
    if n > 0:
        raise ValueError("not enough in the holds")
    return out


def pay(holds: list, n: int) -> list:
    return take(holds, "doubloons", n)


def default_order(holds: list) -> tuple:
    """The holds that pay n doubloons as ``pay`` takes them: the smallest pile first, so the
    payment empties as many holds as it can (room for cargo)."""
    return tuple(sorted((i for i, h in enumerate(holds) if h is not None and h[0] == "doubloons"),
                        key=lambda i: (holds[i][1], i)))


def pay_in_order(holds: list, order, n: int) -> tuple[list, tuple]:
    """Pay n doubloons, each hold of ``order`` giving all it has before the next one pays.
    Returns the holds left and the holds that paid (in order)."""
    out, used = list(holds), []
    for i in order:
        if n <= 0:
            break
        kind, have = out[i]
        k = min(have, n)
        n -= k
        out[i] = (kind, have - k) if have > k else None
        used.append(i)
    if n > 0:
        raise ValueError("not enough in the holds")
    return out, tuple(used)


def _left(holds: list) -> tuple:
    """What the holds are left with, whichever hold holds it (the holds are interchangeable)."""
    return tuple(sorted(("", 0) if h is None else h for h in holds))


def pay_ways(holds: list, n: int, room: bool = False) -> list[tuple[tuple, list]]:
    """Every way to pay n doubloons that leaves the holds with something different, as (the
    holds that pay in order, the holds left), ``pay``'s own way first; ``room``: only the ways
    that leave an empty hold (spice bought goes into one). A way is an order of the doubloon
    holds, each paying all it has before the next (which holds are emptied, and how much the
    others keep, is what a storm, a combat and the cargo to come care about)."""
    from itertools import permutations

    first = default_order(holds)
    out, seen = [], set()
    for order in [first] + list(permutations(first)):
        left, used = pay_in_order(holds, order, n)
        key = _left(left)
        if key in seen or (room and not has_empty(left)):
            continue
        seen.add(key)
        out.append((used, left))
    return out


LETTER = {"doubloons": "$", "spice": "s", "find": "f", "castaway": "c", "treasure": "t"}


def board(holds: list) -> str:
    """The holds as the ship board shows them: ``|$6|$9|s2|-|``."""
    return "|" + "|".join("-" if h is None else f"{LETTER[h[0]]}{h[1]}" for h in holds) + "|"


def text(hold) -> str:
    if hold is None:
        return "empty"
    kind, n = hold
    names = {"doubloons": "doubloon", "spice": "spice crate", "find": "underwater find",
             "castaway": "castaway", "treasure": "treasure"}
    word = names[kind]
    return f"{n} {word}{'s' if n != 1 and not word.endswith('spice') else ''}"
