"""Rules where we follow the reference moderator's policy as the data notes state it.

Transforms (tiles.json terrain_cycle.partial_transforms and multi_hex_policy_reference), TW7 at the
top of the shipping track, the strict-* options on and off, forfeited cult spades, and complete
action lists for conversions.
"""
import pytest

from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.rules.terra_mystica import RULES, engine
from tabletop_tui.rules.terra_mystica.data import FACTIONS, INDEX, SPADES_FOR

TILES = "SCORE2,SCORE3,SCORE5,SCORE4,SCORE6,SCORE7"
BONUS = ("BON1", "BON2", "BON3", "BON4", "BON5", "BON6", "BON7", "BON8")


def blank(factions, tiles=TILES, **opts):
    """A round-1 position with no structures: seat 0 to act."""
    o = {"factions": ",".join(factions), "scoring-tiles": tiles, "bonus-cards": ",".join(BONUS)}
    o.update(opts)
    s = RULES.setup([f"P{i}" for i in range(len(factions))], 1, o)
    s.phase, s.round, s.to_place = "play", 1, []
    s.bonus_pool = {b: 0 for b in BONUS}
    engine.start_turn(s, 0)
    return s


def put(s, seat, where, kind="D"):
    h = INDEX[where]
    p = s.players[seat]
    s.terrain[h] = FACTIONS[p.faction]["terrain"]
    if s.owner[h] == seat:
        p.counts[s.btype[h]] -= 1
    s.owner[h], s.btype[h] = seat, kind
    p.counts[kind] += 1


def play(s, *lines):
    for t in lines:
        s = RULES.apply(s, RULES.parse(s, t))
    return s


def legal(s):
    return [str(a) for a in RULES.legal_actions(s)]


def refused(s, line):
    before = s.to_json()
    with pytest.raises(IllegalAction):
        RULES.apply(s, RULES.parse(s, line))
    assert s.to_json() == before


def witches_at_e7(w=0):
    """Witches (home forest) with a dwelling on E7; E6 and D5 are directly adjacent."""
    s = blank(["witches", "nomads"])
    put(s, 0, "E7")
    s.players[0].W = w
    return s


# -- transforms: the long way round ---------------------------------------------------------------
def test_a_transform_that_would_pass_over_your_home_terrain_counts_the_long_way_round():
    # mountains -> lakes is 2 steps the short way, through forest (the Witches' home): 5 the long way
    assert SPADES_FOR["forest"]["mountains"]["lakes"] == 5
    s = witches_at_e7(w=14)
    s.terrain[INDEX["E6"]] = "mountains"
    assert "transform E6 to lakes" not in legal(s)
    refused(s, "transform E6 to lakes")
    s.players[0].W = 15
    s = play(s, "transform E6 to lakes")
    assert s.terrain[INDEX["E6"]] == "lakes" and s.players[0].W == 0


def test_a_transform_away_from_home_or_to_home_goes_the_short_way():
    assert SPADES_FOR["forest"]["mountains"]["wasteland"] == 1  # forest is not on the way
    assert SPADES_FOR["forest"]["mountains"]["forest"] == 1
    assert SPADES_FOR["forest"]["forest"]["desert"] == 3  # starting on home terrain
    s = witches_at_e7(w=3)
    s.terrain[INDEX["E6"]] = "mountains"
    s = play(s, "transform E6 to wasteland")
    assert s.players[0].W == 0


def test_cult_bonus_spades_count_the_long_way_round_too():
    s = witches_at_e7()
    s.terrain[INDEX["E6"]] = "mountains"
    s.step = "next"
    s.queue = [["cspade", 0, 2, 0, 0]]
    engine.settle(s)
    names = legal(s)
    assert "transform E6 to forest" in names and "transform E6 to wasteland" in names
    assert "transform E6 to lakes" not in names  # 5 spades the long way


# -- transforms: at most one non-home space per action --------------------------------------------
def test_at_most_one_space_per_action_may_be_left_on_a_terrain_that_is_not_home():
    s = witches_at_e7(w=1)
    s.terrain[INDEX["E6"]] = "wasteland"
    s.terrain[INDEX["D5"]] = "mountains"
    s.players[0].bowls = [0, 6, 6]
    s = play(s, "action ACT6", "transform E6 to mountains")  # 1 spade, left on mountains
    assert s.spades == 1
    assert "transform D5 to wasteland" not in legal(s)
    refused(s, "transform D5 to wasteland")
    s = play(s, "transform D5 to forest", "build D5")
    assert s.btype[INDEX["D5"]] == "D"


def test_spades_are_bought_only_before_the_first_transform_of_the_action():
    s = witches_at_e7(w=9)
    s.terrain[INDEX["E6"]] = "mountains"
    s.terrain[INDEX["D5"]] = "lakes"
    s.terrain[INDEX["D4"]] = "wasteland"
    s.players[0].bowls = [0, 6, 6]
    s = play(s, "action ACT6", "transform E6 to forest")  # 1 free spade left
    refused(s, "transform D4 to forest")  # needs 2: the second would have to be bought
    s = play(s, "transform D5 to forest")
    assert s.players[0].W == 9 and s.spades == 0


def test_free_spades_may_be_topped_up_with_bought_ones_on_the_first_space():
    s = witches_at_e7(w=4)
    s.terrain[INDEX["E6"]] = "wasteland"  # 2 steps from forest
    s.players[0].bowls = [0, 8, 4]
    s = play(s, "action ACT5", "transform E6 to forest", "build E6")
    assert s.players[0].W == 4 - 3 - 1 and s.btype[INDEX["E6"]] == "D"


def test_halflings_stronghold_spades_cannot_be_topped_up():
    s = blank(["halflings", "witches"])
    put(s, 0, "E7", "TP")
    p = s.players[0]
    p.W, p.C = 10, 20
    s.terrain[INDEX["E6"]] = "lakes"  # 2 steps from plains
    s.terrain[INDEX["D5"]] = "lakes"
    s = play(s, "upgrade E7 to SH", "transform E6 to plains")
    assert s.spades == 1
    refused(s, "transform D5 to plains")
    s = play(s, "transform D5 to swamp")  # one step, the one non-home space
    assert s.spades == 0


# -- TW7 at the top of the shipping track ---------------------------------------------------------
def test_tw7_advances_shipping_and_scores_its_vp():
    s = blank(["witches", "nomads"], **{"mini-expansion-1": True})
    s.towns_due, vp = 1, s.players[0].VP
    s = play(s, "+TW7")
    assert s.players[0].ship == 1 and s.players[0].VP == vp + 4 + 2


def test_tw7_at_the_top_of_the_shipping_track_gives_only_its_4_vp_and_key():
    s = blank(["mermaids", "witches"], **{"mini-expansion-1": True})
    s.players[0].ship = 5
    s.towns_due, vp, keys = 1, s.players[0].VP, s.players[0].keys
    s = play(s, "+TW7")
    assert s.players[0].ship == 5 and s.players[0].VP == vp + 4 and s.players[0].keys == keys + 1


def test_tw7_gives_the_fakirs_one_more_carpet_range_and_the_dwarves_nothing_more():
    s = blank(["fakirs", "dwarves"], **{"mini-expansion-1": True})
    s.towns_due, vp = 1, s.players[0].VP
    s = play(s, "+TW7")
    assert s.players[0].carpet_bonus == 1 and s.players[0].ship == 0 and s.players[0].VP == vp + 4
    assert engine.range_kind(s.players[0]) == ("carpet", 3)
