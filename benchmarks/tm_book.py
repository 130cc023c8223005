"""Build Terra Mystica's opening book for the hard bot from the 35 league games (issue 36).

The league records (``shared/data/terra_mystica/snellman_games``) are replayed through our engine;
for every seat the script notes its faction, its start dwellings in the order placed, its first
bonus card and its buildings at the end of rounds 1 to 3 (how many reached a trading house or
more, a temple or more, a stronghold, a sanctuary). It prints the book as the Python literal that
``tabletop_tui/bots/terra_mystica_book.py`` holds (``BOOK``), so the game does not need the data
folder:

    PYTHONPATH=. .venv/bin/python benchmarks/tm_book.py > /tmp/book.txt
"""
from __future__ import annotations

import collections
import pathlib
import pprint

from tabletop_tui import catalogue
from tabletop_tui.rules.terra_mystica.snellman import import_snellman

FOLDER = pathlib.Path(__file__).resolve().parents[2] / "shared" / "data" / "terra_mystica" / "snellman_games"
ROUNDS = (1, 2, 3)


def levels(counts: dict) -> dict:
    """Buildings by what they reached: a trading house or more, a temple or more, SH, SA."""
    return {"TP+": counts["TP"] + counts["TE"] + counts["SH"] + counts["SA"],
            "TE+": counts["TE"] + counts["SA"], "SH": counts["SH"], "SA": counts["SA"]}


def records(folder: pathlib.Path = FOLDER) -> list[dict]:
    rules = catalogue.get("terra_mystica").rules()
    out = []
    for path in sorted(folder.glob("*.txt")):
        try:
            options, names, actions = import_snellman(path.read_text())
        except ValueError:
            continue
        s = rules.setup(names, 0, options)
        n = len(names)
        recs = [{"game": path.name, "place": [], "bonus": None, "built": {}} for _ in range(n)]
        for text in actions:
            d = rules.pending(s)
            a = rules.parse(s, text)
            if s.phase == "place" and a.kind == "build":
                recs[d.seat]["place"].append(a.a)
            if s.phase == "bonus" and a.kind == "take":
                recs[d.seat]["bonus"] = a.a
            r0 = s.round
            s = rules.apply(s, a)
            if s.round != r0 and r0 in ROUNDS:
                for i in range(n):
                    recs[i]["built"][r0] = levels(s.players[i].counts)
        for i in range(n):
            recs[i]["faction"] = s.players[i].faction
            recs[i]["vp"] = s.players[i].VP
        out += recs
    return out


def book(recs: list[dict]) -> dict:
    by = collections.defaultdict(list)
    for r in recs:
        by[r["faction"]].append(r)
    out = {}
    for f, rs in sorted(by.items()):
        lines = collections.Counter(tuple(r["place"]) for r in rs)
        built = {}
        for rd in ROUNDS:
            got = [r["built"][rd] for r in rs if rd in r["built"]]
            # the building a majority of the league's seats of this faction had by the round's end
            built[rd] = {k: sorted(g[k] for g in got)[len(got) // 2] for k in ("TP+", "TE+", "SH", "SA")}
        out[f] = {"games": len(rs), "place": [(list(k), c) for k, c in lines.most_common()],
                  "bonus": collections.Counter(r["bonus"] for r in rs).most_common(),
                  "built": built}
    return out


if __name__ == "__main__":
    pprint.pprint(book(records()), width=110, sort_dicts=True)
