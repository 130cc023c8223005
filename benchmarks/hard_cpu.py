"""CPU-timed games of one bot level against others, seats rotated (the games of
`tabletop tournament GAME --players N --bots LEVELS --games K --seed S`): win counts, mean
scores, and the median / p90 / longest move of the first level in CPU seconds of this process
(time.process_time; on a shared machine wall time measures the neighbours).

    .venv/bin/python benchmarks/hard_cpu.py finca --players 2 --bots hard,medium --games 40 --seed 401

Prints a line per game as it ends, then the figures as JSON.
"""
from __future__ import annotations

import argparse
import json
import time

from tabletop_tui import catalogue, tournament


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bots", default="hard,medium")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rules = catalogue.get(args.game).rules()
    levels = args.bots.split(",")
    timed = levels[0]
    wins = dict.fromkeys(levels, 0)
    seats = dict.fromkeys(levels, 0)
    score = dict.fromkeys(levels, 0)
    times: list[float] = []
    t0 = time.process_time()
    for k in range(args.games):
        sl = [levels[(i + k) % len(levels)] for i in range(args.players)]
        res, moves = tournament.play_game(rules, sl, args.seed + k, None, time.process_time)
        for i, lv in enumerate(sl):
            seats[lv] += 1
            wins[lv] += i in res.winners
            score[lv] += res.scores[i]
        times += [dt for seat, dt, *_ in moves if sl[seat] == timed]
        print(k, args.seed + k, sl, res.scores, "winners", res.winners,
              f"{timed} {wins[timed]}/{seats[timed]}", flush=True)
    times.sort()
    n = len(times)
    print(json.dumps({
        "game": args.game, "players": args.players, "games": args.games, "seed": args.seed,
        "wins": {lv: [wins[lv], seats[lv]] for lv in levels},
        "mean_score": {lv: round(score[lv] / seats[lv], 1) for lv in levels},
        timed: {"moves": n, "median_s": round(times[n // 2], 3), "p90_s": round(times[int(n * 0.9)], 3),
                "max_s": round(times[-1], 3)},
        "cpu_s": round(time.process_time() - t0, 1)}))


if __name__ == "__main__":
    main()
