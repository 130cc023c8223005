"""The ledger: what each action changed of a seat's public counters, and the rules' reason.

The engine records a :class:`Change` on the state's ``notes`` (a fresh list per apply, never saved)
for every change of victory points and for the gains the rules name (income, power offers, towns,
cult bonuses); :meth:`TerraMysticaRules.changes` then lists the rest (costs) without a reason.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from tabletop_tui.rules.core import Change
from tabletop_tui.rules.terra_mystica.state import Player, State

#: the counters of a seat, points first ("PW" is the power in bowl III, ready to spend)
KEYS = ("VP", "C", "W", "P", "PW")
ON_WORDS = {"D": "dwelling", "TP": "trading house", "TE": "temple", "SHSA": "stronghold or sanctuary",
            "spade": "spade", "town": "town"}


def counters(p: Player) -> dict[str, int]:
    return {"VP": p.VP, "C": p.C, "W": p.W, "P": p.P, "PW": p.bowls[2]}


def seat_of(s: State, p: Player) -> int:
    for i, q in enumerate(s.players):
        if q is p:
            return i
    return -1


def note(s: State, seat: int, what: str, n: int, source: str) -> None:
    notes = getattr(s, "notes", None)
    if n and notes is not None:
        notes.append(Change(seat, what, n, source))


def add_vp(s: State, p: Player, n: int, source: str) -> None:
    """``p`` scores ``n`` victory points (negative: pays them) for ``source``."""
    p.VP += n
    note(s, seat_of(s, p), "VP", n, source)


@contextmanager
def credit(s: State, seat: int, source: str) -> Iterator[None]:
    """Whatever the block changes of the seat's counters comes from ``source`` (the reasons
    recorded inside the block keep their own source)."""
    notes = getattr(s, "notes", None)
    if notes is None:
        yield
        return
    before = counters(s.players[seat])
    start = len(notes)
    yield
    after = counters(s.players[seat])
    inner = notes[start:]
    for k in KEYS:
        rest = after[k] - before[k] - sum(c.amount for c in inner if c.seat == seat and c.what == k)
        if rest:
            notes.append(Change(seat, k, rest, source))


def round_tile_source(tile: dict) -> str:
    return f"round tile: {tile['vp']} per {ON_WORDS.get(tile['on'], tile['on'])}"
