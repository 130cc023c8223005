"""Terra Mystica, all-hard four players: how well does the hard bot's model of its rivals predict
what a hard rival really plays? (session 27, branch tmrival; issue 36 item 1)

The hard bot's rollouts play every rival by medium's policy; with four players without medium's
second look (``SECOND_OTHERS[4] = False``). At an all-hard table the rivals are hard. This plays
an all-hard game and, at the start of every main turn in play, compares the macro the hard seat
plays (its main action: the first action of the macro that is not a conversion or a burn) with
the macro medium would play there with its second look and without it.

    PYTHONPATH=. .venv/bin/python benchmarks/tm_rival_model.py --seed 7001 [--players 4]

Prints one JSON line per game: turns compared, agreement of hard's main action with each model,
and (when they differ) how far down medium's own ranking hard's pick sits.
"""
from __future__ import annotations

import argparse
import json

from tabletop_tui import bots, catalogue
from tabletop_tui.bots import terra_mystica as tm
from tabletop_tui.bots import terra_mystica_search as search


def _main_action(plan: list):
    return next((x for x in plan if x.kind not in tm.FREE), plan[-1])


def _medium_order(rules, view, seat, second: bool) -> list:
    """Medium's main actions, best first (one entry per main action)."""
    plans = tm._plans(rules, view, seat)
    if second:
        plans = tm._second_look(rules, plans, seat)
    out = []
    for _v, plan, _end in sorted(plans, key=lambda x: -x[0]):
        k = _main_action(plan)
        if k not in out:
            out.append(k)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=7001)
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    rules = catalogue.get("terra_mystica").rules()
    for g in range(args.games):
        seed = args.seed + g
        s = rules.setup([f"Hard {i + 1}" for i in range(args.players)], seed, {})
        n_cmp = same2 = same1 = same_either = 0
        rank2, rank1 = [], []
        for n in range(20000):
            d = rules.pending(s)
            if d is None:
                break
            view = rules.view(s, d.seat)
            start = d.kind == "main" and s.phase == "play" and s.step == "main" and s.chain == 0
            if start and tm._ordination(view, d.seat) is None:
                ranked = search.scored(rules, view, d.seat)
                if ranked:
                    pick = _main_action(search._not_passing_early(ranked, view)[1])
                    o2 = _medium_order(rules, view, d.seat, True)
                    o1 = _medium_order(rules, view, d.seat, False)
                    n_cmp += 1
                    same2 += o2[0] == pick
                    same1 += o1[0] == pick
                    same_either += o2[0] == pick or o1[0] == pick
                    rank2.append(o2.index(pick) if pick in o2 else len(o2))
                    rank1.append(o1.index(pick) if pick in o1 else len(o1))
            a = bots.make_bot("terra_mystica", "hard", seed * 1_000_003 + n).choose(rules, view, d.seat)
            s = rules.apply(s, a)
        print(json.dumps({"seed": seed, "turns": n_cmp,
                          "hard_is_medium_with_second_look": round(same2 / max(1, n_cmp), 3),
                          "hard_is_medium_without": round(same1 / max(1, n_cmp), 3),
                          "hard_is_either": round(same_either / max(1, n_cmp), 3),
                          "mean_rank_with": round(sum(rank2) / max(1, n_cmp), 2),
                          "mean_rank_without": round(sum(rank1) / max(1, n_cmp), 2),
                          "vp": [q.VP for q in s.players]}), flush=True)


if __name__ == "__main__":
    main()
