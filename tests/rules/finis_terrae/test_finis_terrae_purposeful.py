"""Playouts by a purposeful bot that founds ports, trades, recovers and fights whenever it can,
so that those rules run in whole games too; conservation is checked after every action."""
import json

import pytest

from tabletop_tui.rules.core import Rng
from tabletop_tui.rules.finis_terrae import RULES
from tabletop_tui.rules.finis_terrae.actions import Attack, Recover, Simple, Trade


def wanted(a, kind):
    if kind == "trade":
        return isinstance(a, Trade)
    if kind == "recover":
        return isinstance(a, Recover)
    if kind == "attack":
        return isinstance(a, Attack)
    return isinstance(a, Simple) and a.what == kind


def choose(s, rng):
    acts = RULES.legal_actions(RULES.view(s, RULES.pending(s).seat))
    for kind in ("port", "trade", "recover", "attack", "reorganize"):
        if kind == "trade" and s.sail and s.sail.get("trades"):
            continue  # one trade per action is enough for this bot (more are allowed)
        c = [a for a in acts if wanted(a, kind)]
        if c and rng.randbelow(4):
            return c[rng.randbelow(len(c))]
    if any(wanted(a, "flag") for a in acts) and rng.randbelow(30) == 0:
        return Simple("flag")
    c = [a for a in acts if not (isinstance(a, Simple) and a.what in ("flag", "end"))] or acts
    return c[rng.randbelow(len(c))]


@pytest.mark.parametrize("players,seed", [(2, 12), (3, 4), (4, 11)])
def test_purposeful_playouts_keep_every_component(players, seed):
    opts = {o.key: o.default for o in RULES.options}
    s = RULES.setup(["A", "B", "C", "D"][:players], seed, opts)
    rng = Rng(seed + 99)
    used = set()
    for _ in range(RULES.max_actions):
        if RULES.pending(s) is None:
            break
        a = choose(s, rng)
        used.add(type(a).__name__ if not isinstance(a, Simple) else a.what)
        before = json.dumps(RULES.to_json(s), sort_keys=True)
        s2 = RULES.apply(s, a)
        assert json.dumps(RULES.to_json(s), sort_keys=True) == before
        assert RULES.invariants(s2) == []
        s = s2
    res = RULES.result(s)
    assert res is not None and set(res.scores) == set(range(players))
    assert "port" in used and "Move" in used and "Place" in used
