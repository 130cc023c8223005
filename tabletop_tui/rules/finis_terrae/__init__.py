"""Finis Terrae (Creardo 2023): chart the map, brave the weather, sail, trade, fight pirates.

Modules, in the rulebook's words: ``tiles`` (kinds, edges, sea areas), ``cartography``
(placement, islands), ``weather`` (deck, storm push), ``sailing`` (movement, den toll),
``holds`` (holds and stash), ``combat``, ``trade``, ``dice``, ``scoring``, ``actions``
(notation), ``state``, ``engine`` (set-up, the phases of a day, wrecks, the end).
"""
from .engine import RULES, FinisTerraeRules
from .state import State

__all__ = ["RULES", "FinisTerraeRules", "State"]
