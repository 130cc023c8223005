"""The moves a player makes. ``str()`` is the notation; ``target`` is what a board widget
highlights."""
from __future__ import annotations

from dataclasses import dataclass

from .components import blade_no

@dataclass(frozen=True)
class Place:
    """Introduction phase: put a farmer on a blade, take one fruit of it."""
    blade: int

    @property
    def target(self):
        return ("blade", self.blade)

    def __str__(self) -> str:
        return f"place {blade_no(self.blade)}"


@dataclass(frozen=True)
class Move:
    """Move one of your farmers standing on ``blade`` clockwise."""
    blade: int

    @property
    def target(self):
        return ("blade", self.blade)

    def __str__(self) -> str:
        return f"move {blade_no(self.blade)}"


@dataclass(frozen=True)
class Deliver:
    """Start a delivery with one of your donkey carts."""

    @property
    def target(self):
        return None

    def __str__(self) -> str:
        return "deliver"


@dataclass(frozen=True)
class UseTile:
    """Use an action tile this turn: double, gust, large or less."""
    tile: str

    @property
    def target(self):
        return ("action_tile", self.tile)

    def __str__(self) -> str:
        return f"use {self.tile}"


@dataclass(frozen=True)
class GustFrom:
    """Gust of wind, step 1: the farmer (by its blade) the wind carries."""
    blade: int

    @property
    def target(self):
        return ("blade", self.blade)

    def __str__(self) -> str:
        return f"from {blade_no(self.blade)}"


@dataclass(frozen=True)
class GustTo:
    """Gust of wind, step 2: the blade it lands on."""
    blade: int

    @property
    def target(self):
        return ("blade", self.blade)

    def __str__(self) -> str:
        return f"to {blade_no(self.blade)}"


@dataclass(frozen=True)
class Stop:
    """Double windmill movement: end the turn without the second move."""

    @property
    def target(self):
        return None

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True)
class Pick:
    """Delivery: add a community's face-up tile to this delivery."""
    community: str

    @property
    def target(self):
        return ("community", self.community)

    def __str__(self) -> str:
        return f"pick {self.community}"


@dataclass(frozen=True)
class Fill:
    """Delivery: the fruit kind for the any-fruit symbol(s) of the tile just picked."""
    fruit: str

    @property
    def target(self):
        return ("fruit", self.fruit)

    def __str__(self) -> str:
        return f"fill {self.fruit}"


@dataclass(frozen=True)
class Confirm:
    """Delivery: no more communities; deliver now."""

    @property
    def target(self):
        return None

    def __str__(self) -> str:
        return "confirm"


@dataclass(frozen=True)
class Omit:
    """One less fruit: the fruit left out, and the community's tile it is left out of."""
    community: str
    fruit: str

    @property
    def target(self):
        return ("community", self.community)

    def __str__(self) -> str:
        return f"omit {self.community} {self.fruit}"


Action = Place | Move | Deliver | UseTile | GustFrom | GustTo | Stop | Pick | Fill | Confirm | Omit

