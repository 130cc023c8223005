"""Finis Terrae bot: evaluation from the game's own scoring, and determinization of what the
view hides (the tile stack, the weather deck, the 2 weather cards out of the game, the dice).

Known to every player: the 80 map tiles and the removals for the player count (the box), the
tiles on the map and in hand, the weather deck's make-up, the discards, and where the Finis
Terrae card lies until it is first turned. The rest is sampled afresh for each world.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from tabletop_tui.rules.core import IllegalAction, Rng
from tabletop_tui.rules.finis_terrae import cartography as C
from tabletop_tui.rules.finis_terrae import holds as H
from tabletop_tui.rules.finis_terrae import scoring as SC
from tabletop_tui.rules.finis_terrae import tiles as T
from tabletop_tui.rules.finis_terrae import weather as W
from tabletop_tui.rules.finis_terrae.actions import Attack, LoadHold, Pay

HIDDEN = "?"
LOOKAHEAD_DEPTH = 2
SEARCH_ITERATIONS = 80
ROLLOUT_PLIES = 4
TAU = 5.0


def _fill(masked: list, pool: list, rng: Rng) -> list:
    """``masked`` with every HIDDEN slot filled from ``pool`` (used up in order)."""
    out, k = [], 0
    for c in masked:
        if c == HIDDEN:
            out.append(pool[k])
            k += 1
        else:
            out.append(c)
    return out


def unseen_tiles(view: Any) -> list[str]:
    """The map tiles that can still be in the stack, as a sorted multiset."""
    left = Counter(T.full_stack())
    left.subtract(view.box)
    left.subtract(view.hand)
    left.subtract(t[0] for t in view.tiles.values() if not T.info(t[0]).get("isle"))
    return sorted(left.elements())


def unseen_weather(view: Any) -> list[str]:
    """Weather cards not yet seen (in the deck face down, or out of the game), sorted."""
    comp = T.COMPONENTS["weather"]
    left = Counter({"sunny": comp["sunny"], "rainy": comp["rainy"], "storm": comp["storm"], W.FT: 1})
    left.subtract(view.discard)
    left.subtract(c for c in view.deck if c != HIDDEN)
    # (once turned, the Finis Terrae card is shuffled back among the last cards: unseen again)
    return sorted((+left).elements())


def determinize(rules: Any, view: Any, seat: int, rng: Rng) -> Any:
    s = view.copy()
    stack = unseen_tiles(view)
    rng.shuffle(stack)
    if len(stack) == len(view.stack):
        s.stack = stack
    else:  # should not happen; keep the count the view shows
        s.stack = (stack + stack[:1] * len(view.stack))[:len(view.stack)]
    cards = unseen_weather(view)
    ft_hidden = W.FT in cards
    others = [c for c in cards if c != W.FT]
    rng.shuffle(others)
    deck_slots = view.deck.count(HIDDEN)
    if ft_hidden:
        # The Finis Terrae card is never out of the game: it lies among the hidden deck cards.
        deck_cards = others[:deck_slots - 1]
        deck_cards.insert(rng.randbelow(deck_slots), W.FT)
        out_cards = others[deck_slots - 1:]
    else:
        if not view.discard and view.deck and view.deck[0] == HIDDEN and "sunny" in others:
            others.remove("sunny")  # the top card of a fresh deck is always the set-aside sunny day
            others.insert(0, "sunny")
        deck_cards = others[:deck_slots]
        out_cards = others[deck_slots:]
    s.deck = _fill(view.deck, deck_cards, rng)
    s.out = _fill(view.out, out_cards + [HIDDEN] * len(view.out), rng)[:len(view.out)]
    s.rng = Rng(rng.next64())
    return s


def evaluate_all(rules: Any, s: Any) -> list[float]:
    """Every seat's evaluation: points now (the game's own scoring) against the best rival,
    plus what the position promises (doubloons toward ports, goods and islands within reach)."""
    totals = SC.totals(s)
    n = s.n
    if s.phase == "over":
        out = []
        for p in range(n):
            best = max(v for q, v in totals.items() if q != p)
            out.append(float(totals[p] - best) + (50.0 if totals[p] >= best else -50.0))
        return out
    isl = C.islands(s.tiles)
    w = [_worth(s, p, totals, isl) for p in range(n)]
    return [w[p] - max(w[q] for q in range(n) if q != p) for p in range(n)]


def evaluate(rules: Any, s: Any, seat: int) -> float:
    return evaluate_all(rules, s)[seat]


def _worth(s: Any, p: int, totals: dict, isl: list) -> float:
    sh = s.ships[p]
    stash = sh["stash"]
    if s.dist is not None and s.dist["seat"] == p:
        # a loading under way is judged by how the bot will finish it (its plan)
        plan, rest = planned_loading(s)
        holds, stash = [h for h in plan if h is not None], stash + rest
    else:
        holds = sh["holds"]
    cash = H.doubloons(holds)
    value = float(totals[p])
    # doubloons aboard found ports (5 per island tile): worth more than their 1 VP per 5,
    # up to what three small ports cost; the stash is safe but pays for nothing at sea, and its
    # first few doubloons are the reserve a wreck or a lost combat cannot take
    value += 0.25 * min(cash, 15) + 0.2 * min(stash, STASH_RESERVE) + 0.04 * max(0, stash - STASH_RESERVE)
    # a lost combat or a wreck costs one whole hold: all 20 doubloons in one hold and none in
    # the stash lost a bot everything in its first combat (0 VP, 0 $ for two days)
    value -= HOLD_RISK * max((n for k, n in (h for h in holds if h is not None) if k == "doubloons"), default=0)
    if sh["pirate"]:
        value -= 3.0  # a pirate founds no ports and sells nothing
    if sh["pos"] is not None and s.ports.get(tuple(sh["pos"][:2])) != p:
        # away from one's own port, a storm may wreck the ship (-3 and the holds)
        at_risk = sum(n for k, n in (h for h in holds if h is not None) if k != "doubloons")
        value -= 0.1 * (3 + at_risk + cash / 5)
    value += 1.5 * min(sh["ports_left"], 2) if cash >= 5 else 0.0
    if sh["pos"] is not None and s.phase != "over":
        value += _prospects(s, p, tuple(sh["pos"][:2]), cash, holds, isl)
    return value


#: doubloons in the stash that are worth keeping there (the rulebook's first game keeps 5)
STASH_RESERVE = 5
#: per doubloon of the biggest doubloon hold: what the chance of losing that hold costs
HOLD_RISK = 0.15
#: sampled dice per combat when ranking an attack: one sample attacked whenever it happened to
#: win, the Black Galleon included, with everything aboard
COMBAT_WORLDS = 16
#: what lying goods are worth to whoever picks them up (a treasure also brings ~7 doubloons)
GOODS_WORTH = {"treasure": 3.4, "find": 3.0, "castaway": 3.0, "spice": 2.0}


#: doubloons a ship carries in its holds at most (three one-tile ports, or spice and a toll):
#: the rest waits in the stash, safe from storms and pirates
CARRY = 15


def storm_can_come(s: Any) -> bool:
    """A storm card is still unseen (in the deck or among the 2 out of the game): public."""
    return s.discard.count("storm") < T.COMPONENTS["weather"]["storm"]


def planned_loading(s: Any) -> tuple[list, int]:
    """How a bot shares the things of the loading under way (``s.dist``) between its 4 holds and
    the stash: (the 4 holds, the doubloons left for the stash). Every kind of goods in a hold of
    its own; doubloons aboard up to ``CARRY``, in 5s, and while a storm can come never all of
    them when the stash can take some (a wreck takes the holds); one pile up to 10, two above
    (a lost combat takes one hold), and never a second pile where it would fill the last empty
    hold (room for cargo). The repairs after a wreck must all go aboard: in one hold, and
    nothing more from the stash."""
    d = s.dist
    placed = [tuple(h) if h else None for h in d["holds"]]
    pool = d["pool"]
    total = pool.get("doubloons", 0) + sum(h[1] for h in placed if h and h[0] == "doubloons")
    goods: dict = {}
    for h in placed:
        if h and h[0] != "doubloons":
            goods[h[0]] = goods.get(h[0], 0) + h[1]
    for k, v in pool.items():
        if k != "doubloons" and v:
            goods[k] = goods.get(k, 0) + v
    if d["why"] == "wreck":
        want = 0  # the repairs go aboard; the stash stays the stash
    elif d["why"] == "setup" or storm_can_come(s):
        want = min(CARRY, 5 * ((total - 1) // 5)) if total > 0 else 0
    else:
        want = min(CARRY, total)
    carry = max(want, d["min"])
    free = H.NHOLDS - len(goods)
    piles = 0 if carry <= 0 else (2 if carry > 10 and free >= 3 else 1)
    dbl = [carry - carry // 2, carry // 2] if piles == 2 else ([carry] if piles else [])
    plan = [(k, v) for k, v in sorted(goods.items(), key=lambda kv: H.GOODS.index(kv[0]))] + \
        [("doubloons", n) for n in dbl]
    plan = (plan + [None] * H.NHOLDS)[:H.NHOLDS]
    return plan, total - carry


def plan_choice(rules: Any, view: Any, acts: list) -> Any:
    """The bot's own answer to a loading (its plan's next hold) or to a payment (the way that
    leaves the most empty holds for cargo: the doubloons a storm can take are the same whichever
    way); None for any other decision, or when the plan's hold is not on offer (a loading begun
    by a person who then resigned): the search and the lookahead decide those."""
    if view.dist is not None:
        plan, _rest = planned_loading(view)
        h = plan[view.dist["hold"]]
        a = LoadHold(view.dist["hold"], h[0], h[1]) if h else LoadHold(view.dist["hold"])
        return a if a in acts else None
    if rules.paying(view):
        # (the doubloons aboard are the same whichever way: what a storm can take is the same;
        # among ways as roomy, the usual one, listed first)
        left = dict(rules._pay_ways(view.sail["pay"]))
        return min((a for a in acts if isinstance(a, Pay)), key=lambda a: -left[a.holds].count(None), default=None)
    return None


def _prospects(s: Any, p: int, at: tuple, cash: int, holds: list, isl: list) -> float:
    """Things within a few tiles' sail: goods to recover (with an empty hold), and islands
    without a port whose beach the ship could reach and pay for. Discounted by distance."""
    value = 0.0
    if any(h is None for h in holds):
        best = 0.0
        for cell, things in s.goods.items():
            d = abs(cell[0] - at[0]) + abs(cell[1] - at[1])
            if d > 6:
                continue
            w = sum(GOODS_WORTH.get(k, 0.2) * n for k, n in things.items() if n)
            best = max(best, w / (1.0 + d))
        value += 0.5 * best
    if s.ships[p]["pirate"] or s.ships[p]["ports_left"] <= 0 or cash < 5:
        return value
    best = 0.0
    for cells in isl:
        if len(cells) * 5 > cash or any(c in s.ports for c in cells):
            continue
        d = min((abs(c[0] - at[0]) + abs(c[1] - at[1]) for c in cells
                 if T.info(s.tiles[c][0])["beach"]), default=None)
        if d is None or d > 6:
            continue
        best = max(best, len(cells) / (1.0 + d))
    return value + 0.6 * best


def _combat_value(rules: Any, view: Any, seat: int, rng: Rng, attack: Any) -> float:
    """An attack's value averaged over ``COMBAT_WORLDS`` rolls of the dice, each judged once
    its spoils (and any wreck) are settled by their deciders' greedy choice: judged right after
    the roll, a lost combat still looked free (the winner had not yet taken the hold)."""
    from tabletop_tui.bots import core as bots

    total = 0.0
    for _ in range(COMBAT_WORLDS):
        s = rules.apply(bots.world(rules, view, seat, rng), attack)
        for _ in range(8):
            d = rules.pending(s)
            if d is None or d.kind not in ("spoils", "drop", "den", "load"):
                break
            s = rules.apply(s, rollout_policy(rules, s, d.seat, rng, rules.legal_actions(s)))
        total += evaluate(rules, s, seat)
    return total / COMBAT_WORLDS


def _own_worth(rules: Any, s: Any, seat: int) -> float:
    """The seat's own worth: sharing the starting doubloons is judged by it alone (against the
    rivals, finishing one's share looked bad as soon as the next captain's 20 came out)."""
    return _worth(s, seat, SC.totals(s), C.islands(s.tiles))


def rank(rules: Any, view: Any, seat: int, rng: Rng) -> list:
    """The shared lookahead's ranking, with each combat valued over many rolls of the dice and
    after its spoils (one world serves the rest: nothing else in a turn hangs on a die)."""
    from tabletop_tui.bots import core as bots

    acts = rules.legal_actions(view)
    planned = plan_choice(rules, view, acts)
    if planned is not None:
        return [(planned, 0.0)]  # nothing to search: the bot's own plan (see planned_loading)
    others = [a for a in acts if not isinstance(a, Attack)]
    judge = _own_worth if view.dist is not None and view.dist["why"] == "setup" else evaluate
    out = bots.ranked(rules, view, seat, rng, evaluate=judge, actions=others) if others else []
    out += [(a, _combat_value(rules, view, seat, rng, a)) for a in acts if isinstance(a, Attack)]
    order = sorted(range(len(out)), key=lambda i: (-out[i][1], i))
    return [out[i] for i in order]


def rollout_policy(rules: Any, s: Any, seat: int, rng: Rng, acts: list) -> Any:
    """Playouts: tiles placed at random (many placements, little at stake each), every other
    decision greedy by the evaluation."""
    if len(acts) == 1:
        return acts[0]
    d = rules.pending(s)
    if d is not None and d.kind == "place":
        return acts[rng.randbelow(len(acts))]
    if d is not None and d.kind in ("load", "pay"):
        planned = plan_choice(rules, s, acts)
        if planned is not None:
            return planned
    if d is not None and d.kind == "load":
        # sharing things between holds: the biggest pile first, doubloons before goods
        return max(acts, key=lambda a: (getattr(a, "n", 0) + (100 if getattr(a, "what", "") == "doubloons" else 0)))
    best, best_v = acts[0], -1e18
    for a in acts:
        try:
            v = evaluate(rules, rules.apply(s, a), seat)
        except IllegalAction:
            continue
        if v > best_v:
            best, best_v = a, v
    return best
