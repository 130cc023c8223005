"""Text for people: each choice described, each move as sentences for the log, a summary."""
from __future__ import annotations

from typing import Any

from .actions import Action
from .board import CAPACITY, HARBOUR, island_label
from .state import State
from .treasure import neutral_other


def describe(rules, s: State, a: Action) -> str:
    """A choice, in words, for the list of choices."""
    d = rules.pending(s)
    seat = d.seat if d else s.turn
    v = a.verb
    if v == "roll":
        return "Roll the die"
    if v == "place":
        return f"Place the tornado on {island_label(a.value)}"
    if v == "load":
        if a.value == 0:
            return "Load nothing"
        after = s.cargo[seat] + a.value
        warn = " — capsizes!" if after > CAPACITY else ""
        return f"Load {a.value} treasure (ship {after}/7){warn}"
    if v in ("steal", "give"):
        other = neutral_other(s, seat)
        name = s.names[other] if other is not None else "the other ship"
        if v == "steal":
            return f"Steal {a.value} from {name}"
        return f"Give {a.value} to {name}"
    if v == "pass":
        return "Do nothing"
    if v == "sail":
        tgt = a.target
        where = "into the harbour" if tgt and tgt[0] == "harbour" else f"→ {island_label(tgt[1])}"
        return f"Sail 1 island {where}"
    if v == "stay":
        return "Stay"
    if v == "direction":
        return "Turn the tornado clockwise" if a.value == "cw" else "Turn the tornado anticlockwise"
    if v == "tornado":
        if a.value == 0:
            return "Leave the tornado where it is"
        dest = a.target[1]
        hit = s.ships_at(dest)
        also = f" ({', '.join(s.names[p] for p in hit)} moored there)" if hit else ""
        return f"Move the tornado {a.value} → {island_label(dest)}{also}"
    if v == "give-to":
        r = s.colours.index(a.value)
        return f"Give 1 treasure to {s.names[r]} ({a.value})"
    return str(a)

def log_line(before: State, a: Any, after: State) -> str | None:
    """What a move did, as sentences for the log (None: the generic line)."""
    if after.last_events:
        return " ".join(after.last_events)
    return None

def summary(rules, s: State) -> str:
    parts = []
    for p in range(s.players):
        where = "harbour" if s.location[p] == HARBOUR else f"island {s.location[p]}"
        parts.append(f"{s.names[p]} ({s.colours[p]}): {where}, ship {s.cargo[p]}/7, "
                     f"harbour {s.unloaded[p]}/{s.target}")
    tornado = "none" if s.tornado is None else f"island {s.tornado}"
    head = f"Turn {s.turns}. Basket {s.basket}. Tornado: {tornado}."
    d = rules.pending(s)
    tail = "The game is over." if d is None else f"{s.names[d.seat]} to play: {d.prompt}"
    return head + " " + "; ".join(parts) + ". " + tail
