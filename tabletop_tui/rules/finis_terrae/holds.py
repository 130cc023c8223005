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


def text(hold) -> str:
    if hold is None:
        return "empty"
    kind, n = hold
    names = {"doubloons": "doubloon", "spice": "spice crate", "find": "underwater find",
             "castaway": "castaway", "treasure": "treasure"}
    word = names[kind]
    return f"{n} {word}{'s' if n != 1 and not word.endswith('spice') else ''}"
