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

SEARCH_ITERATIONS = 150
#: playouts finish the rivals' turns (a delivery takes several steps), then evaluate
ROLLOUT_PLIES = 30
ROLLOUT_UNTIL_OWN_TURN = True
TREE_DEPTH = 1
TAU = 5.0
#: what a fruit held is worth (a tile of value v takes v fruits, and scores v)
FRUIT = 0.55
#: turns with lookahead searched per decision: bound on the number of whole-turn leaves
MAX_LEAVES = 4000
ROLLOUT_LEAVES = 300
ROOT_WIDTH = 5


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


def _rank_world(rules: Any, w: Any, seat: int, acts: list, leaves: int) -> list[tuple[Any, float]]:
    budget = [leaves]
    out = []
    for a in _pruned(w, acts):
        try:
            nxt = rules.apply(w, a)
        except IllegalAction:
            continue
        if w.step in ("turn", "place") and (nxt.turn != seat or nxt.step in ("turn", "place")):
            v = evaluate(rules, nxt, seat)  # the action ended the turn
        else:
            v = _turn_value(rules, nxt, seat, budget)
        out.append((a, v))
    order = sorted(range(len(out)), key=lambda i: (-out[i][1], i))
    return [out[i] for i in order] or [(acts[0], 0.0)]


def rank(rules: Any, view: Any, seat: int, rng: Rng) -> list[tuple[Any, float]]:
    """Every sensible action (duplicate delivery orders left out), best first, each valued by
    the best way to finish the turn it begins."""
    acts = rules.legal_actions(view)
    if len(acts) == 1:
        return [(acts[0], 0.0)]
    return _rank_world(rules, determinize(rules, view, seat, rng), seat, acts, MAX_LEAVES)


def choose(rules: Any, view: Any, seat: int, rng: Rng) -> Any:
    return rank(rules, view, seat, rng)[0][0]


def rollout_policy(rules: Any, s: Any, seat: int, rng: Rng, acts: list) -> Any:
    """The heuristic on a complete world, with a smaller search of deliveries."""
    if len(acts) == 1:
        return acts[0]
    return _rank_world(rules, s, seat, acts, ROLLOUT_LEAVES)[0][0]
