"""Rules where we follow the reference moderator's policy as the data notes state it.

Transforms (tiles.json terrain_cycle.partial_transforms and multi_hex_policy_reference), TW7 at the
top of the shipping track, the strict-* options on and off, forfeited cult spades, and complete
action lists for conversions.
"""
import pytest

from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.rules.terra_mystica import RULES, engine
from tabletop_tui.rules.terra_mystica.data import INDEX, SPADES_FOR

from .tmhelpers import legal, refused, play, put
from . import tmhelpers

TILES = "SCORE2,SCORE3,SCORE5,SCORE4,SCORE6,SCORE7"
#: round 1 without the town scoring tile (SCORE2's 5 VP come with a town's tile)
NO_TOWN_TILE = "SCORE3,SCORE2,SCORE5,SCORE4,SCORE6,SCORE7"


def blank(factions, tiles=TILES, **opts):
    """The reference's rules: its strict digging (option digging=league) unless a test says otherwise."""
    opts.setdefault("digging", "league")
    return tmhelpers.blank(factions, tiles, **opts)


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


# -- transforms: after a non-home space with spades to spare, the next makes home ------------------
def test_after_a_non_home_space_with_spades_to_spare_the_next_transform_makes_home():
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
    s = blank(["witches", "nomads"], NO_TOWN_TILE, **{"mini-expansion-1": True})
    s.towns_due, vp = 1, s.players[0].VP
    s = play(s, "+TW7")
    # TW7's 4 VP, shipping level 1's 2 VP, and the Witches' 5 per town, which come with the tile
    assert s.players[0].ship == 1 and s.players[0].VP == vp + 4 + 2 + 5


def test_tw7_at_the_top_of_the_shipping_track_gives_only_its_4_vp_and_key():
    s = blank(["mermaids", "witches"], NO_TOWN_TILE, **{"mini-expansion-1": True})
    s.players[0].ship = 5
    s.towns_due, vp, keys = 1, s.players[0].VP, s.players[0].keys
    s = play(s, "+TW7")
    assert s.players[0].ship == 5 and s.players[0].VP == vp + 4 and s.players[0].keys == keys + 1


def test_tw7_gives_the_fakirs_one_more_carpet_range_and_the_dwarves_nothing_more():
    s = blank(["fakirs", "dwarves"], NO_TOWN_TILE, **{"mini-expansion-1": True})
    s.towns_due, vp = 1, s.players[0].VP
    s = play(s, "+TW7")
    assert s.players[0].carpet_bonus == 1 and s.players[0].ship == 0 and s.players[0].VP == vp + 4
    assert engine.range_kind(s.players[0]) == ("carpet", 3)


# -- strict-leech ---------------------------------------------------------------------------------
def offer_position(**opts):
    """Witches upgrade next to the Nomads' stronghold and trading house; the Nomads' bowls take 2."""
    s = blank(["witches", "nomads"], **opts)
    put(s, 0, "E7", "D")
    put(s, 1, "E6", "SH")
    put(s, 1, "E8", "TP")
    s.players[0].W, s.players[0].C = 2, 6
    s.players[1].bowls = [1, 0, 11]
    return play(s, "upgrade E7 to TP", "done")


def test_with_strict_leech_an_offer_is_answered_before_any_conversion():
    s = offer_position(**{"strict-leech": True})
    assert legal(s) == ["leech 2 from witches", "decline 2 from witches"]
    refused(s, "convert 5PW to 1P")


def test_without_strict_leech_the_offered_player_may_convert_first_and_take_more():
    s = offer_position()
    assert RULES.pending(s).kind == "leech" and "convert 5PW to 1P" in legal(s)
    vp = s.players[1].VP
    s = play(s, "convert 5PW to 1P")  # bowl III -> bowl I makes room in the bowls
    assert RULES.pending(s).kind == "leech" and s.players[1].P == 1
    s = play(s, "leech 5 from witches")
    assert s.players[1].VP == vp - 4 and s.players[1].bowls == [1, 5, 6]


# -- strict-darkling-sh ---------------------------------------------------------------------------
def darklings_stronghold(**opts):
    s = blank(["darklings", "witches"], **opts)
    put(s, 0, "E7", "TP")
    p = s.players[0]
    p.W, p.C, p.P = 10, 10, 0
    return play(s, "upgrade E7 to SH")


def test_darklings_ordination_is_one_conversion_of_up_to_three_workers():
    s = darklings_stronghold(**{"strict-darkling-sh": True})
    names = legal(s)
    assert {"convert 1W to 1P", "convert 2W to 2P", "convert 3W to 3P"} <= set(names)
    assert "convert 4W to 4P" not in names
    s = play(s, "convert 1W to 1P")
    refused(s, "convert 1W to 1P")  # the right is spent by the one conversion


def test_with_strict_darkling_sh_the_ordination_is_lost_after_the_stronghold_turn():
    s = darklings_stronghold(**{"strict-darkling-sh": True})
    s = play(s, "done")
    engine.start_turn(s, 0)
    assert "convert 1W to 1P" not in legal(s)


def test_without_strict_darkling_sh_the_ordination_waits_for_a_later_turn():
    s = darklings_stronghold()
    s = play(s, "done")
    assert RULES.pending(s).seat == 1
    engine.start_turn(s, 0)
    s = play(s, "convert 3W to 3P")
    assert s.players[0].P == 3 and s.darkling_conv == 0


# -- strict-chaosmagician-sh ----------------------------------------------------------------------
def chaos_double_turn(**opts):
    s = blank(["chaos_magicians", "witches"], **opts)
    put(s, 0, "E7", "SH")
    s.players[0].P = 1
    return play(s, "action ACTC")


def test_with_strict_chaosmagician_sh_passing_ends_the_double_turn():
    s = chaos_double_turn(**{"strict-chaosmagician-sh": True})
    s = play(s, "pass BON3")
    assert s.players[0].passed and RULES.pending(s).seat == 1


def test_without_strict_chaosmagician_sh_the_double_turn_goes_on_after_passing():
    s = chaos_double_turn()
    s = play(s, "pass BON3")
    assert s.players[0].passed and RULES.pending(s).seat == 0 and s.step == "main"
    names = legal(s)
    assert "done" in names and "pass BON4" in names  # the reference even allows a second pass
    s = play(s, "send p to FIRE for 1")
    assert s.step == "after"
    s = play(s, "done")
    assert RULES.pending(s).seat == 1


def test_without_strict_chaosmagician_sh_the_chaos_magicians_may_pass_a_second_time():
    s = chaos_double_turn(**{"variable-turn-order": True})
    put(s, 0, "D4", "TP")
    s = play(s, "pass BON7")  # BON7: 2 VP per trading house on passing
    vp = s.players[0].VP
    assert s.next_order == [0]
    s = play(s, "pass BON4")  # the second pass scores BON7 (held now) and swaps it for BON4
    p = s.players[0]
    assert p.bonus == "BON4" and "BON7" in s.bonus_pool and p.VP == vp + 2
    assert s.next_order == [0] and RULES.pending(s).seat == 1


def test_with_strict_chaosmagician_sh_there_is_never_a_second_pass():
    s = chaos_double_turn(**{"strict-chaosmagician-sh": True})
    s = play(s, "pass BON7")
    engine.start_turn(s, 0)  # even if the player were asked again, passing is not offered
    assert not any(n.startswith("pass") for n in legal(s))


# -- forfeited cult spades ------------------------------------------------------------------------
def test_cult_bonus_spades_nobody_can_use_are_lost_without_a_decision():
    s = witches_at_e7()
    for h in ("D4", "D5", "E6", "E8", "F4"):  # every reachable space is occupied
        put(s, 1, h)
    s.step = "next"
    s.queue = [["cspade", 0, 1, 0, 0]]
    engine.settle(s)
    assert s.queue == [] and RULES.pending(s).seat == 1 and s.step == "main"


# Rulebook: "Spades cannot be saved: use them now or lose them."
def test_cult_bonus_spades_left_over_after_a_transform_are_lost_when_unusable():
    s = blank(["giants", "witches"])  # the Giants always need 2 spades
    put(s, 0, "E7")
    for h in ("D4", "D5", "E8", "F4"):
        put(s, 1, h)
    s.terrain[INDEX["E6"]] = "desert"
    s.step = "next"
    s.queue = [["cspade", 0, 3, 0, 0]]
    engine.settle(s)
    assert RULES.pending(s).kind == "cspade"
    assert "build E6" not in legal(s)  # no dwelling with cult spades
    s = play(s, "transform E6 to wasteland")
    assert s.queue == [] and RULES.pending(s).seat == 1  # the third spade had no use


# -- complete action lists for conversions --------------------------------------------------------
# Rulebook: "Conversions are free and not your action"
def test_every_amount_of_a_conversion_is_listed():
    s = blank(["witches", "nomads"])
    p = s.players[0]
    p.bowls, p.W, p.P = [0, 6, 6], 3, 2
    names = legal(s)
    for n in range(1, 7):
        assert f"convert {n}PW to {n}C" in names
    assert {"convert 3PW to 1W", "convert 6PW to 2W", "convert 5PW to 1P", "convert 1P to 1W",
            "convert 2P to 2W", "convert 3W to 3C", "burn 1", "burn 2", "burn 3"} <= set(names)
    assert "convert 10PW to 2P" not in names and "burn 4" not in names
    s2 = play(s, "convert 6PW to 2W", "burn 3")
    assert s2.players[0].W == 5 and s2.players[0].bowls == [6, 0, 3]


def test_a_conversion_that_parses_and_applies_is_in_the_legal_list():
    s = blank(["alchemists", "nomads"])
    p = s.players[0]
    p.bowls, p.W, p.P, p.C, p.VP = [0, 4, 8], 4, 2, 5, 7
    names = set(legal(s))
    for frm, to, per in (("PW", "C", 1), ("PW", "W", 3), ("PW", "P", 5), ("P", "W", 1), ("P", "C", 1),
                         ("W", "C", 1), ("VP", "C", 1), ("C", "VP", 2)):
        for n in range(1, 15):
            line = f"convert {n * per}{frm} to {n}{to}"
            try:
                RULES.apply(s, RULES.parse(s, line))
                ok = True
            except IllegalAction:
                ok = False
            assert ok == (line in names), line
    for n in range(1, 5):
        assert (f"burn {n}" in names) == (n <= 2)


# -- Alchemists, Auren, Swarmlings against factions.json -----------------------------------------
def test_alchemists_stronghold_gives_two_power_per_cult_reward_spade_too():
    s = blank(["alchemists", "witches"])  # round 1 tile SCORE2: 1 spade per 4 on Earth
    put(s, 0, "E7", "SH")
    p = s.players[0]
    p.cult[2], p.bowls = 8, [12, 0, 0]
    s.next_order = [0, 1]
    engine.end_round(s)
    assert s.players[0].bowls == [8, 4, 0]  # 2 spades -> 4 power
    assert s.queue[0][:3] == ["cspade", 0, 2]


def test_alchemists_power_action_spades_give_two_power_each_when_received():
    s = blank(["alchemists", "witches"])
    put(s, 0, "E7", "SH")
    s.players[0].bowls = [4, 2, 6]
    s = play(s, "action ACT6")
    # 6 power spent (bowl III -> I: 10/2/0), then 2 spades x 2 power gained at once (I -> II)
    assert s.players[0].bowls == [6, 6, 0] and s.spades == 2


def test_auren_cult_action_two_steps_on_one_track_the_rest_lost_at_nine_without_a_key():
    s = blank(["auren", "nomads"])
    put(s, 0, "E7", "SH")
    s.players[0].cult[3] = 8
    s = play(s, "action ACTA", "+AIR")
    assert s.players[0].cult[3] == 9  # space 10 needs a key: the second step is lost
    s = play(s, "done")
    engine.start_turn(s, 0)
    assert "action ACTA" not in legal(s)  # once per round


def test_auren_cult_action_reaches_ten_with_a_key():
    s = blank(["auren", "nomads"])
    put(s, 0, "E7", "SH")
    s.players[0].cult[3], s.players[0].keys = 9, 1
    bowls = list(s.players[0].bowls)
    s = play(s, "action ACTA", "+AIR")
    assert s.players[0].cult[3] == 10 and s.players[0].bowls != bowls  # 3 power at space 10


def test_swarmlings_free_trading_house_has_every_other_effect_of_an_upgrade():
    s = blank(["swarmlings", "witches"], tiles="SCORE6,SCORE3,SCORE5,SCORE4,SCORE2,SCORE7")
    put(s, 0, "E7", "SH")
    put(s, 0, "E6")
    put(s, 1, "F3")  # directly adjacent to E6: an offer
    vp, c, w = s.players[0].VP, s.players[0].C, s.players[0].W
    s = play(s, "action ACTS", "upgrade E6 to TP", "done")
    assert (s.players[0].C, s.players[0].W) == (c, w)
    assert s.players[0].VP == vp + 3  # round tile SCORE6: 3 VP per trading house
    assert RULES.pending(s).kind == "leech" and RULES.pending(s).seat == 1
    engine.start_turn(s, 0)
    assert "action ACTS" not in legal(s)  # once per round


# -- other things that are simply forfeited -------------------------------------------------------
def test_no_town_is_founded_when_no_town_tile_is_left():
    s = blank(["witches", "nomads"])
    for h, k in (("E7", "TP"), ("E6", "TP"), ("E8", "D"), ("D5", "D")):
        put(s, 0, h, k)
    s.players[0].W, s.players[0].C = 5, 10
    s.town_pool = {t: 0 for t in s.town_pool}
    vp = s.players[0].VP
    s = play(s, "upgrade E8 to TP")
    assert s.towns_due == 0 and not s.in_town[INDEX["E8"]] and s.players[0].VP == vp  # no Witches' 5


def test_a_favor_pick_is_skipped_when_no_tile_you_may_take_is_left():
    s = blank(["witches", "nomads"])
    put(s, 0, "E7", "TP")
    s.players[0].W, s.players[0].C = 2, 5
    s.players[0].favors = ["FAV5"]
    s.favor_pool = {f: (2 if f == "FAV5" else 0) for f in s.favor_pool}  # only tiles like yours are left
    s = play(s, "upgrade E7 to TE")
    assert s.favors_due == 0 and RULES.pending(s).kind == "after"


def test_an_offer_the_bowls_cannot_take_is_skipped():
    s = blank(["witches", "nomads"], **{"strict-leech": True})
    put(s, 0, "E7", "D")
    put(s, 1, "E6", "SH")
    s.players[0].W, s.players[0].C = 2, 6
    s.players[1].bowls = [0, 0, 12]
    s = play(s, "upgrade E7 to TP", "done")
    assert s.queue == [] and RULES.pending(s).seat == 1 and RULES.pending(s).kind == "main"


def test_refused_transforms_name_the_rule():
    s = witches_at_e7(w=9)
    s.terrain[INDEX["E6"]] = "mountains"
    s.terrain[INDEX["D4"]] = "wasteland"
    with pytest.raises(IllegalAction, match="pass over your home terrain"):
        RULES.apply(s, "transform E6 to lakes")
    s.players[0].bowls = [0, 6, 6]
    s = play(s, "action ACT6", "transform E6 to wasteland")
    with pytest.raises(IllegalAction, match="the next transform must make your home terrain"):
        RULES.apply(s, "transform D4 to mountains")
    with pytest.raises(IllegalAction, match="bought only before the first transform"):
        RULES.apply(s, "transform D4 to forest")
