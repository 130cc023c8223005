"""What every bot level and the shared search stand on: finding a game's bot modules, evaluating
a position, sampling a world consistent with a view, and the one-step lookahead (``ranked``).

Below both ``bots/__init__.py`` (the levels and ``make_bot``) and ``bots/search.py`` (the hard
level's search), so that neither imports the other's package in a circle. Nothing here reads a
clock.
"""
from __future__ import annotations

import importlib
import math
from types import ModuleType
from typing import Any, Callable

from tabletop_tui.rules.core import Rng

#: the package that holds each game's bot module (``<game_id>.py``) and search (``<game_id>_search.py``)
PACKAGE = "tabletop_tui.bots"


def _optional_module(name: str) -> ModuleType | None:
    """The module ``name``, or None where it does not exist (an import error inside it is raised)."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name == name:
            return None
        raise


def game_module(game_id: str) -> ModuleType | None:
    """The game's bot module (``tabletop_tui/bots/<game_id>.py``), or None if it has none."""
    return _optional_module(f"{PACKAGE}.{game_id}")


def search_module(game_id: str) -> ModuleType | None:
    """The game's own hard bot (``tabletop_tui/bots/<game_id>_search.py``, with ``choose(rules,
    view, seat, rng, iterations)``), or None: the shared search plays it. A search module builds
    on its game's heuristic module, never the other way round."""
    return _optional_module(f"{PACKAGE}.{game_id}_search")


def _seat_and_view(rules: Any, x: Any, seat: int | None) -> tuple[int, Any]:
    """(seat, view). With ``seat`` None, ``x`` is a real state: the pending seat's view is taken."""
    if seat is None:
        d = rules.pending(x)
        if d is None:
            raise ValueError("the game is over; a bot has nothing to choose")
        return d.seat, rules.view(x, d.seat)
    return seat, x


def _legal(rules: Any, view: Any) -> list:
    actions = rules.legal_actions(view)
    if not actions:
        raise RuntimeError(f"{rules.game_id}: no legal action for the pending decision {rules.pending(view)}")
    return actions


# -- evaluation ----------------------------------------------------------------------------
def generic_evaluate(rules: Any, s: Any, seat: int) -> float:
    """For a game without a bot module: current VP minus the best rival's (or the result)."""
    res = rules.result(s)
    scores = res.scores if res is not None else dict(rules.vp(s) or {})
    if not scores:
        return 0.0
    mine = scores.get(seat, 0)
    rivals = [v for k, v in scores.items() if k != seat]
    value = float(mine - (max(rivals) if rivals else 0))
    if res is not None:
        value += 1000.0 if seat in res.winners else -1000.0
    return value


def evaluator(game_id: str) -> Callable[[Any, Any, int], float]:
    mod = game_module(game_id)
    fn = getattr(mod, "evaluate", None) if mod is not None else None
    return fn if fn is not None else generic_evaluate


def world(rules: Any, view: Any, seat: int, rng: Rng) -> Any:
    """A complete state consistent with the view (the game's ``determinize``), or the view
    itself for a game that hides nothing."""
    mod = game_module(rules.game_id)
    det = getattr(mod, "determinize", None) if mod is not None else None
    if det is None:
        return view
    return det(rules, view, seat, rng)


def _draws(s: Any) -> int:
    rng = getattr(s, "rng", None)
    return rng.draws if isinstance(rng, Rng) else 0


def own_value(rules: Any, s: Any, seat: int, evaluate: Callable, depth: int) -> float:
    """``evaluate`` after ``seat``'s best follow-up decisions (up to ``depth`` - 1 more), as
    long as ``seat`` keeps deciding and nothing random happens: a move is judged by the best
    action it allows (sail, then found a port)."""
    if depth > 1:
        d = rules.pending(s)
        if d is not None and d.seat == seat:
            best = -math.inf
            before = _draws(s)
            for a in rules.legal_actions(s):
                try:
                    after = rules.apply(s, a)
                except Exception:  # illegal here, or unplayable on a view: not a follow-up
                    continue
                if _draws(after) != before:
                    v = evaluate(rules, after, seat)
                else:
                    v = own_value(rules, after, seat, evaluate, depth - 1)
                best = max(best, v)
            if best > -math.inf:
                return best
    return evaluate(rules, s, seat)


def ranked(rules: Any, view: Any, seat: int, rng: Rng, *, worlds: int | None = None, depth: int | None = None,
           evaluate: Callable | None = None, actions: list | None = None) -> list[tuple[Any, float]]:
    """Every action with its lookahead value for ``seat``, best first (ties keep list order).

    The value is the evaluation after the action, averaged over ``worlds`` samples of what the
    view leaves open (default: the module's ``LOOKAHEAD_WORLDS``, else 1); ``depth`` (default:
    the module's ``LOOKAHEAD_DEPTH``, else 1) also looks through the seat's own next decisions.
    A game module may replace all this with its own ``rank(rules, view, seat, rng)``."""
    actions = actions if actions is not None else _legal(rules, view)
    mod = game_module(getattr(rules, "game_id", ""))
    own_rank = getattr(mod, "rank", None) if mod is not None else None
    if own_rank is not None and evaluate is None:
        return own_rank(rules, view, seat, rng)
    if depth is None:
        depth = getattr(mod, "LOOKAHEAD_DEPTH", 1) if mod is not None else 1
    if worlds is None:
        worlds = getattr(mod, "LOOKAHEAD_WORLDS", 1) if mod is not None else 1
    evaluate = evaluate or evaluator(rules.game_id)
    samples = [world(rules, view, seat, rng) for _ in range(max(1, worlds))]
    out = []
    for a in actions:
        total, n = 0.0, 0
        for w in samples:
            try:
                after = rules.apply(w, a)
            except Exception:
                # IllegalAction, or a placeholder of the view that the game cannot play on
                # (a hidden-information game without determinize): the action stays unranked
                continue
            if depth > 1 and _draws(after) == _draws(w):
                total += own_value(rules, after, seat, evaluate, depth - 1)
            else:
                total += evaluate(rules, after, seat)
            n += 1
        out.append((a, total / n if n else -math.inf))
    order = sorted(range(len(out)), key=lambda i: (-out[i][1], i))
    return [out[i] for i in order]


def lookahead(rules: Any, view: Any, seat: int, rng: Rng, *, worlds: int | None = None, depth: int | None = None,
              evaluate: Callable | None = None, actions: list | None = None) -> Any:
    """The generic lookahead's choice: the best of :func:`ranked`."""
    actions = actions if actions is not None else _legal(rules, view)
    if len(actions) == 1:
        return actions[0]
    return ranked(rules, view, seat, rng, worlds=worlds, depth=depth, evaluate=evaluate, actions=actions)[0][0]


def _fallback(actions: list, rng: Rng) -> Any:
    return actions[rng.randbelow(len(actions))]


def heuristic_choice(rules: Any, view: Any, seat: int, rng: Rng, actions: list | None = None) -> Any:
    """The medium choice for ``seat`` in ``view``: the game module's ``choose`` if it has one."""
    mod = game_module(rules.game_id)
    fn = getattr(mod, "choose", None) if mod is not None else None
    if fn is not None:
        return fn(rules, view, seat, rng)
    actions = actions if actions is not None else _legal(rules, view)
    if len(actions) == 1:
        return actions[0]
    ranking = ranked(rules, view, seat, rng, actions=actions)
    if not ranking or ranking[0][1] == -math.inf:
        # nothing could be looked at (a hidden-information game without its bot module):
        # play like the random bot rather than always the first action
        return _fallback(actions, rng)
    return ranking[0][0]
