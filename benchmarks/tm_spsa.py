"""Terra Mystica: tune medium's ``worth`` weights by how the bots PLAY, not by how well worth predicts
(issue 36 item 1). Simultaneous-perturbation stochastic approximation (SPSA, Spall 1992) on the table's
VP a faction in all-medium four-player games.

Earlier sessions fitted worth's weights so that worth *predicts* the final VP of the bots' own games
(``tm_calibrate.py``) or ranks the league's choices first (``tm_choice.py``); neither asks which
weights make the bots *score* most, and single weights moved by hand stayed within noise. Here
each iteration plays the same K seeds twice, with every parameter moved up in one and down in the
other by a random sign (common seeds: the difference is paired), and steps each parameter along
the difference. The objective is the issue's figure: the table's mean VP a faction.

The parameters are log-multipliers of worth's weights (``SCALE``), one per part of worth for rounds
0-2 and one for rounds 3-5 (round 6 as fitted), and a few knobs of the heuristic (see ``KNOBS``).

    PYTHONPATH=. .venv/bin/python benchmarks/tm_spsa.py run --iters 120 --games 12 --out runs/tm_spsa.jsonl
    PYTHONPATH=. .venv/bin/python benchmarks/tm_spsa.py eval --theta runs/tm_spsa.jsonl --games 16 --seed 1000
    PYTHONPATH=. .venv/bin/python benchmarks/tm_spsa.py show --theta runs/tm_spsa.jsonl

``eval`` plays the last (or ``--at K``) centre of a run against the weights as on main, paired on
the same seeds. ``show`` prints the tuned SCALE as Python, to paste into ``bots/terra_mystica.py``.
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import random
import statistics
import sys

from tabletop_tui import catalogue, tournament
from tabletop_tui.bots import terra_mystica as tm

SCALE0 = {r: tuple(w) for r, w in tm.SCALE.items()}
STRUCTURE0 = dict(tm.STRUCTURE)
LEECH0 = dict(tm.LEECH_MAX)
START_RIVAL0 = tm.START_RIVAL
SECOND_WEIGHT0 = tm.SECOND_WEIGHT

EARLY = (0, 1, 2)
MID = (3, 4, 5)
#: the knobs beyond worth's weights: (name, perturbation size, kind) — "log": a multiplier
#: exp(theta); "add": added to the value as on main
KNOBS = (("STRUCTURE_TE", 0.25, "log"), ("STRUCTURE_SH", 0.25, "log"), ("START_RIVAL", 0.3, "add"),
         ("LEECH", 0.6, "add"), ("SECOND_WEIGHT", 0.25, "log"))
NAMES = [f"{t}@early" for t in tm.TERMS] + [f"{t}@mid" for t in tm.TERMS] + [k[0] for k in KNOBS]
C_TERM = 0.25


def sizes() -> list[float]:
    return [C_TERM] * (2 * len(tm.TERMS)) + [k[1] for k in KNOBS]


def apply(theta: list[float]) -> None:
    """Set the heuristic's module globals to ``theta`` (zeros: as on main)."""
    n = len(tm.TERMS)
    scale = {}
    for r, w in SCALE0.items():
        if r in EARLY:
            scale[r] = tuple(w[i] * math.exp(theta[i]) for i in range(n))
        elif r in MID:
            scale[r] = tuple(w[i] * math.exp(theta[n + i]) for i in range(n))
        else:
            scale[r] = w
    tm.SCALE.clear()
    tm.SCALE.update(scale)
    knob = dict(zip([k[0] for k in KNOBS], theta[2 * n:]))
    tm.STRUCTURE.update(STRUCTURE0)
    tm.STRUCTURE["TE"] = STRUCTURE0["TE"] * math.exp(knob["STRUCTURE_TE"])
    tm.STRUCTURE["SH"] = STRUCTURE0["SH"] * math.exp(knob["STRUCTURE_SH"])
    tm.START_RIVAL = START_RIVAL0 + knob["START_RIVAL"]
    tm.LEECH_MAX.clear()
    tm.LEECH_MAX.update({r: v + knob["LEECH"] for r, v in LEECH0.items()})
    tm.SECOND_WEIGHT = SECOND_WEIGHT0 * math.exp(knob["SECOND_WEIGHT"])


_RULES = None


def table_vp(seed: int, watch: object = None) -> float:
    """One all-medium four-player game with the heuristic's knobs as they are set now: the
    table's VP a faction (``watch``: a tournament ``PLAY_WATCH`` that sees every move)."""
    global _RULES
    if _RULES is None:
        _RULES = catalogue.get("terra_mystica").rules()
    res, _moves = tournament.play_game(_RULES, ["medium"] * 4, seed, None, watch=watch)
    return statistics.mean(res.scores[i] for i in range(4))


def play(job: tuple) -> float:
    """One all-medium four-player game with parameters theta: the table's VP a faction."""
    theta, seed = job
    apply(theta)
    return table_vp(seed)


def run(args) -> None:
    d = len(NAMES)
    theta = [0.0] * d
    start = 0
    if args.resume:
        with open(args.out) as fh:
            last = [json.loads(x) for x in fh if x.strip()][-1]
        theta, start = last["theta"], last["iter"] + 1
    c = sizes()
    rng = random.Random(args.rng + start)
    rms = args.rms
    with mp.Pool(args.procs) as pool, open(args.out, "a") as out:
        for k in range(start, start + args.iters):
            delta = [rng.choice((-1, 1)) for _ in range(d)]
            plus = [theta[i] + c[i] * delta[i] for i in range(d)]
            minus = [theta[i] - c[i] * delta[i] for i in range(d)]
            seeds = [args.seed + k * args.games + g for g in range(args.games)]
            jobs = [(plus, s) for s in seeds] + [(minus, s) for s in seeds]
            vals = pool.map(play, jobs, chunksize=1)
            fp, fm = statistics.mean(vals[:args.games]), statistics.mean(vals[args.games:])
            diff = fp - fm
            rms = math.sqrt(0.9 * rms * rms + 0.1 * diff * diff)
            step = args.lr * diff / max(rms, 1e-6)
            step = max(-2.0, min(2.0, step))
            theta = [theta[i] + step * c[i] * delta[i] for i in range(d)]
            theta = [max(-args.bound, min(args.bound, x)) for x in theta]
            rec = {"iter": k, "seeds": [seeds[0], seeds[-1]], "plus": round(fp, 3), "minus": round(fm, 3),
                   "diff": round(diff, 3), "rms": round(rms, 3), "theta": [round(x, 4) for x in theta]}
            out.write(json.dumps(rec) + "\n")
            out.flush()
            print(json.dumps({x: rec[x] for x in ("iter", "plus", "minus", "diff", "rms")}), flush=True)


def load_theta(path: str, at: int | None) -> list[float]:
    with open(path) as fh:
        recs = [json.loads(x) for x in fh if x.strip()]
    if at is None:
        return recs[-1]["theta"]
    return next(r["theta"] for r in recs if r["iter"] == at)


def evaluate(args) -> None:
    theta = load_theta(args.theta, args.at) if args.theta else [0.0] * len(NAMES)
    if args.scale:
        theta = [x * args.scale for x in theta]
    base = [0.0] * len(NAMES)
    seeds = list(range(args.seed, args.seed + args.games))
    with mp.Pool(args.procs) as pool:
        a = pool.map(play, [(theta, s) for s in seeds], chunksize=1)
        b = pool.map(play, [(base, s) for s in seeds], chunksize=1) if not args.no_base else None

    def ci(xs):
        return 1.96 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0

    out = {"seeds": [seeds[0], seeds[-1]], "tuned": round(statistics.mean(a), 2), "tuned_ci95": round(ci(a), 2),
           "tuned_per_game": a}
    if b is not None:
        dd = [x - y for x, y in zip(a, b)]
        out.update({"main": round(statistics.mean(b), 2), "main_ci95": round(ci(b), 2),
                    "paired": round(statistics.mean(dd), 2), "paired_ci95": round(ci(dd), 2)})
    print(json.dumps(out))


def show(args) -> None:
    theta = load_theta(args.theta, args.at)
    apply(theta)
    print("SCALE = {")
    for r in range(1, 7):
        print(f"    {r}: ({', '.join(f'{w:.2f}' for w in tm.SCALE[r])}),")
    print("}")
    for name, x in zip(NAMES, theta):
        if abs(x) > 0.05:
            print(f"# {name}: {x:+.3f}", file=sys.stderr)
    print(f"# STRUCTURE {tm.STRUCTURE}, START_RIVAL {tm.START_RIVAL:.3f}, LEECH_MAX {tm.LEECH_MAX}, "
          f"SECOND_WEIGHT {tm.SECOND_WEIGHT:.3f}", file=sys.stderr)


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--iters", type=int, default=100)
    r.add_argument("--games", type=int, default=12)
    r.add_argument("--seed", type=int, default=30000)
    r.add_argument("--procs", type=int, default=2)
    r.add_argument("--lr", type=float, default=0.15)
    r.add_argument("--rms", type=float, default=4.0)
    r.add_argument("--bound", type=float, default=1.5)
    r.add_argument("--rng", type=int, default=1)
    r.add_argument("--resume", action="store_true")
    r.add_argument("--out", required=True)
    e = sub.add_parser("eval")
    e.add_argument("--theta")
    e.add_argument("--at", type=int)
    e.add_argument("--scale", type=float)
    e.add_argument("--games", type=int, default=16)
    e.add_argument("--seed", type=int, default=1000)
    e.add_argument("--procs", type=int, default=2)
    e.add_argument("--no-base", action="store_true")
    s = sub.add_parser("show")
    s.add_argument("--theta", required=True)
    s.add_argument("--at", type=int)
    args = ap.parse_args()
    {"run": run, "eval": evaluate, "show": show}[args.cmd](args)


if __name__ == "__main__":
    main()
