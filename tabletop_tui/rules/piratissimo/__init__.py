"""Piratissimo (Manfred Ludwig, Selecta 2005): sail the island ring, load treasure, bring it home.

Pure rules: no UI, I/O (other than the board asset read at import), clock or global random.

The turn is a small queue of steps kept in the state (``State.queue``). Steps that need a
player's answer are decisions (roll, load, neutral, tornado-ship, direction, tornado, overboard,
place); the others (arrive, lucky, overboard, lookout, washed, end) are carried out at once by
:func:`turn.advance` until the next decision. Decisions of other players inside a turn (loading after
a lucky push, choosing who gets treasure when short) are simply steps for that seat.

House decisions where the rulebook is silent are listed in ``assets/piratissimo/rules.md``.

Modules, in the rulebook's words: ``board`` (islands, harbours, die, wind wheel, treasure),
``actions`` (the answers), ``state`` (the position and its step queue), ``sailing``,
``treasure`` (loading, capsizing, stealing and giving, unloading), ``turn`` (the step machine,
the tornado and the wind wheel), ``scoring`` (the end), ``notation`` (reading moves, refusals),
``describe`` (choices, log sentences) and ``engine`` (set-up, decisions, legal answers, apply).
"""
from .actions import Action
from .board import (CAPACITY, COLOURS_BY_PLAYERS, DIE_FACES, HARBOUR, HARBOUR_EXIT, ISLANDS,
                    N_ISLANDS, PER_ISLAND, RED_LOAD, STEAL_GIVE_MAX, TORNADO_MAX, TORNADO_SQUARES,
                    TREASURES, WHEEL_TEXT, WIN_AT, WIND_WHEEL, Island, island_label)
from .engine import RULES, PiratissimoRules
from .state import DECISION_STEPS, STEP_KIND, State

__all__ = [
    "Action", "CAPACITY", "COLOURS_BY_PLAYERS", "DIE_FACES", "HARBOUR", "HARBOUR_EXIT", "ISLANDS",
    "N_ISLANDS", "PER_ISLAND", "RED_LOAD", "STEAL_GIVE_MAX", "TORNADO_MAX", "TORNADO_SQUARES",
    "TREASURES", "WHEEL_TEXT", "WIN_AT", "WIND_WHEEL", "Island", "island_label", "RULES",
    "PiratissimoRules", "DECISION_STEPS", "STEP_KIND", "State",
]
