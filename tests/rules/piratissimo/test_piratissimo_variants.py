"""Variation for younger players and variation for older players."""
from tabletop_tui.playout import play_one
from tabletop_tui.rules.piratissimo import HARBOUR, RULES

from ._helpers import act, kind, new_game, options, position, roll, seat


# Rulebook: "If younger children are participating, they may play without the tornado piece."
def test_younger_players_play_without_the_tornado_piece():
    s = new_game(3, variant="younger")
    assert s.tornado is None and (kind(s), seat(s)) == ("roll", 0)  # nothing to place


# Rulebook: "If the dice shows the tornado symbol, the affected ship is simply moved to the next
#   island in a clockwise direction."
def test_younger_a_tornado_roll_moves_the_ship_one_island_clockwise():
    s = roll(position(3, location=[5, 9, 13], variant="younger"), "tornado")
    assert s.location[0] == 6 and s.tornado is None and s.wheel is None
    assert (kind(s), seat(s)) == ("roll", 1)


def test_younger_the_one_island_move_has_the_islands_effect():
    s = roll(position(3, location=[0, 9, 13], variant="younger"), "tornado")
    assert s.location[0] == 1 and (kind(s), seat(s)) == ("load", 0)


def test_younger_the_one_island_move_enters_the_own_harbour():
    s = roll(position(3, location=[23, 9, 13], cargo=[2, 0, 0], variant="younger"), "tornado")
    assert s.location[0] == HARBOUR and s.unloaded[0] == 2


# Rulebook: "They may also reduce the number of treasure pieces required to win the game."
def test_younger_players_may_lower_the_target():
    s = new_game(2, variant="younger", target=5)
    assert s.target == 5 and RULES.options[0].key == "target"


# Rulebook: "For this variation, they don't need the wind wheel at all."
def test_younger_games_never_use_the_tornado_or_the_wind_wheel():
    for seed in range(20):
        rec = []
        s = play_one(RULES, 3, seed, options={"variant": "younger"}, record=rec)
        assert s.tornado is None and s.wheel is None
        assert not any(a.startswith(("tornado", "direction", "place", "sail", "stay")) for a in rec)


# Rulebook: "As soon as the dice shows the tornado symbol, the tornado piece is moved in any
#   direction."
def test_older_the_tornado_direction_is_chosen_first():
    s = act(roll(position(3, tornado=8, variant="older"), "tornado"), "stay")
    assert (kind(s), seat(s)) == ("direction", 0)
    assert options(s) == ["direction ccw", "direction cw", "tornado 0"]


# Rulebook: "In this variation, the number of squares also depends on the number of players, as
#   described in the chapter 'Move the tornado piece'."
def test_older_the_tornado_may_move_clockwise_1_to_k_islands():
    s = act(act(roll(position(3, tornado=8, variant="older"), "tornado"), "stay"), "direction cw")
    acts = RULES.legal_actions(s)
    assert [str(a) for a in acts] == ["tornado 1", "tornado 2", "tornado 3", "tornado 4"]
    assert [a.target for a in acts] == [("island", 9), ("island", 10), ("island", 11), ("island", 12)]
    s = act(s, "tornado 3")
    assert s.tornado == 11


# Rulebook: "the tornado may move in any direction"
def test_older_the_tornado_may_move_anticlockwise():
    s = act(act(roll(position(4, tornado=2, variant="older"), "tornado"), "stay"), "direction ccw")
    assert options(s) == ["tornado 1", "tornado 2", "tornado 3"]
    s = act(s, "tornado 3")
    assert s.tornado == 23


# Rulebook: "Once moved, the direction may not be changed within this turn."
def test_older_once_moved_the_direction_stays_for_the_turn():
    s = act(act(roll(position(2, tornado=20, variant="older"), "tornado"), "stay"), "direction cw")
    assert all(a.target[1] in (21, 22, 23, 0, 1) for a in RULES.legal_actions(s))
    assert "direction ccw" not in options(s)


def test_older_the_tornado_may_be_left_alone():
    s = act(act(roll(position(3, tornado=8, variant="older"), "tornado"), "stay"), "tornado 0")
    assert s.tornado == 8 and (kind(s), seat(s)) == ("roll", 1)


def test_older_a_clockwise_tornado_can_hit_ships_and_spin_the_wheel():
    s = position(3, location=[HARBOUR, 10, 13], cargo=[0, 3, 0], tornado=8, variant="older")
    s = act(act(roll(s, "tornado", wheel="washed"), "stay"), "direction cw")
    s = act(s, "tornado 2")
    assert s.wheel == "washed" and s.cargo[1] == 1


def test_older_the_direction_resets_each_turn():
    s = act(act(roll(position(2, tornado=8, variant="older"), "tornado"), "stay"), "direction cw")
    s = act(s, "tornado 1")
    assert s.tdir == -1 and (kind(s), seat(s)) == ("roll", 1)
