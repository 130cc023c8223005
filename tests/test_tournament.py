"""`tabletop tournament`: seats rotated, win rates with Wilson intervals, the exact JSON shape."""
import json

import pytest
from typer.testing import CliRunner

from tabletop_tui import tournament
from tabletop_tui.cli import app


def fake_clock():
    t = [0.0]

    def clock():
        t[0] += 0.25
        return t[0]
    return clock


def test_wilson_interval_matches_known_values():
    lo, hi = tournament.wilson(8, 10)
    assert round(lo, 3) == 0.490 and round(hi, 3) == 0.943
    assert tournament.wilson(0, 0) == (0.0, 1.0)
    lo, hi = tournament.wilson(0, 5)
    assert lo == 0.0 and 0.4 < hi < 0.45


def test_figures_have_the_issue_shape_and_are_reproducible():
    a = tournament.public(tournament.run("piratissimo", 2, ["medium", "random"], 4, 7, clock=fake_clock(),
                                         cpu_clock=fake_clock()))
    b = tournament.public(tournament.run("piratissimo", 2, ["medium", "random"], 4, 7, clock=fake_clock(),
                                         cpu_clock=fake_clock()))
    assert a == b
    assert set(a) == {"game", "players", "games", "bots"}
    assert a["game"] == "piratissimo" and a["players"] == 2 and a["games"] == 4
    assert set(a["bots"]) == {"medium", "random"}
    for st in a["bots"].values():
        assert set(st) == {"win_rate", "win_rate_ci", "mean_score", "mean_move_s", "max_move_s",
                           "max_move_cpu_s", "p95_move_cpu_s"}
        lo, hi = st["win_rate_ci"]
        assert lo <= st["win_rate"] <= hi
        # every move takes one tick of the fake clock
        assert st["mean_move_s"] == 0.25 and st["max_move_s"] == 0.25
        assert st["max_move_cpu_s"] == 0.25 and st["p95_move_cpu_s"] == 0.25


def test_seats_rotate_over_the_games(monkeypatch):
    seen = []
    real = tournament.play_game

    def spy(rules, levels, seed, options=None, clock=None, on_move=None, cpu_clock=None):
        seen.append((list(levels), seed))
        return real(rules, levels, seed, options, clock)

    monkeypatch.setattr(tournament, "play_game", spy)
    tournament.run("piratissimo", 3, ["easy", "medium", "random"], 3, 10)
    assert seen == [(["easy", "medium", "random"], 10), (["medium", "random", "easy"], 11),
                    (["random", "easy", "medium"], 12)]


def test_a_shared_first_place_is_a_win_for_each(monkeypatch):
    from tabletop_tui.rules.core import Result

    def tie(rules, levels, seed, options=None, clock=None, on_move=None, cpu_clock=None):
        return Result(ranking=[[0, 1]], scores={0: 5, 1: 5}), [(0, 0.1, 0.1), (1, 0.2, 0.2)]

    monkeypatch.setattr(tournament, "play_game", tie)
    out = tournament.run("piratissimo", 2, ["medium", "random"], 2, 1)
    assert out["bots"]["medium"]["win_rate"] == 1.0 and out["bots"]["random"]["win_rate"] == 1.0


def test_percentile_is_nearest_rank():
    assert tournament.percentile([], 0.95) == 0.0
    assert tournament.percentile([3.0], 0.95) == 3.0
    v = [float(i) for i in range(1, 101)]  # 1..100
    assert tournament.percentile(v, 0.95) == 95.0 and tournament.percentile(v, 1.0) == 100.0
    assert tournament.percentile(list(reversed(v)), 0.5) == 50.0


def test_move_cpu_is_measured_apart_from_the_wall_clock(monkeypatch):
    """Issue 36: the longest and p95 CPU time a move took, from the CPU clock read around each
    bot move only, whatever the wall clock says."""
    from tabletop_tui import bots

    cpu = [0.0]
    moves = []

    class Slow:
        def __init__(self, inner, cost):
            self.inner, self.cost = inner, cost

        def choose(self, rules, view, seat):
            cpu[0] += self.cost
            moves.append(self.cost)
            return self.inner.choose(rules, view, seat)

    real = bots.make_bot

    def make(game_id, level, seed):
        # the medium seat's first move costs 9 s of CPU, its others 2 s; random's 0.5 s
        cost = (9.0 if not any(c != 0.5 for c in moves) else 2.0) if level == "medium" else 0.5
        return Slow(real(game_id, level, seed), cost)

    monkeypatch.setattr(bots, "make_bot", make)
    out = tournament.run("piratissimo", 2, ["medium", "random"], 1, 3, clock=fake_clock(),
                         cpu_clock=lambda: cpu[0])["bots"]
    assert out["medium"]["max_move_cpu_s"] == 9.0 and out["random"]["max_move_cpu_s"] == 0.5
    assert out["random"]["p95_move_cpu_s"] == 0.5
    assert len([c for c in moves if c != 0.5]) >= 20  # so one 9-s move is above the p95
    assert out["medium"]["p95_move_cpu_s"] == 2.0
    assert out["medium"]["max_move_s"] == 0.25  # the wall clock is the fake one's tick


def test_cli_text_says_how_each_level_plays():
    """Issue 36 item 2: without --json the same figures, in words: win rate and interval, mean
    score, move times wall and CPU, and for Terra Mystica actions a round, passes, towns."""
    r = CliRunner().invoke(app, ["tournament", "terra_mystica", "--players", "2", "--bots", "easy,random",
                                 "--games", "1", "--seed", "3"])
    assert r.exit_code == 0, r.output
    text = r.stdout
    assert "Terra Mystica, 2 players, 1 game (seed 3):" in text
    for lv in ("easy", "random"):
        assert f"  {lv} " in text
    assert text.count("CPU") == 2 and text.count("s p95") == 2
    assert text.count("main actions a round") == 2 and text.count("towns a game") == 2
    assert text.count("passes first in") == 2
    r = CliRunner().invoke(app, ["tournament", "piratissimo", "--bots", "easy,random", "--games", "2"])
    assert r.exit_code == 0 and "seeds 1–2" in r.stdout and r.stdout.count("CPU") == 2
    assert "main actions a round" not in r.stdout


def test_text_matches_the_json_figures():
    figures = {"game": "x", "players": 2, "games": 4, "bots": {"hard": {
        "win_rate": 0.75, "win_rate_ci": [0.3, 0.95], "mean_score": 61.5, "mean_move_s": 0.4,
        "max_move_s": 3.2, "max_move_cpu_s": 2.9, "p95_move_cpu_s": 1.25, "actions_per_round": 5.5,
        "passed_first_rate": 0.25, "actions_after_its_pass": 1.5, "towns_per_game": 2.0}}}
    text = tournament.as_text(figures, "X", 10)
    assert "X, 2 players, 4 games (seeds 10–13):" in text
    assert "wins 75% (95%: 30%–95%), mean score 61.5" in text
    assert "0.400 s mean, 3.200 s longest; CPU 2.900 s longest, 1.250 s p95" in text
    assert "5.50 main actions a round, 2.00 towns a game" in text
    assert "passes first in 25% of rounds, then the others take 1.50 actions" in text


def test_cli_json():
    r = CliRunner().invoke(app, ["tournament", "piratissimo", "--players", "2", "--bots", "medium,random",
                                 "--games", "2", "--seed", "5", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["games"] == 2 and set(d["bots"]) == {"medium", "random"}


@pytest.mark.parametrize("args, words", [
    (["--bots", "medium,genius"], "random, easy, medium, hard"),
    (["--players", "9"], "2–4 players"),
    (["--games", "0"], "at least 1"),
])
def test_cli_bad_arguments_exit_2(args, words):
    r = CliRunner().invoke(app, ["tournament", "piratissimo", *args])
    assert r.exit_code == 2 and words in r.output


def test_cli_unknown_game_exit_2():
    r = CliRunner().invoke(app, ["tournament", "chess"])
    assert r.exit_code == 2 and "unknown game" in r.output


def test_terra_mystica_figures_say_how_each_level_plays():
    """Issue 36: per level, main actions a round, how often it passes first, the main actions the
    others take after its pass, and towns a game, counted the same way from the game's moves."""
    from tabletop_tui.rules.terra_mystica import RULES

    out = tournament.run("terra_mystica", 2, ["medium"], 1, 3, clock=fake_clock())["bots"]["medium"]
    moves = []
    res, _ = tournament.play_game(RULES, ["medium", "medium"], 3,
                                  on_move=lambda n, seat, a: moves.append((seat, a.kind)))
    watch = tournament.TerraMysticaPlay(2)
    tournament.play_game(RULES, ["medium", "medium"], 3, watch=watch)
    builds = sum(1 for _, k in moves if k not in ("convert", "burn", "pass", "leech", "decline"))
    assert 0 < sum(watch.actions) <= builds
    assert sum(watch.passes) == 12 and watch.rounds == 6 and sum(watch.first) == 6
    assert out["actions_per_round"] == round(sum(watch.actions) / 12, 2)
    assert out["passed_first_rate"] == 0.5
    assert out["towns_per_game"] == sum(watch.towns) / 2
