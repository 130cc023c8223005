"""`make fuzz`: long random playout campaigns for every game with an engine, every player count,
with the strict checks of tabletop_tui.playout (invariants, immutability, notation and JSON round
trips). FUZZ_GAMES sets games per count (default 1000). Then the bots' full tournaments
(benchmarks/bots.py; FUZZ_BOT_GAMES_MR / FUZZ_BOT_GAMES_HM games, default 200 / 100, Terra Mystica
and Maracaibo a share of that; FUZZ_BOT_GAMES_TM_MEDIUM / _TM_HARD four-player Terra Mystica games,
default 10 / 4; FUZZ_BOTS=0 skips them), written to benchmarks/fuzz_latest.json. Before those, the
ledger's property (tabletop_tui/ledger_audit.py, issues 32 and 45: every change told with its
reason, the running totals the state after every move, no entry rewritten) over FUZZ_LEDGER_GAMES
seeded games per title (default 1000, every player count in turn) and FUZZ_LEDGER_BOT_GAMES played
by the easy bots (default 20). Exit 1 on any playout or ledger error."""
from __future__ import annotations

import json
import os
import sys
import time

from tabletop_tui import catalogue
from tabletop_tui.ledger_audit import audit_game
from tabletop_tui.playout import simulate


def ledger_campaign(games: int, only: list[str], bot_games: int = 0) -> int:
    """The ledger's property over ``games`` seeded random games per title, then ``bot_games``
    played by the easy bots; prints the first failing entry of each title (game, seed, move,
    line). Returns how many games failed."""
    bad = 0
    for g in catalogue.GAMES:
        if (only and g.id not in only) or g.rules() is None:
            continue
        for level, count in (("random", games), ("easy", bot_games)):
            if not count:
                continue
            t0, failed, first = time.perf_counter(), 0, None
            for seed in range(1, count + 1):
                f = audit_game(g.id, seed, g.min_players + seed % (g.max_players - g.min_players + 1),
                               level=level)
                if f is not None:
                    failed += 1
                    first = first or f
            print(f"{g.id} ledger ({level} play): {count - failed}/{count} games keep the property, "
                  f"{time.perf_counter() - t0:.1f}s" + (f"\n    first: {first}" if first else ""), flush=True)
            bad += failed
    return bad


def main() -> int:
    games = int(os.environ.get("FUZZ_GAMES", "1000"))
    only = sys.argv[1:]
    bad = ledger_campaign(int(os.environ.get("FUZZ_LEDGER_GAMES", "1000")), only,
                          int(os.environ.get("FUZZ_LEDGER_BOT_GAMES", "20")))
    for g in catalogue.GAMES:
        if only and g.id not in only:
            continue
        rules = g.rules()
        if rules is None:
            print(f"{g.id}: no rules engine yet")
            continue
        for n in range(g.min_players, g.max_players + 1):
            t0 = time.perf_counter()
            st = simulate(rules, n, games, seed=10_000 * n)
            print(f"{g.id} {n}p: {st.completed}/{st.games} completed, {len(st.errors)} errors, "
                  f"{time.perf_counter() - t0:.1f}s", flush=True)
            for e in st.errors[:5]:
                print("   ", e)
            bad += len(st.errors)
    if os.environ.get("FUZZ_BOTS", "1") != "0":
        # the bots' full tournaments (issue 11): medium vs random, hard vs medium
        sys.path.insert(0, os.path.dirname(__file__))
        import bots as bot_bench

        games_ids = tuple(g for g in bot_bench.GAMES if not only or g in only)
        figs = bot_bench.figures(int(os.environ.get("FUZZ_BOT_GAMES_MR", "200")),
                          int(os.environ.get("FUZZ_BOT_GAMES_HM", "100")), games_ids,
                          tm_medium_games=int(os.environ.get("FUZZ_BOT_GAMES_TM_MEDIUM", "10")),
                          tm_hard_games=int(os.environ.get("FUZZ_BOT_GAMES_TM_HARD", "4")))
        out = os.path.join(os.path.dirname(__file__), "fuzz_latest.json")
        with open(out, "w") as f:
            json.dump({"bots": figs}, f, indent=1)
        print(f"bot figures written to {out}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
