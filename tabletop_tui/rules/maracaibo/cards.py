"""Project cards: the deck, the display, the discard pile, drawing, planning, buying."""
from __future__ import annotations

from .content import CONST, PASSIVE_OPS, card
from .notation import act
from . import ledger, ship
from .state import SOURCE, note, push, ops_tasks

DISPLAY = CONST["display_size"]


def reshuffle_if_needed(s) -> None:
    g = s.g
    if not g["deck"] and g["discard"]:
        g["deck"] = g["discard"]
        g["discard"] = []
        s.rng.shuffle(g["deck"])  # chance: the new deck order


def deck_top(s):
    """Take the top card of the deck (reshuffling the discard pile first if needed), or None."""
    reshuffle_if_needed(s)
    g = s.g
    if not g["deck"]:
        return None
    g["reveals"] += 1
    return g["deck"].pop()


def refill_display(s) -> None:
    g = s.g
    while len(g["display"]) < DISPLAY:
        c = deck_top(s)
        if c is None:
            return  # E16: the display may shrink
        g["display"].append(c)


def can_draw(g: dict) -> bool:
    return bool(g["display"] or g["deck"] or g["discard"])


def draw_options(g: dict) -> list:
    out = []
    if g["deck"] or g["discard"]:
        out.append(act("draw deck", ("deck",)))
    seen = set()
    for c in g["display"]:
        d = card(c)["id"]
        if d in seen:
            continue
        seen.add(d)
        out.append(act(f"draw {c}", ("display", c)))
    return out


def do_draw(s, seat: int, a, why: str = "draw") -> None:
    """A card into the hand from the deck or the display; the reason names where it came from
    and what drew it ("drawn from the deck: quest reward")."""
    g = s.g
    p = g["players"][seat]
    src = a.args[0]
    if src == "deck":
        c = deck_top(s)
        if c is not None:
            p["hand"].append(c)
            note(g, seat, "cards", 1, f"drawn from the deck: {why}")
    else:
        g["display"].remove(src)
        p["hand"].append(src)
        note(g, seat, "cards", 1, f"taken from the display: {why}")
        refill_display(s)


# -- the draw task: effects ("draw N") and Phase C refill ------------------------------------
def draw_needed(g: dict, t: dict) -> bool:
    p = g["players"][t["seat"]]
    if t.get("refill"):
        return len(p["hand"]) < ship.hand_limit(p)
    return t["n"] > 0


def draw_auto(s, t) -> bool:
    g = s.g
    if not draw_needed(g, t) or not can_draw(g):
        g["stack"].pop()  # E16/E17: nothing to draw, or hand at the limit
        return True
    return False


def draw_options_task(s, t) -> list:
    return draw_options(s.g)


def draw_choose(s, t, a) -> None:
    if not t.get("refill"):
        t["n"] -= 1
    do_draw(s, t["seat"], a, "refill" if t.get("refill") else t.get(SOURCE) or "draw")


# -- Phase C planning --------------------------------------------------------------------------
def plan_auto(s, t) -> bool:
    g = s.g
    p = g["players"][t["seat"]]
    if not p["hand"] or len(p["plan"]) >= ship.planning_slots(p):
        g["stack"].pop()
        return True
    return False


def plan_options(s, t) -> list:
    p = s.g["players"][t["seat"]]
    out = [act(f"plan {c}", ("hand", c)) for c in _unique(p["hand"])]
    out.append(act("plan-done"))
    return out


def plan_choose(s, t, a) -> None:
    g = s.g
    if a.text == "plan-done":
        g["stack"].pop()
        return
    plan(g, t["seat"], a.args[0])


def plan(g: dict, seat: int, c: str) -> None:
    """A hand card into the planning area."""
    p = g["players"][seat]
    p["hand"].remove(c)
    p["plan"].append(c)
    note(g, seat, "cards", -1, "into the planning area")


def _unique(cards: list) -> list:
    """One copy per design (copies are interchangeable), first instance kept, order kept."""
    seen, out = set(), []
    for c in cards:
        d = card(c)["id"]
        if d not in seen:
            seen.add(d)
            out.append(c)
    return out


unique = _unique


# -- buying ------------------------------------------------------------------------------------
def price(p: dict, c: str) -> int:
    return max(0, card(c)["cost"] - ship.discount(p))


def buy_reasons(p: dict) -> list[tuple[str, str]]:
    """Every card the player could buy in a village, each with why it cannot be bought now (""
    when it can): the buy menu and the details of a village read this one list, so neither
    leaves a card out without its reason."""
    out = []
    # copies are interchangeable within the hand and within the planning area, but buying from the
    # planning area frees a slot and buying from the hand does not: both stay offered
    for c in _unique(p["hand"]) + _unique(p["plan"]):
        if c == "?":  # (another seat's hand in a view)
            continue
        cost = price(p, c)
        if cost > p["dbl"]:
            why = f"needs {cost} doubloon{'s' if cost != 1 else ''}, you have {p['dbl']}"
        elif card(c)["type"] == "assistant" and p["fig_personal"] < 1:
            why = "an assistant card needs a figure in your personal supply"  # E22
        else:
            why = ""
        out.append((c, why))
    return out


def buyable(p: dict) -> list:
    return [c for c, why in buy_reasons(p) if not why]


def buy(s, seat: int, c: str) -> None:
    """Pay, put the card in the display and queue its on-purchase ops in listed order."""
    g = s.g
    p = g["players"][seat]
    ledger.spend(g, seat, "$", price(p, c), "card cost")
    if c in p["hand"]:
        p["hand"].remove(c)
        note(g, seat, "cards", -1, "bought")
    else:
        p["plan"].remove(c)
    p["bought"].append(c)
    ops = [op for op in card(c)["effects"] if op["op"] not in PASSIVE_OPS or op["op"] in ("income_doubloons", "income_vp")]
    tasks = ops_tasks(seat, ops, None, card(c)["name"])
    for t in tasks:
        if t["op"]["op"] == "assistant":
            t["card"] = c
    push(g, *tasks)


def discard_hand(g: dict, seat: int, why: str) -> int:
    p = g["players"][seat]
    n = len(p["hand"])
    g["discard"].extend(p["hand"])
    p["hand"] = []
    note(g, seat, "cards", -n, why)
    return n
