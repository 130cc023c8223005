"""Terra Mystica: the league's economy per faction a game, to set beside the bots' (issue 36).

The 35 four-player league games (``shared/data/terra_mystica/snellman_games``) replayed through
our engine: dwellings built, transforms, upgrades, power and special actions, conversions, priests
sent, shipping/digging advances, and at the end towns, favours, buildings, shipping and digging
levels; then the same per faction. The bots' figures: ``benchmarks/tm_stats.py``.

    PYTHONPATH=. .venv/bin/python benchmarks/tm_league_economy.py
"""
from __future__ import annotations

import collections
import json
import pathlib

from tabletop_tui import catalogue
from tabletop_tui.rules.terra_mystica.snellman import import_snellman

FOLDER = pathlib.Path(__file__).resolve().parents[2] / "shared" / "data" / "terra_mystica" / "snellman_games"
END = ("VP", "ship", "dig", "towns", "favors", "SH", "SA", "TE", "TP", "D")


def main(folder: pathlib.Path = FOLDER) -> None:
    rules = catalogue.get("terra_mystica").rules()
    agg: collections.Counter = collections.Counter()
    sh_round: collections.Counter = collections.Counter()
    per_faction: dict[str, list] = collections.defaultdict(list)
    seats = 0
    for path in sorted(folder.glob("*.txt")):
        try:
            options, names, actions = import_snellman(path.read_text())
        except ValueError:
            continue
        s = rules.setup(names, 0, options)
        for text in actions:
            a = rules.parse(s, text)
            if s.phase == "play":
                if a.kind == "upgrade":
                    agg["up_" + a.b] += 1
                    if a.b == "SH":
                        sh_round[s.round] += 1
                elif a.kind in ("build", "send", "advance", "transform"):
                    agg[a.kind] += 1
                elif a.kind == "action":
                    agg["action_" + a.a] += 1
                elif a.kind == "burn":
                    agg["burned"] += a.n
                elif a.kind == "convert":
                    agg["conv_" + a.a + a.b] += a.n
            s = rules.apply(s, a)
        for q in s.players:
            seats += 1
            end = (q.VP, q.ship, q.dig, len(q.towns), len(q.favors), q.counts["SH"], q.counts["SA"],
                   q.counts["TE"], q.counts["TP"], q.counts["D"])
            per_faction[q.faction].append(end)
            for k, v in zip(END, end):
                agg["end_" + k] += v
    print(json.dumps({"factions": seats, **{k: round(v / seats, 2) for k, v in sorted(agg.items())},
                      "strongholds_by_round": dict(sorted(sh_round.items()))}))
    for f, rows in sorted(per_faction.items(), key=lambda x: -len(x[1])):
        print(json.dumps({"faction": f, "seats": len(rows),
                          **{k: round(sum(r[i] for r in rows) / len(rows), 2) for i, k in enumerate(END)}}))


if __name__ == "__main__":
    main()
