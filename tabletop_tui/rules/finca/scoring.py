"""Victory points: fruit tiles, finca tiles (majorities), unused action tiles, bonus tiles for
complete sets; and the tie-break (most fruits in the play area)."""
from __future__ import annotations

from tabletop_tui.rules.core import Result, rank_by

from .components import ACTION_VP, FINCA_VP, TILES, finca_fruits
from .state import State


def majority_counts(s: State, finca: str) -> list[int]:
    """Per seat, what decides this finca tile: symbols of its fruit(s) on collected tiles
    (any-fruit symbols show no fruit and do not count), or the sum of tile values for the
    generic tile."""
    kinds = finca_fruits(finca)
    out = []
    for tiles in s.tiles:
        if not kinds:
            out.append(sum(TILES[t].value for t in tiles))
        else:
            out.append(sum(TILES[t].symbols(k) for t in tiles for k in kinds))
    return out


def assign_finca(s: State, c: int) -> None:
    """Community *c* is closed: its finca tile goes to the majority (a tie: into the box), and a
    wooden finca is placed there."""
    counts = majority_counts(s, s.finca_tile[c])
    best = max(counts)
    leaders = [p for p, v in enumerate(counts) if v == best]
    s.finca_owner[c] = leaders[0] if len(leaders) == 1 else -1
    if s.wooden_supply:
        s.wooden_supply -= 1
        s.wooden[c] = True


def set_progress(s: State, seat: int) -> dict[int, int]:
    """How many collected tiles of each value 1..6 the seat has."""
    counts = {v: 0 for v in range(1, 7)}
    for t in s.tiles[seat]:
        counts[TILES[t].value] += 1
    return counts


def complete_sets(s: State, seat: int) -> int:
    return min(set_progress(s, seat).values())


def score_breakdown(s: State, seat: int) -> dict[str, int]:
    return {
        "Fruit tiles": sum(TILES[t].value for t in s.tiles[seat]),
        "Finca tiles": FINCA_VP * len(s.fincas_of(seat)),
        "Unused action tiles": ACTION_VP * len(s.action_tiles[seat]),
        "Bonus tiles": sum(s.bonus[seat]),
    }


def fruit_total(s: State, seat: int) -> int:
    return sum(s.fruits[seat].values())


def vp(s: State) -> dict[int, int]:
    return {p: sum(score_breakdown(s, p).values()) for p in range(s.n)}


def result(s: State) -> Result | None:
    if s.step != "over":
        return None
    breakdown = {p: score_breakdown(s, p) for p in range(s.n)}
    scores = {p: sum(b.values()) for p, b in breakdown.items()}
    fruits = {p: fruit_total(s, p) for p in range(s.n)}
    ranking = rank_by({p: (scores[p], fruits[p]) for p in range(s.n)})
    best = max(scores.values())
    top = [p for p in range(s.n) if scores[p] == best]
    tiebreak = ""
    if len(top) > 1:
        who = " and ".join(s.names[p] for p in top)
        if len(ranking[0]) == 1:
            w = ranking[0][0]
            tiebreak = (f"{who} tied on {best} points; {s.names[w]} wins with the most "
                        f"fruits in the play area ({fruits[w]}).")
        elif len(ranking[0]) == len(top):
            tiebreak = (f"{who} tied on {best} points and on fruits in the play area "
                        f"({fruits[top[0]]}); they share the victory.")
        else:
            shared = " and ".join(s.names[p] for p in ranking[0])
            tiebreak = (f"{who} tied on {best} points; {shared} have the most fruits in "
                        f"the play area ({fruits[ranking[0][0]]}) and share the victory.")
    return Result(ranking=ranking, scores=scores, breakdown=breakdown, tiebreak=tiebreak)
