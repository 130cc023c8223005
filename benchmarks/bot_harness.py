"""Small harness for the game bots (until `tabletop tournament` exists): the medium heuristic of a
game's bot module against the random bot, or all-medium games.

    .venv/bin/python benchmarks/bot_harness.py terra_mystica --players 2 --bots medium,random --games 10
    .venv/bin/python benchmarks/bot_harness.py maracaibo --players 2 --bots medium,random --games 10

Seats are filled from the list in turn and rotated over the games. Prints, per bot, the win share
(a shared first place counts as a win), the mean score, and median / max move time (wall and CPU).
"""
from __future__ import annotations

import argparse
import importlib
import json
import statistics
import time

from tabletop_tui.bots import RandomBot
from tabletop_tui.rules.core import Rng


def rules_for(game: str):
    return importlib.import_module(f"tabletop_tui.rules.{game}").RULES


def play(game: str, kinds: list[str], seed: int, options: dict | None = None):
    rules = rules_for(game)
    mod = importlib.import_module(f"tabletop_tui.bots.{game}")
    n = len(kinds)
    s = rules.setup([f"P{i + 1}" for i in range(n)], seed, options or {})
    rnd = [RandomBot(seed * 31 + i) for i in range(n)]
    rngs = [Rng(seed * 97 + i) for i in range(n)]
    times: dict[str, list] = {k: [] for k in kinds}
    steps = 0
    while rules.pending(s) is not None:
        d = rules.pending(s)
        k = kinds[d.seat]
        t0, c0 = time.perf_counter(), time.process_time()
        if k == "random":
            a = rnd[d.seat].choose(rules, s)
        else:
            v = rules.view(s, d.seat)
            a = mod.choose(rules, v, d.seat, rngs[d.seat])
        times[k].append((time.perf_counter() - t0, time.process_time() - c0))
        s = rules.apply(s, a)
        steps += 1
        if steps > rules.max_actions:
            raise RuntimeError("game too long")
    return rules.result(s), times


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bots", default="medium,random")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--option", action="append", default=[])
    args = ap.parse_args()
    bots = args.bots.split(",")
    opts = dict(o.split("=", 1) for o in args.option)
    stats: dict[str, dict] = {}
    for g in range(args.games):
        kinds = [bots[(i + g) % len(bots)] for i in range(args.players)]
        res, times = play(args.game, kinds, args.seed + g, opts)
        for seat, k in enumerate(kinds):
            st = stats.setdefault(k, {"wins": 0, "seats": 0, "scores": [], "wall": [], "cpu": []})
            st["seats"] += 1
            st["wins"] += seat in res.winners
            st["scores"].append(res.scores[seat])
        for k, ts in times.items():
            stats[k]["wall"] += [t[0] for t in ts]
            stats[k]["cpu"] += [t[1] for t in ts]
        print(f"game {g + 1}: " + ", ".join(f"{k}={res.scores[i]}" for i, k in enumerate(kinds)), flush=True)
    out = {}
    for k, st in stats.items():
        out[k] = {"win_share": round(st["wins"] / st["seats"], 3), "seats": st["seats"],
                  "mean_score": round(statistics.mean(st["scores"]), 1),
                  "median_move_s": round(statistics.median(st["wall"]), 4) if st["wall"] else 0,
                  "median_move_cpu_s": round(statistics.median(st["cpu"]), 4) if st["cpu"] else 0,
                  "max_move_s": round(max(st["wall"]), 3) if st["wall"] else 0,
                  "max_move_cpu_s": round(max(st["cpu"]), 3) if st["cpu"] else 0}
    print(json.dumps({"game": args.game, "players": args.players, "games": args.games, "bots": out}, indent=1))


if __name__ == "__main__":
    main()
