"""How well the bots play each Terra Mystica faction: four-player games of one bot level with the
factions drawn at random (four home terrains, then one of each terrain's two factions), every
faction's mean VP. This ordered ``FACTION_PREFERENCE`` in bots/terra_mystica.py.

    .venv/bin/python benchmarks/tm_factions.py play --level medium --games 70 --seed 5000 > a.jsonl
    .venv/bin/python benchmarks/tm_factions.py report a.jsonl b.jsonl

``play`` prints one JSON line per game (seed, factions in seat order, scores); ``report`` reads
such lines and prints the games' mean, each seat's and each faction's mean VP with its standard
error, best first.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics as st
import sys
import time
from collections import defaultdict


def draw(seed: int) -> list[str]:
    """Four factions of four different home terrains, drawn from ``seed`` alone."""
    from tabletop_tui.rules.terra_mystica.data import FACTIONS

    by_home: dict[str, list[str]] = defaultdict(list)
    for f, d in FACTIONS.items():
        by_home[d["terrain"]].append(f)
    r = random.Random(seed * 7919)
    return [r.choice(by_home[h]) for h in r.sample(sorted(by_home), 4)]


def play(args) -> None:
    from tabletop_tui import catalogue, tournament

    rules = catalogue.get("terra_mystica").rules()
    for k in range(args.games):
        sd = args.seed + k
        fs = draw(sd)
        res, _ = tournament.play_game(rules, [args.level] * 4, sd, {"factions": ",".join(fs)},
                                      time.process_time)
        print(json.dumps({"seed": sd, "factions": fs, "scores": [res.scores[i] for i in range(4)]}),
              flush=True)


def report(args) -> None:
    rows = [json.loads(line) for path in args.files for line in open(path) if line.startswith("{")]
    by: dict[str, list[int]] = defaultdict(list)
    seats: dict[int, list[int]] = defaultdict(list)
    for r in rows:
        for i, (f, v) in enumerate(zip(r["factions"], r["scores"])):
            by[f].append(v)
            seats[i].append(v)
    every = [v for r in rows for v in r["scores"]]
    print(f"{len(rows)} games, {st.mean(every):.1f} VP per faction; by seat",
          " ".join(f"{st.mean(seats[i]):.1f}" for i in sorted(seats)))
    for f, vs in sorted(by.items(), key=lambda x: -st.mean(x[1])):
        se = st.stdev(vs) / len(vs) ** 0.5 if len(vs) > 1 else float("nan")
        print(f"{f:16s} n={len(vs):3d} {st.mean(vs):6.1f} ± {se:4.1f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--level", default="medium")
    p.add_argument("--games", type=int, default=70)
    p.add_argument("--seed", type=int, default=5000)
    r = sub.add_parser("report")
    r.add_argument("files", nargs="+")
    args = ap.parse_args()
    {"play": play, "report": report}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
