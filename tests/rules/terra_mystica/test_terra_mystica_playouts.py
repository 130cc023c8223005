"""Playouts by a greedy seat player (upgrade > build > transform home > the rest) reach deeper rules
than random play: strongholds, sanctuaries, faction actions. Invariants hold after every action."""
from tabletop_tui.rules.core import Rng, resolve_options
from tabletop_tui.rules.terra_mystica import RULES
from tabletop_tui.rules.terra_mystica.data import FACTION_IDS, FACTIONS

PREF = {"town": 0, "favor": 0, "leech": 0, "take": 0, "pick": 0, "upgrade": 1, "build": 2, "connect": 2,
        "transform": 3, "advance": 4, "action": 4, "send": 5, "bridge": 5, "cult": 5}
LEAGUE = {"mini-expansion-1": True, "shipping-bonus": True, "temple-scoring-tile": True,
          "variable-turn-order": True, "errata-cultist-power": True}


def greedy_game(factions, seed):
    opts = resolve_options(RULES.options, dict(LEAGUE, factions=",".join(factions)))
    s = RULES.setup([f"P{i}" for i in range(len(factions))], seed, opts)
    rng = Rng(seed)
    while RULES.pending(s) is not None:
        acts = RULES.legal_actions(s)
        p = s.players[RULES.pending(s).seat]
        best = min(PREF.get(a.kind, 9) for a in acts)
        cands = [a for a in acts if PREF.get(a.kind, 9) == best]
        if best == 3:
            cands = [a for a in cands if a.b == FACTIONS[p.faction]["terrain"]] or cands
        if best >= 9 and rng.randbelow(3) == 0:
            cands = [a for a in acts if a.kind in ("convert", "burn")] or cands
        s2 = RULES.apply(s, cands[rng.randbelow(len(cands))])
        assert RULES.invariants(s2) == []
        s = s2
    return s


def test_greedy_playouts_for_every_faction_keep_the_invariants():
    big = 0
    ids = list(FACTION_IDS)
    for k in range(4):
        r = Rng(k)
        r.shuffle(ids)
        chosen, terr = [], set()
        for f in ids:
            if FACTIONS[f]["terrain"] not in terr and len(chosen) < 4:
                chosen.append(f)
                terr.add(FACTIONS[f]["terrain"])
        s = greedy_game(chosen, k)
        res = RULES.result(s)
        assert res is not None and sum(res.scores.values()) > 4 * 20
        big += sum(p.counts["SH"] + p.counts["SA"] for p in s.players)
    assert big > 0
