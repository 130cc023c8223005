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


# Rulebook: "Move your explorer on the explorer track up to as many spaces as indicated"
# Rulebook: "You can never go backwards, but must always follow the path"
# Rulebook: "You don't have to move the entire amount, but must move at least one space"
def test_explore_moves_1_to_n_spaces_forward():
    s, o = explore(3)
    s = stage(s, o)
    assert texts(s) == ["explore E1", "explore E2", "explore E3"]


# Rulebook: "After finishing your movement, you always receive the reward indicated on the space
#   your explorer stopped on."
# Rulebook: "You don't get anything for the spaces you moved through to get there."
def test_reward_only_of_the_space_where_the_explorer_stops():
    s, o = explore(2)
    d = s.p(0)["dbl"]
    s = play(stage(s, o), "explore E1")
    assert s.p(0)["dbl"] == d + 1 and s.p(0)["explorer"] == "E1"


# Rulebook: "Some spaces let you decide whether you want to take the long way or a short cut."
def test_the_shortcut_and_the_long_way_at_E6():
    s, o = explore(2, at="E6")
    s = stage(s, o)
    assert texts(s) == ["explore L1", "explore L2", "explore K1", "explore E7"]


# Rulebook: "If your explorer crosses the red barrier, you can immediately gain 3 influence with
#   the nation of your choice (you cannot split the influence across several nations)."
# Rulebook: "Move your influence marker on the corresponding influence track 3 spaces to the
#   right."
def test_red_barrier_gives_3_influence_with_one_nation():
    s, o = explore(1, at="E4")
    s = play(stage(s, o), "explore E5")
    assert RULES.pending(s).kind == "influence"
    d = s.p(0)["dbl"]
    s = play(s, "nation england")
    assert s.p(0)["infl"]["england"] == 3 and s.p(0)["dbl"] == d + 2


# Rulebook: "and/or the green barrier with their explorer immediately scores 4 victory points"
# Rulebook: "All other players whose explorers cross these barriers later score 2 victory points."
def test_blue_barrier_first_4_vp_later_2_vp():
    s, o = explore(1, at="E8")
    s.p(1)["explorer"] = "E8"
    s = play(stage(s, o), "explore E9")
    assert s.p(0)["vp"] == 4
    s = play(stage(s, op(1, op="explore", n=2)), "explore E10")
    assert s.p(1)["vp"] == 2 and s.p(1)["explorer"] == "E10"


# Rulebook: "If you end your movement on a space with a quest, you can immediately fulfill it."
# Rulebook: "If you do, take your rewards and add the quest tile to your ship board."
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


# Rulebook: "You can immediately perform a village action."
# Rulebook: "The first explorer to reach this space scores 10 victory points."
# Rulebook: "The second scores 8 victory points, the third scores 6 victory points, and the fourth
#   scores 4 victory points."
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


def _at_quest_3(hand):
    """The mover at location 3 with quest Q03 (goods sugar + tobacco -> 5 VP, 1 doubloon) there,
    holding exactly these card designs."""
    s = past_opening(3, 4).copy()
    seat = RULES.pending(s).seat
    put_quest(s, "3", "Q03")
    p = s.p(seat)
    p["career"] = None
    s.g["discard"] += p["hand"]
    p["hand"] = []
    ids = [give_card(s, seat, d) for d in hand]
    return play(s, "move 3"), seat, ids


# Rulebook: "You can only fulfill a quest at a location with a quest tile."
# Rulebook: "To fulfill a quest, you have to pay a cost."
def test_map_quest_is_a_main_action_paying_the_whole_cost():
    """A quest is fulfilled by paying its whole cost; each good is paid by one hand card showing it."""
    s, seat, (a, b, c) = _at_quest_3(["A01", "A13", "A07"])  # sugar/tobacco, tobacco/cloth, coffee/cloth
    assert [t for t in texts(s) if t.startswith("quest")] == ["quest Q03"]
    s = play(s, "quest Q03", f"pay-with {a}", f"pay-with {b}")
    assert s.p(seat)["quests"] == ["Q03"] and s.p(seat)["hand"] == [c]
    assert s.p(seat)["vp"] == 5 and s.g["quest_slots"]["3"] is None


def test_quest_cards_are_chosen_one_at_a_time_each_step_naming_the_good_it_pays():
    """Paying a quest: one card per good, the player chooses which card pays which good."""
    s, seat, (a, b, c) = _at_quest_3(["A01", "A13", "A07"])
    s = play(s, "quest Q03")
    d = RULES.pending(s)
    assert d.kind == "quest_pay" and "pay the sugar with" in d.prompt and "card 1 of 2" in d.prompt
    assert texts(s) == [f"pay-with {a}"]  # the only card showing sugar
    s = play(s, f"pay-with {a}")
    assert "pay the tobacco with" in RULES.pending(s).prompt
    assert texts(s) == [f"pay-with {b}"]  # A01 is already paying the sugar
    assert s.p(seat)["quests"] == []  # nothing is fulfilled before the last card


def test_a_card_that_would_leave_the_rest_of_the_cost_unpaid_is_not_offered():
    """The sugar could be paid by either card, but the only tobacco card must be kept for the tobacco."""
    s, seat, (a, f) = _at_quest_3(["A01", "A05"])  # sugar/tobacco, sugar/cocoa
    s = play(s, "quest Q03")
    assert texts(s) == [f"pay-with {f}"]
    s = play(s, f"pay-with {f}", f"pay-with {a}")
    assert s.p(seat)["quests"] == ["Q03"] and s.p(seat)["hand"] == []


def test_an_old_save_paying_every_card_in_one_line_still_reads_and_plays():
    """Saves written before the cards were chosen one by one ("quest Q03 A01.1 A13.1") load and
    play as they did: the same quest, the same cards paid, the same points."""
    s, seat, (a, b, c) = _at_quest_3(["A01", "A13", "A07"])
    old = f"quest Q03 {' '.join(sorted([a, b]))}"
    parsed = RULES.parse(s, old.lower())
    assert parsed.text == old
    t = RULES.apply(s, parsed)
    new = play(s, "quest Q03", f"pay-with {a}", f"pay-with {b}")
    assert t.p(seat)["quests"] == new.p(seat)["quests"] == ["Q03"]
    assert t.p(seat)["hand"] == new.p(seat)["hand"] == [c]
    assert t.p(seat)["vp"] == new.p(seat)["vp"] == 5
    assert RULES.pending(t).kind == RULES.pending(new).kind
    import pytest
    from tabletop_tui.rules.core import IllegalAction
    with pytest.raises(IllegalAction):  # an old line that does not pay the quest is refused
        RULES.parse(s, f"quest Q03 {a} {c}")


def before_a_fourth_quest():
    """P1 has fulfilled 3 quests and explores 1 from E2 to E3, where the quest Q12 waits."""
    s = past_opening(3, 4).copy()
    p = s.p(0)
    p["career"] = None
    p["quests"] = [s.g["quest_pile"].pop() for _ in range(3)]
    put_quest(s, "E3", "Q12")
    p["dbl"] = 10
    p["explorer"] = "E2"
    return stage(s, op(0, op="explore", n=1))


# Rulebook: "You immediately score 3 victory points for the fourth quest you fulfill."
# Rulebook: "You immediately score 2 victory points for each additional quest you fulfill after
#   that."
def test_quest_track_fourth_plus_3_later_plus_2():
    s = play(before_a_fourth_quest(), "explore E3", "quest Q12")
    assert s.p(0)["vp"] == 7 + 3
    put_quest(s, "E11", "Q01")
    s.p(0)["explorer"] = "E10"
    s = play(stage(s, op(0, op="explore", n=1)), "explore E11", "quest Q01", "nation spain")
    assert s.p(0)["vp"] == 10 + 4 + 2
