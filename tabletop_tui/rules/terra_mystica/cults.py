"""Cult tracks: power at 3/5/7/10, a key and an empty space for 10."""
from __future__ import annotations

from tabletop_tui.rules.terra_mystica.data import CULT_POWER
from tabletop_tui.rules.terra_mystica.ledger import credit, lost
from tabletop_tui.rules.terra_mystica.power import gain_power, power_words
from tabletop_tui.rules.terra_mystica.state import State
from tabletop_tui.rules.terra_mystica.words import TRACKS


def th_words(pos: int, target: int) -> str:
    """"space 5" / "spaces 3 and 5": the power spaces a step reaches or passes."""
    ths = [str(th) for th in CULT_POWER if pos < th <= target]
    return ("space " if len(ths) == 1 else "spaces ") + " and ".join(ths)


def keys_free(s: State, seat: int) -> int:
    p = s.players[seat]
    return p.keys - sum(1 for v in p.cult if v >= 10)


def track_taken(s: State, seat: int, track: int) -> bool:
    """Does another player stand on space 10 of the track?"""
    return any(q.cult[track] >= 10 for i, q in enumerate(s.players) if i != seat)


def key_arrived(s: State, seat: int) -> None:
    """A key came (a town tile): the steps to 10 that stopped at 9 earlier in this turn for want of
    a key are taken now, if there are keys for all of them (reference moderator)."""
    p = s.players[seat]
    if p.cult_blocked and keys_free(s, seat) >= len(p.cult_blocked):
        blocked, p.cult_blocked = p.cult_blocked, []
        for t in blocked:
            advance_cult(s, seat, t, 1)


def key_candidates(s: State, seat: int, steps: int) -> list[int]:
    """The tracks a gain of ``steps`` on every track would bring to 10 (each needs a key)."""
    p = s.players[seat]
    return [i for i in range(4) if p.cult[i] < 10 <= p.cult[i] + steps and not track_taken(s, seat, i)]


def advance_cult(s: State, seat: int, track: int, n: int) -> int:
    p = s.players[seat]
    pos = p.cult[track]
    target = min(pos + n, 10)
    why = "the track ends at 10"
    if target >= 10 and pos < 10:
        if track_taken(s, seat, track):
            target = max(pos, 9)
            why = "space 10 is taken"
        elif keys_free(s, seat) <= 0:
            target = 9
            why = "no key for space 10"
            if track not in p.cult_blocked:
                # the step to 10 waits for a key that may still come in this turn (a town)
                p.cult_blocked.append(track)
    cut = n - max(0, target - pos)
    if cut > 0:  # the ledger tells the steps a cap cut off, all of them too ("+0 Fire (…)")
        lost(s, seat, TRACKS[track], f"{cut} {'step' if cut == 1 else 'steps'} lost: {why}")
    if target <= pos:
        return 0
    pw = sum(v for th, v in CULT_POWER.items() if pos < th <= target)
    with credit(s, seat, f"cult track power: {TRACKS[track]} {th_words(pos, target)} gives "
                         f"{power_words(p.bowls, pw)}"):
        for th, v in CULT_POWER.items():
            if pos < th <= target:
                gain_power(p, v, s)
    p.cult[track] = target
    return target - pos
