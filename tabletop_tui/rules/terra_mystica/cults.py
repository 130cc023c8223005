"""Cult tracks: power at 3/5/7/10, a key and an empty space for 10."""
from __future__ import annotations

from tabletop_tui.rules.terra_mystica.data import CULT_POWER
from tabletop_tui.rules.terra_mystica.power import gain_power
from tabletop_tui.rules.terra_mystica.state import State


def keys_free(s: State, seat: int) -> int:
    p = s.players[seat]
    return p.keys - sum(1 for v in p.cult if v >= 10)


def advance_cult(s: State, seat: int, track: int, n: int) -> int:
    p = s.players[seat]
    pos = p.cult[track]
    target = min(pos + n, 10)
    if target >= 10:
        taken = any(q.cult[track] >= 10 for i, q in enumerate(s.players) if i != seat)
        if taken or keys_free(s, seat) <= 0:
            target = max(pos, 9) if pos < 10 else pos
    if target <= pos:
        return 0
    for th, pw in CULT_POWER.items():
        if pos < th <= target:
            gain_power(p, pw)
    p.cult[track] = target
    return target - pos
