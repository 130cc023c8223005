"""C - Combat another ship.

Needs another ship on the tile and at least one pirate among the ships there; never on the tile
of an island with a fort. Explorers attack only pirates. Both roll 2 red dice (1 with the
alternative rule), pirates add 1, ties roll again. The winner takes or dumps one hold of the
loser; a loser with empty holds is sunk (wreck procedure) and the winner takes a "+3".
``R`` is the rules object (for its helpers), ``s`` a state being changed inside ``apply``.
"""
from __future__ import annotations

from . import cartography as C
from . import holds as H
from .dice import red as _red
from .actions import GALLEON
from .ship_boards import Dice


def opponents(R, s, sid, cell) -> list[int]:
    here = R.ships_on(s, cell)
    if len(here) < 2 or not any(R.is_pirate(s, i) for i in here):
        return []
    island = C.island_cells(s.tiles, cell)
    if island and C.island_has(s.tiles, island, "fort"):
        return []
    me = R.controller(s, sid)
    out = []
    for i in here:
        if i == sid:
            continue
        if R.controller(s, i) == me:
            continue  # house rule: the Galleon and its controller's ship never fight
        if not R.is_pirate(s, sid) and not R.is_pirate(s, i):
            continue
        out.append(i)
    return sorted(out, key=lambda i: (i == GALLEON, i))


def roll_words(name: str, dice: list[int], pirate: bool, total: int) -> str:
    """"the Black Galleon rolled 4+5, +1 for pirates = 10"."""
    plus = ", +1 for pirates" if pirate else ""
    return f"{name} rolled {'+'.join(map(str, dice))}{plus} = {total}"


def fight(R, s, att: int, dfn: int) -> None:
    dice = int(s.options.get("combat_dice", 2))
    while True:
        da = [_red(s.rng) for _ in range(dice)]
        dd = [_red(s.rng) for _ in range(dice)]
        ra = sum(da) + (1 if R.is_pirate(s, att) else 0)
        rd = sum(dd) + (1 if R.is_pirate(s, dfn) else 0)
        R._ev(s, f"combat: {R.ship_name(s, att)} {ra} against {R.ship_name(s, dfn)} {rd}")
        # the saved event keeps the totals (saves hash it); the log tells the dice and the +1
        s.notes.append(Dice(f"Combat: {roll_words(R.ship_name(s, att), da, R.is_pirate(s, att), ra)}; "
                            f"{roll_words(R.ship_name(s, dfn), dd, R.is_pirate(s, dfn), rd)}"
                            + (" (a tie: they roll again)." if ra == rd else ".")))
        if ra != rd:
            break
    win, lose = (att, dfn) if ra > rd else (dfn, att)
    R._ev(s, f"{R.ship_name(s, win)} wins the combat")
    if H.all_empty(R.ship(s, lose)["holds"]):
        R._ev(s, f"{R.ship_name(s, lose)} has empty holds and is sunk")
        R._wreck(s, lose, None, "sunk in combat")
        taker = R.controller(s, win)
        if s.supply["plus3"] > 0:
            s.supply["plus3"] -= 1
            s.ships[taker]["plus3"] += 1
    else:
        s.queue.append({"t": "spoils", "winner": win, "loser": lose})
