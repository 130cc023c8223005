"""The Terra Mystica hard bot: the heuristic's best few macros, each played out by the heuristic
for every seat, the best end chosen; deterministic, and better than the heuristic where it differs."""
import json

from tabletop_tui.bots import make_bot
from tabletop_tui.bots import terra_mystica as medium
from tabletop_tui.bots import terra_mystica_book as book
from tabletop_tui.bots import terra_mystica_search as hard
from tabletop_tui.rules.terra_mystica import RULES


def play_medium(seed, moves=None, until=None, n=2):
    """Medium in every seat from set-up: the position after ``moves`` actions (or when ``until``)."""
    s = RULES.setup([f"P{i}" for i in range(n)], seed, {})
    k = 0
    while RULES.pending(s) is not None and k != moves and not (until and until(s)):
        d = RULES.pending(s)
        s = RULES.apply(s, medium.choose(RULES, RULES.view(s, d.seat), d.seat, None))
        k += 1
    return s


def margin(s, seat):
    return s.players[seat].VP - max(q.VP for j, q in enumerate(s.players) if j != seat)


def main_turn(seed, rnd):
    return play_medium(seed, until=lambda s: s.round == rnd and s.phase == "play"
                       and RULES.pending(s).kind == "main" and s.step == "main")


def test_the_hard_level_of_terra_mystica_is_the_rollout_search():
    s = main_turn(3, 2)
    seat = RULES.pending(s).seat
    view = RULES.view(s, seat)
    want = hard.choose(RULES, view, seat)
    assert make_bot("terra_mystica", "hard", 99).choose(RULES, view, seat) == want
    assert want in RULES.legal_actions(s)


def test_same_view_same_choice_whatever_the_seed_and_whatever_it_remembers():
    s = main_turn(4, 3)
    seat = RULES.pending(s).seat
    view = RULES.view(s, seat)
    before = json.dumps(RULES.to_json(view), sort_keys=True)
    hard._MEMO.clear()
    hard._PLAN_MEMO.clear()
    cold = make_bot("terra_mystica", "hard", 1).choose(RULES, view, seat)
    warm = make_bot("terra_mystica", "hard", 2).choose(RULES, view, seat)
    hard._MEMO.clear()
    hard._PLAN_MEMO.clear()
    again = make_bot("terra_mystica", "hard", 3).choose(RULES, RULES.view(s.copy(), seat), seat)
    assert cold == warm == again
    assert json.dumps(RULES.to_json(view), sort_keys=True) == before  # the view is never changed


def test_the_candidates_are_mediums_choice_first_then_its_best_macros_and_its_best_pass():
    s = main_turn(5, 2)
    seat = RULES.pending(s).seat
    view = RULES.view(s, seat)
    cands = hard.candidates(RULES, view, seat)
    assert cands[0][1][0] == medium.choose(RULES, view, seat, None)
    passes = [plan for _v, plan, _end in cands if plan[-1].kind == "pass"]
    assert len(passes) == 1
    assert len(cands) == hard.ROOT_WIDTH + 1


def test_in_the_last_round_a_rollout_is_valued_by_the_final_score():
    s = main_turn(6, 6)
    seat = RULES.pending(s).seat
    # played on by the rollout's policy to the end of the game: its value is the final margin
    t = s
    while RULES.pending(t) is not None:
        d = RULES.pending(t)
        if d.kind == "main":
            a = medium._ranked(RULES, t, d.seat, second=d.seat != seat)[0][0]
        else:
            a = medium.choose(RULES, t, d.seat, None)
        t = RULES.apply(t, a)
    hard._MEMO.clear()
    assert hard.rollout(RULES, s, seat, 6) == margin(t, seat)


def play_out(s):
    while RULES.pending(s) is not None:
        d = RULES.pending(s)
        s = RULES.apply(s, medium.choose(RULES, RULES.view(s, d.seat), d.seat, None))
    return s


def test_where_it_differs_from_medium_its_move_ends_the_game_further_ahead():
    # Two players, seed 2, played by medium to its 115th action (the last round): medium would
    # transform F6 to plains, the rollouts find G7 better. Played on by medium for both seats,
    # medium's move ends the game 5 VP ahead and the hard bot's 9 VP ahead (before the Darklings'
    # stronghold conversion, one action earlier: 20 and 25). (Found again each
    # time the heuristic changes: seed 4 at its 111th action turned a 1-VP loss into a 21-VP win
    # before the fitted weights, seed 8 at its 119th action 12 into 19 before the factions' new
    # order; today no last-round position of seeds 1-7 turns a loss into a win, and where the two
    # differ the hard move ends further ahead in 31 of 35, so the test asks for the larger
    # margin.)
    s = play_medium(2, moves=114)
    d = RULES.pending(s)
    assert s.round == 6 and d.kind == "main"
    view = RULES.view(s, d.seat)
    mine = medium.choose(RULES, view, d.seat, None)
    theirs = hard.choose(RULES, view, d.seat)
    assert mine != theirs
    ahead_mine = margin(play_out(RULES.apply(s, mine)), d.seat)
    ahead_theirs = margin(play_out(RULES.apply(s, theirs)), d.seat)
    assert 0 < ahead_mine < ahead_theirs


def test_with_four_players_a_rollout_plays_every_seat_without_the_second_look_and_sees_further():
    # Four players, medium in every seat: the first main turn of round 2 where medium's second
    # look changes a rival's choice. In the hard bot's rollout that rival plays the choice
    # without the second look (cheaper: the rollout reaches about two rounds within the budget).
    assert hard.SECOND_OTHERS[4] is False and hard.SECOND_OTHERS[2] is True
    assert hard.ROLLOUT_TURNS[4] >= 2 * 4 * 4  # about two rounds of four main turns a seat

    def differs(s):
        d = RULES.pending(s)
        if s.round < 2 or s.phase != "play" or d.kind != "main" or s.step != "main":
            return False
        return (medium._ranked(RULES, s, d.seat, second=True)[0][0]
                != medium._ranked(RULES, s, d.seat, second=False)[0][0])

    s = play_medium(2, until=differs, n=4)
    rival = RULES.pending(s).seat
    me = (rival + 1) % 4
    assert hard._policy(RULES, s, rival, me) == medium._ranked(RULES, s, rival, second=False)[0][0]
    assert hard._policy(RULES, s, rival, me) != medium.choose(RULES, s, rival, None)


def test_the_candidates_are_different_main_actions_not_one_power_action_aimed_at_several_spaces():
    for seed, rnd in ((5, 2), (7, 3), (8, 4)):
        s = main_turn(seed, rnd)
        seat = RULES.pending(s).seat
        cands = hard.candidates(RULES, RULES.view(s, seat), seat)
        mains = [next(a for a in plan if a.kind not in medium.FREE) for _v, plan, _end in cands]
        assert len(mains) == len(set(mains))


def test_with_two_players_a_rollout_gives_the_rival_only_so_many_second_looks():
    # A rival's main turn in a two-player rollout gets medium's second look (as medium plays)
    # until the rollout has given SECOND_LOOKS of them; after that the cheaper choice: the cost
    # of a move is bounded by a count, never a clock.
    cap = hard.SECOND_LOOKS[2]
    assert hard.SECOND_OTHERS[2] is True and 0 < cap < hard.ROLLOUT_TURNS[2] // 2

    def differs(s):
        d = RULES.pending(s)
        if s.phase != "play" or d.kind != "main" or s.step != "main":
            return False
        return (medium._ranked(RULES, s, d.seat, second=True)[0][0]
                != medium._ranked(RULES, s, d.seat, second=False)[0][0])

    s = play_medium(7, until=differs, n=2)
    rival = RULES.pending(s).seat
    me = 1 - rival
    looked = medium._ranked(RULES, s, rival, second=True)[0][0]
    assert hard._policy(RULES, s, rival, me, looks=cap - 1) == looked
    assert hard._policy(RULES, s, rival, me, looks=cap) == medium._ranked(RULES, s, rival, second=False)[0][0]
    assert hard._policy(RULES, s, rival, me, looks=cap) != looked


def test_a_start_dwelling_is_one_of_mediums_best_spaces_the_one_whose_rollout_ends_best(monkeypatch):
    monkeypatch.setattr(hard, "BOOK_PLACE", False)  # the search alone (the book below)
    # Four players, seed 1, the first start dwelling: medium's favourite is G5, the rollouts (the
    # other start dwellings, the bonus cards, the first rounds) prefer its second choice, E10.
    s = play_medium(1, moves=4, n=4)
    d = RULES.pending(s)
    assert d.kind == "place"
    view = RULES.view(s, d.seat)
    ranked = [a for a, _v in medium.rank(RULES, view, d.seat, None)][:hard.PLACE_WIDTH]
    values = {a: hard.rollout(RULES, RULES.apply(view, a), d.seat, view.round) for a in ranked}
    got = hard.choose(RULES, view, d.seat)
    assert got in ranked and values[got] == max(values.values())
    assert got != medium.choose(RULES, view, d.seat, None)
    assert hard.choose(RULES, RULES.view(s, d.seat), d.seat) == got  # the same view, the same choice


def test_the_book_holds_the_league_start_dwellings_as_spaces_of_our_map():
    from tabletop_tui.rules.terra_mystica.data import INDEX, IS_RIVER
    assert book.BOOK["darklings"]["games"] == 34
    assert book.BOOK["darklings"]["place"][0] == (("G5", "E5"), 10)  # the league's favourite line
    for e in book.BOOK.values():
        for line, n in e["place"]:
            assert n >= 1 and all(h in INDEX and not IS_RIVER[INDEX[h]] for h in line)


def test_the_hard_bot_places_its_start_dwellings_from_the_book_and_they_are_legal(monkeypatch):
    monkeypatch.setattr(hard, "BOOK_PLACE", "play")  # off by default (it cost VP): the knob still works
    # Four players, seed 1: the Darklings' first start dwelling is the league's most frequent
    # first space (G5); their second follows the league lines that start there (E5)
    s = play_medium(1, moves=4, n=4)
    d = RULES.pending(s)
    view = RULES.view(s, d.seat)
    assert view.players[d.seat].faction == "darklings"
    got = make_bot("terra_mystica", "hard", 1).choose(RULES, view, d.seat)
    assert got.kind == "build" and got.a == "G5" and got in RULES.legal_actions(s)
    s = RULES.apply(s, got)
    while RULES.pending(s).seat != d.seat:
        t = RULES.pending(s).seat
        s = RULES.apply(s, medium.choose(RULES, RULES.view(s, t), t, None))
    view = RULES.view(s, d.seat)
    second = make_bot("terra_mystica", "hard", 2).choose(RULES, view, d.seat)
    free = [a.a for a in RULES.legal_actions(s)]
    assert second in RULES.legal_actions(s)
    assert second.a == ("E5" if "E5" in free else book.place(view, d.seat, RULES.legal_actions(s)).a)


def test_no_book_for_a_faction_the_league_played_too_rarely():
    s = play_medium(1, moves=4, n=4)
    view = RULES.view(s, RULES.pending(s).seat)
    seat = next(i for i, q in enumerate(view.players) if q.faction == "fakirs")
    assert book.entry("fakirs") is None and book.due(view, seat) is None


def test_in_round_one_the_book_wants_a_trading_house_then_a_temple_and_the_bot_builds_it():
    # The league's Darklings (34 seats) had a trading house and a temple by round 1's end
    s = play_medium(1, until=lambda s: s.round == 1 and s.phase == "play", n=4)
    seat = next(i for i, q in enumerate(s.players) if q.faction == "darklings")
    s = play_medium_until_turn(s, seat)
    view = RULES.view(s, seat)
    assert view.players[seat].counts["TP"] == 0
    assert book.due(view, seat) == "TP"
    p = view.players[seat]
    p.counts = dict(p.counts, TP=1)
    assert book.due(view, seat) == "TE"
    p.counts = dict(p.counts, TP=0, TE=1)
    assert book.due(view, seat) is None  # level with the league's median seat for round 1


def test_the_book_upgrade_is_played_when_the_rollouts_rate_it_near_their_best(monkeypatch):
    monkeypatch.setattr(hard, "BOOK_MARGIN", 3.0)  # off by default (it cost VP): the knob still works
    monkeypatch.setattr(hard, "PLAN_DEPTH", 1)  # measured with the one-step rollout (the round planner off)
    s = play_medium(1, until=lambda s: s.round == 1 and s.phase == "play", n=4)
    seat = next(i for i, q in enumerate(s.players) if q.faction == "darklings")
    s = play_medium_until_turn(s, seat)
    view = RULES.view(s, seat)
    ranked = hard.scored(RULES, view, seat)
    lined = [x for x in ranked if hard._upgrade_to(x[1]) == "TP"]
    assert lined, "the book's upgrade is among the candidates rolled out"
    assert lined[0][0] >= ranked[0][0] - hard.BOOK_MARGIN  # here: a trading house on E10
    got = hard.choose(RULES, view, seat)
    assert got in RULES.legal_actions(s) and got == lined[0][1][0]
    monkeypatch.setattr(hard, "BOOK_MARGIN", None)
    assert hard.choose(RULES, view, seat) == hard._not_passing_early(hard.scored(RULES, view, seat), view)[1][0]


def play_medium_until_turn(s, seat):
    """Medium plays on until it is ``seat``'s main turn."""
    while not (RULES.pending(s).seat == seat and RULES.pending(s).kind == "main" and s.step == "main"):
        t = RULES.pending(s).seat
        s = RULES.apply(s, medium.choose(RULES, RULES.view(s, t), t, None))
    return s


def test_the_round_planner_transforms_and_builds_then_takes_a_power_action_the_rollout_would_not(monkeypatch):
    # Four players, seed 7102, medium everywhere to the fifth main turn of round 1: the Dwarves
    # (17 coins, 6 workers, 7 power in bowl II). The one-step rollout builds on H6: after a
    # transform and dwelling on D7 medium's follow-up is worth less. The round planner tries the
    # seat's own next macros too and finds D7, then at its next turn burning 4 power for a power
    # action (ACT3) that medium would not take there: that sequence beats every one-step rollout.
    s = RULES.setup([f"P{i}" for i in range(4)], 7102, {})
    k = 0
    while True:
        d = RULES.pending(s)
        if s.phase == "play" and d.kind == "main" and s.step == "main" and s.chain == 0:
            k += 1
            if k == 5:
                break
        s = RULES.apply(s, medium.choose(RULES, RULES.view(s, d.seat), d.seat, None))
    seat = d.seat
    p = s.players[seat]
    assert (s.round, p.faction, p.C, p.W, p.bowls) == (1, "dwarves", 17, 6, [5, 7, 0])
    view = RULES.view(s, seat)
    monkeypatch.setattr(hard, "PLAN_DEPTH", {4: 2})  # the planner's knob (off by default: no measured gain)
    got = hard.choose(RULES, view, seat)
    assert (got.kind, got.a) == ("transform", "D7")
    best_value, best_seq = hard.planned(RULES, view, seat)[0]
    assert [str(a) for a in best_seq[1]] == ["burn 4", "action ACT3"]
    one_step = hard.scored(RULES, view, seat)
    assert best_value > one_step[0][0]
    monkeypatch.setattr(hard, "PLAN_DEPTH", 1)  # the knob: the one-step rollout as before
    old = hard.choose(RULES, view, seat)
    assert (old.kind, old.a) == ("build", "H6")
