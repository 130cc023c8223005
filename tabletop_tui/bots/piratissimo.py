"""Piratissimo bot. Nothing is hidden but the future (die, wind wheel): a world is the view
with a fresh random stream. The evaluation is what a captain reckons: treasure at home, plus
treasure aboard times the chance of bringing it home — smaller the further the harbour, and
smaller still when forced red-chest loads ahead would push the ship past 7 and capsize it.
"""
from __future__ import annotations

from typing import Any

from tabletop_tui.rules.core import Rng
from tabletop_tui.rules.piratissimo import CAPACITY, HARBOUR, ISLANDS, N_ISLANDS, RED_LOAD

LOOKAHEAD_WORLDS = 12
SEARCH_ITERATIONS = 200
ROLLOUT_PLIES = 20
TAU = 2.0
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
    """The shared lookahead's ranking, without the loads that capsize one's own ship."""
    from tabletop_tui.bots import core as bots

    acts = [a for a in rules.legal_actions(view) if not capsizes_self(view, seat, a)]
    if not acts:
        acts = rules.legal_actions(view)
    return bots.ranked(rules, view, seat, rng, evaluate=evaluate, actions=acts)


def rollout_policy(rules: Any, s: Any, seat: int, rng: Rng, acts: list) -> Any:
    """Playouts: ε-greedy by the evaluation, never capsizing one's own ship."""
    from tabletop_tui.bots import search

    sane = [a for a in acts if not capsizes_self(s, seat, a)] or acts
    return search.greedy_policy(rules, s, seat, rng, sane)
