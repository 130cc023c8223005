"""Maracaibo (Alexander Pfister, 2019), base game for 2-4 players: the pure rules engine."""
from .rules import RULES, MaracaiboRules  # noqa: F401
