"""Piratissimo bot. Nothing is hidden but the future (die, wind wheel): a world is the view
with a fresh random stream.

Three captains (issue 36: levels a player can feel):

- easy (:func:`easy_choose`, one move in three at random): a beginner's habits — loads all a
  green chest offers, sails on at a tornado roll, sends the tornado anywhere.
- medium (:func:`rank`): what a captain reckons a move at a time — treasure at home, plus
  treasure aboard times the chance of bringing it home (:func:`evaluate`): smaller the further
  the harbour, and smaller still when forced red-chest loads ahead would push the ship past 7.
- hard (``bots/piratissimo_search.py``): the race. :func:`voyage` tables, for a ship alone,
  the chance of having the target home within k turns, loading and sailing for it; :func:`race`
  turns every captain's table into the chance of being home first, in turn order. Hard values
  each action by that race after its own turn and the next captain's, over the die and the
  wind wheel.
"""
from __future__ import annotations

import functools
from typing import Any

from tabletop_tui.rules.core import Rng
from tabletop_tui.rules.piratissimo import CAPACITY, HARBOUR, ISLANDS, N_ISLANDS, RED_LOAD, WIND_WHEEL

LOOKAHEAD_WORLDS = 12
#: chance of landing on a given island ahead (the die moves 1–4; tornado faces move 0 or 1)
LAND = 0.4
#: each island still to sail risks a tornado hit (wheel: overboard, washed away…)
RISK_PER_ISLAND = 0.025


def determinize(rules: Any, view: Any, seat: int, rng: Rng) -> Any:
    w = view.copy()
    w.rng = Rng(rng.next64())
    return w


def distance_home(s: Any, p: int) -> int:
    """Islands to sail before the harbour (0 in harbour)."""
    loc = s.location[p]
    if loc == HARBOUR:
        return 0
    before = (s.harbour_exit[p] - 1) % N_ISLANDS
    return (before - loc) % N_ISLANDS + 1


def home_chance(s: Any, p: int, cargo: int) -> float:
    d = distance_home(s, p)
    if d == 0:
        return 1.0
    loc = s.location[p]
    reds = sum(1 for k in range(1, d) if ISLANDS[(loc + k) % N_ISLANDS].kind == "red")
    forced = RED_LOAD * LAND * reds
    over = cargo + forced - CAPACITY
    safe = 1.0 if over <= 0 else max(0.05, 1.0 - 0.3 * over)
    return safe * (1.0 - RISK_PER_ISLAND) ** d


def worth(s: Any, p: int) -> float:
    if p in s.finished:
        return 100.0 - 10 * s.finished.index(p)
    cargo = s.cargo[p]
    value = s.unloaded[p] + cargo * home_chance(s, p, cargo)
    # an empty ship near home still has to sail round once more to load
    return value


def evaluate(rules: Any, s: Any, seat: int) -> float:
    mine = worth(s, seat)
    rivals = [worth(s, p) for p in range(s.players) if p != seat]
    return mine - max(rivals)


def capsizes_self(s: Any, seat: int, a: Any) -> bool:
    """Loading past 7 on one's own ship: never sensible, however the numbers fall."""
    return a.verb == "load" and s.cargo[seat] + a.value > CAPACITY


def rank(rules: Any, view: Any, seat: int, rng: Rng) -> list:
    """medium: the captain's reckoning a move at a time (the shared lookahead over
    :func:`evaluate`), without the loads that capsize one's own ship: treasure aboard and the
    red chests ahead, not the race (that is hard's, ``bots/piratissimo_search.py``)."""
    from tabletop_tui.bots import core as bots

    acts = [a for a in rules.legal_actions(view) if not capsizes_self(view, seat, a)]
    if not acts:
        acts = rules.legal_actions(view)
    return bots.ranked(rules, view, seat, rng, evaluate=evaluate, actions=acts)


def easy_choose(rules: Any, view: Any, seat: int, rng: Rng) -> Any:
    """easy's plain move, a beginner's habits: load all a green chest offers (short of
    capsizing), sail on when the tornado is rolled, send the tornado anywhere; the rest (where
    to place the tornado, a neutral island) as medium reckons."""
    acts = rules.legal_actions(view)
    kind = view.queue[0][0] if view.queue else ""
    if kind == "load":
        fits = [a for a in acts if view.cargo[seat] + a.value <= CAPACITY]
        return max(fits, key=lambda a: a.value) if fits else acts[0]
    if kind == "tship":
        return next(a for a in acts if a.verb == "sail")
    if kind == "tmove":
        return acts[rng.randbelow(len(acts))]
    return rank(rules, view, seat, rng)[0][0]


# -- the race: each captain's chance of being home with the target within k turns -----------
#: turns the race table looks ahead (a captain alone is home with 10 within 60 turns
#: 99.9% of the time)
HORIZON = 80


def _relative_board(exit_: int) -> tuple:
    """The ring as a ship of harbour exit ``exit_`` sails it: (kind, chest) from the exit on."""
    return tuple((ISLANDS[(exit_ + r) % N_ISLANDS].kind, ISLANDS[(exit_ + r) % N_ISLANDS].chest)
                 for r in range(N_ISLANDS))


@functools.lru_cache(maxsize=8)
def voyage(board: tuple, target: int) -> tuple:
    """``W[k][state]``: the chance that a captain alone on the sea, choosing loads and
    sail-or-stay to be home soonest, has ``target`` treasure at home within ``k`` more turns.
    A state (``_index``) is where the ship is (harbour or islands from its exit), treasure
    aboard, treasure at home. The die: 1–4 islands, or the tornado (sail one island or stay);
    green chests offer 0..chest, red ones force 2, an 8th piece capsizes the ship; the harbour
    unloads. Other ships, the tornado piece and the wind wheel are left out."""
    n_pos = N_ISLANDS + 1  # position 0 = harbour, 1 + r = island r from the exit
    size = n_pos * (CAPACITY + 1) * target
    DONE = -1

    def idx(pos: int, cargo: int, home: int) -> int:
        return (pos * (CAPACITY + 1) + cargo) * target + home

    def land(r: int, cargo: int, home: int) -> list:
        """Where a ship ends on reaching island ``r`` (or the harbour, r ≥ N_ISLANDS):
        the states it may choose between."""
        if r >= N_ISLANDS:
            h = home + cargo
            return [DONE] if h >= target else [idx(0, 0, h)]
        kind, chest = board[r]
        if kind == "green":
            return [idx(1 + r, c if c <= CAPACITY else 0, home) for c in range(cargo, cargo + chest + 1)]
        if kind == "red":
            c = cargo + RED_LOAD
            return [idx(1 + r, c if c <= CAPACITY else 0, home)]
        return [idx(1 + r, cargo, home)]

    moves = []  # per state: [(probability, [choices])]
    for pos in range(n_pos):
        for cargo in range(CAPACITY + 1):
            for home in range(target):
                here = idx(pos, cargo, home)
                r0 = -1 if pos == 0 else pos - 1  # from the harbour the first step reaches island 0
                outs = [(1 / 6, land(r0 + f, cargo, home)) for f in (1, 2, 3, 4)]
                outs.append((2 / 6, [here] + land(r0 + 1, cargo, home)))
                moves.append(outs)
    table = [[0.0] * size]
    for _ in range(HORIZON):
        prev = table[-1]
        row = [0.0] * size
        for i, outs in enumerate(moves):
            v = 0.0
            for p, choices in outs:
                v += p * max(1.0 if c == DONE else prev[c] for c in choices)
            row[i] = v
        table.append(row)
    return tuple(table)


def _voyage_of(s: Any, p: int) -> tuple:
    return voyage(_relative_board(s.harbour_exit[p]), s.target)


def _state_index(s: Any, p: int) -> int:
    loc = s.location[p]
    pos = 0 if loc == HARBOUR else 1 + (loc - s.harbour_exit[p]) % N_ISLANDS
    home = min(s.unloaded[p], s.target - 1)
    return (pos * (CAPACITY + 1) + min(s.cargo[p], CAPACITY)) * s.target + home


def home_within(s: Any, p: int) -> list[float]:
    """``[k]``: the chance that ``p`` has the target at home within ``k`` of its own turns."""
    table = _voyage_of(s, p)
    i = _state_index(s, p)
    return [row[i] for row in table]


def race(s: Any, seat: int) -> float:
    """The chance that ``seat`` brings the target home first (of the captains still sailing),
    each captain sailing as :func:`voyage` reckons, in turn order from this position. A turn
    under way counts as played (its remaining steps are the mover's own)."""
    res_over = s.over or not s.queue
    if seat in s.finished:
        return 1.0 if s.finished.index(seat) == 0 or s.play_on else 0.0
    if res_over:
        return 0.0
    n = s.players
    head = s.queue[0][0]
    start = s.turn if head in ("roll", "place") else (s.turn + 1) % n
    sailing = [p for p in range(n) if p not in s.finished]
    off = {p: (p - start) % n for p in sailing}
    mine = home_within(s, seat)
    rivals = [(home_within(s, r), 1 if off[r] < off[seat] else 0) for r in sailing if r != seat]
    total = 0.0
    for k in range(1, len(mine)):
        f = mine[k] - mine[k - 1]
        if f <= 0.0:
            continue
        q = f
        for w, before in rivals:
            kr = min(k - 1 + before, len(w) - 1)
            q *= 1.0 - w[kr]
        total += q
    return total


@functools.lru_cache(maxsize=1)
def _wheel_seeds() -> dict:
    """A seed per wind-wheel outcome whose stream spins that outcome first: the tornado's
    effect is reckoned over the wheel exactly, each outcome as likely as on the wheel."""
    seeds: dict = {}
    for k in range(1000):
        o = WIND_WHEEL[Rng(k).randbelow(len(WIND_WHEEL))]
        seeds.setdefault(o, k)
    return seeds


#: the decisions of a turn that are still the turn's (a roll begins the next one)
_IN_TURN = ("load", "neutral", "give", "tship", "tdir", "tmove")


def _outcome(rules: Any, s: Any, seat: int, depth: int = 6) -> float:
    """``race`` for ``seat`` once the rest of this turn is played: each captain answering its
    own decisions for its best race, the wind wheel's outcomes averaged."""
    d = rules.pending(s)
    if d is None or depth == 0 or s.queue[0][0] not in _IN_TURN:
        return race(s, seat)
    who = d.seat
    best, mine = -1.0, 0.0
    for a in _distinct(s, rules.legal_actions(s)):
        if who == seat and capsizes_self(s, seat, a):
            continue
        outs = _after(rules, s, a)
        if who == seat:
            v = sum(p * _outcome(rules, t, seat, depth - 1) for p, t in outs)
            if v > best:
                best, mine = v, v
        else:
            v = sum(p * _outcome(rules, t, who, depth - 1) for p, t in outs)
            if v > best:
                best = v
                mine = sum(p * _outcome(rules, t, seat, depth - 1) for p, t in outs)
    return mine if best >= 0 else race(s, seat)


def _distinct(s: Any, acts: list) -> list:
    """The actions that may leave different races: of the tornado's moves that hit no ship,
    one (the race does not see where the tornado waits)."""
    if not acts or acts[0].verb not in ("tornado", "direction"):
        return acts
    out, calm = [], False
    for a in acts:
        if a.verb == "tornado" and a.value:
            dest = (s.tornado + s.tdir * a.value) % N_ISLANDS
            if not s.ships_at(dest):
                if calm:
                    continue
                calm = True
        elif a.verb == "tornado":
            if calm:
                continue
            calm = True
        out.append(a)
    return out


def _after(rules: Any, s: Any, a: Any) -> list:
    """[(chance, state)] after ``a``: one state, or one per wind-wheel outcome when ``a`` sends
    the tornado onto ships (the wheel is the only chance inside a turn after the roll)."""
    if a.verb != "tornado" or not a.value:
        return [(1.0, rules.apply(s, a))]
    seeds = _wheel_seeds()
    out = []
    for o, k in seeds.items():
        w = s.copy()
        w.rng = Rng(k)
        t = rules.apply(w, a)
        if t.wheel is None:  # no ship there: the wheel does not turn
            return [(1.0, t)]
        out.append((WIND_WHEEL.count(o) / len(WIND_WHEEL), t))
    return out


def race_rank(rules: Any, view: Any, seat: int) -> list:
    """Every legal action with the chance of winning the race after it, best first."""
    acts = rules.legal_actions(view)
    sane = [a for a in acts if not capsizes_self(view, seat, a)] or acts
    full = max((a.value for a in sane if a.verb == "load"), default=0)
    if full and view.cargo[seat] + full + RED_LOAD <= CAPACITY:
        # room to spare even after a red chest: what the green chest offers goes aboard
        # (a ship sailing past treasure with room for it looks like a captain asleep)
        sane = [a for a in sane if a.verb != "load" or a.value == full]
    out = []
    for a in sane:
        w = view.copy()
        w.rng = Rng(0)
        out.append((a, sum(p * _outcome(rules, t, seat) for p, t in _after(rules, w, a))))
    order = sorted(range(len(out)), key=lambda i: (-out[i][1], i))
    return [out[i] for i in order]
