"""Terra Mystica: how often the bots waste a free tool (issue 47 item 1), over seeded all-bot games.

Counts, at every decision of the given level's seats:
- cult-bonus spades given up (``done`` at a ``cspade`` decision) while a transform home or nearer
  home was legal;
- offers of 3 or more power declined although the bot's own estimate (``worth`` after taking the
  offer against after declining it) says the power pays its VP.

    python benchmarks/tm_waste.py --games 4 --seed 9100 --level medium
"""
from __future__ import annotations

from waste import campaign

from tabletop_tui.bots import make_bot
from tabletop_tui.bots import terra_mystica as B
from tabletop_tui.rules.core import resolve_options
from tabletop_tui.rules.terra_mystica import RULES


def one_game(seed: int, level: str, players: int = 4) -> dict:
    s = RULES.setup([f"P{i}" for i in range(players)], seed, resolve_options(RULES.options, {}))
    bots = [make_bot("terra_mystica", level, seed * 10 + i) for i in range(players)]
    out = {"cult spades": 0, "cult spades given up": 0, "offers >= 3": 0, "declined though paying": 0}
    while RULES.pending(s) is not None:
        d = RULES.pending(s)
        v = RULES.view(s, d.seat)
        a = bots[d.seat].choose(RULES, v, d.seat)
        if d.kind == "cspade":
            legal = RULES.legal_actions(v)
            out["cult spades"] += 1
            use = B._quick(RULES, v, d.seat, d.kind, legal)
            if a.kind == "done" and use.kind == "transform":
                out["cult spades given up"] += 1
        if d.kind == "leech":
            legal = RULES.legal_actions(v)
            offers = [x for x in legal if x.kind == "leech"]
            if offers and offers[0].n >= 3:
                out["offers >= 3"] += 1
                dec = next(x for x in legal if x.kind == "decline")
                if a.kind == "decline" and B.worth(B._do(v, offers[0]), d.seat) >= B.worth(B._do(v, dec), d.seat):
                    out["declined though paying"] += 1
        s = RULES.apply(s, a)
    return out


if __name__ == "__main__":
    campaign(one_game, seed=9100)
