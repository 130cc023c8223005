"""The Finca hard bot: policy-improvement search over sampled worlds.

The medium bot (``bots/finca.py``) judges each answer by the best way to finish the turn it
begins, on one sampled world. The hard bot improves on it (Bertsekas's rollout algorithm, as
``bots/terra_mystica_search.py`` and ``bots/maracaibo_search.py`` do):

1. It samples ``WORLDS`` complete worlds from its view (``finca.determinize``: the face-down
   tiles under each community's face-up tile and the two out of the game, dealt afresh from
   what the view leaves unseen; never the real ones). Nothing else in Finca is hidden or left to
   chance once the farmers are placed.
2. It ranks every legal answer as the medium bot does (the best finish of the turn it begins)
   and keeps the best ``WIDTH``.
3. For each kept answer and each world (the same worlds for every answer: a paired comparison),
   it plays on with the medium policy for every seat (itself included: the rest of its own
   turn, the rivals' turns, and ``HORIZON`` - 1 more turns of its own), then values the position
   with ``finca.evaluate_all`` (its worth minus the best rival's; the result once the game is
   over). So what a move leaves the rival (a farmer pushed onto a rich blade, a community left
   open to close, the supply of a fruit run short) is counted, not only the worth at the turn's
   end.
4. It plays the answer with the best mean, unless that is not ``MARGIN`` points a world better
   than the medium favourite's.

Breadth stays bounded: the answers judged are the first sub-decision of the turn (a farmer to
move, deliver, an action tile), each turn completed by the medium policy; a delivery's picks are
decided again from the new view when they come. The budget is a number of rule applications
(``APPLY_BUDGET``), counted, never timed: no world is begun that would overspend it at the rate
of the worlds so far, and every kept answer is always judged on the same worlds. The choice
depends only on the ``rng`` given (the bot's seed) and the view.
"""
from __future__ import annotations

from typing import Any

from tabletop_tui.rules import finca as F
from tabletop_tui.rules.core import IllegalAction, Rng

from . import finca as fb

#: decision steps searched with playouts; the others take the medium choice
SEARCHED = ("place", "turn", "double1", "double2", "gust_from", "gust_to", "deliver")
#: worlds sampled for a searched decision (the hard bot's ``iterations`` overrides it)
WORLDS = 3
#: answers kept for playouts
WIDTH = 4
#: own turns the playout reaches: 1 = stop when this seat is to start a turn again
HORIZON = 2
#: points (per world, on average) the playouts' favourite must gain over medium's favourite
MARGIN = 0.25
#: safety bound on a playout's length (decisions)
MAX_PLIES = 200
#: positions the playouts' medium looks at to finish a turn (the medium bot's own: ``MAX_NODES``)
POLICY_NODES = fb.MAX_NODES
#: the budget of a searched decision, in rule applications, ranking and playouts together
APPLY_BUDGET = 8000


class Overspent(Exception):
    """The budget of rule applications ran out in the middle of a world."""


class Counting:
    """The rules, counting ``apply`` calls (the search's budget is work done, never time);
    at ``limit`` (if set), one more application raises :class:`Overspent` instead."""

    def __init__(self, rules: Any):
        self.rules = rules
        self.applied = 0
        self.limit: int | None = None

    def apply(self, s: Any, a: Any) -> Any:
        if self.limit is not None and self.applied >= self.limit:
            raise Overspent
        self.applied += 1
        return self.rules.apply(s, a)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)


def policy(rules: Any, s: Any) -> Any:
    """The medium policy on a complete state (no sampling: the state is the world)."""
    acts = rules.legal_actions(s)
    if len(acts) == 1:
        return acts[0]
    return fb._rank_world(rules, s, s.turn, acts, POLICY_NODES)[0][0]


def _starts_turn(s: Any, seat: int) -> bool:
    return s.turn == seat and s.step in ("turn", "place")


def play_on(rules: Any, s: Any, seat: int, horizon: int) -> Any:
    """The state reached from ``s`` by :func:`policy` when ``seat`` is about to start its
    ``horizon``-th turn from now (or the game is over)."""
    starts = 0
    for _ in range(MAX_PLIES):
        if s.step == "over":
            break
        if _starts_turn(s, seat):
            starts += 1
            if starts >= horizon:
                break
        s = rules.apply(s, policy(rules, s))
    return s


def playout(rules: Any, s: Any, seat: int, horizon: int = HORIZON) -> float:
    """``seat``'s evaluation (worth minus the best rival's) where :func:`play_on` stops."""
    return fb.evaluate_all(rules, play_on(rules, s, seat, horizon))[seat]


def choose(rules: Any, view: Any, seat: int, rng: Rng, iterations: int | None = None,
           budget: int | None = None, stats: dict | None = None) -> Any:
    """The hard bot's answer for ``seat`` in ``view`` (see the module's docstring). ``budget``
    replaces ``APPLY_BUDGET``; ``stats``, if given, receives the work done: rule applications
    by the ranking (``ranked``) and in all (``applied``), and the worlds judged (``worlds``)."""
    legal = rules.legal_actions(view)
    if not legal:
        raise RuntimeError("finca hard bot: no legal action")
    if len(legal) == 1:
        return legal[0]
    return _search(rules, view, seat, rng, iterations, budget, stats, legal)[0]


def rated(rules: Any, view: Any, seat: int, rng: Rng) -> tuple[str, str, list]:
    """For ``bots/rating.py``: the answers the search played out with their mean playout value
    (its choice first), or, for a step it does not play out, medium's ranking of it."""
    legal = rules.legal_actions(view)
    if len(legal) == 1:
        return "hard", "VP", [(legal[0], None)]
    pick, ranking, value, judged = _search(rules, view, seat, rng, None, None, None, legal)
    if not value or not judged:  # (not played out: the pick is the ranking's first)
        return "hard", "VP", [(pick, ranking[0][1] if ranking[0][0] == pick else None)] + [
            x for x in ranking if x[0] != pick]
    by_key = {str(a): a for a in legal}
    keys = sorted(value, key=lambda k: (by_key[k] != pick, -value[k]))
    return "hard", "VP", [(by_key[k], value[k] / judged) for k in keys]


def _search(rules: Any, view: Any, seat: int, rng: Rng, iterations: int | None, budget: int | None,
            stats: dict | None, legal: list) -> tuple[Any, list, dict, int]:
    """(the answer, medium's ranking on the first world, each played-out answer's summed
    value, the worlds judged): the search of :func:`choose`."""
    budget = APPLY_BUDGET if budget is None else budget
    counted = Counting(rules)
    n_worlds = max(1, iterations if iterations is not None else WORLDS)
    worlds = [fb.determinize(rules, view, seat, Rng(rng.next64())) for _ in range(n_worlds)]
    ranking = fb._rank_world(counted, worlds[0], seat, legal, fb.MAX_NODES)
    if view.step not in SEARCHED or len(ranking) == 1:
        return ranking[0][0], ranking, {}, 0
    by_key = {str(a): a for a in legal}
    keys = [str(a) for a, _v in ranking[:WIDTH] if str(a) in by_key]
    if len(keys) <= 1:
        return ranking[0][0], ranking, {}, 0
    value = {k: 0.0 for k in keys}
    ranked = counted.applied
    counted.limit = ranked + budget
    judged = 0
    for w in worlds:
        if judged and (counted.applied - ranked) * (judged + 1) / judged > budget:
            break  # another world would overspend, at the rate of the worlds so far
        got = {}
        try:
            for k in keys:
                try:
                    t = counted.apply(w, by_key[k])
                except IllegalAction:
                    got[k] = -1000.0  # not playable in this world: do not risk it
                    continue
                got[k] = playout(counted, t, seat)
        except Overspent:
            break  # this world is left out: every answer is judged on the same worlds
        judged += 1
        for k in keys:
            value[k] += got[k]
    if stats is not None:
        stats.update(ranked=ranked, applied=counted.applied, worlds=judged)
    if not judged:
        return ranking[0][0], ranking, {}, 0
    best = max(keys, key=lambda k: (value[k], -keys.index(k)))
    if value[best] < value[keys[0]] + MARGIN * judged:
        best = keys[0]
    return by_key[best], ranking, value, judged
