"""Terra Mystica: the pure rules engine (see assets/terra_mystica/rules.md)."""
from tabletop_tui.rules.terra_mystica.rules import RULES, TerraMysticaRules
from tabletop_tui.rules.terra_mystica.notation import Act

__all__ = ["RULES", "TerraMysticaRules", "Act"]
