"""The bots' figures (issue 11): win rates of medium against random and of hard against medium
in 2-player games, with their 95% Wilson intervals and the number of games, and move times.

Move times are CPU seconds of the bot's own process (time.process_time): the machine that runs
the benchmarks is shared, and wall-clock time there measures the neighbours, not the bot. A
player's machine gives the bot a core, so its CPU time is what the player waits. Medians are
over every move a bot made (forced moves included) and, separately, over moves with a choice.

`make bench` plays a few games (BENCH_BOT_GAMES_MR / _HM, default 10 medium-vs-random and 2
hard-vs-medium per game; Terra Mystica and Maracaibo play a share of that, see HEAVY, at least
2) and two four-player all-medium Terra Mystica games (BENCH_BOT_GAMES_TM_MEDIUM); `make fuzz`
the full runs (FUZZ_BOT_GAMES_MR / _HM, default 200 and 100, and FUZZ_BOT_GAMES_TM_MEDIUM /
_TM_HARD, default 10 and 4 four-player games).
Run alone: python benchmarks/bots.py [GAME ...] (BOT_GAMES_MR / BOT_GAMES_HM / BOT_GAMES_TM_MEDIUM /
BOT_GAMES_TM_HARD set the counts).
"""
from __future__ import annotations

import os
import sys
import time

from tabletop_tui import catalogue, tournament

#: the games whose bots this file measures
GAMES = ("piratissimo", "finca", "finis_terrae", "terra_mystica", "maracaibo")
#: games whose games take long (a hard Terra Mystica game is minutes of CPU): they play this
#: share of the asked-for number of games (at least 2)
HEAVY = {"terra_mystica": 0.2, "maracaibo": 0.3}
GOALS = {
    "medium_vs_random": {"piratissimo": 0.70, "default": 0.90},
    "hard_vs_medium": {"default": 0.60},
    "medium_median_move_s": 0.5,
    "hard_median_move_s": 2.0,
    "longest_move_s": 5.0,
    "tm_4p_vp_per_faction": {"medium": 90.0, "hard": 110.0},
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
        for seat, dt, *_ in mv:
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


def _count(game: str, n: int) -> int:
    if not n or game not in HEAVY:
        return n
    return max(2, round(n * HEAVY[game]))


def tm_vp_per_faction(level: str, games: int, seed: int = 500) -> dict:
    """Four-player Terra Mystica games with every seat at ``level``: mean VP per faction."""
    rules = catalogue.get("terra_mystica").rules()
    scores: list[int] = []
    for k in range(games):
        res, _mv = tournament.play_game(rules, [level] * 4, seed + k, clock=time.process_time)
        scores += list(res.scores.values())
    mean = sum(scores) / len(scores) if scores else 0.0
    out = {"level": level, "players": 4, "games": games, "seeds": [seed, seed + games - 1],
           "mean_vp_per_faction": round(mean, 1), "goal": GOALS["tm_4p_vp_per_faction"][level]}
    print(f"{'terra_mystica':<14} 4 players all {level}: {mean:.1f} VP per faction over {games} games "
          f"(goal ≥ {out['goal']:.0f})", flush=True)
    return out


def figures(games_mr: int, games_hm: int, games: tuple = GAMES, seed: int = 1,
            tm_medium_games: int = 0, tm_hard_games: int = 0) -> dict:
    out = {}
    for g in games:
        mr = match_figures(g, ["medium", "random"], _count(g, games_mr), seed)
        mr["goal"] = _goal("medium_vs_random", g)
        hm = match_figures(g, ["hard", "medium"], _count(g, games_hm), seed + 10_000) if games_hm else None
        if hm:
            hm["goal"] = _goal("hard_vs_medium", g)
        out[g] = {"medium_vs_random": mr, "hard_vs_medium": hm}
        print(_line(g, mr, hm), flush=True)
        if g == "terra_mystica":
            if tm_medium_games:
                out[g]["all_medium_4p"] = tm_vp_per_faction("medium", tm_medium_games)
            if tm_hard_games:
                out[g]["all_hard_4p"] = tm_vp_per_faction("hard", tm_hard_games)
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
    figures(mr, hm, games, tm_medium_games=int(os.environ.get("BOT_GAMES_TM_MEDIUM", "2")),
            tm_hard_games=int(os.environ.get("BOT_GAMES_TM_HARD", "0")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
