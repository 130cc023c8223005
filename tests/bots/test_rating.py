"""The bots' rating of a decision (bots/rating.py, issue 46): the suggestion that explains itself.

Its first choice is the move that level plays (a suggestion never names one move and plays
another), its numbers are the ones the rules book when the choice is applied, its estimates are
said as the bot's, and it reads only the seat's view."""
import re

import pytest

from tabletop_tui.bots import bot_action_for, rating
from tabletop_tui.match import Match, Seat

PLAYERS = {"piratissimo": 3, "finca": 3, "finis_terrae": 3, "terra_mystica": 3, "maracaibo": 2}


def medium_game(game: str, seed: int, players: int | None = None) -> Match:
    n = players or PLAYERS[game]
    return Match(game, [Seat(f"P{i}", True, "medium") for i in range(n)], seed)


def positions(game: str, seed: int, count: int, every: int = 1):
    """``count`` pending decisions with more than one choice, along an all-medium game."""
    m = medium_game(game, seed)
    out, k = [], 0
    while len(out) < count and not m.over:
        if len(m.legal_actions()) > 1:
            if k % every == 0:
                out.append(m.bot_request("medium"))
            k += 1
        m.play(m.bot_action())
    return out


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_mediums_first_choice_is_the_move_medium_plays(game):
    for rules, view, seat, _level, seed in positions(game, 11, 12, every=3):
        r = rating.rate(rules, view, seat, "medium", seed)
        assert r.level == "medium" and r.unit == rating.VP
        assert r.pick == bot_action_for(rules, view, seat, "medium", seed)
        assert 1 <= len(r.choices) <= 3
        assert len({rules.notation(c.action) for c in r.choices}) == len(r.choices)  # three different choices


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_hards_first_choice_is_the_move_hard_plays(game):
    for rules, view, seat, _level, seed in positions(game, 12, 2, every=7):
        r = rating.rate(rules, view, seat, "hard", seed)
        assert r.pick == bot_action_for(rules, view, seat, "hard", seed)
        # hard says so where it plays medium's reckoning (Terra Mystica's leech offers)
        assert r.level == "hard" or (r.level == "medium" and r.asked == "hard")


def test_piratissimos_hard_rates_by_its_chance_of_winning_the_race():
    rules, view, seat, _l, seed = positions("piratissimo", 3, 3, every=5)[-1]
    r = rating.rate(rules, view, seat, "hard", seed)
    assert r.unit == rating.CHANCE
    assert all(0.0 <= c.value <= 1.0 for c in r.choices if c.value is not None)
    assert rating.estimate_text(r, 0).startswith("win chance ≈ ")


def _vp_in(now: tuple[str, ...]) -> int:
    return sum(int(m.group(1).replace("+", "")) for x in now if (m := re.match(r"([+-]\d+) VP\b", x)))


@pytest.mark.parametrize("game", ["terra_mystica", "finis_terrae", "maracaibo"])
def test_the_explanations_numbers_are_what_applying_the_choice_does(game):
    """"the explanation's numbers match what applying the choice does to the state": every VP
    the line names, added up, is the seat's VP after the choice minus before (on its view)."""
    seen = 0
    for rules, view, seat, _l, seed in positions(game, 21, 40):
        r = rating.rate(rules, view, seat, "medium", seed)
        for c in r.choices:
            if c.luck:
                continue
            try:
                after = rules.apply(view, c.action)
            except Exception:  # the view cannot play it out (a face-down tile): it says nothing
                assert c.now == ()
                continue
            diff = rules.counters(after, seat).get("VP", 0) - rules.counters(view, seat).get("VP", 0)
            assert _vp_in(c.now) == diff, (rules.describe(view, c.action), c.now)
            seen += bool(diff)
    assert seen, "no choice in these positions changed any VP: the test saw nothing"


def test_a_line_names_points_first_and_counts_what_it_leaves_out():
    c = rating.Rated("a", 1.0, now=("-3 W", "+2 VP (round tile)"))
    assert rating.why_text(c).startswith("now -3 W")  # (the order is rate()'s: see below)
    many = rating.Rated("a", 1.0, now=tuple(f"+{i} C" for i in range(1, 8)))
    assert rating.why_text(many) == "now +1 C, +2 C, +3 C, +4 C and 3 more"
    rules, view, seat, _l, seed = positions("terra_mystica", 4, 1)[0]  # a faction pick: many changes
    r = rating.rate(rules, view, seat, "medium", seed)
    assert r.choices[0].now[0].startswith("+20 VP")


def test_estimates_are_said_as_the_bots_and_never_as_certain():
    r = rating.Rating("medium", rating.VP, (rating.Rated("a", 10.0), rating.Rated("b", 7.5), rating.Rated("c", 10.0)))
    assert rating.who_text(r) == "medium's estimate"
    assert rating.estimate_text(r, 0) == "its best, ≈ 2.5 VP ahead of the next"
    assert rating.estimate_text(r, 1) == "≈ 2.5 VP less than its best"
    assert rating.estimate_text(r, 2) == "as good as its best"
    unvalued = rating.Rating("medium", rating.VP, (rating.Rated("a", None), rating.Rated("b", None)), asked="hard")
    assert rating.estimate_text(unvalued, 0) == "the bot's choice"
    assert rating.estimate_text(unvalued, 1) == "not valued"
    assert rating.who_text(unvalued) == "medium's estimate (hard plays medium's choice here)"


def test_terra_mysticas_faction_pick_and_leech_offers_are_not_given_made_up_values():
    """medium orders these without valuing them (1 and 0): no "≈ 1.0 VP" is made of that."""
    for rules, view, seat, _l, seed in positions("terra_mystica", 5, 30):
        if rules.pending(view).kind in ("faction", "leech"):
            r = rating.rate(rules, view, seat, "medium", seed)
            assert all(c.value is None for c in r.choices)
            break
    else:
        pytest.fail("no faction pick or leech offer in these positions")


def test_a_suggestion_in_maracaibo_names_no_card_of_another_seats_hand():
    """Hot seat with the curtain: what the rating says (choices, plans, numbers) never names a
    card another player holds (unless it is also in sight: the display, one's own hand)."""
    m = medium_game("maracaibo", 8)
    checked = 0
    while not m.over and checked < 25:
        rules, view, seat, _l, seed = m.bot_request("medium")
        if len(m.legal_actions()) > 1:
            r = rating.rate(rules, view, seat, "medium", seed)
            words = " ".join(rules.describe(view, c.action) + " " + rating.why_text(c) for c in r.choices)
            words += " " + " ".join(str(a) for a, _v in r.values)
            shown = set(re.findall(r"[AB]\d\d\.\d", str(rules.to_json(view))))
            for other, p in enumerate(m.state.g["players"]):
                if other != seat:
                    for card in p["hand"]:
                        if card not in shown:
                            assert card not in words, (card, words)
            checked += 1
        m.play(m.bot_action())
    assert checked == 25
