"""The effect vocabulary: one 'op' task per op (content.json effect_ops), and disc removal."""
from __future__ import annotations

from .content import CITY_ACTIONS, NATIONS, UPGRADE_IDS, PASSIVE_OPS, VILLAGE_OPTIONS
from .notation import act
from .state import SOURCE, caused, push, task, ops_tasks, gain
from . import cards, cities, combat, counters, explorer, ledger, ship, voyage


def _n(op: dict) -> int:
    return op.get("n", 1)


def reason(g: dict, t: dict) -> str:
    """What the log says an op's changes come from: its task's source, where the task keeps the
    words saves have always held ("city action", and none for a village option's ops) named now:
    the city's action by its name ("+3 CP (Fencing Hall)"), a village option by its name; the
    cause in words where the saved source does not name it ("explorer reward: E6", "quest
    reward: Feed the garrison": state.SOURCE, issue 45)."""
    if t.get(SOURCE):
        return t[SOURCE]
    src = t.get("src", "")
    if src == "city action":
        name = CITY_ACTIONS[cities.city_action_id(g, g["players"][t["seat"]]["ship"])]["name"]
        return name.split(" (")[0]  # "Lake Traders", not "Lake Traders (2-player parchment)" in brackets
    if not src:
        return next((name for op, name in VILLAGE_OPS if op == t["op"]), "")
    return src


def _then(t: dict, ops: list) -> list:
    """The tasks of ops that follow an op's choice or payment ("then"): the same source, and the
    same cause in words."""
    out = ops_tasks(t["seat"], ops, t.get("nation"), t.get("src", ""))
    return caused(out, t[SOURCE]) if t.get(SOURCE) else out


def _village_ops() -> list:
    """(op, village option's name) for each op a village option queues, its "then" ops too."""
    out = []
    for v in VILLAGE_OPTIONS.values():
        for op in v["effects"]:
            out += [(op, v["name"])] + [(x, v["name"]) for x in op.get("then", [])]
    return out


VILLAGE_OPS = _village_ops()


def op_auto(s, t) -> bool:
    g = s.g
    seat = t["seat"]
    p = g["players"][seat]
    op = t["op"]
    name = op["op"]
    stack = g["stack"]
    why = reason(g, t)
    if name == "doubloons":
        gain(g, seat, "$", _n(op), why)
    elif name == "vp":
        gain(g, seat, "VP", _n(op), why)
    elif name == "combat_points":
        ledger.combat_points(g, seat, _n(op), why)
    elif name == "figure":
        ledger.figures(g, seat, _n(op), why)
    elif name in ledger.INCOME:
        ledger.income(g, seat, name, _n(op), why)
    elif name == "vp_per":
        k = _n(op) * counters.counter(g, seat, op["per"])  # E34: read now
        gain(g, seat, "VP", min(k, op["max"]) if "max" in op else k, why)
    elif name == "pay_doubloons":
        gain(g, seat, "$", -min(p["dbl"], _n(op)), why)
    elif name == "influence":
        nat = op["nation"]
        if nat == "any":
            return False
        stack.pop()
        if nat == "each":
            for n in NATIONS:
                ledger.gain_influence(g, seat, n, _n(op), why)
        else:
            ledger.gain_influence(g, seat, t.get("nation") if nat == "fighting" else nat, _n(op), why)
        return True
    elif name == "explore":
        if explorer.destinations(g, seat, _n(op)):
            return False  # E12: at END (nothing ahead) the explore is lost
    elif name == "remove_disc":
        stack.pop()
        push(g, task("disc", seat, n=_n(op), **({SOURCE: why} if why else {})))
        return True
    elif name == "draw":
        stack.pop()
        push(g, task("draw", seat, n=_n(op), **({SOURCE: why} if why else {})))
        return True
    elif name == "village_actions":
        stack.pop()
        push(g, task("village", seat, n=_n(op), ctx="effect", **({SOURCE: why} if why else {})))
        return True
    elif name == "village_actions_per":
        stack.pop()
        k = _n(op) * counters.counter(g, seat, op["per"])
        if k > 0:
            push(g, task("village", seat, n=k, ctx="effect", **({SOURCE: why} if why else {})))
        return True
    elif name == "fight":
        stack.pop()
        push(g, combat.new_fight(seat))
        return True
    elif name == "choose":
        return False
    elif name == "pay":
        affordable = p["dbl"] >= op.get("doubloons", 0) and p["cp"] >= op.get("combat_points", 0)
        if op.get("optional"):
            if affordable:
                return False
        elif affordable:  # E26: all or nothing
            stack.pop()
            _pay(g, seat, op, why)
            push(g, *_then(t, op.get("then", [])))
            return True
    elif name == "discard_hand":
        if p["hand"]:
            if op.get("optional"):
                return False
            stack.pop()
            cards.discard_hand(g, seat, why)
            push(g, *_then(t, op.get("then", [])))
            return True
    elif name == "assistant":
        if p["fig_personal"] > 0:
            p["fig_personal"] -= 1
            at = op["at"]
            ledger.place_assistant(g, seat, at, why)
            live = (not g["scoring"]) and at in voyage.ahead(p["ship"], voyage.round_kind(g["round"]))
            p["assistants"].append({"card": t.get("card", ""), "loc": at, "live": live})
    elif name in PASSIVE_OPS or name == "buy":
        pass
    else:
        raise ValueError(f"unknown op {name}")
    stack.pop()
    return True


def _pay(g: dict, seat: int, op: dict, why: str) -> None:
    ledger.spend(g, seat, "$", op.get("doubloons", 0), why)
    ledger.spend(g, seat, "CP", op.get("combat_points", 0), why)


def op_options(s, t) -> list:
    op = t["op"]
    name = op["op"]
    if name == "influence":
        return [act(f"nation {n}", ("nation", n)) for n in NATIONS]
    if name == "explore":
        return explorer.explore_options(s, t)
    if name == "choose":
        return [act(f"option {i + 1}") for i in range(len(op["options"]))]
    if name == "pay":
        return [act("pay"), act("decline")]
    if name == "discard_hand":
        return [act("discard-hand"), act("keep-hand")]
    return []


def op_choose(s, t, a) -> None:
    g = s.g
    seat = t["seat"]
    op = t["op"]
    g["stack"].pop()
    k = a.kind
    why = reason(g, t)
    if k == "nation":
        ledger.gain_influence(g, seat, a.args[0], _n(op), why)
    elif k == "explore":
        explorer.move_explorer(s, seat, a.args[0], why)
    elif k == "option":
        push(g, *_then(t, op["options"][int(a.args[0]) - 1]))
    elif k == "pay":
        _pay(g, seat, op, why)
        push(g, *_then(t, op.get("then", [])))
    elif k == "discard-hand":
        cards.discard_hand(g, seat, why)
        push(g, *_then(t, op.get("then", [])))


# -- taking discs off the ship board (one at a time, the player's choice) -----------------------
def disc_auto(s, t) -> bool:
    p = s.g["players"][t["seat"]]
    if t["n"] <= 0 or ship.discs_on_board(p) == 0:  # E19
        s.g["stack"].pop()
        return True
    return False


def disc_options(s, t) -> list:
    p = s.g["players"][t["seat"]]
    return [act(f"disc {u}", ("upgrade", u)) for u in UPGRADE_IDS if p["discs"][u] > 0]


def disc_choose(s, t, a) -> None:
    t["n"] -= 1
    ledger.remove_disc(s.g, t["seat"], a.args[0])
