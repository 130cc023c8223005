"""Seeded bot games, seats rotated, one JSON line a game, and the summary issue 36 asks for.

    .venv/bin/python benchmarks/bot_campaign.py play finca --players 4 --bots hard,medium \
        --games 8 --seed 40201 --out runs/finca4
    .venv/bin/python benchmarks/bot_campaign.py sum runs/finca4.jsonl [more.jsonl ...]

`play` appends to OUT.jsonl a line per game as it ends (seed, the seats' levels, scores,
winners, each level's longest move in CPU seconds, the game's CPU) and writes the moves to
OUT.SEED.log ("seat action" a line), to read lost games by replaying them (the rules alone,
cheap). The seats are filled from --bots in turn and rotate each game, as in `tabletop
tournament` (the same games, the same bots' seeds). `sum` prints, per level, the games it won
(a shared first place counts) with Wilson's 95% interval, its mean score and longest move CPU;
and with two levels, the mean per game of (first level's mean score − second's) with a 95%
t interval: with four players, hard's mean against medium's, paired by game.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import time

#: two-sided 95% t quantiles by degrees of freedom (beyond 30: 1.96)
T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23,
       11: 2.20, 12: 2.18, 13: 2.16, 14: 2.14, 15: 2.13, 16: 2.12, 17: 2.11, 18: 2.10, 19: 2.09,
       20: 2.09, 25: 2.06, 30: 2.04}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (c - h) / d, (c + h) / d


def t95(df: int) -> float:
    if df > 30:
        return 1.96
    return T95.get(df) or T95[max(k for k in T95 if k <= df)]


def play(args: argparse.Namespace) -> None:
    from tabletop_tui import catalogue, tournament

    rules = catalogue.get(args.game).rules()
    levels = args.bots.split(",")
    for k in range(args.games):
        seats = [levels[(i + k) % len(levels)] for i in range(args.players)]
        log: list[str] = []
        c0 = time.process_time()
        res, moves = tournament.play_game(rules, seats, args.seed + k, None, time.process_time,
                                          on_move=lambda n, seat, a: log.append(f"{seat} {a}"))
        longest: dict[str, float] = {}
        cpus: dict[str, list[float]] = {}
        for seat, _wall, cpu in moves:
            longest[seats[seat]] = max(longest.get(seats[seat], 0.0), cpu)
            cpus.setdefault(seats[seat], []).append(cpu)
        rec = {"seed": args.seed + k, "levels": seats, "scores": [res.scores[i] for i in range(args.players)],
               "winners": list(res.winners), "max_move_cpu": {lv: round(v, 3) for lv, v in longest.items()},
               "p95_move_cpu": {lv: round(tournament.percentile(v, 0.95), 3) for lv, v in cpus.items()},
               "game_cpu": round(time.process_time() - c0, 1)}
        with open(args.out + ".jsonl", "a") as f:
            f.write(json.dumps(rec) + "\n")
        with open(f"{args.out}.{args.seed + k}.log", "w") as f:
            f.write("\n".join(log) + "\n")
        print(json.dumps(rec), flush=True)


def summary(files: list[str]) -> None:
    recs = [json.loads(line) for name in files for line in open(name) if line.strip()]
    levels = list(dict.fromkeys(lv for r in recs for lv in r["levels"]))
    seeds = [r["seed"] for r in recs]
    print(f"{len(recs)} games, seeds {min(seeds)}–{max(seeds)}, {len(recs[0]['levels'])} players")
    for lv in levels:
        won = sum(1 for r in recs if any(r["levels"][w] == lv for w in r["winners"]))
        scores = [r["scores"][i] for r in recs for i, x in enumerate(r["levels"]) if x == lv]
        lo, hi = wilson(won, len(recs))
        cpu = max(r["max_move_cpu"].get(lv, 0.0) for r in recs)
        p95 = max((r["p95_move_cpu"].get(lv, 0.0) for r in recs if "p95_move_cpu" in r), default=None)
        print(f"  {lv}: won {won}/{len(recs)} = {won / len(recs):.0%} (95%: {lo:.0%}–{hi:.0%}), "
              f"mean score {statistics.mean(scores):.1f}, longest move {cpu:.2f} s CPU"
              + (f" (a game's p95 at most {p95:.2f} s)" if p95 is not None else ""))
    if len(levels) == 2 and len(recs) > 1:
        a, b = levels
        diff = [statistics.mean(r["scores"][i] for i, x in enumerate(r["levels"]) if x == a)
                - statistics.mean(r["scores"][i] for i, x in enumerate(r["levels"]) if x == b) for r in recs]
        m = statistics.mean(diff)
        h = t95(len(diff) - 1) * statistics.stdev(diff) / math.sqrt(len(diff))
        print(f"  {a} − {b}, mean score a game: {m:+.1f} (95%: {m - h:+.1f} to {m + h:+.1f})")
    print(f"  CPU a game: {statistics.mean(r['game_cpu'] for r in recs):.1f} s mean")


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("game")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--bots", default="hard,medium")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", required=True)
    s = sub.add_parser("sum")
    s.add_argument("files", nargs="+")
    args = ap.parse_args()
    if args.cmd == "play":
        play(args)
    else:
        summary(args.files)


if __name__ == "__main__":
    main()
