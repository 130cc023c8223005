"""The seat sheet shows in words what the rules make public about a player's board."""
from tabletop_tui.rules.terra_mystica import RULES
from tests.rules.terra_mystica.tmhelpers import blank, put

TILES = "SCORE5,SCORE3,SCORE4,SCORE6,SCORE7,SCORE8"


def text(s, seat):
    return "\n".join(f"{h}: " + " | ".join(lines) for h, lines in RULES.sheet(RULES.view(s, 1 - seat), seat))


def test_the_sheet_names_structures_left_and_the_income_the_next_one_frees():
    s = blank(["witches", "nomads"], TILES)
    put(s, 0, "F4")
    put(s, 0, "E5", "TP")
    t = text(s, 0)
    assert "Dwellings: 1 on the map, 7 left; the next frees 1 worker income" in t
    assert "Trading houses: 1 on the map, 3 left; the next frees 2 coins, 1 power income" in t


def test_the_sheet_shows_power_bowls_priests_keys_and_cults():
    s = blank(["witches", "nomads"], TILES)
    p = s.players[0]
    p.bowls, p.P, p.priests_sent, p.keys, p.cult = [3, 5, 4], 2, 1, 1, [1, 2, 3, 10]
    t = text(s, 0)
    assert "Power bowls I 3 · II 5 · III 4" in t
    assert "2 priests in supply" in t and "1 priest sent" in t
    assert "Fire 1, Water 2, Earth 3, Air 10" in t and "Keys: 1 (1 on space 10 of a track)" in t


def test_bon4_adds_a_shipping_level_this_round_and_the_sheet_says_so():
    s = blank(["witches", "nomads"], TILES)
    s.players[0].bonus = "BON4"
    s.players[0].favors = ["FAV11"]
    t = text(s, 0)
    assert "Shipping 0 of 3 (1 with BON4 this round)" in t
    assert "Bonus card BON4: 3 power income; +1 shipping this round" in t
    assert "Favor FAV11: +1 Earth, 2 VP per dwelling built" in t


def test_a_town_on_the_sheet_says_all_its_tile_gave_not_only_its_vp():
    """TW5 gives 8 VP and a step on each cult track; TW3 9 VP and a priest: the sheet says both."""
    s = blank(["witches", "nomads"], TILES)
    s.players[0].towns = ["TW5", "TW3"]
    t = text(s, 0)
    assert "Town TW5: 8 VP, 1 step on each cult track" in t
    assert "Town TW3: 9 VP, 1 priest" in t
