"""Finca: harvest fruit on the windmill, deliver it to Mallorca's communities.

Pure rules engine (see ``core``). Rulebook: shared/rulebooks/finca.txt; house decisions are
listed in assets/finca/rules.md.

Modules, in the rulebook's words: ``components`` (fruits, blades, communities, tiles and their
names), ``actions`` (the moves; ``str()`` is the notation), ``state``, ``windmill`` (moving
farmers, harvest, donkey carts, shortages), ``delivery`` (building and carrying out a delivery),
``scoring`` (victory points, finca majorities, the end), ``notation`` (reading moves),
``describe`` (choices, log sentences, summary) and ``engine`` (set-up, decisions, legal moves and
why others are refused, applying a move, the view, invariants).

Board model, for widgets
------------------------
* ``s.blades[i]``: the fruit of blade *i*, i = 0..11 clockwise from 12 o'clock. People see
  blade numbers 1..12 (number = index + 1) in notation and descriptions; targets use the index:
  ``("blade", i)``.
* ``DIVIDING_LINES`` = (3, 9): a dividing line lies just before blade 3 and just before blade 9
  (between blades 2|3 and 8|9, i.e. at 3 and 9 o'clock). Moving onto blade 3 or 9 crosses one.
* ``s.farmers[seat][i]``: how many farmers of that seat stand on blade *i*;
  ``s.to_place[seat]``: farmers still to place in the introduction phase.
* ``s.windmill_carts`` and ``s.carts[seat]``: donkey carts in the windmill / with each player.
* ``s.supply[fruit]`` and ``s.fruits[seat][fruit]``: fruit counts (open information).
* ``s.stacks[c]``: the fruit-tile ids of community *c* (``COMMUNITIES[c]``), face-up tile first;
  empty = the community is closed. ``TILES[id]`` gives value, fixed requirements and any-fruit
  symbols. ``s.out``: the 2 tiles out of the game, unseen.
* ``s.finca_tile[c]``: the finca tile of community *c* (``FINCA_TILES``); ``s.finca_owner[c]``:
  None while open, a seat when won, -1 when it went to the box; ``s.wooden[c]``: a wooden finca
  stands there; ``s.wooden_supply``: wooden fincas left beside the board.
* ``s.tiles[seat]`` collected fruit tiles; ``s.action_tiles[seat]`` unused action tiles;
  ``s.bonus[seat]`` bonus tiles taken; ``s.bonus_stack`` the rest, top first.
* ``s.dlv``: the delivery being built (see ``delivery_summary``).

Helpers for screens: ``farmers_on``, ``move_preview``, ``majority_counts``, ``set_progress``,
``delivery_summary``, ``score_breakdown``.
"""
from .actions import (Action, Confirm, Deliver, Fill, GustFrom, GustTo, Move, Omit, Pick, Place,
                      Stop, UseTile)
from .components import (ACTION_TILE_NAME, ACTION_TILES, ACTION_VP, BONUS_TILES, CARTS,
                         COMMUNITIES, COMMUNITY_INDEX, DIVIDING_LINES, FARMERS, FINCA_TILES,
                         FINCA_VP, FRUIT_LETTER, FRUITS, HIDDEN, MAX_DELIVERY, MAX_LARGE, N_BLADES,
                         N_TILES, PER_STACK, SUPPLY_EACH, TILES, WOODEN_FINCAS, Tile, article,
                         blade_no, finca_fruits, finca_name, join_names, plural)
from .delivery import delivery_summary
from .engine import PROMPTS, RULES, FincaRules
from .scoring import complete_sets, fruit_total, majority_counts, score_breakdown, set_progress
from .state import State
from .windmill import crossings, farmers_on, gust_preview, move_preview

__all__ = [
    "Action", "Confirm", "Deliver", "Fill", "GustFrom", "GustTo", "Move", "Omit", "Pick", "Place",
    "Stop", "UseTile", "ACTION_TILE_NAME", "ACTION_TILES", "ACTION_VP", "BONUS_TILES", "CARTS",
    "COMMUNITIES", "COMMUNITY_INDEX", "DIVIDING_LINES", "FARMERS", "FINCA_TILES", "FINCA_VP",
    "FRUIT_LETTER", "FRUITS", "HIDDEN", "MAX_DELIVERY", "MAX_LARGE", "N_BLADES", "N_TILES",
    "PER_STACK", "SUPPLY_EACH", "TILES", "WOODEN_FINCAS", "Tile", "article", "blade_no",
    "finca_fruits", "finca_name", "join_names", "plural", "delivery_summary", "PROMPTS", "RULES",
    "FincaRules", "complete_sets", "fruit_total", "majority_counts", "score_breakdown",
    "set_progress", "State", "crossings", "farmers_on", "gust_preview", "move_preview",
]
