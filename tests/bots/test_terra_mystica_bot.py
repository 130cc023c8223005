"""The Terra Mystica medium bot: legal, deterministic, sees only views, and plays with sense."""
import json

import pytest

from tabletop_tui.bots import terra_mystica as bot
from tabletop_tui.rules.core import Rng
from tabletop_tui.rules.terra_mystica import RULES

FACTIONS = {"factions": "witches,halflings"}


def play_bot_game(seed, options=FACTIONS, n=2, until=None):
    """Medium bot in every seat; returns the record of (seat, action) and the last state."""
    s = RULES.setup([f"P{i}" for i in range(n)], seed, dict(options))
    rngs = [Rng(seed + i) for i in range(n)]
    record = []
    while RULES.pending(s) is not None:
        if until is not None and until(s):
            break
        d = RULES.pending(s)
        view = RULES.view(s, d.seat)
        a = bot.choose(RULES, view, d.seat, rngs[d.seat])
        assert a in RULES.legal_actions(s), f"{a} is not legal in round {s.round}"
        record.append((d.seat, str(a)))
        s = RULES.apply(s, a)
    return record, s


def test_every_move_is_legal_through_a_whole_seeded_game_and_the_game_ends():
    record, s = play_bot_game(5)
    assert s.phase == "over"
    assert RULES.invariants(s) == []
    res = RULES.result(s)
    assert min(res.scores.values()) > 60  # random play averages about 55 in four-player games


def test_every_move_is_legal_with_factions_of_its_own_choosing_in_three_player_games():
    record, s = play_bot_game(8, options={}, n=3, until=lambda s: s.round >= 3)
    assert s.round == 3
    assert len({p.faction for p in s.players}) == 3


def test_the_same_seed_gives_the_same_game():
    a, _ = play_bot_game(11, until=lambda s: s.round >= 3)
    b, _ = play_bot_game(11, until=lambda s: s.round >= 3)
    assert len(a) > 50 and a == b


def test_the_bot_never_changes_the_view_it_is_given():
    _, s = play_bot_game(3, until=lambda s: s.round == 2)
    d = RULES.pending(s)
    view = RULES.view(s, d.seat)
    before = json.dumps(RULES.to_json(view), sort_keys=True)
    bot.choose(RULES, view, d.seat, Rng(1))
    assert json.dumps(RULES.to_json(view), sort_keys=True) == before


def first_main_turn(seed=2):
    _, s = play_bot_game(seed, until=lambda s: s.phase == "play" and RULES.pending(s).kind == "main")
    return s


def test_it_does_not_pass_in_round_one_with_the_resources_to_build():
    s = first_main_turn()
    d = RULES.pending(s)
    p = s.players[d.seat]
    assert s.round == 1 and p.W >= 1 and p.C >= 2
    a = bot.choose(RULES, RULES.view(s, d.seat), d.seat, Rng(0))
    assert a.kind != "pass"


def test_it_builds_in_round_one_rather_than_hoarding():
    # by the end of round 1 the seat has built or upgraded: more structures, or better ones
    s = first_main_turn()
    seat = RULES.pending(s).seat
    start = dict(s.players[seat].counts)
    while RULES.pending(s) is not None and s.round == 1:
        d = RULES.pending(s)
        s = RULES.apply(s, bot.choose(RULES, RULES.view(s, d.seat), d.seat, Rng(0)))
    assert s.players[seat].counts != start


def a_power_offer(seed=4):
    four = {"factions": "witches,nomads,halflings,darklings"}
    _, s = play_bot_game(seed, options=four, n=4, until=lambda s: s.phase == "play" and RULES.pending(s).kind == "leech")
    assert RULES.pending(s).kind == "leech"
    return s


def test_a_free_power_offer_is_always_taken():
    s = a_power_offer()
    s.queue[0][2] = 1  # the offer is 1 power: it costs no VP
    d = RULES.pending(s)
    a = bot.choose(RULES, RULES.view(s, d.seat), d.seat, Rng(0))
    assert a.kind == "leech" and a.n == 1


def test_a_dear_power_offer_is_declined_after_passing_in_the_last_round():
    s = a_power_offer()
    d = RULES.pending(s)
    p = s.players[d.seat]
    s.queue[0][2] = 4
    p.bowls = [8, 4, 0]  # room for all 4: it would cost 3 VP
    s.round = 6
    p.passed = True
    a = bot.choose(RULES, RULES.view(s, d.seat), d.seat, Rng(0))
    assert a.kind == "decline"


def test_a_dear_power_offer_is_taken_early():
    s = a_power_offer()
    d = RULES.pending(s)
    p = s.players[d.seat]
    s.queue[0][2] = 3
    p.bowls = [8, 4, 0]
    s.round = 1
    a = bot.choose(RULES, RULES.view(s, d.seat), d.seat, Rng(0))
    assert a.kind == "leech" and a.n == 3


def test_worth_counts_victory_points_and_evaluate_is_relative_to_the_best_rival():
    s = first_main_turn()
    seat = RULES.pending(s).seat
    other = 1 - seat
    richer = s.copy()
    richer.players[seat].VP += 10
    assert bot.worth(richer, seat) == pytest.approx(bot.worth(s, seat) + 10)
    assert bot.evaluate(RULES, richer, seat) == pytest.approx(bot.evaluate(RULES, s, seat) + 10)
    assert bot.evaluate(RULES, richer, other) == pytest.approx(bot.evaluate(RULES, s, other) - 10)


def test_it_founds_a_town_when_one_action_completes_it():
    from tabletop_tui.rules.terra_mystica.data import INDEX
    from tests.rules.terra_mystica.tmhelpers import blank, put

    s = blank(["witches", "halflings"], "SCORE1,SCORE2,SCORE3,SCORE4,SCORE5,SCORE6")
    put(s, 0, "E5", "TP")
    put(s, 0, "E6", "TP")
    put(s, 0, "E7", "TE")  # three connected buildings worth 6 power: one more makes a town
    s.terrain[INDEX["E8"]] = "forest"
    p = s.players[0]
    p.C, p.W = 20, 10
    for _ in range(20):
        d = RULES.pending(s)
        if d is None or d.seat != 0 or d.kind == "after":
            break
        s = RULES.apply(s, bot.choose(RULES, RULES.view(s, 0), 0, Rng(0)))
    assert s.players[0].towns


def test_evaluate_all_agrees_with_evaluate_for_every_seat():
    _, s = play_bot_game(6, options={"factions": "witches,halflings,nomads"}, n=3, until=lambda s: s.round == 2)
    assert bot.evaluate_all(RULES, s) == [bot.evaluate(RULES, s, i) for i in range(3)]
    assert sum(1 for x in bot.evaluate_all(RULES, s) if x >= 0) >= 1  # the leader is ahead of the rest


def test_at_the_start_of_round_two_worth_predicts_the_final_score_of_a_four_player_game():
    # worth's weights are fitted so that it predicts the final VP (benchmarks/tm_calibrate.py);
    # with the hand-set values it expected about 58 more VP in round 2 where about 71 came
    s = RULES.setup([f"P{i}" for i in range(4)], 1000, {"factions": "witches,halflings,nomads,darklings"})
    expected = None
    while RULES.pending(s) is not None:
        d = RULES.pending(s)
        if expected is None and s.round == 2 and s.phase == "play":
            expected = [bot.worth(s, i) for i in range(4)]
        s = RULES.apply(s, bot.choose(RULES, RULES.view(s, d.seat), d.seat, None))
    final = [p.VP for p in s.players]
    assert abs(sum(expected) / 4 - sum(final) / 4) <= 8  # the table's mean: bias of the fit
    assert max(abs(e - f) for e, f in zip(expected, final)) <= 35  # one seat: about 3 errors


def test_a_hoard_beyond_what_a_round_can_spend_is_not_valued_at_building_price():
    s = first_main_turn()
    seat = RULES.pending(s).seat
    def with_coins(n):
        t = s.copy()
        t.players[seat].C = n
        return bot.worth(t, seat)
    first_five = with_coins(5) - with_coins(0)
    beyond_hoard = with_coins(bot.HOARD[0] + 15) - with_coins(bot.HOARD[0] + 10)
    assert first_five > 1.5  # coins to build with
    # coins beyond what a round can spend count only what they convert to at the end (3 = 1 VP),
    # times the round's fitted weight for coins
    assert beyond_hoard == pytest.approx(5 * bot.END_RATE * bot.SCALE[s.round][0])
    assert beyond_hoard < first_five


def test_priests_held_in_the_last_round_are_worth_more_than_their_end_conversion():
    # the fit says so: in round 6 a priest still goes to a cult track (majorities, the last
    # round's cult reward), worth well above the 1/3 VP it converts to at the end
    _, s = play_bot_game(6, options={"factions": "witches,halflings,nomads"}, n=3,
                         until=lambda s: s.round == 6 and s.phase == "play")
    seat = RULES.pending(s).seat
    t = s.copy()
    t.players[seat].P = min(t.players[seat].P + 1, 7)
    assert bot.worth(t, seat) - bot.worth(s, seat) > 1.0


def a_witch_beside_lakes(W, bowls):
    """Witches on E5 (forest) with E4 (lakes, one spade from forest) free beside them; round 1
    scores dwellings, not spades."""
    from tests.rules.terra_mystica.tmhelpers import blank, put

    s = blank(["witches", "halflings"], "SCORE3,SCORE2,SCORE1,SCORE4,SCORE5,SCORE6")
    put(s, 0, "E5")
    put(s, 1, "A1")
    p = s.players[0]
    p.C, p.W, p.P = 10, W, 0
    p.bowls = list(bowls)
    return s


def test_medium_takes_the_power_action_spade_to_build_a_dwelling_when_workers_cannot_pay_the_spade():
    # one worker pays for the dwelling but not for the spade (three workers): the power
    # action's spade transforms the lakes beside the witches and the dwelling follows
    s = a_witch_beside_lakes(W=1, bowls=[0, 0, 6])
    # every priest already sent: a shipping level (it takes a priest), which the fitted worth
    # (room to expand) prefers on this nearly empty map, is no alternative here
    s.players[0].priests_sent = 7
    plans = sorted(bot._plans(RULES, s, 0), key=lambda x: -x[0])
    assert [str(a) for a in plans[0][1]] == ["action ACT5", "transform E4 to forest", "build E4"]
    assert bot.choose(RULES, RULES.view(s, 0), 0, Rng(0)) == RULES.parse(s, "action ACT5")


def test_the_free_spades_of_a_power_action_are_aimed_at_several_spaces_one_macro_each():
    # with workers to buy the missing spades, the spade is planned on each reachable space, not
    # only on the space the quick follow-up would pick
    s = a_witch_beside_lakes(W=10, bowls=[0, 0, 6])
    targets = {plan[1].a for _v, plan, _end in bot._plans(RULES, s, 0)
               if str(plan[0]) == "action ACT5" and len(plan) > 1 and plan[1].kind == "transform"}
    assert "E4" in targets and len(targets) >= 2
    assert len(targets) <= bot.SPADE_TARGETS


def test_a_spade_target_that_uses_every_free_spade_comes_before_one_that_buys_more():
    s = a_witch_beside_lakes(W=10, bowls=[0, 0, 6])
    t = RULES.apply(s, RULES.parse(s, "action ACT5"))
    one = RULES.parse(t, "transform E4 to forest")  # lakes: one spade, the free one
    three = RULES.parse(t, "transform E6 to forest")  # plains: three spades, two of them bought
    assert bot._spade_target_score(t, 0, one) > bot._spade_target_score(t, 0, three)
