"""The Maracaibo hard bot: policy-improvement search over sampled worlds.

The medium bot (``bots/maracaibo.py``) judges each answer by the position at the end of its own
turn, on one sampled world. The hard bot improves on it where it matters most (the ship's move
and the main action; ``SEARCHED``):

1. It samples ``WORLDS`` complete worlds from its view (``maracaibo.determinize``: other hands,
   the deck, the piles, face-down tiles; never the real ones).
2. It ranks every legal answer as the medium bot does, but averaged over all those worlds, and
   keeps the best ``WIDTH``.
3. For each kept answer and each world (the same worlds for every answer, so the comparison is
   paired), it plays on: the rest of its own turn, the rivals' turns and ``HORIZON`` - 1 more turns
   of its own, every seat played by a quick version of the medium policy (:func:`policy`); then it
   values the position with :func:`evaluate_all` (its worth minus the best rival's; the final
   score if the game ended). So what a move sets up for the next turn (where the ship stands,
   the round end, the rival's reply) is counted, not only the worth at the turn's end. Its worth
   (:func:`worth`, in the ranking, in its own turns of the playouts and in their evaluation) is
   the medium bot's plus what its placed assistants bring in the rounds to come
   (:func:`assistants_outlook`), its explorer's way (:func:`explorer_outlook`) and what its
   bought end-scoring cards will add as their counters grow (:func:`end_card_outlook`); the
   rivals in the playouts play by the medium worth, as the medium bot does.
4. It plays the answer with the best mean, unless that is not at least ``MARGIN`` points better
   than the medium bot's ranking favourite's mean.

Other decisions (drawing, planning, single village steps, ...) take the medium ranking averaged
over ``RANK_WORLDS`` worlds. Everything random comes from the ``rng`` given (the bot's seed), and
the budget is counted in worlds and answers, never in time, so a choice depends only on the seed
and the view.
"""
from __future__ import annotations

from typing import Any

from tabletop_tui.rules.core import IllegalAction, Rng

from tabletop_tui.rules.maracaibo import explorer
from tabletop_tui.rules.maracaibo.content import XTRACK
from tabletop_tui.rules.maracaibo.counters import counter
from tabletop_tui.rules.maracaibo.scoring import end_card_vp, end_cards

from . import maracaibo as mb

#: decision kinds searched with playouts; the rest use the averaged medium ranking
SEARCHED = ("move", "main")
#: worlds sampled for a searched decision (the hard bot's ``iterations`` overrides it)
WORLDS = 6
#: answers kept for playouts
WIDTH = 4
#: own turns the playout reaches: 1 = stop when this seat is to move again; 2 = play that turn too
HORIZON = 2
#: worlds for the medium ranking of decisions that are not searched
RANK_WORLDS = 2
#: points the playouts' favourite must gain over the ranking's favourite to replace it
MARGIN = 0.5
#: how much an end-scoring card's counter grows a round for one seat, read in 14 seat-games of
#: hard and medium bots (2 and 4 players, seeds 36301-36305, 40301-40302; the upgrades and the
#: cards bought come early, the assistants late): the outlook of a bought end card
END_GROWTH = {"combat_tokens": 1.1, "quests": 0.5, "upgrades": 1.2, "cards": 4.0, "assistants": 0.5,
              "compass": 0.55, "noble_ranks": 1.0, "explorer_progress": 0.7}
#: VP a placed assistant brings in each round still to come after the current one: it acts when
#: the ship stops at it (2 doubloons and 2 VP, 3 doubloons and a card, ...) or scores 2 VP
#: unused, every round; the medium bot's worth counts only this round's 2 VP of a live one
ASSIST_ROUND = 2.5
#: VP a step of the explorer toward the end space is worth in round 1 beyond the medium bot's 0.4,
#: falling to nothing in the last round: the end space (10 VP first, 8 second in two players) and
#: the barriers' first crossings (4 VP, later 2) go to the explorer ahead. Hard lost 10 of the 23
#: games where its explorer ended behind medium's, 8 of the 43 where it did not (session 25's 50
#: logged games and 16 of session 26's)
XSTEP = 0.6
#: safety bound on a playout's length (decisions)
MAX_PLIES = 400
#: decision kinds where the playout policy looks to the end of the turn (else one-step greedy)
TURN_KINDS = ("move", "main")
#: the budget of a searched decision, in rule applications (about 0.1–0.2 ms each with the work
#: around them), ranking and playouts together: no world is begun that would overspend it at
#: the rate of the worlds so far; every kept answer is always judged on the same worlds. (With
#: every application checked, 20000 reached 5.07 s of CPU on a move in `make bench`; since the
#: search applies what it listed unchecked (:class:`Counting`) the same games take 38% less:
#: longest 2.27 s CPU in 4 games with the other core busy.)
APPLY_BUDGET = 20000
#: the part of it the ranking may use (a main action in round 4 can have 40+ answers)
RANK_BUDGET = 8000


#: states whose legal actions :class:`Counting` remembers (a playout step lists one state's
#: actions, then applies them one by one, finishing each turn in between)
LISTED_MAX = 32


class Counting:
    """The rules, counting ``apply`` calls (the search's budget is work done, never time).

    An action it listed itself for the very state it is applied to (the same objects) skips the
    engine's check that lists the legal actions again (``apply_listed``): the same result for a
    third less time; anything else goes through the checked ``apply``."""

    def __init__(self, rules: Any):
        self.rules = rules
        self.applied = 0
        self._listed: dict[int, tuple[Any, list, set]] = {}

    def legal_actions(self, s: Any) -> list:
        acts = self.rules.legal_actions(s)
        if len(self._listed) >= LISTED_MAX:
            self._listed.pop(next(iter(self._listed)))
        # the state and the actions are kept with their ids, so no id is reused while listed
        self._listed[id(s)] = (s, acts, {id(a) for a in acts})
        return acts

    def apply(self, s: Any, a: Any) -> Any:
        self.applied += 1
        got = self._listed.get(id(s))
        if got is not None and got[0] is s and id(a) in got[2]:
            return self.rules.apply_listed(s, a)
        return self.rules.apply(s, a)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)


def assistants_outlook(g: dict, seat: int) -> float:
    """What ``seat``'s placed assistants will bring in the rounds after the current one
    (``ASSIST_ROUND`` each a round). The medium bot's worth counts an assistant as the 2 VP it
    would score if the game ended now, so an assistant bought in round 1 (10 VP or more by the
    end) looks no better than 2 VP and a few doubloons."""
    if g["final"]:
        return 0.0
    left = mb.ROUNDS - min(max(g["round"], 1), mb.ROUNDS)
    return ASSIST_ROUND * len(g["players"][seat]["assistants"]) * left


def _steps_to_end() -> dict[str, int]:
    """Each explorer space's fewest steps to the end space (the shortcut taken)."""
    dist = {explorer.END: 0}
    changed = True
    while changed:
        changed = False
        for sp, spec in XTRACK.items():
            best = min((dist[n] + 1 for n in spec["next"] if n in dist), default=None)
            if best is not None and dist.get(sp, best + 1) > best:
                dist[sp] = best
                changed = True
    return dist


#: the fewest steps from each explorer space to the end space, and from the start
TO_END = _steps_to_end()
TRACK_LEN = TO_END[explorer.START]


def explorer_outlook(g: dict, seat: int) -> float:
    """The explorer's way toward the end space, ``XSTEP`` a step in round 1, less each round
    and nothing in the last (what is still to be won ahead of the rival on the track)."""
    if g["final"]:
        return 0.0
    left = mb.ROUNDS - min(max(g["round"], 1), mb.ROUNDS)
    done = TRACK_LEN - TO_END.get(g["players"][seat]["explorer"], TRACK_LEN)
    return XSTEP * done * left / (mb.ROUNDS - 1)


def end_card_outlook(g: dict, seat: int) -> float:
    """What ``seat``'s bought end-scoring cards ("2 VP per quest", up to a cap) will add by the
    game's end beyond what their counters pay now: each counter grows by its ``END_GROWTH`` a
    round over the rounds left (half of the current one). The medium bot's worth counts such a
    card at today's counter, so a Quest Log bought with no quest done looks worth nothing and is
    passed over for a doubloon or two, and in a two-player game (one copy of each card) the rival
    buys it: in bot games the end-scoring cards decided most games between hard and medium."""
    if g["final"]:
        return 0.0
    r = min(max(g["round"], 1), mb.ROUNDS)
    left = mb.ROUNDS - r + 0.5
    out = 0.0
    for op in end_cards(g["players"][seat]):
        now = counter(g, seat, op["per"])
        out += end_card_vp(op, now + END_GROWTH.get(op["per"], 0.0) * left) - end_card_vp(op, now)
    return out


def worth(g: dict, seat: int) -> float:
    """The hard bot's worth: the medium bot's :func:`maracaibo.worth` plus
    :func:`assistants_outlook`, :func:`explorer_outlook` and :func:`end_card_outlook`."""
    return (mb.worth(g, seat) + assistants_outlook(g, seat) + explorer_outlook(g, seat)
            + end_card_outlook(g, seat))


def evaluate_all(rules: Any, view: Any) -> list[float]:
    """:func:`worth` minus the best rival's, for every seat (as ``maracaibo.evaluate_all``)."""
    n = view.g["n"]
    w = [worth(view.g, j) for j in range(n)]
    return [w[i] - max(w[j] for j in range(n) if j != i) for i in range(n)]


def finished_worth(rules: Any, s: Any, seat: int, a: Any, value: Any = None) -> float | None:
    """``value`` (default the hard bot's :func:`worth`) for ``seat`` after answering ``a`` in the
    complete state ``s`` and finishing the turn greedily by it, or None if ``a`` is not playable
    there."""
    value = value or worth
    try:
        t = rules.apply(s, a)
    except IllegalAction:
        return None
    t = mb._finish_turn(rules, t, seat, value=value)
    return value(t.g, seat)


def policy(rules: Any, s: Any, me: int | None = None) -> Any:
    """The playouts' policy on a complete state: for a move or main action, the answer whose turn
    ends best (each answer played to the end of the turn); otherwise the one-step best answer.
    The seat ``me`` (the hard bot itself) judges by its own :func:`worth`; every other seat is
    played as the medium bot plays, by the medium worth."""
    d = rules.pending(s)
    seat = d.seat
    value = worth if seat == me else mb.worth
    if d.kind not in TURN_KINDS:
        return mb._greedy(rules, s, seat, value)
    acts = mb._prune(s.g, seat, rules.legal_actions(s))
    if len(acts) == 1:
        return acts[0]
    best, bv = acts[0], None
    for a in acts:
        v = finished_worth(rules, s, seat, a, value)
        if v is not None and (bv is None or v > bv):
            best, bv = a, v
    return best


def play_on(rules: Any, s: Any, seat: int, horizon: int) -> Any:
    """The state reached from ``s`` by :func:`policy` when ``seat`` is about to start its
    ``horizon``-th turn from now (or the game is over)."""
    starts = 0
    for _ in range(MAX_PLIES):
        d = rules.pending(s)
        if d is None:
            break
        if d.seat == seat and d.kind == "move":
            starts += 1
            if starts >= horizon:
                break
        s = rules.apply(s, policy(rules, s, seat))
    return s


def playout(rules: Any, s: Any, seat: int, horizon: int) -> float:
    """``seat``'s evaluation (worth minus the best rival's) where :func:`play_on` stops."""
    return evaluate_all(rules, play_on(rules, s, seat, horizon))[seat]


def _overspends(counted: Any, done: int, budget: int) -> bool:
    """Would one more world (at the rate of the ``done`` so far) take ``counted`` past ``budget``?"""
    return done > 0 and counted.applied * (done + 1) / done > budget


def averaged_rank(rules: Any, view: Any, seat: int, worlds: list,
                  budget: int | None = None) -> list[tuple[Any, float]]:
    """Every legal answer with its medium measure averaged over ``worlds`` (with ``budget``,
    over as many of them as ``rules``' count of applications allows), best first (ties: the
    medium bot's order of the first world)."""
    legal = rules.legal_actions(view)
    texts = {a.text: a for a in legal}
    total: dict[str, float] = {}
    count: dict[str, int] = {}
    order: list[str] = []
    for i, w in enumerate(worlds):
        if budget is not None and _overspends(rules, i, budget):
            break
        for a in mb._prune(w.g, seat, rules.legal_actions(w)):
            if a.text not in texts:
                continue
            v = finished_worth(rules, w, seat, a)
            if v is None:
                continue
            if a.text not in total:
                order.append(a.text)
                total[a.text], count[a.text] = 0.0, 0
            total[a.text] += v
            count[a.text] += 1
    mean = {k: total[k] / count[k] for k in total}
    first = {k: i for i, k in enumerate(order)}
    ranked = sorted(mean, key=lambda k: (-mean[k], first[k]))
    out = [(texts[k], mean[k]) for k in ranked]
    listed = set(ranked)
    out += [(a, float("-inf")) for a in legal if a.text not in listed]
    return out


def choose(rules: Any, view: Any, seat: int, rng: Rng, iterations: int | None = None) -> Any:
    """The hard bot's answer for ``seat`` in ``view`` (see the module's docstring)."""
    legal = rules.legal_actions(view)
    if not legal:
        raise RuntimeError("maracaibo hard bot: no legal action")
    if len(legal) == 1:
        return legal[0]
    return _search(rules, view, seat, rng, iterations, legal)[0]


def rated(rules: Any, view: Any, seat: int, rng: Rng) -> tuple[str, str, list]:
    """For ``bots/rating.py``: the answers the search played out with their mean playout value
    (its choice first), or, for a decision it does not play out, the averaged medium measure."""
    legal = rules.legal_actions(view)
    if len(legal) == 1:
        return "hard", "VP", [(legal[0], None)]
    pick, ranking, value, judged = _search(rules, view, seat, rng, None, legal)
    if not value or not judged:  # (not played out: the pick is the ranking's first)
        return "hard", "VP", [(pick, ranking[0][1] if ranking[0][0] == pick else None)] + [
            x for x in ranking if x[0] != pick]
    by_text = {a.text: a for a in legal}
    keys = sorted(value, key=lambda k: (by_text[k] != pick, -value[k]))
    return "hard", "VP", [(by_text[k], value[k] / judged) for k in keys]


def _search(rules: Any, view: Any, seat: int, rng: Rng, iterations: int | None,
            legal: list) -> tuple[Any, list, dict, int]:
    """(the answer, the averaged ranking, each played-out answer's summed value, the worlds
    judged): the search of :func:`choose`."""
    d = rules.pending(view)
    searched = d.kind in SEARCHED
    n_worlds = max(1, iterations if iterations is not None else WORLDS) if searched else RANK_WORLDS
    worlds = [mb.determinize(rules, view, seat, Rng(rng.next64())) for _ in range(n_worlds)]
    counted = Counting(rules)
    ranking = averaged_rank(counted, view, seat, worlds, RANK_BUDGET if searched else None)
    if not searched or len(ranking) == 1:
        return ranking[0][0], ranking, {}, 0
    keys = [a.text for a, v in ranking[:WIDTH] if v != float("-inf")]
    by_text = {a.text: a for a in legal}
    if len(keys) <= 1:
        return ranking[0][0], ranking, {}, 0
    value = {k: 0.0 for k in keys}
    ranked = counted.applied
    judged = 0
    for w in worlds:
        if judged and ranked + (counted.applied - ranked) * (judged + 1) / judged > APPLY_BUDGET:
            break  # another world would overspend, at the rate of the worlds so far
        judged += 1
        for k in keys:
            try:
                t = rules.apply(w, by_text[k])
            except IllegalAction:
                value[k] -= 1000.0  # not playable in this world: do not risk it
                continue
            value[k] += playout(counted, t, seat, HORIZON)
    best = max(keys, key=lambda k: (value[k], -keys.index(k)))
    if value[best] < value[keys[0]] + MARGIN * judged:
        best = keys[0]
    return by_text[best], ranking, value, judged
