"""The dice shows the tornado: the ship step, the tornado move, the wind wheel."""
import pytest

from tabletop_tui.rules.piratissimo import HARBOUR, RULES

from ._helpers import act, kind, options, position, roll, seat, events


# Rulebook: "1. Move your own ship: First of all, the player may move their ship to the next island
#   in the direction indicated by the arrow."
def test_a_tornado_roll_first_offers_to_move_the_own_ship_one_island():
    s = roll(position(3), "tornado")
    assert s.die == "tornado"
    assert (kind(s), seat(s)) == ("tornado-ship", 0) and options(s) == ["sail 1", "stay"]


# Rulebook: "The player may also choose to do nothing."
def test_the_ship_step_is_optional_then_the_tornado_may_be_moved():
    s = act(roll(position(3, location=[5, HARBOUR, HARBOUR]), "tornado"), "stay")
    assert s.location[0] == 5 and (kind(s), seat(s)) == ("tornado", 0)


# Rulebook: "Depending on the island they reach, they may execute the corresponding actions (see
#   the description above, chapter 'Reaching an island')."
def test_the_ship_step_moves_one_island_with_the_islands_effect_before_the_tornado():
    s = act(roll(position(3, location=[0, HARBOUR, HARBOUR]), "tornado"), "sail 1")
    assert s.location[0] == 1 and (kind(s), seat(s)) == ("load", 0)  # green chest first
    s = act(s, "load 1")
    assert s.cargo[0] == 1 and (kind(s), seat(s)) == ("tornado", 0)


def test_the_ship_step_from_the_harbour_goes_to_the_island_in_front_of_it():
    s = act(roll(position(3), "tornado"), "sail 1")
    assert s.location[0] == 0


def test_the_ship_step_just_before_the_harbour_enters_it_and_unloads():
    s = act(roll(position(3, location=[23, HARBOUR, HARBOUR], cargo=[3, 0, 0]), "tornado"), "sail 1")
    assert s.location[0] == HARBOUR and s.unloaded[0] == 3 and kind(s) == "tornado"


def test_the_ship_step_passes_a_full_island():
    s = act(roll(position(3, location=[0, 1, 1]), "tornado"), "sail 1")
    assert s.location[0] == 2


# Rulebook: "the tornado piece will start from here and move in the direction shown by the white
#   arrows"
# Rulebook: "2. Move the tornado piece: The player then moves the tornado piece anticlockwise:"
# Rulebook: "• If there are two players: from one to five squares."
# Rulebook: "• If there are three players: from one to four squares."
# Rulebook: "• If there are four players: from one to three squares."
@pytest.mark.parametrize("players,k", [(2, 5), (3, 4), (4, 3)])
def test_the_tornado_moves_1_to_k_islands_anticlockwise_k_5_4_3_for_2_3_4_players(players, k):
    s = act(roll(position(players, tornado=8), "tornado"), "stay")
    acts = RULES.legal_actions(s)
    # 1..k first and "leave it" last, so that the choice numbered k moves it k islands
    assert [str(a) for a in acts] == [f"tornado {i}" for i in range(1, k + 1)] + ["tornado 0"]
    assert [a.target for a in acts] == [("island", 8 - i) for i in range(1, k + 1)] + [("island", 8)]
    assert s.tornado_max == k


# Rulebook: "The player may also choose not to do this."
def test_the_tornado_may_stay_where_it_is():
    s = act(act(roll(position(3, tornado=8), "tornado"), "stay"), "tornado 0")
    assert s.tornado == 8 and (kind(s), seat(s)) == ("roll", 1)


def test_the_tornado_moves_from_island_to_island_past_the_harbours():
    s = act(act(roll(position(2, tornado=2), "tornado"), "stay"), "tornado 5")
    assert s.tornado == 21


# Rulebook: "b. The tornado does not hit any ships: If the tornado stops at an island where no ship
#   is moored, nothing happens."
# Rulebook: "It is then the next player's turn."
def test_the_tornado_stopping_where_no_ship_is_moored_does_nothing():
    s = act(roll(position(3, location=[5, 9, 13], tornado=8), "tornado"), "stay")
    draws = s.rng.draws
    s = act(s, "tornado 1")
    assert s.tornado == 7 and s.wheel is None and s.rng.draws == draws
    assert "No ship is moored there." in events(s) and (kind(s), seat(s)) == ("roll", 1)


def test_the_tornado_passing_over_ships_does_nothing():
    s = act(roll(position(3, location=[HARBOUR, 7, 13], cargo=[0, 3, 0], tornado=8), "tornado"), "stay")
    s = act(s, "tornado 3")
    assert s.tornado == 5 and s.wheel is None and s.cargo[1] == 3 and s.location[1] == 7


def test_ships_in_harbour_are_never_hit():
    s = act(roll(position(3, location=[HARBOUR, 9, 13], tornado=2), "tornado"), "stay")
    draws = s.rng.draws
    s = act(s, "tornado 2")  # island 0, in front of the red harbour where Anna lies
    assert s.tornado == 0 and s.wheel is None and s.rng.draws == draws


def _hit(wheel, location, cargo=(0, 0, 0), unloaded=None, tornado=8, k=2, ship="stay", **kw):
    """Anna rolls the tornado, (doesn't) sail, and moves the tornado k islands; the wheel shows ``wheel``."""
    n = len(location)
    s = position(n, location=location, cargo=list(cargo), unloaded=unloaded, tornado=tornado, **kw)
    s = act(roll(s, "tornado", wheel=wheel), ship)
    return act(s, f"tornado {k}")


# Rulebook: "a. The tornado meets one or several ships: If the tornado stops its movement directly
#   on an island where ships are moored (with or without cargo), the player who moves the tornado
#   piece moves the wind wheel in the centre of the game board."
def test_the_tornado_stopping_on_moored_ships_spins_the_wind_wheel():
    s = _hit("washed", [HARBOUR, 6, 13], cargo=(0, 3, 0))
    assert s.tornado == 6 and s.wheel == "washed"
    assert any("wind wheel shows 'washed'" in e for e in events(s))


def test_the_wind_wheel_is_spun_from_the_seeded_rng():
    outcomes = set()
    for seed in range(40):
        s = position(3, location=[HARBOUR, 6, 13], cargo=[0, 3, 0], tornado=8, seed=seed)
        s = act(act(roll(s, "tornado"), "stay"), "tornado 2")
        t = position(3, location=[HARBOUR, 6, 13], cargo=[0, 3, 0], tornado=8, seed=seed)
        t = act(act(roll(t, "tornado"), "stay"), "tornado 2")
        assert s.wheel == t.wheel  # same seed, same spin
        outcomes.add(s.wheel)
    assert outcomes == {"lucky", "overboard", "lookout", "washed"}


# Rulebook: "• 'The affected ships are lucky!'"
# Rulebook: "The players do not lose any treasure, but the tornado moves the ships to the next
#   island."
# Rulebook: "Where appropriate, the player may immediately pick up treasure on this island."
def test_lucky_moves_the_affected_ship_to_the_next_island_where_its_owner_may_load():
    s = _hit("lucky", [HARBOUR, 6, 13], cargo=(0, 1, 0))
    assert s.location[1] == 7 and s.cargo[1] == 1
    assert (kind(s), seat(s)) == ("load", 1)  # Bruno chooses how much to pick up
    s = act(s, "load 2")
    assert s.cargo[1] == 3 and (kind(s), seat(s)) == ("roll", 1)


def test_lucky_on_a_red_chest_island_loads_two_and_can_capsize():
    s = _hit("lucky", [HARBOUR, 8, 13], cargo=(0, 6, 0), tornado=10)  # Bruno pushed to island 9
    assert s.location[1] == 9 and s.cargo[1] == 0 and s.basket == 64


# Rulebook: "a ship cannot sail into its harbour because of this movement and must sail another
#   round"
def test_lucky_moves_a_ship_past_its_harbour_so_it_must_sail_another_round():
    s = _hit("lucky", [HARBOUR, 5, 13], cargo=(0, 4, 0), tornado=7)  # blue harbour before 6
    assert s.location[1] == 6 and s.cargo[1] == 4 and s.unloaded[1] == 0


def test_lucky_passes_a_full_island_to_the_next_free_one():
    s = _hit("lucky", [HARBOUR, 5, 6, 6], cargo=(0, 0, 0, 0), tornado=8, k=3)
    assert s.location[1] == 7


# Rulebook: "This may include moving the other players' ships, removing their treasure or
#   distributing treasure among other participants."
def test_lucky_moves_every_affected_ship_the_rollers_first():
    s = _hit("lucky", [6, 6, 13], cargo=(0, 0, 0))
    assert s.location[0] == 7 and (kind(s), seat(s)) == ("load", 0)
    s = act(s, "load 1")
    assert s.location[1] == 7 and (kind(s), seat(s)) == ("load", 1)
    s = act(s, "load 0")
    assert (kind(s), seat(s)) == ("roll", 1)


def test_lucky_onto_a_neutral_island_with_a_ship_its_owner_arrives_last():
    s = _hit("lucky", [HARBOUR, 5, 6], cargo=(0, 1, 3), tornado=7)
    assert s.location[1] == 6 and (kind(s), seat(s)) == ("neutral", 1)
    s = act(s, "steal 2")
    assert s.cargo[1:] == [3, 1]


# Rulebook: "The tornado hit the ships on the island causing much of the treasure to go overboard"
# Rulebook: "Each affected player must give one treasure piece to every other participant, who in
#   turn has to load it onto their ship."
def test_overboard_each_affected_player_gives_one_to_every_other_player():
    s = _hit("overboard", [3, 6, 13], cargo=(0, 3, 1))
    assert s.cargo == [1, 1, 2] and RULES.invariants(s) == []


# Rulebook: "If a player does not have enough treasure to give to each person, they may decide for
#   themself who receives one and who does not."
def test_overboard_a_player_short_of_treasure_chooses_who_receives():
    s = _hit("overboard", [3, 6, 13], cargo=(0, 1, 0))
    assert (kind(s), seat(s)) == ("overboard", 1)
    assert options(s) == ["give to green", "give to red"]
    assert [a.target for a in RULES.legal_actions(s)] == [("island", 13), ("island", 3)]
    s = act(s, "give to green")
    assert s.cargo == [0, 0, 1] and (kind(s), seat(s)) == ("roll", 1)


def test_overboard_short_with_two_pieces_for_three_players_chooses_twice():
    s = _hit("overboard", [3, 6, 13, 19], cargo=(0, 2, 0, 0), k=2)
    assert (kind(s), seat(s)) == ("overboard", 1) and len(options(s)) == 3
    s = act(s, "give to yellow")
    assert options(s) == ["give to green", "give to red"]
    s = act(s, "give to red")
    assert s.cargo == [1, 0, 0, 1] and (kind(s), seat(s)) == ("roll", 1)


def test_overboard_with_no_treasure_gives_nothing():
    s = _hit("overboard", [3, 6, 13], cargo=(1, 0, 1))
    assert s.cargo == [1, 0, 1] and "Bruno has no treasure to give." in events(s)


# Rulebook: "If a player whose ship is actually moored in the harbour receives some treasure, they
#   can unload it immediately."
def test_overboard_a_receiver_in_harbour_unloads_at_once():
    s = _hit("overboard", [HARBOUR, 6, 13], cargo=(0, 2, 0), unloaded=[4, 0, 0])
    assert s.location[0] == HARBOUR and s.cargo[0] == 0 and s.unloaded[0] == 5


# Rulebook: "If a player receives some treasure after their ship was in their own harbour but is
#   now on the island directly outside their harbour, they may not return to unload but must first
#   complete a full round before they can call in again."
def test_overboard_a_receiver_just_outside_the_harbour_keeps_it_aboard_for_a_full_round():
    s = _hit("overboard", [0, 6, 13], cargo=(0, 2, 0), unloaded=[4, 0, 0])
    assert s.location[0] == 0 and s.cargo[0] == 1 and s.unloaded[0] == 4
    # from just outside, even a tornado ship step goes on round the ring, not back home
    s.turn, s.queue = 0, [("roll", 0), ("end",)]
    s = act(roll(s, "tornado"), "sail 1")
    assert s.location[0] == 1 and s.unloaded[0] == 4


def test_overboard_the_received_piece_can_capsize_the_receivers_ship():
    s = _hit("overboard", [3, 6, 13], cargo=(0, 2, 7))
    assert s.cargo == [1, 0, 0] and s.basket == 63


def test_overboard_two_affected_players_give_in_turn_the_rollers_first():
    s = _hit("overboard", [6, 6, 13], cargo=(2, 2, 0))
    # Anna gives to Bruno and Chiara (0, 3, 1); then Bruno gives to Chiara and Anna
    assert s.cargo == [1, 1, 2]


# Rulebook: "the ship was able to reach its harbour in time"
# Rulebook: "Move the affected ships to their corresponding harbour."
# Rulebook: "If they have already collected treasure, they may unload it now."
def test_lookout_sends_the_affected_ships_home_to_unload():
    s = _hit("lookout", [HARBOUR, 6, 13], cargo=(0, 4, 0), unloaded=[0, 2, 0])
    assert s.location[1] == HARBOUR and s.cargo[1] == 0 and s.unloaded[1] == 6
    s = roll(s, 1)  # Bruno's turn: a new expedition from the blue harbour
    assert s.location[1] == 6


# Rulebook: "• 'The tornado has hit the ships of the affected island and washed two treasure pieces
#   into the sea.'"
# Rulebook: "Take two treasure pieces from each affected ship (provided they are carrying some) and
#   place them back into the small basket."
def test_washed_takes_two_treasure_from_each_affected_ship_back_to_the_basket():
    s = _hit("washed", [6, 6, 13], cargo=(3, 1, 2))
    assert s.cargo == [1, 0, 2] and s.basket == 64 - 3


def test_the_rollers_own_ship_can_be_hit():
    s = _hit("washed", [6, HARBOUR, 13], cargo=(5, 0, 0))
    assert s.cargo[0] == 3 and s.wheel == "washed"


# Rulebook: "If the dice shows the tornado, the following actions have to be executed, one after
#   the other, in the given order."
def test_all_tornado_effects_are_carried_out_before_the_turn_passes():
    s = _hit("lookout", [6, 6, 13], cargo=(1, 2, 0))
    assert s.location[:2] == [HARBOUR, HARBOUR] and s.unloaded[:2] == [1, 2]
    assert (kind(s), seat(s)) == ("roll", 1)
