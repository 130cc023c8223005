"""The rules engine: set-up, turn flow, the eight actions, power offers, towns, cults, rounds.

All functions take a State and mutate it (the Rules wrapper copies first). ``legal(s)`` lists every
legal answer to the pending decision; ``do(s, act)`` applies one (legality already checked).
"""
from __future__ import annotations

from tabletop_tui.rules.core import Rng, counted
from tabletop_tui.rules.terra_mystica.actions import (_would_town, available_factions, check_extra,
                                                      cult_spade_actions,
                                                      favor_choices, leech_amount, legal, pending_seat)
from tabletop_tui.rules.terra_mystica.board import (adjacent, home, range_cost, range_kind, reach_sets,
                                                    ship_level, spade_cost, spade_rate, spades_needed,
                                                    upgrade_cost)
from tabletop_tui.rules.terra_mystica.cults import advance_cult, keys_free
from tabletop_tui.rules.terra_mystica.data import (BONUS, CELLS, FACTIONS, FAVOR, INDEX, NEIGHBORS,
                                                   POWER_ACTIONS, POWER_VALUE, PRIEST_SPACES, SCORING,
                                                   START_TERRAIN, TOWN, TRACKS)
from tabletop_tui.rules.terra_mystica.ledger import (BUILDINGS, FINAL_SCORING, add_vp, credit, decision_reason,
                                                     note, round_end_line, round_start_line, round_tile_source, step)
from tabletop_tui.rules.terra_mystica.notation import CONVERSIONS, Act
from tabletop_tui.rules.terra_mystica.power import fac, gain, gain_power, income, pay
from tabletop_tui.rules.terra_mystica.state import OWN_TURN_STEPS, Player, State
from tabletop_tui.rules.terra_mystica.words import cult_bonus_words
from tabletop_tui.rules.terra_mystica.towns import (check_all_towns, check_town, component, round_tile,
                                                    round_vp, take_favor, take_town)

# re-exported for callers that use engine.<name>
__all__ = ["OWN_TURN_STEPS", "upgrade_cost", "available_factions", "check_extra", "favor_choices", "keys_free", "range_kind",
           "ship_level", "spade_rate", "advance_cult", "keys_free", "check_all_towns", "round_tile", "range_kind", "ship_level",
           "spade_rate", "gain_power", "check_town", "reach_sets", "home", "legal", "do", "new_state",
           "pending_seat", "leech_amount"]


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
    s.dug_from = []
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
    s.key_choice = []
    s.open_offers = []  # offers (and Cultists' steps) left open with 'wait': answered later
    s.players = [Player() for _ in range(n)]
    s.notes = []
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
    p.C, p.W, p.P = st["C"], st["W"], st["P"]
    p.bowls = list(st["bowls"])
    add_vp(s, p, st["VP"] - p.VP, "faction board")
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
        if amt > 0 and not s.players[o].dropped:
            s.offers.append([o, amt, seat, gid])
            count += 1
    if count:
        s.groups[gid] = [count, 0, seat, 0]


def place_dwelling(s: State, seat: int, h: int, free: bool = False) -> None:
    p = s.players[seat]
    if not free:
        with credit(s, seat, "cost of a dwelling"):
            pay(p, fac(p)["buildings"]["D"]["cost"])
    s.owner[h] = seat
    s.btype[h] = "D"
    p.counts["D"] += 1
    if s.phase != "play":
        return
    if "FAV11" in p.favors:
        add_vp(s, p, 2, "favor tile FAV11: 2 per dwelling")
    round_vp(s, p, "D")
    check_town(s, seat, h)
    offers_for(s, seat, h)


def do_upgrade(s: State, seat: int, h: int, to: str, free: bool = False) -> None:
    p = s.players[seat]
    if not free:
        with credit(s, seat, f"cost of a {BUILDINGS[to]}"):
            pay(p, upgrade_cost(s, seat, h, to))
    frm = s.btype[h]
    p.counts[frm] -= 1
    p.counts[to] += 1
    s.btype[h] = to
    if to == "TP":
        if "FAV10" in p.favors:
            add_vp(s, p, 3, "favor tile FAV10: 3 per trading house")
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
            add_vp(s, p, 7, "Cultists' stronghold")
        elif f == "alchemists":
            with credit(s, seat, "Alchemists' stronghold"):
                gain_power(p, 12, s)
        elif f == "auren":
            s.favors_due += 1
        elif f == "mermaids":
            if p.ship < fac(p)["shipping"]["max"]:
                p.ship += 1
                add_vp(s, p, fac(p)["shipping"]["vp"][str(p.ship)], "shipping advance")
        elif f == "darklings":
            s.darkling_conv = 3
    check_town(s, seat, h)
    offers_for(s, seat, h)


def gain_spades_effects(s: State, p: Player, n: int, action_phase: bool = True) -> None:
    if n <= 0:
        return
    # spades from a cult bonus come in the round's end, an automatic step: its reason says so
    why = "" if action_phase else "cult bonus: "
    if p.faction == "halflings":
        add_vp(s, p, n, why + "Halflings: 1 per spade")
    if p.faction == "alchemists" and p.counts["SH"]:
        from tabletop_tui.rules.terra_mystica.ledger import seat_of
        with credit(s, seat_of(s, p), why + "Alchemists: 2 power per spade"):
            gain_power(p, 2 * n, s)
    if action_phase:
        round_vp(s, p, "spade", n)


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
def start_round(s: State) -> None:
    s.round += 1
    s.used_pa = []
    for p in s.players:
        p.used = []
        p.passed = p.dropped
    step(s, round_start_line(s))
    for seat in range(len(s.players)):
        with credit(s, seat, "income"):
            gain(s, s.players[seat], income(s, seat), why="income")
    s.phase = "play"
    start_turn(s, next((x for x in s.order if not s.players[x].dropped), s.order[0]))


def start_turn(s: State, seat: int) -> None:
    s.players[seat].cult_blocked = []
    s.actor = seat
    s.step = "main"
    s.chain = 0
    _reset_action(s)


def _reset_action(s: State) -> None:
    s.spades = 0
    s.spade_src = ""
    s.built = False
    s.transformed = []
    s.dug_from = []
    s.reached = []


def end_turn(s: State) -> None:
    n = len(s.players)
    b = s.actor
    offers = sorted(s.offers, key=lambda o: ((o[0] - b) % n, o[3]))
    s.queue.extend(["leech", o[0], o[1], o[2], o[3]] for o in offers)
    s.offers = []
    if s.options.get("strict-darkling-sh"):
        s.darkling_conv = 0  # the ordination is lost at the end of the stronghold turn
    s.step = "next"


def action_done(s: State) -> None:
    _reset_action(s)
    if s.chain > 0:
        s.chain -= 1
        s.step = "main"
    else:
        s.step = "after"


def end_round(s: State) -> None:
    step(s, round_end_line(s))
    if s.round >= 6:
        from tabletop_tui.rules.terra_mystica.scoring import final_scoring
        step(s, FINAL_SCORING)
        final_scoring(s)
        s.phase = "over"
        s.step = ""
        return
    tile = SCORING[s.scoring[s.round - 1]]
    order = _next_round_order(s)
    # every faction still on the board takes the cult bonus, a dropped one too: the reference pays
    # it with the next round's income, which a dropped player keeps receiving
    for seat in order + [x for x in range(len(s.players)) if x not in order]:
        p = s.players[seat]
        if tile["track"] == "priests":
            k = p.priests_sent
        else:
            k = p.cult[tile["track"]] // tile["steps"]
        if k <= 0:
            continue
        rw = tile["reward"]
        with credit(s, seat, f"cult bonus: {cult_bonus_words(tile)}"):
            if "spade" in rw:
                if not p.dropped:  # a dropped player cannot use them (their stronghold's gain still comes)
                    s.queue.append(["cspade", seat, k * rw["spade"], 0, 0])
                gain_spades_effects(s, p, k * rw["spade"], action_phase=False)
            else:
                gain(s, p, rw, k, why=f"cult bonus: {cult_bonus_words(tile)}")
    s.order = order
    s.next_order = []
    s.step = "income"


def _next_round_order(s: State) -> list[int]:
    n = len(s.players)
    if s.options.get("variable-turn-order"):
        return list(s.next_order)
    first = s.next_order[0]
    return [(first + k) % n for k in range(n)]


def coins_on_leftover_cards(s: State) -> None:
    """"one coin goes on each leftover card" (set-up and each round's end): an entry of its own."""
    for b in s.bonus_pool:
        s.bonus_pool[b] += 1
    cards = ", ".join(f"{b} (now {counted(c, 'coin')})" for b, c in sorted(s.bonus_pool.items(),
                                                                           key=lambda x: int(x[0][3:])))
    step(s, f"One coin goes on each bonus card left: {cards}.")


def cleanup_and_next(s: State) -> None:
    coins_on_leftover_cards(s)
    start_round(s)


def settle(s: State) -> None:
    """Run automatic steps until a player must decide."""
    while True:
        if s.phase != "play":
            return
        if s.key_choice:
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
            elif q[0] == "cspade" and not cult_spade_actions(s, q[1], q[2]):
                s.queue.pop(0)  # cult spades nobody can use are lost ("use them now or lose them")
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
            if _reopen(s, cand):
                return  # the open offers come first; then the turn starts
            start_turn(s, cand)
            return
    if _reopen(s, None):
        return  # every open offer is answered before the round ends
    end_round(s)


def _next_candidate(s: State) -> int | None:
    """Whose turn comes next (None: the round ends)."""
    n = len(s.order)
    idx = s.order.index(s.actor)
    for k in range(1, n + 1):
        cand = s.order[(idx + k) % n]
        if not s.players[cand].passed:
            return cand
    return None


def _reopen(s: State, seat: int | None) -> bool:
    """Put the open offers of ``seat`` (every seat if None) back to be answered now."""
    due = [o for o in s.open_offers if seat is None or o[1] == seat]
    if not due:
        return False
    s.open_offers = [o for o in s.open_offers if o not in due]
    s.queue[:0] = due
    return True


def _leech_resolved(s: State, q: list, accepted: bool, offered: bool) -> None:
    g = s.groups.get(q[4])
    if g is None:
        return
    g[0] -= 1
    builder = s.players[g[2]]
    if accepted and not g[1]:
        g[1] = 1
        if builder.faction == "cultists":
            # the cult step comes with the first opponent who takes the power (reference), even
            # while other offers of that build are still open
            s.queue.insert(0, ["cultstep", g[2], 1, 0, 0])
    if offered:
        g[3] = 1
    if g[0] <= 0:
        del s.groups[q[4]]
        if builder.faction == "cultists" and not g[1] and g[3] and s.options.get("errata-cultist-power"):
            with credit(s, g[2], "Cultists: every offer declined"):
                gain_power(builder, 1, s)  # everyone declined (errata): 1 power once all have answered


# ---------------------------------------------------------------------------------- dropping out
def check_drop(s: State, faction: str) -> None:
    from tabletop_tui.rules.core import IllegalAction

    seats = [i for i, q in enumerate(s.players) if q.faction == faction]
    if s.phase != "play" or not seats:
        raise IllegalAction("Only a faction in a game under way can drop out of it.")
    if s.players[seats[0]].dropped:
        raise IllegalAction(f"The {faction} have already dropped out of the game.")


def drop_player(s: State, seat: int) -> None:
    """A player leaves the game (the reference's drop-faction): no more turns, offers or cult
    bonuses; their open offers lapse; their bonus card goes back; at the end they are scored like
    everyone else (cults, network, resources)."""
    p = s.players[seat]
    p.dropped = True
    p.passed = True
    if p.bonus:
        s.bonus_pool[p.bonus] = 0
        p.bonus = None
    s.next_order = [x for x in s.next_order if x != seat]
    s.offers = [o for o in s.offers if o[0] != seat]
    for o in [o for o in s.open_offers if o[1] == seat]:
        s.open_offers.remove(o)
        if o[0] == "leech":
            _leech_resolved(s, o, accepted=False, offered=False)
    keep = []
    for q in s.queue:
        if q[1] == seat:
            if q[0] == "leech":
                _leech_resolved(s, q, accepted=False, offered=False)
            continue
        keep.append(q)
    s.queue[:] = keep
    if s.actor == seat and s.step in OWN_TURN_STEPS:
        s.favors_due = s.towns_due = 0
        s.key_choice = []
        s.chain = 0
        _reset_action(s)
        end_turn(s)
    settle(s)


# ---------------------------------------------------------------------------------- apply
def do(s: State, a: Act) -> None:
    """Apply the decision; what it changes of the deciding seat's counters without a finer reason
    noted inside is the decision's own (a conversion, a priest sent, a power action's cost)."""
    seat = pending_seat(s)[0]
    if a.kind == "drop" or (a.b and a.kind in ("leech", "decline", "cult")):
        faction = a.a if a.kind == "drop" else a.b
        seat = next((i for i, q in enumerate(s.players) if q.faction == faction), seat)
    with credit(s, seat, decision_reason(s, a)):
        _do(s, a)


def _do(s: State, a: Act) -> None:
    d = pending_seat(s)
    seat = d[0]
    p = s.players[seat]
    k = a.kind
    if k == "drop":
        drop_player(s, [q.faction for q in s.players].index(a.a))
        return
    if k == "wait":
        s.open_offers.append(s.queue.pop(0))
        settle(s)
        return
    if a.b and k in ("leech", "decline", "cult"):
        _answer_open(s, a)
        settle(s)
        return
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
            coins_on_leftover_cards(s)
            start_round(s)
        return
    if s.key_choice and k == "cult":
        choose_key_track(s, seat, TRACKS.index(a.a))
        settle(s)
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
                with credit(s, seat, "power offer"):
                    got = gain_power(p, amt, s)
                    add_vp(s, p, -max(0, got - 1), "power offer")
            _leech_resolved(s, q, accepted=(k == "leech"), offered=True)
        elif q[0] == "cultstep":
            advance_cult(s, seat, TRACKS.index(a.a), 1)
        elif q[0] == "cspade":
            if k == "transform":
                h = INDEX[a.a]
                need = spades_needed(s, p, s.terrain[h], a.b)
                s.terrain[h] = a.b
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
        if s.chain > 0 and not s.options.get("strict-chaosmagician-sh"):
            # without the strict option the Chaos Magicians' double turn goes on after passing as
            # its first action (the reference moderator's loose rule): one more action, no second pass
            s.chain -= 1
            _reset_action(s)
            s.step = "main"
        else:
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


def choose_key_track(s: State, seat: int, track: int) -> None:
    """TW5 with fewer keys than tracks it brings to 10: the chosen track takes a key; once the
    keys no longer fall short, the other tracks take their step (stopping at 9 without a key)."""
    rest = [t for t in s.key_choice if t != track]
    advance_cult(s, seat, track, 1)
    if 0 < keys_free(s, seat) < len(rest):
        s.key_choice = rest
        return
    s.key_choice = []
    for t in rest:
        advance_cult(s, seat, t, 1)


def can_wait(s: State) -> bool:
    try:
        check_wait(s)
    except Exception:  # IllegalAction
        return False
    return True


def check_wait(s: State) -> None:
    """'wait' leaves the power offer (or the Cultists' step) being asked open, to be answered later:
    out of turn, or at the latest when the player's next turn comes or the round ends."""
    from tabletop_tui.rules.core import IllegalAction

    if s.phase != "play" or s.key_choice or s.favors_due or s.towns_due or s.step in OWN_TURN_STEPS \
            or not s.queue or s.queue[0][0] not in ("leech", "cultstep"):
        raise IllegalAction("'wait' answers a power offer (or the Cultists' cult step) later; "
                            "none is being asked now.")
    if len(s.queue) == 1 and not s.open_offers and s.step == "next" \
            and _next_candidate(s) in (s.queue[0][1], None):
        # (with other answers pending or open, 'wait' lets those come first)
        raise IllegalAction("Answer now: your next turn (or the end of the round) comes before anyone acts.")


def check_open_answer(s: State, a: Act) -> None:
    from tabletop_tui.rules.core import IllegalAction

    found = find_open(s, a) if s.phase == "play" else None
    if found is None:
        what = "cult step" if a.kind == "cult" else f"offer from {a.a}"
        raise IllegalAction(f"The {a.b} have no open {what} to answer now.")
    o = found[1]
    if o[0] == "leech" and a.n != leech_amount(s, o):
        raise IllegalAction(f"The offer from {a.a} is {leech_amount(s, o)} power now, not {a.n}.")


def find_open(s: State, a: Act) -> tuple[list, list] | None:
    """The open offer (or Cultists' step) that an answer 'by' a faction out of turn refers to:
    (the list holding it, the entry). Cultists' steps still waiting in the queue count too."""
    seats = [i for i, q in enumerate(s.players) if q.faction == a.b]
    if not seats:
        return None
    seat = seats[0]
    if a.kind == "cult":
        for lst in (s.open_offers, s.queue):
            for o in lst:
                if o[0] == "cultstep" and o[1] == seat:
                    return lst, o
        return None
    for o in s.open_offers:
        if o[0] == "leech" and o[1] == seat and s.players[o[3]].faction == a.a:
            return s.open_offers, o
    return None


def _answer_open(s: State, a: Act) -> None:
    lst, o = find_open(s, a)
    lst.remove(o)
    p = s.players[o[1]]
    if o[0] == "cultstep":
        advance_cult(s, o[1], TRACKS.index(a.a), 1)
        return
    amt = leech_amount(s, o)
    if amt <= 0:
        _leech_resolved(s, o, accepted=False, offered=False)
        return
    if a.kind == "leech":
        with credit(s, o[1], "power offer"):
            got = gain_power(p, amt, s)
            add_vp(s, p, -max(0, got - 1), "power offer")
    _leech_resolved(s, o, accepted=(a.kind == "leech"), offered=True)


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
        add_vp(s, p, -n, "Alchemists' conversion")
    elif frm == "C":
        p.C -= per * n
    if to == "C":
        p.C += n
    elif to == "W":
        p.W += n
    elif to == "P":
        p.P += n
    if p.faction == "darklings" and s.darkling_conv:
        # the ordination is the Darklings' first conversion after the stronghold: any conversion
        # spends the right, W -> P or not (reference: "Can't convert from W to P" after it)
        s.darkling_conv = 0
    elif to == "VP":
        add_vp(s, p, n, "Alchemists' conversion")


def _reach_pay(s: State, seat: int, h: int) -> None:
    """Pay tunnelling / carpet flight if h is only reachable that way (once per hex per action)."""
    if h in s.reached:
        return
    normal, extra = reach_sets(s, seat)
    if h in normal:
        return
    p = s.players[seat]
    why = "Fakirs' carpet flight" if p.faction == "fakirs" else "Dwarves' tunnelling"
    with credit(s, seat, why):
        pay(p, range_cost(p))
    add_vp(s, p, 4, why)
    s.reached.append(h)


def _transform(s: State, seat: int, h: int, to: str) -> None:
    p = s.players[seat]
    _reach_pay(s, seat, h)
    need = spades_needed(s, p, s.terrain[h], to)
    free = min(need, s.spades)
    s.spades -= free
    buy = need - free
    with credit(s, seat, f"{buy} spade{'s' if buy != 1 else ''}"):
        pay(p, spade_cost(p, buy))
    if p.faction == "darklings":
        add_vp(s, p, 2 * buy, "Darklings: 2 per spade paid")
    gain_spades_effects(s, p, buy)  # free spades counted when they were received
    if h not in s.transformed:
        s.dug_from.append([h, s.terrain[h]])  # a space dug further goes on from where it began
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
            gain_spades_effects(s, p, 3)
            s.spade_src = "SH"
            s.step = "spades"
        else:
            action_done(s)
    elif k == "advance":
        f = fac(p)
        if a.a == "ship":
            with credit(s, seat, "shipping advance"):
                pay(p, f["shipping"]["cost"])
                p.ship += 1
            add_vp(s, p, f["shipping"]["vp"][str(p.ship)], "shipping advance")
        else:
            with credit(s, seat, "digging advance"):
                pay(p, f["digging"]["cost"])
                p.dig += 1
            add_vp(s, p, f["digging"]["vp"], "digging advance")
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
            gain(s, p, spec["gain"], why=f"power action {x}")
            if spec.get("bridge"):
                s.step = "bridge"
            elif spec.get("spades"):
                s.spades = spec["spades"]
                gain_spades_effects(s, p, s.spades)
                s.spade_src = x
                s.step = "spades"
            else:
                action_done(s)
            return
        p.used.append(x)
        if x == "BON1":
            s.spades = 1
            gain_spades_effects(s, p, 1)
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
            gain_spades_effects(s, p, 2)
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
    if seat in s.next_order:
        # a second pass (the loose Chaos Magicians' double turn): with variable turn order the
        # player moves to the end of the passing order, as in the reference
        if s.options.get("variable-turn-order"):
            s.next_order.remove(seat)
            s.next_order.append(seat)
    else:
        s.next_order.append(seat)
    p.passed = True
    old = p.bonus
    if old:
        pv = BONUS[old].get("pass_vp", {})
        src = f"pass bonus: {old}"
        add_vp(s, p, pv.get("stronghold", 0) * p.counts["SH"] + pv.get("sanctuary", 0) * p.counts["SA"],
               src + ", 4 per stronghold and sanctuary")
        add_vp(s, p, pv.get("per_trading_house", 0) * p.counts["TP"], src + ", 2 per trading house")
        add_vp(s, p, pv.get("per_dwelling", 0) * p.counts["D"], src + ", 1 per dwelling")
        add_vp(s, p, pv.get("per_shipping_level", 0) * p.ship, src + ", 3 per shipping level")
    if "FAV12" in p.favors:
        add_vp(s, p, FAVOR["FAV12"]["pass_vp_by_tp"][p.counts["TP"]], "pass bonus: FAV12, by trading houses")
    if p.faction == "engineers" and p.counts["SH"]:
        add_vp(s, p, 3 * sum(1 for a, b, o in s.bridges if o == seat and s.owner[a] == seat and s.owner[b] == seat),
               "Engineers: 3 per bridge between their structures")
    swap = (f"bonus card {old} returned" if old else "") + (", " if old and card else "") + \
        (f"{card} taken" if card else "")
    with credit(s, seat, swap or "passing"):
        if card:
            coins = s.bonus_pool.pop(card)
            p.C += coins
            note(s, seat, "C", coins, "coins left on the bonus card")
            if old:
                s.bonus_pool[old] = 0
            p.bonus = card
        else:
            if old:
                s.bonus_pool[old] = 0
            p.bonus = None

