"""The log's words: what a decision did and what followed, told in the past tense like the other
games' logs ("Anna sailed to 3,1. Storm: the wind blew North. Bruno was pushed to 2,0.").

The state keeps the events of an ``apply`` word for word as the engine wrote them (present tense,
tile ids): saves hash them, so old saves keep loading. They become the player's words here only,
when the log line is made.
"""
from __future__ import annotations

import re

from . import holds as H
from .actions import (GALLEON, Attack, ChooseBeach, ChooseWind, DropHold, LoadHold, Move, Pay, Place, Simple,
                      Split, SunnyOrder, Throw)

GOOD_WORD = {"doubloons": "doubloons", "spice": "spice crates", "find": "underwater finds",
             "castaway": "castaways", "treasure": "treasures"}
ONE_WORD = {"doubloons": "doubloon", "spice": "spice crate", "find": "underwater find",
            "castaway": "castaway", "treasure": "treasure"}

#: an event's verb after its subject (a player, or the Black Galleon) → the same in the past
VERBS = (
    ("loads:", "loaded:"),
    ("takes the red pirate flag and controls the Black Galleon",
     "took the red pirate flag and with it the Black Galleon"),
    ("takes ", "took "),
    ("throws ", "threw "),
    ("leaves ", "left "),
    ("is back in the starting port for repairs and takes ", "was back in the starting port for repairs and took "),
    ("is refitted ", "was refitted "),
    ("hoists the black flag and becomes a pirate", "hoisted the black flag and became a pirate"),
    ("pays ", "paid "),
    ("establishes ", "established "),
    ("ceases ", "ceased "),
    ("opens ", "opened "),
    ("recovers ", "recovered "),
    ("is not pushed", "was not pushed"),
    ("is pushed ", "was pushed "),
    ("is wrecked", "was wrecked"),
    ("draws ", "drew "),
    ("cannot move", "could not move"),
    ("redeems ", "redeemed "),
    ("buys ", "bought "),
    ("sells ", "sold "),
    ("wins the combat", "won the combat"),
    ("has empty holds and is sunk", "had empty holds and was sunk"),
)
#: events with no player as their subject
WHOLE = (
    ("storm: the wind blows ", "storm: the wind blew "),
    ("storm: the wind die lets ", "storm: the wind die let "),
    ("storm: the wind die shows calm; nobody is pushed", "storm: the wind die showed calm; nobody was pushed"),
    ("the Finis Terrae card is turned: it is shuffled ", "the Finis Terrae card was turned: it was shuffled "),
    ("the Finis Terrae day is over: the game ends", "the Finis Terrae day was over: the game ended"),
)
_BACK_TO_BOX = re.compile(r"^(no legal place: .*) go back to the box$")
_DRAWS = re.compile(r"^(?P<who>.+?) draws (?P<tiles>[a-z0-9_]+(?:, [a-z0-9_]+)*)$")


def tile_words(a) -> str:
    """"island 1 beach at 3,1, turned 90°": the turn is said only when the tile is turned."""
    turn = f", turned {a.rot * 90}°" if a.rot else ""
    return f"{a.tile.replace('_', ' ')} at {a.x},{a.y}{turn}"


def goods(n: int, kind: str) -> str:
    """'1 doubloon', '3 doubloons': the count with its word."""
    return f"{n} {ONE_WORD[kind] if n == 1 else GOOD_WORD[kind]}"


def past(text: str, subjects: list[str]) -> str:
    """An event as the engine wrote it, in the past tense (its subject a name of ``subjects``)."""
    for before, after in WHOLE:
        if text.startswith(before):
            return after + text[len(before):]
    m = _BACK_TO_BOX.match(text)
    if m:
        return m.group(1).replace("_", " ") + " went back to the box"
    for who in sorted(subjects, key=len, reverse=True):
        if text.startswith(who + " "):
            rest = text[len(who) + 1:]
            for before, after in VERBS:
                if rest.startswith(before):
                    return f"{who} {after}{rest[len(before):]}"
            break
    return text


def words(text: str, subjects: list[str]) -> str:
    """An event in the player's words: in the past tense, tile ids as names ("fort_1_beach" →
    "fort 1 beach") and the Finis Terrae card by its name."""
    m = _DRAWS.match(text)
    if m:
        names = [t.replace("_", " ") for t in m.group("tiles").split(", ")]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        return f"{m.group('who')} drew {listed}"
    text = past(text, subjects)
    return text.replace("weather: finis_terrae;", "weather: the Finis Terrae card, a sunny day and the last one;")


def sentence(text: str, subjects: list[str]) -> str:
    """An event as a sentence: in the past tense, a capital first letter and a full stop."""
    text = words(text.strip(), subjects)
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def doing(R, s, a, name: str, galleon: bool, d) -> str | None:
    """The sentence for the player's own decision, or None when the events tell it all."""
    subject = f"{name} (with the Black Galleon)" if galleon else name
    sid = GALLEON if galleon else (d.seat if d else 0)
    if isinstance(a, ChooseBeach):
        side = dict(N="north", E="east", S="south", W="west")[a.side]
        return f"{name} started on the {side} beach of the Isle of Winds."
    if isinstance(a, Split):
        return f"{name} took the recommended split."
    if isinstance(a, LoadHold):
        if not a.what:
            return f"{name} left hold {a.hold + 1} empty."
        return f"{name} put {goods(a.n, a.what)} in hold {a.hold + 1}."
    if isinstance(a, Place):
        return f"{name} placed {tile_words(a)}."
    if isinstance(a, ChooseWind):
        return f"{name} chose the wind's direction."
    if isinstance(a, SunnyOrder):
        return f"{subject} sailed up to {a.first} tiles first, then up to {a.second}."
    if isinstance(a, Move):
        what = " the Black Galleon" if galleon else ""
        side = f" ({a.side} side)" if a.side else ""
        return f"{name} sailed{what} to {a.x},{a.y}{side}."
    if isinstance(a, Simple):
        if a.what == "end":
            if d and d.kind == "move":
                return f"{subject} stayed where it was and lost this move."
            return f"{subject} ended the move."
        if a.what == "reorganize":
            return f"{name} reorganized the holds in port."
        return None  # flag, port, cease: the events say it
    if isinstance(a, Attack):
        return f"{subject} attacked {R.ship_name(s, a.opponent)}."
    if isinstance(a, Pay):
        p = s.sail["pay"]
        left = dict(R._pay_ways(p))[a.holds]
        which = " and ".join(f"hold {i + 1}" for i in a.holds)
        return (f"{name} paid the {p['why']} from {which}; the holds keep "
                + ", ".join(H.text(h) for h in left) + ".")
    if isinstance(a, Throw):
        h = R.ship(s, sid)["holds"][a.hold]
        return f"{subject} threw hold {a.hold + 1} ({H.text(h)}) into the sea to make room."
    if isinstance(a, DropHold):
        return None if s.queue and s.queue[0].get("drop") else f"{name} chose hold {a.hold + 1}."
    return None  # recover, trade, spoils, the Galleon's den: the events say it
