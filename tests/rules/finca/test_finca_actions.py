"""Action tiles (each once per game, at most one per turn) and bonus tiles."""
import pytest

from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.rules.finca import (RULES, Confirm, Deliver, GustTo, Move, Omit, Pick, Stop,
                                      UseTile)

from .helpers import board, cidx, collect, give, give_carts, play, set_tile


# Rulebook: "Double windmill movement: after moving a farmer and collecting fruits, the player can
#   move one of their farmers again on the windmill (the same or another) and collect fruits as in
#   a normal movement."
# Rulebook: "In this way, the player can get more than 1 donkey cart in one turn."
def test_double_windmill_movement_moves_and_collects_twice_carts_included():
    s = board(2, {0: [2, 6, 6, 6, 6], 1: [5] * 5})
    s1 = play(s, "use double")
    assert RULES.pending(s1).kind == "double1" and "double" not in s1.action_tiles[0]
    s2 = play(s1, "move 3")  # 2 -> 3 over the line: a cart and an orange
    assert RULES.pending(s2).seat == 0 and RULES.pending(s2).kind == "double2"
    assert Stop() in RULES.legal_actions(s2)
    s3 = play(s2, "move 4")  # the same farmer again, 3 -> 4: a grape
    assert s3.carts[0] == 1 and s3.fruits[0]["orange"] == 1 and s3.fruits[0]["grape"] == 1
    assert RULES.pending(s3).seat == 1
    # another farmer for the second move, and two carts in one turn
    s4 = play(s, "use double", "move 3", "move 7")  # blade index 6 has 4 farmers: 6 -> 10
    assert s4.carts[0] == 2


def test_double_windmill_movement_second_move_may_be_skipped():
    s = board(2, {0: [0, 6, 6, 6, 6]})
    s2 = play(s, "use double", "move 1", "stop")
    assert RULES.pending(s2).seat == 1 and s2.fruits[0]["almond"] == 1


# Rulebook: "Gust of wind: the player can place one of their farmers on any windmill blade."
# Rulebook: "Then, they take the allowed number of fruits."
# Rulebook: "However, the player cannot take a donkey cart, regardless of how far they move the
#   farmer."
def test_gust_of_wind_puts_a_farmer_on_any_blade_takes_fruits_but_never_a_cart():
    s = board(2, {0: [0, 6, 6, 6, 6], 1: [9, 9, 5, 5, 5]})
    s1 = play(s, "use gust")
    assert RULES.pending(s1).kind == "gust_from"
    s2 = play(s1, "from 1")
    assert RULES.legal_actions(s2) == [GustTo(b) for b in range(12)]
    s3 = play(s2, "to 10")  # 0 -> 9 passes both lines: still no cart
    assert s3.farmers[0][9] == 1 and s3.farmers[0][0] == 0
    assert s3.fruits[0]["orange"] == 3  # Bruno's two farmers there + hers
    assert s3.carts[0] == 0 and s3.windmill_carts == 4
    assert "gust" not in s3.action_tiles[0]


# Rulebook: "Large donkey cart: the player can make a delivery of up to 10 fruits using this
#   special donkey cart."
# Rulebook: "When a player uses the large donkey cart, they do not use a normal donkey cart."
def test_large_donkey_cart_delivers_up_to_ten_fruits_without_a_normal_cart():
    s = board(2)
    set_tile(s, cidx("Palma"), 0, "T36")   # 6: 2 fig 2 almond 2 grape
    set_tile(s, cidx("Soller"), 0, "T22")  # 4: 2 fig almond orange
    set_tile(s, cidx("Inca"), 0, "T01")    # 1: fig
    give(s, 0, fig=6, almond=4, grape=2, orange=1)
    assert Deliver() not in RULES.legal_actions(s)  # no cart at all
    assert UseTile("large") in RULES.legal_actions(s)
    s1 = play(s, "use large", "pick Palma", "pick Soller")
    with pytest.raises(IllegalAction, match="At most 10 fruits can be delivered with the large "
                                            "donkey cart; adding Inca makes 11"):
        RULES.apply(s1, Pick("Inca"))
    s2 = play(s1, "confirm")
    assert sorted(s2.tiles[0]) == ["T22", "T36"] and s2.carts[0] == 0
    assert s2.windmill_carts == 4 and "large" not in s2.action_tiles[0]


# Rulebook: "One less fruit: the player can deliver 1 fruit less than required."
# Rulebook: "Thus, they can take tiles totaling 7, since they are delivering only 6 fruits."
def test_one_less_fruit_takes_tiles_totalling_seven_for_six_fruits():
    s = board(2)
    give_carts(s, 0, 1)
    set_tile(s, cidx("Palma"), 0, "T36")   # 6: 2 fig 2 almond 2 grape
    set_tile(s, cidx("Soller"), 0, "T01")  # 1: fig
    give(s, 0, fig=3, almond=1, grape=2)   # one almond short for the 6-tile
    s1 = play(s, "use less", "pick Palma", "pick Soller", "confirm")
    assert RULES.pending(s1).kind == "omit"
    assert RULES.legal_actions(s1) == [Omit("Palma", "almond")]
    s2 = play(s1, "omit Palma almond")
    assert sorted(s2.tiles[0]) == ["T01", "T36"]
    assert sum(s2.fruits[0].values()) == 0 and s2.carts[0] == 0  # 6 fruits and a cart
    assert RULES.invariants(s2) == []


# Rulebook: "A player cannot take a fruit tile with only one fruit by delivering 0 fruits of that
#   type."
def test_one_less_fruit_never_takes_a_one_fruit_tile_for_nothing():
    s = board(2)
    give_carts(s, 0, 1)
    for c in range(10):
        set_tile(s, c, 0, ["T01", "T29", "T30", "T31", "T32", "T33", "T34", "T36", "T37",
                           "T39"][c])
    give(s, 0, almond=1)  # nothing at all of fig
    # only Palma (a 1-fig tile) could be had for nothing: not allowed
    assert UseTile("less") not in RULES.legal_actions(s)
    give(s, 0, fig=1)
    # with the fig she can deliver normally, but one less fruit would have nothing to omit
    assert Deliver() in RULES.legal_actions(s)
    assert UseTile("less") not in RULES.legal_actions(s)


def test_one_less_fruit_a_one_fruit_tile_can_ride_with_a_bigger_tile():
    s = board(2)
    give_carts(s, 0, 1)
    set_tile(s, cidx("Palma"), 0, "T02")   # 1: almond (she has none)
    set_tile(s, cidx("Soller"), 0, "T08")  # 2: fig + almond
    give(s, 0, fig=1, almond=1)
    s1 = play(s, "use less", "pick Palma")
    assert Confirm() not in RULES.legal_actions(s1)  # a 1-fruit tile alone: nothing to omit
    assert Pick("Soller") in RULES.legal_actions(s1)
    s2 = play(s1, "pick Soller", "confirm")
    assert RULES.legal_actions(s2) == [Omit("Soller", "almond")]
    with pytest.raises(IllegalAction, match="cannot take a fruit tile with only one fruit"):
        RULES.apply(s2, Omit("Palma", "almond"))
    s3 = play(s2, "omit Soller almond")
    assert sorted(s3.tiles[0]) == ["T02", "T08"] and sum(s3.fruits[0].values()) == 0


def test_one_less_fruit_still_needs_a_donkey_cart():
    s = board(2)
    set_tile(s, cidx("Palma"), 0, "T08")
    give(s, 0, fig=1, almond=1)
    assert UseTile("less") not in RULES.legal_actions(s)
    with pytest.raises(IllegalAction, match="needs a donkey cart"):
        RULES.apply(s, UseTile("less"))


# Rulebook: "A player can use an action tile during a turn, but can use each tile once in the
#   game."
# Rulebook: "After using a tile, the player returns it to the box."
def test_each_action_tile_once_per_game():
    s = board(2, {0: [0, 6, 6, 6, 6]})
    s2 = play(s, "use gust", "from 1", "to 2", "move 12")
    assert RULES.pending(s2).seat == 0
    assert UseTile("gust") not in RULES.legal_actions(s2)
    with pytest.raises(IllegalAction, match="already used the gust of wind tile"):
        RULES.apply(s2, UseTile("gust"))


# Rulebook: "Note: a player can only use 1 action tile in a turn!"
def test_at_most_one_action_tile_per_turn():
    s = board(2, {0: [0, 6, 6, 6, 6]})
    s1 = play(s, "use double", "move 1")
    assert all(not isinstance(a, UseTile) for a in RULES.legal_actions(s1))
    give_carts(s, 0, 1)
    set_tile(s, cidx("Palma"), 0, "T08")
    give(s, 0, fig=2, almond=2)
    s2 = play(s, "use large")
    assert all(not isinstance(a, UseTile) for a in RULES.legal_actions(s2))
    with pytest.raises(IllegalAction, match="Now Anna must deliver"):
        RULES.apply(s2, UseTile("less"))


# Rulebook: "The first player to collect 6 fruit tiles with values from 1 to 6, immediately takes
#   the bonus tile with the value 7 on top of the stack of bonus tiles."
def test_first_complete_set_of_values_one_to_six_takes_the_top_bonus_tile_at_once():
    s = board(3)
    give_carts(s, 0, 1)
    give_carts(s, 1, 1)
    collect(s, 0, "T02", "T09", "T16", "T23", "T30")  # values 1..5
    collect(s, 1, "T03", "T10", "T17", "T24", "T31")  # values 1..5
    set_tile(s, cidx("Palma"), 0, "T36")  # 6
    set_tile(s, cidx("Soller"), 0, "T37")  # 6
    give(s, 0, fig=2, almond=2, grape=2)
    give(s, 1, almond=2, olive=2, lemon=2)
    s1 = play(s, "deliver", "pick Palma", "confirm")
    assert s1.bonus[0] == [7] and s1.bonus_stack == [6, 5, 4]
    s2 = play(s1, "deliver", "pick Soller", "confirm")
    assert s2.bonus[1] == [6]  # the next player takes the next tile: 6 (not 8)
    assert RULES.vp(s2)[1] == 1 + 2 + 3 + 4 + 5 + 6 + 4 * 2 + 6


# Rulebook: "A player can take a second bonus tile if they collect a second set of six tiles, with
#   values from 1 to 6."
def test_a_second_complete_set_earns_a_second_bonus_tile():
    s = board(2)
    give_carts(s, 0, 1)
    collect(s, 0, "T02", "T09", "T16", "T23", "T30", "T36")  # a full set
    s.bonus[0].append(s.bonus_stack.pop(0))
    collect(s, 0, "T03", "T10", "T17", "T24", "T31")  # a second set but the 6
    set_tile(s, cidx("Palma"), 0, "T37")
    give(s, 0, almond=2, olive=2, lemon=2)
    s1 = play(s, "deliver", "pick Palma", "confirm")
    assert s1.bonus[0] == [7, 6]
    assert RULES.invariants(s1) == []
