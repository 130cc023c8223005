"""Finca bot. Hidden: the tiles under each face-up fruit tile and the 2 out of the game (a world
deals the unseen tiles afresh); nothing random happens after set-up.

The heuristic plays whole turns: every farmer move, every double move and gust, and every
delivery (picks, fills, omissions, searched to completion with duplicate orders pruned), each
judged by the evaluation after the turn — points in hand, fruit that can still be delivered
(carts permitting), majorities on the finca tiles still open, progress toward a 1–6 set.
"""
from __future__ import annotations

from typing import Any

from tabletop_tui.rules import finca as F
from tabletop_tui.rules.finca.delivery import feasible
from tabletop_tui.rules.core import IllegalAction, Rng

# The hard bot is ``bots/finca_search.py`` (built on this module), not the shared MCTS: its
# playouts had to finish many delivery sub-steps and took up to 9 s of CPU a move, winning
# 57% against medium; the policy-improvement search plays whole turns with this heuristic.
#: what a fruit held is worth (a tile of value v takes v fruits, and scores v)
FRUIT = 0.55
#: what an unused action tile is worth beyond its 2 VP at the start (it falls to 0 as the
#: wooden fincas run out): its best use later, over a use now that barely gains
OPTION = {"large": 2.0, "double": 1.5, "less": 0.5, "gust": 0.5}
#: the share of the wooden fincas left below which the game is ending: the large donkey cart
#: may then carry anything (there will be no big delivery to save it for)
LATE = 0.4
#: what a delivery with an action tile that does not pay for the tile is valued below its plain
#: finish: more than any turn's gain, so that no bot makes one
WASTED = 10.0
#: positions looked at per decision to finish turns (deliveries can branch a lot)
MAX_NODES = 3000


def determinize(rules: Any, view: Any, seat: int, rng: Rng) -> Any:
    seen = set()
    for st in view.stacks:
        seen.update(t for t in st if t != F.HIDDEN)
    for tiles in view.tiles:
        seen.update(tiles)
    unseen = sorted(t for t in F.TILES if t not in seen)
    rng.shuffle(unseen)
    w = view.copy()
    k = 0
    for st in w.stacks:
        for i, t in enumerate(st):
            if t == F.HIDDEN:
                st[i] = unseen[k]
                k += 1
    w.out = [unseen[k + i] if t == F.HIDDEN else t for i, t in enumerate(view.out)]
    w.rng = Rng(rng.next64())
    return w


def _symbols(s: Any) -> list[dict]:
    """Per seat: symbols of each fruit on collected tiles, and "all" = the sum of tile values
    (what the generic finca tile counts): the majority counts of every finca tile at once."""
    out = []
    for tiles in s.tiles:
        c = {f: 0 for f in F.FRUITS}
        total = 0
        for tid in tiles:
            tile = F.TILES[tid]
            total += tile.value
            for f, n in tile.requires:
                c[f] += n
        c["all"] = total
        out.append(c)
    return out


def worths(s: Any) -> list[float]:
    """Every seat's worth: points now, fruit that can still be delivered (carts permitting),
    carts, a lead on the finca tiles still open (more as their stacks run down), and progress
    toward a 1–6 set while bonus tiles remain."""
    n = s.n
    sym = _symbols(s)
    out = []
    for p in range(n):
        b = F.score_breakdown(s, p)
        out.append(float(sum(b.values())))
    if s.step == "over":
        return out
    for c in range(len(F.COMMUNITIES)):
        if s.finca_owner[c] is not None or not s.stacks[c]:
            continue
        kinds = F.finca_fruits(s.finca_tile[c]) or ("all",)
        counts = [sum(sym[p][k] for k in kinds) for p in range(n)]
        best = max(counts)
        leaders = [p for p in range(n) if counts[p] == best]
        if len(leaders) == 1:
            # a lead is as safe as its margin against the tiles still to be taken there: one fig
            # ahead with four tiles to go is a guess, not a finca tile (valued at 40% of one
            # whatever the margin, the first 1-fig tile looked worth 7 VP and medium bots spent
            # the large donkey cart on it, turn 1)
            margin = best - sorted(counts)[-2]
            out[leaders[0]] += F.FINCA_VP * margin / (margin + 1.0 + 0.5 * len(s.stacks[c]))
        elif best > 0:
            for p in leaders:
                out[p] += 0.5
    left = s.wooden_supply / F.WOODEN_FINCAS[n]  # the share of the game still to play
    tops = [F.TILES[st[0]] for st in s.stacks if st and st[0] != F.HIDDEN]
    demand = {f: sum(t.symbols(f) for t in tops) for f in F.FRUITS}
    wild = sum(t.any for t in tops)
    previews = [F.move_preview(s, b) if F.farmers_on(s, b) else None for b in range(F.N_BLADES)]
    for p in range(n):
        fruits = F.fruit_total(s, p)
        capacity = 6 * (s.carts[p] + 1) + (4 if "large" in s.action_tiles[p] else 0)
        # fruit of a kind the supply has run short of is at risk: the next harvest of that kind
        # that finds too few sends everyone's back to the supply (three bots once passed the same
        # twelve almonds round forever, nobody holding them long enough to deliver)
        # and so is fruit a rival's next plain move would run short: a bot spent its
        # gust of wind (-2 VP) on 7 figs that the next seat's move onto the same blade, taking
        # 8 of the 5 left, sent back to the supply (issue 36)
        threat = _threats(s, p, previews)
        have = {f: k * (0.1 if s.supply[f] == 0 or threat[f] > s.supply[f]
                        else 0.6 if s.supply[f] < 4 else 1.0)
                for f, k in s.fruits[p].items()}
        fruits = sum(have.values())
        # fruit some open tile asks for is worth more than fruit nobody wants (a bot that only
        # harvests what is plentiful never delivers: two such bots played a game without end)
        wanted = sum(min(have[f], demand[f]) for f in F.FRUITS)
        wanted += min(fruits - wanted, wild)
        useful = min(wanted, capacity)
        value = FRUIT * useful + 0.15 * max(0, fruits - useful)
        # the tile closest to complete pulls toward its missing fruit
        best = 0.0
        for t in tops:
            got = sum(min(have[f], k) for f, k in t.requires)
            got += min(t.any, fruits - got)
            best = max(best, t.value * (got / t.value) ** 2)
        value += 0.3 * best
        value += (0.8 if s.windmill_carts else 0.3) * min(s.carts[p], 2)
        # a farmer on a blade holding a multiple of twelve farmers can only go round to where it
        # stands: piles like that turn the game into a loop (everyone circles, nobody delivers)
        for b in range(F.N_BLADES):
            mine = s.farmers[p][b]
            if mine:
                on = F.farmers_on(s, b)
                if on % F.N_BLADES == 0:
                    value -= 1.5 * mine
                elif on > 4:
                    value -= 0.15 * mine * (on - 4)
        # an unused action tile is worth its 2 VP at the end, and more while there is time to
        # use it well: the large donkey cart for a delivery no normal cart can carry, the double
        # move for a turn that gains more than a move (spent on turn 1 for a fruit tile of 1, or
        # a double move for an orange, a cart and a grape, each lost 1-2 VP net)
        for t in s.action_tiles[p]:
            value += OPTION.get(t, 0.0) * left
        if s.bonus_stack:
            prog = F.set_progress(s, p)
            value += 0.4 * sum(1 for v in prog.values() if v > len(s.bonus[p]))
        out[p] += value
    return out


def _threats(s: Any, p: int, previews: list) -> dict:
    """Per fruit, the most of it a rival of ``p`` takes with one plain move from where the
    farmers stand: more than the supply left runs it short, and everyone's fruit of that kind
    goes back. (A rival's gust of wind, at 2 VP, is left out: counting it made most fruit look
    lost whenever a supply ran low.)"""
    out = {f: 0 for f in F.FRUITS}
    rivals = [q for q in range(s.n) if q != p]
    for b, pv in enumerate(previews):
        if pv is not None and any(s.farmers[q][b] for q in rivals):
            out[pv["fruit"]] = max(out[pv["fruit"]], pv["fruits"])
    return out


def worth(s: Any, p: int) -> float:
    return worths(s)[p]


def evaluate_all(rules: Any, s: Any) -> list[float]:
    """``evaluate`` for every seat at once (the search values every seat of a leaf)."""
    if s.step == "over":
        res = rules.result(s)
        sc = res.scores
        return [float(sc[p] - max(v for q, v in sc.items() if q != p)) + (30.0 if p in res.winners else -30.0)
                for p in range(s.n)]
    w = worths(s)
    return [w[p] - max(w[q] for q in range(s.n) if q != p) for p in range(s.n)]


def evaluate(rules: Any, s: Any, seat: int) -> float:
    return evaluate_all(rules, s)[seat]


def _large_cart_wasted(s: Any) -> bool:
    """A delivery with the large donkey cart that a normal cart could carry, while the game
    has time left for a big one: a beginner saves the large cart for more than 6 fruits."""
    d = s.dlv
    if d is None or d["mode"] != "large" or s.wooden_supply / F.WOODEN_FINCAS[s.n] <= LATE:
        return False
    return sum(F.TILES[s.stacks[c][0]].value for c in d["picks"]) <= F.MAX_DELIVERY


def _tile_wasted(s: Any) -> bool:
    """A delivery made with an action tile that gains no more than the tile is worth unused
    (2 VP at the end: "each unused action tile is worth 2 points"), or one less fruit spent where
    a donkey cart in hand carries the whole delivery (it saves a single fruit for 2 VP)."""
    d = s.dlv
    if d is None or d["mode"] not in ("large", "less") or not d["picks"]:
        return False
    if sum(F.TILES[s.stacks[c][0]].value for c in d["picks"]) <= F.ACTION_VP:
        return True
    return d["mode"] == "less" and s.carts[s.turn] > 0 and feasible(s, s.turn, "cart", d["picks"], d["fills"], None)


def _pruned(s: Any, acts: list) -> list:
    """The turn's sub-steps without duplicate orders: communities picked in index order, and
    the any-fruit symbols of one tile filled in fruit order; no confirming a large donkey cart
    that carries what a normal cart could, nor a delivery with an action tile that does not pay
    for the tile."""
    d = s.dlv
    if s.step == "deliver" and (_large_cart_wasted(s) or _tile_wasted(s)):
        acts = [a for a in acts if not isinstance(a, F.Confirm)]
    if s.step == "deliver" and d["picks"]:
        last = d["picks"][-1]
        return [a for a in acts if not isinstance(a, F.Pick) or F.COMMUNITIES.index(a.community) > last]
    if s.step == "fill" and d["fills"] and d["fills"][-1]:
        last = F.FRUITS.index(d["fills"][-1][-1])
        return [a for a in acts if F.FRUITS.index(a.fruit) >= last]
    return acts


def _in_turn(s: Any, seat: int) -> bool:
    """``seat`` is still inside its turn (a delivery, a double move or a gust under way)."""
    return s.step != "over" and s.turn == seat and s.step not in ("turn", "place")


def _finish(rules: Any, s: Any, seat: int) -> Any:
    """Finish the turn the plain way when the search budget is spent: confirm the delivery as
    soon as it can be, else take the first choice (at most a dozen steps)."""
    for _ in range(16):
        if not _in_turn(s, seat):
            break
        acts = rules.legal_actions(s)
        if not acts:
            break
        a = next((x for x in acts if isinstance(x, (F.Confirm, F.Stop))), acts[0])
        try:
            s = rules.apply(s, a)
        except IllegalAction:
            break
    return s


def _turn_value(rules: Any, s: Any, seat: int, budget: list) -> float:
    """The best evaluation ``seat`` can reach by finishing the turn from ``s``; every position
    looked at spends one unit of ``budget``, and once it is spent the turn is finished plainly."""
    budget[0] -= 1
    if not _in_turn(s, seat):
        return evaluate(rules, s, seat)
    if budget[0] <= 0:
        return evaluate(rules, _finish(rules, s, seat), seat)
    cands = _pruned(s, rules.legal_actions(s))
    if not cands and s.step == "deliver":
        # a delivery whose tile would not pay for it: valued as the plain finish less WASTED, below
        # any sensible turn (a finite figure: the review and the suggestion show these values)
        return evaluate(rules, _finish(rules, s, seat), seat) - WASTED
    best = None
    for a in cands:
        try:
            nxt = rules.apply(s, a)
        except IllegalAction:
            continue
        v = _turn_value(rules, nxt, seat, budget)
        best = v if best is None else max(best, v)
    return best if best is not None else evaluate(rules, s, seat)


def _rank_world(rules: Any, w: Any, seat: int, acts: list, nodes: int) -> list[tuple[Any, float]]:
    """Each candidate action valued by the best way to finish the turn, within ``nodes``
    positions shared fairly between the candidates."""
    cands = _pruned(w, acts)
    share = max(12, nodes // max(1, len(cands)))
    out = []
    for a in cands:
        try:
            nxt = rules.apply(w, a)
        except IllegalAction:
            continue
        out.append((a, _turn_value(rules, nxt, seat, [share])))
    order = sorted(range(len(out)), key=lambda i: (-out[i][1], i))
    return [out[i] for i in order] or [(acts[0], 0.0)]


def rank(rules: Any, view: Any, seat: int, rng: Rng) -> list[tuple[Any, float]]:
    """Every sensible action (duplicate delivery orders left out), best first, each valued by
    the best way to finish the turn it begins."""
    acts = rules.legal_actions(view)
    if len(acts) == 1:
        return [(acts[0], 0.0)]
    return _rank_world(rules, determinize(rules, view, seat, rng), seat, acts, MAX_NODES)


def choose(rules: Any, view: Any, seat: int, rng: Rng) -> Any:
    return rank(rules, view, seat, rng)[0][0]
