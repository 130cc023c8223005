"""Seat players that choose among legal actions. Seeded: the same seed makes the same choices."""
from __future__ import annotations

from typing import Any

from tabletop_tui.rules.core import Rng


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded stream."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed ^ 0xB07B07)

    def choose(self, rules: Any, state: Any) -> Any:
        d = rules.pending(state)
        if d is None:
            raise ValueError("the game is over; a bot has nothing to choose")
        view = rules.view(state, d.seat)
        actions = rules.legal_actions(view)
        if not actions:
            raise RuntimeError(f"{rules.game_id}: no legal action for the pending decision {d}")
        return actions[self.rng.randbelow(len(actions))]


def make_bot(kind: str = "random", seed: int = 0) -> RandomBot:
    if kind != "random":
        raise ValueError(f"unknown bot {kind!r}; bots: random")
    return RandomBot(seed)
