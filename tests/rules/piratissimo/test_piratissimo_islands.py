"""Reaching an island; loading and overloading a ship; the empty basket."""
import pytest

from tabletop_tui.rules.piratissimo import HARBOUR, RULES

from ._helpers import act, kind, options, position, roll, seat, events


# Rulebook: "• Islands with a green treasure chest: They may decide how many treasure pieces they
#   want to load onto their ship."
def test_green_chest_lets_the_captain_load_0_to_the_number_on_the_island():
    s = roll(position(2), 2)  # island 1: green chest 2
    assert s.location[0] == 1 and (kind(s), seat(s)) == ("load", 0)
    assert options(s) == ["load 0", "load 1", "load 2"]
    s = act(s, "load 2")
    assert s.cargo[0] == 2 and s.basket == 62
    assert (kind(s), seat(s)) == ("roll", 1)


# Rulebook: "They may only take as many as indicated by the number on the island."
def test_green_chest_3_offers_up_to_three():
    s = roll(position(2, location=[0, 12]), 4)
    assert s.location[0] == 4 and options(s) == ["load 0", "load 1", "load 2", "load 3"]


# Rulebook: "Of course, they can also relinquish the right to take on treasure in order not to
#   overload their ship."
def test_green_chest_may_be_refused():
    s = act(roll(position(2), 2), "load 0")
    assert s.cargo[0] == 0 and s.basket == 64 and "loaded nothing" in RULES.log_line(None, None, s)


# Rulebook: "For this reason, they have to load two treasure pieces onto their ship."
def test_red_chest_must_load_two():
    s = roll(position(2), 4)  # island 3: red chest
    assert s.location[0] == 3 and s.cargo[0] == 2 and s.basket == 62
    assert (kind(s), seat(s)) == ("roll", 1)  # no choice was offered


# Rulebook: "• Neutral islands: Neutral islands have no hidden treasure."
def test_neutral_island_alone_nothing_happens():
    s = roll(position(2, location=[3, 12], cargo=[2, 0]), 2)
    assert s.location[0] == 5 and s.cargo[0] == 2 and (kind(s), seat(s)) == ("roll", 1)


# Rulebook: "The last player to arrive has the possibility to steal up to two treasure pieces from
#   their opponent and to load them onto their own ship, or to relinquish up to two of their own
#   treasure pieces to their opponent"
def test_neutral_island_with_another_ship_the_last_to_arrive_may_steal_up_to_two():
    s = position(2, location=[2, 5], cargo=[1, 4])
    s = roll(s, 3)
    assert (kind(s), seat(s)) == ("neutral", 0)
    assert options(s) == ["steal 1", "steal 2", "give 1", "pass"]
    s = act(s, "steal 2")
    assert s.cargo == [3, 2]


def test_neutral_island_the_last_to_arrive_may_give_up_to_two():
    s = act(roll(position(2, location=[2, 5], cargo=[3, 1]), 3), "give 2")
    assert s.cargo == [1, 3]


# Rulebook: "They may also choose to do nothing."
def test_neutral_island_the_last_to_arrive_may_do_nothing():
    s = act(roll(position(2, location=[2, 5], cargo=[3, 1]), 3), "pass")
    assert s.cargo == [3, 1] and (kind(s), seat(s)) == ("roll", 1)


def test_neutral_island_the_ship_already_moored_has_no_say():
    s = position(2, turn=1, location=[5, 2], cargo=[3, 3])
    s = roll(s, 3)
    assert (kind(s), seat(s)) == ("neutral", 1)  # Bruno arrived last, Bruno chooses


def test_neutral_island_steal_is_limited_to_what_the_other_ship_carries():
    s = roll(position(2, location=[2, 5], cargo=[0, 1]), 3)
    assert options(s) == ["steal 1", "pass"]


def test_neutral_island_with_two_empty_ships_offers_nothing():
    s = roll(position(2, location=[2, 5]), 3)
    assert (kind(s), seat(s)) == ("roll", 1)


def test_green_and_red_islands_have_no_skulduggery():
    s = roll(position(2, location=[HARBOUR, 1], cargo=[0, 3]), 2)
    assert kind(s) == "load"  # only the chest, no steal/give


# Rulebook: "A ship may only carry a maximum of seven treasure pieces"
def test_a_ship_carries_seven():
    s = act(roll(position(2, location=[2, 12], cargo=[5, 0]), 2), "load 2")  # island 4
    assert s.cargo[0] == 7


# Rulebook: "If their ship picks up more than seven treasure pieces, it capsizes and its cargo
#   sinks to the bottom of the sea."
# Rulebook: "All treasure must be put back into the small basket."
def test_the_eighth_piece_capsizes_the_ship_and_all_its_treasure_goes_back_to_the_basket():
    s = act(roll(position(2, location=[2, 12], cargo=[6, 0]), 2), "load 2")
    assert s.cargo[0] == 0 and s.basket == 64
    assert "capsized" in RULES.log_line(None, None, s)


# Rulebook: "The ship in question continues sailing from the island where it capsized."
# Rulebook: "The player may start collecting treasure again."
def test_a_capsized_ship_sails_on_from_the_island_where_it_capsized():
    s = roll(position(2, location=[0, 12], cargo=[7, 0]), 3)  # red chest on island 3
    assert s.cargo[0] == 0 and s.location[0] == 3
    s.turn, s.queue = 0, [("roll", 0), ("end",)]
    s = roll(s, 2)
    assert s.location[0] == 5


def test_giving_treasure_can_capsize_the_other_ship():
    s = act(roll(position(2, location=[2, 5], cargo=[2, 6]), 3), "give 2")
    assert s.cargo == [0, 0] and s.basket == 64 and s.location[1] == 5


def test_stealing_treasure_can_capsize_the_own_ship():
    s = act(roll(position(2, location=[2, 5], cargo=[6, 2]), 3), "steal 2")
    assert s.cargo == [0, 0] and s.basket == 64


# Rulebook: "• Islands with a tornado piece: If the player's ship comes to an island with a tornado
#   piece on it, they may execute the action corresponding to this island (see the description
#   above)."
# Rulebook: "Tornados have no effect on the ships arriving at that island."
def test_an_island_with_the_tornado_works_as_usual_for_arriving_ships():
    s = position(2, location=[0, 12], tornado=4)
    s = roll(s, 4)  # island 4 (green chest 3) holds the tornado
    assert s.location[0] == 4 and options(s) == ["load 0", "load 1", "load 2", "load 3"]


def _empty_basket_position(**kw):
    # 4 captains, 12 each in harbour and 4 each aboard: the basket is empty
    return position(4, location=[HARBOUR, 7, 13, 19], cargo=[0, 7, 5, 4],
                    unloaded=[12, 12, 12, 12], target=13, **kw)


def test_empty_basket_nobody_can_load_and_the_game_says_so():
    s = _empty_basket_position()
    assert s.basket == 0
    assert "basket is empty" in RULES.pending(s).prompt
    s = roll(s, 2)  # green chest: no choice offered
    assert s.location[0] == 1 and s.cargo[0] == 0 and kind(s) == "roll" and seat(s) == 1
    assert "The basket is empty: Anna cannot load." in events(s)


def test_empty_basket_red_chest_loads_nothing():
    s = roll(_empty_basket_position(), 4)
    assert s.location[0] == 3 and s.cargo[0] == 0
    assert "The basket is empty: Anna cannot load." in events(s)


def test_loading_is_limited_by_what_is_left_in_the_basket():
    s = position(4, location=[HARBOUR, 7, 13, 19], cargo=[0, 7, 5, 3],
                 unloaded=[12, 12, 12, 12], target=13)
    assert s.basket == 1
    t = roll(s, 2)
    assert options(t) == ["load 0", "load 1"] and "Only 1 left" in RULES.pending(t).prompt
    t = roll(s, 4)  # red chest with one piece left
    assert t.cargo[0] == 1 and t.basket == 0


@pytest.mark.parametrize("start,face,dest", [(HARBOUR, 2, 1), (0, 4, 4), (5, 2, 7), (20, 2, 22)])
def test_every_green_chest_offers_a_load_choice(start, face, dest):
    s = roll(position(2, location=[start, 12]), face)
    assert s.location[0] == dest and kind(s) == "load" and seat(s) == 0
