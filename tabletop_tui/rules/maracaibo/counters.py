"""The named counters used by end scoring, per-X gains, careers and token modifiers."""
from __future__ import annotations

from . import explorer, influence, ship

#: each counter as one of it is called after "per" ("+1 per assistant", "2 VP per compass symbol")
PER_WORDS = {"combat_tokens": "combat token", "quests": "quest", "upgrades": "completed upgrade",
             "cards": "project card in the display", "assistants": "assistant", "compass": "compass symbol",
             "noble_ranks": "noble rank", "explorer_progress": "step of the explorer"}


def per_word(name: str) -> str:
    return PER_WORDS.get(name, name.replace("_", " "))


def counter(g: dict, seat: int, name: str) -> int:
    p = g["players"][seat]
    if name == "combat_tokens":
        return len(p["tokens"])
    if name == "quests":
        return len(p["quests"])
    if name == "upgrades":
        return ship.completed_upgrades(p)
    if name == "cards":
        return len(p["bought"])
    if name == "assistants":
        return len(p["assistants"])
    if name == "compass":
        return ship.compass(p)
    if name == "noble_ranks":
        return influence.noble_ranks(p)
    if name == "explorer_progress":
        return explorer.progress(p)
    raise KeyError(name)
