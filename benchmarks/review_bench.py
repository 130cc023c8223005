"""`make bench`: how long the review of a whole game takes (issue 46: a four-player Terra Mystica
game within 3 minutes on two cores, Piratissimo within 20 s). Report only, never a test.

Per title: a seeded game played to the end by medium for every seat, every seat a person's, then
``review.review(match, "hard")`` with two processes rating decisions (as `tabletop review` and the
game-over page do). Prints wall seconds, decisions rated, seconds a decision; writes
benchmarks/review_latest.json. ``python benchmarks/review_bench.py [GAME ...] [--players N]``.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tabletop_tui import review  # noqa: E402
from tabletop_tui.match import Match, Seat  # noqa: E402

#: the issue's goals, in seconds (None: none set)
GOALS = {"terra_mystica": 180.0, "piratissimo": 20.0}
TITLES = ("piratissimo", "finca", "finis_terrae", "maracaibo", "terra_mystica")


def game(game_id: str, players: int, seed: int = 3) -> Match:
    m = Match(game_id, [Seat(f"P{i + 1}") for i in range(players)], seed)
    while not m.over:
        m.play(m.bot_job(level="medium")())
    return m


def main() -> None:
    args = sys.argv[1:]
    players = 4
    if "--players" in args:
        k = args.index("--players")
        players = int(args[k + 1])
        del args[k:k + 2]
    out = []
    for g in args or TITLES:
        m = game(g, players)
        n = len(review.decisions(m))
        pool = review.pool_of(2)
        t = time.perf_counter()
        try:
            review.review(m, "hard", pool=pool)
        finally:
            if pool is not None:
                pool.shutdown()
        wall = time.perf_counter() - t
        goal = GOALS.get(g)
        row = {"game": g, "players": players, "decisions": n, "seconds": round(wall, 1),
               "per_decision": round(wall / max(n, 1), 3), "goal": goal}
        out.append(row)
        mark = "" if goal is None else (" (goal ≤ %.0f s: %s)" % (goal, "met" if wall <= goal else "NOT met"))
        print(f"{g}, {players} players: {n} decisions reviewed by hard in {wall:.1f} s "
              f"({wall / max(n, 1):.2f} s each){mark}", flush=True)
    (ROOT / "benchmarks" / "review_latest.json").write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
