"""Delivering fruit: the delivery being built (communities picked, any-fruit symbols filled,
the fruit left out with one less fruit), whether it can still be completed, and carrying it
out (fruit to the supply, tiles taken, bonus tiles, finca tiles, wooden fincas)."""
from __future__ import annotations

from tabletop_tui.rules.core import Change

from .components import COMMUNITIES, FINCA_VP, FRUITS, MAX_DELIVERY, MAX_LARGE, TILES, fruit_key
from .scoring import assign_finca, complete_sets
from .state import State


def resolved(s: State, d: dict, i: int) -> list[str]:
    """The fruits pick *i* of the delivery takes so far (fixed symbols + filled any-symbols)."""
    t = TILES[s.stacks[d["picks"][i]][0]]
    out: list[str] = []
    for f, n in t.requires:
        out.extend([f] * n)
    out.extend(d["fills"][i])
    return out


def delivery_summary(s: State) -> dict | None:
    """The delivery being built: for the delivery builder widget. ``fruits`` is what will be
    delivered (never below 0: with one less fruit and no tile yet, nothing); ``need`` the fruits
    the tiles ask for; ``one_less_open`` says one of those will be left out, still to choose."""
    d = s.dlv
    if d is None:
        return None
    picks = []
    need: dict[str, int] = {f: 0 for f in FRUITS}
    total = 0
    for i, c in enumerate(d["picks"]):
        t = TILES[s.stacks[c][0]]
        total += t.value
        res = resolved(s, d, i)
        for f in res:
            need[f] += 1
        picks.append({"community": COMMUNITIES[c], "tile": t.id, "value": t.value,
                      "fruits": res, "unfilled": t.any - len(d["fills"][i])})
    fruits = total
    left_out = None  # with one less fruit: the fruit left out, once chosen
    if d["omit"]:
        need[d["omit"][1]] -= 1
        fruits -= 1
        left_out = d["omit"][1]
    elif d["mode"] == "less" and total:
        fruits -= 1  # one of the fruits in ``need`` will be left out: the player chooses which
    return {"mode": d["mode"], "picks": picks, "value": total, "fruits": fruits,
            "limit": MAX_LARGE if d["mode"] == "large" else MAX_DELIVERY,
            "need": {f: n for f, n in need.items() if n}, "omit": d["omit"],
            "one_less_open": d["mode"] == "less" and not d["omit"] and total > 0,
            "left_out": left_out}


# ---------------------------------------------------------------------------------------------
# Delivery feasibility: can the half-built delivery still be completed?

def can_fill(avail: list[int], free: int, groups: list[int], one_kind: bool) -> bool:
    if not one_kind:
        return free <= sum(avail)
    groups = sorted((g for g in groups if g > 0), reverse=True)

    def place(i: int) -> bool:
        if i == len(groups):
            return True
        g = groups[i]
        for k in range(len(avail)):
            if avail[k] >= g:
                avail[k] -= g
                ok = place(i + 1)
                avail[k] += g
                if ok:
                    return True
        return False

    return place(0)


_FI = {f: i for i, f in enumerate(FRUITS)}
#: per tile: fixed needs as a 6-vector in FRUITS order
_NEED: dict[str, tuple[int, ...]] = {
    t.id: tuple(t.symbols(f) for f in FRUITS) for t in TILES.values()}


def feasible(s: State, seat: int, mode: str, picks: list[int], fills: list[list[str]],
              omit: list | None) -> bool:
    """True if these picks (with these fills) can be delivered as they are, choosing the open
    any-fruit symbols and, for one less fruit, the omitted fruit."""
    total = 0
    need = [0, 0, 0, 0, 0, 0]
    groups: list[int] = []
    tiles = []
    for i, c in enumerate(picks):
        t = TILES[s.stacks[c][0]]
        tiles.append(t)
        total += t.value
        tn = _NEED[t.id]
        for k in range(6):
            need[k] += tn[k]
        fl = fills[i]
        for f in fl:
            need[_FI[f]] += 1
        groups.append(t.any - len(fl))
    less = mode == "less"
    cap = MAX_LARGE if mode == "large" else MAX_DELIVERY
    if total - less > cap:
        return False
    fr = s.fruits[seat]
    have = [fr[f] for f in FRUITS]
    one_kind = s.options.get("any_fruit") == "one_kind"

    def ok(need: list[int], groups: list[int]) -> bool:
        avail = [h - n for h, n in zip(have, need)]
        if min(avail) < 0:
            return False
        free = sum(groups)
        if not free:
            return True
        return can_fill(avail, free, groups, one_kind)

    if not less:
        return ok(need, groups)
    if omit is not None:
        need[_FI[omit[1]]] -= 1
        return ok(need, groups)
    for i, t in enumerate(tiles):
        if t.value < 2:
            continue  # never a 1-fruit tile for nothing
        kinds = {f for f, _ in t.requires} | set(fills[i])
        for f in kinds:
            k = _FI[f]
            need[k] -= 1
            good = ok(need, groups)
            need[k] += 1
            if good:
                return True
        if groups[i] > 0:
            groups[i] -= 1
            good = ok(need, groups)
            groups[i] += 1
            if good:
                return True
    return False


def open_communities(s: State) -> list[int]:
    return [c for c in range(len(COMMUNITIES)) if s.stacks[c]]


def pick_ok(s: State, seat: int, d: dict, c: int) -> bool:
    """Can the delivery with community *c* added still be completed?"""
    return completable(s, seat, d["mode"], d["picks"] + [c], d["fills"] + [[]], d["omit"])


def completable(s: State, seat: int, mode: str, picks: list[int], fills: list[list[str]],
                 omit: list | None) -> bool:
    """Can these picks be delivered, possibly after adding more communities?

    Feasibility only shrinks as tiles are added, except for one less fruit while every pick is
    a 1-fruit tile: the omitted fruit then needs one more tile of 2+ fruits (one is enough)."""
    if feasible(s, seat, mode, picks, fills, omit):
        return True
    if mode == "less" and all(TILES[s.stacks[p][0]].value < 2 for p in picks):
        # Only 1-fruit tiles so far: a later tile of value 2+ may carry the omitted fruit.
        for e in open_communities(s):
            if e not in picks and feasible(s, seat, "less", picks + [e], fills + [[]], None):
                return True
    return False


def any_delivery(s: State, seat: int, mode: str) -> bool:
    if not any(s.fruits[seat].values()):
        return False
    d = {"mode": mode, "picks": [], "fills": [], "omit": None, "done": False}
    return any(pick_ok(s, seat, d, c) for c in open_communities(s))



def new_delivery(mode: str) -> dict:
    """A delivery about to be built: ``cart``, ``large`` (large donkey cart) or ``less``."""
    return {"mode": mode, "picks": [], "fills": [], "omit": None, "done": False}


def deliver(s: State, seat: int) -> None:
    """Carry out the delivery: the fruits go back to the supply, the tiles to the player."""
    d = s.dlv
    given: dict[str, int] = {}
    for i in range(len(d["picks"])):
        for f in resolved(s, d, i):
            s.fruits[seat][f] -= 1
            s.supply[f] += 1
            given[f] = given.get(f, 0) + 1
    if d["omit"]:
        f = d["omit"][1]
        s.fruits[seat][f] += 1
        s.supply[f] -= 1
        given[f] -= 1  # the fruit left out with the "one less fruit" tile stays
    for f, n in given.items():
        if n:
            s.notes.append(Change(seat, fruit_key(f), -n, "delivered"))
    if d["mode"] != "large":
        s.carts[seat] -= 1
        s.windmill_carts += 1
        s.notes.append(Change(seat, "carts", -1, "returned to deliver"))
    # take the tiles; the next tile of each stack is flipped (the list's new head)
    for c in d["picks"]:
        tile = s.stacks[c].pop(0)
        s.tiles[seat].append(tile)
        s.notes.append(Change(seat, "VP", TILES[tile].value, "fruit tile"))  # (the sentence names where)
    while s.bonus_stack and complete_sets(s, seat) > len(s.bonus[seat]):
        s.bonus[seat].append(s.bonus_stack.pop(0))
        s.notes.append(Change(seat, "VP", s.bonus[seat][-1], "bonus tile"))
    for c in d["picks"]:
        if not s.stacks[c]:
            assign_finca(s, c)
            if s.finca_owner[c] >= 0:
                s.notes.append(Change(s.finca_owner[c], "VP", FINCA_VP, "finca tile"))
                s.notes.append(Change(s.finca_owner[c], "fincas", 1, f"finca tile: won at {COMMUNITIES[c]}"))
