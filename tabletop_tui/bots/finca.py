"""Finca bot. Hidden: the tiles under each face-up fruit tile and the 2 out of the game (a world
deals the unseen tiles afresh); nothing random happens after set-up.

The heuristic plays whole turns: every farmer move, every double move and gust, and every
delivery (picks, fills, omissions, searched to completion with duplicate orders pruned), each
judged by the evaluation after the turn — points in hand, fruit that can still be delivered
(carts permitting), majorities on the finca tiles still open, progress toward a 1–6 set.
"""
from __future__ import annotations

from typing import Any

from tabletop_tui.rules import finca as F
from tabletop_tui.rules.core import IllegalAction, Rng

SEARCH_ITERATIONS = 60
ROLLOUT_PLIES = 0
TAU = 5.0
#: what a fruit held is worth (a tile of value v takes v fruits, and scores v)
FRUIT = 0.55
#: turns with lookahead searched per decision: bound on the number of whole-turn leaves
MAX_LEAVES = 4000


def determinize(rules: Any, view: Any, seat: int, rng: Rng) -> Any:
    seen = set()
    for st in view.stacks:
        seen.update(t for t in st if t != F.HIDDEN)
    for tiles in view.tiles:
        seen.update(tiles)
    unseen = sorted(t for t in F.TILES if t not in seen)
    rng.shuffle(unseen)
    w = view.copy()
    k = 0
    for st in w.stacks:
        for i, t in enumerate(st):
            if t == F.HIDDEN:
                st[i] = unseen[k]
                k += 1
    w.out = [unseen[k + i] if t == F.HIDDEN else t for i, t in enumerate(view.out)]
    w.rng = Rng(rng.next64())
    return w


def worth(s: Any, p: int) -> float:
    b = F.score_breakdown(s, p)
    value = float(sum(b.values()))
    if s.step == "over":
        return value
    fruits = F.fruit_total(s, p)
    capacity = 6 * (s.carts[p] + 1) + (4 if "large" in s.action_tiles[p] else 0)
    value += FRUIT * min(fruits, capacity) + 0.15 * max(0, fruits - capacity)
    value += 0.8 * min(s.carts[p], 2)
    # majorities on the finca tiles still open: a lead in a community's fruits is worth part
    # of its 5 points, more as the stack runs down
    for c in range(len(F.COMMUNITIES)):
        if s.finca_owner[c] is not None or not s.stacks[c]:
            continue
        counts = F.majority_counts(s, s.finca_tile[c])
        mine = counts[p]
        best_other = max(v for q, v in enumerate(counts) if q != p)
        share = 1.0 / (1 + len(s.stacks[c]))
        if mine > best_other:
            value += F.FINCA_VP * (0.4 + share)
        elif mine == best_other and mine > 0:
            value += 0.5
    prog = F.set_progress(s, p)
    have = sum(1 for v in prog.values() if v > len(s.bonus[p]))
    if s.bonus_stack:
        value += 0.4 * have
    return value


def evaluate(rules: Any, s: Any, seat: int) -> float:
    if s.step == "over":
        res = rules.result(s)
        mine = res.scores[seat]
        best = max(v for p, v in res.scores.items() if p != seat)
        return float(mine - best) + (30.0 if seat in res.winners else -30.0)
    mine = worth(s, seat)
    return mine - max(worth(s, p) for p in range(s.n) if p != seat)


def _pruned(s: Any, acts: list) -> list:
    """The turn's sub-steps without duplicate orders: communities picked in index order, and
    the any-fruit symbols of one tile filled in fruit order."""
    d = s.dlv
    if s.step == "deliver" and d["picks"]:
        last = d["picks"][-1]
        return [a for a in acts if not isinstance(a, F.Pick) or F.COMMUNITIES.index(a.community) > last]
    if s.step == "fill" and d["fills"] and d["fills"][-1]:
        last = F.FRUITS.index(d["fills"][-1][-1])
        return [a for a in acts if F.FRUITS.index(a.fruit) >= last]
    return acts


def _turn_value(rules: Any, s: Any, seat: int, budget: list) -> float:
    """The best evaluation ``seat`` can reach by finishing the turn from ``s``."""
    if s.step == "over" or s.turn != seat or s.step in ("turn", "place") or budget[0] <= 0:
        budget[0] -= 1
        return evaluate(rules, s, seat)
    best = -1e9
    for a in _pruned(s, rules.legal_actions(s)):
        try:
            nxt = rules.apply(s, a)
        except IllegalAction:
            continue
        best = max(best, _turn_value(rules, nxt, seat, budget))
    return best if best > -1e9 else evaluate(rules, s, seat)


def choose(rules: Any, view: Any, seat: int, rng: Rng) -> Any:
    acts = rules.legal_actions(view)
    if len(acts) == 1:
        return acts[0]
    w = determinize(rules, view, seat, rng)
    budget = [MAX_LEAVES]
    cands = _pruned(w, acts)
    best, best_v = cands[0], -1e9
    for a in cands:
        try:
            nxt = rules.apply(w, a)
        except IllegalAction:
            continue
        if w.step == "turn" or w.step == "place":
            # a new turn begins with this action: finish it (unless it ended the turn)
            v = _turn_value(rules, nxt, seat, budget) if nxt.turn == seat and nxt.step not in ("turn", "place") \
                else evaluate(rules, nxt, seat)
        else:
            v = _turn_value(rules, nxt, seat, budget)
        if v > best_v:
            best, best_v = a, v
    return best
