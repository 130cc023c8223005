"""Calibrating Terra Mystica's ``worth`` (bots/terra_mystica.py) against the final VP of real games.

``worth`` = VP now + BASE[round] + sum over its parts (``terms``) of SCALE[round][k] * part k.
This script plays seeded four-player games (all medium by default), records at every main
decision the parts of every seat's worth, and once the game ends that seat's final VP; then it
fits, by ridge least squares (standard library only), the per-round weights and constants so
that worth predicts the final VP, and checks the fit on held-out seeds.

    .venv/bin/python benchmarks/tm_calibrate.py record --seed 1000 --games 60 --out /tmp/tm_cal_a.jsonl
    .venv/bin/python benchmarks/tm_calibrate.py fit --train /tmp/tm_cal_a.jsonl --test /tmp/tm_cal_b.jsonl
    .venv/bin/python benchmarks/tm_calibrate.py league --out /tmp/tm_league.jsonl   # the 35 league games

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


def _rows(s, game, levels: list[str]) -> list[dict]:
    """One row per seat at a main decision: its parts of worth, worth itself, its VP so far."""
    n = len(s.players)
    nets = [network_size(s, j) for j in range(n)]
    out = []
    for j in range(n):
        p = s.players[j]
        out.append({"seed": game, "round": s.round, "seat": j, "faction": p.faction, "level": levels[j],
                    "passed": p.passed, "vp": p.VP, "terms": [round(x, 4) for x in tm.terms(s, j, nets)],
                    "worth": round(tm.worth(s, j, nets), 3)})
    return out


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
                        rows += _rows(s, sd, lv)
                view = rules.view(s, d.seat)
                bot = bots.make_bot("terra_mystica", lv[d.seat], sd * 1_000_003 + n)
                s = rules.apply(s, bot.choose(rules, view, d.seat))
            final = [p.VP for p in s.players]
            for row in rows:
                row["final"] = final[row["seat"]]
                fh.write(json.dumps(row) + "\n")
            print(sd, lv, final, len(rows), flush=True)


def league(folder: str, out: str) -> None:
    """Record the same rows from the real league games (``shared/data/terra_mystica/snellman_games``):
    each ledger replayed through our engine, every seat's parts at every main decision, its final VP."""
    from tm_replay import FOLDER, replay_league

    rules = catalogue.get("terra_mystica").rules()
    rows: list[dict] = []
    with open(out, "a") as fh:
        for path, s in replay_league(rules, lambda path, s, *_: rows.extend(_rows(s, path.stem, ["league"] * len(s.players))),
                                     folder or FOLDER):
            final = [p.VP for p in s.players]
            for row in rows:
                row["final"] = final[row["seat"]]
                fh.write(json.dumps(row) + "\n")
            print(path.name, final, len(rows), flush=True)
            rows.clear()


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


FACTIONS = sorted(tm.FACTIONS)


def fit_round(rows: list[dict], lam: float, prior: list[float], free: list[int],
              by_faction: bool = True) -> tuple[list[float], float]:
    """Ridge fit of final - VP = base + sum w_k t_k over the terms ``free`` (others keep ``prior``),
    the weights pulled toward ``prior`` with strength ``lam`` per row. With ``by_faction`` each
    faction gets its own constant as well (how well the bots play it is no part of a position's
    worth: without it the weights learn which factions do well), which the result leaves out."""
    nf = len(FACTIONS) if by_faction else 0
    m = len(free) + 1 + nf
    ata = [[0.0] * m for _ in range(m)]
    atb = [0.0] * m
    for row in rows:
        t = row["terms"]
        y = row["final"] - row["vp"] - sum(prior[k] * t[k] for k in range(len(t)) if k not in free)
        x = [t[k] for k in free] + [1.0]
        if nf:
            x += [1.0 if f == row["faction"] else 0.0 for f in FACTIONS]
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
    for i in range(len(free) + 1, m):
        ata[i][i] += 0.01 * n
    sol = solve(ata, atb)
    w = list(prior)
    for i, k in enumerate(free):
        w[k] = sol[i]
    base = sol[len(free)]
    if nf:  # the constant of the average faction played
        base += sum(sol[len(free) + 1 + FACTIONS.index(r["faction"])] for r in rows) / n
    return w, base


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


def use_tables(path: str) -> None:
    """Put fitted tables into worth (round 0, the set-up, uses round 1's)."""
    with open(path) as fh:
        d = json.load(fh)
    scale = {int(r): tuple(w) for r, w in d["SCALE"].items()}
    base = {int(r): float(b) for r, b in d["BASE"].items()}
    scale[0], base[0] = scale[1], base[1]
    tm.SCALE.update(scale)
    tm.BASE.update(base)


def play(args) -> None:
    import time

    from tabletop_tui import tournament

    if args.tables:
        use_tables(args.tables)
    rules = catalogue.get("terra_mystica").rules()
    levels = args.bots.split(",")
    tot = {lv: [0, 0] for lv in levels}
    times: list[float] = []
    for k in range(args.games):
        sl = [levels[(i + k) % len(levels)] for i in range(4)]
        res, moves = tournament.play_game(rules, sl, args.seed + k, None, time.process_time)
        for i, lv in enumerate(sl):
            tot[lv][0] += res.scores[i]
            tot[lv][1] += 1
        times += [dt for seat, dt, *_ in moves if sl[seat] == levels[0]]
        print(args.seed + k, sl, res.scores, flush=True)
    times.sort()
    n = len(times)
    print(json.dumps({"mean_score": {lv: round(a / max(b, 1), 2) for lv, (a, b) in tot.items()},
                      "median_s": round(times[n // 2], 3), "max_s": round(times[-1], 3)}))


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("record")
    a.add_argument("--seed", type=int, default=1000)
    a.add_argument("--games", type=int, default=20)
    a.add_argument("--out", required=True)
    a.add_argument("--bots", default="medium")
    a.add_argument("--every", type=int, default=1)
    a.add_argument("--tables", help="JSON from fit --save: record games played with these weights")
    f = sub.add_parser("fit")
    f.add_argument("--train", nargs="+", required=True)
    f.add_argument("--test", nargs="+", required=True)
    f.add_argument("--lam", type=float, default=0.05)
    f.add_argument("--free", default="all", help="comma-separated term names, or all")
    f.add_argument("--no-faction", action="store_true", help="no constant per faction")
    f.add_argument("--nonneg", action="store_true", help="no part may count against (a weight found "
                   "below 0 is set to 0 and the rest fitted again)")
    f.add_argument("--save", help="write the fitted SCALE and BASE to this JSON file")
    lg = sub.add_parser("league", help="record the real league games' positions")
    lg.add_argument("--folder", default=None, help="default: tm_replay.FOLDER (the shared league games; "
                    "the old default, relative to the working directory, found no game from benchmarks/)")
    lg.add_argument("--out", required=True)
    g = sub.add_parser("play", help="a four-player tournament with worth's tables read from a file")
    g.add_argument("--tables", help="JSON from fit --save (default: the module's own)")
    g.add_argument("--bots", default="medium")
    g.add_argument("--games", type=int, default=10)
    g.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args()
    if args.cmd == "record":
        if args.tables:
            use_tables(args.tables)
        record(args.seed, args.games, args.out, args.bots.split(","), args.every)
        return
    if args.cmd == "league":
        league(args.folder, args.out)
        return
    if args.cmd == "play":
        play(args)
        return
    train = [r for p in args.train for r in load(p)]
    test = [r for p in args.test for r in load(p)]
    names = list(tm.TERMS)
    free = list(range(len(names))) if args.free == "all" else [names.index(x) for x in args.free.split(",")]
    tables = {}
    for r in range(1, 7):
        prior = list(tm.SCALE[r])
        rs = [x for x in train if x["round"] == r]
        fr = list(free)
        tables[r] = fit_round(rs, args.lam, prior, fr, not args.no_faction) if rs else (prior, 0.0)
        while args.nonneg and rs and any(tables[r][0][k] < 0 for k in fr):
            for k in fr:
                if tables[r][0][k] < 0:
                    prior[k] = 0.0
            fr = [k for k in fr if tables[r][0][k] >= 0]
            tables[r] = fit_round(rs, args.lam, prior, fr, not args.no_faction)
    report(train, tables, "train")
    e = report(test, tables, "held out")
    print(f"held-out RMSE over all rounds: {e:.2f}", file=sys.stderr)
    print("SCALE = {")
    for r in range(1, 7):
        w, b = tables[r]
        print(f"    {r}: ({', '.join(f'{x:.2f}' for x in w)}),")
    print("}")
    print("BASE = {" + ", ".join(f"{r}: {tables[r][1]:.1f}" for r in range(1, 7)) + "}")
    if args.save:
        with open(args.save, "w") as fh:
            json.dump({"SCALE": {r: tables[r][0] for r in range(1, 7)},
                       "BASE": {r: tables[r][1] for r in range(1, 7)}}, fh)
    print("by term:")
    for k, nm in enumerate(names):
        print(f"  {nm:13s}", " ".join(f"{tables[r][0][k]:6.2f}" for r in range(1, 7)))


if __name__ == "__main__":
    main()
