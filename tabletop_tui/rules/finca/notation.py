"""Notation: the moves as people write them (``move 4``, ``pick Inca``, ``fill lemon``...);
``str(action)`` writes them, ``parse`` reads them back."""
from __future__ import annotations

from typing import Any

from tabletop_tui.rules.core import IllegalAction

from .actions import Confirm, Deliver, Fill, GustFrom, GustTo, Move, Omit, Pick, Place, Stop, UseTile
from .components import COMMUNITIES, COMMUNITY_INDEX, N_BLADES
from .state import State


def parse(rules, s: State, text: str) -> Any:
    """The move written ``text`` (see ``actions``), checked against the position."""
    words = str(text).split()
    if rules.pending(s) is None:
        raise IllegalAction("The game is over; no more moves can be made.")
    if not words:
        raise IllegalAction("Empty move; " + syntax())
    head, rest = words[0].lower(), words[1:]

    def blade() -> int:
        if len(rest) != 1 or not rest[0].isdigit():
            raise IllegalAction(f"'{head}' takes a blade number 1 to {N_BLADES}.")
        return int(rest[0]) - 1

    def community(name: str) -> str:
        c = COMMUNITY_INDEX.get(name.lower())
        return COMMUNITIES[c] if c is not None else name

    a: Any
    if head in ("place", "move", "from", "to"):
        a = {"place": Place, "move": Move, "from": GustFrom, "to": GustTo}[head](blade())
    elif head in ("deliver", "stop", "confirm") and not rest:
        a = {"deliver": Deliver, "stop": Stop, "confirm": Confirm}[head]()
    elif head == "use" and len(rest) == 1:
        a = UseTile(rest[0].lower())
    elif head == "pick" and len(rest) == 1:
        a = Pick(community(rest[0]))
    elif head == "fill" and len(rest) == 1:
        a = Fill(rest[0].lower())
    elif head == "omit" and len(rest) == 2:
        a = Omit(community(rest[0]), rest[1].lower())
    else:
        raise IllegalAction(f"'{' '.join(words)}' is not a Finca move; " + syntax())
    rules._check(s, a)
    return a

def syntax() -> str:
    return ("moves are: place N, move N, deliver, use double|gust|large|less, from N, to N, "
            "stop, pick COMMUNITY, fill FRUIT, confirm, omit COMMUNITY FRUIT.")
