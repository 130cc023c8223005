"""Treasure: loading from the basket, capsizing with an eighth piece, giving and stealing,
unloading in the harbour and reaching the target."""
from __future__ import annotations

from .board import CAPACITY, HARBOUR, ISLANDS
from .state import State, note, say


def capsize_check(s: State, seat: int) -> None:
    if s.cargo[seat] > CAPACITY:
        n = s.cargo[seat]
        s.basket += n
        s.cargo[seat] = 0
        note(s, seat, "aboard", -n, "capsized")
        say(s, "capsized", seat, n)


def load_from_basket(s: State, seat: int, n: int, why: str) -> None:
    s.basket -= n
    s.cargo[seat] += n
    note(s, seat, "aboard", n, why)
    capsize_check(s, seat)


def receive(s: State, giver: int, seat: int, n: int = 1) -> None:
    """Move n treasure from giver's ship to seat: onto the masts, or straight home if in harbour."""
    s.cargo[giver] -= n
    note(s, giver, "aboard", -n, "overboard")
    if s.location[seat] == HARBOUR:
        say(s, "unloaded-at-once", seat)
        note(s, seat, "home", n, "overboard, unloaded at once")
        unload_amount(s, seat, n)
    else:
        s.cargo[seat] += n
        note(s, seat, "aboard", n, "overboard")
        capsize_check(s, seat)


def unload_amount(s: State, seat: int, n: int) -> None:
    s.unloaded[seat] += n
    if seat not in s.finished and s.unloaded[seat] >= s.target:
        s.finished.append(seat)
        place = len(s.finished)
        if place == 1:
            say(s, "wins", seat, s.unloaded[seat])
        else:
            say(s, "takes-place", seat, s.unloaded[seat], place)
        remaining = [p for p in range(s.players) if p not in s.finished]
        if not s.play_on or len(remaining) <= 1:
            s.over = True
            s.queue = []
            say(s, "over")
        else:
            # a finished captain leaves the sea: drop whatever was still to do for them
            s.queue = [st for st in s.queue if len(st) < 2 or st[1] != seat]


def enter_harbour(s: State, seat: int, why: str = "unloaded") -> None:
    n = s.cargo[seat]
    s.cargo[seat] = 0
    note(s, seat, "aboard", -n, "unloaded")
    note(s, seat, "home", n, why)
    s.location[seat] = HARBOUR
    if n:
        say(s, "unloaded", seat, n, s.unloaded[seat] + n)
    unload_amount(s, seat, n)


def others_for_overboard(s: State, seat: int) -> tuple:
    n = s.players
    return tuple(p for p in ((seat + k) % n for k in range(1, n)) if s.active(p))


def neutral_other(s: State, seat: int) -> int | None:
    loc = s.location[seat]
    if loc == HARBOUR or ISLANDS[loc].kind != "neutral":
        return None
    for p, l in enumerate(s.location):
        if l == loc and p != seat:
            return p
    return None
