"""The shared bot code: levels, make_bot, the fallback for a game without a bot module, and
seat levels in matches, saves and on the command line."""
import json

import pytest
from typer.testing import CliRunner

from tabletop_tui import bots
from tabletop_tui.bots import LEVELS, HeuristicBot, RandomBot, SearchBot, make_bot
from tabletop_tui.cli import app
from tabletop_tui.cli_common import parse_new_game
from tabletop_tui.match import Match, Seat, bot_action_for
from tabletop_tui.rules.core import Rng


def test_make_bot_gives_each_level_its_kind():
    assert isinstance(make_bot("piratissimo", "random", 1), RandomBot)
    easy = make_bot("piratissimo", "easy", 1)
    medium = make_bot("piratissimo", "medium", 1)
    assert isinstance(easy, HeuristicBot) and easy.level == "easy" and easy.mistakes > 0
    assert isinstance(medium, HeuristicBot) and medium.level == "medium" and medium.mistakes == 0
    assert isinstance(make_bot("piratissimo", "hard", 1), SearchBot)
    assert LEVELS == ("random", "easy", "medium", "hard")


def test_unknown_level_names_the_valid_ones():
    with pytest.raises(ValueError, match="random, easy, medium, hard"):
        make_bot("piratissimo", "genius", 1)


def test_game_without_bot_module_falls_back_to_the_generic_evaluation(dicegame):
    from tabletop_tui import catalogue

    assert bots.game_module("dicegame") is None
    rules = catalogue.get("dicegame").rules()
    s = rules.setup(["A", "B"], 3, {})
    for level in LEVELS:
        seat = rules.pending(s).seat
        a = make_bot("dicegame", level, 5).choose(rules, rules.view(s, seat), seat)
        assert a in rules.legal_actions(s)


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_information_game_without_its_module_still_plays(monkeypatch, level):
    """Without determinize, a view's face-down placeholders cannot be played on: the bots
    still answer legally (medium falls back to a random legal move where it sees nothing)."""
    from tabletop_tui import catalogue

    monkeypatch.setattr(bots.core, "game_module", lambda game_id: None)
    monkeypatch.setattr(bots, "game_module", lambda game_id: None)
    rules = catalogue.get("finis_terrae").rules()
    s = rules.setup(["A", "B"], 5, {})
    for n in range(40):
        d = rules.pending(s)
        bot = make_bot("finis_terrae", level, n)
        if level == "hard":
            bot.iterations = 4
        a = bot.choose(rules, rules.view(s, d.seat), d.seat)
        assert rules.notation(a) in {rules.notation(x) for x in rules.legal_actions(s)}
        s = rules.apply(s, a)


def test_old_call_without_seat_views_the_state_first():
    from tabletop_tui import catalogue

    rules = catalogue.get("piratissimo").rules()
    s = rules.setup(["A", "B"], 4, {})
    seat = rules.pending(s).seat
    assert RandomBot(9).choose(rules, s) == RandomBot(9).choose(rules, rules.view(s, seat), seat)


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_and_view_same_choice(level):
    from tabletop_tui import catalogue

    rules = catalogue.get("piratissimo").rules()
    s = rules.setup(["A", "B"], 11, {})
    for _ in range(6):  # a few moves in, so there is something to choose
        s = rules.apply(s, RandomBot(2).choose(rules, s))
    seat = rules.pending(s).seat
    v = rules.view(s, seat)
    first = [rules.notation(make_bot("piratissimo", level, k).choose(rules, v, seat)) for k in range(3)]
    again = [rules.notation(make_bot("piratissimo", level, k).choose(rules, v, seat)) for k in range(3)]
    assert first == again


def test_lookahead_prefers_the_better_action():
    """A toy game: two actions, one scores. The one-step lookahead picks it."""
    class Toy:
        game_id = "toy"

        def legal_actions(self, s):
            return ["a", "b"]

        def apply(self, s, a):
            return {"a": 1, "b": 5}[a]

    best = bots.lookahead(Toy(), 0, 0, Rng(1), evaluate=lambda r, s, seat: s)
    assert best == "b"


# -- seats with levels ---------------------------------------------------------------------
def test_seat_level_is_saved_and_loaded(tmp_path):
    m = Match("piratissimo", [Seat("Anna"), Seat("Bruno", True, "hard")], 3)
    p = m.save(tmp_path / "g.json")
    head = json.loads(p.read_text())
    assert head["seats"][1] == {"name": "Bruno", "kind": "bot", "level": "hard"}
    assert "level" not in head["seats"][0]
    back = Match.load(p)
    assert back.seats[1].bot and back.seats[1].level == "hard"


def test_old_save_without_levels_plays_its_bots_as_random(tmp_path):
    m = Match("piratissimo", [Seat("Anna", True, "random"), Seat("Bruno", True, "random")], 8)
    for _ in range(10):
        m.play(m.bot_action())
    text = m.to_text().replace(', "level": "random"', "")
    assert '"level"' not in text
    old = Match.from_text(text)
    assert [s.level for s in old.seats] == ["random", "random"]
    # The same moves as the random bot always made: seeded by game seed and move number.
    expected = RandomBot(8 * 1_000_003 + len(old.actions)).choose(old.rules, old.state)
    assert old.bot_action() == expected


def test_unknown_level_in_a_save_is_refused():
    m = Match("piratissimo", [Seat("Anna"), Seat("Bruno", True, "hard")], 3)
    from tabletop_tui.match import SaveError

    with pytest.raises(SaveError, match="unknown bot level"):
        Match.from_text(m.to_text().replace('"hard"', '"genius"'))


def test_bot_action_uses_the_seats_level_and_is_pure():
    m = Match("piratissimo", [Seat("Anna", True, "medium"), Seat("Bruno", True, "medium")], 5)
    req = m.bot_request()
    rules, view, seat, level, seed = req
    assert level == "medium" and seat == m.pending.seat
    before = m.rules.state_hash(m.state)
    a = bot_action_for(*req)
    assert m.rules.state_hash(m.state) == before and len(m.actions) == 0
    assert a == make_bot("piratissimo", "medium", seed).choose(rules, view, seat) == m.bot_action()


def test_a_human_seat_can_ask_for_a_suggestion_at_any_level():
    m = Match("piratissimo", [Seat("Anna"), Seat("Bruno", True, "hard")], 5)
    assert not m.bot_to_play()
    rules, view, seat, level, seed = m.bot_request()
    assert level == "medium" and seat == 0
    assert m.bot_request("easy")[3] == "easy"
    assert m.bot_job("random")() == make_bot("piratissimo", "random", seed).choose(rules, view, seat)


def test_no_bot_job_once_the_game_is_over():
    m = Match("piratissimo", [Seat("Anna", True, "random"), Seat("Bruno", True, "random")], 5)
    while not m.over:
        m.play(m.bot_action())
    assert m.bot_request() is None
    with pytest.raises(ValueError, match="over"):
        m.bot_job()()


def test_resumed_game_plays_the_same_bot_moves(tmp_path):
    m = Match("finca", [Seat("Anna", True, "easy"), Seat("Bruno", True, "medium")], 21)
    for _ in range(8):
        m.play(m.bot_action())
    back = Match.from_text(m.to_text())
    for _ in range(8):
        a, b = m.bot_action(), back.bot_action()
        assert m.rules.notation(a) == back.rules.notation(b)
        m.play(a)
        back.play(b)


# -- the command line ----------------------------------------------------------------------
def test_cli_bot_seats_with_levels():
    setup = parse_new_game("piratissimo", 3, None, ["2:hard", "3"], 7, [])
    assert setup["bots"] == [1, 2] and setup["levels"] == {1: "hard", 2: "medium"}
    setup = parse_new_game("piratissimo", 3, None, ["1:Easy,3:random"], 7, [])
    assert setup["levels"] == {0: "easy", 2: "random"}


@pytest.mark.parametrize("arg, words", [
    ("2:genius", "levels: random, easy, medium, hard"),
    ("x:hard", "seat numbers from 1 to 2"),
    ("3:hard", "seat numbers from 1 to 2"),
])
def test_cli_bad_bot_exits_2_with_valid_values(arg, words):
    r = CliRunner().invoke(app, ["--game", "piratissimo", "--bot", arg])
    assert r.exit_code == 2 and words in r.output
