"""Actions and their text notation (see docs/notation/terra_mystica.md).

One frozen dataclass for every action; ``str(action)`` is the notation and :func:`parse_text` reads it
back (a syntactic parse; the engine then checks legality).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.rules.terra_mystica.data import (FACTION_IDS, INDEX, TERRAIN_OF_COLOR, TERRAINS,
                                                   TRACKS)

# convert kinds: (from, to) -> (from units per 1 to-unit)
CONVERSIONS = {("PW", "C"): 1, ("PW", "W"): 3, ("PW", "P"): 5, ("P", "W"): 1, ("W", "C"): 1, ("P", "C"): 1,
               ("VP", "C"): 1, ("C", "VP"): 2, ("W", "P"): 1}


@dataclass(frozen=True)
class Act:
    kind: str
    a: str = ""
    b: str = ""
    n: int = 0

    def __str__(self) -> str:
        k = self.kind
        if k in ("build", "pick", "take", "connect", "drop"):
            return f"{k} {self.a}"
        if k in ("transform", "upgrade"):
            return f"{k} {self.a} to {self.b}"
        if k == "bridge":
            return f"bridge {self.a}:{self.b}"
        if k == "send":
            return f"send p to {self.a} for {self.n}"
        if k == "advance":
            return f"advance {self.a}"
        if k == "action":
            return f"action {self.a}"
        if k == "pass":
            return f"pass {self.a}" if self.a else "pass"
        if k == "convert":
            per = CONVERSIONS[(self.a, self.b)]
            return f"convert {self.n * per}{self.a} to {self.n}{self.b}"
        if k == "burn":
            return f"burn {self.n}"
        if k in ("leech", "decline"):
            # "by FACTION": an open offer answered out of turn
            return f"{k} {self.n} from {self.a}" + (f" by {self.b}" if self.b else "")
        if k == "cult" and self.b:
            return f"+{self.a} by {self.b}"
        if k in ("favor", "town", "cult"):
            return f"+{self.a}"
        return k  # done

    @property
    def target(self):
        if self.kind in ("build", "transform", "upgrade", "bridge"):
            return ("hex", self.a)
        if self.kind in ("send", "cult"):
            return ("cult", self.a)
        if self.kind == "action":
            return ("action", self.a)
        return None


def _hex(text: str) -> str:
    t = text.upper()
    if t.startswith("R"):
        t = "r" + t[1:]
    if t not in INDEX:
        raise IllegalAction(f"There is no space {text!r} on the map (spaces are A1…I13, rivers r0…r35).")
    return t


def _terrain(text: str) -> str:
    t = text.lower()
    if t in TERRAINS:
        return t
    if t in TERRAIN_OF_COLOR:
        return TERRAIN_OF_COLOR[t]
    raise IllegalAction(f"{text!r} is not a terrain (plains, swamp, lakes, forest, mountains, wasteland, desert).")


def _track(text: str) -> str:
    t = text.upper()
    if t not in TRACKS:
        raise IllegalAction(f"{text!r} is not a cult track (FIRE, WATER, EARTH, AIR).")
    return t


def faction_id(text: str) -> str:
    t = text.lower().replace(" ", "_")
    if t == "chaosmagicians":
        t = "chaos_magicians"
    if t not in FACTION_IDS:
        raise IllegalAction(f"{text!r} is not a faction ({', '.join(FACTION_IDS)}).")
    return t


_RES = {"pw": "PW", "c": "C", "w": "W", "p": "P", "vp": "VP"}


def parse_text(text: str) -> Act:
    """Text → Act (syntax only). Raises IllegalAction for malformed text."""
    t = " ".join(str(text).split())
    low = t.lower()
    w = low.split(" ")
    try:
        if low == "done":
            return Act("done")
        if low == "pass":
            return Act("pass")
        if w[0] == "pass" and len(w) == 2:
            return Act("pass", w[1].upper())
        if w[0] in ("build", "connect") and len(w) == 2:
            return Act(w[0], _hex(w[1]))
        if w[0] == "drop" and len(w) == 2:
            return Act("drop", faction_id(w[1]))
        if w[0] == "pick" and len(w) == 2:
            return Act("pick", faction_id(w[1]))
        if w[0] == "take" and len(w) == 2:
            return Act("take", w[1].upper())
        if w[0] == "transform" and len(w) == 4 and w[2] == "to":
            return Act("transform", _hex(w[1]), _terrain(w[3]))
        if w[0] == "upgrade" and len(w) == 4 and w[2] == "to":
            kind = w[3].upper()
            if kind not in ("TP", "TE", "SH", "SA"):
                raise IllegalAction(f"{w[3]!r} is not a building to upgrade to (TP, TE, SH, SA).")
            return Act("upgrade", _hex(w[1]), kind)
        if w[0] == "bridge" and len(w) == 2 and ":" in w[1]:
            x, y = sorted((_hex(v) for v in w[1].split(":")), key=lambda h: INDEX[h])
            return Act("bridge", x, y)
        if w[0] == "send" and len(w) in (4, 6) and w[1] == "p" and w[2] == "to":
            n = int(w[5]) if len(w) == 6 and w[4] == "for" else 0
            return Act("send", _track(w[3]), "", n)
        if w[0] == "advance" and len(w) == 2 and w[1] in ("ship", "dig"):
            return Act("advance", w[1])
        if w[0] == "action" and len(w) == 2:
            return Act("action", w[1].upper())
        if w[0] == "burn" and len(w) == 2:
            if int(w[1]) <= 0:
                raise IllegalAction("Burn at least 1 power: 'burn 2' removes 2 tokens from bowl II "
                                    "from the game and moves 2 others to bowl III.")
            return Act("burn", n=int(w[1]))
        if w[0] in ("leech", "decline") and len(w) == 4 and w[2] == "from":
            return Act(w[0], faction_id(w[3]), "", int(w[1]))
        if w[0] in ("leech", "decline") and len(w) == 6 and w[2] == "from" and w[4] == "by":
            return Act(w[0], faction_id(w[3]), faction_id(w[5]), int(w[1]))
        if low == "wait":
            return Act("wait")
        if t.startswith("+") and len(w) == 3 and w[1] == "by":
            return Act("cult", _track(w[0][1:]), faction_id(w[2]))
        if w[0] == "convert" and len(w) == 4 and w[2] == "to":
            m1 = re.fullmatch(r"(\d*)(pw|vp|c|w|p)", w[1])
            m2 = re.fullmatch(r"(\d*)(pw|vp|c|w|p)", w[3])
            if m1 and m2:
                fa, fb = _RES[m1.group(2)], _RES[m2.group(2)]
                if (fa, fb) not in CONVERSIONS:
                    raise IllegalAction(f"There is no conversion from {fa} to {fb}.")
                na = int(m1.group(1) or 1)
                nb = int(m2.group(1) or 1)
                per = CONVERSIONS[(fa, fb)]
                if nb <= 0 or na <= 0:
                    raise IllegalAction(f"Convert at least 1: e.g. 'convert {per}{fa} to 1{fb}' "
                                        f"({per} {fa} for each {fb}).")
                if na != nb * per:
                    raise IllegalAction(f"The rate is {per} {fa} for 1 {fb}: 'convert {nb * per}{fa} to {nb}{fb}'.")
                return Act("convert", fa, fb, nb)
        if t.startswith("+") and len(w) == 1:
            x = t[1:].upper()
            if x.startswith("FAV"):
                return Act("favor", x)
            if x.startswith("TW"):
                return Act("town", x)
            return Act("cult", _track(x))
    except ValueError:
        pass
    raise IllegalAction(f"'{t}' is not a Terra Mystica move (see the notation: build E7, upgrade F3 to TP, "
                        f"pass BON3, convert 3PW to 1W, burn 2, leech 2 from nomads …).")
