"""Combat: pile, nation and rider, the combat value, combat actions, the token to the ship."""
from __future__ import annotations

from .content import CONST, FLAG_LOCS, LOCS, NATIONS, TOKENS, card
from .notation import act
from .state import caused, push, task, ops_tasks, gain
from . import counters, influence, ledger, ship

INFL_COSTS = {int(k): v for k, v in CONST["combat_influence_costs"].items()}  # cost -> influence
ANNEX, DISPLACE = CONST["annex_cost"], CONST["displace_cost"]


def new_fight(seat: int) -> dict:
    return task("fight", seat, stage="pile", token=None, nation=None, value=0, used=[], cards=[])


def fight_auto(s, t) -> bool:
    g = s.g
    if t["stage"] == "pile" and not (g["piles"][0] or g["piles"][1]):
        t["stage"] = "nation"  # E8: both piles empty, value 3 each, no token
        return True
    if t["stage"] == "loop":
        opts = loop_options(s, t)
        if len(opts) == 1:  # only "end": the combat is over (the rulebook's "can no longer")
            finish(s, t)
            return True
    return False


def nation_payable(p: dict, tok, nation: str) -> bool:
    if tok is None:
        return True
    rider = TOKENS[tok]["riders"].get(nation)
    return not (rider and rider["op"] == "pay_doubloons" and p["dbl"] < rider["n"])


def fight_options(s, t) -> list:
    g = s.g
    p = g["players"][t["seat"]]
    if t["stage"] == "pile":
        return [act(f"pile {i + 1}", ("pile", i + 1)) for i in (0, 1) if g["piles"][i]]
    if t["stage"] == "nation":
        return [act(f"nation {n}", ("nation", n)) for n in NATIONS if nation_payable(p, t["token"], n)]
    return loop_options(s, t)


def used(g: dict, t: dict) -> set:
    """Combat actions no longer available: those of this combat and, as the rulebook says
    ("each combat action once per turn"), those of any other combat earlier in this turn."""
    return set(t["used"]) | set(g["turn"].get("combat_used", ()))


def _mark_used(g: dict, t: dict, name: str) -> None:
    t["used"].append(name)
    if "combat_used" in g["turn"]:
        g["turn"]["combat_used"].append(name)


def card_action(c: str) -> dict:
    return next(op for op in card(c)["effects"] if op["op"] == "combat_action")


def loop_options(s, t) -> list:
    g = s.g
    p = g["players"][t["seat"]]
    v = t["value"]
    nat = t["nation"]
    gone = used(g, t)
    out = []
    if "infl" not in gone:
        for cost, n in sorted(INFL_COSTS.items()):
            if v >= cost:
                out.append(act(f"infl {n}", ("nation", nat)))
    if "annex" not in gone and influence.supply_left(g, nat) > 0:  # E9
        for loc in FLAG_LOCS:
            owner = g["flags"][loc]
            if owner is None and v >= ANNEX:
                out.append(act(f"annex {loc}", ("loc", loc)))
            elif owner is not None and owner != nat and v >= DISPLACE:  # E5
                out.append(act(f"displace {loc}", ("loc", loc)))
    for c in t["cards"]:
        if c not in gone and v >= card_action(c)["cost"]:
            out.append(act(f"card {c}", ("card", c)))
    # 6.4 "at any moment you may raise the value": offered while there is something to pay and
    # a combat action left to use the value on (not once influence, annex and the cards are done)
    left = ("infl" not in gone or ("annex" not in gone and influence.supply_left(g, nat) > 0)
            or any(c not in gone for c in t["cards"]))
    if left and p["cp"] > 0:
        out.append(act("spend cp", ("combat_track",)))
    if left and p["fig_personal"] > 0:
        out.append(act("spend figure", ("figures",)))
    out.append(act("end"))
    return out


def base_value(s, t, nation: str) -> int:
    g = s.g
    p = g["players"][t["seat"]]
    tok = t["token"]
    if tok is None:
        v = CONST["combat_value_if_piles_empty"]
    else:
        spec = TOKENS[tok]
        v = spec["values"][nation]
        mod = spec.get("modifier")
        if mod:
            if mod["per"] == "rank_fighting":
                k = influence.rank(p["infl"][nation])
            else:
                k = counters.counter(g, t["seat"], mod["per"])
            v += min(mod["n"] * k, mod["max"])
    v += influence.map_modifier(g, nation, CONST["least_markers_bonus"], CONST["most_markers_malus"])
    v += ship.combat_bonus(p)
    return max(0, v)  # E6


def fight_choose(s, t, a) -> None:
    g = s.g
    seat = t["seat"]
    p = g["players"][seat]
    if t["stage"] == "pile":
        i = int(a.args[0]) - 1
        t["token"] = g["piles"][i].pop()
        g["reveals"] += 1
        t["stage"] = "nation"
        return
    if t["stage"] == "nation":
        nat = a.args[0]
        t["nation"] = nat
        t["value"] = base_value(s, t, nat)
        t["cards"] = sorted(c for c in p["bought"] if any(op["op"] == "combat_action" for op in card(c)["effects"]))
        t["stage"] = "loop"
        if t["token"] is not None:
            rider = TOKENS[t["token"]]["riders"].get(nat)
            if rider:  # E33: paid / taken at once, before any combat action
                op = rider["op"]
                if op == "pay_doubloons":
                    gain(g, seat, "$", -rider["n"], "combat token")
                elif op == "doubloons":
                    gain(g, seat, "$", rider["n"], "combat token")
                elif op == "vp":
                    gain(g, seat, "VP", rider["n"], "combat token")
                elif op == "figure":
                    ledger.figures(g, seat, rider["n"], "combat token")
                elif op == "influence":
                    ledger.gain_influence(g, seat, nat, rider["n"], "combat token")
        return
    k = a.kind
    nat = t["nation"]
    if k == "end":
        finish(s, t)
    elif k == "spend":
        ledger.spend(g, seat, "CP" if a.args[0] == "cp" else "figures", 1, "combat value")
        t["value"] += 1
    elif k == "infl":
        n = int(a.args[0])
        cost = next(c for c, m in INFL_COSTS.items() if m == n)
        t["value"] -= cost
        _mark_used(g, t, "infl")
        ledger.gain_influence(g, seat, nat, n, "combat: gain influence")
    elif k in ("annex", "displace"):
        loc = a.args[0]
        owner = g["flags"][loc]
        t["value"] -= ANNEX if owner is None else DISPLACE
        _mark_used(g, t, "annex")
        if owner is not None:
            g["removed"][owner] += 1
        influence.take_marker(g, nat)
        g["flags"][loc] = nat
        ledger.gain_influence(g, seat, nat, 1, "displace" if owner is not None else "annex")
        tasks = caused(ops_tasks(seat, LOCS[loc]["flag"], nat, "flag bonus"), f"flag bonus: {LOCS[loc]['name']}")
        for c, op in ship.card_ops(p, "trigger"):
            if op["on"] == "annex":
                tasks += ops_tasks(seat, op["gain"], nat, card(c)["name"])
        push(g, *tasks)
    elif k == "card":
        c = a.args[0]
        spec = card_action(c)
        t["value"] -= spec["cost"]
        _mark_used(g, t, c)
        push(g, *ops_tasks(seat, spec["gain"], nat, card(c)["name"]))


def finish(s, t) -> None:
    """Unused value is lost; the token goes face down onto the ship board; on_combat fires."""
    g = s.g
    g["stack"].pop()
    p = g["players"][t["seat"]]
    if t["token"] is not None:
        p["tokens"].append(t["token"])
    tasks = []
    for c, op in ship.card_ops(p, "trigger"):
        if op["on"] == "combat":
            tasks += ops_tasks(t["seat"], op["gain"], None, card(c)["name"])
    push(g, *tasks)
