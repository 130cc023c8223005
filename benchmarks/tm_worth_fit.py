"""Terra Mystica's ``worth`` fitted to the LEAGUE's positions, blended with the bots' own games.

``tm_calibrate.py`` fits ``worth`` (bots/terra_mystica.py) to the bots' own games: it can only learn
what the bots' policy makes of a position. The 35 league games (``tm_calibrate.py league``: every
seat's parts of worth at every main turn, with the seat's final VP) say what a temple, a favour,
priest income... are worth in the hands of good players. This script fits, per round, ridge least
squares of (final VP - VP now) on the parts, over both sources with a chosen share of the league's
rows, the weights pulled toward the module's ``SCALE`` (``--lam``), with a constant per (source,
faction) (how well a faction is played, and by whom, is no part of a position's worth) that is
averaged out over the bots' rows for ``BASE``. Cross-validation by whole games (``cv``) says how
well a fit predicts held-out league games and held-out bot games.

    cd benchmarks
    PYTHONPATH=.. python tm_calibrate.py league --out /tmp/league.jsonl
    PYTHONPATH=.. python tm_calibrate.py record --seed 3000 --games 40 --out /tmp/own.jsonl
    PYTHONPATH=.. python tm_worth_fit.py cv --league /tmp/league.jsonl --own /tmp/own.jsonl --share 0.5 --lam 0.1
    PYTHONPATH=.. python tm_worth_fit.py fit --league /tmp/league.jsonl --own /tmp/own.jsonl --share 0.5 --lam 0.1 --save /tmp/t.json

``--save`` writes the tables in the format of ``tm_calibrate.py play --tables`` and ``tm_hard4.py
--tables``. Standard library only: the normal equations are summed once per (game, round) so that
the cross-validation's folds are sums of them.
"""
from __future__ import annotations

import argparse
import json
import math
import sys

from tabletop_tui.bots import terra_mystica as tm
from tm_calibrate import load, solve

FACTIONS = sorted(tm.FACTIONS)
SOURCES = ("own", "league")
NT = len(tm.TERMS)
#: the feature vector: the parts, then one constant per (source, faction)
NX = NT + len(SOURCES) * len(FACTIONS)


def _x(row: dict, src: int) -> list[float]:
    x = list(row["terms"]) + [0.0] * (len(SOURCES) * len(FACTIONS))
    if row["faction"] is not None:
        x[NT + src * len(FACTIONS) + FACTIONS.index(row["faction"])] = 1.0
    return x


class Stats:
    """X'X, X'y, y'y, n, the sum of x_k^2 and of each constant's count, for one group of rows."""

    def __init__(self) -> None:
        self.ata = [[0.0] * NX for _ in range(NX)]
        self.atb = [0.0] * NX
        self.n = 0

    def add_row(self, x: list[float], y: float) -> None:
        nz = [i for i in range(NX) if x[i]]
        for i in nz:
            xi = x[i]
            self.atb[i] += xi * y
            r = self.ata[i]
            for j in nz:
                r[j] += xi * x[j]
        self.n += 1

    def add(self, o: "Stats", w: float = 1.0) -> None:
        for i in range(NX):
            self.atb[i] += w * o.atb[i]
            r, ro = self.ata[i], o.ata[i]
            for j in range(NX):
                r[j] += w * ro[j]
        self.n += w * o.n


def demean(rows: list[dict]) -> list[dict]:
    """The rows with their parts and points to come taken relative to the mean of the same seat's
    rows of the same game and round (and no faction: the constant is gone with the mean). A fit
    on them learns only from how a seat's parts change along its own play within a round (its final
    VP is the same for all of them): what a good player gives for what, not which seats do well
    (the confounding that made the plain league fit hoard resources in play)."""
    groups: dict = {}
    for row in rows:
        groups.setdefault((row["seed"], row["seat"], row["round"]), []).append(row)
    out = []
    for g in groups.values():
        if len(g) < 2:
            continue
        m = len(g)
        mt = [sum(r["terms"][k] for r in g) / m for k in range(NT)]
        my = sum(r["final"] - r["vp"] for r in g) / m
        for r in g:
            out.append({"seed": r["seed"], "round": r["round"], "seat": r["seat"], "faction": None,
                        "vp": 0.0, "final": r["final"] - r["vp"] - my,
                        "terms": [r["terms"][k] - mt[k] for k in range(NT)]})
    return out


def group(rows: list[dict], src: int) -> dict:
    """(game, round) -> Stats of those rows."""
    out: dict = {}
    for row in rows:
        r = row["round"]
        if not 1 <= r <= 6:
            continue
        k = (row["seed"], r)
        st = out.get(k)
        if st is None:
            st = out[k] = Stats()
        st.add_row(_x(row, src), row["final"] - row["vp"])
    return out


def fit(own: Stats, league: Stats, share: float, lam: float, prior: list[float],
        nonneg: bool = False, free: list[int] | None = None) -> tuple[list[float], float]:
    """The ridge fit over own + league rows, the league's rows weighted so that they make ``share``
    of the total weight; the parts' weights pulled toward ``prior`` (``lam`` per unit of row
    weight, scaled by each part's mean square). Returns (weights, BASE)."""
    tot = Stats()
    wo = (1 - share) / max(own.n, 1) if own.n else 0.0
    wl = share / max(league.n, 1) if league.n else 0.0
    if own.n and not league.n:
        wo = 1.0 / own.n
    if league.n and not own.n:
        wl = 1.0 / league.n
    tot.add(own, wo)
    tot.add(league, wl)
    free = list(range(NT)) if free is None else free
    fixed = [k for k in range(NT) if k not in free]
    prior = list(prior)
    while True:
        a = [r[:] for r in tot.ata]
        b = tot.atb[:]
        for k in range(NT):
            var = max(a[k][k] / max(tot.n, 1e-9), 1e-3)
            reg = (lam if k in free else 1e6) * var
            a[k][k] += reg
            b[k] += reg * prior[k]
        for i in range(NT, NX):
            a[i][i] += 1e-4
        sol = solve(a, b)
        w = [sol[k] if k in free else prior[k] for k in range(NT)]
        neg = [k for k in free if w[k] < 0]
        if not nonneg or not neg:
            break
        for k in neg:
            prior[k] = 0.0
        free = [k for k in free if k not in neg]
    # BASE: the constants averaged over the bots' own rows (their factions as they play them)
    src = 0 if own.n else 1
    cons = sol[NT + src * len(FACTIONS): NT + (src + 1) * len(FACTIONS)]
    st = own if own.n else league
    cnt = [st.ata[NT + src * len(FACTIONS) + f][NT + src * len(FACTIONS) + f] for f in range(len(FACTIONS))]
    base = sum(c * n for c, n in zip(cons, cnt)) / max(sum(cnt), 1e-9)
    return w, base


def sse(rows: list[dict], w: list[float], base_by: dict) -> tuple[float, int, float]:
    """Sum of squared errors of (final - vp) predicted with the weights and the row's own
    (source, faction) constant, rows, and the sum of errors."""
    e2 = e1 = 0.0
    for row in rows:
        pred = base_by.get(row["faction"], 0.0) + sum(a * b for a, b in zip(w, row["terms"]))
        d = pred - (row["final"] - row["vp"])
        e2 += d * d
        e1 += d
    return e2, len(rows), e1


def consts(st: Stats, w: list[float], src: int) -> dict:
    """Each faction's constant for these rows given the weights (the mean residual)."""
    out = {}
    for f in range(len(FACTIONS)):
        i = NT + src * len(FACTIONS) + f
        n = st.ata[i][i]
        if n:
            out[FACTIONS[f]] = (st.atb[i] - sum(w[k] * st.ata[i][k] for k in range(NT))) / n
    return out


def tables_for(own_g: dict, league_g: dict, share: float, lam: float, nonneg: bool,
               own_games: set | None = None, league_games: set | None = None, free=None) -> dict:
    out = {}
    for r in range(1, 7):
        o, l_ = Stats(), Stats()
        for (g, rr), st in own_g.items():
            if rr == r and (own_games is None or g in own_games):
                o.add(st)
        for (g, rr), st in league_g.items():
            if rr == r and (league_games is None or g in league_games):
                l_.add(st)
        out[r] = fit(o, l_, share, lam, list(tm.SCALE[r]), nonneg, free) + (o, l_)
    return out


def cv(args, own_rows, league_rows) -> None:
    """K-fold by whole games (own and league games split in the same folds): held-out RMSE of the
    points to come per round, each held-out game's faction constants taken from the training
    games (a faction not trained on: 0)."""
    own_g, league_g = group(own_rows, 0), group(league_rows, 1)
    og = sorted({r["seed"] for r in own_rows}, key=str)
    lgs = sorted({r["seed"] for r in league_rows}, key=str)
    k = args.folds
    res = {s: [0.0, 0, 0.0] for s in SOURCES}
    per_round = {(s, r): [0.0, 0] for s in SOURCES for r in range(1, 7)}
    for f in range(k):
        o_test = set(og[f::k])
        l_test = set(lgs[f::k])
        tb = tables_for(own_g, league_g, args.share, args.lam, args.nonneg, set(og) - o_test, set(lgs) - l_test)
        for src, rows, test in ((0, own_rows, o_test), (1, league_rows, l_test)):
            for r in range(1, 7):
                w, base, o, l_ = tb[r]
                c = consts(o if src == 0 else l_, w, src)
                rs = [x for x in rows if x["round"] == r and x["seed"] in test]
                e2, n, e1 = sse(rs, w, c)
                res[SOURCES[src]][0] += e2
                res[SOURCES[src]][1] += n
                res[SOURCES[src]][2] += e1
                per_round[(SOURCES[src], r)][0] += e2
                per_round[(SOURCES[src], r)][1] += n
    line = {s: round(math.sqrt(a / max(n, 1)), 2) for s, (a, n, _) in res.items()}
    rounds = {s: [round(math.sqrt(per_round[(s, r)][0] / max(per_round[(s, r)][1], 1)), 1) for r in range(1, 7)]
              for s in SOURCES}
    print(json.dumps({"share": args.share, "lam": args.lam, "nonneg": args.nonneg, "rmse": line,
                      "by_round": rounds}), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=("cv", "fit"))
    ap.add_argument("--league", nargs="*", default=[])
    ap.add_argument("--own", nargs="*", default=[])
    ap.add_argument("--share", type=float, default=0.5, help="the league rows' share of the weight")
    ap.add_argument("--lam", type=float, default=0.1)
    ap.add_argument("--nonneg", action="store_true")
    ap.add_argument("--within", action="store_true", help="the league rows relative to the same seat's "
                    "mean in the round (see demean)")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--free", default="all", help="comma-separated term names fitted (others keep SCALE)")
    ap.add_argument("--damp", type=float, default=1.0, help="after the fit, held coins, workers, priests "
                    "and power in rounds 1-5 and cult majorities times this (session 2026-12-01's correction "
                    "of the fit's confounding: a seat holding resources is often a seat doing well)")
    ap.add_argument("--save")
    args = ap.parse_args()
    own_rows = [r for p in args.own for r in load(p)]
    league_rows = [r for p in args.league for r in load(p)]
    if args.within:
        league_rows = demean(league_rows)
    if args.cmd == "cv":
        cv(args, own_rows, league_rows)
        return
    free = None if args.free == "all" else [tm.TERMS.index(x) for x in args.free.split(",")]
    tb = tables_for(group(own_rows, 0), group(league_rows, 1), args.share, args.lam, args.nonneg, free=free)
    if args.damp != 1.0:
        for r in range(1, 7):
            w = tb[r][0]
            for k in ([0, 1, 2, 3] if r <= 5 else []) + [tm.TERMS.index("cult_major")]:
                w[k] *= args.damp
    print("SCALE = {")
    for r in range(1, 7):
        print(f"    {r}: ({', '.join(f'{x:.2f}' for x in tb[r][0])}),")
    print("}")
    print("BASE = {" + ", ".join(f"{r}: {tb[r][1]:.1f}" for r in range(1, 7)) + "}")
    print("by term (round 1..6; the module's now in brackets):", file=sys.stderr)
    for k, nm in enumerate(tm.TERMS):
        print(f"  {nm:13s}", " ".join(f"{tb[r][0][k]:6.2f}[{tm.SCALE[r][k]:4.2f}]" for r in range(1, 7)), file=sys.stderr)
    if args.save:
        with open(args.save, "w") as fh:
            json.dump({"SCALE": {r: tb[r][0] for r in range(1, 7)}, "BASE": {r: tb[r][1] for r in range(1, 7)}}, fh)


if __name__ == "__main__":
    main()
