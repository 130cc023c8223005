"""What a screen may ask the engine, read-only: the figures a player sees on the table and the
numbers behind a decision (the combat value and its parts, village actions left, prices after
discounts, reachable stops with their MP cost, the interim scoring step by step).

Nothing here changes a state; every function takes a State (or a view) and plain arguments.
"""
from __future__ import annotations

from tabletop_tui.rules.core import counted

from .content import (CITY_ACTIONS, CONST, LOCS, NATIONS, NATION_NAMES, PRESTIGE, QUESTS, TOKENS,
                      UPGRADE_IDS, card)
from . import combat as CB
from . import cities, counters, influence, prestige, ship, voyage
from .assistants import ASSISTANT_STATE

START = voyage.START


# -- the player's figures -----------------------------------------------------------------------
def hand_limit(s, seat: int) -> int:
    return ship.hand_limit(s.g["players"][seat])


def planning_slots(s, seat: int) -> int:
    return ship.planning_slots(s.g["players"][seat])


def discount(s, seat: int) -> int:
    return ship.discount(s.g["players"][seat])


def price(s, seat: int, c: str) -> int:
    """What the card costs this player now (printed cost less discounts, never below 0)."""
    return max(0, card(c)["cost"] - ship.discount(s.g["players"][seat]))


def compasses(s, seat: int) -> int:
    return ship.compass(s.g["players"][seat])


def combat_bonus(s, seat: int) -> int:
    return ship.combat_bonus(s.g["players"][seat])


def completed_upgrades(s, seat: int) -> int:
    return ship.completed_upgrades(s.g["players"][seat])


def village_options(s, seat: int) -> list:
    """Village options this player's cards and upgrades have unlocked (beyond the three base ones)."""
    return sorted(ship.village_options_unlocked(s.g["players"][seat]))


def counter(s, seat: int, name: str) -> int:
    return counters.counter(s.g, seat, name)


def noble_rank(value: int) -> int:
    return influence.rank(value)


def markers_on_map(s) -> dict:
    return influence.map_counts(s.g)


def markers_in_supply(s, nation: str) -> int:
    return influence.supply_left(s.g, nation)


def emptied_spaces(s, nation: str) -> int:
    return influence.emptied(s.g, nation)


def vp_per_rank(s, nation: str) -> int:
    """What each noble rank with this nation would score at game end now."""
    from .content import INFLUENCE

    return INFLUENCE["vp_per_rank_by_emptied_spaces"][influence.emptied(s.g, nation)]


def career_progress(s, seat: int) -> tuple[int, int, int] | None:
    """(milestones paid, counter now, the next milestone's threshold or 0) or None without a career."""
    from .content import CAREERS

    p = s.g["players"][seat]
    if not p["career"]:
        return None
    ms = CAREERS[p["career"]]["milestones"]
    now = counters.counter(s.g, seat, ms[0]["counter"])
    nxt = ms[p["career_paid"]]["at_least"] if p["career_paid"] < len(ms) else 0
    return p["career_paid"], now, nxt


def revealed_prestige(s) -> list:
    return prestige.revealed(s.g)


def prestige_score_now(s, seat: int, b: str) -> int:
    return prestige.end_vp(s.g, seat, b)


# -- the map ------------------------------------------------------------------------------------
def round_kind(s) -> int:
    return voyage.round_kind(s.g["round"])


def city_action(s, loc: str) -> dict | None:
    """The action of the city at loc (its tile, the parchment, or the fixed action), or None."""
    aid = cities.city_action_id(s.g, loc)
    return CITY_ACTIONS[aid] if aid else None


def empty_market_spaces(s, loc: str) -> list:
    return cities.empty_spaces(s.g, loc)


def village_actions_for_mp(s, seat: int, mp: int) -> int:
    return ship.village_actions_for_mp(s.g["players"][seat], mp)


def reachable(s, seat: int) -> list[dict]:
    """Every legal end of this player's move: dest, via (the branch, when it must be named), MP,
    the locations passed, and the village actions a village main action there would give."""
    g = s.g
    p = g["players"][seat]
    out = []
    for dest, via, mp, path in voyage.destinations(p["ship"], voyage.round_kind(g["round"])):
        out.append({"dest": dest, "via": via, "mp": mp, "path": list(path),
                    "village_actions": ship.village_actions_for_mp(p, mp) if LOCS[dest]["kind"] == "village" else 0,
                    "text": f"move {dest}" + (f" via {via}" if via else "")})
    return out


def mp_spent(s) -> int:
    """Movement points of the move made this turn (fixes the number of village actions)."""
    return s.g["turn"]["mp"]


# -- the decision in progress -------------------------------------------------------------------
def _top(s) -> dict | None:
    st = s.g["stack"]
    return st[-1] if st and s.g["phase"] != "over" else None


def village_left(s) -> int | None:
    """Village actions still to take in the current village decision (this one included)."""
    t = _top(s)
    return t["n"] if t is not None and t["t"] == "village" else None


def village_context(s) -> str | None:
    """Why the village actions are taken: "main", "effect" or "scoring" (round end / game end)."""
    t = _top(s)
    return t.get("ctx") if t is not None and t["t"] == "village" else None


def discs_left_to_take(s) -> int | None:
    t = _top(s)
    return t["n"] if t is not None and t["t"] == "disc" else None


def combat(s) -> dict | None:
    """The combat being fought: stage ("pile", "nation" or "loop"), the revealed token (None
    before the reveal, or with both piles empty), the nation, the value left, the combat actions
    used this turn, the cards whose combat actions may be used, and the piles' sizes."""
    t = _top(s)
    if t is None or t["t"] != "fight":
        return None
    return {"seat": t["seat"], "stage": t["stage"], "token": t["token"], "nation": t["nation"],
            "value": t["value"], "used": sorted(CB.used(s.g, t)), "cards": list(t["cards"]),
            "piles": [len(x) for x in s.g["piles"]]}


def token_rider(token: str | None, nation: str) -> dict | None:
    if token is None:
        return None
    return TOKENS[token]["riders"].get(nation)


def nation_value(s, nation: str) -> dict:
    """The combat value fighting for this nation would start at, with its parts: the token's
    value, the token's modifier, the map bonus or malus, the ship's combat bonuses; and the rider."""
    t = _top(s)
    if t is None or t["t"] != "fight":
        raise ValueError("no combat is being fought")
    g = s.g
    p = g["players"][t["seat"]]
    tok = t["token"]
    parts: list[tuple[str, int]] = []
    if tok is None:
        parts.append(("both piles empty", CONST["combat_value_if_piles_empty"]))
    else:
        spec = TOKENS[tok]
        parts.append((f"token {tok}", spec["values"][nation]))
        mod = spec.get("modifier")
        if mod:
            if mod["per"] == "rank_fighting":
                k = influence.rank(p["infl"][nation])
                what = f"rank with {NATION_NAMES[nation]}"
            else:
                k = counters.counter(g, t["seat"], mod["per"])
                what = counters.per_word(mod["per"])
            parts.append((f"+{mod['n']} per {what} (max {mod['max']})", min(mod["n"] * k, mod["max"])))
    m = influence.map_modifier(g, nation, CONST["least_markers_bonus"], CONST["most_markers_malus"])
    if m > 0:
        parts.append(("fewest markers on the map", m))
    elif m < 0:
        parts.append(("most markers on the map", m))
    b = ship.combat_bonus(p)
    if b:
        parts.append(("ship combat bonus", b))
    total = max(0, sum(n for _, n in parts))
    return {"nation": nation, "value": total, "parts": parts, "rider": token_rider(tok, nation),
            "payable": CB.nation_payable(p, tok, nation)}


def combat_action_cost(text: str) -> int:
    """What a combat action (its notation) takes off the combat value; 0 for spend/end."""
    w = text.split(" ")
    if w[0] == "infl":
        return next(c for c, n in CB.INFL_COSTS.items() if n == int(w[1]))
    if w[0] == "annex":
        return CB.ANNEX
    if w[0] == "displace":
        return CB.DISPLACE
    if w[0] == "card":
        return CB.card_action(w[1])["cost"]
    return 0


def flag_reward(loc: str) -> list:
    return list(LOCS[loc].get("flag") or [])


# -- quests ------------------------------------------------------------------------------------
def quest(qid: str) -> dict:
    return QUESTS[qid]


def quest_payable(s, seat: int, qid: str) -> bool:
    from .quests import payments

    return bool(payments(s.g["players"][seat], qid))


# -- round end ---------------------------------------------------------------------------------
def interim_report(before, after, totals: dict[int, tuple[int, int, int, int]] | None = None) -> list[dict] | None:
    """The interim scoring that happened between two positions (the last decision of a round end
    and the first of the next round), step by step as the rulebook orders it; None if no round
    ended between them. Each step: {"step", "text", "per_seat": {seat: text}}. ``totals``: each
    seat's (VP, doubloons) before the round's end and now, as the ledger counts them (the
    caller reads them from the match's record, as the ledger table does: issue 45), for the
    last step, "Totals"; without them there is no such step."""
    gb, ga = before.g, after.g
    if ga["round"] != gb["round"] + 1:
        return None
    n = ga["n"]
    trig = gb["trigger"]
    steps: list[dict] = []
    if trig is not None:
        steps.append({"step": "Round end", "text": f"{before.names[trig]} reached Santiago de Cuba: "
                      f"to the Windward Passage, +{CONST['round_trigger_vp']} VP.", "per_seat": {}})
    steps.append({"step": "Village action", "text": "Every player took 1 village action, from the "
                  "player who ended the round.", "per_seat": {}})
    unused = {i: sum(1 for a in gb["players"][i]["assistants"] if a["live"]) for i in range(n)}
    steps.append({"step": "Unused assistants", "text": f"{CONST['assistant_unused_vp']} VP for each "
                  f"assistant {ASSISTANT_STATE[True]}" + ("." if any(unused.values()) else ": nobody has one."), "per_seat": {i: f"{k} × {CONST['assistant_unused_vp']} = "
                                                  f"{k * CONST['assistant_unused_vp']} VP"
                                                  for i, k in unused.items() if k}})
    steps.append({"step": "Income", "text": f"{CONST['base_doubloon_income']} doubloons plus the "
                  "doubloon income; the VP income.",
                  "per_seat": {i: f"+{CONST['base_doubloon_income'] + p['inc_d']} doubloons, +{p['inc_v']} VP"
                               for i, p in enumerate(ga["players"])}})
    lost = {i: 0 for i in range(n)}
    for market in gb["markets"].values():
        for owner in market.values():
            if owner is not None:
                lost[owner] += 1
    steps.append({"step": "Markets cleared", "text": "The discs on the city markets leave the game"
                  + ("." if any(lost.values()) else ": there were none."),
                  "per_seat": {i: f"{k} disc{'s' if k != 1 else ''} off the game" for i, k in lost.items() if k}})
    new_q = [f"{QUESTS[q]['name']} at {LOCS[loc]['name']}" for loc, q in ga["quest_slots"].items()
             if q is not None and gb["quest_slots"].get(loc) != q]
    steps.append({"step": "Quests", "text": "New quests on the map: " + (", ".join(new_q) if new_q else "none"),
                  "per_seat": {}})
    steps.append({"step": "Display", "text": "The card display is refreshed: "
                  + ", ".join(card(c)["name"] for c in ga["display"]), "per_seat": {}})
    if ga["prestige_revealed"] > gb["prestige_revealed"]:
        b = ga["prestige"][ga["prestige_revealed"] - 1]
        steps.append({"step": "Prestige", "text": f"Revealed: {PRESTIGE[b]['name']} ({PRESTIGE[b]['cost']} "
                      f"doubloons; {PRESTIGE[b]['text']})", "per_seat": {}})
    steps.append({"step": "New round", "text": f"Ships back to Havana; round {ga['round']} starts with "
                  f"{after.names[ga['start_seat']]}.", "per_seat": {}})
    if totals is not None:
        steps.append({"step": "Totals",
                      "text": f"VP and doubloons, from before the round's end to the start of round {ga['round']}.",
                      "per_seat": {i: f"{vp0} → {vp1} VP, {d0} → {counted(d1, 'doubloon')}"
                                   for i, (vp0, d0, vp1, d1) in totals.items()}})
    return steps


def final_breakdown(s) -> dict | None:
    """The final scoring by category per seat (as the result's breakdown), with the tie-break
    figures; None before the game is over."""
    f = s.g["final"]
    if not f:
        return None
    return {int(k): v for k, v in f.items()}


UPGRADES_ORDER = list(UPGRADE_IDS)
NATION_ORDER = list(NATIONS)
