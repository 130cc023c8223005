"""Terra Mystica's ``worth`` fitted to the league players' CHOICES (a conditional-logit model).

A fit of worth to final VP (``tm_calibrate.py``, ``tm_worth_fit.py``) learns which positions belong
to seats that end well, not what an action is worth: a seat holding resources is often a seat doing
well, so such fits value holding (and the bot then hoards: on the league's games alone −3 to −7 VP
a faction in play). A bot's choice only depends on the DIFFERENCES of worth between the end
positions of the macros it can play. So here, at league players' main turns (the 35 league games
replayed through our engine), the end position of each of medium's macros (``_plans``) and the end
position of the league player's own turn are recorded with their parts (``terms``); the weights are
then fitted per round so that the league player's choice has the highest worth:
P(choice) ∝ exp(beta · worth(end)), worth = VP + Σ w_k · part_k, by gradient ascent of the
log-likelihood with a ridge pull toward the module's ``SCALE`` (standard library only).

    cd benchmarks
    PYTHONPATH=.. python tm_choice.py record --every 3 --part 0/2 --out /tmp/choice0.jsonl
    PYTHONPATH=.. python tm_choice.py record --every 3 --part 1/2 --out /tmp/choice1.jsonl
    PYTHONPATH=.. python tm_choice.py fit --data /tmp/choice0.jsonl /tmp/choice1.jsonl --save /tmp/c.json

``fit`` also says, on held-out games (by fold), how often the league's turn is the best of the
recorded ends and its mean rank, with the module's weights and with the fitted ones.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import zlib

from tabletop_tui import catalogue
from tabletop_tui.bots import terra_mystica as tm

NT = len(tm.TERMS)


def league_end(rules, s, seat, actions, i):
    """The position at the end of the league player's turn (before the conversions it makes after
    its main action, as medium's macros end), or None when an answer out of turn comes first."""
    main_done = False
    for text in actions[i:i + 16]:
        d = rules.pending(s)
        if d is None or d.seat != seat:
            return s if main_done else None
        if main_done and d.kind in ("after", "main"):
            return s
        a = rules.parse(s, text)
        if a.kind in ("leech", "decline"):
            return s if main_done else None
        s = rules.apply(s, a)
        if a.kind not in tm.FREE:
            main_done = True
            if a.kind == "pass":
                return s
    return s if main_done else None


def _row(s, seat) -> list:
    return [s.players[seat].VP, [round(x, 4) for x in tm.terms(s, seat)]]


def record(args) -> None:
    from tm_replay import FOLDER, replay_league

    rules = catalogue.get("terra_mystica").rules()
    k, m = (int(x) for x in args.part.split("/"))
    count = [0]
    fh = open(args.out, "a")

    def at(path, s, d, actions, i):
        if zlib.crc32(path.name.encode()) % m != k:
            return
        count[0] += 1
        if count[0] % args.every:
            return
        seat = d.seat
        end = league_end(rules, s, seat, actions, i)
        if end is None:
            return
        view = rules.view(s, seat)
        cands = []
        seen = set()
        for _v, plan, t in tm._plans(rules, view, seat):
            key = tuple(plan)
            if key in seen:
                continue
            seen.add(key)
            cands.append(_row(t, seat))
        fh.write(json.dumps({"game": path.stem, "round": s.round, "seat": seat,
                             "faction": s.players[seat].faction, "chosen": _row(end, seat),
                             "cands": cands}) + "\n")

    for path, _s in replay_league(rules, at, args.folder or FOLDER):
        if zlib.crc32(path.name.encode()) % m == k:
            print(path.name, count[0], flush=True)
            fh.flush()
    fh.close()


def _load(paths) -> list[dict]:
    out = []
    for p in paths:
        with open(p) as fh:
            out += [json.loads(x) for x in fh if x.strip()]
    return out


def _decisions(rows, r, top: int, in_cands: bool = False):
    """Per decision of round r: the chosen end and the candidates as (VP, terms) (the candidates
    that are the league's own end are left out: the chosen one is listed once). With ``in_cands``
    only the decisions where the league's turn is one of medium's macros (what medium can do)."""
    out = []
    for row in rows:
        if row["round"] != r:
            continue
        ch = row["chosen"]
        if in_cands and ch not in row["cands"]:
            continue
        cs = [c for c in row["cands"] if c != ch]
        if not cs:
            continue
        # the candidates ranked by the module's worth; the best ``top`` kept (the rest are rarely close)
        w = tm.SCALE[r]
        cs.sort(key=lambda c: -(c[0] + sum(a * b for a, b in zip(w, c[1]))))
        out.append((row["game"], ch, cs[:top]))
    return out


def loglik(dec, w, beta):
    ll = 0.0
    grad = [0.0] * NT
    for _g, ch, cs in dec:
        alts = [ch] + cs
        u = [beta * (a[0] + sum(x * y for x, y in zip(w, a[1]))) for a in alts]
        mx = max(u)
        e = [math.exp(x - mx) for x in u]
        z = sum(e)
        ll += u[0] - mx - math.log(z)
        for k in range(NT):
            exp_t = sum(e[j] * alts[j][1][k] for j in range(len(alts))) / z
            grad[k] += beta * (ch[1][k] - exp_t)
    return ll, grad


def fit_round(dec, prior, beta, lam, iters, free):
    """Gradient ascent of the log-likelihood minus lam·n·Σ (w_k − prior_k)²·var_k (a step per part
    scaled by its spread); weights kept >= 0."""
    n = max(len(dec), 1)
    var = []
    for k in range(NT):
        vals = [a[1][k] for _g, ch, cs in dec for a in [ch] + cs]
        mu = sum(vals) / max(len(vals), 1)
        var.append(max(sum((v - mu) ** 2 for v in vals) / max(len(vals), 1), 1e-3))
    w = list(prior)
    lr = [1.0 / (beta * beta * var[k]) for k in range(NT)]
    for _ in range(iters):
        _ll, g = loglik(dec, w, beta)
        for k in free:
            gk = g[k] / n - 2 * lam * var[k] * (w[k] - prior[k])
            w[k] = max(0.0, w[k] + 0.5 * lr[k] * gk)
    return w


def rank_stats(dec, w):
    top = 0
    ranks = 0.0
    for _g, ch, cs in dec:
        uc = ch[0] + sum(x * y for x, y in zip(w, ch[1]))
        better = sum(1 for a in cs if a[0] + sum(x * y for x, y in zip(w, a[1])) > uc)
        top += better == 0
        ranks += better
    n = max(len(dec), 1)
    return top / n, ranks / n


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record")
    r.add_argument("--every", type=int, default=3)
    r.add_argument("--part", default="0/1")
    r.add_argument("--folder")
    r.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("--data", nargs="+", required=True)
    f.add_argument("--beta", type=float, default=0.5)
    f.add_argument("--lam", type=float, default=0.05)
    f.add_argument("--iters", type=int, default=60)
    f.add_argument("--top", type=int, default=12)
    f.add_argument("--rounds", default="1,2,3,4,5", help="rounds fitted (the others keep SCALE)")
    f.add_argument("--free", default="all")
    f.add_argument("--folds", type=int, default=0, help="cross-validate by games (0: no)")
    f.add_argument("--in-cands", action="store_true", help="only the league's turns that medium "
                   "could have played (its end is one of medium's macros' ends)")
    f.add_argument("--save")
    args = ap.parse_args()
    if args.cmd == "record":
        record(args)
        return
    rows = _load(args.data)
    free = list(range(NT)) if args.free == "all" else [tm.TERMS.index(x) for x in args.free.split(",")]
    rounds = [int(x) for x in args.rounds.split(",")]
    games = sorted({row["game"] for row in rows})
    random.Random(1).shuffle(games)
    tables = {}
    for rr in range(1, 7):
        prior = list(tm.SCALE[rr])
        dec = _decisions(rows, rr, args.top, args.in_cands)
        if rr not in rounds or not dec:
            tables[rr] = prior
            continue
        if args.folds:
            before = after = (0.0, 0.0)
            nn = 0
            for fo in range(args.folds):
                test = set(games[fo::args.folds])
                tr = [d for d in dec if d[0] not in test]
                te = [d for d in dec if d[0] in test]
                w = fit_round(tr, prior, args.beta, args.lam, args.iters, free)
                b, a = rank_stats(te, prior), rank_stats(te, w)
                before = (before[0] + b[0] * len(te), before[1] + b[1] * len(te))
                after = (after[0] + a[0] * len(te), after[1] + a[1] * len(te))
                nn += len(te)
            print(f"round {rr}: {nn} held-out decisions: league's turn best {before[0] / nn:.1%} -> "
                  f"{after[0] / nn:.1%}, mean candidates above it {before[1] / nn:.2f} -> {after[1] / nn:.2f}",
                  flush=True)
        w = fit_round(dec, prior, args.beta, args.lam, args.iters, free)
        tables[rr] = w
        print(f"round {rr}: {len(dec)} decisions, train best {rank_stats(dec, prior)[0]:.1%} -> "
              f"{rank_stats(dec, w)[0]:.1%}", flush=True)
    print("by term (round 1..6; the module's now in brackets):")
    for k, nm in enumerate(tm.TERMS):
        print(f"  {nm:13s}", " ".join(f"{tables[r][k]:6.2f}[{tm.SCALE[r][k]:4.2f}]" for r in range(1, 7)))
    if args.save:
        with open(args.save, "w") as fh:
            json.dump({"SCALE": {r: tables[r] for r in range(1, 7)},
                       "BASE": {r: tm.BASE[r] for r in range(1, 7)}}, fh)


if __name__ == "__main__":
    main()
