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

from tabletop_tui import catalogue, tournament
from tabletop_tui.bots import terra_mystica as tm

_RULES = None


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
    global _RULES
    bonus, favours, keep3, seed = job
    tm.ROUND1_TEMPLE = bonus
    tm.SCALE_FLOOR = {"favors": 1.0} if favours else {}
    tm.MIN_DWELLINGS = 3 if keep3 else 0
    if _RULES is None:
        _RULES = catalogue.get("terra_mystica").rules()
    w = Round1()
    res, _ = tournament.play_game(_RULES, ["medium"] * 4, seed, None, watch=w)
    return statistics.mean(res.scores[i] for i in range(4)), w.temples, w.fav11


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
    with mp.Pool(args.procs) as pool:
        out = {b: pool.map(play, [(b, args.favours, args.keep3, s) for s in seeds], chunksize=1) for b in bonuses}
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
