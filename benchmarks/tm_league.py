"""How often a Terra Mystica bot's action is of the kind a league player took (issue 36): a figure
to watch, not a test.

The 35 league games (``shared/data/terra_mystica/snellman_games``) are replayed through our
engine; before each league player's turn in rounds 2–5 (the start of a main turn) the bot is asked
for its turn (its free conversions, then its main action), and the two main actions are compared
by kind: build a dwelling, upgrade to which building, power action, other special action, priest
to a cult, shipping or digging level, transform (dig) or bridge, pass.

    PYTHONPATH=. .venv/bin/python benchmarks/tm_league.py --level medium
    PYTHONPATH=. .venv/bin/python benchmarks/tm_league.py --level hard --every 4   # a sample
"""
from __future__ import annotations

import argparse
import collections

from tabletop_tui import bots, catalogue
from tm_replay import FOLDER, replay_league

FREE = ("convert", "burn")


def kind(a) -> str:
    """The kind of a main action, in the words of the comparison."""
    k = a.kind
    if k == "upgrade":
        return f"upgrade to {a.b}"
    if k == "action":
        return "power action" if a.a.startswith("ACT") else "special action"
    if k == "send":
        return "priest"
    if k == "advance":
        return "shipping/digging"
    if k in ("transform", "bridge"):
        return "dig/bridge"
    if k == "build":
        return "build"
    return k


def bot_turn(rules, s, seat, bot):
    """The bot's main action for the turn at hand (its free actions played first, on a copy)."""
    for _ in range(12):
        a = bot.choose(rules, rules.view(s, seat), seat)
        if a.kind not in FREE:
            return a
        s = rules.apply(s, a)
    return a


def league_turn(rules, s, seat, actions, i):
    """The league player's main action: the first one not free from ``actions[i]`` on."""
    for text in actions[i:i + 12]:
        a = rules.parse(s, text)
        if a.kind in ("leech", "decline"):
            return None  # an answer out of turn comes first in the ledger: not a position to compare
        if a.kind not in FREE:
            return a
        s = rules.apply(s, a)
    return None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="medium")
    ap.add_argument("--every", type=int, default=1, help="ask the bot at every k-th position only")
    ap.add_argument("--folder", default=str(FOLDER))
    ap.add_argument("--games", type=int, default=0, help="only the first N games (0: all)")
    args = ap.parse_args()
    rules = catalogue.get("terra_mystica").rules()
    same = collections.Counter()
    seen = collections.Counter()
    pairs = collections.Counter()
    k = 0

    def at_main_turn(path, s, d, actions, i) -> None:
        nonlocal k
        if not 2 <= s.round <= 5:
            return
        k += 1
        if k % args.every == 0:
            theirs = league_turn(rules, s, d.seat, actions, i)
            if theirs is not None:
                bot = bots.make_bot("terra_mystica", args.level, k)
                mine = bot_turn(rules, s, d.seat, bot)
                seen[kind(theirs)] += 1
                same[kind(theirs)] += kind(mine) == kind(theirs)
                pairs[(kind(theirs), kind(mine))] += 1

    for path, _ in replay_league(rules, at_main_turn, args.folder, args.games):
        print(path.name, sum(same.values()), "/", sum(seen.values()), flush=True)
    total = sum(seen.values())
    print(f"{args.level}: the league player's kind of action in {sum(same.values())} of {total} positions "
          f"({sum(same.values()) / max(1, total):.0%})")
    for kd, n in seen.most_common():
        top = [(m, c) for (t, m), c in pairs.most_common() if t == kd and m != kd][:2]
        print(f"  {kd:<18} league {n:>5}  same {same[kd] / n:>5.0%}  else mostly "
              + ", ".join(f"{m} {c}" for m, c in top))


if __name__ == "__main__":
    main()
