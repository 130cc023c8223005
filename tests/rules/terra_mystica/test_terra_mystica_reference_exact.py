"""Rules where the reference moderator (terra.snellman.net) decides, adopted so that every league
record replays exactly: keys arriving after a blocked cult step, the order of favor and town tiles,
TW5's key, burning before answering under strict-leech, non-home transforms with the Halflings'
stronghold, leftover spades, and players who drop out."""
import pytest

from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.rules.terra_mystica import RULES, engine
from tabletop_tui.rules.terra_mystica.data import INDEX

from . import tmhelpers
from .tmhelpers import legal, play, put, refused

TILES = "SCORE2,SCORE3,SCORE5,SCORE4,SCORE6,SCORE7"


def blank(factions, **opts):
    return tmhelpers.blank(factions, TILES, **opts)


def tiles_due(fire=8, favors=1, towns=1, **opts):
    """Witches in their turn owe a favor tile and a town tile; Fire at ``fire``, no key yet."""
    s = blank(["witches", "nomads"], **opts)
    p = s.players[0]
    p.cult = [fire, 0, 0, 0]
    s.favors_due, s.towns_due = favors, towns
    return s


# -- a cult step blocked at 9 is taken when the key arrives later in the turn ---------------------
def test_a_cult_step_blocked_at_9_is_taken_when_a_town_brings_the_key_later_in_the_turn():
    s = tiles_due(fire=8)
    s = play(s, "+FAV1")  # +3 Fire: no key, so it stops at 9 and waits
    p = s.players[0]
    assert p.cult[0] == 9 and p.cult_blocked == [0]
    bowls = list(p.bowls)
    s = play(s, "+TW3")  # the town's key arrives: the waiting step is taken (3 power at space 10)
    p = s.players[0]
    assert p.cult[0] == 10 and p.cult_blocked == [] and p.bowls != bowls
    assert engine.keys_free(s, 0) == 0


def test_the_town_first_then_the_favor_tile_reaches_10_as_well():
    s = tiles_due(fire=8)
    s = play(s, "+TW3", "+FAV1")
    assert s.players[0].cult[0] == 10


def test_a_blocked_cult_step_lapses_at_the_players_next_turn():
    s = tiles_due(fire=8, towns=0)
    s = play(s, "+FAV1")
    assert s.players[0].cult_blocked == [0]
    engine.start_turn(s, 0)
    s.towns_due = 1
    s = play(s, "+TW3")
    assert s.players[0].cult[0] == 9 and engine.keys_free(s, 0) == 1


def test_a_blocked_step_is_not_taken_when_another_player_reached_10_meanwhile():
    s = tiles_due(fire=8)
    s = play(s, "+FAV1")
    s.players[1].cult[0] = 10
    s = play(s, "+TW3")
    assert s.players[0].cult[0] == 9 and engine.keys_free(s, 0) == 1


# -- the player chooses the order of a favor tile and a town tile ---------------------------------
def test_a_temple_that_brings_a_favor_tile_and_a_town_lets_the_player_choose_the_order():
    s = tiles_due()
    names = legal(s)
    assert "+FAV1" in names and "+TW3" in names
    assert "favor tile or a town tile" in RULES.pending(s).prompt
    s = play(s, "+TW3")
    assert s.towns_due == 0 and s.favors_due == 1 and "+TW1" not in legal(s)


# -- TW5: the player chooses the track that takes the key -----------------------------------------
def test_tw5_with_one_key_and_two_tracks_at_9_lets_the_player_choose_the_track_for_the_key():
    s = tiles_due(favors=0)
    s.players[0].cult = [9, 9, 5, 5]
    s = play(s, "+TW5")
    d = RULES.pending(s)
    assert d.seat == 0 and d.kind == "cult"
    assert [n for n in legal(s) if n.startswith("+")] == ["+FIRE", "+WATER"]
    assert s.players[0].cult[2:] == [6, 6]  # the tracks that cannot reach 10 have moved already
    s = play(s, "+WATER")
    assert s.players[0].cult == [9, 10, 6, 6] and s.key_choice == []


def test_tw5_with_a_key_for_every_track_at_9_asks_nothing():
    s = tiles_due(favors=0)
    s.players[0].cult = [9, 5, 5, 5]
    s = play(s, "+TW5")
    assert s.players[0].cult == [10, 6, 6, 6] and s.key_choice == []


def test_refused_key_track_must_be_one_that_reaches_10():
    s = tiles_due(favors=0)
    s.players[0].cult = [9, 9, 5, 5]
    s = play(s, "+TW5")
    refused(s, "+EARTH")


# -- strict-leech: burning before answering is allowed, conversions are not -----------------------
def offer_position(**opts):
    """Witches build next to the Nomads' stronghold: an offer of 3; the Nomads' bowls take 3."""
    s = blank(["witches", "nomads"], **opts)
    put(s, 0, "E7", "D")
    put(s, 1, "E6", "SH")
    s.players[0].W, s.players[0].C = 2, 6
    s.players[1].bowls = [0, 3, 9]
    return play(s, "upgrade E7 to TP", "done")


def test_with_strict_leech_power_may_be_burnt_before_answering_and_the_offer_shrinks():
    s = offer_position(**{"strict-leech": True})
    assert RULES.pending(s).kind == "leech" and "burn 1" in legal(s)
    assert not any(n.startswith("convert") for n in legal(s))
    refused(s, "convert 1PW to 1C")
    vp = s.players[1].VP
    s = play(s, "burn 1")  # bowl II 3 -> 1, bowl III 10: the bowls take only 1 now
    assert "leech 1 from witches" in legal(s)
    s = play(s, "leech 1 from witches")
    assert s.players[1].VP == vp and s.players[1].bowls == [0, 0, 11]


def test_without_strict_leech_both_burning_and_converting_come_before_the_answer():
    s = offer_position()
    names = legal(s)
    assert "burn 1" in names and "convert 1PW to 1C" in names


# -- the Halflings' stronghold spades: non-home, home, non-home ------------------------------------
def halflings_stronghold():
    s = blank(["halflings", "witches"])
    put(s, 0, "E7", "TP")
    p = s.players[0]
    p.W, p.C = 10, 20
    for h in ("E6", "D5", "D4"):
        s.terrain[INDEX[h]] = "swamp"  # one step from plains (home) and from lakes
    return play(s, "upgrade E7 to SH")


def test_halflings_stronghold_spades_may_leave_a_second_non_home_space_after_a_home_one():
    s = halflings_stronghold()
    s = play(s, "transform E6 to lakes")  # non-home, 2 spades left: the next must make home
    assert "transform D5 to lakes" not in legal(s)
    refused(s, "transform D5 to lakes")
    s = play(s, "transform D5 to plains", "transform D4 to lakes")  # home, then non-home again
    assert [s.terrain[INDEX[h]] for h in ("E6", "D5", "D4")] == ["lakes", "plains", "lakes"]
    assert s.spades == 0


def test_a_non_home_space_that_uses_the_last_spade_asks_nothing_more():
    s = halflings_stronghold()
    s = play(s, "transform E6 to plains", "transform D5 to plains", "transform D4 to lakes")
    assert s.terrain[INDEX["D4"]] == "lakes" and s.spades == 0


def test_leftover_free_spades_may_be_given_up_on_purpose():
    s = halflings_stronghold()
    s = play(s, "transform E6 to plains")
    assert s.spades == 2 and "done" in legal(s)
    s = play(s, "done")  # the two spades left are given up
    assert s.spades == 0 and RULES.pending(s).kind == "after"
    s = halflings_stronghold()
    s = play(s, "transform E6 to plains", "build E6")  # building ends the action: the rest go too
    assert s.spades == 0 and s.btype[INDEX["E6"]] == "D"


# -- a player who drops out -----------------------------------------------------------------------
def three():
    s = blank(["witches", "nomads", "halflings"])
    put(s, 0, "E7", "D")
    put(s, 1, "E6", "D")
    s.players[0].W, s.players[0].C = 2, 6
    return s


def test_a_player_who_drops_out_takes_no_more_turns_and_gets_no_offers():
    s = play(three(), "drop nomads")
    assert s.players[1].dropped and s.players[1].passed
    s = play(s, "upgrade E7 to TP", "done")  # next to the Nomads' dwelling: no offer is made
    assert s.queue == [] and RULES.pending(s).seat == 2


def test_a_player_who_drops_out_in_their_own_turn_ends_it():
    s = three()
    s = play(s, "pass BON4")
    assert RULES.pending(s).seat == 1
    s = play(s, "drop nomads")
    assert RULES.pending(s).seat == 2 and RULES.pending(s).kind == "main"


def test_a_dropped_player_stays_out_in_later_rounds_and_is_scored_at_the_end():
    s = play(three(), "drop nomads")
    s.players[1].C = 9
    s = play(s, "pass BON4", "pass BON5")  # the round ends: the dropped player passed already
    assert s.round == 2 and s.players[1].passed and 1 not in [RULES.pending(s).seat]
    s.round = 6
    for seat in (0, 2):
        s.players[seat].passed = True
    vp = s.players[1].VP
    engine.end_round(s)
    assert s.phase == "over" and s.players[1].VP > vp  # resources (9 coins and more) still score


def test_only_a_faction_of_the_game_still_in_it_can_drop_out():
    s = play(three(), "drop nomads")
    refused(s, "drop nomads")
    refused(s, "drop giants")
    assert "drop" not in {a.kind for a in RULES.legal_actions(s)}  # never offered to bots or players


# -- every option, on and off ---------------------------------------------------------------------
def cultists_declined(**opts):
    s = blank(["cultists", "witches"], **opts)
    put(s, 0, "E7", "D")
    put(s, 1, "E6", "D")
    s.players[0].W, s.players[0].C, s.players[0].bowls = 2, 6, [5, 7, 0]
    return play(s, "upgrade E7 to TP", "done", "decline 1 from cultists")


def test_errata_cultist_power_on_gives_one_power_when_everyone_declines_and_off_gives_nothing():
    assert cultists_declined(**{"errata-cultist-power": True}).players[0].bowls == [4, 8, 0]
    assert cultists_declined().players[0].bowls == [5, 7, 0]


def random_setups(**opts):
    """The scoring tiles, bonus cards and town tiles of 40 seeded random set-ups."""
    seen = {"scoring": set(), "bonus": set(), "towns": set()}
    for seed in range(40):
        s = RULES.setup(["A", "B", "C"], seed, opts)
        seen["scoring"] |= set(s.scoring)
        seen["bonus"] |= set(s.bonus_pool)
        seen["towns"] |= set(s.town_pool)
    return seen


def test_tile_options_on_and_off():
    off = random_setups()
    on = random_setups(**{"mini-expansion-1": True, "shipping-bonus": True, "temple-scoring-tile": True})
    assert "SCORE9" not in off["scoring"] and "SCORE9" in on["scoring"]  # temple-scoring-tile
    assert "BON10" not in off["bonus"] and "BON10" in on["bonus"]  # shipping-bonus
    assert not off["towns"] & {"TW6", "TW7", "TW8"} and {"TW6", "TW7", "TW8"} <= on["towns"]  # mini-expansion-1


def test_the_log_names_the_player_who_drops_out_and_the_key_track_chosen():
    s = three()
    a = RULES.parse(s, "drop nomads")
    assert RULES.log_line(s, a, RULES.apply(s, a)) == "P1 (Nomads) dropped out of the game."
    s = tiles_due(favors=0)
    s.players[0].cult = [9, 9, 5, 5]
    s = play(s, "+TW5")
    assert RULES.describe(s, RULES.parse(s, "+WATER")) == "Water takes your key to space 10"


# -- offers answered any time before the player's next action -------------------------------------
def open_offer_position(**opts):
    """Witches (seat 0) upgrade next to the Halflings' stronghold: the Halflings (seat 2) are offered
    3; the Nomads (seat 1) play next."""
    s = blank(["witches", "nomads", "halflings"], **opts)
    put(s, 0, "E7", "D")
    put(s, 2, "E6", "SH")
    s.players[0].W, s.players[0].C = 2, 6
    s.players[2].bowls = [0, 5, 7]
    return play(s, "upgrade E7 to TP", "done")


def test_an_offer_may_be_left_open_with_wait_and_the_game_goes_on():
    s = open_offer_position()
    assert RULES.pending(s).kind == "leech" and RULES.pending(s).seat == 2
    assert "wait" not in legal(s)  # typed, never in the list (bots and the screen answer at once)
    s = play(s, "wait")
    assert s.open_offers == [["leech", 2, 3, 0, s.open_offers[0][4]]]
    assert RULES.pending(s).seat == 1 and RULES.pending(s).kind == "main"


def test_an_open_offer_is_answered_out_of_turn_with_by():
    s = open_offer_position()
    s = play(s, "wait")
    vp = s.players[2].VP
    s = play(s, "leech 3 from witches by halflings")  # during the Nomads' turn
    assert s.open_offers == [] and s.players[2].VP == vp - 2 and s.players[2].bowls == [0, 2, 10]
    assert RULES.pending(s).seat == 1 and RULES.pending(s).kind == "main"


def test_an_open_offer_is_asked_again_when_the_players_next_turn_comes():
    s = open_offer_position()
    s = play(s, "wait", "pass BON4")  # the Nomads pass: the Halflings' turn comes
    d = RULES.pending(s)
    assert d.seat == 2 and d.kind == "leech" and s.open_offers == []
    s = play(s, "decline 3 from witches")
    assert RULES.pending(s).seat == 2 and RULES.pending(s).kind == "main"


def test_open_offers_are_answered_before_the_round_ends():
    s = open_offer_position()
    s.players[0].passed = s.players[2].passed = True  # (as if the Witches and Halflings had passed)
    s = play(s, "wait", "pass BON4")
    d = RULES.pending(s)
    assert d.seat == 2 and d.kind == "leech" and s.round == 1
    s = play(s, "leech 3 from witches")
    assert s.open_offers == [] and s.round == 2


def test_the_amount_of_an_open_offer_is_counted_when_it_is_answered():
    s = open_offer_position()
    s = play(s, "wait")
    s.players[2].bowls = [0, 1, 11]  # (as if the Halflings had burnt in between)
    refused(s, "leech 3 from witches by halflings")
    s = play(s, "leech 1 from witches by halflings")
    assert s.players[2].bowls == [0, 0, 12]


def test_wait_and_out_of_turn_answers_need_an_offer():
    s = open_offer_position()
    s = play(s, "leech 3 from witches")
    refused(s, "wait")  # the Nomads' turn: no offer is being asked
    refused(s, "leech 3 from witches by halflings")  # nothing open
    refused(s, "+FIRE by cultists")


# -- the Cultists' step comes with the first opponent who takes power -----------------------------
def cultists_build(**opts):
    s = blank(["cultists", "witches", "nomads"], **opts)
    put(s, 0, "E7", "D")
    put(s, 1, "E6", "D")
    put(s, 2, "E8", "D")
    s.players[0].W, s.players[0].C = 2, 6
    return play(s, "upgrade E7 to TP", "done")


def test_the_cultists_step_comes_with_the_first_opponent_who_takes_power():
    s = cultists_build()
    s = play(s, "leech 1 from cultists")  # the Witches take it; the Nomads have not answered yet
    d = RULES.pending(s)
    assert d.seat == 0 and d.kind == "cult"
    s = play(s, "+AIR")
    assert RULES.pending(s).seat == 2 and RULES.pending(s).kind == "leech"
    s = play(s, "leech 1 from cultists")  # a second taker brings no second step
    assert RULES.pending(s).kind == "main" and s.players[0].cult[3] == 1


def test_the_cultists_step_may_be_left_open_and_taken_out_of_turn():
    s = cultists_build()
    s = play(s, "leech 1 from cultists", "wait", "decline 1 from cultists")
    assert s.open_offers[0][0] == "cultstep" and RULES.pending(s).seat == 1
    s = play(s, "+WATER by cultists")
    assert s.players[0].cult[1] == 1 and s.open_offers == []


def test_with_the_errata_everyone_declining_gives_the_power_once_all_have_answered():
    s = cultists_build(**{"errata-cultist-power": True})
    bowls = list(s.players[0].bowls)
    s = play(s, "decline 1 from cultists")
    assert s.players[0].bowls == bowls  # the Nomads have not answered yet
    s = play(s, "wait", "decline 1 from cultists by nomads")
    assert s.players[0].bowls != bowls


def test_a_dropped_player_first_in_the_round_order_is_skipped_when_the_round_starts():
    s = play(three(), "drop nomads")
    s.order = [1, 0, 2]
    engine.start_round(s)
    assert s.actor == 0 and RULES.pending(s).seat == 0 and s.players[1].passed


def test_wait_is_refused_when_the_players_own_turn_comes_next():
    s = blank(["witches", "nomads", "halflings"])
    put(s, 0, "E7", "D")
    put(s, 1, "E6", "SH")
    s.players[0].W, s.players[0].C = 2, 6
    s = play(s, "upgrade E7 to TP", "done")
    with pytest.raises(IllegalAction, match="Answer now"):
        RULES.apply(s, RULES.parse(s, "wait"))
