"""Terra Mystica: do the league's pieces pay together? A full factorial of medium's knobs (issue 36
item 1, session 28).

Sessions 24-25 measured each piece of the league's play alone (dwellings kept, a round-1 temple,
favours valued in round 1, shipping, a stronghold, more leech) and each scored less or within noise;
the reading was that they pay only together. This plays every combination of the pieces (2^k
tables) on the same seeds, all-medium four players, and prints each combination's VP a faction,
each piece's main effect and the two-piece interactions.

    PYTHONPATH=. .venv/bin/python benchmarks/tm_factorial.py --games 12 --seed 31000 --out runs/tm4_factorial.jsonl
"""
from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing as mp
import statistics

from tabletop_tui.bots import terra_mystica as tm
from tm_spsa import table_vp

LEECH0 = dict(tm.LEECH_MAX)

#: the pieces: name -> the knobs it sets (module globals of bots/terra_mystica.py)
PIECES = {
    "keep3": {"MIN_DWELLINGS": 3},            # rounds 1-3: an upgrade that leaves < 3 dwellings costs 3 VP each
    "temple1": {"ROUND1_TEMPLE": 6.0},        # round 1: a temple (and its favour) +6 VP
    "favours": {"SCALE_FLOOR": {"favors": 1.0}},  # favours' lasting effects weighed at least 1 in rounds 1-5
    "ship": {"SHIP_FLOOR": 1.0},              # shipping weighed at least 1 before the last round
    "leech": {"LEECH_MAX": {r: v + 1 for r, v in LEECH0.items()}},  # one more VP paid for power, every round
    "stronghold": {"SH_EXTRA": 3.0},          # a stronghold +3 of side value
}
DEFAULTS = {"MIN_DWELLINGS": tm.MIN_DWELLINGS, "ROUND1_TEMPLE": tm.ROUND1_TEMPLE, "SCALE_FLOOR": dict(tm.SCALE_FLOOR),
            "SHIP_FLOOR": tm.SHIP_FLOOR, "LEECH_MAX": dict(LEECH0), "SH_EXTRA": tm.SH_EXTRA}


def set_pieces(on) -> None:
    """The heuristic's knobs as on main, then those of the pieces named in ``on``."""
    for k, v in DEFAULTS.items():
        setattr(tm, k, v)
    for name in on:
        for k, v in PIECES[name].items():
            setattr(tm, k, v)


def play(job: tuple) -> float:
    """One all-medium four-player game with these pieces on: the table's VP a faction."""
    on, seed = job
    set_pieces(on)
    return table_vp(seed)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--seed", type=int, default=31000)
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--pieces", default=",".join(PIECES))
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    names = args.pieces.split(",")
    combos = [tuple(n for n, b in zip(names, bits) if b) for bits in itertools.product((0, 1), repeat=len(names))]
    seeds = list(range(args.seed, args.seed + args.games))
    jobs = [(c, s) for c in combos for s in seeds]
    with mp.Pool(args.procs) as pool:
        vals = pool.map(play, jobs, chunksize=1)
    table = {}
    with open(args.out, "w") as out:
        for i, c in enumerate(combos):
            v = vals[i * len(seeds):(i + 1) * len(seeds)]
            table[c] = v
            out.write(json.dumps({"pieces": list(c), "seeds": [seeds[0], seeds[-1]], "per_game": v,
                                  "vp": round(statistics.mean(v), 3)}) + "\n")
    base = table[()]
    print("combination  VP a faction  paired vs none (95%)")
    for c, v in sorted(table.items(), key=lambda x: -statistics.mean(x[1])):
        d = [a - b for a, b in zip(v, base)]
        half = 1.96 * statistics.stdev(d) / len(d) ** 0.5 if c and len(d) > 1 else 0.0
        print(f"{'+'.join(c) or 'none':45s} {statistics.mean(v):7.2f}  {statistics.mean(d):+6.2f} ± {half:.2f}")
    print("main effects (mean with the piece minus without, over every other combination):")
    for n in names:
        w = [statistics.mean(v) for c, v in table.items() if n in c]
        wo = [statistics.mean(v) for c, v in table.items() if n not in c]
        print(f"  {n:12s} {statistics.mean(w) - statistics.mean(wo):+6.2f}")
    print("two-piece interactions:")
    for a, b in itertools.combinations(names, 2):
        def m(x, y):
            return statistics.mean(statistics.mean(v) for c, v in table.items() if (a in c) == x and (b in c) == y)
        print(f"  {a}×{b}: {(m(1, 1) - m(1, 0) - m(0, 1) + m(0, 0)) / 2:+6.2f}")


if __name__ == "__main__":
    main()
