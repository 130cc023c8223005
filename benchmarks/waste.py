"""The campaign loop shared by the waste counts (``finca_waste.py``, ``tm_waste.py``): seeded
games one after another, each game's counts printed as it ends, then the totals."""
from __future__ import annotations

import argparse
from typing import Callable


def campaign(one_game: Callable[..., dict], level: str = "medium", seed: int = 0, players: int = 0) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=seed)
    ap.add_argument("--level", default=level)
    if players:
        ap.add_argument("--players", type=int, default=players)
    args = ap.parse_args()
    total: dict = {}
    for g in range(args.games):
        extra = (args.players,) if players else ()
        r = one_game(args.seed + g, args.level, *extra)
        print(args.seed + g, r, flush=True)
        for k, v in r.items():
            total[k] = total.get(k, 0) + v
    print("total", args.level, total)
