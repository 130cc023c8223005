"""Terra Mystica's opening book for the hard bot, from the 35 league games (issue 36).

Made by ``benchmarks/tm_book.py`` (the league records replayed through our engine): per faction,
how many league seats played it (``games``), its start dwellings in the order placed with how many
seats placed them so (``place``), its first bonus cards, and the buildings the median league seat
of the faction had at the end of rounds 1-3 (``built``: how many reached a trading house or more,
a temple or more, a stronghold, a sanctuary). The map is the base map, the only one the game has,
so the league's spaces are ours. The hard bot (``bots/terra_mystica_search.py``) plays the book's
start dwellings where its faction has a line that fits what is already placed, and in rounds 1-3
builds toward ``built`` while its rollouts rate that within ``BOOK_MARGIN`` of their best.
"""
from __future__ import annotations

from typing import Any

from tabletop_tui.rules.terra_mystica.data import INDEX, LAND

#: a faction's book is used only when this many league seats played it
MIN_GAMES = 3

# fmt: off
BOOK: dict = {
    'alchemists': {
        "games": 1,
        "place": [(('E5', 'G5'), 1)],
        "bonus": [('BON6', 1)],
        "built": {1: {'SA': 0, 'SH': 1, 'TE+': 1, 'TP+': 2}, 2: {'SA': 0, 'SH': 1, 'TE+': 1, 'TP+': 2}, 3: {'SA': 1, 'SH': 1, 'TE+': 1, 'TP+': 2}},
    },
    'chaos_magicians': {
        "games": 3,
        "place": [(('D4',), 1), (('D7',), 1), (('G2',), 1)],
        "bonus": [('BON6', 2), ('BON8', 1)],
        "built": {1: {'SA': 1, 'SH': 0, 'TE+': 1, 'TP+': 1}, 2: {'SA': 1, 'SH': 0, 'TE+': 1, 'TP+': 1}, 3: {'SA': 1, 'SH': 0, 'TE+': 1, 'TP+': 1}},
    },
    'cultists': {
        "games": 27,
        "place": [(('E6', 'F5'), 17), (('E6', 'F7'), 8), (('E6', 'H7'), 1), (('E6', 'D8'), 1)],
        "bonus": [('BON5', 8), ('BON3', 5), ('BON2', 4), ('BON1', 3), ('BON6', 2), ('BON7', 2), ('BON8', 2), ('BON4', 1)],
        "built": {1: {'SA': 0, 'SH': 0, 'TE+': 1, 'TP+': 1}, 2: {'SA': 0, 'SH': 0, 'TE+': 1, 'TP+': 2}, 3: {'SA': 0, 'SH': 0, 'TE+': 1, 'TP+': 2}},
    },
    'darklings': {
        "games": 34,
        "place": [(('G5', 'E5'), 10), (('E5', 'G5'), 8), (('G5', 'C1'), 3), (('G5', 'E10'), 3), (('E10', 'B5'), 2), (('B5', 'G5'), 2), (('G5', 'B5'), 2), (('E10', 'E5'), 2), (('E10', 'C1'), 1), (('B5', 'E10'), 1)],
        "bonus": [('BON8', 12), ('BON6', 10), ('BON2', 4), ('BON3', 4), ('BON5', 3), ('BON9', 1)],
        "built": {1: {'SA': 0, 'SH': 0, 'TE+': 1, 'TP+': 1}, 2: {'SA': 1, 'SH': 0, 'TE+': 1, 'TP+': 1}, 3: {'SA': 1, 'SH': 0, 'TE+': 1, 'TP+': 2}},
    },
    'dwarves': {
        "games": 6,
        "place": [(('E7', 'F6'), 5), (('F6', 'E7'), 1)],
        "bonus": [('BON6', 2), ('BON1', 2), ('BON5', 1), ('BON3', 1)],
        "built": {1: {'SA': 0, 'SH': 0, 'TE+': 1, 'TP+': 1}, 2: {'SA': 1, 'SH': 0, 'TE+': 1, 'TP+': 1}, 3: {'SA': 1, 'SH': 0, 'TE+': 1, 'TP+': 2}},
    },
    'engineers': {
        "games": 22,
        "place": [(('E7', 'H6'), 10), (('E7', 'F6'), 5), (('F6', 'E7'), 4), (('E7', 'C5'), 3)],
        "bonus": [('BON1', 9), ('BON6', 4), ('BON8', 2), ('BON5', 2), ('BON2', 2), ('BON4', 2), ('BON3', 1)],
        "built": {1: {'SA': 0, 'SH': 0, 'TE+': 2, 'TP+': 2}, 2: {'SA': 0, 'SH': 0, 'TE+': 2, 'TP+': 2}, 3: {'SA': 0, 'SH': 0, 'TE+': 2, 'TP+': 3}},
    },
    'giants': {
        "games": 1,
        "place": [(('D4', 'D7'), 1)],
        "bonus": [('BON6', 1)],
        "built": {1: {'SA': 0, 'SH': 1, 'TE+': 0, 'TP+': 2}, 2: {'SA': 0, 'SH': 1, 'TE+': 0, 'TP+': 2}, 3: {'SA': 0, 'SH': 1, 'TE+': 0, 'TP+': 2}},
    },
    'halflings': {
        "games": 5,
        "place": [(('E6', 'F7'), 4), (('E6', 'F5'), 1)],
        "bonus": [('BON2', 2), ('BON1', 1), ('BON3', 1), ('BON8', 1)],
        "built": {1: {'SA': 0, 'SH': 0, 'TE+': 1, 'TP+': 1}, 2: {'SA': 0, 'SH': 0, 'TE+': 2, 'TP+': 2}, 3: {'SA': 0, 'SH': 0, 'TE+': 2, 'TP+': 2}},
    },
    'mermaids': {
        "games": 2,
        "place": [(('E4', 'D5'), 1), (('G6', 'E4'), 1)],
        "bonus": [('BON8', 1), ('BON1', 1)],
        "built": {1: {'SA': 0, 'SH': 0, 'TE+': 1, 'TP+': 1}, 2: {'SA': 0, 'SH': 0, 'TE+': 2, 'TP+': 2}, 3: {'SA': 0, 'SH': 0, 'TE+': 2, 'TP+': 2}},
    },
    'nomads': {
        "games": 5,
        "place": [(('F3', 'D3', 'A5'), 1), (('F3', 'D3', 'E8'), 1), (('F3', 'E8', 'B4'), 1), (('G4', 'F3', 'D3'), 1), (('F3', 'D3', 'G4'), 1)],
        "bonus": [('BON1', 2), ('BON6', 1), ('BON8', 1), ('BON5', 1)],
        "built": {1: {'SA': 0, 'SH': 0, 'TE+': 0, 'TP+': 1}, 2: {'SA': 0, 'SH': 0, 'TE+': 0, 'TP+': 2}, 3: {'SA': 0, 'SH': 1, 'TE+': 1, 'TP+': 3}},
    },
    'swarmlings': {
        "games": 7,
        "place": [(('G6', 'D2'), 2), (('D5', 'H4'), 2), (('G6', 'H4'), 2), (('D5', 'D2'), 1)],
        "bonus": [('BON1', 3), ('BON5', 2), ('BON6', 1), ('BON8', 1)],
        "built": {1: {'SA': 0, 'SH': 1, 'TE+': 0, 'TP+': 2}, 2: {'SA': 0, 'SH': 1, 'TE+': 1, 'TP+': 3}, 3: {'SA': 1, 'SH': 1, 'TE+': 1, 'TP+': 4}},
    },
    'witches': {
        "games": 27,
        "place": [(('F4', 'E9'), 19), (('E9', 'F4'), 3), (('F4', 'G3'), 1), (('F4', 'C3'), 1), (('G3', 'E9'), 1), (('F4', 'C4'), 1), (('E9', 'C4'), 1)],
        "bonus": [('BON4', 10), ('BON1', 6), ('BON3', 3), ('BON5', 3), ('BON8', 3), ('BON6', 2)],
        "built": {1: {'SA': 0, 'SH': 0, 'TE+': 0, 'TP+': 1}, 2: {'SA': 0, 'SH': 1, 'TE+': 1, 'TP+': 1}, 3: {'SA': 0, 'SH': 1, 'TE+': 1, 'TP+': 2}},
    },
}
# fmt: on


def entry(faction: str | None) -> dict | None:
    """The faction's book, or None when too few league seats played it."""
    e = BOOK.get(faction or "")
    return e if e is not None and e["games"] >= MIN_GAMES else None


def place(view: Any, seat: int, legal: list) -> Any:
    """The book's next start dwelling for ``seat``: of the league lines whose first spaces are the
    seat's start dwellings so far, the next space most seats chose that is still free (None: no
    line fits, or the book has no entry)."""
    e = entry(view.players[seat].faction)
    if e is None:
        return None
    mine = {x for x in LAND if view.owner[x] == seat}
    by_space = {a.a: a for a in legal if a.kind == "build"}
    count: dict = {}
    for line, n in e["place"]:
        k = len(mine)
        if k >= len(line) or {INDEX[h] for h in line[:k]} != mine:
            continue
        nxt = line[k]
        if nxt in by_space:
            count[nxt] = count.get(nxt, 0) + n
    if not count:
        return None
    best = max(sorted(count), key=lambda h: count[h])
    return by_space[best]


#: the upgrade that raises each level of ``built``, checked in this order
LEVELS = (("TP+", "TP"), ("TE+", "TE"), ("SH", "SH"), ("SA", "SA"))


def levels(counts: dict) -> dict:
    """Buildings by what they reached (as the book counts them)."""
    return {"TP+": counts["TP"] + counts["TE"] + counts["SH"] + counts["SA"],
            "TE+": counts["TE"] + counts["SA"], "SH": counts["SH"], "SA": counts["SA"]}


def due(view: Any, seat: int) -> str | None:
    """The building the book wants ``seat`` to upgrade to now (``TP``, ``TE``, ``SH``, ``SA``): the
    first level where the seat is below the median league seat of its faction at the end of this
    round (rounds 1-3 only); None when it is level or the book has nothing."""
    p = view.players[seat]
    e = entry(p.faction)
    if e is None or view.phase != "play" or view.round not in e["built"]:
        return None
    want = e["built"][view.round]
    have = levels(p.counts)
    for lv, b in LEVELS:
        if have[lv] < want[lv]:
            return b
    return None
