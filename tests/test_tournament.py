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
    a = tournament.public(tournament.run("piratissimo", 2, ["medium", "random"], 4, 7, clock=fake_clock()))
    b = tournament.public(tournament.run("piratissimo", 2, ["medium", "random"], 4, 7, clock=fake_clock()))
    assert a == b
    assert set(a) == {"game", "players", "games", "bots"}
    assert a["game"] == "piratissimo" and a["players"] == 2 and a["games"] == 4
    assert set(a["bots"]) == {"medium", "random"}
    for st in a["bots"].values():
        assert set(st) == {"win_rate", "win_rate_ci", "mean_score", "mean_move_s", "max_move_s"}
        lo, hi = st["win_rate_ci"]
        assert lo <= st["win_rate"] <= hi
        # every move takes one tick of the fake clock
        assert st["mean_move_s"] == 0.25 and st["max_move_s"] == 0.25


def test_seats_rotate_over_the_games(monkeypatch):
    seen = []
    real = tournament.play_game

    def spy(rules, levels, seed, options=None, clock=None, on_move=None):
        seen.append((list(levels), seed))
        return real(rules, levels, seed, options, clock)

    monkeypatch.setattr(tournament, "play_game", spy)
    tournament.run("piratissimo", 3, ["easy", "medium", "random"], 3, 10)
    assert seen == [(["easy", "medium", "random"], 10), (["medium", "random", "easy"], 11),
                    (["random", "easy", "medium"], 12)]


def test_a_shared_first_place_is_a_win_for_each(monkeypatch):
    from tabletop_tui.rules.core import Result

    def tie(rules, levels, seed, options=None, clock=None, on_move=None):
        return Result(ranking=[[0, 1]], scores={0: 5, 1: 5}), [(0, 0.1), (1, 0.2)]

    monkeypatch.setattr(tournament, "play_game", tie)
    out = tournament.run("piratissimo", 2, ["medium", "random"], 2, 1)
    assert out["bots"]["medium"]["win_rate"] == 1.0 and out["bots"]["random"]["win_rate"] == 1.0


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
