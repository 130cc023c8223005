"""A turn is one of: move a farmer, deliver fruit, use an action tile. Moving on the windmill."""
from tabletop_tui.rules.finca import RULES, Deliver, Move, UseTile, move_preview

from .helpers import board, give, give_carts, play


# Rulebook: "On a player's turn, they must choose one of the following three options:"
# Rulebook: "Move farmer"
# Rulebook: "Deliver fruit"
# Rulebook: "Use action tile"
# Rulebook: "On your turn, a player must choose one of the three options:"
# Rulebook: "Move farmer"
def test_a_turn_offers_exactly_move_deliver_or_action_tile():
    s = board(2, {0: [0, 0, 3, 3, 3]})
    acts = RULES.legal_actions(s)
    assert {type(a) for a in acts} <= {Move, Deliver, UseTile}
    assert Move(0) in acts and Move(3) in acts
    # no cart and no fruit: no delivery; double and gust are always possible
    assert Deliver() not in acts
    assert [a for a in acts if isinstance(a, UseTile)] == [UseTile("double"), UseTile("gust")]


# Rulebook: "Thus, if a farmer is alone on a blade, they move only 1 space - to the next blade."
def test_a_farmer_alone_moves_one_blade_and_takes_one_fruit():
    s = board(2, {0: [0, 3, 3, 3, 3], 1: [5] * 5})
    s2 = play(s, "move 1")  # blade index 0 (fig) -> index 1 (almond)
    assert s2.farmers[0][0] == 0 and s2.farmers[0][1] == 1
    assert s2.fruits[0]["almond"] == 1
    assert RULES.pending(s2).seat == 1  # one move is the whole turn


# Rulebook: "The player selects any of their farmers that is on a windmill blade and moves it
#   clockwise."
# Rulebook: "Before moving their farmer, the player counts the number of farmers on the blade from
#   which they are moving (theirs and their opponents')."
# Rulebook: "They then move their farmer exactly the same number of spaces (blades) as there were
#   farmers on the blade from which they moved the farmer."
# Rulebook: "If the farmer shares the blade with another farmer, they move 2 spaces (blades)."
# Rulebook: "And so on, for 3 or more farmers on a blade."
def test_farmers_sharing_a_blade_move_that_many_blades_all_colours_counted():
    # blade 0 holds one of Anna's and one of Bruno's farmers: Anna's moves 2 blades
    s = board(2, {0: [0, 6, 6, 6, 6], 1: [0, 5, 5, 5, 5]})
    s2 = play(s, "move 1")
    assert s2.farmers[0][2] == 1
    assert s2.fruits[0]["olive"] == 1  # alone on the landing blade: one olive


# Rulebook: "After the player moves their farmer, they count the farmers (theirs and their
#   opponents') on the windmill blade where they ended their movement."
# Rulebook: "They then take that number of fruits from the supply, placing them in their play
#   area."
# Rulebook: "The type of fruit taken is shown by the illustration on the blade where they ended
#   their movement."
def test_fruits_taken_equal_the_farmers_on_the_landing_blade_mover_included():
    # Anna moves from blade 0 (alone) to blade 1 where 2 Bruno farmers and 1 of hers stand
    s = board(2, {0: [0, 1, 6, 6, 6], 1: [1, 1, 5, 5, 5]})
    s2 = play(s, "move 1")
    assert s2.fruits[0]["almond"] == 4


# Rulebook: "When a player moves their farmer past one of the two windmill dividing lines, the
#   player also takes a donkey cart from the center of the windmill, placing it in their play
#   area."
def test_crossing_a_dividing_line_takes_a_donkey_cart():
    # a line lies just before blade index 3: moving 2 -> 3 crosses it
    s = board(2, {0: [2, 6, 6, 6, 6], 1: [5] * 5})
    assert move_preview(s, 2)["carts"] == 1
    s2 = play(s, "move 3")
    assert s2.carts[0] == 1 and s2.windmill_carts == 3


def test_a_move_that_crosses_no_line_takes_no_cart():
    s = board(2, {0: [0, 6, 6, 6, 6], 1: [5] * 5})
    s2 = play(s, "move 1")
    assert s2.carts[0] == 0 and s2.windmill_carts == 4


# Rulebook: "Rare case: when a farmer crosses both dividing lines because there are more than 6
#   farmers on the windmill blade from which they move, the player takes 2 donkey carts."
def test_crossing_both_lines_takes_two_carts():
    # 4 players x 3 farmers: 7 farmers on blade 1 -> the mover goes 7 blades, over 3 and 9
    s = board(4, {0: [1, 1, 1], 1: [1, 1, 1], 2: [1], 3: [11, 11, 11]})
    p = move_preview(s, 1)
    assert p["steps"] == 7 and p["to"] == 8 and p["carts"] == 1
    s = board(4, {0: [2, 2, 2], 1: [2, 2, 2], 2: [2], 3: [11, 11, 11]})
    p = move_preview(s, 2)
    assert p["steps"] == 7 and p["to"] == 9 and p["carts"] == 2
    s2 = play(s, "move 3")
    assert s2.carts[0] == 2 and s2.windmill_carts == 6
    assert s2.fruits[0]["orange"] == 1


# Rulebook: "If there are no more donkey carts in the center of the windmill, all players,
#   including the player who moved their farmer, must return all donkey carts back to the center of
#   the windmill."
# Rulebook: "The player then takes the donkey cart that they can."
def test_when_no_cart_is_left_everyone_returns_all_carts_then_the_mover_takes_one():
    s = board(2, {0: [2, 6, 6, 6, 6], 1: [5] * 5})
    give_carts(s, 0, 1)
    give_carts(s, 1, 3)
    assert s.windmill_carts == 0
    s2 = play(s, "move 3")
    assert s2.carts == [1, 0] and s2.windmill_carts == 3
    assert "carts ran out" in RULES.log_line(s, Move(2), s2)


# Rulebook: "If the supply does not have enough fruits (there are 18 of each type) of the type the
#   player can take, all players (including the player taking the fruit) must return all fruits of
#   that type back to the supply."
# Rulebook: "The player then takes the number of fruits of that type that they can from the
#   supply."
def test_fruit_shortage_everyone_returns_that_fruit_then_the_mover_takes():
    # Anna lands on blade 1 (almond) with Bruno's 2 farmers there: 3 almonds wanted, 2 in supply
    s = board(2, {0: [0, 6, 6, 6, 6], 1: [1, 1, 5, 5, 5]})
    give(s, 0, almond=6, fig=2)
    give(s, 1, almond=10)
    assert s.supply["almond"] == 2
    s2 = play(s, "move 1")
    assert s2.fruits[1]["almond"] == 0  # Bruno returned all his almonds
    assert s2.fruits[0]["almond"] == 3  # Anna returned her 6, then took 3
    assert s2.supply["almond"] == 15
    assert s2.fruits[0]["fig"] == 2  # other fruit untouched
    assert RULES.invariants(s2) == []


def test_a_move_of_twelve_blades_comes_back_to_the_same_blade():
    s = board(4, {0: [4, 4, 4], 1: [4, 4, 4], 2: [4, 4, 4], 3: [4, 4, 4]})
    p = move_preview(s, 4)
    assert p["steps"] == 12 and p["to"] == 4 and p["carts"] == 2 and p["fruits"] == 12
    s2 = play(s, "move 5")
    assert s2.fruits[0]["grape"] == 12 and s2.carts[0] == 2


def test_moving_a_farmer_from_a_blade_without_one_is_refused_and_nothing_changes():
    s = board(2, {0: [0, 6, 6, 6, 6]})
    before = RULES.to_json(s)
    try:
        RULES.apply(s, Move(3))
        raise AssertionError("should be refused")
    except Exception as e:
        assert "Anna has no farmer on blade 4" in str(e)
    assert RULES.to_json(s) == before
