"""Scenario builders for Finis Terrae rule tests."""
from tabletop_tui.rules.finis_terrae import RULES
from tabletop_tui.rules.finis_terrae.actions import ChooseBeach, Split

NAMES = ["Green", "Red", "Yellow", "Blue"]
DEFAULTS = {o.key: o.default for o in RULES.options}


def new_game(n=2, seed=1, **options):
    opts = dict(DEFAULTS)
    opts.update(options)
    return RULES.setup(NAMES[:n], seed, opts)


def started(n=2, seed=1, beaches="NESW", **options):
    """Beaches chosen in order (seat 0 gets beaches[0], ...), recommended split for all."""
    s = new_game(n, seed, **options)
    for i in range(n):
        a = [x for x in RULES.legal_actions(s) if isinstance(x, ChooseBeach) and x.side == beaches[i]][0]
        s = RULES.apply(s, a)
    for _ in range(n):
        s = RULES.apply(s, [a for a in RULES.legal_actions(s) if isinstance(a, Split)][0])
    return s


def put(s, x, y, kind, rot=0):
    """Put a tile on the map, taking it from the stack (tiles stay conserved)."""
    if kind in s.stack:
        s.stack.remove(kind)
    elif kind in s.hand:
        s.hand.remove(kind)
    s.tiles[(x, y)] = (kind, rot)
    return s


def sailing(s, seat, legs=(4,), step="move", galleon=False, weather="rainy", exchange=3, common=None):
    """Turn a state into the sailing phase of one seat (a copy)."""
    s = s.copy()
    s.hand = []
    s.phase = "sail"
    s.weather = weather
    s.exchange = exchange
    s.common = common if common is not None else legs[0]
    order = []
    for p in RULES.seat_order(s):
        if p == s.flag and s.galleon["pos"] is not None:
            order.append([p, True])
        order.append([p, False])
    i = order.index([seat, galleon])
    s.sail = {"order": order, "i": i, "step": step, "legs": list(legs), "leg": 0,
              "acted": None, "trades": [], "rolled": 0}
    return s


def holds(s, seat, *contents, stash=None):
    """Set a ship's holds from (kind, n) pairs, doubloons balanced through the bank."""
    sh = s.ships[seat] if seat >= 0 else s.galleon
    before = sum(h[1] for h in sh["holds"] if h and h[0] == "doubloons")
    goods_before = {}
    for h in sh["holds"]:
        if h and h[0] != "doubloons":
            goods_before[h[0]] = goods_before.get(h[0], 0) + h[1]
    new = [tuple(c) if c else None for c in contents] + [None] * (4 - len(contents))
    sh["holds"] = new
    after = sum(h[1] for h in new if h and h[0] == "doubloons")
    s.bank += before - after
    if stash is not None:
        s.bank += sh["stash"] - stash
        sh["stash"] = stash
    for kind, k in goods_before.items():
        s.supply[kind] += k
    for h in new:
        if h and h[0] != "doubloons":
            s.supply[h[0]] -= h[1]
    return s


def acts(s):
    return [str(a) for a in RULES.legal_actions(s)]


def do(s, text):
    return RULES.apply(s, RULES.parse(s, text))


def ok(s):
    assert RULES.invariants(s) == []
    return s
