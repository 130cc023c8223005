"""The rules engine: set-up, turn flow, the eight actions, power offers, towns, cults, rounds.

All functions take a State and mutate it (the Rules wrapper copies first). ``legal(s)`` lists every
legal answer to the pending decision; ``do(s, act)`` applies one (legality already checked).
"""
from __future__ import annotations

from tabletop_tui.rules.core import IllegalAction, Rng
from tabletop_tui.rules.terra_mystica.data import (BONUS, BRIDGE_SPOTS, CELLS, CULT_POWER, FACTIONS,
                                                   FAVOR, INDEX, IS_RIVER, LAND, NEIGHBORS,
                                                   POWER_ACTIONS, POWER_VALUE, PRIEST_SPACES, SCORING,
                                                   SHIP_DIST, START_TERRAIN, TERRAINS, TOWN, TRACKS,
                                                   WITHIN, spade_distance)
from tabletop_tui.rules.terra_mystica.notation import CONVERSIONS, Act
from tabletop_tui.rules.terra_mystica.state import Player, State

UPGRADES = {"TP": "D", "TE": "TP", "SH": "TP", "SA": "TE"}
SPECIALS = {"witches": "ACTW", "nomads": "ACTN", "giants": "ACTG", "swarmlings": "ACTS",
            "auren": "ACTA", "chaos_magicians": "ACTC"}
OWN_TURN_STEPS = ("main", "spades", "bridge", "cult", "witch", "sandstorm", "swarm", "after")


# ---------------------------------------------------------------------------------- set-up
def new_state(names: list[str], seed: int, options: dict) -> State:
    s = State.__new__(State)
    n = len(names)
    s.names = list(names)
    s.options = dict(options)
    s.rng = Rng(seed)
    s.phase = "pick"
    s.round = 0
    # scoring tiles
    given = [x.strip().upper() for x in str(options.get("scoring-tiles", "")).split(",") if x.strip()]
    if given:
        s.scoring = given
    else:
        pool = [k for k, v in SCORING.items() if "option" not in v or options.get(v["option"])]
        while True:
            s.rng.shuffle(pool)
            if "SCORE1" not in pool[4:6]:
                break
        s.scoring = pool[:6]
    given_b = [x.strip().upper() for x in str(options.get("bonus-cards", "")).split(",") if x.strip()]
    if given_b:
        bon = given_b
    else:
        pool = [k for k, v in BONUS.items() if "option" not in v or options.get(v["option"])]
        s.rng.shuffle(pool)
        bon = sorted(pool[:n + 3], key=lambda b: int(b[3:]))
    s.bonus_pool = {b: 0 for b in bon}
    s.favor_pool = {k: v["copies"] for k, v in FAVOR.items()}
    s.town_pool = {k: v["copies"] for k, v in TOWN.items() if "option" not in v or options.get(v["option"])}
    s.terrain = list(START_TERRAIN)
    s.owner = [-1] * len(CELLS)
    s.btype = [""] * len(CELLS)
    s.in_town = [False] * len(CELLS)
    s.bridges = []
    s.used_pa = []
    s.cult_spaces = [[-1] * 4 for _ in range(4)]
    s.river_towns = []
    s.order = list(range(n))
    s.next_order = []
    s.actor = 0
    s.step = ""
    s.chain = 0
    s.spades = 0
    s.spade_src = ""
    s.built = False
    s.transformed = []
    s.reached = []
    s.favors_due = 0
    s.towns_due = 0
    s.darkling_conv = 0
    s.cult_steps = 0
    s.offers = []
    s.queue = []
    s.groups = {}
    s.gid = 0
    s.to_place = []
    s.pick_order = list(range(n))
    s.turn_started = False
    s.final = False
    s.players = [Player() for _ in range(n)]
    fixed = [x.strip() for x in str(options.get("factions", "")).split(",") if x.strip()]
    if fixed:
        from tabletop_tui.rules.terra_mystica.notation import faction_id
        for seat, f in enumerate(fixed):
            _take_faction(s, seat, faction_id(f))
        s.pick_order = []
        _begin_placement(s)
    return s


def _take_faction(s: State, seat: int, f: str) -> None:
    p = s.players[seat]
    d = FACTIONS[f]
    st = d["start"]
    p.faction = f
    p.C, p.W, p.P, p.VP = st["C"], st["W"], st["P"], st["VP"]
    p.bowls = list(st["bowls"])
    p.cult = list(st["cult"])
    p.ship = d["shipping"]["start"]


def _begin_placement(s: State) -> None:
    n = len(s.players)
    fs = [p.faction for p in s.players]
    first = [i for i in range(n) if fs[i] != "chaos_magicians"]
    order = first + first[::-1]
    order += [i for i in range(n) if fs[i] == "nomads"]
    order += [i for i in range(n) if fs[i] == "chaos_magicians"]
    s.to_place = order
    s.phase = "place"


def available_factions(s: State) -> list[str]:
    taken = {FACTIONS[p.faction]["terrain"] for p in s.players if p.faction}
    return [f for f in FACTIONS if FACTIONS[f]["terrain"] not in taken]


# ---------------------------------------------------------------------------------- helpers
def fac(p: Player) -> dict:
    return FACTIONS[p.faction]


def capacity(p: Player) -> int:
    return 2 * p.bowls[0] + p.bowls[1]


def gain_power(p: Player, n: int) -> int:
    b = p.bowls
    got = 0
    m = min(n, b[0])
    b[0] -= m
    b[1] += m
    got += m
    n -= m
    m = min(n, b[1])
    b[1] -= m
    b[2] += m
    got += m
    return got


def priest_room(p: Player) -> int:
    return 7 - p.P - p.priests_sent


def gain(s: State, p: Player, res: dict, mult: int = 1) -> None:
    for k, v in res.items():
        v *= mult
        if k == "C":
            p.C += v
        elif k == "W":
            p.W += v
        elif k == "P":
            p.P += max(0, min(v, priest_room(p)))
        elif k == "PW":
            gain_power(p, v)
        elif k == "VP":
            p.VP += v


def can_pay(p: Player, cost: dict) -> bool:
    return p.C >= cost.get("C", 0) and p.W >= cost.get("W", 0) and p.P >= cost.get("P", 0)


def pay(p: Player, cost: dict) -> None:
    p.C -= cost.get("C", 0)
    p.W -= cost.get("W", 0)
    p.P -= cost.get("P", 0)


def adjacent(s: State, h: int) -> list[int]:
    """Direct neighbours: hex edges and built bridges."""
    out = list(NEIGHBORS[h])
    for a, b, _o in s.bridges:
        if a == h:
            out.append(b)
        elif b == h:
            out.append(a)
    return out


def structures(s: State, seat: int) -> list[int]:
    return [h for h in LAND if s.owner[h] == seat]


def ship_level(s: State, seat: int, bonus: bool = True) -> int:
    p = s.players[seat]
    lvl = p.ship
    if bonus and p.bonus == "BON4" and fac(p)["shipping"]["max"] > 0 and s.phase == "play" \
            and s.step in OWN_TURN_STEPS:
        lvl += 1
    return lvl


def range_kind(p: Player) -> tuple[str, int]:
    if p.faction == "dwarves":
        return "tunnel", 2
    if p.faction == "fakirs":
        return "carpet", 2 + (1 if p.counts["SH"] else 0) + p.carpet_bonus
    return "", 0


def reach_sets(s: State, seat: int, *, bonus: bool = True, ranged: bool = True) -> tuple[set, set]:
    """(hexes reachable normally, extra hexes reachable only with tunnelling/carpet flight)."""
    own = structures(s, seat)
    lvl = ship_level(s, seat, bonus)
    normal: set[int] = set()
    for h in own:
        normal.update(adjacent(s, h))
        if lvl:
            for t, d in SHIP_DIST[h].items():
                if d <= lvl:
                    normal.add(t)
    extra: set[int] = set()
    p = s.players[seat]
    kind, dist = range_kind(p)
    if ranged and kind:
        for h in own:
            for t, d in WITHIN[h].items():
                if d <= dist and t not in normal:
                    extra.add(t)
    normal = {h for h in normal if not IS_RIVER[h]}
    return normal, extra


def range_cost(p: Player) -> dict:
    if p.faction == "dwarves":
        return {"W": 1 if p.counts["SH"] else 2}
    return {"P": 1}


def spade_rate(p: Player) -> int:
    rates = fac(p)["digging"]["rate"]
    return rates[p.dig] if rates else 0


def spade_cost(p: Player, n: int) -> dict:
    if n <= 0:
        return {}
    if p.faction == "darklings":
        return {"P": n}
    return {"W": n * spade_rate(p)}


def spades_needed(p: Player, frm: str, to: str) -> int:
    if p.faction == "giants":
        return 2
    return spade_distance(frm, to)


def home(p: Player) -> str:
    return fac(p)["terrain"]


def round_tile(s: State) -> dict | None:
    if s.phase == "play" and 1 <= s.round <= 6:
        return SCORING[s.scoring[s.round - 1]]
    return None


def round_vp(s: State, p: Player, what: str, n: int = 1) -> None:
    t = round_tile(s)
    if t and t["on"] == what and s.step in OWN_TURN_STEPS:
        p.VP += t["vp"] * n


def keys_free(s: State, seat: int) -> int:
    p = s.players[seat]
    return p.keys - sum(1 for v in p.cult if v >= 10)


def advance_cult(s: State, seat: int, track: int, n: int) -> int:
    p = s.players[seat]
    pos = p.cult[track]
    target = min(pos + n, 10)
    if target >= 10:
        taken = any(q.cult[track] >= 10 for i, q in enumerate(s.players) if i != seat)
        if taken or keys_free(s, seat) <= 0:
            target = max(pos, 9) if pos < 10 else pos
    if target <= pos:
        return 0
    for th, pw in CULT_POWER.items():
        if pos < th <= target:
            gain_power(p, pw)
    p.cult[track] = target
    return target - pos


# ---------------------------------------------------------------------------------- towns
def component(s: State, seat: int, h: int) -> list[int]:
    seen = {h}
    stack = [h]
    while stack:
        x = stack.pop()
        for n in adjacent(s, x):
            if n not in seen and s.owner[n] == seat:
                seen.add(n)
                stack.append(n)
        for r in s.river_towns:
            if r[1] == seat and x in (r[2], r[3]):
                y = r[3] if x == r[2] else r[2]
                if y not in seen and s.owner[y] == seat:
                    seen.add(y)
                    stack.append(y)
    return list(seen)


def town_need(p: Player) -> int:
    return 6 if "FAV5" in p.favors else 7


def check_town(s: State, seat: int, h: int) -> None:
    if s.owner[h] != seat:
        return
    comp = component(s, seat, h)
    if any(s.in_town[x] for x in comp):
        for x in comp:
            s.in_town[x] = True
        return
    p = s.players[seat]
    size = len(comp) + sum(1 for x in comp if s.btype[x] == "SA")
    power = sum(POWER_VALUE[s.btype[x]] for x in comp)
    if size >= 4 and power >= town_need(p) and any(v > 0 for v in s.town_pool.values()):
        for x in comp:
            s.in_town[x] = True
        s.towns_due += 1
        round_vp(s, p, "town")
        if p.faction == "witches":
            p.VP += 5
        if p.faction == "swarmlings":
            p.W += 3


def check_all_towns(s: State, seat: int) -> None:
    for h in structures(s, seat):
        if not s.in_town[h]:
            check_town(s, seat, h)


def take_town(s: State, seat: int, tw: str) -> None:
    p = s.players[seat]
    t = TOWN[tw]
    s.town_pool[tw] -= 1
    p.towns.append(tw)
    p.VP += t["vp"]
    p.keys += t["keys"]
    gain(s, p, t.get("gain", {}))
    if t.get("cult_each"):
        for i in range(4):
            advance_cult(s, seat, i, t["cult_each"])
    if t.get("ship"):
        if p.faction == "fakirs":
            p.carpet_bonus += 1
        elif p.ship < fac(p)["shipping"]["max"]:
            p.ship += 1
            p.VP += fac(p)["shipping"]["vp"].get(str(p.ship), fac(p)["shipping"]["vp"].get(p.ship, 0))


def take_favor(s: State, seat: int, fv: str) -> None:
    p = s.players[seat]
    s.favor_pool[fv] -= 1
    p.favors.append(fv)
    tr, n = FAVOR[fv]["cult"]
    advance_cult(s, seat, tr, n)
    if fv == "FAV5":
        check_all_towns(s, seat)


# ---------------------------------------------------------------------------------- building
def offers_for(s: State, seat: int, h: int) -> None:
    """Queue power offers (made when the builder's turn ends) for a build at h."""
    gid = s.gid
    s.gid += 1
    n = len(s.players)
    count = 0
    for k in range(1, n):
        o = (seat + k) % n
        amt = sum(POWER_VALUE[s.btype[x]] for x in adjacent(s, h) if s.owner[x] == o)
        if amt > 0:
            s.offers.append([o, amt, seat, gid])
            count += 1
    if count:
        s.groups[gid] = [count, 0, seat, 0]


def place_dwelling(s: State, seat: int, h: int, free: bool = False) -> None:
    p = s.players[seat]
    if not free:
        pay(p, fac(p)["buildings"]["D"]["cost"])
    s.owner[h] = seat
    s.btype[h] = "D"
    p.counts["D"] += 1
    if s.phase != "play":
        return
    if "FAV11" in p.favors:
        p.VP += 2
    round_vp(s, p, "D")
    check_town(s, seat, h)
    offers_for(s, seat, h)


def tp_cost(s: State, seat: int, h: int) -> dict:
    b = fac(s.players[seat])["buildings"]["TP"]
    near = any(s.owner[x] not in (-1, seat) for x in adjacent(s, h))
    return b["cost"] if near else b["cost_alone"]


def upgrade_cost(s: State, seat: int, h: int, to: str) -> dict:
    if to == "TP":
        return tp_cost(s, seat, h)
    return fac(s.players[seat])["buildings"][to]["cost"]


def do_upgrade(s: State, seat: int, h: int, to: str, free: bool = False) -> None:
    p = s.players[seat]
    if not free:
        pay(p, upgrade_cost(s, seat, h, to))
    frm = s.btype[h]
    p.counts[frm] -= 1
    p.counts[to] += 1
    s.btype[h] = to
    if to == "TP":
        if "FAV10" in p.favors:
            p.VP += 3
        round_vp(s, p, "TP")
    elif to == "TE":
        round_vp(s, p, "TE")
        s.favors_due += 2 if p.faction == "chaos_magicians" else 1
    elif to == "SA":
        round_vp(s, p, "SHSA")
        s.favors_due += 2 if p.faction == "chaos_magicians" else 1
    elif to == "SH":
        round_vp(s, p, "SHSA")
        f = p.faction
        if f == "cultists":
            p.VP += 7
        elif f == "alchemists":
            gain_power(p, 12)
        elif f == "auren":
            s.favors_due += 1
        elif f == "mermaids":
            if p.ship < fac(p)["shipping"]["max"]:
                p.ship += 1
                p.VP += fac(p)["shipping"]["vp"][str(p.ship)]
        elif f == "darklings":
            s.darkling_conv = 3
    check_town(s, seat, h)
    offers_for(s, seat, h)


def gain_spades_effects(s: State, p: Player, n: int, action_phase: bool = True) -> None:
    if n <= 0:
        return
    if p.faction == "halflings":
        p.VP += n
    if p.faction == "alchemists" and p.counts["SH"]:
        gain_power(p, 2 * n)
    if action_phase:
        round_vp(s, p, "spade", n)


def legal_bridges(s: State, seat: int) -> list[tuple[int, int]]:
    built = {(a, b) for a, b, _o in s.bridges}
    out = []
    for a, b in BRIDGE_SPOTS:
        if (a, b) in built:
            continue
        if s.owner[a] == seat or s.owner[b] == seat:
            out.append((a, b))
    return out


def place_bridge(s: State, seat: int, a: int, b: int) -> None:
    s.bridges.append([a, b, seat])
    s.players[seat].bridges_left -= 1
    for h in (a, b):
        if s.owner[h] == seat and not s.in_town[h]:
            check_town(s, seat, h)
    # a bridge can join a new group to an existing town
    for h in (a, b):
        if s.owner[h] == seat and s.in_town[h]:
            check_town(s, seat, h)


# ---------------------------------------------------------------------------------- income & rounds
def income(s: State, seat: int) -> dict:
    p = s.players[seat]
    f = fac(p)
    tot: dict = {}

    def add(d):
        for k, v in d.items():
            tot[k] = tot.get(k, 0) + v

    add(f["base_income"])
    for b, spec in f["buildings"].items():
        for i in range(p.counts[b]):
            add(spec["income"][i])
    if p.bonus:
        add(BONUS[p.bonus]["income"])
    for fv in p.favors:
        add(FAVOR[fv].get("income", {}))
    return tot


def start_round(s: State) -> None:
    s.round += 1
    s.used_pa = []
    for p in s.players:
        p.used = []
        p.passed = False
    for seat in range(len(s.players)):
        gain(s, s.players[seat], income(s, seat))
    s.phase = "play"
    start_turn(s, s.order[0])


def start_turn(s: State, seat: int) -> None:
    s.actor = seat
    s.step = "main"
    s.chain = 0
    s.darkling_conv = 0
    _reset_action(s)


def _reset_action(s: State) -> None:
    s.spades = 0
    s.spade_src = ""
    s.built = False
    s.transformed = []
    s.reached = []


def end_turn(s: State) -> None:
    n = len(s.players)
    b = s.actor
    offers = sorted(s.offers, key=lambda o: ((o[0] - b) % n, o[3]))
    s.queue.extend(["leech", o[0], o[1], o[2], o[3]] for o in offers)
    s.offers = []
    s.darkling_conv = 0
    s.step = "next"


def action_done(s: State) -> None:
    _reset_action(s)
    if s.chain > 0:
        s.chain -= 1
        s.step = "main"
    else:
        s.step = "after"


def end_round(s: State) -> None:
    if s.round >= 6:
        from tabletop_tui.rules.terra_mystica.scoring import final_scoring
        final_scoring(s)
        s.phase = "over"
        s.step = ""
        return
    tile = SCORING[s.scoring[s.round - 1]]
    order = _next_round_order(s)
    for seat in order:
        p = s.players[seat]
        if tile["track"] == "priests":
            k = p.priests_sent
        else:
            k = p.cult[tile["track"]] // tile["steps"]
        if k <= 0:
            continue
        rw = tile["reward"]
        if "spade" in rw:
            s.queue.append(["cspade", seat, k * rw["spade"], 0, 0])
        else:
            gain(s, p, rw, k)
    s.order = order
    s.next_order = []
    s.step = "income"


def _next_round_order(s: State) -> list[int]:
    n = len(s.players)
    if s.options.get("variable-turn-order"):
        return list(s.next_order)
    first = s.next_order[0]
    return [(first + k) % n for k in range(n)]


def cleanup_and_next(s: State) -> None:
    for b in s.bonus_pool:
        s.bonus_pool[b] += 1
    start_round(s)


def settle(s: State) -> None:
    """Run automatic steps until a player must decide."""
    while True:
        if s.phase != "play":
            return
        if s.favors_due or s.towns_due:
            p = s.players[s.actor]
            if s.favors_due and not favor_choices(s, s.actor):
                s.favors_due = 0
                continue
            if s.towns_due and not any(v > 0 for v in s.town_pool.values()):
                s.towns_due = 0
                continue
            return
        if s.step in OWN_TURN_STEPS:
            return
        if s.queue:
            q = s.queue[0]
            if q[0] == "leech":
                amt = leech_amount(s, q)
                if amt <= 0:
                    s.queue.pop(0)
                    _leech_resolved(s, q, accepted=False, offered=False)
                    continue
            return
        if s.step == "next":
            _advance_turn(s)
            continue
        if s.step == "income":
            cleanup_and_next(s)
            continue
        return


def _advance_turn(s: State) -> None:
    n = len(s.order)
    idx = s.order.index(s.actor)
    for k in range(1, n + 1):
        cand = s.order[(idx + k) % n]
        if not s.players[cand].passed:
            start_turn(s, cand)
            return
    end_round(s)


def leech_amount(s: State, q: list) -> int:
    p = s.players[q[1]]
    return max(0, min(q[2], capacity(p), p.VP + 1))


def _leech_resolved(s: State, q: list, accepted: bool, offered: bool) -> None:
    g = s.groups.get(q[4])
    if g is None:
        return
    g[0] -= 1
    if accepted:
        g[1] = 1
    if offered:
        g[3] = 1
    if g[0] <= 0:
        del s.groups[q[4]]
        builder = s.players[g[2]]
        if builder.faction == "cultists":
            if g[1]:
                s.queue.insert(0, ["cultstep", g[2], 1, 0, 0])
            elif g[3] and s.options.get("errata-cultist-power"):
                gain_power(builder, 1)


# ---------------------------------------------------------------------------------- decisions
def pending_seat(s: State) -> tuple[int, str, str] | None:
    if s.phase == "pick":
        return s.pick_order[0], "Choose a faction", "faction"
    if s.phase == "place":
        return s.to_place[0], "Place a starting dwelling on your home terrain", "place"
    if s.phase == "bonus":
        return s.to_place[0], "Take a bonus card", "bonus"
    if s.phase != "play":
        return None
    if s.favors_due:
        return s.actor, "Take a favor tile", "favor"
    if s.towns_due:
        return s.actor, "Take a town tile", "town"
    if s.step in OWN_TURN_STEPS:
        prompts = {"main": "Take an action (or convert, burn)", "spades": "Use your spades or build (done to stop)",
                   "bridge": "Place a bridge", "cult": "Choose a cult track", "witch": "Choose a forest for the Witches' Ride",
                   "sandstorm": "Choose a space for the sandstorm", "swarm": "Choose a dwelling to upgrade",
                   "after": "Convert or end your turn (done)"}
        return s.actor, prompts[s.step], s.step
    if s.queue:
        q = s.queue[0]
        if q[0] == "leech":
            frm = s.players[q[3]].faction
            return q[1], f"Take {leech_amount(s, q)} power from {frm} for {leech_amount(s, q) - 1} VP?", "leech"
        if q[0] == "cultstep":
            return q[1], "Advance one step on a cult track (power was accepted)", "cult"
        if q[0] == "cspade":
            return q[1], f"Use {q[2]} cult bonus spade(s)", "cspade"
    return None


def favor_choices(s: State, seat: int) -> list[str]:
    p = s.players[seat]
    return [f for f, n in s.favor_pool.items() if n > 0 and f not in p.favors]


def free_actions(s: State, seat: int) -> list[Act]:
    p = s.players[seat]
    out = []
    b3 = p.bowls[2]
    if b3 >= 1:
        out.append(Act("convert", "PW", "C", 1))
    if b3 >= 3:
        out.append(Act("convert", "PW", "W", 1))
    if b3 >= 5 and priest_room(p) > 0:
        out.append(Act("convert", "PW", "P", 1))
    if p.P >= 1:
        out.append(Act("convert", "P", "W", 1))
    if p.W >= 1:
        out.append(Act("convert", "W", "C", 1))
    if p.faction == "alchemists":
        if p.VP >= 1:
            out.append(Act("convert", "VP", "C", 1))
        if p.C >= 2:
            out.append(Act("convert", "C", "VP", 1))
    if s.darkling_conv > 0 and p.W >= 1 and priest_room(p) > 0:
        out.append(Act("convert", "W", "P", 1))
    if p.bowls[1] >= 2:
        out.append(Act("burn", n=1))
    return out


def legal(s: State) -> list[Act]:
    d = pending_seat(s)
    if d is None:
        return []
    seat = d[0]
    if s.phase == "pick":
        return [Act("pick", f) for f in available_factions(s)]
    if s.phase == "place":
        p = s.players[seat]
        return [Act("build", CELLS[h]) for h in LAND if s.owner[h] == -1 and s.terrain[h] == home(p)]
    if s.phase == "bonus":
        return [Act("take", b) for b in s.bonus_pool]
    if s.favors_due:
        return [Act("favor", f) for f in favor_choices(s, seat)]
    if s.towns_due:
        return [Act("town", t) for t, n in s.town_pool.items() if n > 0]
    step = s.step
    if step in OWN_TURN_STEPS:
        out = []
        if step == "main":
            out = main_actions(s, seat)
        elif step == "spades":
            out = spade_actions(s, seat)
        elif step == "bridge":
            out = [Act("bridge", CELLS[a], CELLS[b]) for a, b in legal_bridges(s, seat)]
        elif step == "cult":
            out = [Act("cult", t) for t in TRACKS]
        elif step == "witch":
            p = s.players[seat]
            out = [Act("build", CELLS[h]) for h in LAND if s.owner[h] == -1 and s.terrain[h] == "forest"]
        elif step == "sandstorm":
            out = sandstorm_actions(s, seat)
        elif step == "swarm":
            out = [Act("upgrade", CELLS[h], "TP") for h in structures(s, seat) if s.btype[h] == "D"]
        elif step == "after":
            out = [Act("done")]
        if step in ("bridge", "witch", "sandstorm", "swarm"):
            out.append(Act("done"))  # give up the rest of the action (reference: -BRIDGE, -FREE_D …)
        if step in ("main", "spades", "after"):
            out = out + free_actions(s, seat) + mermaid_connects(s, seat)
        return out
    q = s.queue[0]
    if q[0] == "leech":
        amt = leech_amount(s, q)
        frm = s.players[q[3]].faction
        return [Act("leech", frm, "", amt), Act("decline", frm, "", amt)]
    if q[0] == "cultstep":
        return [Act("cult", t) for t in TRACKS]
    if q[0] == "cspade":
        return cult_spade_actions(s, seat, q[2]) + [Act("done")]
    return []


def _can_build_d(p: Player, extra: dict | None = None) -> bool:
    if p.counts["D"] >= 8:
        return False
    cost = dict(fac(p)["buildings"]["D"]["cost"])
    for k, v in (extra or {}).items():
        cost[k] = cost.get(k, 0) + v
    return can_pay(p, cost)


def _add(a: dict, b: dict) -> dict:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + v
    return out


def main_actions(s: State, seat: int) -> list[Act]:
    p = s.players[seat]
    f = fac(p)
    out: list[Act] = []
    normal, extra = reach_sets(s, seat)
    hm = home(p)
    rc = range_cost(p)
    # build on home terrain / transform
    for h in sorted(normal | extra):
        if s.owner[h] != -1 or IS_RIVER[h]:
            continue
        ex = rc if h in extra else {}
        t = s.terrain[h]
        if t == hm:
            if _can_build_d(p, ex):
                out.append(Act("build", CELLS[h]))
            continue
        for to in TERRAINS:
            if to == t or (p.faction == "giants" and to != "wasteland"):
                continue
            need = spades_needed(p, t, to)
            if p.faction != "darklings" and not f["digging"]["rate"]:
                continue
            if can_pay(p, _add(spade_cost(p, need), ex)):
                out.append(Act("transform", CELLS[h], to))
    # upgrades
    for h in structures(s, seat):
        bt = s.btype[h]
        for to, frm in UPGRADES.items():
            if frm != bt:
                continue
            lim = f["buildings"][to]["pieces"]
            if p.counts[to] >= lim:
                continue
            if can_pay(p, upgrade_cost(s, seat, h, to)):
                out.append(Act("upgrade", CELLS[h], to))
    # shipping / digging
    sh = f["shipping"]
    if p.ship < sh["max"] and can_pay(p, sh["cost"]):
        out.append(Act("advance", "ship"))
    dg = f["digging"]
    if p.dig < dg["max"] and can_pay(p, dg["cost"]):
        out.append(Act("advance", "dig"))
    # priests to cults
    if p.P >= 1:
        for i, t in enumerate(TRACKS):
            if p.cult[i] >= 10:
                continue
            vals = sorted({PRIEST_SPACES[j] for j in range(4) if s.cult_spaces[i][j] == -1}, reverse=True)
            for v in vals + [1]:
                out.append(Act("send", t, "", v))
    # power actions
    for a, spec in POWER_ACTIONS.items():
        if a in s.used_pa or p.bowls[2] < spec["cost"]:
            continue
        if a == "ACT1" and (p.bridges_left <= 0 or not legal_bridges(s, seat)):
            continue
        if a == "ACT2" and priest_room(p) <= 0:
            continue
        out.append(Act("action", a))
    # special actions
    if p.bonus in ("BON1", "BON2") and p.bonus not in p.used:
        if p.bonus == "BON2" or f["digging"]["rate"] or p.faction == "darklings":
            out.append(Act("action", p.bonus))
    if "FAV6" in p.favors and "FAV6" not in p.used:
        out.append(Act("action", "FAV6"))
    sp = SPECIALS.get(p.faction)
    if sp and p.counts["SH"] and sp not in p.used:
        ok = True
        if sp == "ACTW":
            ok = p.counts["D"] < 8 and any(s.owner[h] == -1 and s.terrain[h] == "forest" for h in LAND)
        elif sp == "ACTN":
            ok = bool(sandstorm_actions(s, seat))
        elif sp == "ACTS":
            ok = p.counts["TP"] < 4 and p.counts["D"] > 0
        elif sp == "ACTC":
            ok = s.chain == 0
        if ok:
            out.append(Act("action", sp))
    if p.faction == "engineers" and p.W >= 2 and p.bridges_left > 0 and legal_bridges(s, seat):
        out.append(Act("action", "ACTE"))
    # pass
    if s.round < 6:
        for b in s.bonus_pool:
            out.append(Act("pass", b))
    else:
        out.append(Act("pass"))
    return out


def spade_actions(s: State, seat: int) -> list[Act]:
    p = s.players[seat]
    out: list[Act] = []
    hm = home(p)
    if s.spades > 0:
        normal, extra = reach_sets(s, seat)
        rc = range_cost(p)
        for h in sorted(normal | extra):
            if s.owner[h] != -1:
                continue
            ex = rc if (h in extra and h not in s.reached) else {}
            t = s.terrain[h]
            for to in TERRAINS:
                if to == t or (p.faction == "giants" and to != "wasteland"):
                    continue
                need = spades_needed(p, t, to)
                buy = max(0, need - s.spades)
                if buy and p.faction != "darklings" and not fac(p)["digging"]["rate"]:
                    continue
                if can_pay(p, _add(spade_cost(p, buy), ex)):
                    out.append(Act("transform", CELLS[h], to))
    if not s.built and s.spade_src != "cult":
        for h in s.transformed:
            if s.owner[h] == -1 and s.terrain[h] == hm and _can_build_d(p):
                out.append(Act("build", CELLS[h]))
    out.append(Act("done"))
    return out


def sandstorm_actions(s: State, seat: int) -> list[Act]:
    hs = set()
    for h in structures(s, seat):
        for n in NEIGHBORS[h]:
            if not IS_RIVER[n] and s.owner[n] == -1 and s.terrain[n] != "desert":
                hs.add(n)
    return [Act("transform", CELLS[h], "desert") for h in sorted(hs)]


def cult_spade_actions(s: State, seat: int, n: int) -> list[Act]:
    p = s.players[seat]
    normal, _ = reach_sets(s, seat, bonus=False, ranged=False)
    out = []
    for h in sorted(normal):
        if s.owner[h] != -1:
            continue
        t = s.terrain[h]
        for to in TERRAINS:
            if to == t or (p.faction == "giants" and to != "wasteland"):
                continue
            if spades_needed(p, t, to) <= n:
                out.append(Act("transform", CELLS[h], to))
    return out


def mermaid_connects(s: State, seat: int) -> list[Act]:
    p = s.players[seat]
    if p.faction != "mermaids":
        return []
    out = []
    used = {r[0] for r in s.river_towns}
    for r in range(len(CELLS)):
        if not IS_RIVER[r] or r in used:
            continue
        lands = [h for h in NEIGHBORS[r] if s.owner[h] == seat]
        for i in range(len(lands)):
            for j in range(i + 1, len(lands)):
                a, b = lands[i], lands[j]
                if b in component(s, seat, a):
                    continue
                if _would_town(s, seat, a, b):
                    out.append(Act("connect", CELLS[r]))
                    break
            else:
                continue
            break
    return out


def _would_town(s: State, seat: int, a: int, b: int) -> bool:
    ca, cb = component(s, seat, a), component(s, seat, b)
    if any(s.in_town[x] for x in ca + cb):
        return False
    comp = ca + cb
    size = len(comp) + sum(1 for x in comp if s.btype[x] == "SA")
    power = sum(POWER_VALUE[s.btype[x]] for x in comp)
    return size >= 4 and power >= town_need(s.players[seat]) and any(v > 0 for v in s.town_pool.values())


# ---------------------------------------------------------------------------------- apply
def do(s: State, a: Act) -> None:
    d = pending_seat(s)
    seat = d[0]
    p = s.players[seat]
    k = a.kind
    if s.phase == "pick":
        _take_faction(s, seat, a.a)
        s.pick_order.pop(0)
        if not s.pick_order:
            _begin_placement(s)
        return
    if s.phase == "place":
        place_dwelling(s, seat, INDEX[a.a], free=True)
        s.to_place.pop(0)
        if not s.to_place:
            s.phase = "bonus"
            s.to_place = list(range(len(s.players)))[::-1]
        return
    if s.phase == "bonus":
        p.bonus = a.a
        del s.bonus_pool[a.a]
        s.to_place.pop(0)
        if not s.to_place:
            for b in s.bonus_pool:
                s.bonus_pool[b] += 1
            start_round(s)
        return
    if k == "favor":
        take_favor(s, seat, a.a)
        s.favors_due -= 1
        settle(s)
        return
    if k == "town":
        take_town(s, seat, a.a)
        s.towns_due -= 1
        settle(s)
        return
    if k == "convert":
        _convert(s, p, a)
        return
    if k == "burn":
        p.bowls[1] -= 2 * a.n
        p.bowls[2] += a.n
        p.burned += a.n
        return
    if k == "connect":
        r = INDEX[a.a]
        lands = [h for h in NEIGHBORS[r] if s.owner[h] == seat]
        for i in range(len(lands)):
            for j in range(i + 1, len(lands)):
                x, y = lands[i], lands[j]
                if y not in component(s, seat, x) and _would_town(s, seat, x, y):
                    s.river_towns.append([r, seat, x, y])
                    check_town(s, seat, x)
                    settle(s)
                    return
        return
    step = s.step
    if step not in OWN_TURN_STEPS:
        q = s.queue.pop(0)
        if q[0] == "leech":
            amt = leech_amount(s, q)
            if k == "leech":
                got = gain_power(p, amt)
                p.VP -= max(0, got - 1)
            _leech_resolved(s, q, accepted=(k == "leech"), offered=True)
        elif q[0] == "cultstep":
            advance_cult(s, seat, TRACKS.index(a.a), 1)
        elif q[0] == "cspade":
            if k == "transform":
                h = INDEX[a.a]
                need = spades_needed(p, s.terrain[h], a.b)
                s.terrain[h] = a.b
                gain_spades_effects(s, p, need, action_phase=False)
                q[2] -= need
                if q[2] > 0:
                    s.queue.insert(0, q)
        settle(s)
        return
    # -- the actor's own turn
    if k == "done":
        if step == "after":
            end_turn(s)
        else:
            action_done(s)
        settle(s)
        return
    if k == "pass":
        _pass(s, seat, a.a)
        end_turn(s)
        settle(s)
        return
    if step == "main":
        _main(s, seat, a)
    elif step == "spades":
        if k == "transform":
            _transform(s, seat, INDEX[a.a], a.b)
        elif k == "build":
            place_dwelling(s, seat, INDEX[a.a])
            s.built = True
            action_done(s)
    elif step == "bridge":
        place_bridge(s, seat, INDEX[a.a], INDEX[a.b])
        action_done(s)
    elif step == "cult":
        advance_cult(s, seat, TRACKS.index(a.a), s.cult_steps)
        s.cult_steps = 0
        action_done(s)
    elif step == "witch":
        place_dwelling(s, seat, INDEX[a.a], free=True)
        action_done(s)
    elif step == "sandstorm":
        h = INDEX[a.a]
        s.terrain[h] = "desert"
        s.transformed = [h]
        s.step = "spades"
    elif step == "swarm":
        do_upgrade(s, seat, INDEX[a.a], "TP", free=True)
        action_done(s)
    settle(s)


def _convert(s: State, p: Player, a: Act) -> None:
    n = a.n
    per = CONVERSIONS[(a.a, a.b)]
    frm, to = a.a, a.b
    if frm == "PW":
        p.bowls[2] -= per * n
        p.bowls[0] += per * n
    elif frm == "P":
        p.P -= n
    elif frm == "W":
        p.W -= n
    elif frm == "VP":
        p.VP -= n
    elif frm == "C":
        p.C -= per * n
    if to == "C":
        p.C += n
    elif to == "W":
        p.W += n
    elif to == "P":
        p.P += n
        if frm == "W":
            s.darkling_conv -= n
    elif to == "VP":
        p.VP += n


def _reach_pay(s: State, seat: int, h: int) -> None:
    """Pay tunnelling / carpet flight if h is only reachable that way (once per hex per action)."""
    if h in s.reached:
        return
    normal, extra = reach_sets(s, seat)
    if h in normal:
        return
    p = s.players[seat]
    pay(p, range_cost(p))
    p.VP += 4
    s.reached.append(h)


def _transform(s: State, seat: int, h: int, to: str) -> None:
    p = s.players[seat]
    _reach_pay(s, seat, h)
    need = spades_needed(p, s.terrain[h], to)
    free = min(need, s.spades)
    s.spades -= free
    buy = need - free
    pay(p, spade_cost(p, buy))
    if p.faction == "darklings":
        p.VP += 2 * buy
    gain_spades_effects(s, p, need)
    s.terrain[h] = to
    s.transformed.append(h)


def _main(s: State, seat: int, a: Act) -> None:
    p = s.players[seat]
    k = a.kind
    if k == "build":
        h = INDEX[a.a]
        _reach_pay(s, seat, h)
        place_dwelling(s, seat, h)
        action_done(s)
    elif k == "transform":
        _transform(s, seat, INDEX[a.a], a.b)
        s.step = "spades"
    elif k == "upgrade":
        h = INDEX[a.a]
        do_upgrade(s, seat, h, a.b)
        if a.b == "SH" and p.faction == "halflings":
            s.spades = 3
            s.spade_src = "SH"
            s.step = "spades"
        else:
            action_done(s)
    elif k == "advance":
        f = fac(p)
        if a.a == "ship":
            pay(p, f["shipping"]["cost"])
            p.ship += 1
            p.VP += f["shipping"]["vp"][str(p.ship)]
        else:
            pay(p, f["digging"]["cost"])
            p.dig += 1
            p.VP += f["digging"]["vp"]
        action_done(s)
    elif k == "send":
        i = TRACKS.index(a.a)
        p.P -= 1
        if a.n > 1:
            for j in range(4):
                if s.cult_spaces[i][j] == -1 and PRIEST_SPACES[j] == a.n:
                    s.cult_spaces[i][j] = seat
                    break
            p.priests_sent += 1
        advance_cult(s, seat, i, a.n)
        action_done(s)
    elif k == "action":
        x = a.a
        if x in POWER_ACTIONS:
            spec = POWER_ACTIONS[x]
            p.bowls[2] -= spec["cost"]
            p.bowls[0] += spec["cost"]
            s.used_pa.append(x)
            gain(s, p, spec["gain"])
            if spec.get("bridge"):
                s.step = "bridge"
            elif spec.get("spades"):
                s.spades = spec["spades"]
                s.spade_src = x
                s.step = "spades"
            else:
                action_done(s)
            return
        p.used.append(x)
        if x == "BON1":
            s.spades = 1
            s.spade_src = x
            s.step = "spades"
        elif x in ("BON2", "FAV6"):
            s.cult_steps = 1
            s.step = "cult"
        elif x == "ACTA":
            s.cult_steps = 2
            s.step = "cult"
        elif x == "ACTW":
            s.step = "witch"
        elif x == "ACTN":
            s.step = "sandstorm"
        elif x == "ACTG":
            s.spades = 2
            s.spade_src = x
            s.step = "spades"
        elif x == "ACTS":
            s.step = "swarm"
        elif x == "ACTC":
            s.chain = 1
            s.step = "main"
        elif x == "ACTE":
            p.used.remove(x)  # not limited to once per round
            p.W -= 2
            s.step = "bridge"


def _pass(s: State, seat: int, card: str) -> None:
    p = s.players[seat]
    p.passed = True
    s.next_order.append(seat)
    old = p.bonus
    if old:
        pv = BONUS[old].get("pass_vp", {})
        p.VP += pv.get("stronghold", 0) * p.counts["SH"] + pv.get("sanctuary", 0) * p.counts["SA"]
        p.VP += pv.get("per_trading_house", 0) * p.counts["TP"]
        p.VP += pv.get("per_dwelling", 0) * p.counts["D"]
        p.VP += pv.get("per_shipping_level", 0) * p.ship
    if "FAV12" in p.favors:
        p.VP += FAVOR["FAV12"]["pass_vp_by_tp"][p.counts["TP"]]
    if p.faction == "engineers" and p.counts["SH"]:
        p.VP += 3 * sum(1 for a, b, o in s.bridges if o == seat and s.owner[a] == seat and s.owner[b] == seat)
    if card:
        p.C += s.bonus_pool.pop(card)
        if old:
            s.bonus_pool[old] = 0
        p.bonus = card
    else:
        if old:
            s.bonus_pool[old] = 0
        p.bonus = None


# ---------------------------------------------------------------------------------- checks
def check_extra(s: State, a: Act) -> None:
    """Legality of actions outside the listed set (multi-unit conversions, burns)."""
    d = pending_seat(s)
    if d is None:
        raise IllegalAction("The game is over; no more moves can be made.")
    p = s.players[d[0]]
    if s.phase != "play" or s.step not in OWN_TURN_STEPS:
        raise IllegalAction("Conversions and burning are free actions during your own turn only.")
    if a.kind == "burn":
        if a.n <= 0 or p.bowls[1] < 2 * a.n:
            raise IllegalAction(f"Burning {a.n} power needs {2 * a.n} tokens in bowl II; you have {p.bowls[1]}.")
        return
    per = CONVERSIONS[(a.a, a.b)]
    have = {"PW": p.bowls[2], "P": p.P, "W": p.W, "VP": p.VP, "C": p.C}[a.a]
    if a.n <= 0 or have < per * a.n:
        what = {"PW": "power in bowl III", "P": "priests", "W": "workers", "VP": "victory points", "C": "coins"}[a.a]
        raise IllegalAction(f"That conversion needs {per * a.n} {what}; you have {have}.")
    if (a.a, a.b) in (("VP", "C"), ("C", "VP")) and p.faction != "alchemists":
        raise IllegalAction("Only the Alchemists may trade victory points and coins.")
    if (a.a, a.b) == ("W", "P") and s.darkling_conv < a.n:
        raise IllegalAction("Workers become priests only with the Darklings' stronghold, up to 3, in the turn it is built.")
    if a.b == "P" and priest_room(p) < a.n:
        raise IllegalAction("You may never have more than 7 priests (in hand and on cult tracks).")
