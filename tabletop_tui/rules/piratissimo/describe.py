"""Text for people: each choice described, each move as sentences for the log, a summary."""
from __future__ import annotations

from typing import Any

from .actions import Action
from .board import CAPACITY, HARBOUR, ISLANDS, RED_LOAD, WHEEL_TEXT, island_label, island_no
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
        if other is None:
            return f"{v.capitalize()} {a.value}"
        name = s.names[other]
        if v == "steal":
            after = s.cargo[seat] + a.value
            warn = " — your ship capsizes!" if after > CAPACITY else ""
            return f"Steal {a.value} from {name} (your ship {after}/7){warn}"
        after = s.cargo[other] + a.value
        warn = f" — {name}'s ship capsizes!" if after > CAPACITY else ""
        return f"Give {a.value} to {name} ({name}'s ship {after}/7){warn}"
    if v == "pass":
        return "Do nothing"
    if v == "sail":
        tgt = a.target
        if tgt and tgt[0] == "harbour":
            return "Sail 1 island into the harbour (unload)"
        text = f"Sail 1 island → {island_label(tgt[1])}"
        if ISLANDS[tgt[1]].kind == "red" and s.basket:
            n = min(RED_LOAD, s.basket)
            after = s.cargo[seat] + n
            text += f": must load {n} (ship {after}/7)"
            if after > CAPACITY:
                text += " — capsizes!"
        return text
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
        return " ".join(event_text(after, e) for e in after.last_events)
    return None


def neutral_choices(s: State, seat: int, other: int) -> str:
    """The neutral-island meeting, with what each ship actually holds."""
    theirs, mine = s.cargo[other], s.cargo[seat]
    name = s.names[other]
    if theirs == 0:
        steal = "nothing to steal"
    elif theirs == 1:
        steal = "steal the 1 treasure it holds"
    else:
        steal = f"steal 1 or 2 of its {theirs} treasure"
    if mine == 0:
        give = "nothing of yours to give"
    elif mine == 1:
        give = "give your 1 treasure"
    else:
        give = f"give 1 or 2 of your {mine}"
    held = "empty" if theirs == 0 else f"with {theirs} treasure aboard"
    return (f"{name}'s ship is moored here, {held} — {steal}; {give}; or do nothing "
            f"(a ship given an 8th piece capsizes).")


def _how(how: tuple) -> str:
    if how[0] == "rolled":
        return f"rolled {how[1]} and sailed"
    return {"tornado-sail": "rolled the tornado and sailed 1 island", "sail1": "sailed 1 island"}[how[0]]


def event_text(s: State, e: tuple, first: int = 1) -> str:
    """One event (see ``state.say``) as a sentence. Islands are numbered from ``first``: 1 for
    people; 0 reproduces, word for word, the sentences that saves made before islands were
    numbered 1–24 hashed (``PiratissimoRules.legacy_state_hashes``) — change only ``first=1``
    wording freely."""
    kind = e[0]
    name = s.names

    def isl(i: int) -> str:
        return island_label(i, first)

    if kind == "placed":
        return f"{name[e[1]]} placed the tornado on {isl(e[2])}."
    if kind == "arrived":
        _, seat, pos, how = e
        if pos == HARBOUR:
            return f"{name[seat]} {_how(how)} into the {s.colours[seat]} harbour."
        return f"{name[seat]} {_how(how)} to {isl(pos)}."
    if kind == "rolled-tornado":
        return f"{name[e[1]]} rolled the tornado."
    if kind == "loaded":
        _, seat, n, after = e
        return f"{name[seat]} loaded nothing." if n == 0 else f"{name[seat]} loaded {n} treasure (ship {after}/7)."
    if kind == "stole":
        return f"{name[e[1]]} stole {e[3]} treasure from {name[e[2]]}."
    if kind == "gave":
        return f"{name[e[1]]} gave {e[3]} treasure to {name[e[2]]}."
    if kind == "left-alone":
        return f"{name[e[1]]} left {name[e[2]]}'s ship alone."
    if kind == "stayed":
        return f"{name[e[1]]}'s ship stayed put."
    if kind == "left-tornado":
        return f"{name[e[1]]} left the tornado on {isl(e[2])}."
    if kind == "direction":
        way = "clockwise" if e[2] > 0 else "anticlockwise"
        return f"{name[e[1]]} will move the tornado {way}."
    if kind == "moved-tornado":
        _, seat, k, tdir, pos = e
        way = "anticlockwise" if tdir < 0 else "clockwise"
        return f"{name[seat]} moved the tornado {k} island{'s' if k > 1 else ''} {way} to {isl(pos)}."
    if kind == "capsized":
        return f"{name[e[1]]}'s ship capsized with {e[2]} treasure: all of it sank back into the basket."
    if kind == "unloaded-at-once":
        return f"{name[e[1]]}'s ship is in harbour: the treasure is unloaded at once."
    if kind == "wins":
        return f"{name[e[1]]} has {e[2]} treasure in harbour and wins!"
    if kind == "takes-place":
        return f"{name[e[1]]} has {e[2]} treasure in harbour and takes place {e[3]}."
    if kind == "over":
        return "The game is over."
    if kind == "unloaded":
        return f"{name[e[1]]} unloaded {e[2]} treasure ({e[3]} in harbour)."
    if kind == "blown":
        return f"The tornado blew {name[e[1]]}'s ship on to {isl(e[2])}."
    if kind == "nothing-to-give":
        return f"{name[e[1]]} has no treasure to give."
    if kind == "in-time":
        return f"{name[e[1]]}'s ship reached the {s.colours[e[1]]} harbour in time."
    if kind == "washed":
        return f"{e[2]} of {name[e[1]]}'s treasure washed into the sea (back to the basket)."
    if kind == "nothing-to-lose":
        return f"{name[e[1]]}'s ship had no treasure to lose."
    if kind == "basket-empty":
        return f"The basket is empty: {name[e[1]]} cannot load."
    if kind == "only-left":
        return f"Only {e[1]} treasure left in the basket."
    if kind == "red-chest":
        return f"{name[e[1]]} had to load {e[2]} treasure from the red chest (ship {e[3]}/7)."
    if kind == "no-ship":
        return "No ship is moored there."
    if kind == "hit":
        who = " and ".join(name[p] for p in e[1])
        return f"The tornado hit {who}: the wind wheel shows '{e[2]}' — {WHEEL_TEXT[e[2]]}."
    raise ValueError(f"unknown Piratissimo event {e!r}")

def summary(rules, s: State) -> str:
    parts = []
    for p in range(s.players):
        where = "harbour" if s.location[p] == HARBOUR else f"island {island_no(s.location[p])}"
        parts.append(f"{s.names[p]} ({s.colours[p]}): {where}, ship {s.cargo[p]}/7, "
                     f"harbour {s.unloaded[p]}/{s.target}")
    tornado = "none" if s.tornado is None else f"island {island_no(s.tornado)}"
    head = f"Turn {s.turns}. Basket {s.basket}. Tornado: {tornado}."
    d = rules.pending(s)
    tail = "The game is over." if d is None else f"{s.names[d.seat]} to play: {d.prompt}"
    return head + " " + "; ".join(parts) + ". " + tail


def sheet(s: State, seat: int) -> list[tuple[str, list[str]]]:
    """Everything public about a captain, in words: the ship, its treasure, the harbour."""
    where = ("in the harbour" if s.location[seat] == HARBOUR
             else f"on {island_label(s.location[seat])}")
    ship = [f"{s.colours[seat]} ship, {where}",
            f"{s.cargo[seat]} of {CAPACITY} treasure aboard (an 8th piece capsizes it)"]
    home = [f"{s.unloaded[seat]} treasure in the harbour ({s.target} there win the game)"]
    if seat in s.finished:
        home.append(f"reached {s.target}: place {s.finished.index(seat) + 1}")
    else:
        home.append(f"{max(0, s.target - s.unloaded[seat])} more to bring home")
    return [("Ship", ship), ("Home", home)]
