"""The turn (A move, B main action, C refill), the opening hand, round end and game end."""
from __future__ import annotations

from .content import CONST, LOCS, C, card
from .notation import act
from .state import caused, push, task, ops_tasks, gain, note, step
from . import cards, cities, quests, ship, voyage, scoring

TRIGGER_VP = CONST["round_trigger_vp"]
UNUSED_VP = CONST["assistant_unused_vp"]


# -- opening hand ------------------------------------------------------------------------------
def oplan_options(s, t) -> list:
    p = s.g["players"][t["seat"]]
    return [act(f"plan {c}", ("hand", c)) for c in cards.unique(p["hand"])]


def oplan_choose(s, t, a) -> None:
    s.g["stack"].pop()
    cards.plan(s.g, t["seat"], a.args[0])


def odiscard_options(s, t) -> list:
    p = s.g["players"][t["seat"]]
    return [act(f"discard {c}", ("hand", c)) for c in cards.unique(p["hand"])]


def odiscard_choose(s, t, a) -> None:
    g = s.g
    g["stack"].pop()
    p = g["players"][t["seat"]]
    p["hand"].remove(a.args[0])
    g["discard"].append(a.args[0])
    note(g, t["seat"], "cards", -1, "opening discard")


def never(s, t) -> bool:
    return False


# -- the turn ----------------------------------------------------------------------------------
def new_turn() -> dict:
    """What one turn remembers: MP spent (5.3), the assistant used (5.6) and the combat actions
    performed, each allowed once per turn (rulebook: "each combat action once per turn")."""
    return {"mp": 0, "used_assist": None, "combat_used": []}


def start_turn(g: dict, seat: int) -> None:
    g["cur"] = seat
    g["turn"] = new_turn()
    push(g, task("move", seat), task("main", seat), task("assist_check", seat),
         task("plan", seat), task("draw", seat, n=0, refill=True), task("endturn", seat))


def kind(g: dict) -> int:
    return voyage.round_kind(g["round"])


def move_options(s, t) -> list:
    g = s.g
    p = g["players"][t["seat"]]
    out = []
    for dest, via, mp, path in voyage.destinations(p["ship"], kind(g)):
        text = f"move {dest}" + (f" via {via}" if via else "")
        out.append(act(text, ("loc", dest)))
    return out


def move_choose(s, t, a) -> None:
    g = s.g
    g["stack"].pop()
    seat = t["seat"]
    p = g["players"][seat]
    dest = a.args[0]
    via = a.args[2] if len(a.args) == 3 else None
    for d, v, mp, path in voyage.destinations(p["ship"], kind(g)):
        if d == dest and v == via:
            g["turn"]["mp"] = mp
            break
    p["ship"] = dest
    # 4.6 skipped assistants: live ones no longer reachable this round score 2 VP each
    ahead = voyage.ahead(dest, kind(g))
    for asst in p["assistants"]:
        if asst["live"] and asst["loc"] != dest and asst["loc"] not in ahead:
            asst["live"] = False
            gain(g, seat, "VP", UNUSED_VP, "unused assistant")
    trig = C["map"]["round_trigger"]["round_4" if g["round"] >= 4 else "rounds_1_3"]
    if dest == trig and g["trigger"] is None:
        g["trigger"] = seat
        n = g["n"]
        g["extra"] = [(seat + k) % n for k in range(1, n)]
        if g["round"] >= 4:
            gain(g, seat, "VP", TRIGGER_VP, "game end trigger")  # at once on arrival at 22


def main_options(s, t) -> list:
    g = s.g
    seat = t["seat"]
    p = g["players"][seat]
    loc = p["ship"]
    spec = LOCS[loc]
    out = cities.city_acts(g, seat, loc)
    if spec["kind"] == "village":
        out.append(act("village", ("loc", loc)))
    qid = g["quest_slots"].get(loc)
    if qid:
        out += quests.quest_acts(p, qid, ("loc", loc))
    seen = set()
    for asst in p["assistants"]:
        # 5.5 with 5.6: an assistant acts once per round, while it is live (not yet used or scored)
        if asst["loc"] == loc and asst["live"] and card(asst["card"])["id"] not in seen:
            seen.add(card(asst["card"])["id"])
            out.append(act(f"assist {asst['card']}", ("loc", loc)))
    out.append(act("pass"))
    return out


def main_auto(s, t) -> bool:
    if len(main_options(s, t)) == 1:  # only "pass" (Havana, 22): nothing to decide
        s.g["stack"].pop()
        return True
    return False


def main_choose(s, t, a) -> None:
    g = s.g
    g["stack"].pop()
    seat = t["seat"]
    p = g["players"][seat]
    k = a.kind
    if k == "city":
        cities.city_choose(s, seat, a)
    elif k == "village":
        n = ship.village_actions_for_mp(p, g["turn"]["mp"])  # E20: fixed now
        push(g, task("village", seat, n=n, ctx="main"))
    elif k == "quest":
        loc = p["ship"]
        qid = g["quest_slots"][loc]
        g["quest_slots"][loc] = None
        if len(a.args) > 1:  # an old save's whole payment in one line
            quests.fulfil(s, seat, qid, a.args[1:])
        else:
            quests.begin(s, seat, qid, ("loc", loc))
    elif k == "assist":
        loc = p["ship"]
        c = a.args[0]
        for asst in p["assistants"]:
            if asst["card"] == c and asst["live"] and asst["loc"] == loc:
                asst["live"] = False
                break
        g["turn"]["used_assist"] = c
        spec = next(op for op in card(c)["effects"] if op["op"] == "assistant")
        push(g, *caused(ops_tasks(seat, spec["action"], None, "assistant"), f"{card(c)['name']}: assistant"))


def assist_check_auto(s, t) -> bool:
    """5.6: the other live assistants where the ship stands score 2 VP each and stop being live."""
    g = s.g
    g["stack"].pop()
    p = g["players"][t["seat"]]
    for asst in p["assistants"]:
        if asst["live"] and asst["loc"] == p["ship"]:
            asst["live"] = False
            gain(g, t["seat"], "VP", UNUSED_VP, "unused assistant")
    return True


def endturn_auto(s, t) -> bool:
    g = s.g
    g["stack"].pop()
    g["turns"] += 1
    if g["trigger"] is not None:
        if g["extra"]:
            start_turn(g, g["extra"].pop(0))
        else:
            push(g, task("roundend", g["trigger"]))
        return True
    start_turn(g, (t["seat"] + 1) % g["n"])
    return True


# -- round end and game end --------------------------------------------------------------------
def order_from(g: dict, seat: int) -> list:
    return [(seat + k) % g["n"] for k in range(g["n"])]


def roundend_auto(s, t) -> bool:
    g = s.g
    g["stack"].pop()
    trig = g["trigger"]
    g["scoring"] = True
    g["cur"] = None
    step(g, "round end")
    if g["round"] < 4:
        g["players"][trig]["ship"] = C["map"]["round_end_space"]
        gain(g, trig, "VP", TRIGGER_VP, "round end trigger")
    vills = []
    for seat in order_from(g, trig):  # 15.2 / 16.1: exactly 1 village action each
        vills += [task("scoreturn", seat), task("village", seat, n=1, ctx="scoring")]
    push(g, *vills, task("interim" if g["round"] < 4 else "final", trig))
    return True


def scoreturn_auto(s, t) -> bool:
    """A player's round-end/final village action counts as that player's own 'turn' for the
    once-per-turn combat actions (a combat bought with it starts with none used)."""
    g = s.g
    g["stack"].pop()
    g["turn"] = new_turn()
    return True


def interim_auto(s, t) -> bool:
    g = s.g
    g["stack"].pop()
    step(g, "interim")
    for seat, p in enumerate(g["players"]):
        for asst in p["assistants"]:  # step 3
            if asst["live"]:
                asst["live"] = False
                gain(g, seat, "VP", UNUSED_VP, "round end: unused assistant")
        gain(g, seat, "$", CONST["base_doubloon_income"] + p["inc_d"], "income")  # step 4
        gain(g, seat, "VP", p["inc_v"], "income")
    for loc, market in g["markets"].items():  # step 5
        for gd, owner in market.items():
            if owner is not None:
                g["players"][owner]["discs_gone"] += 1
                market[gd] = None
    for loc in g["quest_slots"]:  # step 6 (E15)
        if g["quest_slots"][loc] is None and g["quest_pile"]:
            g["quest_slots"][loc] = g["quest_pile"].pop()
            g["reveals"] += 1
    g["discard"].extend(g["display"])  # step 7 (E35)
    g["display"] = []
    cards.refill_display(s)
    if g["prestige_revealed"] < len(g["prestige"]):  # step 8
        g["prestige_revealed"] += 1
        g["reveals"] += 1
    for p in g["players"]:  # step 9
        p["ship"] = voyage.START
        for asst in p["assistants"]:
            asst["live"] = True
    trig = g["trigger"]
    g["round"] += 1
    g["trigger"] = None
    g["extra"] = []
    g["scoring"] = False
    g["start_seat"] = (trig + 1) % g["n"]
    start_turn(g, g["start_seat"])
    return True


def final_auto(s, t) -> bool:
    g = s.g
    g["stack"].pop()
    step(g, "final")
    g["final"] = scoring.final_scores(g)
    for seat in range(g["n"]):  # the final scoring, one reason per step (VP now counts the total)
        for what, n in g["final"][str(seat)]["breakdown"].items():
            if what != "during play":
                note(g, seat, "VP", n, "final: " + what)
    g["phase"] = "over"
    g["cur"] = None
    return True
