"""The bots' figures (issue 11): win rates of medium against random and of hard against medium
in 2-player games, with their 95% Wilson intervals and the number of games, and move times.

Move times are CPU seconds of the bot's own process (time.process_time): the machine that runs
the benchmarks is shared, and wall-clock time there measures the neighbours, not the bot. A
player's machine gives the bot a core, so its CPU time is what the player waits. Medians are
over every move a bot made (forced moves included) and, separately, over moves with a choice.

`make bench` plays a few games (BENCH_BOT_GAMES, default 10 medium-vs-random and 2
hard-vs-medium per game); `make fuzz` the full runs (FUZZ_BOT_GAMES, default 200 and 100).
Run alone: python benchmarks/bots.py [GAME ...] (BOT_GAMES_MR / BOT_GAMES_HM set the counts).
"""
from __future__ import annotations

import os
import sys
import time

from tabletop_tui import catalogue, tournament

#: the games whose bots this file measures by default (Terra Mystica and Maracaibo measure
#: their own goals: see their bot modules)
GAMES = ("piratissimo", "finca", "finis_terrae")
GOALS = {
    "medium_vs_random": {"piratissimo": 0.70, "default": 0.90},
    "hard_vs_medium": {"default": 0.60},
    "medium_median_move_s": 0.5,
    "hard_median_move_s": 2.0,
    "longest_move_s": 5.0,
}


def _goal(key: str, game: str) -> float:
    g = GOALS[key]
    return g.get(game, g["default"])


def match_figures(game: str, levels: list[str], games: int, seed: int) -> dict:
    times: dict[str, list[float]] = {lv: [] for lv in levels}
    chosen: dict[str, list[float]] = {lv: [] for lv in levels}
    rules = catalogue.get(game).rules()
    wins = {lv: 0 for lv in levels}
    for k in range(games):
        seat_levels = [levels[(i + k) % len(levels)] for i in range(2)]
        res, mv = tournament.play_game(rules, seat_levels, seed + k, clock=time.process_time,
                                       on_move=None)
        for i in res.winners:
            wins[seat_levels[i]] += 1
        for seat, dt in mv:
            times[seat_levels[seat]].append(dt)
    # moves with a choice: a second pass is too dear; a forced move takes < 1 ms of CPU
    for lv in levels:
        chosen[lv] = [t for t in times[lv] if t >= 0.001]
    out = {"games": games, "seeds": [seed, seed + games - 1]}
    first = levels[0]
    lo, hi = tournament.wilson(wins[first], games)
    out["win_rate"] = round(wins[first] / games, 3)
    out["win_rate_ci"] = [round(lo, 3), round(hi, 3)]
    for lv in levels:
        v = sorted(times[lv])
        c = sorted(chosen[lv])
        out[f"{lv}_median_move_cpu_s"] = round(v[len(v) // 2], 4) if v else 0.0
        out[f"{lv}_median_choice_cpu_s"] = round(c[len(c) // 2], 4) if c else 0.0
        out[f"{lv}_longest_move_cpu_s"] = round(v[-1], 4) if v else 0.0
    return out


def figures(games_mr: int, games_hm: int, games: tuple = GAMES, seed: int = 1) -> dict:
    out = {}
    for g in games:
        mr = match_figures(g, ["medium", "random"], games_mr, seed)
        mr["goal"] = _goal("medium_vs_random", g)
        hm = match_figures(g, ["hard", "medium"], games_hm, seed + 10_000) if games_hm else None
        if hm:
            hm["goal"] = _goal("hard_vs_medium", g)
        out[g] = {"medium_vs_random": mr, "hard_vs_medium": hm}
        print(_line(g, mr, hm), flush=True)
    return out


def _line(g: str, mr: dict, hm: dict | None) -> str:
    s = (f"{g:<14} medium beats random {mr['win_rate']:.0%} of {mr['games']} "
         f"(95% {mr['win_rate_ci'][0]:.0%}–{mr['win_rate_ci'][1]:.0%}; goal {mr['goal']:.0%}); "
         f"medium move {mr['medium_median_move_cpu_s']:.3f} s median, "
         f"{mr['medium_median_choice_cpu_s']:.3f} s with a choice, {mr['medium_longest_move_cpu_s']:.2f} s longest")
    if hm:
        s += (f"\n{'':<14} hard beats medium {hm['win_rate']:.0%} of {hm['games']} "
              f"(95% {hm['win_rate_ci'][0]:.0%}–{hm['win_rate_ci'][1]:.0%}; goal {hm['goal']:.0%}); "
              f"hard move {hm['hard_median_move_cpu_s']:.3f} s median, "
              f"{hm['hard_median_choice_cpu_s']:.3f} s with a choice, {hm['hard_longest_move_cpu_s']:.2f} s longest")
    return s


def main(argv: list[str]) -> int:
    games = tuple(argv) or GAMES
    mr = int(os.environ.get("BOT_GAMES_MR", "10"))
    hm = int(os.environ.get("BOT_GAMES_HM", "4"))
    figures(mr, hm, games)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
