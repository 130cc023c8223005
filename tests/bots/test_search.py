"""The shared search: legal, deterministic for a seed (an iteration budget, never a clock),
sound on a toy game, and it never sees more than the view."""
from tabletop_tui import bots, catalogue
from tabletop_tui.bots import search
from tabletop_tui.rules.core import Rng


def test_banks_in_the_dice_race(dicegame):
    rules = catalogue.get("dicegame").rules()
    s = rules.setup(["A", "B"], 2, {})
    s = rules.apply(s, rules.legal_actions(s)[0])  # roll
    a = search.choose(rules, rules.view(s, 0), 0, Rng(1), iterations=30)
    assert str(a) == "bank"


def test_same_seed_same_choice_and_the_budget_is_iterations():
    rules = catalogue.get("finca").rules()
    s = rules.setup(["A", "B"], 6, {})
    for n in range(12):
        s = rules.apply(s, bots.RandomBot(n).choose(rules, s))
    seat = rules.pending(s).seat
    v = rules.view(s, seat)
    picks = {rules.notation(search.choose(rules, v, seat, Rng(9), iterations=25)) for _ in range(3)}
    assert len(picks) == 1 and picks <= {rules.notation(a) for a in rules.legal_actions(s)}


def test_hard_bot_answers_at_once_when_there_is_one_choice():
    rules = catalogue.get("piratissimo").rules()
    s = rules.setup(["A", "B"], 1, {})
    while len(rules.legal_actions(s)) != 1:
        s = rules.apply(s, rules.legal_actions(s)[0])
    seat = rules.pending(s).seat
    assert search.choose(rules, rules.view(s, seat), seat, Rng(1)) == rules.legal_actions(s)[0]


def test_values_are_win_shares_at_the_end_and_squashed_before():
    rules = catalogue.get("piratissimo").rules()
    s = rules.setup(["A", "B"], 1, {})
    v = search.values(rules, s, 2, lambda r, st, i: 0.0, 2.0)
    assert v == [0.5, 0.5]
    v = search.values(rules, s, 2, lambda r, st, i: 4.0 if i == 0 else -4.0, 2.0)
    assert v[0] > 0.85 and v[1] < 0.15


def test_search_worlds_come_from_the_view_only(monkeypatch):
    """Every world the search plays on is the game's determinization of the view it was given."""
    rules = catalogue.get("finis_terrae").rules()
    s = rules.setup(["A", "B"], 3, {})
    for n in range(10):
        s = rules.apply(s, bots.RandomBot(n).choose(rules, s))
    seat = rules.pending(s).seat
    v = rules.view(s, seat)
    seen = []
    real = bots.world

    def spy(r, view, st, rng):
        seen.append(view)
        return real(r, view, st, rng)

    monkeypatch.setattr(bots.core, "world", spy)
    search.choose(rules, v, seat, Rng(4), iterations=5)
    assert seen and all(x is v for x in seen)
