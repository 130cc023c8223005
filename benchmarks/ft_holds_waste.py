"""Finis Terrae: how the bots use their holds and stash (issue 47, "no wasted tool").

Plays two-player games (``--bots hard,medium`` by default, seats swapped every other game) and
counts, per bot level, over every ship board the bots loaded or paid from:

- ``all in holds``: a sharing of doubloons (the start, a reorganizing in port) that left the
  stash empty with doubloons in the holds, while a storm card could still come;
- ``4 doubloon holds``: a sharing that left every hold full of doubloons (no room for cargo);
- ``repairs split``: the repairs after a wreck (10 doubloons or fewer aboard) spread over more
  than one hold;
- ``lost to storms``: doubloons that went back to the bank in wrecks;
- ``to stash``: reorganizings that put doubloons into the stash; ``final stash``: the mean.

    nice -n 10 .venv/bin/python benchmarks/ft_holds_waste.py --games 40 --seed 4700

Prints one line per level and the games' wins; ``--json`` the figures; ``--lines`` the figures so
far after each game. The games are `tabletop tournament finis_terrae --bots hard,medium`'s on
the same seeds (the same bot seeds, seats swapped every other game).
"""
from __future__ import annotations

import argparse
import json

from tabletop_tui import bots
from tabletop_tui.rules.core import Change, resolve_options
from tabletop_tui.rules.finis_terrae import holds as H
from tabletop_tui.rules.finis_terrae import tiles as T
from tabletop_tui.rules.finis_terrae.engine import RULES


def storm_can_come(s) -> bool:
    """A storm card is still among the cards nobody has seen (the deck or the 2 out of play)."""
    return s.discard.count("storm") < T.COMPONENTS["weather"]["storm"]


def count(level_of: list[str], before, after, figures: dict) -> None:
    d = before.dist
    if d is not None and (after.dist is None or after.dist["seat"] != d["seat"]):
        seat = d["seat"]
        f = figures[level_of[seat]]
        sh = after.ships[seat]
        dbl = [n for k, n in (h for h in sh["holds"] if h) if k == "doubloons"]
        if d["why"] in ("setup", "reorganize"):
            f["sharings"] += 1
            if sh["stash"] == 0 and dbl and storm_can_come(after):
                f["all in holds"] += 1
            if d["why"] == "reorganize" and sh["stash"] > 0:
                f["to stash"] += 1
        if len(dbl) == H.NHOLDS:
            f["4 doubloon holds"] += 1
        if d["why"] == "wreck":
            f["wrecks"] += 1
            if len(dbl) > 1 and sum(dbl) <= 10:
                f["repairs split"] += 1
    for n in after.notes:
        if isinstance(n, Change) and n.what == "$" and n.source == "wreck" and n.amount < 0:
            figures[level_of[n.seat]]["lost to storms"] -= n.amount


def play(levels: list[str], seed: int, figures: dict) -> dict:
    s = RULES.setup([f"{lv} {i + 1}" for i, lv in enumerate(levels)], seed, resolve_options(RULES.options, {}))
    for n in range(RULES.max_actions):
        d = RULES.pending(s)
        if d is None:
            break
        a = bots.make_bot("finis_terrae", levels[d.seat], seed * 1_000_003 + n).choose(RULES, RULES.view(s, d.seat), d.seat)
        t = RULES.apply(s, a)
        count(levels, s, t, figures)
        s = t
    res = RULES.result(s)
    for seat, lv in enumerate(levels):
        figures[lv]["final stash"] += s.ships[seat]["stash"]
        figures[lv]["seats"] += 1
        figures[lv]["wins"] += int(seat in res.ranking[0])
        figures[lv]["VP"] += res.scores[seat]
    return figures


KEYS = ("seats", "wins", "VP", "sharings", "all in holds", "4 doubloon holds", "wrecks", "repairs split",
        "lost to storms", "to stash", "final stash")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=4700)
    ap.add_argument("--bots", default="hard,medium")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--lines", action="store_true", help="print the figures so far after each game")
    args = ap.parse_args()
    pair = args.bots.split(",")
    figures = {lv: {k: 0 for k in KEYS} for lv in pair}
    for g in range(args.games):
        levels = pair if g % 2 == 0 else pair[::-1]
        play(levels, args.seed + g, figures)
        if args.lines:  # the figures so far after each game (a long run read while it goes)
            print(json.dumps({"games": g + 1, **figures}), flush=True)
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    for lv, f in figures.items():
        k = max(1, f["seats"])
        print(f"{lv:7} seats {f['seats']}, wins {f['wins']}, VP {f['VP'] / k:.1f}; sharings {f['sharings']}: "
              f"all in holds {f['all in holds']}, 4 doubloon holds {f['4 doubloon holds']}; wrecks {f['wrecks']}, "
              f"repairs split {f['repairs split']}, {f['lost to storms']} $ lost to storms; "
              f"to stash {f['to stash']}, final stash {f['final stash'] / k:.1f}")


if __name__ == "__main__":
    main()
