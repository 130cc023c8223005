"""Player identity shared by every game: colours and one-letter markers (never colour alone)."""
from __future__ import annotations

PLAYER_COLOURS = {
    "red": "#e8554e",
    "blue": "#4f8fe8",
    "green": "#3fb950",
    "yellow": "#e3b341",
    "purple": "#b07ce8",
}
DEFAULT_ORDER = ["red", "blue", "green", "yellow", "purple"]


def markers(names: list[str]) -> list[str]:
    """One distinct letter per player: the initial, or the next free letter of the name."""
    used: set[str] = set()
    out = []
    for i, name in enumerate(names):
        pick = None
        for ch in name.upper():
            if ch.isalnum() and ch not in used:
                pick = ch
                break
        if pick is None:
            pick = str(i + 1)
        used.add(pick)
        out.append(pick)
    return out


def colour_hex(colour: str) -> str:
    return PLAYER_COLOURS.get(colour, colour)
