"""The board and the box: the ring of 24 islands (neutral, green chest, red chest, tornado
squares), the harbours, the die, the wind wheel, the treasure, the ships' seven mast slots."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop_tui.rules.core import load_asset_json

BOARD = load_asset_json("piratissimo", "board.json")


@dataclass(frozen=True)
class Island:
    """One island of the ring (static). Reads as an object (``isl.kind``) or a dict (``isl["kind"]``)."""

    index: int
    kind: str  # "neutral" | "green" | "red"
    chest: int  # green: most you may load; red: must load; neutral: 0
    tornado_start: bool

    def __getitem__(self, key: str) -> Any:
        return getattr(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        return getattr(self, key, default)


ISLANDS: tuple[Island, ...] = tuple(
    Island(int(d["index"]), d["kind"], int(d["chest"]), bool(d["tornado_start"])) for d in BOARD["islands"]
)
N_ISLANDS = len(ISLANDS)
TORNADO_SQUARES: tuple[int, ...] = tuple(i.index for i in ISLANDS if i.tornado_start)
HARBOUR_EXIT: dict[str, int] = {c: int(h["exit"]) for c, h in BOARD["harbours"].items()}
COLOURS_BY_PLAYERS: dict[int, list[str]] = {int(k): list(v) for k, v in BOARD["colours_by_players"].items()}
DIE_FACES: tuple = tuple(BOARD["die"])
WIND_WHEEL: tuple[str, ...] = tuple(BOARD["wind_wheel"])
TORNADO_MAX: dict[int, int] = {int(k): int(v) for k, v in BOARD["tornado_max"].items()}
TREASURES: int = int(BOARD["treasures"])
CAPACITY: int = int(BOARD["ship_capacity"])
PER_ISLAND: int = int(BOARD["ships_per_island"])
RED_LOAD: int = int(BOARD["red_chest_load"])
STEAL_GIVE_MAX: int = int(BOARD["steal_give_max"])
WIN_AT: int = int(BOARD["win_at"])

HARBOUR = -1  # location of a ship in its harbour

WHEEL_TEXT = {
    "lucky": "the affected ships are lucky",
    "overboard": "treasure goes overboard",
    "lookout": "the lookout saw it coming",
    "washed": "two treasure pieces are washed into the sea",
}



def island_no(i: int) -> int:
    """The number players see for island index *i*: islands are numbered 1–24 clockwise, island 1
    being the one in front of the red harbour (the engine counts 0–23)."""
    return i + 1


def island_label(i: int, first: int = 1) -> str:
    """``island 5 (red chest)``; ``first=0`` gives the numbering of saves made before islands
    were numbered from 1 (see ``describe.legacy_event_text``)."""
    isl = ISLANDS[i]
    n = i + first
    if isl.kind == "green":
        return f"island {n} (green chest {isl.chest})"
    if isl.kind == "red":
        return f"island {n} (red chest)"
    return f"island {n} (neutral)"


def place_target(seat: int, loc: int) -> tuple:
    return ("harbour", seat) if loc == HARBOUR else ("island", loc)

