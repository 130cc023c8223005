"""The Maracaibo medium bot and its determinized worlds: legal, deterministic, fair, and sensible."""
import json

import pytest

from tabletop_tui.bots import RandomBot, make_bot
from tabletop_tui.bots import maracaibo as bot
from tabletop_tui.rules.core import Rng
from tabletop_tui.rules.maracaibo import RULES
from tabletop_tui.rules.maracaibo.content import card
from tabletop_tui.rules.maracaibo.state import task
from tests.rules.maracaibo.mhelpers import base, give_card, past_opening, stage
from tests.rules.maracaibo.test_maracaibo_hidden import hidden_twin


def play_game(n, seed, kinds):
    s = RULES.setup([f"P{i}" for i in range(n)], seed, {})
    rngs = [Rng(seed * 7 + i) for i in range(n)]
    rnd = [RandomBot(seed + i) for i in range(n)]
    record = []
    while RULES.pending(s) is not None:
        d = RULES.pending(s)
        if kinds[d.seat] == "random":
            a = rnd[d.seat].choose(RULES, s)
        else:
            view = RULES.view(s, d.seat)
            a = bot.choose(RULES, view, d.seat, rngs[d.seat])
            assert a.text in {x.text for x in RULES.legal_actions(s)}
        record.append(a.text)
        s = RULES.apply(s, a)
    return record, s


def test_every_move_is_legal_through_whole_games_and_the_bot_outscores_random():
    _, s = play_game(2, 3, ["medium", "random"])
    res = RULES.result(s)
    assert RULES.invariants(s) == []
    assert res.scores[0] > res.scores[1]


def test_every_move_is_legal_in_a_three_player_game_of_bots():
    _, s = play_game(3, 5, ["medium", "medium", "medium"])
    assert RULES.result(s) is not None and RULES.invariants(s) == []


@pytest.mark.slow
def test_the_same_seed_gives_the_same_game():
    a, _ = play_game(2, 9, ["medium", "medium"])
    b, _ = play_game(2, 9, ["medium", "medium"])
    assert a == b


def test_a_bot_given_two_views_of_positions_differing_only_in_hidden_contents_chooses_alike():
    s = past_opening(3, 4)
    for _ in range(3):  # a few decisions in, so hands and piles have moved
        d = RULES.pending(s)
        s = RULES.apply(s, bot.choose(RULES, RULES.view(s, d.seat), d.seat, Rng(2)))
    seat = RULES.pending(s).seat
    twin = hidden_twin(s, seat, 1234)
    assert RULES.to_json(twin) != RULES.to_json(s)
    a = bot.choose(RULES, RULES.view(s, seat), seat, Rng(5))
    b = bot.choose(RULES, RULES.view(twin, seat), seat, Rng(5))
    assert a.text == b.text


def test_the_bot_never_changes_the_view_it_is_given():
    s = past_opening(2, 6)
    seat = RULES.pending(s).seat
    view = RULES.view(s, seat)
    before = json.dumps(RULES.to_json(view), sort_keys=True)
    bot.choose(RULES, view, seat, Rng(1))
    assert json.dumps(RULES.to_json(view), sort_keys=True) == before


def test_a_determinized_world_agrees_with_the_view_and_fills_every_unknown():
    s = past_opening(3, 4)
    seat = RULES.pending(s).seat
    view = RULES.view(s, seat)
    world = bot.determinize(RULES, view, seat, Rng(3))
    assert RULES.invariants(world) == []
    text = json.dumps(RULES.to_json(world))
    assert '"?"' not in text
    assert RULES.to_json(RULES.view(world, seat))["g"] == RULES.to_json(view)["g"]
    assert world.rng.seed != s.rng.seed
    # and another generator draws another world
    other = bot.determinize(RULES, view, seat, Rng(4))
    assert RULES.to_json(other)["g"] != RULES.to_json(world)["g"]


def test_it_delivers_when_the_delivery_finishes_an_upgrade():
    s = base(0)
    seat = RULES.pending(s).seat
    p = s.p(seat)
    p["ship"] = "5"  # Santo Domingo buys coffee and cloth
    give_card(s, seat, "A02")  # sugar or cloth
    p["discs"]["U05"] = 1  # one disc left on Figurehead (VP income +1)
    p["discs_gone"] += 1
    s = stage(s, task("main", seat))
    a = bot.choose(RULES, RULES.view(s, seat), seat, Rng(1))
    assert a.text.startswith("city deliver") and a.text.endswith("U05")


def test_evaluate_is_relative_to_the_best_rival():
    s = past_opening(3, 4)
    richer = s.copy()
    richer.p(0)["vp"] += 10
    assert abs(bot.evaluate(RULES, richer, 0) - bot.evaluate(RULES, s, 0) - 10) < 1e-9 or \
        bot.evaluate(RULES, richer, 0) > bot.evaluate(RULES, s, 0)
    assert bot.evaluate(RULES, richer, 1) < bot.evaluate(RULES, s, 1)


def test_determinized_worlds_through_a_whole_game_agree_with_the_view_and_the_rules():
    s = RULES.setup(["P1", "P2", "P3"], 2, {})
    rnd = RandomBot(2)
    k = 0
    while RULES.pending(s) is not None:
        d = RULES.pending(s)
        if k % 9 == 0:
            view = RULES.view(s, d.seat)
            world = bot.determinize(RULES, view, d.seat, Rng(k))
            assert RULES.invariants(world) == []
            assert '"?"' not in json.dumps(world.g)
            assert RULES.to_json(RULES.view(world, d.seat))["g"] == RULES.to_json(view)["g"]
            assert [a.text for a in RULES.legal_actions(world)] == [a.text for a in RULES.legal_actions(s)]
        k += 1
        s = RULES.apply(s, rnd.choose(RULES, s))


def test_every_bot_level_given_twin_views_chooses_alike():
    from tests.bots.fairness import legal_from_view, same_view_same_choice

    s = past_opening(2, 8)
    for _ in range(12):  # into the first turns: a move, a main action, village actions
        d = RULES.pending(s)
        s = RULES.apply(s, bot.choose(RULES, RULES.view(s, d.seat), d.seat, Rng(4)))
    seat = RULES.pending(s).seat
    twin = hidden_twin(s, seat, 99)
    assert RULES.to_json(twin) != RULES.to_json(s)
    same_view_same_choice(RULES, s, twin, iterations=4)
    legal_from_view(RULES, s)


def test_evaluate_all_agrees_with_evaluate_for_every_seat():
    s = past_opening(3, 4)
    assert bot.evaluate_all(RULES, s) == [bot.evaluate(RULES, s, i) for i in range(3)]


# -- the hard bot (bots/maracaibo_search.py) -------------------------------------------------
def _at_decision(kind, seed=8, n=2):
    """A position from a medium-bot game where the seat to play faces a decision of ``kind``
    with more than one answer."""
    s = past_opening(n, seed)
    for k in range(400):
        d = RULES.pending(s)
        if d.kind == kind and len(RULES.legal_actions(s)) > 1 and k > 20:
            return s
        s = RULES.apply(s, bot.choose(RULES, RULES.view(s, d.seat), d.seat, Rng(k)))
    raise AssertionError(f"no {kind} decision reached")


def test_the_hard_bot_is_the_maracaibo_search_and_depends_only_on_seed_and_view():
    from tabletop_tui.bots import make_bot
    from tabletop_tui.bots import maracaibo_search as ms

    s = _at_decision("move")
    seat = RULES.pending(s).seat
    view = RULES.view(s, seat)
    a = make_bot("maracaibo", "hard", 11).choose(RULES, view, seat)
    b = make_bot("maracaibo", "hard", 11).choose(RULES, RULES.view(s, seat), seat)
    assert a.text == b.text
    assert a.text in {x.text for x in RULES.legal_actions(s)}
    # the shared search hands Maracaibo to the game's own search, with the bot's generator
    assert ms.choose(RULES, view, seat, Rng(11 ^ 0x5EA4C4)).text == a.text


def test_the_hard_bot_given_twin_views_at_a_move_chooses_alike():
    from tabletop_tui.bots import make_bot

    s = _at_decision("move", seed=5)
    seat = RULES.pending(s).seat
    twin = hidden_twin(s, seat, 4321)
    assert RULES.to_json(twin) != RULES.to_json(s)
    b1, b2 = make_bot("maracaibo", "hard", 2), make_bot("maracaibo", "hard", 2)
    b1.iterations = b2.iterations = 2
    a = b1.choose(RULES, RULES.view(s, seat), seat)
    b = b2.choose(RULES, RULES.view(twin, seat), seat)
    assert a.text == b.text


def test_the_hard_bot_keeps_the_ranking_favourite_when_the_playouts_see_no_clear_gain(monkeypatch):
    from tabletop_tui.bots import maracaibo_search as ms

    s = _at_decision("move")
    seat = RULES.pending(s).seat
    view = RULES.view(s, seat)
    worlds = [bot.determinize(RULES, view, seat, Rng(Rng(7).next64()))]
    favourite = ms.averaged_rank(RULES, view, seat, worlds)[0][0]
    monkeypatch.setattr(ms, "playout", lambda rules, t, seat, horizon: 0.0)
    assert ms.choose(RULES, view, seat, Rng(7), iterations=1).text == favourite.text


def test_the_hard_bot_follows_the_playouts_when_one_answer_is_clearly_better(monkeypatch):
    from tabletop_tui.bots import maracaibo_search as ms

    s = _at_decision("move")
    seat = RULES.pending(s).seat
    view = RULES.view(s, seat)
    worlds = [bot.determinize(RULES, view, seat, Rng(Rng(7).next64()))]
    ranking = ms.averaged_rank(RULES, view, seat, worlds)
    dests = [a.args[0] for a, _v in ranking]
    # a kept answer below the favourite, the only way to its destination
    third = next(a for a, _v in ranking[1:ms.WIDTH] if dests.count(a.args[0]) == 1)
    # the playouts value it 10 points above the others
    monkeypatch.setattr(ms, "playout", lambda rules, t, seat, horizon: 10.0 if t.p(seat)["ship"] ==
                        third.args[0] else 0.0)
    assert ms.choose(RULES, view, seat, Rng(7), iterations=1).text == third.text


def test_a_playout_stops_when_the_seat_is_to_start_its_turn_after_next():
    from tabletop_tui.bots import maracaibo_search as ms

    s = _at_decision("move")
    seat = RULES.pending(s).seat
    world = bot.determinize(RULES, RULES.view(s, seat), seat, Rng(3))
    t = RULES.apply(world, RULES.legal_actions(world)[0])
    one = ms.play_on(RULES, t, seat, 1)
    assert RULES.pending(one).seat == seat and RULES.pending(one).kind == "move"
    assert one.g["turn"]["mp"] == 0  # a fresh turn: the other seat has played in between
    two = ms.play_on(RULES, t, seat, 2)
    assert RULES.pending(two).seat == seat and RULES.pending(two).kind == "move"
    assert two.p(seat)["ship"] != one.p(seat)["ship"]  # its next turn was played
    assert ms.play_on(RULES, t, seat, 2).g == two.g  # and deterministically


def test_the_search_budget_counts_rule_applications_not_time():
    from tabletop_tui.bots import maracaibo_search as ms

    s = _at_decision("move")
    seat = RULES.pending(s).seat
    counted = ms.Counting(RULES)
    world = bot.determinize(RULES, RULES.view(s, seat), seat, Rng(3))
    assert ms.play_on(counted, world, seat, 1) is world  # it is already this seat's turn
    assert counted.applied == 0
    ms.play_on(counted, world, seat, 2)
    assert counted.applied > 0
    assert counted.legal_actions(world) == RULES.legal_actions(world)


def test_an_action_the_search_listed_for_this_very_state_is_applied_without_listing_again(monkeypatch):
    from tabletop_tui.bots import maracaibo_search as ms
    from tabletop_tui.rules.core import IllegalAction

    s = _at_decision("main")
    counted = ms.Counting(RULES)
    listed = counted.legal_actions(s)
    calls = []
    real = RULES.legal_actions
    monkeypatch.setattr(RULES, "legal_actions", lambda st: calls.append(st) or real(st))
    for a in listed:  # the same positions as the checked apply, without listing the actions again
        assert RULES.to_json(counted.apply(s, a)) == RULES.to_json(RULES.apply(s, a))
    assert len(calls) == len(listed)  # only the checked apply listed them again
    calls.clear()
    for a in listed:
        counted.apply(s, a)
    assert calls == []
    assert counted.applied == 2 * len(listed)  # the budget counts every application alike
    # an action listed for another state (or typed) goes through the check: an illegal one is refused
    other = RULES.apply(s, listed[0])
    stale = next(a for a in listed if a.text not in {x.text for x in real(other)})
    with pytest.raises(IllegalAction):
        counted.apply(other, stale)


#: a two-player game of medium (seat 0) against hard (seat 1), seed 36364 (hard lost 184 to
#: 225), to the hard seat's first purchase at the village of Curacao in round 1 (the bots' notes)
HARD_36364 = (
    "career K3|career K7|plan A27.1|discard A03.1|discard A16.1|plan A08.1|discard A11.1|"
    "discard A07.1|move 5|city deliver A23.1 cloth U03|buy A27.1|disc U03|plan A22.1|plan A17.1|"
    "plan A19.1|draw A26.1|draw deck|draw deck|draw deck|move 7|village|odd-job|buy A21.1|"
    "buy A20.1|plan A15.1|plan A18.1|draw deck|draw deck|draw deck|draw deck|move 12|village|"
    "buy A26.1|nation france").split("|")


def test_the_hard_bot_buys_an_assistant_early_for_what_it_brings_every_round():
    """Read in a lost game (seed 36364): in round 1, with 9 doubloons and B27 (an assistant at
    St. Kitts: a disc off the ship and 2 VP whenever the ship stops there, else 2 VP unused, every
    round) in hand for 3, the hard bot did odd jobs for a doubloon, as the medium bot does: their
    worth counts an assistant as the 2 VP it scores if the game ended now. Over the three rounds
    still to come it brings 6 VP or more, and medium placed more assistants than hard in these
    games (2.55 to 1.85 a game)."""
    s = _replayed(36364, HARD_36364)
    d = RULES.pending(s)
    p = s.p(1)
    assert (d.seat, d.kind, s.g["round"], p["dbl"], p["assistants"]) == (1, "village", 1, 9, [])
    assert "B27.1" in p["hand"] and {"buy B27.1", "odd-job"} <= {a.text for a in RULES.legal_actions(s)}
    _medium_does_odd_jobs_and_hard_buys(s, "B27.1")


def test_the_hard_bot_counts_an_assistant_for_every_round_still_to_come_and_medium_does_not():
    from tabletop_tui.bots import maracaibo_search as ms

    s = _at_decision("main")
    seat = RULES.pending(s).seat
    g = s.copy().g
    g["round"] = 1
    assert not g["final"]
    before = (ms.worth(g, seat), bot.worth(g, seat))
    g["players"][seat]["assistants"].append({"card": "B27.1", "loc": "8", "live": False})
    # placed in round 1: rounds 2, 3 and 4 still to come
    assert ms.worth(g, seat) - before[0] == pytest.approx(3 * ms.ASSIST_ROUND)
    assert bot.worth(g, seat) == before[1]  # not live this round: nothing to score if the game ended now
    g["round"] = 4  # in the last round nothing is still to come
    assert ms.assistants_outlook(g, seat) == 0.0


#: a two-player game of medium (seat 0) against hard (seat 1), seed 36412 (hard lost 182 to
#: 206, its explorer behind), to the hard seat's purchase at the village of round 1 (the bots' notes)
HARD_36412 = (
    "career K6|career K7|plan A23.1|discard A13.1|discard A19.1|plan A15.1|discard A12.1|"
    "discard A20.1|move 4|city deliver A27.1 cloth U03|disc U03|plan A09.1|plan A06.1|draw B07.1|"
    "draw B03.1|draw B28.1|move 4|city deliver A02.1 sugar U03|disc U03|plan A03.1|plan A05.1|"
    "draw deck|draw deck|draw deck|move 11|city deliver A18.1 coffee U04|pile 1|nation spain|"
    "annex 17|disc U04|end|draw deck|move 8|village").split("|")


def _at_36412_village():
    s = _replayed(36412, HARD_36412)
    d = RULES.pending(s)
    p = s.p(1)
    assert (d.seat, d.kind, s.g["round"], p["dbl"]) == (1, "village", 1, 9)
    assert (p["explorer"], s.p(0)["explorer"]) == ("S", "S")
    assert {"buy A04.1", "buy B30.1", "odd-job"} <= {a.text for a in RULES.legal_actions(s)}
    return s


def test_the_hard_bot_sets_its_explorer_on_the_way_in_round_1(monkeypatch):
    """Read in a lost game (seed 36412): in round 1, both explorers still at the start, the hard
    bot with 9 doubloons did odd jobs rather than buy A04 from its hand (1 doubloon: explore up
    to 2 and take 1 doubloon back), as the medium bot does. Hard lost 10 of 23 logged games where
    its explorer ended behind medium's, 8 of 43 where it did not: the end space (10 VP first,
    8 second) and the barriers' first crossings (4 VP, later 2) go to the explorer ahead.
    (The explorer's way alone: the end cards' outlook is off here; with it, see below.)"""
    from tabletop_tui.bots import maracaibo_search as ms

    monkeypatch.setattr(ms, "END_GROWTH", {})
    _medium_does_odd_jobs_and_hard_buys(_at_36412_village(), "A04.1")


def test_the_hard_bot_buys_an_end_card_and_the_assistants_it_counts_where_medium_does_odd_jobs():
    """The same village with all of hard's worth: it buys Network of Agents (4 doubloons; 3 VP an
    assistant of its own on the map at the end, up to 12) and then an assistant (Fencing Master),
    which that card and the rounds to come will pay for; medium does odd jobs for a doubloon."""
    s = _at_36412_village()
    _medium_does_odd_jobs_and_hard_buys(s, "B30.1")
    s = RULES.apply(s, RULES.parse(s, "buy B30.1"))
    for seed in (1, 2):
        nxt = make_bot("maracaibo", "hard", seed).choose(RULES, RULES.view(s, 1), 1)
        assert nxt.text == "buy A21.1", seed
        assert card("A21.1")["type"] == "assistant"


def test_the_hard_bot_counts_the_explorers_way_to_the_end_more_in_early_rounds():
    from tabletop_tui.bots import maracaibo_search as ms

    s = _at_decision("main")
    seat = RULES.pending(s).seat
    g = s.copy().g
    p = g["players"][seat]
    assert ms.TO_END["S"] == ms.TRACK_LEN == 16 and ms.TO_END["END"] == 0
    assert ms.TO_END["E6"] == ms.TO_END["K1"] + 1  # the shortcut is the way counted
    p["explorer"] = "E6"
    by_round = []
    for r in (1, 2, 3, 4):
        g["round"] = r
        by_round.append(ms.explorer_outlook(g, seat))
    assert by_round[0] == pytest.approx(6 * ms.XSTEP)  # six steps from the start in round 1
    assert by_round[0] > by_round[1] > by_round[2] > by_round[3] == 0.0
    g["round"] = 1
    p["explorer"] = "S"
    assert ms.explorer_outlook(g, seat) == 0.0


def _replayed(seed: int, notes: list[str]):
    """A two-player game, medium (seat 0) against hard (seat 1), replayed from the bots' notes."""
    s = RULES.setup(["Medium 1", "Hard 2"], seed, {})
    for note in notes:
        s = RULES.apply(s, RULES.parse(s, note))
    return s


def _medium_does_odd_jobs_and_hard_buys(s, card: str) -> None:
    """At seat 1's village, for two bot seeds: medium does odd jobs, hard buys ``card``."""
    from tabletop_tui.bots import make_bot

    for seed in (1, 2):
        assert make_bot("maracaibo", "medium", seed).choose(RULES, RULES.view(s, 1), 1).text == "odd-job"
        hard = make_bot("maracaibo", "hard", seed).choose(RULES, RULES.view(s, 1), 1)
        assert hard.text == f"buy {card}", seed


#: a two-player game of hard (seat 0) against medium, seed 36303, to the hard seat's second
#: purchase at the village of Trinidad in round 1 (the bots' notes, in the game's notation)
HARD_36303 = (
    "career K5|career K6|plan A17.1|discard A14.1|discard A02.1|plan A19.1|discard A27.1|"
    "discard A05.1|move 4|city deliver A08.1 sugar U03|nation france|buy A26.1|nation france|"
    "plan A04.1|plan A01.1|draw B16.1|draw deck|draw deck|draw deck|move 4|"
    "city deliver A24.1 cloth U03|nation france|buy A10.1|pile 1|nation france|annex 17|disc U03|"
    "infl 1|plan A03.1|plan A20.1|draw deck|draw deck|draw deck|draw deck|move 8|village|"
    "buy A09.1|explore E3|quest Q20|pay-with A18.1|buy A04.1|explore E5|nation france|plan A21.1|"
    "draw deck|draw deck|draw deck|move 11|city deliver A28.1 coffee U04|pile 1|nation spain|"
    "annex 5|disc U04|end|draw deck|move 11|city deliver A11.1 tobacco U03|pile 2|nation france|"
    "annex 20|end|draw deck|move 13|city deliver A12.1 sugar U05|explore E1|draw deck|move 13|"
    "city deliver B17.1 cocoa U04|explore E6|disc U04|draw deck|move 20 via 15L|"
    "city deliver B20.1 sugar U05|option 2|explore E4|draw deck|move 18 via 15L|village").split("|")


def test_the_hard_bot_buys_an_end_scoring_card_that_its_game_will_fill():
    """Read in a lost game (seed 36303, hard 177, medium 181): in round 1, with 13 doubloons
    and two ship upgrades done, the hard bot did odd jobs for a doubloon rather than buy Old
    Salt from its hand (2 doubloons; 1 VP per completed upgrade at the end, up to 8). It
    finished with 7 upgrades: the 7 VP it left would have won. A card that pays by the end
    is worth what its counter will be by then, not what it is today."""
    from tabletop_tui.rules.maracaibo import ship

    s = RULES.setup(["Hard 1", "Medium 2"], 36303, {})
    for note in HARD_36303:
        s = RULES.apply(s, RULES.parse(s, note))
    d = RULES.pending(s)
    p = s.p(0)
    assert (d.seat, d.kind, s.g["round"], p["dbl"], ship.completed_upgrades(p)) == (0, "village", 1, 13, 2)
    assert "A23.1" in p["hand"] and "buy A23.1" in {a.text for a in RULES.legal_actions(s)}
    for seed in (1, 2):
        a = make_bot("maracaibo", "hard", seed).choose(RULES, RULES.view(s, 0), 0)
        assert a.text == "buy A23.1", seed


def test_a_bought_end_card_is_worth_its_counter_at_the_end_to_the_hard_bot():
    """Old Salt (1 VP a completed ship upgrade, up to 8) bought in round 1 with 2 upgrades done:
    medium's worth counts 2 VP; hard's adds the 1.2 upgrades a round it expects over the 3.5
    rounds left of four (half of this one), up to the cap: 2 + 4.2 = 6.2, so 4.2 more. In the
    last round the half round left adds 0.6; at the game's end nothing."""
    from tabletop_tui.bots import maracaibo_search as ms
    from tabletop_tui.rules.maracaibo import ship

    s = RULES.setup(["Hard 1", "Medium 2"], 36303, {})
    for note in HARD_36303:
        s = RULES.apply(s, RULES.parse(s, note))
    assert ms.end_card_outlook(s.g, 0) == 0.0  # nothing bought that scores at the end
    s = RULES.apply(s, RULES.parse(s, "buy A23.1"))
    g = s.copy().g
    assert ship.completed_upgrades(g["players"][0]) == 2 and ms.END_GROWTH["upgrades"] == 1.2
    assert ms.end_card_outlook(g, 0) == pytest.approx(4.2)
    g["round"] = 4
    assert ms.end_card_outlook(g, 0) == pytest.approx(0.6)
    g["final"] = True
    assert ms.end_card_outlook(g, 0) == 0.0
