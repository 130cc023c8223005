"""Actions: small frozen dataclasses; ``str(a)`` is the notation (docs/notation/finis_terrae.md).

``target`` is the board target the UI highlights: ("cell", x, y) for anything on the map,
("hold", ship, i) for holds (ship = seat, or -1 for the Black Galleon), None otherwise.
"""
from __future__ import annotations

from dataclasses import dataclass

GALLEON = -1


def _cell(x: int, y: int) -> str:
    return f"{x},{y}"


@dataclass(frozen=True)
class ChooseBeach:
    side: str  # N E S W
    x: int = 0
    y: int = 0
    kind = "beach"

    def __str__(self) -> str:
        return f"start {self.side}"

    @property
    def target(self):
        return ("cell", self.x, self.y)


@dataclass(frozen=True)
class Split:
    """The recommended split in one go: holds h1..h4 and the stash."""
    holds: tuple
    stash: int
    kind = "split"

    def __str__(self) -> str:
        return "split " + " ".join(str(h) for h in self.holds) + f" stash {self.stash}"

    target = None


@dataclass(frozen=True)
class LoadHold:
    """Distribute things on the ship board: fill hold ``hold`` (0-based) with n of a kind."""
    hold: int
    what: str = ""  # "" = leave empty
    n: int = 0
    kind = "load"

    def __str__(self) -> str:
        if not self.what:
            return f"hold {self.hold + 1} empty"
        return f"hold {self.hold + 1} {self.n} {self.what}"

    target = None


@dataclass(frozen=True)
class Place:
    tile: str
    x: int
    y: int
    rot: int
    kind = "place"

    def __str__(self) -> str:
        return f"place {self.tile} {_cell(self.x, self.y)} r{self.rot}"

    @property
    def target(self):
        return ("cell", self.x, self.y)


@dataclass(frozen=True)
class ChooseWind:
    direction: str
    kind = "wind"

    def __str__(self) -> str:
        return f"wind {self.direction}"

    target = None


@dataclass(frozen=True)
class SunnyOrder:
    first: int
    second: int
    kind = "order"

    def __str__(self) -> str:
        return f"sail {self.first} then {self.second}"

    target = None


@dataclass(frozen=True)
class Move:
    x: int
    y: int
    area: int = 0
    side: str = ""  # the area's edges, only for tiles with two sea areas
    toll: int = 0
    kind = "move"

    def __str__(self) -> str:
        s = f"move {_cell(self.x, self.y)}"
        if self.side:
            s += f" {self.side}"
        return s

    @property
    def target(self):
        return ("cell", self.x, self.y)


@dataclass(frozen=True)
class Simple:
    """Actions without arguments: hoist the black flag, establish a port, trade is done,
    reorganize holds, cease to be a pirate, end the move."""
    what: str
    x: int = 0
    y: int = 0
    kind = "simple"

    TEXT = {"flag": "hoist black flag", "port": "establish port", "reorganize": "reorganize holds",
            "cease": "cease piracy", "end": "end move"}

    def __str__(self) -> str:
        return self.TEXT[self.what]

    @property
    def target(self):
        return ("cell", self.x, self.y) if self.what in ("port", "cease") else None


@dataclass(frozen=True)
class Recover:
    what: str
    x: int = 0
    y: int = 0
    kind = "recover"

    def __str__(self) -> str:
        return f"recover {self.what}"

    @property
    def target(self):
        return ("cell", self.x, self.y)


@dataclass(frozen=True)
class Attack:
    opponent: int  # seat, or -1 for the Black Galleon
    x: int = 0
    y: int = 0
    kind = "attack"

    def __str__(self) -> str:
        return "attack galleon" if self.opponent == GALLEON else f"attack seat {self.opponent + 1}"

    @property
    def target(self):
        return ("cell", self.x, self.y)


@dataclass(frozen=True)
class Trade:
    """One trade in a port: redeem castaways/finds, buy or sell spice (n things)."""
    op: str  # redeem-castaway, redeem-find, buy, sell
    n: int
    kind = "trade"

    def __str__(self) -> str:
        if self.op.startswith("redeem-"):
            return f"redeem {self.n} {self.op[7:]}"
        return f"{self.op} {self.n} spice"

    target = None


@dataclass(frozen=True)
class Pay:
    """Which holds pay a price (a port, spice, a pirate den's toll), in the order they pay: each
    gives all its doubloons before the next one pays."""
    holds: tuple
    kind = "pay"

    def __str__(self) -> str:
        return "pay from hold" + ("s " if len(self.holds) > 1 else " ") + " ".join(str(i + 1) for i in self.holds)

    target = None


@dataclass(frozen=True)
class Throw:
    hold: int
    ship: int = 0
    kind = "throw"

    def __str__(self) -> str:
        return f"throw hold {self.hold + 1}"

    @property
    def target(self):
        return ("hold", self.ship, self.hold)


@dataclass(frozen=True)
class Spoils:
    """The winner of a combat takes (into an empty hold, throwing one of theirs if ``throw``
    >= 0) or dumps one hold of the loser."""
    hold: int
    take: bool
    throw: int = -1
    loser: int = 0
    kind = "spoils"

    def __str__(self) -> str:
        if not self.take:
            return f"dump hold {self.hold + 1}"
        s = f"take hold {self.hold + 1}"
        if self.throw >= 0:
            s += f" throw {self.throw + 1}"
        return s

    @property
    def target(self):
        return ("hold", self.loser, self.hold)


@dataclass(frozen=True)
class DropHold:
    hold: int
    ship: int = 0
    kind = "drop"

    def __str__(self) -> str:
        return f"drop hold {self.hold + 1}"

    @property
    def target(self):
        return ("hold", self.ship, self.hold)


@dataclass(frozen=True)
class Den:
    x: int
    y: int
    kind = "den"

    def __str__(self) -> str:
        return f"galleon to {_cell(self.x, self.y)}"

    @property
    def target(self):
        return ("cell", self.x, self.y)
