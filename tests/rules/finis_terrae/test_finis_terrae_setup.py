"""Set-up: Isle of Winds, starting beaches, the doubloon split, the Galleon, supplies, decks."""
from collections import Counter

import pytest

from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.rules.finis_terrae import RULES
from tabletop_tui.rules.finis_terrae import tiles as T
from tabletop_tui.rules.finis_terrae.actions import ChooseBeach, LoadHold, Split

from ._helpers import acts, do, new_game, ok, started


# Rulebook: "1 Isle of Winds big tile"
# Rulebook: "Place the Isle of Winds big tile in the center of the table"
# Rulebook: "The cardinal points are written on the Isle of Winds big tile"
def test_isle_of_winds_is_in_the_centre_with_its_compass_beaches():
    s = new_game(2)
    assert s.tiles[(0, 0)][0] == "isle_centre"
    assert T.sea_areas(*s.tiles[(0, 0)]) == ()  # the centre cannot be entered
    beaches = {c["side"]: (c["x"], c["y"]) for c in T.ISLE_CELLS if c["kind"] == "isle_beach"}
    assert beaches == {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
    for side, cell in beaches.items():
        e = T.edges(*s.tiles[cell])
        toward_centre = T.opposite(T.DIR_INDEX[side])
        assert e[toward_centre] == "L" and e.count("L") == 1
    assert len(s.tiles) == 9


def test_players_choose_a_starting_beach_first_player_then_clockwise():
    s = new_game(3)
    assert RULES.pending(s).seat == 0 and RULES.pending(s).kind == "beach"
    assert acts(s) == ["start N", "start E", "start S", "start W"]
    s = do(s, "start E")
    assert RULES.pending(s).seat == 1
    assert "start E" not in acts(s)
    s = do(s, "start W")
    s = do(s, "start N")
    assert s.ships[0]["start"] == (1, 0) and s.ships[0]["pos"] == (1, 0, 0)
    assert s.ports[(1, 0)] == 0 and s.ports[(-1, 0)] == 1 and s.ports[(0, 1)] == 2
    assert s.ships[0]["ports_left"] == 7  # the 8th token is the starting port


# Rulebook: "we recommend to put 15 doubloons equally divided between 3 of your holds and to keep
#   the last 5 safe in your stash"
# Rulebook: "The space in front of it is called your stash"
def test_recommended_split_is_offered_first_and_puts_5_5_5_and_5_in_the_stash():
    s = new_game(2)
    s = do(do(s, "start N"), "start S")
    assert RULES.pending(s).kind == "load"
    first = RULES.legal_actions(s)[0]
    assert isinstance(first, Split) and str(first) == "split 5 5 5 0 stash 5"
    s = RULES.apply(s, first)
    sh = s.ships[0]
    assert sorted((h or ("", 0))[1] for h in sh["holds"]) == [0, 5, 5, 5]
    assert sh["stash"] == 5
    ok(s)


# Rulebook: "doubloons (10 x 1 doubloon and 2 x 5 doubloons) which they split as they please
#   between their holds"
# Rulebook: "your ship board is divided into 4 distinct holds"
def test_doubloons_can_be_split_as_the_player_pleases():
    s = do(do(new_game(2), "start N"), "start S")
    s = do(s, "hold 1 12 doubloons")
    assert RULES.pending(s).seat == 0
    assert "hold 2 9 doubloons" not in acts(s)  # only 8 left
    s = do(s, "hold 2 empty")
    s = do(s, "hold 3 1 doubloons")
    s = do(s, "hold 4 empty")
    sh = s.ships[0]
    assert sh["holds"] == [("doubloons", 12), None, ("doubloons", 1), None] and sh["stash"] == 7
    assert RULES.pending(s).seat == 1
    ok(s)


# Rulebook: "Place the Black Galleon, the red pirate flag and 1 ship board on the side."
# Rulebook: "Place 15 doubloons in the first hold of this ship board, 10 in the second and 5 in the
#   third."
def test_the_black_galleon_board_starts_with_15_10_5_and_is_off_the_map():
    s = started(2)
    assert s.galleon["holds"] == [("doubloons", 15), ("doubloons", 10), ("doubloons", 5), None]
    assert s.galleon["pos"] is None and s.flag is None


# Rulebook: "Goods: 15 spice crates, 5 treasures, 5 underwater finds, 5 castaways"
# Rulebook: "Tokens: 8 '+3' tokens and 4 '-3' tokens"
# Rulebook: "Place the remaining doubloons in a pile on the side."
# Rulebook: "This is the bank."
# Rulebook: "Place the treasures, underwater finds, spice crates and castaways in piles."
# Rulebook: "Those are the supplies."
def test_supplies_and_bank():
    s = started(4)
    assert s.supply == {"spice": 15, "treasure": 5, "find": 5, "castaway": 5, "plus3": 8, "minus3": 4}
    assert s.bank == 210 - 30 - 4 * 20
    ok(s)


# Rulebook: "Put the Finis Terrae card and 1 of the sunny cards aside for the moment and shuffle
#   the other ones."
# Rulebook: "Then take 2 without looking at them and put them back in the box: they won't be used
#   during this game."
# Rulebook: "Form a pile of the remaining cards face down next to the trading board."
# Rulebook: "Then insert the Finis Terrae card (A) face up between the second (B) and third (C)
#   cards from the bottom, slightly protruding from the pile."
# Rulebook: "Finally, add the sunny card left aside face down on top of the others (D)."
# Rulebook: "This pile is called the weather deck."
# Rulebook: "There are 3 different types of weather cards"
def test_weather_deck_is_built_exactly_as_the_rulebook_says():
    for seed in range(20):
        s = new_game(2, seed)
        deck = s.deck
        assert len(deck) == 13 and len(s.out) == 2
        assert deck[0] == "sunny"  # the set-aside sunny card on top
        assert deck[-3] == "finis_terrae"  # between the 2nd and 3rd cards from the bottom
        assert deck.count("finis_terrae") == 1
        all_cards = Counter(deck) + Counter(s.out)
        assert all_cards == Counter({"sunny": 6, "rainy": 5, "storm": 3, "finis_terrae": 1})


# Rulebook: "Shuffle the map tiles and place them on a face down stack next to the players so they
#   can easily be accessible to all."
# Rulebook: "Important: For a 3 player game, remove 2 open sea tiles, 2 two borders island part
#   tiles and 4 one border island part tiles and put them back in the box."
# Rulebook: "For a 2 player game, remove 3 open sea tiles, 1 lighthouse tile, 1 fort tile, 1 pirate
#   den tile, 3 two borders island part tiles and 7 one border island part tiles and put them back
#   in the box. (see the Tiles description sheet)"
@pytest.mark.parametrize("n,size", [(4, 80), (3, 72), (2, 64)])
def test_tile_stack_with_3_and_2_player_removals(n, size):
    s = new_game(n)
    assert len(s.stack) == size and len(s.box) == 80 - size
    cats = Counter(T.info(k)["category"] for k in s.box)
    if n == 3:
        assert cats == {"open_sea": 2, "two_border_island_part": 2, "one_border_island_part": 4}
    if n == 2:
        assert cats == {"open_sea": 3, "lighthouse": 1, "fort": 1, "pirate_den": 1,
                        "two_border_island_part": 3, "one_border_island_part": 7}


# Rulebook: "80 map tiles"
def test_tile_sheet_has_80_tiles_and_16_beaches():
    stack = T.full_stack()
    assert len(stack) == 80
    assert sum(1 for k in stack if T.info(k)["beach"]) == 16


def test_first_day_starts_with_cartography_of_the_first_player():
    s = started(2)
    assert s.day == 1 and s.phase == "carto"
    assert RULES.pending(s).seat == 0 and RULES.pending(s).kind == "place"
    assert len(s.hand) == 4 and len(s.stack) == 60


def test_an_illegal_action_is_refused_and_nothing_changes():
    s = new_game(2)
    before = RULES.to_json(s)
    with pytest.raises(IllegalAction):
        RULES.apply(s, ChooseBeach("N", 5, 5))
    with pytest.raises(IllegalAction):
        RULES.apply(s, LoadHold(0, "doubloons", 5))
    with pytest.raises(IllegalAction) as e:
        RULES.parse(s, "start Q")
    assert "not a legal move" in e.value.reason
    assert RULES.to_json(s) == before


def test_options_are_the_alternative_rules():
    keys = {o.key: o for o in RULES.options}
    assert keys["combat_dice"].default == 2 and keys["combat_dice"].choices == (2, 1)
    assert keys["speculative_spice"].default is False
    assert keys["wind_die"].choices == ("choice", "calm")
