"""Terra Mystica, the hard bot's round planner: a small tree of the seat's OWN macros for the rest
of the round, the rivals' turns between them played by medium (as zuko3d/tgp's MctsBot: the tree
holds only the bot's own actions; see shared/research/bots.md).

The one-step rollout (``bots/terra_mystica_search.py``) plays each of medium's best few macros and
then medium's policy for every seat, the bot's own included: it can choose its first macro only,
so a plan whose second step medium would not play (a temple now so that the favour pays for the
dwellings after it, workers kept for the dwellings, the power action before the rivals take it,
the round tile's build before passing) is valued as medium would follow it up.

Here, for a main turn:

1. every root candidate (the search's: medium's best macros, one per main action, and its best
   pass) is played, then the rivals by medium until the seat's next main turn in this round;
2. there the seat's own choices are listed (``_own``): medium's choice first (medium's macro
   without the second look, what the rollout would play), then the next best macros by medium's
   worth, one per main action, up to ``WIDTH``, the best pass, and where medium's best few lack
   them the best temple (with its favour) and the best power action (``KINDS``);
3. medium's choice is rolled out (through the rollout's horizon, counted in main decisions from
   the root, so every sequence sees the same number of the table's turns): that is the one-step
   rollout's value of the root, near enough; the ``ROOTS`` best roots by it are then planned
   further: each of their other choices is played and, down to ``DEPTH`` own macros, the same
   again at the seat's next turn; a sequence's value is its rollout's end by the search's
   ``_value`` (``worth``: its own, minus the best rival's with two players);
4. a root is worth its best sequence; the bot plays the first step of the best root (ties:
   the search's order, medium's choice first).

The cost is a count, never a clock: ``ROOTS`` roots get ``WIDTH`` more choices at each of
``DEPTH - 1`` later turns, every one a rollout; ``LEAVES`` bounds the rollouts of one decision.
The choice depends only on the view.
"""
from __future__ import annotations

from typing import Any

from tabletop_tui.bots import terra_mystica as tm
from tabletop_tui.bots import terra_mystica_search as search
from tabletop_tui.rules.core import IllegalAction

#: own macros in a planned sequence, the root's included (1: off, the one-step rollout)
DEPTH = 2
#: how many of the roots (best first by their one-step value) are planned beyond medium's
#: follow-up
ROOTS = 2
#: how many of the seat's own non-passing macros are tried at a later turn (medium's choice
#: among them), by the number of players
WIDTH = {2: 3, 3: 3, 4: 3}
#: beside them, where the best few lack one: "TE" the best macro that builds a temple (and takes
#: its favour), "ACT" the best power action (ACT1-ACT6), "pass" the best pass
KINDS = ("pass", "TE", "ACT")
#: at most this many rollouts for one decision (a count: the move's cost is bounded without a clock)
LEAVES = 12

_MEMO: dict = {}
_MEMO_MAX = 4096


def _walk(rules: Any, s: Any, me: int, r0: int, left: int, looks: int, stop: bool):
    """Play medium for every seat from ``s`` (as the search's rollout does) until the horizon
    (the end of round ``r0 + HORIZON_ROUNDS - 1``, the game's end, or ``left`` more main
    decisions); with ``stop``, also at the seat's own next main turn of round ``r0``.
    Returns (position, main decisions left, second looks given, stopped at the seat's turn)."""
    n = len(s.players)
    for _ in range(2000):
        d = rules.pending(s)
        if d is None or s.round >= r0 + search.HORIZON_ROUNDS or (s.phase != "play" and s.phase not in search.SETUP):
            break
        if d.kind == "main" and s.step == "main" and s.chain == 0:
            if left <= 0:
                break
            if stop and d.seat == me and s.round == r0 and s.phase == "play":
                return s, left, looks, True
            left -= 1
        try:
            a = search._policy(rules, s, d.seat, me, looks)
            if d.kind == "main" and d.seat != me and search.SECOND_OTHERS.get(n, True):
                looks += 1
            s = rules.apply(s, a) if a.kind in tm.FREE else tm._do(s, a)
        except IllegalAction:
            break
    return s, left, looks, False


class _Budget:
    def __init__(self, n: int):
        self.n = n


def _leaf(rules: Any, s: Any, me: int, r0: int, left: int, looks: int) -> float:
    """The value of a sequence's end: medium for every seat through the horizon, then ``_value``."""
    n = len(s.players)
    k = (search._key(s), me, r0, left, looks, search.HORIZON_ROUNDS, search.SECOND_OTHERS.get(n, True),
         search.SECOND_SELF, search.RIVAL_WEIGHT.get(n), search.SECOND_LOOKS.get(n))
    hit = _MEMO.get(k)
    if hit is not None:
        return hit
    end, _l, _k, _stopped = _walk(rules, s, me, r0, left, looks, False)
    v = search._value(rules, end, me)
    if len(_MEMO) >= _MEMO_MAX:
        _MEMO.clear()
    _MEMO[k] = v
    return v


def _main_of(plan: list) -> Any:
    return next((x for x in plan if x.kind not in tm.FREE), plan[-1])


def _own(rules: Any, s: Any, me: int) -> list[tuple[list, Any]]:
    """The seat's choices at its own later turn: medium's macro first (without the second look, as
    the rollout plays it), then the next best by worth, one per main action, up to ``WIDTH``; the
    ``KINDS`` (best pass, temple, power action) where those lack them."""
    plans = sorted(tm._plans(rules, s, me), key=lambda x: -x[0])
    if not plans:
        return []
    width = WIDTH.get(len(s.players), 3)
    out, seen = [], set()
    for _v, plan, end in plans:
        if plan[-1].kind == "pass" and plans[0][1] is not plan:
            continue
        key = _main_of(plan)
        if key in seen:
            continue
        seen.add(key)
        out.append((plan, end))
        if len(out) >= width:
            break
    for kind in KINDS:
        if any(_is(kind, plan) for plan, _e in out):
            continue
        extra = next(((plan, end) for _v, plan, end in plans if _is(kind, plan)), None)
        if extra is not None:
            out.append(extra)
    return out


def _is(kind: str, plan: list) -> bool:
    if kind == "pass":
        return plan[-1].kind == "pass"
    if kind == "ACT":
        return search._power_action(plan)
    return search._upgrade_to(plan) == kind


def _node(rules: Any, s: Any, me: int, r0: int, left: int, looks: int, depth: int, budget: _Budget,
          wide: bool) -> tuple[float, list]:
    """The value of position ``s`` (after one of the seat's macros): the rivals played up to the
    seat's next turn of this round, where (``depth`` own macros still to plan) medium's choice is
    rolled out and, if ``wide``, the seat's other choices too; the best value, with the seat's
    macros that reach it."""
    t, left, looks, mine = _walk(rules, s, me, r0, left, looks, depth > 0)
    if not mine:
        return search._value(rules, t, me), []
    choices = _own(rules, t, me)
    if not choices:
        return _leaf(rules, t, me, r0, left, looks), []
    if not wide or budget.n <= 0:
        choices = choices[:1]
    best = None
    for i, (plan, end) in enumerate(choices):
        if i and budget.n <= 0:
            break
        budget.n -= 1
        if depth > 1:
            v, rest = _node(rules, end, me, r0, left - 1, looks, depth - 1, budget, wide)
        else:
            v, rest = _leaf(rules, end, me, r0, left - 1, looks), []
        if best is None or v > best[0]:
            best = (v, [plan] + rest)
    return best


def scored(rules: Any, view: Any, seat: int) -> list[tuple[float, list]]:
    """Each of the search's root candidates with the value of its best planned sequence, best
    first (ties keep the search's order, medium's choice first)."""
    return [(v, seq[0]) for v, seq in planned(rules, view, seat)]


def planned(rules: Any, view: Any, seat: int) -> list[tuple[float, list[list]]]:
    """Each root candidate's value and its best sequence of the seat's own macros (the root's
    first; medium's follow-up left out where the root alone was rolled out), best first."""
    r0 = view.round
    n = len(view.players)
    left = search.ROLLOUT_TURNS.get(n, 18)
    budget = _Budget(LEAVES)
    cands = search.candidates(rules, view, seat)
    # first the one-step values: each root, then medium's follow-up (one rollout a root)
    first = []
    for _v, plan, end in cands:
        budget.n -= 1
        first.append(_leaf(rules, end, seat, r0, left, 0))
    order = sorted(range(len(cands)), key=lambda i: (-first[i], i))
    vals = list(first)
    seqs = [[c[1]] for c in cands]
    for i in order[:ROOTS]:
        if DEPTH <= 1 or cands[i][1][-1].kind == "pass" or budget.n <= 0:
            continue
        v, rest = _node(rules, cands[i][2], seat, r0, left, 0, DEPTH - 1, budget, True)
        if v > vals[i]:
            vals[i], seqs[i] = v, [cands[i][1]] + rest
    out = [(vals[i], seqs[i]) for i in range(len(cands))]
    order = sorted(range(len(out)), key=lambda i: (-out[i][0], i))
    return [out[i] for i in order]
