"""Seeded tournaments between bot levels: the engine of `tabletop tournament`, `make bench`
and `make fuzz`.

The listed levels fill the seats in turn, rotated by one seat each game (game g, seat i plays
``levels[(i + g) % len(levels)]``), so every level sits in every seat equally often. Game g uses
seed ``seed + g``; a bot's move is seeded by the game seed and the move number, as in a match.

Per level: the win rate over the seats it played (a shared first place is a win for each
seat in it), its 95% Wilson interval, the mean score, the mean and longest time a move
took (wall clock) and the longest and 95th-percentile process CPU time a move took (issue 36:
the 5-s budget is CPU, which a loaded machine does not inflate as it does wall time); for Terra Mystica also how the level plays (``TerraMysticaPlay``): main actions a round,
how often it passes first, the main actions the others still take after its pass, towns a game.
Only the move times (wall and CPU) depend on the machine; everything else is a pure function of the arguments.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from tabletop_tui import bots

Z95 = 1.959963984540054


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); (0, 1) when n = 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list, q: float) -> float:
    """The nearest-rank q-quantile of ``values`` (0 for none): the smallest value with at least
    q of the values at or below it."""
    if not values:
        return 0.0
    v = sorted(values)
    return v[max(0, min(len(v) - 1, math.ceil(q * len(v)) - 1))]


@dataclass
class LevelStats:
    seats: int = 0
    wins: int = 0
    score: float = 0.0
    moves: int = 0
    move_s: float = 0.0
    max_move_s: float = 0.0
    times: list = field(default_factory=list)
    cpu: list = field(default_factory=list)

    def as_json(self) -> dict:
        lo, hi = wilson(self.wins, self.seats)
        return {
            "win_rate": round(self.wins / self.seats, 4) if self.seats else 0.0,
            "win_rate_ci": [round(lo, 4), round(hi, 4)],
            "mean_score": round(self.score / self.seats, 2) if self.seats else 0.0,
            "mean_move_s": round(self.move_s / self.moves, 4) if self.moves else 0.0,
            "max_move_s": round(self.max_move_s, 4),
            "max_move_cpu_s": round(max(self.cpu), 4) if self.cpu else 0.0,
            "p95_move_cpu_s": round(percentile(self.cpu, 0.95), 4),
        }

    def median_move_s(self) -> float:
        if not self.times:
            return 0.0
        v = sorted(self.times)
        return v[len(v) // 2]


class TerraMysticaPlay:
    """How a Terra Mystica seat plays, not only what it scores (issue 36): main actions a round,
    how early it passes (the main actions the others still take that round after its pass),
    how often it passes first, and towns founded. Fed every move of one game."""

    FREE = ("convert", "burn")

    def __init__(self, players: int):
        self.actions = [0] * players
        self.passes = [0] * players
        self.after_pass = [0] * players
        self.first = [0] * players
        self.towns = [0] * players
        self.rounds = 0
        self._passed: list[int] = []  # the seats passed this round, in order
        self._round = None

    def move(self, rules: Any, s: Any, seat: int, a: Any) -> None:
        d = rules.pending(s)
        if d is None or d.kind != "main" or getattr(a, "kind", "") in self.FREE:
            return
        if s.round != self._round:
            self._round, self._passed = s.round, []
            self.rounds += 1
        if a.kind == "pass":
            if not self._passed:
                self.first[seat] += 1
            self._passed.append(seat)
            self.passes[seat] += 1
            return
        self.actions[seat] += 1
        for q in self._passed:
            self.after_pass[q] += 1

    def end(self, s: Any) -> None:
        self.towns = [len(q.towns) for q in s.players]

    def seat(self, i: int) -> dict:
        return {"actions": self.actions[i], "rounds": self.rounds, "passes": self.passes[i],
                "after_pass": self.after_pass[i], "passed_first": self.first[i], "towns": self.towns[i]}


#: per game id, what watches a game's play for the per-level figures beyond the score
PLAY_WATCH = {"terra_mystica": TerraMysticaPlay}


@dataclass
class PlayFigures:
    """Sums over a level's seats of a watch's per-seat figures (see ``TerraMysticaPlay``)."""
    sums: dict = field(default_factory=dict)

    def add(self, seat_figures: dict) -> None:
        for k, v in seat_figures.items():
            self.sums[k] = self.sums.get(k, 0) + v

    def as_json(self, seats: int) -> dict:
        s = self.sums
        if not s:
            return {}
        rounds = s["rounds"] or 1
        return {"actions_per_round": round(s["actions"] / rounds, 2),
                "passed_first_rate": round(s["passed_first"] / rounds, 3),
                "actions_after_its_pass": round(s["after_pass"] / max(1, s["passes"]), 2),
                "towns_per_game": round(s["towns"] / max(1, seats), 2)}


def check_levels(levels: list[str]) -> list[str]:
    if not levels:
        raise ValueError(f"name at least one bot level; levels: {', '.join(bots.LEVELS)}")
    for lv in levels:
        bots.check_level(lv)
    return levels


def play_game(rules: Any, levels: list[str], seed: int, options: dict | None = None,
              clock: Callable[[], float] = time.perf_counter, on_move: Callable | None = None,
              watch: Any = None, cpu_clock: Callable[[], float] = time.process_time) -> tuple:
    """One game, seat i played by ``levels[i]``. Returns (result, [(seat, seconds, cpu seconds),
    ...]): each bot move's wall time by ``clock`` and this process's CPU time by ``cpu_clock``
    (the bots choose in this process here, so that is the move's CPU).
    ``watch`` (a ``PLAY_WATCH`` object) sees every move before it is played, and the end."""
    from tabletop_tui.rules.core import resolve_options

    opts = resolve_options(rules.options, options or {})
    names = [f"{lv.capitalize()} {i + 1}" for i, lv in enumerate(levels)]
    s = rules.setup(names, seed, opts)
    times: list[tuple[int, float]] = []
    bound = getattr(rules, "max_actions", 20000)
    for n in range(bound):
        d = rules.pending(s)
        if d is None:
            break
        view = rules.view(s, d.seat)
        bot = bots.make_bot(rules.game_id, levels[d.seat], seed * 1_000_003 + n)
        t0, c0 = clock(), cpu_clock()
        a = bot.choose(rules, view, d.seat)
        times.append((d.seat, clock() - t0, cpu_clock() - c0))
        if watch is not None:
            watch.move(rules, s, d.seat, a)
        s = rules.apply(s, a)
        if on_move is not None:
            on_move(n, d.seat, a)
    res = rules.result(s)
    if res is None:
        raise RuntimeError(f"{rules.game_id} seed {seed}: the game did not end in {bound} actions")
    if watch is not None:
        watch.end(s)
    return res, times


def run(game_id: str, players: int, levels: list[str], games: int, seed: int,
        options: dict | None = None, clock: Callable[[], float] = time.perf_counter,
        progress: Callable[[int, Any], None] | None = None,
        cpu_clock: Callable[[], float] = time.process_time) -> dict:
    """The tournament's figures, as `tabletop tournament --json` prints them."""
    from tabletop_tui import catalogue

    g = catalogue.get(game_id)
    rules = g.rules()
    if rules is None:
        raise ValueError(f"{g.title} has no rules engine yet")
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(f"{g.title} is for {rules.min_players}–{rules.max_players} players, not {players}")
    check_levels(levels)
    if games < 1:
        raise ValueError("--games must be at least 1")
    stats = {lv: LevelStats() for lv in dict.fromkeys(levels)}
    play = {lv: PlayFigures() for lv in stats}
    watch_kind = PLAY_WATCH.get(g.id)
    for k in range(games):
        seat_levels = [levels[(i + k) % len(levels)] for i in range(players)]
        if watch_kind is None:
            res, times = play_game(rules, seat_levels, seed + k, options, clock, cpu_clock=cpu_clock)
        else:
            watch = watch_kind(players)
            res, times = play_game(rules, seat_levels, seed + k, options, clock, watch=watch,
                                   cpu_clock=cpu_clock)
            for i, lv in enumerate(seat_levels):
                play[lv].add(watch.seat(i))
        for i, lv in enumerate(seat_levels):
            st = stats[lv]
            st.seats += 1
            st.wins += i in res.winners
            st.score += res.scores.get(i, 0)
        for seat, dt, cpu in times:
            st = stats[seat_levels[seat]]
            st.moves += 1
            st.move_s += dt
            st.max_move_s = max(st.max_move_s, dt)
            st.times.append(dt)
            st.cpu.append(cpu)
        if progress is not None:
            progress(k, res)
    out = {"game": g.id, "players": players, "games": games,
           "bots": {lv: {**st.as_json(), **play[lv].as_json(st.seats)} for lv, st in stats.items()}}
    out["_medians"] = {lv: round(st.median_move_s(), 4) for lv, st in stats.items()}
    return out


def as_text(figures: dict, title: str, seed: int) -> str:
    """The figures as `tabletop tournament` prints them without ``--json``: per level its wins,
    score and move times (wall and CPU), then how it plays where the game has a watch."""
    games = figures["games"]
    seeds = f"seed {seed}" if games == 1 else f"seeds {seed}–{seed + games - 1}"
    lines = [f"{title}, {figures['players']} players, {games} game{'s' if games != 1 else ''} ({seeds}):"]
    for lv, st in figures["bots"].items():
        lo, hi = st["win_rate_ci"]
        lines.append(f"  {lv:<7} wins {st['win_rate']:.0%} (95%: {lo:.0%}–{hi:.0%}), "
                     f"mean score {st['mean_score']}")
        lines.append(f"          move: {st['mean_move_s']:.3f} s mean, {st['max_move_s']:.3f} s longest; "
                     f"CPU {st['max_move_cpu_s']:.3f} s longest, {st['p95_move_cpu_s']:.3f} s p95")
        if "actions_per_round" in st:
            lines.append(f"          plays: {st['actions_per_round']:.2f} main actions a round, "
                         f"{st['towns_per_game']:.2f} towns a game;")
            lines.append(f"          passes first in {st['passed_first_rate']:.0%} of rounds, then the "
                         f"others take {st['actions_after_its_pass']:.2f} actions")
    return "\n".join(lines)


def public(figures: dict) -> dict:
    """The figures without the private extras (the issue's exact shape)."""
    return {k: v for k, v in figures.items() if not k.startswith("_")}
