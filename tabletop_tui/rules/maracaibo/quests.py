"""Quests: costs (doubloons, combat points, goods from hand cards, N cards), the quest track."""
from __future__ import annotations

from itertools import combinations, permutations

from .content import C, QUESTS, card
from .notation import act
from .state import caused, push, task, ops_tasks, gain, note
from . import ledger, ship

TRACK_BONUS = C["constants"]["quest_track_bonus"]


def payments(p: dict, qid: str) -> list:
    """Every way to pay the quest from this player's hand: sorted tuples of hand cards (E14/E39).

    Copies of one design are interchangeable, so card sets are deduplicated by design."""
    cost = QUESTS[qid]["cost"]
    if p["dbl"] < cost.get("doubloons", 0) or p["cp"] < cost.get("combat_points", 0):
        return []
    goods = cost.get("goods", [])
    ncards = cost.get("cards", 0)
    need = len(goods) + ncards
    hand = p["hand"]
    if len(hand) < need:
        return []
    out, seen = [], set()
    for combo in combinations(sorted(hand), need):
        key = tuple(sorted(card(c)["id"] for c in combo))
        if key in seen:
            continue
        if goods and not _covers(combo, goods):
            continue
        seen.add(key)
        out.append(tuple(combo))
    return out


def _covers(combo: tuple, goods: list) -> bool:
    # some len(goods) of the combo match the goods one to one; the rest pay the "cards" part
    for perm in permutations(combo, len(goods)):
        if all(gd in card(c)["goods"] for c, gd in zip(perm, goods)):
            return True
    return False


def quest_acts(p: dict, qid: str, target) -> list:
    """The quest as one answer when it can be paid; its cards are then chosen one by one."""
    return [act(f"quest {qid}", target)] if payments(p, qid) else []


def steps(qid: str) -> list:
    """What each card of the payment pays, in order: the goods of the cost, then "card" for each
    card the cost asks for whatever its goods."""
    cost = QUESTS[qid]["cost"]
    return list(cost.get("goods", [])) + ["card"] * cost.get("cards", 0)


def _completable(rest: list, todo: list) -> bool:
    goods = [x for x in todo if x != "card"]
    if len(rest) < len(todo):
        return False
    return not goods or any(_covers(c, goods) for c in combinations(rest, len(goods)))


def _left(p: dict, paid: list) -> list:
    rest = list(p["hand"])
    for c in paid:
        rest.remove(c)
    return rest


def begin(s, seat: int, qid: str, where) -> None:
    """Start fulfilling the quest: at once when its cost has no cards, else a step per card."""
    if not steps(qid):
        fulfil(s, seat, qid, [])
    else:
        push(s.g, task("qpay", seat, quest=qid, cards=[], where=where))


def qpay_auto(s, t) -> bool:
    return False


def qpay_step(t: dict) -> str:
    """What the card chosen now pays: a good's name or "card"."""
    return steps(t["quest"])[len(t["cards"])]


def qpay_options(s, t) -> list:
    """The hand cards that can pay this step and still leave the rest of the cost payable (copies
    of one design are interchangeable: the first one in hand is named)."""
    p = s.g["players"][t["seat"]]
    todo = steps(t["quest"])[len(t["cards"]):]
    rest = _left(p, t["cards"])
    out, seen = [], set()
    for c in rest:
        if card(c)["id"] in seen:
            continue
        if todo[0] != "card" and todo[0] not in card(c)["goods"]:
            continue
        after = list(rest)
        after.remove(c)
        if _completable(after, todo[1:]):
            seen.add(card(c)["id"])
            out.append(act(f"pay-with {c}", ("hand", c)))
    return out


def qpay_choose(s, t, a) -> None:
    t["cards"].append(a.args[0])
    if len(t["cards"]) == len(steps(t["quest"])):
        s.g["stack"].pop()
        fulfil(s, t["seat"], t["quest"], list(t["cards"]))


def legacy_order(p: dict, qid: str, combo: list) -> list | None:
    """A payment written the old way ("quest Q05 A01.1 A02.1", every card in one line): the cards
    if they pay the quest from this hand, else None."""
    cost = QUESTS[qid]["cost"]
    if p["dbl"] < cost.get("doubloons", 0) or p["cp"] < cost.get("combat_points", 0):
        return None
    if len(combo) != len(steps(qid)) or not steps(qid):
        return None
    rest = list(p["hand"])
    for c in combo:
        if c not in rest:
            return None
        rest.remove(c)
    goods = cost.get("goods", [])
    return list(combo) if not goods or _covers(tuple(combo), goods) else None


def fulfil(s, seat: int, qid: str, combo: list) -> None:
    """5.4 in its order: pay the whole cost, take the reward, then put the tile on the left-most
    free space of the quest track (+3 for the 4th, +2 for each later one); 9.6: on_quest triggers
    fire after the tile and the track bonus."""
    g = s.g
    p = g["players"][seat]
    cost = QUESTS[qid]["cost"]
    ledger.spend(g, seat, "$", cost.get("doubloons", 0), "quest cost")
    ledger.spend(g, seat, "CP", cost.get("combat_points", 0), "quest cost")
    for c in combo:
        p["hand"].remove(c)
        g["discard"].append(c)
    ledger.hand(g, seat, -len(combo), "quest cost")
    why = f"quest reward: {QUESTS[qid]['name']}"  # the saved src stays "quest reward": the saves' hashes
    reward = caused(ops_tasks(seat, QUESTS[qid]["reward"], None, "quest reward"), why)
    push(g, *reward, task("qtile", seat, quest=qid))


def qtile_auto(s, t) -> bool:
    """After the reward has resolved completely: the tile onto the quest track, its bonus, then
    the "each time you fulfil a quest" cards owned now (card-id order)."""
    g = s.g
    g["stack"].pop()
    seat = t["seat"]
    p = g["players"][seat]
    p["quests"].append(t["quest"])
    name = QUESTS[t["quest"]]["name"]
    note(g, seat, "quests", 1, name)
    k = len(p["quests"])
    if k == 4:
        gain(g, seat, "VP", TRACK_BONUS["4"], f"quest track: {name}, the 4th")
    elif k > 4:
        gain(g, seat, "VP", TRACK_BONUS["5+"], f"quest track: {name}, the {k}th")
    tasks = []
    for c, op in ship.card_ops(p, "trigger"):
        if op["on"] == "quest":
            tasks += ops_tasks(seat, op["gain"], None, card(c)["name"])
    push(g, *tasks)
    return True


# -- a quest on the explorer track: fulfil at once or leave it --------------------------------
def xquest_auto(s, t) -> bool:
    return False


def xquest_options(s, t) -> list:
    g = s.g
    qid = g["xquests"][t["space"]]
    out = quest_acts(g["players"][t["seat"]], qid, ("xtrack", t["space"]))
    out.append(act("quest skip", ("xtrack", t["space"])))
    return out


def xquest_choose(s, t, a) -> None:
    g = s.g
    g["stack"].pop()
    if a.text == "quest skip":
        return
    qid = g["xquests"][t["space"]]
    g["xquests"][t["space"]] = None  # never refilled (E15)
    if len(a.args) > 1:  # an old save's whole payment in one line
        fulfil(s, t["seat"], qid, a.args[1:])
    else:
        begin(s, t["seat"], qid, ("xtrack", t["space"]))
