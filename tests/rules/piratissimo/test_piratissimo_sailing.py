"""The dice shows a number; full islands; harbours."""
from tabletop_tui.rules.piratissimo import HARBOUR, RULES

from ._helpers import act, kind, position, roll, seat


# Rulebook: "If the dice shows a number, the player moves their ship forward by the number of
#   islands (squares) indicated on the dice."
# Rulebook: "The little arrow near the islands shows which direction the ship sails in."
def test_a_number_moves_the_ship_that_many_islands_clockwise():
    s = position(2, location=[5, HARBOUR])
    s = roll(s, 3)
    assert s.location[0] == 8 and s.die == 3
    assert (kind(s), seat(s)) == ("roll", 1)  # neutral island, alone: the turn passes


def test_leaving_the_harbour_the_first_island_is_the_one_in_front_of_it():
    s = roll(position(2), 1)
    assert s.location[0] == 0
    s = roll(position(2, turn=1), 2)  # green harbour sits before island 12
    assert s.location[1] == 13


# Rulebook: "If an island is already occupied by two ships, the player has to place their ship on
#   the next free island."
def test_an_island_holds_two_ships_a_full_one_is_passed_to_the_next_free_island():
    s = position(3, location=[6, 8, 8])
    s = roll(s, 2)
    assert s.location[0] == 9  # island 8 is full


def test_full_islands_sailed_past_on_the_way_do_not_count():
    s = position(3, location=[6, 7, 7])
    s = roll(s, 2)
    assert s.location[0] == 8


# Rulebook: "Each island has enough space for two ships to moor."
def test_an_island_with_one_ship_still_has_room():
    s = position(2, location=[6, 8])
    s = roll(s, 2)
    assert s.location == [8, 8]


# Rulebook: "Only the ship with the same colour may sail into the corresponding harbour."
def test_only_the_own_harbour_can_be_entered_others_sail_past():
    s = position(2, turn=1, location=[5, 22])  # green ship passes the red harbour
    s = roll(s, 3)
    assert s.location[1] == 1


# Rulebook: "Each harbour is an individual square on the game board."
# Rulebook: "When entering a harbour, any moves not taken by a ship are forfeited."
def test_entering_the_harbour_forfeits_the_rest_of_the_move():
    s = position(2, location=[22, 5])
    s = roll(s, 4)  # 23, harbour: the last two steps are lost
    assert s.location[0] == HARBOUR


# Rulebook: "If the ship returns to the harbour with seven or less treasure pieces, the player may
#   unload them and place the treasure in the hollows on the board."
def test_entering_the_harbour_unloads_the_treasure_into_the_hollows():
    s = position(2, location=[23, 5], cargo=[5, 0])
    s = roll(s, 1)
    assert s.location[0] == HARBOUR and s.cargo[0] == 0 and s.unloaded[0] == 5
    assert "Anna unloaded 5 treasure" in RULES.log_line(None, None, s)


# Rulebook: "As soon as it's the player's turn again, their ship leaves the harbour to find new
#   treasure until they have a total of ten pieces."
# Rulebook: "If necessary, they may start a new expedition."
def test_next_turn_the_ship_sails_out_of_its_harbour_again():
    s = position(2, location=[HARBOUR, 5], unloaded=[5, 0])
    s = roll(s, 2)
    assert s.location[0] == 1 and s.unloaded[0] == 5


def test_a_full_island_just_before_the_harbour_sends_the_ship_home():
    s = position(3, location=[21, 23, 23], cargo=[3, 0, 0])
    s = roll(s, 2)
    assert s.location[0] == HARBOUR and s.unloaded[0] == 3


def test_a_ship_sails_a_full_lap_before_it_can_enter_its_harbour_again():
    s = position(2, location=[0, 12])  # just outside the red harbour
    path = []
    for _ in range(6):
        s.turn, s.queue = 0, [("roll", 0), ("end",)]
        s = roll(s, 4)
        while seat(s) == 0 and kind(s) != "roll":
            s = act(s, "load 0" if kind(s) == "load" else "pass")
        path.append(s.location[0])
    assert path == [4, 8, 12, 16, 20, HARBOUR]  # the whole ring before coming home
