"""Finca: deliveries made with an action tile that do not pay for it (issue 47 item 1), over
seeded all-bot games. "each unused action tile is worth 2 points": a delivery with the large
donkey cart or one less fruit that scores 2 or less loses points; one less fruit where a donkey
cart in hand carried the same delivery saved a single fruit for 2 points.

    python benchmarks/finca_waste.py --games 10 --players 3 --level medium --seed 4700
"""
from __future__ import annotations

from waste import campaign

from tabletop_tui.bots import make_bot
from tabletop_tui.rules import finca as F
from tabletop_tui.rules.finca.delivery import feasible


def one_game(seed: int, level: str, players: int) -> dict:
    s = F.RULES.setup([f"P{i}" for i in range(players)], seed, {})
    bots = [make_bot("finca", level, seed * 10 + i) for i in range(players)]
    out = {"tile deliveries": 0, "paying 2 or less": 0, "less with a cart": 0}
    for _ in range(20000):
        d = F.RULES.pending(s)
        if d is None:
            break
        a = bots[d.seat].choose(F.RULES, F.RULES.view(s, d.seat), d.seat)
        if isinstance(a, F.Confirm) and s.dlv and s.dlv["mode"] in ("large", "less"):
            out["tile deliveries"] += 1
            vp = sum(F.TILES[s.stacks[c][0]].value for c in s.dlv["picks"])
            if vp <= F.ACTION_VP:
                out["paying 2 or less"] += 1
            if s.dlv["mode"] == "less" and s.carts[s.turn] and feasible(s, s.turn, "cart", s.dlv["picks"],
                                                                        s.dlv["fills"], None):
                out["less with a cart"] += 1
        s = F.RULES.apply(s, a)
    return out


if __name__ == "__main__":
    campaign(one_game, seed=4700, players=3)
