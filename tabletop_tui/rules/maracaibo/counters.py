"""The named counters used by end scoring, per-X gains, careers and token modifiers."""
from __future__ import annotations

from tabletop_tui.rules.core import counted

from . import explorer, influence, ship

#: each counter in words, one and many ("+1 per assistant", "2 VP per compass symbol", "at 2
#: combat tokens")
WORDS = {"combat_tokens": ("combat token", "combat tokens"), "quests": ("quest", "quests"),
         "upgrades": ("completed upgrade", "completed upgrades"),
         "cards": ("project card in the display", "project cards in the display"),
         "assistants": ("assistant", "assistants"), "compass": ("compass symbol", "compass symbols"),
         "noble_ranks": ("noble rank", "noble ranks"),
         # (explorer.progress: the barriers the explorer crossed, and END as one more (the rules
         # text says so); "explorer step" read as the spaces it moved)
         "explorer_progress": ("explorer barrier crossed", "explorer barriers crossed")}


def per_word(name: str) -> str:
    """The counter as one of it, after "per"."""
    return WORDS.get(name, (name.replace("_", " "),))[0]


def count_words(name: str, n: int) -> str:
    """``n`` of the counter in words: "1 compass symbol", "3 combat tokens"."""
    one, many = WORDS.get(name, (name.replace("_", " "), name.replace("_", " ")))
    return counted(n, one, many)


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
