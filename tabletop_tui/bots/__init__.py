"""Seat players: the shared bot code (see CONTRACT.md for what each game's module provides).

Levels: ``random`` (uniform among legal actions), ``easy`` (the heuristic with mistakes),
``medium`` (the heuristic), ``hard`` (the shared search, ``bots/search.py``).

A bot sees only ``rules.view(state, seat)``, never the real state, and its choice depends only
on its seed and that view: a match seeds it with the game seed and the move number, so a
resumed game plays the same moves. Nothing here reads a clock.
"""
from __future__ import annotations

from typing import Any

from tabletop_tui.bots.core import (_fallback, _legal, _seat_and_view, evaluator, game_module,  # noqa: F401
                                    generic_evaluate, heuristic_choice, lookahead, own_value, ranked,
                                    search_module, world)
from tabletop_tui.rules.core import Rng

LEVELS = ("random", "easy", "medium", "hard")
DEFAULT_LEVEL = "medium"
#: what each level means, for help texts and the set-up screen
LEVEL_HELP = {
    "random": "any legal move, at random: no plan at all",
    "easy": "a beginner: sensible, but slips one move in three",
    "medium": "a steady player: takes the move that looks best now",
    "hard": "a strong player: plays its options out, thinks a moment",
}
#: a title's own words where its level plays otherwise (its bot module's ``easy_choose``)
GAME_LEVEL_HELP = {
    "piratissimo": {"easy": "a beginner: loads all, sails on; 1 move in 3 at random"},
}


def level_help(level: str, game_id: str = "") -> str:
    """What ``level`` plays like in ``game_id``, in a few words (the set-up screen's line)."""
    return GAME_LEVEL_HELP.get(game_id, {}).get(level) or LEVEL_HELP.get(level, "")


#: easy plays a uniformly random legal action this often instead of the heuristic's choice
EASY_MISTAKE_RATE = 0.3


def check_level(level: str) -> str:
    """The level, or ValueError naming the valid ones."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    return level


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


# -- the levels ----------------------------------------------------------------------------
class HeuristicBot:
    """medium: the game's heuristic (its ``choose``, else the one-step lookahead over its
    ``evaluate``); easy: the same (or the game's ``easy_choose``, a beginner's reckoning where
    medium thinks further), but a random legal move ``mistakes`` of the time."""

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
        plain = getattr(self.module, "easy_choose", None) if self.mistakes else None
        if plain is not None:  # a beginner's reckoning, where medium thinks further
            return plain(rules, view, seat, self.rng)
        return heuristic_choice(rules, view, seat, self.rng, actions)


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


def bot_action_for(rules: Any, view: Any, seat: int, level: str, seed: int) -> Any:
    """A bot's action from what :meth:`tabletop_tui.match.Match.bot_request` took. Pure: it reads only its
    arguments and changes nothing, so the screen may run it in a worker thread and drop the
    answer if the match moved on (undo, leave, resign) meanwhile."""
    return make_bot(rules.game_id, level, seed).choose(rules, view, seat)
