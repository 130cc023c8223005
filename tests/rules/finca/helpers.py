"""Scenario builders for the Finca rule tests: a known windmill, chosen farmers, fruits, tiles."""
from __future__ import annotations

from tabletop_tui.rules.core import resolve_options
from tabletop_tui.rules.finca import COMMUNITIES, FRUITS, RULES, TILES

NAMES = ["Anna", "Bruno", "Chiara", "Dario"]
#: blade i carries FRUITS[i % 6]: 0 fig, 1 almond, 2 olive, 3 orange, 4 grape, 5 lemon, 6 fig...
ORDER = list(FRUITS) * 2


def fresh(n: int = 2, seed: int = 1, **options):
    return RULES.setup(NAMES[:n], seed, resolve_options(RULES.options, options))


def board(n: int = 2, farmers: dict | None = None, seed: int = 1, **options):
    """A state in the main phase, seat 0 to play, on the known windmill ORDER.

    ``farmers``: seat -> list of blades (one entry per farmer). Seats not given get all their
    farmers on blade 11 (lemon). Each seat's farmer count is kept (invariants hold)."""
    s = fresh(n, seed, **options)
    s.blades = list(ORDER)
    per = s.to_place[0]
    s.to_place = [0] * n
    s.farmers = [[0] * 12 for _ in range(n)]
    farmers = farmers or {}
    for p in range(n):
        blades = list(farmers.get(p, []))
        assert len(blades) <= per
        blades += [11] * (per - len(blades))
        for b in blades:
            s.farmers[p][b] += 1
    s.step = "turn"
    s.turn = 0
    return s


def give(s, seat: int, **fruits) -> None:
    """Move fruits from the supply to a player (conservation kept)."""
    for f, k in fruits.items():
        s.supply[f] -= k
        s.fruits[seat][f] += k


def give_carts(s, seat: int, k: int) -> None:
    s.windmill_carts -= k
    s.carts[seat] += k


def cidx(name: str) -> int:
    return COMMUNITIES.index(name)


def _where(s, tile_id: str):
    for c, st in enumerate(s.stacks):
        if tile_id in st:
            return ("stack", c, st.index(tile_id))
    if tile_id in s.out:
        return ("out", None, s.out.index(tile_id))
    for p, ts in enumerate(s.tiles):
        if tile_id in ts:
            return ("tiles", p, ts.index(tile_id))
    raise KeyError(tile_id)


def _get(s, loc):
    kind, a, i = loc
    return (s.stacks[a] if kind == "stack" else s.out if kind == "out" else s.tiles[a])


def set_tile(s, c: int, pos: int, tile_id: str) -> None:
    """Put ``tile_id`` at position ``pos`` of community c's stack (swapping, so all 42 stay)."""
    src = _where(s, tile_id)
    lst = _get(s, src)
    other = s.stacks[c][pos]
    lst[src[2]] = other
    s.stacks[c][pos] = tile_id


def set_stack(s, c: int, tile_ids: list[str]) -> None:
    """Make community c's stack exactly ``tile_ids`` (face-up first); extra tiles go out."""
    for i, t in enumerate(tile_ids):
        if i < len(s.stacks[c]):
            set_tile(s, c, i, t)
    while len(s.stacks[c]) > len(tile_ids):
        s.out.append(s.stacks[c].pop())


def collect(s, seat: int, *tile_ids: str) -> None:
    """Give a player collected tiles, taken from wherever they are; a stack that gives one up
    is refilled from the out pile (or the longest other stack), so no community closes."""
    for t in tile_ids:
        kind, a, i = _where(s, t)
        lst = _get(s, (kind, a, i))
        lst.pop(i)
        if kind == "stack":
            donor = s.out if s.out else max(
                (st for c2, st in enumerate(s.stacks) if c2 != a), key=len)
            lst.insert(i, donor.pop())
        s.tiles[seat].append(t)


def play(s, *texts: str):
    """Apply notations in order; returns the final state."""
    for t in texts:
        s = RULES.apply(s, RULES.parse(s, t))
    return s


def tiles_of_value(v: int, any_symbols: bool = False) -> list[str]:
    return sorted(t.id for t in TILES.values() if t.value == v and (t.any > 0) == any_symbols)


def set_finca(s, c: int, finca: str) -> None:
    """Give community c the finca tile ``finca`` (swapped with the community that had it)."""
    j = s.finca_tile.index(finca)
    s.finca_tile[c], s.finca_tile[j] = s.finca_tile[j], s.finca_tile[c]
