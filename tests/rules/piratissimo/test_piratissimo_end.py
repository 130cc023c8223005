"""End of the game: the target, playing on for places, the result."""
from tabletop_tui.rules.piratissimo import HARBOUR, RULES

from ._helpers import act, kind, position, roll, seat, events


# Rulebook: "The first captain to bring at least ten pieces of treasure back to his harbour wins
#   the game."
# Rulebook: "The game is over when a player has brought at least ten pieces of treasure back to
#   their harbour."
def test_the_first_captain_to_bring_ten_treasure_home_wins():
    s = roll(position(2, location=[23, 5], cargo=[4, 2], unloaded=[6, 8]), 1)
    assert s.unloaded[0] == 10 and s.finished == [0]
    assert RULES.pending(s) is None and RULES.legal_actions(s) == []
    r = RULES.result(s)
    assert r.ranking == [[0], [1]] and r.winners == [0]
    assert "Anna has 10 treasure in harbour and wins!" in events(s)


def test_at_least_ten_more_is_fine():
    s = roll(position(2, location=[23, 5], cargo=[5, 0], unloaded=[8, 0]), 1)
    assert s.unloaded[0] == 13 and RULES.result(s).winners == [0]


def test_nine_is_not_enough():
    s = roll(position(2, location=[23, 5], cargo=[3, 0], unloaded=[6, 0]), 1)
    assert s.unloaded[0] == 9 and RULES.pending(s) is not None and s.finished == []


def test_the_target_is_an_option():
    s = roll(position(2, location=[23, 5], cargo=[2, 0], unloaded=[3, 0], target=5), 1)
    assert RULES.result(s).winners == [0]


def test_the_game_is_not_over_while_nobody_reached_the_target():
    s = position(3)
    assert RULES.result(s) is None and RULES.pending(s) is not None


def test_a_captain_can_win_on_another_players_turn_through_overboard():
    s = position(3, turn=1, location=[HARBOUR, 5, 10], cargo=[0, 0, 2], unloaded=[9, 0, 0], tornado=12)
    s = act(roll(s, "tornado", wheel="overboard"), "stay")
    s = act(s, "tornado 2")  # Bruno's tornado hits Chiara, who gives one to Anna in harbour
    assert s.unloaded[0] == 10 and RULES.result(s).winners == [0]


def test_a_captain_can_win_through_the_lookout():
    s = position(3, location=[HARBOUR, 6, 13], cargo=[0, 4, 0], unloaded=[0, 6, 0], tornado=8)
    s = act(act(roll(s, "tornado", wheel="lookout"), "stay"), "tornado 2")
    assert RULES.result(s).winners == [1]


# Rulebook: "When the winner has reached their destination, the other players are free to continue
#   in order to determine the other places."
def test_play_on_the_others_continue_to_determine_the_other_places():
    s = roll(position(3, location=[23, 5, 9], cargo=[4, 0, 0], unloaded=[6, 0, 0], play_on=True), 1)
    assert s.finished == [0] and RULES.result(s) is None
    assert (kind(s), seat(s)) == ("roll", 1)
    s = roll(s, 1)  # Bruno to island 6
    s = roll(s, 2)  # Chiara to island 11
    assert (kind(s), seat(s)) == ("roll", 1)  # Anna has finished: her turn is skipped


def test_play_on_ends_when_one_captain_is_left():
    s = position(3, turn=1, location=[HARBOUR, 5, 9], cargo=[0, 5, 0], unloaded=[11, 5, 3],
                 play_on=True)
    s.finished = [0]
    s = roll(s, 1)  # Bruno home with 10
    assert s.finished == [0, 1] and RULES.pending(s) is None
    assert RULES.result(s).ranking == [[0], [1], [2]]


def test_play_on_a_finished_captain_receives_no_overboard_treasure():
    s = position(3, turn=1, location=[HARBOUR, 5, 10], cargo=[0, 0, 1], unloaded=[10, 0, 0],
                 tornado=12, play_on=True)
    s.finished = [0]
    s = act(act(roll(s, "tornado", wheel="overboard"), "stay"), "tornado 2")
    assert s.unloaded[0] == 10 and s.cargo == [0, 1, 0]  # Chiara's only piece goes to Bruno


def test_play_on_a_captain_who_finishes_mid_turn_ends_that_turn():
    s = position(3, location=[23, 5, 9], cargo=[4, 0, 0], unloaded=[6, 0, 0], play_on=True)
    s = act(roll(s, "tornado"), "sail 1")  # home with 10: no tornado move follows
    assert s.finished == [0] and (kind(s), seat(s)) == ("roll", 1)


def test_the_others_are_ranked_by_treasure_in_harbour_and_equal_treasure_shares_a_place():
    s = roll(position(3, location=[23, 5, 9], cargo=[4, 7, 0], unloaded=[6, 3, 3]), 1)
    r = RULES.result(s)
    assert r.ranking == [[0], [1, 2]]  # Bruno's 7 aboard do not count
    assert r.scores == {0: 10, 1: 3, 2: 3}
    assert r.breakdown[1] == {"Treasure in harbour": 3, "Treasure on ship": 7}
    assert "order they brought 10 treasure home" in r.tiebreak


def test_points_over_time_are_the_treasure_in_harbour():
    s = position(3, location=[23, 5, 9], cargo=[4, 7, 0], unloaded=[6, 3, 1])
    assert RULES.vp(s) == {0: 6, 1: 3, 2: 1}
