"""Terra Mystica, the hard bot: a one-step rollout (policy-improvement) search over macros, and
on it, a round planner, off by default (the seat's own next macros of the round tried too: see the
section at the end, ``PLAN_DEPTH``; it scored no more than the one-step rollout for 1.7x the CPU).

Terra Mystica has no hidden information and no chance once set up, so playing the medium
heuristic for every seat from a position is an exact model of medium opponents (Bertsekas's
"rollout algorithm": one step of policy improvement over a base policy is at least as good as
the base policy when the model is exact).

For a main turn the bot

1. lists the medium heuristic's macros (one main action with the conversions that pay for it
   and its follow-ups; see ``bots/terra_mystica.py``) and ranks them as medium does (with its
   second look);
2. keeps the best ``ROOT_WIDTH`` macros that do not pass, one per main action (a power action
   aimed at another space is no new choice: medium picks the space once the action is taken),
   and the best pass (one macro per bonus card: the rollout decides whether passing now beats
   building);
3. plays each macro, then the medium heuristic for every seat (itself included; with two or
   three players the rivals with medium's second look, as medium really plays, itself without
   it, which is cheaper; with four players every seat without it: see ``SECOND_OTHERS``)
   through the end of the round after next (``HORIZON_ROUNDS`` = 3 rounds; in the last rounds
   to the end of the game, where the final score decides), at most ``ROLLOUT_TURNS``
   main decisions, then values the end by ``worth`` (``bots/terra_mystica.py``): its own minus
   ``RIVAL_WEIGHT`` times the best rival's (the margin with two players; with four, its own
   worth: a margin there made every hard seat play against the leader and all scored less);
4. plays the first step of the macro with the best rollout value (ties: medium's order).

Measured (2 players, 20 games against medium, seeds 1–20): rollouts to the end of the round won
65% (+5 VP mean margin), through two rounds 75% (+17), through three 95% (+20).

The start dwellings are searched the same way: medium's best ``PLACE_WIDTH`` spaces, each played
on by the heuristic for every seat (the other start dwellings, the bonus cards, then through the
end of round 2 or ``ROLLOUT_TURNS`` main decisions), the best end by ``worth`` chosen. Where a
seat starts decides much of its game (room to expand, neighbours' power, towns); in all-hard
four-player games (seeds 200-209) this lifted the table from 102.0 to 105.2 VP per faction.

The opening book (``bots/terra_mystica_book.py``, made from the 35 league games by
``benchmarks/tm_book.py``): where the seat's faction was played by at least three league seats and
a league line fits the start dwellings already placed, the bot can place the league's next space
(``BOOK_PLACE`` "play"), or roll it out beside medium's best spaces ("rollout"); in rounds 1-3 it
can build toward the league's buildings (``BOOK_MARGIN``). Both are off: measured, neither raised
the score (see the knobs).

Every other decision (faction, leech offers, follow-ups chosen on their own) is medium's, and
the Darklings' stronghold conversion (three workers into priests) is made as soon as it is theirs.
How it plays against the league: as medium does, a little better with two players (it wins 9-10
of 10 against medium, 133 VP) and no better with four (about 111 VP a faction where the league
scores 141): every rollout plays medium's policy for every seat, so the bot cannot find the
league's round plans (a temple and favour in round 1, then many dwellings) that medium never plays
(benchmarks/RESULTS.md, session 25).
Within a turn, the later steps of a macro are chosen again from the new view; the rollout of the
macro chosen before ends in the same position, so it wins again (its value is remembered by that
position, which also saves the cost).

The choice depends only on the view (the rollouts are deterministic: the heuristic draws nothing
at random): no clock, no seed. The budget is the number of macros and rollout turns.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

from tabletop_tui.bots import terra_mystica as tm
from tabletop_tui.bots import terra_mystica_book as book
from tabletop_tui.rules.core import IllegalAction

#: how many of medium's best non-passing macros are rolled out (plus the best pass)
ROOT_WIDTH = 4
#: by the number of players, a rollout stops after this many main decisions (of any seat), else
#: at the end of its rounds: fewer with more players, so that a move stays within time (with four
#: players and the rivals' second look, 20 made the longest move 4.5 s of CPU; without it, 36 —
#: about two rounds — keep the longest near 1 s)
ROLLOUT_TURNS = {2: 40, 3: 26, 4: 36}
#: a rollout plays through the end of this many rounds (the current one included)
HORIZON_ROUNDS = 3
#: by the number of players, whether the rollout's medium uses its second look for the other
#: seats; and for the bot's own seat. With four players the rivals' second look is left out:
#: it cost most of a rollout, so without it a rollout sees twice as far for less (all-hard
#: four-player games, seeds 4–5: 98.4 VP per faction with it at 18 turns, median move 1.1 s,
#: longest 2.9 s; 104.5 without it at 36 turns, 0.64 s, 1.0 s)
SECOND_OTHERS = {2: True, 3: True, 4: False}
SECOND_SELF = False
#: by the number of players, how many of the rivals' main turns in one rollout get the second
#: look (where ``SECOND_OTHERS`` gives it); later ones are played without it. A count, never a
#: clock: with two players a rollout through three rounds gave the rivals a dozen second looks,
#: most of a move's cost (one round-4 move: 62 second looks in 5 rollouts, 7.9 s of its 11 s)
SECOND_LOOKS = {2: 6, 3: 6}
#: by the number of players, how much the best rival's worth counts against the seat's own
#: (1: the margin, as ``evaluate``; less: more of the seat's own points)
RIVAL_WEIGHT = {2: 1.0, 3: 0.5, 4: 0.0}
#: rollouts are valued by the final VP margin once over; a win is worth this much more
WIN_BONUS = 0.0
#: by the number of players, how much better (VP) a pass's rollout must be than the best macro
#: that builds before round 6 for the bot to pass: a rollout values what the seat still holds at
#: its end as if it would be spent, so passing first kept winning by a hair (four players, seed
#: 9001, round 1: the Halflings with 15 coins and 8 workers passed at 98.6 against 98.4 for a
#: dwelling; hard passed earlier than medium, 2.3 main actions of the others after its pass
#: against 1.8)
PASS_MARGIN = {4: 3.0}
#: whether the candidates are one per kind of main action (a trading house, a dwelling, a
#: transform, each power action, each cult track, ...), the best placed of each, rather than one
#: per action (where the four best are often one trading house on four spaces). Off: with
#: PASS_CANDIDATES 2 and POWER_CANDIDATE, all-hard seed 1000 gave 113.25 VP a faction against
#: 124.5 with POWER_CANDIDATE alone (118.75 with neither)
DIVERSE = False
#: how many passes (each with another bonus card, best first by medium's worth) are rolled out:
#: the card decides the next round's income and the special action, and the rollout plays
#: through the next round's scoring tile, which medium's worth of a card does not read (off:
#: measured only together with DIVERSE, see there)
PASS_CANDIDATES = 1
#: start dwellings: how many of medium's best spaces are rolled out (through the first rounds)
PLACE_WIDTH = 3
#: the opening book (``bots/terra_mystica_book.py``, from the league games): start dwellings from
#: it where the faction has a line that fits (``BOOK_PLACE``: "play" plays the book's space,
#: "rollout" rolls it out beside medium's best spaces, None leaves the book out), and in rounds 1-3 the upgrade it
#: says is due (a trading house, then a temple, ...) rolled out with the other candidates and
#: played while within this many VP of the best rollout (``BOOK_MARGIN``; None: the book is off)
BOOK_PLACE: str | None = None
#: whether the best power-action macro is rolled out too when medium's best few lack one (the
#: league takes a power action about once a round and before the others do; medium matches the
#: league's power actions 24% of the time). Off: all-hard four players, held-out seeds 7001-7008,
#: 111.12 +- 3.05 VP a faction against 110.6 +- 3.3 without (tuning seeds 1000-1001: 125.25
#: against 123.1); power actions 3.2 a faction a game, each move about 25% more CPU
POWER_CANDIDATE = False
#: Measured (all-hard four players, VP a faction, `benchmarks/tm_hard4.py`): tuning seeds
#: 1000-1001, without the book 118.75 and 127.5, the book's start dwellings and upgrades 115.5 and
#: 112.0, the upgrades alone 107.75 on seed 1000; held-out seeds 7001-7008 with the book's start
#: dwellings ("play") 108.56 +- 4.0 against 110.6 +- 3.3 without the book (an earlier run of the
#: same code). Not yet understood; a guess: the league's round-1 trading house and temple do
#: not suit the bot's play after them, and the league's start spaces were chosen against other
#: factions than the bots' table. Both are off.
BOOK_MARGIN: float | None = None
#: the set-up phases a rollout plays through on its way to round 1
SETUP = ("place", "bonus")

#: rollout values by position (a pure cache: a rollout depends on nothing else), mostly for the
#: later steps of a macro, which are chosen again from the new view
_MEMO: dict = {}
_MEMO_MAX = 2048


def _key(s: Any) -> bytes:
    """A digest of the whole position (without its random stream, which nothing uses after set-up)."""
    d = s.to_json()
    d.pop("rng", None)
    return hashlib.blake2b(json.dumps(d, separators=(",", ":")).encode(), digest_size=16).digest()


def _policy(rules: Any, s: Any, seat: int, me: int, looks: int = 0) -> Any:
    """The heuristic's answer in a rollout; a rival's main turn gets medium's second look while
    ``looks`` (second looks the rollout has given so far) is below ``SECOND_LOOKS``."""
    d = rules.pending(s)
    if d.kind != "main":
        return tm.choose(rules, s, d.seat, None)
    n = len(s.players)
    if d.seat == me:
        second = SECOND_SELF
    else:
        second = SECOND_OTHERS.get(n, True) and looks < SECOND_LOOKS.get(n, 10 ** 9)
    return tm._ranked(rules, s, d.seat, second=second)[0][0]


def _value(rules: Any, s: Any, me: int) -> float:
    """The seat's final VP (or worth) minus ``RIVAL_WEIGHT`` times the best rival's."""
    n = len(s.players)
    w = RIVAL_WEIGHT.get(n, 1.0)
    if s.phase == "over":
        vps = [float(q.VP) for q in s.players]
    else:
        nets = [tm.network_size(s, j) for j in range(n)] if s.phase in ("play", "bonus") else None
        vps = [tm.worth(s, j, nets) for j in range(n)]
    best = max(v for j, v in enumerate(vps) if j != me)
    return vps[me] - w * best + (WIN_BONUS if vps[me] >= best else 0.0)


def rollout(rules: Any, t: Any, me: int, r0: int, turns: int | None = None) -> float:
    """The value for ``me`` of position ``t`` after the heuristic has played every seat through
    the end of round ``r0 + HORIZON_ROUNDS - 1`` (or of the game, or for ``turns`` main
    decisions): see :func:`_value`."""
    turns = ROLLOUT_TURNS.get(len(t.players), 18) if turns is None else turns
    n = len(t.players)
    k = (_key(t), me, r0, turns, HORIZON_ROUNDS, SECOND_OTHERS.get(n, True), SECOND_SELF,
         RIVAL_WEIGHT.get(n), SECOND_LOOKS.get(n))
    hit = _MEMO.get(k)
    if hit is not None:
        return hit
    s = t
    done = looks = 0
    for _ in range(2000):
        d = rules.pending(s)
        if d is None or s.round >= r0 + HORIZON_ROUNDS or (s.phase != "play" and s.phase not in SETUP):
            break
        if d.kind == "main" and s.step == "main" and s.chain == 0:
            if done >= turns:
                break
            done += 1
        try:
            a = _policy(rules, s, d.seat, me, looks)
            if d.kind == "main" and d.seat != me and SECOND_OTHERS.get(n, True):
                looks += 1
            # the policy's answer is one of the position's legal actions (or a conversion its
            # macro was checked with): played without the check and the ledger's reasons
            s = rules.apply(s, a) if a.kind in tm.FREE else tm._do(s, a)
        except IllegalAction:  # never seen; if the heuristic erred, value what was reached
            break
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
    out, seen, passes = [], set(), []
    for v, plan, end in plans:
        if plan[-1].kind == "pass":
            if len(passes) < PASS_CANDIDATES and all(plan[-1] != q[1][-1] for q in passes):
                passes.append((v, plan, end))
            continue
        # one macro per main action: the same power action aimed at another space is no new
        # choice (the target is chosen again, by medium, once the action is taken)
        key = next((x for x in plan if x.kind not in tm.FREE), plan[-1])
        if DIVERSE:
            key = _kind_of(key)
        if len(out) < ROOT_WIDTH and key not in seen:
            seen.add(key)
            out.append((v, plan, end))
    out += passes
    if POWER_CANDIDATE and not any(_power_action(plan) for _v, plan, _e in out):
        extra = next(((v, plan, end) for v, plan, end in plans if _power_action(plan)), None)
        if extra is not None:
            out.append(extra)
    due = book.due(view, seat) if BOOK_MARGIN is not None else None
    if due is not None and not any(_upgrade_to(plan) == due for _v, plan, _e in out):
        extra = next(((v, plan, end) for v, plan, end in plans if _upgrade_to(plan) == due), None)
        if extra is not None:
            out.append(extra)
    # medium's own choice first (ties go to it)
    first = plans[0][1]
    out.sort(key=lambda x: x[1] != first)
    return out


def _kind_of(a: Any) -> tuple:
    """What kind of main action ``a`` is, its place aside: a trading house on E6 or on F3 is one
    kind, a dwelling another, each power action and each cult track its own."""
    if a.kind == "upgrade":
        return ("upgrade", a.b)
    if a.kind in ("action", "advance", "send"):
        return (a.kind, a.a)
    return (a.kind,)


def _upgrade_to(plan: list) -> str | None:
    """The building a macro upgrades to (None: it upgrades nothing)."""
    for x in plan:
        if x.kind == "upgrade":
            return x.b
    return None


def _power_action(plan: list) -> bool:
    """Whether a macro takes one of the power actions (ACT1-ACT6)."""
    return any(x.kind == "action" and x.a.startswith("ACT") for x in plan)


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
    if d.kind == "place" and PLACE_WIDTH:
        return _place(rules, view, seat)
    if d.kind != "main" or view.phase != "play":
        return tm.choose(rules, view, seat, rng)
    o = tm._ordination(view, seat)
    if o is not None and o in legal:  # the Darklings' stronghold conversion, before it is spent
        return o
    ranked = _main_ranked(rules, view, seat)
    if not ranked:
        return tm.choose(rules, view, seat, rng)
    return _pick(ranked, view, seat)[1][0]


def _main_ranked(rules: Any, view: Any, seat: int) -> list[tuple[float, list]]:
    """The macros of a main turn with their values, best first (the planner's or the rollouts')."""
    plan_on = plan_depth(len(view.players)) > 1
    return plan_scored(rules, view, seat) if plan_on else scored(rules, view, seat)


def _pick(ranked: list[tuple[float, list]], view: Any, seat: int) -> tuple[float, list]:
    """The macro :func:`choose` plays of ``ranked``."""
    pick = _not_passing_early(ranked, view)
    due = book.due(view, seat) if BOOK_MARGIN is not None else None
    if due is not None and _upgrade_to(pick[1]) != due:
        # the book's upgrade, if the rollouts rate it near their best
        lined = next((x for x in ranked if _upgrade_to(x[1]) == due), None)
        if lined is not None and lined[0] >= ranked[0][0] - BOOK_MARGIN:
            pick = lined
    return pick


def rated(rules: Any, view: Any, seat: int, rng: Any = None) -> tuple[str, str, list] | None:
    """For ``bots/rating.py``: a main turn's macros with their rollout values (by first step,
    the one :func:`choose` plays first, each with its macro as the plan); None where the hard bot
    plays medium's choice (every other decision)."""
    d = rules.pending(view)
    legal = rules.legal_actions(view)
    if len(legal) == 1:
        return "hard", "VP", [(legal[0], None)]
    if d.kind == "place" and PLACE_WIDTH:
        pick = _place(rules, view, seat)
        return "hard", "VP", [(pick, None)] + [(a, None) for a in legal if a != pick]
    o = tm._ordination(view, seat)
    if d.kind != "main" or view.phase != "play" or (o is not None and o in legal):
        return None
    ranked = _main_ranked(rules, view, seat)
    if not ranked:
        return None
    best = _pick(ranked, view, seat)
    out, seen = [(best[1][0], best[0], best[1])], {best[1][0]}
    for v, plan in ranked:
        if plan[0] not in seen:
            seen.add(plan[0])
            out.append((plan[0], v, plan))
    return "hard", "VP", out


def _not_passing_early(ranked: list[tuple[float, list]], view: Any) -> tuple[float, list]:
    """The best of ``ranked``, unless it passes before the last round and a macro that does not
    pass comes within ``PASS_MARGIN``: then that one."""
    best = ranked[0]
    margin = PASS_MARGIN.get(len(view.players), 0.0)
    if best[1][-1].kind != "pass" or view.round >= 6 or not margin:
        return best
    rest = [x for x in ranked if x[1][-1].kind != "pass"]
    return rest[0] if rest and rest[0][0] >= best[0] - margin else best


def _place(rules: Any, view: Any, seat: int) -> Any:
    """A start dwelling: the book's (``BOOK_PLACE``) where a league line of the faction fits; else
    medium's best ``PLACE_WIDTH`` spaces, each played on by the heuristic for every seat (the other
    start dwellings, the bonus cards, the first rounds), the best end chosen."""
    lined = book.place(view, seat, rules.legal_actions(view)) if BOOK_PLACE else None
    if lined is not None and BOOK_PLACE == "play":
        return lined
    ranked = [a for a, _v in tm.rank(rules, view, seat, None)][:PLACE_WIDTH]
    if lined is not None and lined not in ranked:
        ranked.append(lined)  # BOOK_PLACE "rollout": the book's space is rolled out with the others
    best, best_v = ranked[0], None
    for a in ranked:
        v = rollout(rules, rules.apply(view, a), seat, view.round)
        if best_v is None or v > best_v:
            best, best_v = a, v
    return best


# ------------------------------------------------------------------------------ the round planner
# Terra Mystica, the hard bot's round planner: a small tree of the seat's OWN macros for the rest
# of the round, the rivals' turns between them played by medium (as zuko3d/tgp's MctsBot: the tree
# holds only the bot's own actions; see shared/research/bots.md).
#
# The one-step rollout (above) plays each of medium's best few macros and
# then medium's policy for every seat, the bot's own included: it can choose its first macro only,
# so a plan whose second step medium would not play (a temple now so that the favour pays for the
# dwellings after it, workers kept for the dwellings, the power action before the rivals take it,
# the round tile's build before passing) is valued as medium would follow it up.
#
# Here, for a main turn:
#
# 1. every root candidate (the search's: medium's best macros, one per main action, and its best
#    pass) is played, then the rivals by medium until the seat's next main turn in this round;
# 2. there the seat's own choices are listed (``_own``): medium's choice first (medium's macro
#    without the second look, what the rollout would play), then the next best macros by medium's
#    worth, one per main action, up to ``PLAN_WIDTH``, the best pass, and where medium's best few lack
#    them the best temple (with its favour) and the best power action (``PLAN_KINDS``);
# 3. medium's choice is rolled out (through the rollout's horizon, counted in main decisions from
#    the root, so every sequence sees the same number of the table's turns): that is the one-step
#    rollout's value of the root, near enough; the ``PLAN_ROOTS`` best roots by it are then planned
#    further: each of their other choices is played and, down to ``PLAN_DEPTH`` own macros, the same
#    again at the seat's next turn; a sequence's value is its rollout's end by the search's
#    ``_value`` (``worth``: its own, minus the best rival's with two players);
# 4. a root is worth its best sequence; the bot plays the first step of the best root (ties:
#    the search's order, medium's choice first).
#
# The cost is a count, never a clock: ``PLAN_ROOTS`` roots get ``PLAN_WIDTH`` more choices at each of
# ``PLAN_DEPTH - 1`` later turns, every one a rollout; ``PLAN_LEAVES`` bounds the rollouts of one decision.
# The choice depends only on the view.

#: own macros in a planned sequence, the root's included (1: off, the one-step rollout); by the
#: number of players, or one number for all. OFF by default (session 26): all-hard, held-out seeds
#: 7001-7008, depth 2 with four players scored 115.50 +- 3.29 VP a faction against 114.12 +- 3.11
#: without (paired +1.4, 95% -2.7 to +5.4: no measured gain) for 1.7x the CPU, its longest move 4.5 s
#: CPU under load (p95 2.9 s) against 2.3 s; with two players (hard vs medium, 4 games) 4.8 s where
#: the one-step rollout's took 3.0 s. A player would wait longer for no stronger play. ``{4: 2}``
#: (or ``--set PLAN_DEPTH=2`` in benchmarks/tm_hard4.py) turns it on.
PLAN_DEPTH: int | dict = 1


def plan_depth(n: int) -> int:
    """``PLAN_DEPTH`` for ``n`` players."""
    return PLAN_DEPTH.get(n, 1) if isinstance(PLAN_DEPTH, dict) else PLAN_DEPTH
#: how many of the roots (best first by their one-step value) are planned beyond medium's
#: follow-up
PLAN_ROOTS = 2
#: how many of the seat's own non-passing macros are tried at a later turn (medium's choice
#: among them), by the number of players
PLAN_WIDTH = {2: 3, 3: 3, 4: 3}
#: beside them, where the best few lack one: "TE" the best macro that builds a temple (and takes
#: its favour), "ACT" the best power action (ACT1-ACT6), "pass" the best pass
PLAN_KINDS = ("pass", "TE", "ACT")
#: at most this many rollouts for one decision (a count: the move's cost is bounded without a clock)
PLAN_LEAVES = 12

_PLAN_MEMO: dict = {}
_PLAN_MEMO_MAX = 4096


def _walk(rules: Any, s: Any, me: int, r0: int, left: int, looks: int, stop: bool):
    """Play medium for every seat from ``s`` (as the search's rollout does) until the horizon
    (the end of round ``r0 + HORIZON_ROUNDS - 1``, the game's end, or ``left`` more main
    decisions); with ``stop``, also at the seat's own next main turn of round ``r0``.
    Returns (position, main decisions left, second looks given, stopped at the seat's turn)."""
    n = len(s.players)
    for _ in range(2000):
        d = rules.pending(s)
        if d is None or s.round >= r0 + HORIZON_ROUNDS or (s.phase != "play" and s.phase not in SETUP):
            break
        if d.kind == "main" and s.step == "main" and s.chain == 0:
            if left <= 0:
                break
            if stop and d.seat == me and s.round == r0 and s.phase == "play":
                return s, left, looks, True
            left -= 1
        try:
            a = _policy(rules, s, d.seat, me, looks)
            if d.kind == "main" and d.seat != me and SECOND_OTHERS.get(n, True):
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
    k = (_key(s), me, r0, left, looks, HORIZON_ROUNDS, SECOND_OTHERS.get(n, True),
         SECOND_SELF, RIVAL_WEIGHT.get(n), SECOND_LOOKS.get(n))
    hit = _PLAN_MEMO.get(k)
    if hit is not None:
        return hit
    end, _l, _k, _stopped = _walk(rules, s, me, r0, left, looks, False)
    v = _value(rules, end, me)
    if len(_PLAN_MEMO) >= _PLAN_MEMO_MAX:
        _PLAN_MEMO.clear()
    _PLAN_MEMO[k] = v
    return v


def _main_of(plan: list) -> Any:
    return next((x for x in plan if x.kind not in tm.FREE), plan[-1])


def _own(rules: Any, s: Any, me: int) -> list[tuple[list, Any]]:
    """The seat's choices at its own later turn: medium's macro first (without the second look, as
    the rollout plays it), then the next best by worth, one per main action, up to ``PLAN_WIDTH``; the
    ``PLAN_KINDS`` (best pass, temple, power action) where those lack them."""
    plans = sorted(tm._plans(rules, s, me), key=lambda x: -x[0])
    if not plans:
        return []
    width = PLAN_WIDTH.get(len(s.players), 3)
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
    for kind in PLAN_KINDS:
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
        return _power_action(plan)
    return _upgrade_to(plan) == kind


def _node(rules: Any, s: Any, me: int, r0: int, left: int, looks: int, depth: int, budget: _Budget,
          wide: bool) -> tuple[float, list]:
    """The value of position ``s`` (after one of the seat's macros): the rivals played up to the
    seat's next turn of this round, where (``depth`` own macros still to plan) medium's choice is
    rolled out and, if ``wide``, the seat's other choices too; the best value, with the seat's
    macros that reach it."""
    t, left, looks, mine = _walk(rules, s, me, r0, left, looks, depth > 0)
    if not mine:
        return _value(rules, t, me), []
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


def plan_scored(rules: Any, view: Any, seat: int) -> list[tuple[float, list]]:
    """Each of the search's root candidates with the value of its best planned sequence, best
    first (ties keep the search's order, medium's choice first)."""
    return [(v, seq[0]) for v, seq in planned(rules, view, seat)]


def planned(rules: Any, view: Any, seat: int) -> list[tuple[float, list[list]]]:
    """Each root candidate's value and its best sequence of the seat's own macros (the root's
    first; medium's follow-up left out where the root alone was rolled out), best first."""
    r0 = view.round
    n = len(view.players)
    depth = plan_depth(n)
    left = ROLLOUT_TURNS.get(n, 18)
    budget = _Budget(PLAN_LEAVES)
    cands = candidates(rules, view, seat)
    # first the one-step values: each root, then medium's follow-up (one rollout a root)
    first = []
    for _v, plan, end in cands:
        budget.n -= 1
        first.append(_leaf(rules, end, seat, r0, left, 0))
    order = sorted(range(len(cands)), key=lambda i: (-first[i], i))
    vals = list(first)
    seqs = [[c[1]] for c in cands]
    for i in order[:PLAN_ROOTS]:
        if depth <= 1 or cands[i][1][-1].kind == "pass" or budget.n <= 0:
            continue
        v, rest = _node(rules, cands[i][2], seat, r0, left, 0, depth - 1, budget, True)
        if v > vals[i]:
            vals[i], seqs[i] = v, [cands[i][1]] + rest
    out = [(vals[i], seqs[i]) for i in range(len(cands))]
    order = sorted(range(len(out)), key=lambda i: (-out[i][0], i))
    return [out[i] for i in order]
