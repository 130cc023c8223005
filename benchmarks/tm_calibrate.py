"""Calibrating Terra Mystica's ``worth`` (bots/terra_mystica.py) against the final VP of real games.

``worth`` = VP now + BASE[round] + sum over its parts (``terms``) of SCALE[round][k] * part k.
This script plays seeded four-player games (all medium by default), records at every main
decision the parts of every seat's worth, and once the game ends that seat's final VP; then it
fits, by ridge least squares (standard library only), the per-round weights and constants so
that worth predicts the final VP, and checks the fit on held-out seeds.

    .venv/bin/python benchmarks/tm_calibrate.py record --seed 1000 --games 60 --out /tmp/tm_cal_a.jsonl
    .venv/bin/python benchmarks/tm_calibrate.py fit --train /tmp/tm_cal_a.jsonl --test /tmp/tm_cal_b.jsonl

``fit`` prints, per round, the mean points still to come, what today's worth predicts and the
fitted one (bias and RMSE on the held-out games), and the SCALE / BASE tables to paste.
"""
from __future__ import annotations

import argparse
import json
import math
import sys

from tabletop_tui import bots, catalogue
from tabletop_tui.bots import terra_mystica as tm
from tabletop_tui.rules.terra_mystica.scoring import network_size


def record(seed: int, games: int, out: str, levels: list[str], every: int) -> None:
    rules = catalogue.get("terra_mystica").rules()
    with open(out, "a") as fh:
        for g in range(games):
            sd = seed + g
            lv = [levels[(i + g) % len(levels)] for i in range(4)]
            s = rules.setup([f"P{i}" for i in range(4)], sd, {})
            rows = []
            k = 0
            for n in range(20000):
                d = rules.pending(s)
                if d is None:
                    break
                if d.kind == "main" and s.phase == "play" and s.step == "main":
                    k += 1
                    if k % every == 0:
                        nets = [network_size(s, j) for j in range(4)]
                        for j in range(4):
                            p = s.players[j]
                            rows.append({"seed": sd, "round": s.round, "seat": j, "faction": p.faction,
                                         "level": lv[j], "passed": p.passed, "vp": p.VP,
                                         "terms": [round(x, 4) for x in tm.terms(s, j, nets)],
                                         "worth": round(tm.worth(s, j, nets), 3)})
                view = rules.view(s, d.seat)
                bot = bots.make_bot("terra_mystica", lv[d.seat], sd * 1_000_003 + n)
                s = rules.apply(s, bot.choose(rules, view, d.seat))
            final = [p.VP for p in s.players]
            for row in rows:
                row["final"] = final[row["seat"]]
                fh.write(json.dumps(row) + "\n")
            print(sd, lv, final, len(rows), flush=True)


def load(path: str) -> list[dict]:
    with open(path) as fh:
        return [json.loads(line) for line in fh if line.strip()]


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a is square and is changed)."""
    n = len(b)
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[piv] = a[piv], a[c]
        b[c], b[piv] = b[piv], b[c]
        d = a[c][c]
        if abs(d) < 1e-12:
            continue
        for r in range(c + 1, n):
            f = a[r][c] / d
            if f:
                row, rc = a[r], a[c]
                for k in range(c, n):
                    row[k] -= f * rc[k]
                b[r] -= f * b[c]
    x = [0.0] * n
    for c in range(n - 1, -1, -1):
        d = a[c][c]
        x[c] = 0.0 if abs(d) < 1e-12 else (b[c] - sum(a[c][k] * x[k] for k in range(c + 1, n))) / d
    return x


def fit_round(rows: list[dict], lam: float, prior: list[float], free: list[int]) -> tuple[list[float], float]:
    """Ridge fit of final - VP = base + sum w_k t_k over the terms ``free`` (others keep ``prior``),
    the weights pulled toward ``prior`` with strength ``lam`` per row."""
    m = len(free) + 1
    ata = [[0.0] * m for _ in range(m)]
    atb = [0.0] * m
    for row in rows:
        t = row["terms"]
        y = row["final"] - row["vp"] - sum(prior[k] * t[k] for k in range(len(t)) if k not in free)
        x = [t[k] for k in free] + [1.0]
        for i in range(m):
            atb[i] += x[i] * y
            xi = x[i]
            if xi:
                r = ata[i]
                for j in range(m):
                    r[j] += xi * x[j]
    n = len(rows)
    for i, k in enumerate(free):
        # scale the pull by the term's spread so that it means the same for every term
        var = sum(r["terms"][k] ** 2 for r in rows) / max(n, 1)
        reg = lam * n * max(var, 1e-3)
        ata[i][i] += reg
        atb[i] += reg * prior[k]
    sol = solve(ata, atb)
    w = list(prior)
    for i, k in enumerate(free):
        w[k] = sol[i]
    return w, sol[-1]


def predict(row: dict, w: list[float], base: float) -> float:
    return row["vp"] + base + sum(a * b for a, b in zip(w, row["terms"]))


def report(rows: list[dict], tables: dict, label: str) -> float:
    tot = 0.0
    cnt = 0
    print(f"-- {label}")
    for r in range(1, 7):
        rs = [x for x in rows if x["round"] == r]
        if not rs:
            continue
        w, b = tables[r]
        come = sum(x["final"] - x["vp"] for x in rs) / len(rs)
        now = sum(x["worth"] - x["vp"] for x in rs) / len(rs)
        err_now = math.sqrt(sum((x["worth"] - x["final"]) ** 2 for x in rs) / len(rs))
        pred = [predict(x, w, b) for x in rs]
        bias = sum(p - x["final"] for p, x in zip(pred, rs)) / len(rs)
        err = math.sqrt(sum((p - x["final"]) ** 2 for p, x in zip(pred, rs)) / len(rs))
        tot += err ** 2 * len(rs)
        cnt += len(rs)
        print(f"round {r}: n={len(rs):5d} to come {come:6.1f}  today's worth expects {now:6.1f} "
              f"(RMSE {err_now:5.1f})  fitted bias {bias:+5.1f} RMSE {err:5.1f}")
    return math.sqrt(tot / max(cnt, 1))


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("record")
    a.add_argument("--seed", type=int, default=1000)
    a.add_argument("--games", type=int, default=20)
    a.add_argument("--out", required=True)
    a.add_argument("--bots", default="medium")
    a.add_argument("--every", type=int, default=1)
    f = sub.add_parser("fit")
    f.add_argument("--train", nargs="+", required=True)
    f.add_argument("--test", nargs="+", required=True)
    f.add_argument("--lam", type=float, default=0.05)
    f.add_argument("--free", default="all", help="comma-separated term names, or all")
    args = ap.parse_args()
    if args.cmd == "record":
        record(args.seed, args.games, args.out, args.bots.split(","), args.every)
        return
    train = [r for p in args.train for r in load(p)]
    test = [r for p in args.test for r in load(p)]
    names = list(tm.TERMS)
    free = list(range(len(names))) if args.free == "all" else [names.index(x) for x in args.free.split(",")]
    tables = {}
    for r in range(1, 7):
        prior = list(tm.SCALE[r])
        rs = [x for x in train if x["round"] == r]
        tables[r] = fit_round(rs, args.lam, prior, free) if rs else (prior, 0.0)
    report(train, tables, "train")
    e = report(test, tables, "held out")
    print(f"held-out RMSE over all rounds: {e:.2f}", file=sys.stderr)
    print("SCALE = {")
    for r in range(1, 7):
        w, b = tables[r]
        print(f"    {r}: ({', '.join(f'{x:.2f}' for x in w)}),")
    print("}")
    print("BASE = {" + ", ".join(f"{r}: {tables[r][1]:.1f}" for r in range(1, 7)) + "}")
    print("by term:")
    for k, nm in enumerate(names):
        print(f"  {nm:13s}", " ".join(f"{tables[r][0][k]:6.2f}" for r in range(1, 7)))


if __name__ == "__main__":
    main()
