"""Terra Mystica economy statistics of bot games (all seats one level unless --bots lists more):
VP per faction, dwellings built during play, towns, favour tiles, strongholds, temples, main
actions per round, resources left at each pass, power actions used, and CPU time per move of
the first level (median / longest, over decisions with more than one answer).

    .venv/bin/python benchmarks/tm_stats.py --players 4 --bots medium --games 8 --seed 1
"""
from __future__ import annotations

import argparse
import collections
import json
import statistics
import time

from tabletop_tui import bots, catalogue


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", default="medium")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    rules = catalogue.get("terra_mystica").rules()
    levels = args.bots.split(",")
    agg = collections.Counter()
    kinds = collections.Counter()
    vps: list[float] = []
    times: list[float] = []
    main_times: list[float] = []
    nf = 0
    for k in range(args.games):
        seed = args.seed + k
        sl = [levels[(i + k) % len(levels)] for i in range(args.players)]
        s = rules.setup([f"P{i}" for i in range(args.players)], seed, {})
        for n in range(20000):
            d = rules.pending(s)
            if d is None:
                break
            view = rules.view(s, d.seat)
            bot = bots.make_bot("terra_mystica", sl[d.seat], seed * 1_000_003 + n)
            legal = rules.legal_actions(view)
            t0 = time.process_time()
            a = bot.choose(rules, view, d.seat)
            dt = time.process_time() - t0
            if sl[d.seat] == levels[0] and len(legal) > 1:
                times.append(dt)
                if d.kind == "main":
                    main_times.append(dt)
            p = s.players[d.seat]
            if s.phase == "play" and d.kind == "main" and a.kind not in ("convert", "burn"):
                agg["main_actions"] += 1
                kinds[a.kind if a.kind != "action" else "action " + a.a] += 1
                if a.kind == "pass":
                    agg["left_C"] += p.C
                    agg["left_W"] += p.W
                    agg["left_P"] += p.P
                    agg["left_PW3"] += p.bowls[2]
                    agg["left_PW2"] += p.bowls[1]
                    agg["passes"] += 1
            if a.kind == "burn":
                agg["burned"] += a.n
            if a.kind == "convert":
                agg["conv_" + a.a + a.b] += a.n
            if s.phase == "play" and a.kind == "build":
                agg["D_built"] += 1
            if a.kind == "upgrade":
                agg["up_" + a.b] += 1
            s = rules.apply(s, a)
        res = rules.result(s)
        for i, q in enumerate(s.players):
            vps.append(q.VP)
            nf += 1
            agg["towns"] += len(q.towns)
            agg["favors"] += len(q.favors)
            agg["SH"] += q.counts["SH"]
            agg["TE"] += q.counts["TE"]
            agg["SA"] += q.counts["SA"]
            agg["TP_end"] += q.counts["TP"]
            agg["D_end"] += q.counts["D"]
            agg["ship"] += q.ship
            agg["dig"] += q.dig
        if not args.quiet:
            print(k, seed, [q.faction for q in s.players], [q.VP for q in s.players], flush=True)
    out = {"games": args.games, "seed": args.seed, "bots": args.bots,
           "vp_per_faction": round(statistics.mean(vps), 1)}
    out.update({key: round(v / nf, 2) for key, v in sorted(agg.items()) if not key.startswith("left")})
    out.update({key: round(v / max(1, agg["passes"]), 2) for key, v in sorted(agg.items()) if key.startswith("left")})
    out["actions_per_round"] = round(agg["main_actions"] / nf / 6, 2)
    out["kinds_per_faction"] = {key: round(v / nf, 2) for key, v in kinds.most_common()}
    if times:
        times.sort()
        main_times.sort()
        out["cpu_median_s"] = round(times[len(times) // 2], 3)
        out["cpu_main_median_s"] = round(main_times[len(main_times) // 2], 3)
        out["cpu_max_s"] = round(times[-1], 3)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
