"""The end: captains placed in the order they brought the target home, the rest by treasure
in their harbour."""
from __future__ import annotations

from tabletop_tui.rules.core import Result, rank_by

from .state import State


def vp(s: State) -> dict[int, int]:
    return {p: s.unloaded[p] for p in range(s.players)}

# -- the end -------------------------------------------------------------------------
def result(s: State) -> Result | None:
    if not s.over:
        return None
    ranking: list[list[int]] = [[p] for p in s.finished]
    rest = {p: (s.unloaded[p],) for p in range(s.players) if p not in s.finished}
    if rest:
        ranking += rank_by(rest)
    scores = {p: s.unloaded[p] for p in range(s.players)}
    breakdown = {p: {"Treasure in harbour": s.unloaded[p], "Treasure on ship": s.cargo[p]}
                 for p in range(s.players)}
    tiebreak = (f"Captains are placed in the order they brought {s.target} treasure home; "
                "the others by treasure in their harbour (equal treasure shares a place; "
                "treasure still on a ship does not count).")
    return Result(ranking=ranking, scores=scores, breakdown=breakdown, tiebreak=tiebreak)
