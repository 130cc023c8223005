"""The decisions: who decides what now, and every legal answer (the action lists for bots and the UI)."""
from __future__ import annotations

from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.rules.terra_mystica.board import (home, legal_bridges, range_cost, reach_sets, spade_cost,
                                                    spade_rate, spade_table, spades_needed, structures,
                                                    upgrade_cost)
from tabletop_tui.rules.terra_mystica.data import (CELLS, FACTIONS, IS_RIVER, LAND, NEIGHBORS, POWER_ACTIONS,
                                                   POWER_VALUE, PRIEST_SPACES, TERRAINS, TRACKS)
from tabletop_tui.rules.terra_mystica.notation import CONVERSIONS, Act
from tabletop_tui.rules.terra_mystica.power import can_pay, capacity, fac, priest_room
from tabletop_tui.rules.terra_mystica.state import OWN_TURN_STEPS, Player, State
from tabletop_tui.rules.terra_mystica.towns import component, town_need

UPGRADES = {"TP": "D", "TE": "TP", "SH": "TP", "SA": "TE"}
SPECIALS = {"witches": "ACTW", "nomads": "ACTN", "giants": "ACTG", "swarmlings": "ACTS",
            "auren": "ACTA", "chaos_magicians": "ACTC"}


def available_factions(s: State) -> list[str]:
    taken = {FACTIONS[p.faction]["terrain"] for p in s.players if p.faction}
    return [f for f in FACTIONS if FACTIONS[f]["terrain"] not in taken]


def leech_amount(s: State, q: list) -> int:
    p = s.players[q[1]]
    return max(0, min(q[2], capacity(p), p.VP + 1))


def offer_words(s: State, q: list) -> str:
    """"Take 3 power from the Nomads for 2 VP", with the cap when not all of it can be taken:
    "Take 5 of 6 power from the Nomads (bowls full) for 4 VP"."""
    p = s.players[q[1]]
    n = leech_amount(s, q)
    frm = FACTIONS[s.players[q[3]].faction]["name"]
    vp = max(0, n - 1)
    cost = f"for {vp} VP" if vp else "for free"
    if n >= q[2]:
        return f"Take {n} power from the {frm} {cost}"
    why = "bowls full" if capacity(p) <= min(q[2], p.VP + 1) else f"only {p.VP} VP to pay with"
    return f"Take {n} of {q[2]} power from the {frm} ({why}) {cost}"


def pending_seat(s: State) -> tuple[int, str, str] | None:
    if s.phase == "pick":
        return s.pick_order[0], "Choose a faction", "faction"
    if s.phase == "place":
        return s.to_place[0], "Place a starting dwelling on your home terrain", "place"
    if s.phase == "bonus":
        return s.to_place[0], "Take a bonus card", "bonus"
    if s.phase != "play":
        return None
    if s.key_choice:
        return s.actor, "Choose the cult track that takes your key to space 10", "cult"
    if s.favors_due and s.towns_due:
        return s.actor, "Take a favor tile or a town tile (your choice of order)", "favor"
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
            return q[1], offer_words(s, q) + "?", "leech"
        if q[0] == "cultstep":
            return q[1], "Advance one step on a cult track (power was accepted)", "cult"
        if q[0] == "cspade":
            return q[1], f"Use {q[2]} cult bonus spade(s)", "cspade"
    return None


def favor_choices(s: State, seat: int) -> list[str]:
    p = s.players[seat]
    return [f for f, n in s.favor_pool.items() if n > 0 and f not in p.favors]


def darkling_ordination(s: State, seat: int) -> int:
    """How many workers the Darklings may turn into priests now (their stronghold's one conversion)."""
    p = s.players[seat]
    if p.faction != "darklings" or s.darkling_conv <= 0 or seat != s.actor or s.step not in OWN_TURN_STEPS:
        return 0
    return min(s.darkling_conv, p.W, priest_room(p))


def free_actions(s: State, seat: int) -> list[Act]:
    """Every free conversion and burn the player may make now, every amount (a complete list)."""
    p = s.players[seat]
    out = []
    b3 = p.bowls[2]
    room = priest_room(p)
    out += [Act("convert", "PW", "C", n) for n in range(1, b3 + 1)]
    out += [Act("convert", "PW", "W", n) for n in range(1, b3 // 3 + 1)]
    out += [Act("convert", "PW", "P", n) for n in range(1, min(b3 // 5, room) + 1)]
    out += [Act("convert", "P", "W", n) for n in range(1, p.P + 1)]
    out += [Act("convert", "P", "C", n) for n in range(1, p.P + 1)]
    out += [Act("convert", "W", "C", n) for n in range(1, p.W + 1)]
    if p.faction == "alchemists":
        out += [Act("convert", "VP", "C", n) for n in range(1, p.VP + 1)]
        out += [Act("convert", "C", "VP", n) for n in range(1, p.C // 2 + 1)]
    out += [Act("convert", "W", "P", n) for n in range(1, darkling_ordination(s, seat) + 1)]
    out += [Act("burn", n=n) for n in range(1, p.bowls[1] // 2 + 1)]
    return out


def free_allowed(s: State) -> bool:
    """May the deciding player make free conversions now? In their own turn; and, without the
    strict-leech option, also before answering a power offer (the reference only warns then)."""
    if s.phase != "play":
        return False
    if s.step in OWN_TURN_STEPS:  # also while a favor or town tile is to be taken
        return True
    return bool(s.queue) and s.queue[0][0] == "leech" and not s.options.get("strict-leech")


def turn_comes_to(s: State) -> int | None:
    """Whose turn it is while power offers are answered between turns: the next player to act
    (None when the round ends with the answers)."""
    n = len(s.order)
    if s.actor not in s.order:
        return None
    idx = s.order.index(s.actor)
    for k in range(1, n + 1):
        cand = s.order[(idx + k) % n]
        if not s.players[cand].passed:
            return cand
    return None


def burns_before_answer(s: State, seat: int) -> list[Act]:
    """Under strict-leech an offer is answered before any conversion, but the player whose turn it
    is may still burn power first (the reference forbids them only conversions), which can shrink
    the offer; a player answering while it is not their turn may not burn at all."""
    if s.phase != "play" or s.step in OWN_TURN_STEPS or not s.queue or s.queue[0][0] != "leech":
        return []
    if s.step != "next" or turn_comes_to(s) != seat:
        return []
    p = s.players[seat]
    return [Act("burn", n=n) for n in range(1, p.bowls[1] // 2 + 1)]


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
    if s.key_choice:
        out = [Act("cult", TRACKS[t]) for t in s.key_choice]
        if free_allowed(s):
            out += free_actions(s, seat)
        return out
    if s.favors_due or s.towns_due:
        # a temple or sanctuary that also founds a town: the player chooses which tile comes first
        # (reference: both are owed and taken in the order the player writes them)
        out = []
        if s.favors_due:
            out += [Act("favor", f) for f in favor_choices(s, seat)]
        if s.towns_due:
            out += [Act("town", t) for t, n in s.town_pool.items() if n > 0]
        if free_allowed(s):
            out += free_actions(s, seat)
        return out
    step = s.step
    if step in OWN_TURN_STEPS:
        out = []
        if step == "main":
            out = main_actions(s, seat)
            if s.players[seat].passed:
                out.append(Act("done"))  # the loose double turn's action after passing may be given up
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
        out = out + free_actions(s, seat)
        if step in ("main", "spades", "after"):
            out += mermaid_connects(s, seat)
        return out
    q = s.queue[0]
    if q[0] == "leech":
        amt = leech_amount(s, q)
        frm = s.players[q[3]].faction
        out = [Act("leech", frm, "", amt), Act("decline", frm, "", amt)]
        if free_allowed(s):
            out += free_actions(s, seat)
        else:
            out += burns_before_answer(s, seat)
        return out
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


def _max_spades(p: Player, ex: dict) -> int:
    """How many spades the player can buy now (after paying a range cost ``ex``)."""
    w = p.W - ex.get("W", 0)
    pr = p.P - ex.get("P", 0)
    if w < 0 or pr < 0:
        return -1
    if p.faction == "darklings":
        return pr
    rate = spade_rate(p)
    return w // rate if rate else 0


def main_actions(s: State, seat: int, kinds: tuple | None = None) -> list[Act]:
    """The main actions; ``kinds`` limits the list to those action kinds (a cheaper legality check)."""
    p = s.players[seat]
    f = fac(p)
    out: list[Act] = []
    if kinds is None or "build" in kinds or "transform" in kinds:
        normal, extra = reach_sets(s, seat)
        hm = home(p)
        rc = range_cost(p)
        giants = p.faction == "giants"
        can_dig = p.faction == "darklings" or bool(f["digging"]["rate"])
        owner, terrain = s.owner, s.terrain
        table = spade_table(s, hm)
        for h in sorted(normal | extra):
            if owner[h] != -1 or IS_RIVER[h]:
                continue
            ex = rc if h in extra else {}
            t = terrain[h]
            if t == hm:
                if _can_build_d(p, ex):
                    out.append(Act("build", CELLS[h]))
                continue
            if not can_dig:
                continue
            most = _max_spades(p, ex)
            if most <= 0:
                continue
            row = table[t]
            for to in TERRAINS:
                if to == t:
                    continue
                if (2 if giants else row[to]) <= most:
                    out.append(Act("transform", CELLS[h], to))
        if kinds is not None:
            return out
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
    # pass: a player acts after passing only in the loose Chaos Magicians' double turn, and there
    # (as in the reference) may pass a second time; strict-chaosmagician-sh never lets that happen
    if p.passed and s.options.get("strict-chaosmagician-sh"):
        pass
    elif s.round < 6:
        for b in s.bonus_pool:
            out.append(Act("pass", b))
    else:
        out.append(Act("pass"))
    return out


#: how many transforms one action allows, by the source of its free spades (reference moderator:
#: a dig / ACT5 / BON1 / Giants action transforms 1 space, ACT6 up to 2, the Halflings' stronghold 3)
HEX_LIMIT = {"": 1, "ACT5": 1, "BON1": 1, "ACTG": 1, "ACT6": 2, "SH": 3}


def must_make_home_next(s: State, seat: int) -> bool:
    """Did the last transform of this action leave a space on a non-home terrain with free spades to
    spare? Then the next transform must make the home terrain (the reference's rule; so the
    Halflings' three stronghold spades may leave two non-home spaces: non-home, home, non-home)."""
    if not s.transformed or s.spades <= 0:
        return False
    return s.terrain[s.transformed[-1]] != home(s.players[seat])


def began_as(s: State, h: int) -> str:
    """The terrain space h had when this action began (it may have been transformed since)."""
    return next((t for x, t in s.dug_from if x == h), s.terrain[h])


def on_the_way(s: State, seat: int, h: int, to: str) -> bool:
    """May space h be turned into ``to`` now? A space is transformed once per action: from the
    terrain it began the action with to its target, by the way that costs the fewest spades
    (board.spades_needed), with exactly the spades that costs. Digging a space further in the same
    action (spades bought a few at a time, or a free spade topped up) may only go on along that
    way: never back to where it began, and never to a terrain that costs fewer spades than were
    already spent on it (reference: "Can't transform H6, it already is gray"; "Must use all
    available spades when transforming a hex to non-home color")."""
    if h not in s.transformed:
        return True
    p = s.players[seat]
    start, now = began_as(s, h), s.terrain[h]
    return to != start and spades_needed(s, p, start, to) == spades_needed(s, p, start, now) + spades_needed(s, p, now, to)


def transform_allowed(s: State, seat: int, h: int, to: str) -> str:
    """Why a further transform of h to ``to`` breaks the per-action limits ('' if it does not).

    A space transformed already in this action may only go on along its way (on_the_way); the
    number of spaces is limited by the spade source (HEX_LIMIT); after a space left on a non-home
    terrain with spades to spare the next transform must make the home terrain."""
    if not on_the_way(s, seat, h, to):
        start = began_as(s, h)
        if to == start:
            return (f"{CELLS[h]} was {start} when this action began: a space is transformed once per "
                    "action, never dug away and back.")
        p = s.players[seat]
        return (f"{CELLS[h]} was {start} when this action began: {to} is {spades_needed(s, p, start, to)} "
                f"spade(s) from there, and {spades_needed(s, p, start, s.terrain[h])} were spent on it already. "
                "A space is transformed once per action, by the shortest way to its target, with exactly "
                "the spades that costs.")
    if h == dig_on(s, seat):
        return ""  # the same space, dug further: still one space
    if len(s.transformed) >= HEX_LIMIT.get(s.spade_src, 1):
        return "This action has transformed as many spaces as it allows."
    if to != home(s.players[seat]) and must_make_home_next(s, seat):
        return ("A space was left on a terrain that is not your home terrain with spades to spare: "
                "the next transform must make your home terrain.")
    return ""


def dig_on(s: State, seat: int) -> int | None:
    """The space this action may go on digging, spade by spade (None if none).

    A player may buy the spades for one space a few at a time, converting in between (the
    reference's "dig 2. convert 3PW to 1W. dig 1. build F1": the Alchemists' stronghold power
    arrives with each dig): once the free spades are spent, the one space transformed so far that is
    not yet home terrain may be transformed further with bought spades. Never with the Halflings'
    stronghold or cult bonus spades, nor for the Giants (always exactly 2 spades)."""
    if s.spades > 0 or s.built or s.spade_src in ("SH", "cult") or len(set(s.transformed)) != 1:
        return None
    p = s.players[seat]
    if p.faction == "giants" or not (p.faction == "darklings" or bool(fac(p)["digging"]["rate"])):
        return None
    h = s.transformed[0]
    if s.owner[h] != -1 or s.terrain[h] == home(p):
        return None
    return h


def spade_actions(s: State, seat: int) -> list[Act]:
    p = s.players[seat]
    out: list[Act] = []
    hm = home(p)
    if s.spades > 0 and len(s.transformed) < HEX_LIMIT.get(s.spade_src, 1):
        normal, extra = reach_sets(s, seat)
        rc = range_cost(p)
        # spades may be bought only before the first transform of the action, never with the
        # Halflings' stronghold spades (reference: 'dig' comes first; the stronghold allows none)
        can_buy = not s.transformed and s.spade_src != "SH" and \
            (p.faction == "darklings" or bool(fac(p)["digging"]["rate"]))
        nonhome_blocked = must_make_home_next(s, seat)
        for h in sorted(normal | extra):
            if s.owner[h] != -1:
                continue
            ex = rc if (h in extra and h not in s.reached) else {}
            t = s.terrain[h]
            for to in TERRAINS:
                if to == t:
                    continue
                if to != hm and nonhome_blocked:
                    continue
                if not on_the_way(s, seat, h, to):
                    continue
                need = spades_needed(s, p, t, to)
                buy = max(0, need - s.spades)
                if buy and not can_buy:
                    continue
                if can_pay(p, _add(spade_cost(p, buy), ex)):
                    out.append(Act("transform", CELLS[h], to))
    h0 = dig_on(s, seat)
    if h0 is not None:
        t0 = s.terrain[h0]
        for to in TERRAINS:
            if to != t0 and on_the_way(s, seat, h0, to) and can_pay(p, spade_cost(p, spades_needed(s, p, t0, to))):
                out.append(Act("transform", CELLS[h0], to))
    if not s.built and s.spade_src != "cult":
        for h in s.transformed:
            if s.owner[h] == -1 and s.terrain[h] == hm and _can_build_d(p):
                a = Act("build", CELLS[h])
                if a not in out:
                    out.append(a)
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
            if to == t:
                continue
            if spades_needed(s, p, t, to) <= n:
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


def check_free(s: State, a: Act) -> None:
    """Legality of a conversion or burn (raises IllegalAction with the reason)."""
    d = pending_seat(s)
    if d is not None and free_allowed(s) and a in free_actions(s, d[0]):
        return
    if d is not None and a.kind == "burn" and a in burns_before_answer(s, d[0]):
        return
    check_extra(s, a)


def check_extra(s: State, a: Act) -> None:
    """Why a conversion or burn is refused (raises IllegalAction with the rule's words)."""
    d = pending_seat(s)
    if d is None:
        raise IllegalAction("The game is over; no more moves can be made.")
    p = s.players[d[0]]
    if not free_allowed(s):
        if s.phase == "play" and s.queue and s.queue[0][0] == "leech" and s.step not in OWN_TURN_STEPS:
            if a.kind == "burn" and (s.step != "next" or turn_comes_to(s) != d[0]):
                raise IllegalAction("Burning power is for the player whose turn it is: with strict power offers "
                                    "(strict-leech) answer the offer first.")
            if a.kind == "burn":
                raise IllegalAction(f"Burning {a.n} power needs {2 * a.n} tokens in bowl II; you have {p.bowls[1]}.")
            raise IllegalAction("With strict power offers (strict-leech) an offer is answered before any conversion.")
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
    if (a.a, a.b) == ("W", "P") and darkling_ordination(s, d[0]) < a.n:
        raise IllegalAction("Workers become priests only with the Darklings' stronghold: one conversion of up to "
                            "3 workers, in the turn it is built (without strict-darkling-sh: in a later turn too).")
    if a.b == "P" and priest_room(p) < a.n:
        raise IllegalAction("You may never have more than 7 priests (in hand and on cult tracks).")
    raise IllegalAction(f"'{a}' is not a legal move now (the decision now: {d[1].rstrip('?.')}).")
