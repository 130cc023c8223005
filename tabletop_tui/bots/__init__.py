"""Seat players: the shared bot code (see CONTRACT.md for what each game's module provides).

Levels: ``random`` (uniform among legal actions), ``easy`` (the heuristic with mistakes),
``medium`` (the heuristic), ``hard`` (the shared search, ``bots/search.py``).

A bot sees only ``rules.view(state, seat)``, never the real state, and its choice depends only
on its seed and that view: a match seeds it with the game seed and the move number, so a
resumed game plays the same moves. Nothing here reads a clock.
"""
from __future__ import annotations

import importlib
import math
from types import ModuleType
from typing import Any, Callable

from tabletop_tui.rules.core import Rng

LEVELS = ("random", "easy", "medium", "hard")
DEFAULT_LEVEL = "medium"
#: what each level means, for help texts and the set-up screen
LEVEL_HELP = {
    "random": "picks any legal move",
    "easy": "sensible, but makes mistakes",
    "medium": "plays a sensible move every time",
    "hard": "searches ahead (takes a moment)",
}
#: easy plays a uniformly random legal action this often instead of the heuristic's choice
EASY_MISTAKE_RATE = 0.3


def check_level(level: str) -> str:
    """The level, or ValueError naming the valid ones."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    return level


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
    return _optional_module(f"{__name__}.{game_id}")


def search_module(game_id: str) -> ModuleType | None:
    """The game's own hard bot (``tabletop_tui/bots/<game_id>_search.py``, with ``choose(rules,
    view, seat, rng, iterations)``), or None: the shared search plays it. A search module builds
    on its game's heuristic module, never the other way round."""
    return _optional_module(f"{__name__}.{game_id}_search")


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


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded stream."""

    name = "random"
    level = "random"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed ^ 0xB07B07)

    def choose(self, rules: Any, view: Any, seat: int | None = None) -> Any:
        """``choose(rules, view, seat)``; ``choose(rules, state)`` (no seat) views it first."""
        seat, view = _seat_and_view(rules, view, seat)
        actions = _legal(rules, view)
        return actions[self.rng.randbelow(len(actions))]


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


# -- the levels ----------------------------------------------------------------------------
class HeuristicBot:
    """medium: the game's heuristic (its ``choose``, else the one-step lookahead over its
    ``evaluate``); easy: the same, but a random legal move ``mistakes`` of the time."""

    def __init__(self, game_id: str, seed: int = 0, mistakes: float = 0.0):
        self.game_id = game_id
        self.level = "easy" if mistakes > 0 else "medium"
        self.name = self.level
        self.mistakes = mistakes
        self.rng = Rng(seed ^ 0x4E0B07)
        self.module = game_module(game_id)

    def choose(self, rules: Any, view: Any, seat: int | None = None) -> Any:
        seat, view = _seat_and_view(rules, view, seat)
        actions = _legal(rules, view)
        if len(actions) == 1:
            return actions[0]
        if self.mistakes and self.rng.randbelow(1000) < int(self.mistakes * 1000):
            return actions[self.rng.randbelow(len(actions))]
        return heuristic_choice(rules, view, seat, self.rng, actions)


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


class SearchBot:
    """hard: the shared search with a fixed number of iterations (never a clock, so replays
    are exact); see ``bots/search.py``."""

    level = "hard"
    name = "hard"

    def __init__(self, game_id: str, seed: int = 0, iterations: int | None = None):
        self.game_id = game_id
        self.rng = Rng(seed ^ 0x5EA4C4)
        self.iterations = iterations

    def choose(self, rules: Any, view: Any, seat: int | None = None) -> Any:
        from tabletop_tui.bots import search

        seat, view = _seat_and_view(rules, view, seat)
        return search.choose(rules, view, seat, self.rng, iterations=self.iterations)


def make_bot(game_id: str = "", level: str = DEFAULT_LEVEL, seed: int = 0) -> Any:
    """A bot of ``level`` for ``game_id`` (ValueError for an unknown level). A game without a
    bot module plays with the generic evaluation (VP lead) and no determinization."""
    check_level(level)
    if level == "random":
        return RandomBot(seed)
    if level == "hard":
        return SearchBot(game_id, seed)
    return HeuristicBot(game_id, seed, EASY_MISTAKE_RATE if level == "easy" else 0.0)
