"""Finca set-up and the introduction phase."""
import pytest

from tabletop_tui.rules.finca import (ACTION_TILES, COMMUNITIES, DIVIDING_LINES, FINCA_TILES,
                                      FRUITS, RULES, TILES, Move, Place)

from .helpers import NAMES, fresh, play


# Rulebook: "Place the wooden fincas next to the board, depending on the number of players:"
# Rulebook: "4 players: 6 fincas"
# Rulebook: "3 players: 5 fincas"
# Rulebook: "2 players: 4 fincas"
# Rulebook: "Each player takes farmers of their color, depending on the number of players:"
# Rulebook: "4 players: 3 farmers"
# Rulebook: "3 players: 4 farmers"
# Rulebook: "2 players: 5 farmers"
# Rulebook: "Place the donkey carts in a stack in the middle of the windmill."
# Rulebook: "The number placed depends on the number of players:"
# Rulebook: "4 players: 8 donkey carts"
# Rulebook: "3 players: 6 donkey carts"
# Rulebook: "2 players: 4 donkey carts"
@pytest.mark.parametrize("n, fincas, farmers, carts", [(4, 6, 3, 8), (3, 5, 4, 6), (2, 4, 5, 4)])
def test_setup_depends_on_player_count(n, fincas, farmers, carts):
    s = fresh(n)
    assert s.wooden_supply == fincas
    assert s.to_place == [farmers] * n
    assert s.windmill_carts == carts and s.carts == [0] * n
    assert RULES.invariants(s) == []


# Rulebook: "Shuffle the 12 windmill blades face down and place them face up on the windmill
#   spaces"
def test_twelve_blades_two_of_each_fruit_shuffled_by_the_seed():
    a, b, c = fresh(2, seed=1), fresh(2, seed=1), fresh(2, seed=2)
    assert len(a.blades) == 12
    assert sorted(a.blades) == sorted(list(FRUITS) * 2)
    assert a.blades == b.blades
    assert any(fresh(2, seed=k).blades != a.blades for k in range(2, 6)) and c.blades is not None


def test_the_two_dividing_lines_sit_opposite_with_six_blades_each_side():
    first, second = DIVIDING_LINES
    assert (second - first) % 12 == 6


# Rulebook: "Shuffle the 42 fruit tiles face down."
# Rulebook: "Then, separate them into 10 stacks of 4 each."
# Rulebook: "Place one stack on each region and flip the top tile face up."
# Rulebook: "Place the remaining 2 tiles face down in the box without looking at them."
def test_fruit_tiles_ten_stacks_of_four_and_two_unseen_out_of_the_game():
    s = fresh(3)
    assert len(s.stacks) == 10 and all(len(st) == 4 for st in s.stacks)
    assert len(s.out) == 2
    every = [t for st in s.stacks for t in st] + s.out
    assert sorted(every) == sorted(TILES)


def test_fruit_tile_value_is_the_number_of_fruits_required():
    assert len(TILES) == 42
    for t in TILES.values():
        assert 1 <= t.value <= 6
        assert sum(n for _, n in t.requires) + t.any == t.value
    assert any(t.any for t in TILES.values())  # some carry the any-fruit symbol


# Rulebook: "Randomly distribute the 10 finca tiles, 1 per region, in each region's community."
def test_one_finca_tile_per_community_at_random():
    s = fresh(2)
    assert sorted(s.finca_tile) == sorted(FINCA_TILES) and len(COMMUNITIES) == 10
    assert any(fresh(2, seed=k).finca_tile != s.finca_tile for k in range(2, 6))
    assert s.finca_owner == [None] * 10 and s.wooden == [False] * 10


# Rulebook: "Separate the 108 fruits by type and place them as a general supply next to the board."
# Rulebook: "(18 of each: figs, almonds, olives, oranges, grapes, and lemons)."
# Rulebook: "Each player takes the 4 action tiles of their color"
# Rulebook: "Place the 4 bonus tiles in a stack next to the board"
# Rulebook: "Place the tile with the golden 4 at the bottom, then comes the 5, then the 6, and
#   finally, on top is the 7."
# Rulebook: "Each player has 4 action tiles."
def test_supply_108_fruits_18_each_bonus_tiles_and_action_tiles():
    s = fresh(4)
    assert s.supply == {f: 18 for f in FRUITS} and sum(s.supply.values()) == 108
    assert s.bonus_stack == [7, 6, 5, 4]  # the 7 on top, the golden 4 at the bottom
    assert all(a == list(ACTION_TILES) and len(a) == 4 for a in s.action_tiles)


def test_player_count_outside_2_to_4_is_refused():
    with pytest.raises(ValueError, match="2-4 players"):
        RULES.setup(NAMES[:1], 1, {"any_fruit": "mixed"})


# Rulebook: "The game begins with the introduction phase."
# Rulebook: "placing one of their farmers on any windmill blade and taking exactly one fruit from
#   the supply"
# Rulebook: "Players follow in clockwise order."
# Rulebook: "Each places one of their farmers on any windmill blade and takes exactly one fruit
#   from the general supply corresponding to the fruit illustrated on the blade where they placed
#   their farmer."
# Rulebook: "Multiple farmer figures can be placed on the same windmill blade."
def test_introduction_players_place_in_turn_and_take_one_fruit_of_the_blade():
    s = fresh(2)
    assert RULES.pending(s).kind == "place" and RULES.pending(s).seat == 0
    assert RULES.legal_actions(s) == [Place(b) for b in range(12)]
    fruit = s.blades[4]
    s2 = play(s, "place 5")
    assert s2.farmers[0][4] == 1 and s2.fruits[0][fruit] == 1 and s2.supply[fruit] == 17
    assert RULES.pending(s2).seat == 1
    s3 = play(s2, "place 5")  # several farmers may share a blade
    assert s3.farmers[1][4] == 1 and s3.fruits[1][fruit] == 1  # exactly one fruit each


# Rulebook: "The introduction phase ends when all players have placed all their farmers and
#   received one fruit for each."
# Rulebook: "After the introduction phase, the actual game begins."
# Rulebook: "The starting player takes the first turn."
def test_introduction_ends_when_all_farmers_are_placed_then_the_starting_player_moves():
    s = fresh(3)
    for i in range(12):  # 3 players x 4 farmers
        assert RULES.pending(s).seat == i % 3
        s = play(s, f"place {i % 12 + 1}")
    assert s.to_place == [0, 0, 0]
    assert sum(sum(s.fruits[p].values()) for p in range(3)) == 12
    d = RULES.pending(s)
    assert d.seat == 0 and d.kind == "turn"
    assert all(isinstance(a, Move) or not isinstance(a, Place) for a in RULES.legal_actions(s))
