"""The hard bot: Monte Carlo tree search over determinized worlds (single-observer
information-set MCTS, "SO-ISMCTS": Cowling, Powley & Whitehouse 2012; see research/bots.md §2).

- Every iteration samples a world from the bot's view with the game module's ``determinize``
  (what the view leaves open: tile stacks, decks, future dice), never the real state.
- One open-loop tree: a node is the path of actions (by notation) from the root, re-applied in
  each world; an edge's UCB uses its availability count (how often it was legal when its parent
  was reached), so edges legal only in some worlds are judged fairly.
- Values are vectors, one per seat, in [0, 1]; each edge is scored for the seat who chose it
  (max^n), so consecutive decisions by one player keep that player's view.
- A leaf is valued after a short random playout by the game's ``evaluate`` squashed by a logistic
  of width ``TAU`` (points), or by the result if the game ended.
- The root prefers the heuristic's (medium) choice through a progressive bias that fades with
  visits, so search refines the heuristic rather than starting from nothing.

The budget is a number of iterations, never wall-clock time: a bot's choice must depend only on
its seed and the view, so that a resumed game replays the same moves. Each game module may set
``SEARCH_ITERATIONS``, ``ROLLOUT_PLIES`` and ``TAU`` (calibrated so a move takes ≤ ~2 s median on
the reference machine; see benchmarks/run.py).
"""
from __future__ import annotations

import math
from typing import Any

from tabletop_tui.rules.core import Rng

DEFAULT_ITERATIONS = 200
DEFAULT_ROLLOUT_PLIES = 4
DEFAULT_TAU = 5.0
DEFAULT_ROOT_WIDTH = 6
#: how deep the tree grows (below it, the playout policy decides); 1 = a bandit over the root
DEFAULT_TREE_DEPTH = 1000
#: UCB exploration constant on [0, 1] rewards (research/bots.md: start 0.7)
UCB_C = 0.7
#: rollouts play a random action this often instead of the greedy one
ROLLOUT_EPSILON = 0.15
#: how much better (on [0, 1]) the search's favourite must average to overrule the heuristic's
MARGIN = 0.02
#: weight of the heuristic's choice at the root (progressive bias, fades as 1/(n+1))
BIAS = 2.0


class Node:
    __slots__ = ("children", "visits", "value", "avail")

    def __init__(self, seats: int):
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.value = [0.0] * seats
        self.avail: dict[str, int] = {}


def _param(mod: Any, name: str, default: Any) -> Any:
    return getattr(mod, name, default) if mod is not None else default


def values(rules: Any, s: Any, seats: int, evaluate: Any, tau: float, evaluate_all: Any = None) -> list[float]:
    """Per-seat value in [0, 1]: the result's win share if over, else a squashed evaluation
    (``evaluate_all`` gives every seat's evaluation at once, where a module has it)."""
    res = rules.result(s)
    if res is not None:
        win = res.winners
        return [1.0 / len(win) if i in win else 0.0 for i in range(seats)]
    raw = evaluate_all(rules, s) if evaluate_all is not None else [evaluate(rules, s, i) for i in range(seats)]
    out = []
    for i in range(seats):
        x = raw[i] / tau
        x = max(-30.0, min(30.0, x))
        out.append(1.0 / (1.0 + math.exp(-x)))
    return out


def random_policy(rules: Any, s: Any, seat: int, rng: Rng, acts: list) -> Any:
    return acts[rng.randbelow(len(acts))]


def greedy_policy(rules: Any, s: Any, seat: int, rng: Rng, acts: list) -> Any:
    """ε-greedy one-step lookahead on a complete world (ε = ROLLOUT_EPSILON)."""
    from tabletop_tui.bots import core as bots

    if len(acts) == 1 or rng.randbelow(1000) < int(ROLLOUT_EPSILON * 1000):
        return acts[rng.randbelow(len(acts))]
    evaluate = bots.evaluator(rules.game_id)
    best, best_v = acts[0], -math.inf
    for a in acts:
        try:
            v = evaluate(rules, rules.apply(s, a), seat)
        except Exception:  # illegal in this world, or unplayable: skip it
            continue
        if v > best_v:
            best, best_v = a, v
    return best


def choose(rules: Any, view: Any, seat: int, rng: Rng, iterations: int | None = None) -> Any:
    """The hard bot's action for ``seat`` in ``view``."""
    from tabletop_tui.bots import core as bots

    root_actions = rules.legal_actions(view)
    if not root_actions:
        raise RuntimeError(f"{rules.game_id}: no legal action for {rules.pending(view)}")
    if len(root_actions) == 1:
        return root_actions[0]
    own = bots.search_module(rules.game_id)
    if own is not None:
        # a game with a search of its own (Terra Mystica's rollouts, Maracaibo's and Finca's
        # policy improvement); the other games use the search below
        return own.choose(rules, view, seat, rng, iterations)
    root, by_key, best = _search(rules, view, seat, rng, iterations, root_actions)
    return by_key.get(best, root_actions[0])


def rated(rules: Any, view: Any, seat: int, rng: Rng, iterations: int | None = None) -> list[tuple[Any, float]]:
    """The search's root choices with their mean values turned back into points (the inverse of
    :func:`values`' logistic), its choice first (the one :func:`choose` plays with this ``rng``),
    then the rest by mean value; the choices it never tried are left out."""
    from tabletop_tui.bots import core as bots

    root_actions = rules.legal_actions(view)
    if len(root_actions) == 1:
        return [(root_actions[0], float("nan"))]
    root, by_key, best = _search(rules, view, seat, rng, iterations, root_actions)
    tau = float(_param(bots.game_module(rules.game_id), "TAU", DEFAULT_TAU))

    def points(k: str) -> float:
        c = root.children[k]
        p = min(1 - 1e-9, max(1e-9, c.value[seat] / c.visits)) if c.visits else 0.5
        return tau * math.log(p / (1 - p))

    tried = [k for k in root.children if k in by_key and root.children[k].visits]
    rest = sorted((k for k in tried if k != best), key=lambda k: -points(k))
    out = [(by_key[best], points(best) if best in tried else float("nan"))] if best in by_key else []
    return out + [(by_key[k], points(k)) for k in rest]


def _search(rules: Any, view: Any, seat: int, rng: Rng, iterations: int | None,
            root_actions: list) -> tuple[Node, dict, str]:
    """The search itself: (its root, the root's actions by notation, the notation it plays)."""
    from tabletop_tui.bots import core as bots

    mod = bots.game_module(rules.game_id)
    evaluate = bots.evaluator(rules.game_id)
    n_iter = iterations if iterations is not None else _param(mod, "SEARCH_ITERATIONS", DEFAULT_ITERATIONS)
    plies = _param(mod, "ROLLOUT_PLIES", DEFAULT_ROLLOUT_PLIES)
    tau = float(_param(mod, "TAU", DEFAULT_TAU))
    evaluate_all = _param(mod, "evaluate_all", None)
    seats = len(rules.names(view))
    policy = _param(mod, "rollout_policy", None) or (
        greedy_policy if _param(mod, "ROLLOUT", "greedy") == "greedy" else random_policy)
    note = rules.notation
    by_key = {note(a): a for a in root_actions}
    # The root considers the heuristic's best few actions (progressive widening fixed at
    # ROOT_WIDTH); the heuristic's favourite gets a fading bias.
    ranking = bots.ranked(rules, view, seat, Rng(rng.next64()), actions=root_actions)
    width = int(_param(mod, "ROOT_WIDTH", DEFAULT_ROOT_WIDTH))
    root_keys = {note(a) for a, _v in ranking[:width]}
    preferred = note(ranking[0][0])

    tree_depth = int(_param(mod, "TREE_DEPTH", DEFAULT_TREE_DEPTH))
    until_own_turn = bool(_param(mod, "ROLLOUT_UNTIL_OWN_TURN", False))
    root = Node(seats)
    for _ in range(max(1, n_iter)):
        w = bots.world(rules, view, seat, rng)
        node, path = root, [root]
        while True:
            d = rules.pending(w)
            if d is None:
                break
            acts = rules.legal_actions(w)
            if not acts:
                break
            keys = [note(a) for a in acts]
            if node is root:
                pairs = [(k, a) for k, a in zip(keys, acts) if k in root_keys]
                if pairs:
                    keys, acts = [k for k, _ in pairs], [a for _, a in pairs]
            for k in keys:
                node.avail[k] = node.avail.get(k, 0) + 1
            untried = [i for i, k in enumerate(keys) if k not in node.children]
            if len(path) > tree_depth:
                break  # below the tree: the playout takes over
            if untried:
                if node is root and keys[untried[0]] != preferred and preferred in keys \
                        and preferred not in node.children:
                    i = keys.index(preferred)
                else:
                    i = untried[rng.randbelow(len(untried))]
                k = keys[i]
                try:
                    w = rules.apply(w, acts[i])
                except Exception:  # illegal in this world, or unplayable: skip it
                    break
                child = Node(seats)
                node.children[k] = child
                path.append(child)
                break
            best_k, best_u, best_i = None, -math.inf, 0
            for i, k in enumerate(keys):
                c = node.children[k]
                u = c.value[d.seat] / c.visits + UCB_C * math.sqrt(math.log(node.avail[k]) / c.visits)
                if node is root and k == preferred:
                    u += BIAS / (c.visits + 1)
                if u > best_u:
                    best_k, best_u, best_i = k, u, i
            try:
                w = rules.apply(w, acts[best_i])
            except Exception:  # illegal in this world, or unplayable: skip it
                break
            node = node.children[best_k]
            path.append(node)
        # a short playout by the rollout policy, then the evaluation (with
        # ROLLOUT_UNTIL_OWN_TURN, the playout stops when the others have played and the
        # searching seat is to decide again)
        others = False
        for _p in range(plies):
            d = rules.pending(w)
            if d is None:
                break
            if d.seat != seat:
                others = True
            elif until_own_turn and others:
                break
            acts = rules.legal_actions(w)
            if not acts:
                break
            try:
                w = rules.apply(w, policy(rules, w, d.seat, rng, acts))
            except Exception:  # illegal in this world, or unplayable: skip it
                break
        v = values(rules, w, seats, evaluate, tau, evaluate_all)
        for nd in path:
            nd.visits += 1
            for i in range(seats):
                nd.value[i] += v[i]
    if not root.children:
        return root, by_key, preferred
    best = max((k for k in root.children if k in by_key),
               key=lambda k: (root.children[k].visits, root.children[k].value[seat]), default=preferred)
    # Search overrules the heuristic only when its favourite is clearly better on average:
    # a few dozen noisy playouts should not throw away a sound heuristic move.
    pref = root.children.get(preferred)
    if pref is not None and best != preferred and pref.visits:
        c = root.children[best]
        if c.value[seat] / c.visits < pref.value[seat] / pref.visits + float(_param(mod, "MARGIN", MARGIN)):
            best = preferred
    return root, by_key, best
