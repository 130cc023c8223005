"""The answers a player gives; ``str()`` is the notation."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Action:
    """One answer. ``verb`` + ``value`` make the notation; ``target`` is the board place concerned.

    Notation: ``roll``, ``place tornado on 9``, ``load 2``, ``steal 1``, ``give 2``, ``pass``,
    ``sail 1``, ``stay``, ``tornado 3``, ``tornado 0``, ``direction cw``, ``direction ccw``,
    ``give to blue``.
    """

    verb: str
    value: Any = None
    target: Any = None

    def __str__(self) -> str:
        v = self.verb
        if v in ("roll", "pass", "stay"):
            return v
        if v == "place":  # islands are numbered 1–24 for people (the engine counts 0–23)
            return f"place tornado on {self.value + 1}"
        if v == "give-to":
            return f"give to {self.value}"
        return f"{v} {self.value}"
