"""Notation: ``roll``, ``place tornado on 9``, ``load 2``, ``steal 1``, ``give 2``, ``pass``,
``sail 1``, ``stay``, ``tornado 3``, ``direction cw``, ``give to blue``; reading a move back,
and why a move is refused, in the rulebook's words.

Islands are numbered 1–24 for people. Saves made before that wrote ``place tornado 8`` (the
engine's index, 0–23, without "on"); ``parse`` still reads that form so that old saves load."""
from __future__ import annotations

import re

from tabletop_tui.rules.core import IllegalAction

from .actions import Action
from .board import ISLANDS, STEAL_GIVE_MAX, TORNADO_SQUARES, island_no
from .state import State
from .treasure import neutral_other

_LEGACY_PLACE = re.compile(r"place tornado (\d{1,2})")


def why_not(rules, s: State, text: str) -> str:
    """The reason an action (given as notation) is refused, in the rulebook's words."""
    d = rules.pending(s)
    if d is None:
        return "The game is over; no more moves can be made."
    words = text.split()
    who = s.names[d.seat]
    step = s.queue[0]
    kind = step[0]
    verb = words[0] if words else ""
    num = None
    if len(words) >= 2 and words[-1].lstrip("-").isdigit():
        num = int(words[-1])
    loc = s.location[d.seat]
    if kind == "place":
        squares = ", ".join(str(island_no(i)) for i in TORNADO_SQUARES)
        if verb == "place":
            return f"The tornado starts on a tornado square: island {squares} ('place tornado on N')."
        return f"{who} must first place the tornado on a tornado square (islands {squares})."
    if kind == "roll":
        return f"{who} must roll the die now ('roll')."
    if kind == "load":
        chest = ISLANDS[loc].chest
        if verb == "load" and num is not None:
            if num < 0:
                return "You cannot load a negative amount of treasure."
            if num > chest:
                return f"The green chest on island {island_no(loc)} lets {who} load at most {chest} treasure."
            if num > s.basket:
                return f"The basket holds only {s.basket} treasure."
        return f"{who} must choose how much treasure to load: 'load 0' to 'load {min(chest, s.basket)}'."
    if kind == "neutral":
        other = neutral_other(s, d.seat)
        if verb in ("steal", "give") and num is not None:
            if num > STEAL_GIVE_MAX:
                return f"The last to arrive may {verb} at most two treasure pieces."
            if num < 1:
                return f"'{text}' makes no sense: {verb} 1 or 2, or 'pass'."
            if verb == "steal":
                return f"{s.names[other]}'s ship carries only {s.cargo[other]} treasure."
            return f"{who}'s ship carries only {s.cargo[d.seat]} treasure."
        return f"{who} may 'steal 1'/'steal 2', 'give 1'/'give 2' or 'pass'."
    if kind == "tship":
        return f"{who} may move the ship to the next island ('sail 1') or do nothing ('stay')."
    if kind == "tdir":
        return f"{who} must choose 'direction cw', 'direction ccw' or leave the tornado ('tornado 0')."
    if kind == "tmove":
        if verb == "tornado" and num is not None and num > s.tornado_max:
            return (f"With {s.players} players the tornado moves at most {s.tornado_max} islands.")
        low = 1 if s.variant == "older" else 0
        return f"{who} must move the tornado: 'tornado {low}' to 'tornado {s.tornado_max}'."
    if kind == "give":
        receivers = step[3]
        if verb == "give" and len(words) == 3 and words[1] == "to":
            c = words[2]
            if c in s.colours:
                r = s.colours.index(c)
                if r == step[1]:
                    return f"{who} cannot give treasure to their own ship."
                if not s.active(r):
                    return f"{s.names[r]} has finished and takes no more treasure."
                return f"{s.names[r]} has already received a piece from {who}."
            return f"There is no {c} ship in this game."
        opts = ", ".join(f"'give to {s.colours[r]}'" for r in receivers)
        return f"{who} must choose who gets a treasure piece: {opts}."
    return f"'{text}' is not a legal move now ({who}: {d.prompt.rstrip('.?')})."

def parse(rules, s: State, text: str) -> Action:
    """The move written ``text`` (``roll``, ``load 2``, ``tornado 3``...), if legal now."""
    wanted = " ".join(str(text).split()).lower()
    legacy = _LEGACY_PLACE.fullmatch(wanted)
    if legacy:  # a save from before islands were numbered 1–24: "place tornado 8" = index 8
        wanted = f"place tornado on {int(legacy.group(1)) + 1}"
    for a in rules.legal_actions(s):
        if str(a) == wanted:
            return a
    raise IllegalAction(why_not(rules, s, wanted))
