"""What each player has, in numbers and in words: the counters the ledger follows, the reasons for
every change of points, and the seat sheet (a player's ship board, ports and tokens).

Everything on a ship board is public in Finis Terrae (holds, stash, the things kept in front of
the board, ports and tokens), so a view holds it all. Points are the end scoring as it stands
now: a change of points is a change of one of the scoring's lines, and that line is its reason.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from tabletop_tui.rules.core import Change, Step, counted

from . import holds as H
from . import scoring as SC
from . import tiles as T

#: the counters of a seat, points first (keys of ``counters``), and the things they count
GOODS_KEYS = (("spice", "spice"), ("treasure", "treasures"), ("find", "finds"), ("castaway", "castaways"))
HEADLINE = ["VP", "$"]
SIDE = {"N": "north", "E": "east", "S": "south", "W": "west"}


def aboard(s, seat: int) -> list:
    """The seat's holds, with a loading in progress counted as aboard (its things are the seat's)."""
    sh = s.ships[seat]
    if s.dist is not None and s.dist["seat"] == seat:
        return [tuple(h) for h in s.dist["holds"] if h] + \
            [(k, v) for k, v in s.dist["pool"].items() if v]
    return [h for h in sh["holds"] if h is not None]


def counters(s, seat: int, vp: int) -> dict[str, int]:
    sh = s.ships[seat]
    hs = aboard(s, seat)
    stash = 0 if (s.dist is not None and s.dist["seat"] == seat) else sh["stash"]
    out = {"VP": vp, "$": H.doubloons(hs) + stash}
    for kind, key in GOODS_KEYS:
        out[key] = H.amount(hs, kind) + sh["pile"].get(kind, 0)
    out["ports"] = sum(1 for o in s.ports.values() if o == seat)
    out["stash"] = stash  # (counted in "$" too: stowing doubloons away changes only this)
    out["East marker"] = int(s.first == seat)
    out["red flag"] = int(s.flag == seat)
    return out


@dataclass(frozen=True)
class DayStep(Step):
    """An automatic step of the game (the end of a day, the weather) noted with the scoring as it
    stood when the step began, so that each entry's points are its own."""

    points: dict = field(default_factory=dict, compare=False, hash=False)
    at: int = 0  # the events of the apply before it (the log tells the later ones in its entry)


@dataclass(frozen=True)
class Dice:
    """What the dice showed in a combat, for the log (the saved event keeps the totals only)."""

    text: str


def short(why: str, want: int, got: int) -> str:
    """A reason for doubloons from the bank, saying so when the bank could not pay them all."""
    return why if got >= want else f"{why}; {want - got} short: the bank ran out"


def step(s, line: str) -> None:
    s.notes.append(DayStep(line, SC.breakdown(s), len(s.events)))


def point_reasons(before, after) -> list:
    """Each scoring line that changed for a seat, as a change of points with that line's name;
    put in the notes' order, each automatic step's own (the scoring noted when it began)."""
    marks = [n for n in after.notes if isinstance(n, DayStep)]
    stops = [SC.breakdown(before)] + [m.points for m in marks] + [SC.breakdown(after)]
    parts: list[list] = []
    for i in range(len(stops) - 1):
        old, new = stops[i], stops[i + 1]
        parts.append([Change(seat, "VP", new[seat][cat] - old[seat][cat], cat)
                      for seat in range(after.n) for cat in SC.CATEGORIES
                      if new[seat][cat] != old[seat][cat]])
    out = list(parts[0])
    k = 0
    for n in after.notes:
        if isinstance(n, DayStep):
            k += 1
            out.append(n)
            out.extend(parts[k])
        elif isinstance(n, Change):
            out.append(n)
    return out


def note_goods(s, seat: int, hold, amount_sign: int, source: str) -> None:
    """Record a hold's worth of things gained (+1) or lost (-1) by a seat, with the reason."""
    if hold is None or seat < 0:
        return
    kind, n = hold
    key = "$" if kind == "doubloons" else dict(GOODS_KEYS)[kind]
    s.notes.append(Change(seat, key, amount_sign * n, source))


# -- the seat sheet ---------------------------------------------------------------------------
def _hold_words(h) -> str:
    return "empty" if h is None else H.text(h)


def sheet(s, seat: int, names: list[str]) -> list[tuple[str, list[str]]]:
    sh = s.ships[seat]
    board = ["a pirate (black flag up)" if sh["pirate"] else "an explorer"]
    if sh["pos"] is not None:
        x, y = sh["pos"][:2]
        kind = s.tiles.get((x, y), ("?", 0))[0]
        board.append(f"ship at {x},{y} ({tile_words(kind)})")
    else:
        board.append("ship not on the map yet")
    if s.dist is not None and s.dist["seat"] == seat:
        loaded = [None if h is None else tuple(h) for h in s.dist["holds"]]
        for i, h in enumerate(loaded):
            board.append(f"hold {i + 1}: {_hold_words(h)}")
        pool = ", ".join(H.text((k, v)) for k, v in s.dist["pool"].items() if v)
        board.append(f"still to load: {pool or 'nothing'}")
    else:
        for i, h in enumerate(sh["holds"]):
            board.append(f"hold {i + 1}: {_hold_words(h)}")
        board.append(f"stash: {counted(sh['stash'], 'doubloon')} (safe)")
    pile = sh["pile"]
    kept = [f"{counted(pile.get('treasure', 0), 'treasure')} opened",
            f"{counted(pile.get('spice', 0), 'spice crate')} sold",
            f"{counted(pile.get('find', 0), 'underwater find')} redeemed",
            f"{counted(pile.get('castaway', 0), 'castaway')} redeemed"]
    mine = sorted((c for c, o in s.ports.items() if o == seat), key=lambda c: (-c[1], c[0]))
    start = tuple(sh["start"]) if sh["start"] else None
    ports = []
    for c in mine:
        what = "starting port, Isle of Winds" if c == start else tile_words(s.tiles[c][0])
        ports.append(f"{c[0]},{c[1]} ({what})")
    ports_lines = ports or ["none yet"]
    ports_lines.append(f"{sh['ports_left']} port tokens left")
    tokens = [f'{sh["plus3"]} "+3" tokens (ships sunk)', f'{sh["minus3"]} "-3" tokens (wrecks)']
    if s.first == seat:
        tokens.append("the East marker (first player)")
    if s.flag == seat:
        g = s.galleon
        where = f"at {g['pos'][0]},{g['pos'][1]}" if g["pos"] is not None else "not on the map"
        tokens.append(f"the red pirate flag: controls the Black Galleon ({where})")
        tokens.append("Galleon's holds: " + ", ".join(_hold_words(h) for h in g["holds"]))
    return [("Ship board", board), ("Kept in front of the board", kept), ("Ports", ports_lines),
            ("Tokens and markers", tokens)]


def tile_words(kind: str) -> str:
    info = T.info(kind)
    if info.get("isle"):
        return "Isle of Winds"
    return kind.replace("_", " ")
