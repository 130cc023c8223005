"""The components, from the rulebook and the box: fruits, blades, communities, fruit tiles,
finca tiles, wooden fincas, farmers, donkey carts, action tiles and bonus tiles; and the words
used to name them."""
from __future__ import annotations

from dataclasses import dataclass

from tabletop_tui.rules.core import load_asset_json

COMP = load_asset_json("finca", "components.json")
TILE_DATA = load_asset_json("finca", "tiles.json")

FRUITS: tuple[str, ...] = tuple(COMP["fruits"])
FRUIT_LETTER: dict[str, str] = dict(COMP["fruit_letters"])
SUPPLY_EACH: int = COMP["fruit_supply_each"]
N_BLADES: int = COMP["blades"]
DIVIDING_LINES: tuple[int, ...] = tuple(COMP["dividing_lines_before_blades"])
COMMUNITIES: tuple[str, ...] = tuple(COMP["communities"])
FINCA_TILES: tuple[str, ...] = tuple(COMP["finca_tiles"])
FINCA_VP: int = COMP["finca_tile_vp"]
WOODEN_FINCAS: dict[int, int] = {int(k): v for k, v in COMP["wooden_fincas"].items()}
FARMERS: dict[int, int] = {int(k): v for k, v in COMP["farmers_per_player"].items()}
CARTS: dict[int, int] = {int(k): v for k, v in COMP["donkey_carts"].items()}
ACTION_TILES: tuple[str, ...] = tuple(COMP["action_tiles"])
ACTION_TILE_NAME: dict[str, str] = dict(COMP["action_tile_names"])
ACTION_VP: int = COMP["unused_action_tile_vp"]
BONUS_TILES: tuple[int, ...] = tuple(COMP["bonus_tiles_top_first"])
MAX_DELIVERY: int = COMP["max_fruits_per_delivery"]
MAX_LARGE: int = COMP["max_fruits_large_cart"]
N_TILES: int = COMP["fruit_tiles"]["count"]
PER_STACK: int = COMP["fruit_tiles"]["per_stack"]
HIDDEN = "?"
COMMUNITY_INDEX = {name.lower(): i for i, name in enumerate(COMMUNITIES)}


@dataclass(frozen=True)
class Tile:
    """A fruit tile: ``value`` = victory points = fruits required."""

    id: str
    value: int
    requires: tuple[tuple[str, int], ...]  # fixed fruit symbols, in FRUITS order
    any: int  # any-fruit symbols

    def symbols(self, fruit: str) -> int:
        for f, n in self.requires:
            if f == fruit:
                return n
        return 0

    def text(self) -> str:
        parts = [f"{n} {plural(f, n)}" for f, n in self.requires]
        if self.any:
            parts.append(f"{self.any} any")
        return f"{self.value}: " + ", ".join(parts)


TILES: dict[str, Tile] = {
    t["id"]: Tile(t["id"], t["value"],
                  tuple((f, t["requires"][f]) for f in FRUITS if t["requires"].get(f)), t["any"])
    for t in TILE_DATA["tiles"]
}
assert len(TILES) == N_TILES
TILE_IDS = frozenset(TILES)


def plural(fruit: str, n: int) -> str:
    return fruit if n == 1 else fruit + "s"


def fruit_key(fruit: str) -> str:
    """The ledger's counter of a kind of fruit: "figs" (one fig: "+1 fig")."""
    return plural(fruit, 2)


def article(fruit: str) -> str:
    return ("an " if fruit[0] in "aeiou" else "a ") + fruit


def join_names(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def finca_fruits(finca: str) -> tuple[str, ...]:
    """The fruit kinds a finca tile counts; empty for the generic tile (sum of tile values)."""
    return () if finca == "all" else tuple(finca.split("+"))


def finca_name(finca: str) -> str:
    if finca == "all":
        return "generic finca tile"
    return " & ".join(finca_fruits(finca)) + " finca tile"


def blade_no(i: int) -> int:
    """The number people see for blade index *i*."""
    return i + 1

