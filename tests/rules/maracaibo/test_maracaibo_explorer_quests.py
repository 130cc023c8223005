"""The explorer track and quests."""
from tabletop_tui.rules.maracaibo import RULES

from .mhelpers import give_card, op, past_opening, play, put_quest, stage, texts, top


def explore(n=3, seat=0, at="S", others=(), **p):
    s = past_opening(3, 4).copy()
    s.p(seat)["explorer"] = at
    for pl in s.players:
        pl["career"] = None  # no career rewards muddling the VP counts
    s.p(seat).update(p)
    for i, sp in others:
        s.p(i)["explorer"] = sp
    return s, op(seat, op="explore", n=n)


def test_explore_moves_1_to_n_spaces_forward():
    s, o = explore(3)
    s = stage(s, o)
    assert texts(s) == ["explore E1", "explore E2", "explore E3"]


def test_reward_only_of_the_space_where_the_explorer_stops():
    s, o = explore(2)
    d = s.p(0)["dbl"]
    s = play(stage(s, o), "explore E1")
    assert s.p(0)["dbl"] == d + 1 and s.p(0)["explorer"] == "E1"


def test_the_shortcut_and_the_long_way_at_E6():
    s, o = explore(2, at="E6")
    s = stage(s, o)
    assert texts(s) == ["explore L1", "explore L2", "explore K1", "explore E7"]


def test_red_barrier_gives_3_influence_with_one_nation():
    s, o = explore(1, at="E4")
    s = play(stage(s, o), "explore E5")
    assert RULES.pending(s).kind == "influence"
    d = s.p(0)["dbl"]
    s = play(s, "nation england")
    assert s.p(0)["infl"]["england"] == 3 and s.p(0)["dbl"] == d + 2


def test_blue_barrier_first_4_vp_later_2_vp():
    s, o = explore(1, at="E8")
    s.p(1)["explorer"] = "E8"
    s = play(stage(s, o), "explore E9")
    assert s.p(0)["vp"] == 4
    s = play(stage(s, op(1, op="explore", n=2)), "explore E10")
    assert s.p(1)["vp"] == 2 and s.p(1)["explorer"] == "E10"


def test_quest_space_lets_the_explorer_fulfil_the_quest_at_once():
    s, o = explore(3)
    put_quest(s, "E3", "Q12")
    s.p(0)["dbl"] = 6
    s = play(stage(s, o), "explore E3")
    assert texts(s) == ["quest Q12", "quest skip"]
    s = play(s, "quest Q12")
    assert s.p(0)["quests"] == ["Q12"] and s.p(0)["vp"] == 7 and s.p(0)["dbl"] == 2
    assert s.g["xquests"]["E3"] is None
    s = stage(s, op(1, op="explore", n=3))
    assert "explore E3" not in texts(s)  # taken quest spaces are skipped


def test_end_arrival_vp_10_8_6_and_a_village_action():
    s, o = explore(1, at="E14")
    s.p(1)["explorer"] = "E14"
    s.p(2)["explorer"] = "E14"
    s = play(stage(s, o), "explore END")
    assert s.p(0)["vp"] == 10
    assert top(s)["t"] == "village" and top(s)["n"] == 1
    s = play(s, "odd-job")
    s = play(stage(s, op(1, op="explore", n=1)), "explore END")
    assert s.p(1)["vp"] == 8
    s = play(s, "odd-job")
    s = play(stage(s, op(2, op="explore", n=1)), "explore END")
    assert s.p(2)["vp"] == 6


def test_map_quest_is_a_main_action_paying_the_whole_cost():
    s = past_opening(3, 4).copy()
    seat = RULES.pending(s).seat
    put_quest(s, "3", "Q03")  # goods sugar + tobacco -> 5 VP, 1 doubloon
    p = s.p(seat)
    p["career"] = None
    g = s.g
    g["discard"] += p["hand"]
    p["hand"] = []
    a = give_card(s, seat, "A01")  # sugar/tobacco
    b = give_card(s, seat, "A13")  # tobacco/cloth
    c = give_card(s, seat, "A07")  # coffee/cloth
    s = play(s, "move 3")
    quest_moves = [t for t in texts(s) if t.startswith("quest")]
    assert quest_moves == [f"quest Q03 {' '.join(sorted([a, b]))}"]
    s = play(s, quest_moves[0])
    assert s.p(seat)["quests"] == ["Q03"] and s.p(seat)["hand"] == [c]
    assert s.p(seat)["vp"] == 5 and s.g["quest_slots"]["3"] is None


def test_quest_track_fourth_plus_3_later_plus_2():
    s = past_opening(3, 4).copy()
    p = s.p(0)
    p["career"] = None
    p["quests"] = [s.g["quest_pile"].pop() for _ in range(3)]
    put_quest(s, "E3", "Q12")
    p["dbl"] = 10
    p["explorer"] = "E2"
    s = play(stage(s, op(0, op="explore", n=1)), "explore E3", "quest Q12")
    assert s.p(0)["vp"] == 7 + 3
    put_quest(s, "E11", "Q01")
    s.p(0)["explorer"] = "E10"
    s = play(stage(s, op(0, op="explore", n=1)), "explore E11", "quest Q01", "nation spain")
    assert s.p(0)["vp"] == 10 + 4 + 2
