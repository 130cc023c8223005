"""Terra Mystica four-player tournaments with every move's CPU time (issue 36): per game the VP a
faction, then the figures of `tabletop tournament --json` with the per-move CPU time of this
process (time.process_time: the bots play in it) — median, p95 and longest — instead of wall time.

    PYTHONPATH=. .venv/bin/python benchmarks/tm_hard4.py --bots hard --games 8 --seed 7001
    PYTHONPATH=. .venv/bin/python benchmarks/tm_hard4.py --games 4 --seed 1000 --set BOOK_MARGIN=None
    PYTHONPATH=. .venv/bin/python benchmarks/tm_hard4.py --bots medium --games 16 --seed 1000 --tables T.json

Prints one JSON line per game as it ends, then the whole as JSON (VP a faction: mean and 95%
interval over the games, each game's mean being one sample).
"""
from __future__ import annotations

import argparse
import ast
import json
import statistics
import time

from tabletop_tui import catalogue, tournament
from tabletop_tui.bots import terra_mystica as tm
from tabletop_tui.bots import terra_mystica_search as search


class Economy(tournament.TerraMysticaPlay):
    """Besides the tournament's figures: dwellings built in play and power actions (ACT1-ACT6)
    taken, per seat (the league builds about 11 and takes 6.9 a faction a game)."""

    def __init__(self, players: int):
        super().__init__(players)
        self.built = [0] * players
        self.power = [0] * players
        self.up = {k: [0] * players for k in ("TP", "TE", "SH", "SA")}
        self.pw_coins = [0] * players
        self.ship = [0] * players

    def end(self, s) -> None:
        super().end(s)
        self.ship = [q.ship for q in s.players]

    def move(self, rules, s, seat, a) -> None:
        super().move(rules, s, seat, a)
        if s.phase == "play" and a.kind == "build":
            self.built[seat] += 1
        if a.kind == "action" and a.a.startswith("ACT"):
            self.power[seat] += 1
        if a.kind == "upgrade" and a.b in self.up:
            self.up[a.b][seat] += 1
        if a.kind == "convert" and a.a == "PW" and a.b == "C":
            self.pw_coins[seat] += a.n


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bots", default="hard")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--seed", type=int, default=7001)
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="set a knob of bots/terra_mystica_search.py for this run (a Python literal); "
                         "tm.NAME sets one of bots/terra_mystica.py (the heuristic: medium too); PLAN_DEPTH=2 turns the round planner on")
    ap.add_argument("--tables", help="worth's SCALE and BASE from this JSON (tm_calibrate.py / "
                    "tm_worth_fit.py / tm_choice.py --save) for this run")
    args = ap.parse_args()
    if args.tables:
        from tm_calibrate import use_tables
        use_tables(args.tables)
    for kv in args.set:
        name, value = kv.split("=", 1)
        mod = search
        if name.startswith("tm."):  # a knob of the heuristic (bots/terra_mystica.py): medium too
            mod, name = tm, name[3:]
        if not hasattr(mod, name):
            raise SystemExit(f"no knob {name} in {mod.__name__}")
        setattr(mod, name, ast.literal_eval(value))
    levels = args.bots.split(",")
    rules = catalogue.get("terra_mystica").rules()
    per_game, times = [], []
    acts = rounds = towns = seats = built = power = 0
    extra = {k: 0 for k in ("TP", "TE", "SH", "SA", "pw_coins", "ship")}
    for k in range(args.games):
        seed = args.seed + k
        sl = [levels[(i + k) % len(levels)] for i in range(args.players)]
        watch = Economy(args.players)
        t0 = time.process_time()
        res, moves = tournament.play_game(rules, sl, seed, None, time.process_time, watch=watch)
        mv = sorted(m[-1] for m in moves)  # (seat, wall, cpu): the CPU time
        times += mv
        vps = [res.scores[i] for i in range(args.players)]
        per_game.append(statistics.mean(vps))
        figs = [watch.seat(i) for i in range(args.players)]
        acts += sum(f["actions"] for f in figs)
        rounds += sum(f["rounds"] for f in figs)
        towns += sum(f["towns"] for f in figs)
        seats += args.players
        built += sum(watch.built)
        power += sum(watch.power)
        for k in ("TP", "TE", "SH", "SA"):
            extra[k] += sum(watch.up[k])
        extra["pw_coins"] += sum(watch.pw_coins)
        extra["ship"] += sum(watch.ship)
        print(json.dumps({"seed": seed, "levels": sl, "vp": vps, "vp_per_faction": per_game[-1],
                          "actions_per_round": round(sum(f["actions"] for f in figs) / max(1, sum(f["rounds"] for f in figs)), 2),
                          "towns": sum(f["towns"] for f in figs),
                          "dwellings": watch.built, "power_actions": watch.power,
                          "SH": watch.up["SH"], "ship": watch.ship, "cpu_s": round(time.process_time() - t0, 1),
                          "longest_move_s": round(mv[-1], 2)}), flush=True)
    n = len(per_game)
    m = statistics.mean(per_game)
    half = 1.96 * statistics.stdev(per_game) / n ** 0.5 if n > 1 else 0.0
    times.sort()
    print(json.dumps({"games": n, "seeds": [args.seed, args.seed + n - 1], "vp_mean": round(m, 2),
                      "ci95": round(half, 2), "per_game": per_game,
                      "actions_per_round": round(acts / max(1, rounds), 2), "towns_per_game": round(towns / seats, 2),
                      "dwellings_per_faction": round(built / seats, 2), "power_actions_per_faction": round(power / seats, 2),
                      "per_faction": {k: round(v / seats, 2) for k, v in extra.items()},
                      "move_cpu_s": {"moves": len(times), "median": round(times[len(times) // 2], 3),
                                     "p95": round(times[int(len(times) * 0.95)], 3), "max": round(times[-1], 3)}}))


if __name__ == "__main__":
    main()
