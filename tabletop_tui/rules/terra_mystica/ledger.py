"""The ledger: what each action changed of a seat's public counters, and the rules' reason.

The engine records a :class:`Change` on the state's ``notes`` (a fresh list per apply, never saved)
for every change of a counter: points as they are scored (:func:`add_vp`), everything else by
:func:`credit` blocks naming what the block does (a cost, income, a favor tile…). The decision's
own changes come first; a round's end, the next round's income and the final scoring are automatic
steps of the game (:func:`step`: entries of their own in the log, with no actor).
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

from tabletop_tui.rules.core import Change, Step
from tabletop_tui.rules.terra_mystica.state import Player, State
from tabletop_tui.rules.terra_mystica.data import SCORING
from tabletop_tui.rules.terra_mystica.words import TRACKS, cult_bonus_words

#: the counters of a seat, points first ("PW" is the power in bowl III, ready to spend; "PW I" and
#: "PW II" the other bowls), then the priests on the cult tracks' order spaces, the four cult
#: positions, the shipping and digging levels, the town keys, the bonus card held (its number)
KEYS = ("VP", "C", "W", "P", "PW", "PW I", "PW II", "P sent") + TRACKS + ("ship", "dig", "keys", "BON")
ON_WORDS = {"D": "dwelling", "TP": "trading house", "TE": "temple", "SHSA": "stronghold or sanctuary",
            "spade": "spade", "town": "town"}


def counters(p: Player) -> dict[str, int]:
    out = {"VP": p.VP, "C": p.C, "W": p.W, "P": p.P, "PW": p.bowls[2], "PW I": p.bowls[0],
           "PW II": p.bowls[1], "P sent": p.priests_sent}
    out.update(zip(TRACKS, p.cult))
    out.update({"ship": p.ship, "dig": p.dig, "keys": p.keys,
                "BON": int(p.bonus[3:]) if p.bonus and p.bonus[3:].isdigit() else 0})
    return out


def step(s: State, line: str) -> None:
    """An automatic step of the game begins (a round's end, income, the final scoring): what is
    noted from here on is that step's, an entry of its own after the decision that set it off."""
    notes = getattr(s, "notes", None)
    if notes is not None:
        notes.append(Step(line))


def seat_of(s: State, p: Player) -> int:
    for i, q in enumerate(s.players):
        if q is p:
            return i
    return -1


def note(s: State, seat: int, what: str, n: int, source: str, zero: bool = False) -> None:
    """``zero``: a gain cut to nothing is told too ("+0 P (income; 1 lost: all 7 priests in play)")."""
    notes = getattr(s, "notes", None)
    if (n or zero) and notes is not None:
        notes.append(Change(seat, what, n, source))


@dataclass(frozen=True)
class Lost(Change):
    """Part of a gain a cap cut off: power that could not move (every token already in bowl III),
    cult steps stopped at 9 or 10. Noted where it happens; the block that gained it
    (:func:`credit`) tells it in the reason of its change of that counter, as "+1 PW (power
    offer; 2 lost: all power in bowl III)", or "+0 PW (…)" when nothing came. Outside such a
    block it stands as a change of 0 with ``source`` (``why``, then ``lost``)."""

    lost: str = ""


def lost(s: State, seat: int, what: str, text: str, why: str = "") -> None:
    """Note a cut gain: ``text`` says what was lost ("2 lost: all power in bowl III")."""
    notes = getattr(s, "notes", None)
    if notes is not None:
        notes.append(Lost(seat, what, 0, f"{why}; {text}" if why else text, lost=text))


def lost_power(s: State, seat: int, n: int, why: str = "") -> None:
    if n > 0:
        lost(s, seat, "PW", f"{n} lost: all power in bowl III", why)


def add_vp(s: State, p: Player, n: int, source: str) -> None:
    """``p`` scores ``n`` victory points (negative: pays them) for ``source``."""
    p.VP += n
    note(s, seat_of(s, p), "VP", n, source)


@contextmanager
def credit(s: State, seat: int, source: str) -> Iterator[None]:
    """Whatever the block changes of the seat's counters comes from ``source`` (the reasons
    recorded inside the block keep their own source). The rest is noted where the block began:
    an automatic step set off inside the block (a last pass ends the round) does not take it."""
    notes = getattr(s, "notes", None)
    if notes is None:
        yield
        return
    before = counters(s.players[seat])
    start = len(notes)
    yield
    after = counters(s.players[seat])
    cut: dict[str, list[str]] = {}  # counter → what the caps cut off in the block
    for c in notes[start:]:
        if isinstance(c, Lost) and c.seat == seat:
            cut.setdefault(c.what, []).append(c.lost)
    if cut:
        notes[start:] = [c for c in notes[start:] if not (isinstance(c, Lost) and c.seat == seat)]
    inner = [c for c in notes[start:] if isinstance(c, Change)]
    rests = []
    for k in KEYS:
        rest = after[k] - before[k] - sum(c.amount for c in inner if c.seat == seat and c.what == k)
        if k in cut:
            rests.append(Change(seat, k, rest, "; ".join([source] + cut[k])))
        elif rest:
            rests.append(Change(seat, k, rest, source))
    notes[start:start] = rests


def round_tile_source(tile: dict) -> str:
    return f"round tile: {tile['vp']} per {ON_WORDS.get(tile['on'], tile['on'])}"


# -- the automatic steps' lines ----------------------------------------------------------------
def round_end_line(s: State) -> str:
    """"Round 3 ends. Cult bonus: 1 coin per Earth step." (before the bonus is paid)"""
    if s.round >= 6:
        return f"Round {s.round} ends (no cult bonus after the last round)."
    tile = SCORING[s.scoring[s.round - 1]]
    paid = any((p.priests_sent if tile["track"] == "priests" else p.cult[tile["track"]] // tile["steps"]) > 0
               for p in s.players)
    return f"Round {s.round} ends. Cult bonus: {cult_bonus_words(tile)}" + ("." if paid else " (nobody qualifies).")


def round_start_line(s: State) -> str:
    return f"Round {s.round} begins: everyone takes their income."


FINAL_SCORING = "The game is over: final scoring."
#: the reasons only the automatic steps give (the final scoring's in the rulebook's words)
AUTOMATIC = ("income", "cult bonus", "cult majority", "largest connected area", "resources")

BUILDINGS = {"D": "dwelling", "TP": "trading house", "TE": "temple", "SH": "stronghold", "SA": "sanctuary"}


def decision_reason(s: State, a) -> str:
    """What a decision's changes come from where no finer reason is noted inside it."""
    k = a.kind
    if s.phase == "pick":
        return "starting resources"
    if s.phase == "bonus" or k == "take":
        return f"bonus card {a.a} taken"
    if k == "cult" and s.key_choice:
        return "town key"
    if k == "cult" and a.b or (k == "cult" and s.queue and s.queue[0][0] == "cultstep"):
        return "Cultists' cult step"
    if k == "cult":
        return f"cult steps ({a.a.title()})"
    if k == "send":
        return f"priest sent to {a.a.title()}"
    if k == "action":
        return f"power action {a.a}" if a.a.startswith("ACT") and len(a.a) == 4 and a.a[3].isdigit() \
            else f"special action {a.a}"
    words = {"convert": "conversion", "burn": "power sacrificed", "leech": "power offer",
             "favor": f"favor tile {a.a}", "town": f"town tile {a.a}", "pass": "passing",
             "drop": "dropped out of the game", "bridge": "bridge", "connect": "Mermaids' town",
             "build": "dwelling", "transform": "transforming", "upgrade": "upgrade",
             "advance": "advance", "done": "end of the action"}
    return words.get(k, k)
