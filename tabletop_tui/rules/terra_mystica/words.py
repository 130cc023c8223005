"""The words for Terra Mystica's resources and cult bonuses, shared by the engine (its ledger
reasons) and the log (its sentences): below both, so neither imports the other."""
from __future__ import annotations

TRACKS = ("Fire", "Water", "Earth", "Air")
WORDS = {"C": ("coin", "coins"), "W": ("worker", "workers"), "P": ("priest", "priests"),
         "PW": ("power", "power"), "VP": ("VP", "VP"), "spade": ("spade", "spades")}


def amount(d: dict, times: int = 1) -> str:
    parts = []
    for k, v in d.items():
        v *= times
        if v:
            one, many = WORDS.get(k, (k, k))
            parts.append(f"{v} {one if v == 1 else many}")
    return ", ".join(parts) if parts else "nothing"


def cult_bonus_words(tile: dict) -> str:
    """"1 coin per Earth step" / "1 priest per 4 Water" / "2 coins per priest sent"."""
    what = amount({k: 1 for k in tile["reward"]} if len(tile["reward"]) > 1 else
                  {k: v for k, v in tile["reward"].items()})
    if tile["track"] == "priests":
        return f"{what} per priest sent"
    track = TRACKS[tile["track"]]
    return f"{what} per {tile['steps']} {track}" if tile["steps"] > 1 else f"{what} per {track} step"
