"""Terra Mystica, the hard bot: a one-step rollout (policy-improvement) search over macros.

Terra Mystica has no hidden information and no chance once set up, so playing the medium
heuristic for every seat from a position is an exact model of medium opponents (Bertsekas's
"rollout algorithm": one step of policy improvement over a base policy is at least as good as
the base policy when the model is exact).

For a main turn the bot

1. lists the medium heuristic's macros (one main action with the conversions that pay for it
   and its follow-ups; see ``bots/terra_mystica.py``) and ranks them as medium does (with its
   second look);
2. keeps the best ``ROOT_WIDTH`` macros that do not pass, and the best pass (one macro per
   bonus card: the rollout decides whether passing now beats building);
3. plays each macro, then the medium heuristic for every seat (itself included) until the
   round ends (in the last round: until the game ends, and the final score decides), at most
   ``ROLLOUT_TURNS`` turns, then values the end position with ``evaluate`` (its worth minus the
   best rival's) — or, once the game is over, the final VP margin;
4. plays the first step of the macro with the best rollout value.

Every other decision (faction, start dwellings, leech offers, follow-ups chosen on their own) is
medium's. Within a turn, the later steps of a macro are chosen again from the new view; the
rollout of the macro chosen before ends in the same position, so it wins again (its value is
remembered by that position, which also saves the cost).

The choice depends only on the view (the rollouts are deterministic: the heuristic draws nothing
at random): no clock, no seed. The budget is the number of macros and rollout turns.
"""
from __future__ import annotations

from typing import Any

from tabletop_tui.bots import terra_mystica as tm

#: how many of medium's best non-passing macros are rolled out (plus the best pass)
ROOT_WIDTH = 4
#: a rollout stops after this many turns (main decisions of any seat) divided by the number of
#: players (40 with two players, 20 with four: the cost of a move stays about the same), else
#: at the end of its rounds
ROLLOUT_TURNS = 80
#: a rollout plays through the end of this many rounds (the current one included)
HORIZON_ROUNDS = 3
#: whether the rollout's medium uses its second look for the other seats / for the bot's own seat
SECOND_OTHERS = True
SECOND_SELF = False
#: rollouts are valued by the final VP margin once over; a win is worth this much more
WIN_BONUS = 0.0

_MEMO: dict = {}
_MEMO_MAX = 20000


def _key(s: Any) -> str:
    import json

    d = s.to_json()
    d.pop("rng", None)
    return json.dumps(d, separators=(",", ":"))


def _policy(rules: Any, s: Any, seat: int, me: int) -> Any:
    d = rules.pending(s)
    if d.kind != "main":
        return tm.choose(rules, s, d.seat, None)
    second = SECOND_SELF if d.seat == me else SECOND_OTHERS
    return tm._ranked(rules, s, d.seat, second=second)[0][0]


def _value(rules: Any, s: Any, me: int) -> float:
    if s.phase == "over":
        vps = [q.VP for q in s.players]
        best = max(v for j, v in enumerate(vps) if j != me)
        return float(vps[me] - best) + (WIN_BONUS if vps[me] >= best else 0.0)
    return tm.evaluate_all(rules, s)[me]


def rollout(rules: Any, t: Any, me: int, r0: int, turns: int | None = None) -> float:
    """The value for ``me`` of position ``t`` after the heuristic has played every seat to the
    end of round ``r0`` (or of the game, or ``turns`` turns)."""
    turns = ROLLOUT_TURNS // len(t.players) if turns is None else turns
    k = (_key(t), me, r0, turns, HORIZON_ROUNDS, SECOND_OTHERS, SECOND_SELF)
    hit = _MEMO.get(k)
    if hit is not None:
        return hit
    s = t
    done = 0
    for _ in range(2000):
        d = rules.pending(s)
        if d is None or s.round >= r0 + HORIZON_ROUNDS or s.phase != "play":
            break
        if d.kind == "main" and s.step == "main" and s.chain == 0:
            if done >= turns:
                break
            done += 1
        s = rules.apply(s, _policy(rules, s, d.seat, me))
    v = _value(rules, s, me)
    if len(_MEMO) >= _MEMO_MAX:
        _MEMO.clear()
    _MEMO[k] = v
    return v


def candidates(rules: Any, view: Any, seat: int) -> list[tuple[float, list, Any]]:
    """The macros worth a rollout: medium's best few that do not pass, and its best pass."""
    plans = tm._plans(rules, view, seat)
    if not plans:
        return []
    plans = tm._second_look(rules, plans, seat)
    plans = sorted(plans, key=lambda x: -x[0])
    out, seen, passes = [], set(), None
    for v, plan, end in plans:
        if plan[-1].kind == "pass":
            if passes is None:
                passes = (v, plan, end)
            continue
        if len(out) < ROOT_WIDTH and tuple(plan) not in seen:
            seen.add(tuple(plan))
            out.append((v, plan, end))
    if passes is not None:
        out.append(passes)
    # medium's own choice first (ties go to it)
    first = plans[0][1]
    out.sort(key=lambda x: x[1] != first)
    return out


def scored(rules: Any, view: Any, seat: int) -> list[tuple[float, list]]:
    """Each candidate macro with its rollout value, best first (ties keep medium's order)."""
    r0 = view.round
    out = []
    for _v, plan, end in candidates(rules, view, seat):
        out.append((rollout(rules, end, seat, r0), plan))
    order = sorted(range(len(out)), key=lambda i: (-out[i][0], i))
    return [out[i] for i in order]


def choose(rules: Any, view: Any, seat: int, rng: Any = None, iterations: Any = None) -> Any:
    """The hard bot's action for the decision pending in ``view`` (``seat``'s)."""
    d = rules.pending(view)
    legal = rules.legal_actions(view)
    if len(legal) == 1:
        return legal[0]
    if d.kind != "main" or view.phase != "play":
        return tm.choose(rules, view, seat, rng)
    ranked = scored(rules, view, seat)
    if not ranked:
        return tm.choose(rules, view, seat, rng)
    return ranked[0][1][0]
