"""Piratissimo's hard bot: medium's race (``bots/piratissimo.py``) played one turn further.

Each action is valued by an expectation over everything chance can do until the hard bot's
next roll: the rest of its own turn (its own later answers the best for it, the wind wheel's
outcomes as likely as on the wheel), then the next captain's whole turn (every die face,
that captain answering for its own best race, with the tornado it may send onto our ship),
and only then the race of :func:`bots.piratissimo.race`. Medium stops at the end of its own
turn and so never sees the rival's tornado coming or the neutral island it is about to share.
Exact expectation, no sampling: the choice depends only on the view (``rng`` and
``iterations`` are not needed).
"""
from __future__ import annotations

import functools
from typing import Any

from tabletop_tui.bots import piratissimo as P
from tabletop_tui.rules.core import Rng
from tabletop_tui.rules.piratissimo import DIE_FACES

#: how many of one's own answers inside a turn are looked through (load, tornado, ...)
DEPTH = 6


@functools.lru_cache(maxsize=1)
def _die_seeds() -> dict:
    """A seed per die face whose stream rolls that face first, with the face's chance."""
    seeds: dict = {}
    for k in range(1000):
        f = DIE_FACES[Rng(k).randbelow(len(DIE_FACES))]
        seeds.setdefault(f, k)
    return {f: (k, DIE_FACES.count(f) / len(DIE_FACES)) for f, k in seeds.items()}


def _rival_turn(rules: Any, s: Any, seat: int) -> float:
    """The next captain rolls: every face, its turn played out, then ``seat``'s race."""
    total = 0.0
    for _face, (k, p) in _die_seeds().items():
        w = s.copy()
        w.rng = Rng(k)
        t = rules.apply(w, rules.legal_actions(w)[0])
        total += p * P._outcome(rules, t, seat)
    return total


def value(rules: Any, s: Any, seat: int, depth: int = DEPTH) -> float:
    """``seat``'s chance of winning once its turn and the next captain's are played."""
    d = rules.pending(s)
    if d is None:
        return P.race(s, seat)
    head = s.queue[0][0]
    if head == "roll":
        if d.seat == seat:
            return P.race(s, seat)
        return _rival_turn(rules, s, seat)
    if head not in P._IN_TURN or depth == 0:
        return P.race(s, seat)
    who = d.seat
    best, mine = -1.0, 0.0
    for a in P._distinct(s, rules.legal_actions(s)):
        if who == seat and P.capsizes_self(s, seat, a):
            continue
        outs = P._after(rules, s, a)
        if who == seat:
            v = sum(p * value(rules, t, seat, depth - 1) for p, t in outs)
            if v > best:
                best, mine = v, v
        else:  # another captain's answer inside this turn: its own best race
            v = sum(p * P._outcome(rules, t, who) for p, t in outs)
            if v > best:
                best = v
                mine = sum(p * value(rules, t, seat, depth - 1) for p, t in outs)
    return mine if best >= 0 else P.race(s, seat)


def ranked(rules: Any, view: Any, seat: int) -> list:
    """Medium's candidates (no capsizing, a green chest with room to spare taken in full),
    each with its value a turn further, best first."""
    cands = [a for a, _v in P.race_rank(rules, view, seat)]
    out = []
    for a in cands:
        w = view.copy()
        w.rng = Rng(0)
        out.append((a, sum(p * value(rules, t, seat) for p, t in P._after(rules, w, a))))
    order = sorted(range(len(out)), key=lambda i: (-out[i][1], i))
    return [out[i] for i in order]


def choose(rules: Any, view: Any, seat: int, rng: Rng, iterations: int | None = None) -> Any:
    acts = rules.legal_actions(view)
    if len(acts) == 1:
        return acts[0]
    return ranked(rules, view, seat)[0][0]


def rated(rules: Any, view: Any, seat: int, rng: Rng) -> tuple[str, str, list]:
    """For ``bots/rating.py``: every candidate with its chance of winning the race a turn
    further, best first (the first is :func:`choose`'s)."""
    return "hard", "chance", ranked(rules, view, seat)
