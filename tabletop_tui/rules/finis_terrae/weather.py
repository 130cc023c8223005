"""Weather: the weather deck, the wind die and the storm push.

Deck (index 0 = top): set the Finis Terrae card and one sunny card aside, shuffle the other 13,
put 2 back in the box unseen, insert the Finis Terrae card face up between the 2nd and 3rd
cards from the bottom, and the set-aside sunny card on top.
"""
from __future__ import annotations

from . import cartography as C
from . import tiles as T

FT = "finis_terrae"
SUNNY = ("sunny", FT)


def build_deck(rng) -> tuple[list[str], list[str]]:
    """(deck top first, the 2 cards put back in the box unseen)."""
    comp = T.COMPONENTS["weather"]
    cards = ["sunny"] * (comp["sunny"] - 1) + ["rainy"] * comp["rainy"] + ["storm"] * comp["storm"]
    rng.shuffle(cards)
    k = T.COMPONENTS["weather_removed_unseen"]
    out, pile = cards[:k], cards[k:]
    below = T.COMPONENTS["weather_below_finis_terrae"]
    pile = pile[:len(pile) - below] + [FT] + pile[len(pile) - below:]
    return ["sunny"] + pile, out


def push(tiles: dict, ports: dict, pos: tuple, pirate: bool, d: int):
    """Storm push of one ship in direction d.

    Returns ("stay", why), ("moved", new_pos) or ("wreck", why, drop_cell).
    """
    x, y, a = pos
    kind, rot = tiles[(x, y)]
    if not pirate and (x, y) in ports:
        return ("stay", "protected by the port on its tile")
    if pirate and T.info(kind)["pirate_den"]:
        return ("stay", "a pirate protected by the pirate den")
    areas = T.sea_areas(kind, rot)
    nb = T.neighbour(x, y, d)
    nt = tiles.get(nb)
    if d not in areas[a]:
        island = C.island_cells(tiles, (x, y))
        if island and C.island_has(tiles, island, "lighthouse"):
            return ("stay", "protected by the lighthouse of the island it would be pushed on")
        drop = nb if nt is not None and T.sea_areas(nt[0], nt[1]) else (x, y)
        return ("wreck", "pushed across land", drop)
    if nt is None:
        return ("wreck", "pushed off the map", (x, y))
    if T.info(nt[0])["reef"]:
        return ("wreck", "pushed across a reef", (x, y))
    ai = T.area_touching(nt[0], nt[1], T.opposite(d))
    if ai is None:  # cannot happen with matching edges; treat as land
        return ("wreck", "pushed across land", (x, y))
    return ("moved", (nb[0], nb[1], ai))
