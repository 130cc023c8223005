"""Scenario helpers for the Maracaibo rules tests: build a position, then play named actions."""
from __future__ import annotations

from tabletop_tui.rules.maracaibo import RULES
from tabletop_tui.rules.maracaibo.rules import run
from tabletop_tui.rules.maracaibo.state import task
from tabletop_tui.rules.maracaibo import combat


def fresh(n: int = 3, seed: int = 1):
    return RULES.setup([f"P{i + 1}" for i in range(n)], seed, {})


def past_opening(n: int = 3, seed: int = 1):
    """A game right after the opening decisions (first legal choice each time)."""
    s = fresh(n, seed)
    while s.g["phase"] == "opening":
        s = RULES.apply(s, RULES.legal_actions(s)[0])
    return s


def stage(s, *tasks):
    """Replace the decision stack by these tasks (first = resolved first) and settle."""
    s = s.copy()
    s.g["stack"] = list(reversed(tasks)) + []
    s.g["stack"].insert(0, task("endturn", tasks[0]["seat"] if tasks else 0))
    run(s)
    return s


def op(seat, **o):
    return {"t": "op", "seat": seat, "op": o}


def fight(seat):
    return combat.new_fight(seat)


def texts(s):
    return [a.text for a in RULES.legal_actions(s)]


def play(s, *moves):
    for m in moves:
        s = RULES.apply(s, RULES.parse(s, m))
    return s


def top(s):
    return s.g["stack"][-1]


def put_quest(s, where, qid):
    """Put quest tile qid at a map slot or explorer space, swapping with whatever held it."""
    g = s.g
    slot = g["quest_slots"] if where in g["quest_slots"] else g["xquests"]
    old = slot[where]
    for box in (g["quest_slots"], g["xquests"]):
        for k, v in box.items():
            if v == qid:
                box[k] = old
                slot[where] = qid
                return s
    i = g["quest_pile"].index(qid)
    g["quest_pile"][i] = old
    slot[where] = qid
    return s


def give_card(s, seat, design, where="hand"):
    """Move a physical copy of a design from wherever it is into a player's hand/plan/bought."""
    g = s.g
    boxes = [g["deck"], g["display"], g["discard"]] + [p[k] for p in g["players"] for k in ("hand", "plan", "bought")]
    for box in boxes:
        for c in box:
            if c.split(".")[0] == design and box is not g["players"][seat][where]:
                box.remove(c)
                dest = g["players"][seat][where]
                # first in its box, so it is the copy the (deduplicated) choices name
                dest[:] = [c] + [x for x in dest if x.split(".")[0] != design] + [x for x in dest if x.split(".")[0] == design]
                return c
    raise ValueError(design)


def base(seat=0, **p):
    """Past the opening with 3 players, careers cleared, seat's player fields updated."""
    s = past_opening(3, 4).copy()
    for pl in s.players:
        pl["career"] = None
    s.p(seat).update(p)
    return s
