"""Terra Mystica: the league's round-1 temple forced on medium (issue 36 item 1, session 28; see
benchmarks/RESULTS.md). For each value of ``ROUND1_TEMPLE`` (VP added to a round-1 macro that builds a
temple), all-medium four-player games on seeds FIRST..LAST-1, paired against the first value; with
``--favours`` also the favour tiles' weight floor (``SCALE_FLOOR`` favours 1.0: the fit gave
round 1's favours no weight), with ``--keep3`` three dwellings kept through round 3 (``MIN_DWELLINGS``). Prints per value the VP a faction, the paired difference,
the round-1 temples built and FAV11 taken in round 1.

    PYTHONPATH=. .venv/bin/python benchmarks/tm_round1_temple.py 1000 1032 0,20,30,50
    PYTHONPATH=. .venv/bin/python benchmarks/tm_round1_temple.py 1000 1032 0,30 --favours --keep3
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import statistics

from tabletop_tui.bots import terra_mystica as tm
from tm_factorial import set_pieces
from tm_spsa import table_vp


class Round1:
    """Counts the temples built and FAV11 taken in round 1."""

    def __init__(self) -> None:
        self.temples = self.fav11 = 0

    def move(self, rules, s, seat, a) -> None:
        if s.round == 1 and s.phase == "play":
            self.temples += a.kind == "upgrade" and a.b == "TE"
            self.fav11 += a.kind == "favor" and a.a == "FAV11"

    def end(self, s) -> None:
        pass


def play(job: tuple) -> tuple[float, int, int]:
    """One all-medium four-player game with this round-1 temple bonus (and the pieces named, of
    tm_factorial's): the table's VP a faction, round-1 temples, FAV11 taken in round 1."""
    bonus, pieces, seed = job
    set_pieces(pieces)
    tm.ROUND1_TEMPLE = bonus
    w = Round1()
    return table_vp(seed, w), w.temples, w.fav11


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("first", type=int)
    ap.add_argument("last", type=int)
    ap.add_argument("bonuses")
    ap.add_argument("--favours", action="store_true")
    ap.add_argument("--keep3", action="store_true")
    ap.add_argument("--procs", type=int, default=2)
    args = ap.parse_args()
    seeds = range(args.first, args.last)
    bonuses = [float(x) for x in args.bonuses.split(",")]
    pieces = tuple(n for n, on in (("favours", args.favours), ("keep3", args.keep3)) if on)
    with mp.Pool(args.procs) as pool:
        out = {b: pool.map(play, [(b, pieces, s) for s in seeds], chunksize=1) for b in bonuses}
    base = [v for v, _t, _f in out[bonuses[0]]]
    for b in bonuses:
        v = [x[0] for x in out[b]]
        d = [x - y for x, y in zip(v, base)]
        half = 1.96 * statistics.stdev(d) / len(d) ** 0.5 if len(d) > 1 else 0.0
        print(f"ROUND1_TEMPLE={b:g}{' +favours' if args.favours else ''}{' +keep3' if args.keep3 else ''}: {statistics.mean(v):.2f} VP a faction, "
              f"paired {statistics.mean(d):+.2f} ± {half:.2f}; round-1 temples {sum(x[1] for x in out[b])}, "
              f"FAV11 in round 1 {sum(x[2] for x in out[b])}")


if __name__ == "__main__":
    main()
