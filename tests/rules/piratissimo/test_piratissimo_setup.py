"""Preparations and contents: the board, the die, the treasure, the harbours, the first player."""
from collections import Counter

import pytest

from tabletop_tui.rules.core import Rng
from tabletop_tui.rules.piratissimo import (
    DIE_FACES, HARBOUR, ISLANDS, RULES, TORNADO_SQUARES, WIND_WHEEL,
)

from ._helpers import act, kind, new_game, options, seat


def test_the_ring_has_24_islands_4_red_8_green_12_neutral():
    kinds = Counter(i.kind for i in ISLANDS)
    assert len(ISLANDS) == 24
    assert kinds == {"red": 4, "green": 8, "neutral": 12}
    assert [i.index for i in ISLANDS] == list(range(24))
    assert all(i.chest == 0 for i in ISLANDS if i.kind == "neutral")
    assert all(i.chest == 2 for i in ISLANDS if i.kind == "red")
    assert sorted(i.chest for i in ISLANDS if i.kind == "green") == [2] * 4 + [3] * 4


def test_islands_read_as_objects_and_as_dicts():
    s = new_game(2)
    isl = s.islands[4]
    assert isl.kind == isl["kind"] == "green" and isl["chest"] == 3 and isl["tornado_start"] is False


def test_four_harbours_one_per_colour_sit_before_islands_0_6_12_18():
    s = new_game(4)
    assert s.colours == ["red", "blue", "green", "yellow"]
    assert s.harbour_exit == [0, 6, 12, 18]


def test_two_players_use_opposite_corners():
    s = new_game(2)
    assert s.colours == ["red", "green"] and s.harbour_exit == [0, 12]


def test_three_players_take_red_blue_green():
    s = new_game(3)
    assert s.colours == ["red", "blue", "green"] and s.harbour_exit == [0, 6, 12]


# Rulebook: "places their ship on the start square of their harbour"
def test_every_ship_starts_empty_in_its_harbour():
    s = new_game(4)
    assert s.location == [HARBOUR] * 4 and s.cargo == [0] * 4 and s.unloaded == [0] * 4


# Rulebook: "Put the treasure pieces into the little basket"
def test_64_treasure_pieces_start_in_the_basket():
    s = new_game(3)
    assert s.basket == 64 and RULES.invariants(s) == []


# Rulebook: "They place the tornado piece on a tornado square of their choice."
def test_the_first_player_places_the_tornado_on_a_tornado_square_of_their_choice():
    s = new_game(3)
    assert s.tornado is None
    assert (kind(s), seat(s)) == ("place", 0)
    # islands are numbered 1-24 for players; the engine's TORNADO_SQUARES are indices 0-23
    assert options(s) == [f"place tornado on {i + 1}" for i in TORNADO_SQUARES] == [
        "place tornado on 3", "place tornado on 9", "place tornado on 15", "place tornado on 21"]
    s = act(s, "place tornado on 15")
    assert s.tornado == 14
    assert (kind(s), seat(s)) == ("roll", 0)


# Rulebook: "Now, the first player throws the dice"
def test_the_first_listed_player_starts():
    s = act(new_game(4), "place tornado 2")
    assert seat(s) == 0 and s.turn == 0


def test_the_die_shows_1_to_4_and_two_tornado_faces_each_a_sixth():
    assert DIE_FACES == (1, 2, 3, 4, "tornado", "tornado")
    s = act(new_game(2, seed=5), "place tornado 2")
    seen = Counter()
    for draws in range(3000):
        t = s.copy()
        t.rng = Rng(5, draws)
        seen[RULES.apply(t, RULES.parse(t, "roll")).die] += 1
    assert set(seen) == {1, 2, 3, 4, "tornado"}
    assert all(400 < seen[f] < 600 for f in (1, 2, 3, 4))
    assert 900 < seen["tornado"] < 1100


# Rulebook: "One of the tips on the wind wheel is marked and indicates what happens when the
#   tornado passes over the ships."
def test_the_wind_wheel_has_eight_equal_segments_two_of_each_outcome():
    assert len(WIND_WHEEL) == 8
    assert Counter(WIND_WHEEL) == {"lucky": 2, "overboard": 2, "lookout": 2, "washed": 2}


def test_options_target_variant_and_play_on():
    keys = {o.key: o for o in RULES.options}
    assert keys["target"].default == 10 and 10 in keys["target"].choices
    assert keys["variant"].choices == ("standard", "younger", "older")
    assert keys["play_on"].default is False
    s = new_game(2, target=7, variant="older", play_on=True)
    assert (s.target, s.variant, s.play_on) == (7, "older", True)


def test_player_counts_outside_2_to_4_are_refused():
    with pytest.raises(ValueError, match="2 to 4"):
        RULES.setup(["Solo"], 1, {})
    with pytest.raises(ValueError, match="2 to 4"):
        RULES.setup(list("ABCDE"), 1, {})
