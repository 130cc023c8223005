"""Maracaibo: the position's worth in points, a determinized world from a view, and the medium bot.

The bot sees only ``rules.view(state, seat)``: other seats' hands, the deck order, the combat piles,
the quest pile under its top tile and the face-down prestige buildings are question marks there.
:func:`determinize` fills them in with one sample consistent with what the seat knows (the unseen
cards, tokens, tiles and buildings, shuffled with the bot's own generator) and a fresh seed.

The medium bot plays on that sample: for each legal answer it plays the rest of its own turn
greedily (each later step of the turn chosen by the one-step worth) and keeps the answer whose
turn ends in the position of highest :func:`worth`. So a move is chosen for what can be done
where the ship stops, a delivery for the upgrade and market it brings, and so on.

The hard bot is ``bots/maracaibo_search.py`` (built on this module): the medium ranking over several
worlds, then playouts of the best few answers through the rivals' turns and its own next turn.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from tabletop_tui.rules.core import IllegalAction, Rng
from tabletop_tui.rules.maracaibo import explorer, influence, prestige, ship
from tabletop_tui.rules.maracaibo.content import (CAREERS, CARDS, CONST, INFLUENCE, NATIONS, PRESTIGE,
                                                  QUESTS, TOKENS, UPGRADE_IDS, XTRACK, card)
from tabletop_tui.rules.maracaibo.counters import counter
from tabletop_tui.rules.maracaibo.scoring import end_card_vp, end_cards

ROUNDS = CONST["rounds"]
XORDER = {sp: i for i, sp in enumerate(XTRACK)}
# worth of one doubloon held, by round (at the end: a quarter of a VP)
DBL = {1: 0.55, 2: 0.5, 3: 0.42, 4: 0.3}
# upgrades whose effect pays by itself (income) are worth finishing first
UPGRADE_BONUS = {"U03": 3.0, "U04": 3.0, "U05": 2.5, "U06": 2.5, "U02": 1.5, "U09": 1.5, "U01": 1.0,
                 "U11": 0.8, "U07": 1.0, "U08": 1.0, "U10": 0.6, "U12": 0.8}


# ------------------------------------------------------------------------------ determinize
def _all_cards(n: int) -> list[str]:
    out = []
    for cid in sorted(CARDS):
        copies = 1 if n == 2 else CARDS[cid]["copies"]
        out += [f"{cid}.{k + 1}" for k in range(copies)]
    return out


def _fill(slots: list, pool: list) -> list:
    """Replace each '?' in slots by the next item of pool (pool is consumed from the front)."""
    out = []
    for x in slots:
        if x == "?":
            out.append(pool.pop(0) if pool else "?")
        else:
            out.append(x)
    return out


def determinize(rules: Any, view: Any, seat: int, rng: Any) -> Any:
    """A complete state consistent with ``view``: what the seat cannot see is sampled from ``rng``."""
    s = view.copy()
    g = s.g
    n = g["n"]
    # project cards: every copy not seen anywhere is in another hand or in the deck
    seen: list[str] = list(g["display"]) + list(g["discard"]) + [c for c in g["deck"] if c != "?"]
    for p in g["players"]:
        seen += [c for c in p["hand"] if c != "?"] + list(p["plan"]) + list(p["bought"])
    unseen = list((Counter(_all_cards(n)) - Counter(seen)).elements())
    unseen.sort()
    rng.shuffle(unseen)
    for i, p in enumerate(g["players"]):
        if i != seat:
            p["hand"] = _fill(p["hand"], unseen)
    g["deck"] = _fill(g["deck"], unseen)
    # combat tokens
    used = [t for p in g["players"] for t in p["tokens"]]
    used += [t["token"] for t in g["stack"] if t["t"] == "fight" and t.get("token")]
    used += [t for pile in g["piles"] for t in pile if t != "?"]
    toks = sorted(set(TOKENS) - set(used))
    rng.shuffle(toks)
    g["piles"] = [_fill(pile, toks) for pile in g["piles"]]
    # quest tiles under the top of the pile
    qseen = [q for q in g["quest_pile"] if q != "?"]
    qseen += [q for q in g["quest_slots"].values() if q] + [q for q in g["xquests"].values() if q]
    qseen += [q for p in g["players"] for q in p["quests"]]
    qseen += [t["quest"] for t in g["stack"] if t["t"] in ("qtile", "qpay")]
    qs = sorted(set(QUESTS) - set(qseen))
    rng.shuffle(qs)
    g["quest_pile"] = _fill(g["quest_pile"], qs)
    # face-down prestige buildings
    pb = sorted(set(PRESTIGE) - {b for b in g["prestige"] if b != "?"})
    rng.shuffle(pb)
    g["prestige"] = _fill(g["prestige"], pb)
    # career cards still offered to other seats
    cseen = [c for p in g["players"] for c in p["career_offer"] if c != "?"]
    cseen += [p["career"] for p in g["players"] if p["career"]]
    cs = sorted(set(CAREERS) - set(cseen))
    rng.shuffle(cs)
    for i, p in enumerate(g["players"]):
        if i != seat:
            p["career_offer"] = _fill(p["career_offer"], cs)
    s.rng = Rng(rng.next64())
    return s


# ------------------------------------------------------------------------------ worth
def worth(g: dict, seat: int) -> float:
    """Final points of ``seat`` if the game ended now, plus what is still to come from this position."""
    p = g["players"][seat]
    if g["final"]:
        return float(g["final"][str(seat)]["total"])
    table = INFLUENCE["vp_per_rank_by_emptied_spaces"]
    v = float(p["vp"])
    v += CONST["assistant_unused_vp"] * sum(1 for a in p["assistants"] if a["live"])
    v += p["inc_v"] + p["inc_d"]
    v += sum(influence.rank(p["infl"][nat]) * table[influence.emptied(g, nat)] for nat in NATIONS)
    v += 2 * ship.completed_upgrades(p)
    v += sum(card(c)["vp"] for c in p["bought"])
    v += sum(end_card_vp(op, counter(g, seat, op["per"])) for op in end_cards(p))
    v += sum(prestige.end_vp(g, seat, b) for b in p["invested"])
    r = min(max(g["round"], 1), ROUNDS)
    v += p["dbl"] * DBL.get(r, 0.3)
    # interim scorings still to come: doubloon income and VP income
    left = ROUNDS - r
    v += left * (p["inc_v"] + (CONST["base_doubloon_income"] + p["inc_d"]) * DBL.get(min(r + 1, ROUNDS), 0.3))
    if r < ROUNDS:
        # progress that pays later: half-finished upgrades, influence toward the next rank,
        # combat points, cards to deliver or buy, figures for assistants, the explorer
        for u in UPGRADE_IDS:
            if p["discs"][u] == 1:
                v += 0.8 + 0.3 * UPGRADE_BONUS.get(u, 0.0) * left / 3
            elif p["discs"][u] == 0:
                v += UPGRADE_BONUS.get(u, 0.0) * left / 3
        v += 0.15 * sum(p["infl"].values())
        v += 0.3 * p["cp"]
        hand = p["hand"] + p["plan"]
        v += sum(0.6 + 0.1 * card(c)["vp"] for c in hand[:8] if c != "?")
        v += 0.4 * p["fig_personal"] * min(1, left)
    v += 0.4 * XORDER.get(p["explorer"], 0) + 1.0 * explorer.progress(p)
    return v


def evaluate_all(rules: Any, view: Any) -> list[float]:
    """:func:`evaluate` for every seat at once (each seat's worth computed once)."""
    g = view.g
    n = g["n"]
    w = [worth(g, j) for j in range(n)]
    return [w[i] - max(w[j] for j in range(n) if j != i) for i in range(n)]


def evaluate(rules: Any, view: Any, seat: int) -> float:
    """Estimated final VP of ``seat`` minus the best rival's (contract: used by the search)."""
    return evaluate_all(rules, view)[seat]


# ------------------------------------------------------------------------------ choosing
def _prune(g: dict, seat: int, acts: list) -> list:
    """Deliveries differ only in the upgrade disc: keep, per card and good, the best space."""
    p = g["players"][seat]
    best: dict = {}
    out = []
    for a in acts:
        w = a.text.split(" ")
        if w[0] == "city" and len(w) == 5:
            key = (w[2], w[3])
            u = w[4]
            score = (2 if p["discs"][u] == 1 else 0) + UPGRADE_BONUS.get(u, 0.0)
            if key not in best or score > best[key][0]:
                best[key] = (score, a)
            continue
        out.append(a)
    return out + [b[1] for b in best.values()]


def _greedy(rules: Any, s: Any, seat: int, value: Any = None) -> Any:
    """The one-step best answer for ``seat`` (no look further), by ``value`` (default :func:`worth`)."""
    value = value or worth
    acts = _prune(s.g, seat, rules.legal_actions(s))
    if len(acts) == 1:
        return acts[0]
    best, bv = acts[0], None
    for a in acts:
        try:
            t = rules.apply(s, a)
        except IllegalAction:
            continue
        v = value(t.g, seat)
        if bv is None or v > bv:
            best, bv = a, v
    return best


def _finish_turn(rules: Any, s: Any, seat: int, limit: int = 25, value: Any = None) -> Any:
    """Play ``seat``'s own follow-up decisions greedily until another seat is to decide (or the
    turn reaches its refill: planning and drawing change the hand, which worth values evenly)."""
    for _ in range(limit):
        d = rules.pending(s)
        if d is None or d.seat != seat or d.kind in ("move", "plan", "draw"):
            return s
        a = _greedy(rules, s, seat, value)
        try:
            s = rules.apply(s, a)
        except IllegalAction:
            return s
    return s


def choose(rules: Any, view: Any, seat: int, rng: Any) -> Any:
    """The medium bot's answer to the decision pending in ``view`` (which belongs to ``seat``)."""
    legal = rules.legal_actions(view)
    if not legal:
        raise RuntimeError("maracaibo bot: no legal action")
    if len(legal) == 1:
        return legal[0]
    return rank(rules, view, seat, rng)[0][0]


def rank(rules: Any, view: Any, seat: int, rng: Any) -> list[tuple[Any, float]]:
    """Every legal answer with the worth its turn ends in (on one sampled world), best first;
    deliveries that differ only in a worse upgrade disc come last."""
    legal = rules.legal_actions(view)
    world = determinize(rules, view, seat, Rng(rng.next64()))
    acts = _prune(world.g, seat, rules.legal_actions(world))
    texts = {a.text: a for a in legal}
    scored: list[tuple[Any, float]] = []
    for a in acts:
        if a.text not in texts:
            continue
        try:
            t = rules.apply(world, a)
        except IllegalAction:
            continue
        t = _finish_turn(rules, t, seat)
        scored.append((texts[a.text], worth(t.g, seat)))
    order = sorted(range(len(scored)), key=lambda i: (-scored[i][1], i))
    out = [scored[i] for i in order]
    listed = {a.text for a, _v in out}
    out += [(a, float("-inf")) for a in legal if a.text not in listed]
    return out
