"""Sailing clockwise round the ring: full islands are passed, the own harbour stops the ship;
the lucky push of the wind wheel; arriving."""
from __future__ import annotations

from .board import HARBOUR, N_ISLANDS, PER_ISLAND
from .state import State, say
from .treasure import enter_harbour


def full(s: State, island: int, mover: int) -> bool:
    n = 0
    for p, loc in enumerate(s.location):
        if loc == island and p != mover:
            n += 1
    return n >= PER_ISLAND


def sail(s: State, seat: int, steps: int) -> int:
    """Sail ``steps`` squares clockwise; the own harbour is a square and stops the ship.

    A full landing island is passed to the next free one (which may be the own harbour).
    Returns the new location (HARBOUR or an island).
    """
    exit_ = s.harbour_exit[seat]
    before_harbour = (exit_ - 1) % N_ISLANDS
    pos = s.location[seat]
    for _ in range(steps):
        if pos == HARBOUR:
            pos = exit_
        elif pos == before_harbour:
            pos = HARBOUR
            break
        else:
            pos = (pos + 1) % N_ISLANDS
    while pos != HARBOUR and full(s, pos, seat):
        pos = HARBOUR if pos == before_harbour else (pos + 1) % N_ISLANDS
    s.location[seat] = pos
    return pos


def push(s: State, seat: int) -> int:
    """The lucky push: to the next island with room, island to island (harbours are not islands)."""
    pos = (s.location[seat] + 1) % N_ISLANDS
    while full(s, pos, seat):
        pos = (pos + 1) % N_ISLANDS
    s.location[seat] = pos
    return pos


def arrived(s: State, seat: int, pos: int, how: tuple) -> None:
    """Log an arrival and queue the island's effect (or unload in harbour)."""
    if pos == HARBOUR:
        say(s, "arrived", seat, HARBOUR, how)
        enter_harbour(s, seat)
    else:
        say(s, "arrived", seat, pos, how)
        s.queue.insert(0, ("arrive", seat))
