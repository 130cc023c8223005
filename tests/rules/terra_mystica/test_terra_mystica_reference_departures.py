"""The last rules where our engine departed from the reference moderator (terra.snellman.net):
the Alchemists' stronghold power spade by spade, burning only by the player whose turn it is,
the Darklings' ordination as their first conversion, a favor tile's cult step written after the
player's next command, and the income and final conversion of a player who dropped out."""
import pytest

from tabletop_tui.rules.terra_mystica import RULES, engine
from tabletop_tui.rules.terra_mystica.data import CELLS, INDEX
from tabletop_tui.rules.terra_mystica.snellman import _Driver, parse_ledger

from . import tmhelpers
from .test_terra_mystica_snellman_import import ledger, row
from .tmhelpers import legal, play, put, refused

TILES = "SCORE2,SCORE3,SCORE5,SCORE4,SCORE6,SCORE7"


def blank(factions, tiles=TILES, **opts):
    return tmhelpers.blank(factions, tiles, **opts)


# -- 1. the Alchemists' stronghold: 2 power for each spade, as each spade is dug ------------------
def alchemists_before_a_dig(bowls=(0, 6, 1)):
    """Alchemists with their stronghold on E7; E6 is mountains, 3 spades from their swamp."""
    s = blank(["alchemists", "witches"])
    put(s, 0, "E7", "SH")
    p = s.players[0]
    p.W, p.C, p.bowls = 9, 10, list(bowls)
    s.terrain[INDEX["E6"]] = "mountains"
    return s


def test_alchemists_may_dig_convert_the_new_power_dig_again_and_build():
    """'dig 2. convert 3PW to 1W. dig 1. burn 1. convert 3PW to 1W. build F1': the power of each
    dig is there for the conversion after it."""
    s = alchemists_before_a_dig()
    s = play(s, "transform E6 to lakes")  # 2 spades dug (6 workers): 4 power, bowl II -> III
    assert s.players[0].bowls == [0, 2, 5] and s.players[0].W == 3
    s = play(s, "convert 3PW to 1W")
    assert "transform E6 to swamp" in legal(s)  # the same space is dug further
    s = play(s, "transform E6 to swamp")  # 1 more spade: 2 more power
    assert s.players[0].bowls == [1, 4, 2]
    s = play(s, "burn 1", "convert 3PW to 1W", "build E6")
    p = s.players[0]
    assert s.btype[INDEX["E6"]] == "D" and p.bowls == [4, 2, 0] and p.W == 1


def test_digging_further_stays_one_space_and_stops_at_home_terrain():
    s = alchemists_before_a_dig()
    s.terrain[INDEX["D5"]] = "lakes"
    s = play(s, "transform E6 to lakes")
    refused(s, "transform D5 to swamp", match="as many spaces")  # a second space is not allowed
    s = play(s, "transform E6 to swamp")
    assert not any(a.startswith("transform") for a in legal(s))  # home terrain: nothing more to dig


def test_the_alchemists_without_a_stronghold_gain_no_power_from_spades():
    s = alchemists_before_a_dig()
    put(s, 0, "E7", "TP")
    s = play(s, "transform E6 to lakes", "transform E6 to swamp")
    assert s.players[0].bowls == [0, 6, 1]


def test_free_spades_give_the_alchemists_their_power_when_they_are_received():
    # bonus card spade: 2 power at once, before the spade is used
    s = blank(["alchemists", "witches"])
    put(s, 0, "E7", "SH")
    s.players[0].bonus, s.players[0].bowls = "BON1", [2, 0, 0]
    s = play(s, "action BON1")
    assert s.players[0].bowls == [0, 2, 0] and s.spades == 1


# -- 4. burning power is the active player's -----------------------------------------------------
def three_offers(**opts):
    """Witches upgrade next to the Nomads and the Halflings; the Nomads move next, the Halflings
    (answering second) only after them."""
    s = blank(["witches", "nomads", "halflings"], **opts)
    put(s, 0, "E7", "D")
    put(s, 1, "E6", "D")
    put(s, 2, "D5", "D")
    s.players[0].W, s.players[0].C = 2, 6
    for seat in (1, 2):
        s.players[seat].bowls = [0, 4, 8]
    s = play(s, "upgrade E7 to TP", "done")
    return s


def test_with_strict_leech_a_player_answering_out_of_turn_may_not_burn_first():
    s = three_offers(**{"strict-leech": True})
    s = play(s, "leech 1 from witches")  # the Nomads, whose turn comes next, answer first
    assert RULES.pending(s).seat == 2 and RULES.pending(s).kind == "leech"
    assert not any(a.startswith(("burn", "convert")) for a in legal(s))
    refused(s, "burn 1", match="player whose turn it is")
    refused(s, "convert 1PW to 1C", match="answered before any conversion")


def test_with_strict_leech_the_player_whose_turn_comes_next_may_still_burn_first():
    s = three_offers(**{"strict-leech": True})
    assert RULES.pending(s).seat == 1 and "burn 1" in legal(s)
    s = play(s, "burn 1")
    assert s.players[1].bowls == [0, 2, 9]


def test_without_strict_leech_every_offered_player_may_burn_and_convert_first():
    s = three_offers()
    s = play(s, "leech 1 from witches")
    assert RULES.pending(s).seat == 2
    s = play(s, "burn 1", "convert 1PW to 1C")
    assert RULES.pending(s).kind == "leech"


# -- 5. the Darklings' ordination is their first conversion --------------------------------------
def darklings_stronghold(**opts):
    s = blank(["darklings", "witches"], **opts)
    put(s, 0, "E7", "TP")
    p = s.players[0]
    p.W, p.C, p.P, p.bowls = 10, 10, 0, [0, 0, 6]
    return play(s, "upgrade E7 to SH")


@pytest.mark.parametrize("strict", [True, False], ids=["strict-darkling-sh", "loose"])
def test_any_other_conversion_first_gives_up_the_darklings_ordination(strict):
    """'convert 3PW to 1W', then 'convert 2W to 2P': the reference refuses the trade ("Can't
    convert from W to P")."""
    s = darklings_stronghold(**{"strict-darkling-sh": strict})
    assert "convert 2W to 2P" in legal(s)
    s = play(s, "convert 3PW to 1W")
    assert "convert 2W to 2P" not in legal(s)
    refused(s, "convert 2W to 2P", match="Workers become priests only")


def test_burning_power_first_keeps_the_darklings_ordination():
    s = darklings_stronghold(**{"strict-darkling-sh": True})
    s.players[0].bowls = [0, 2, 6]
    s = play(s, "burn 1", "convert 3W to 3P")
    assert s.players[0].P == 3 and s.players[0].W == 10 - 4 - 3


# -- 3. a player who drops out keeps their income and is converted at the end -------------------
def dropped_in_round_3():
    """Three players; the Nomads drop out in round 3 and the others play on."""
    s = blank(["witches", "nomads", "halflings"], tiles="SCORE3,SCORE4,SCORE5,SCORE7,SCORE3,SCORE2")
    for seat, h in ((0, "E7"), (1, "E6"), (2, "D5")):
        put(s, seat, h, "D")
    s.round = 3
    return play(s, "drop nomads")


def test_a_dropped_player_still_takes_the_cult_bonus_of_each_round():
    s = dropped_in_round_3()  # round 3 tile SCORE5: 4 power for each 4 steps on Fire
    n = s.players[1]
    n.cult[0], n.bowls = 8, [5, 7, 0]
    s.next_order = [0, 2]
    engine.end_round(s)
    assert s.players[1].bowls == [0, 9, 3]  # 8 power: 5 tokens bowl I -> II, then 3 II -> III
    engine.settle(s)  # round 4 begins: income for everyone, turns only for those still in
    assert s.round == 4 and s.players[1].passed and RULES.pending(s).seat != 1


def test_a_dropped_players_cult_bonus_coins_and_priests_come_as_for_everyone():
    s = dropped_in_round_3()
    s.scoring[2] = "SCORE3"  # 1 priest for each 4 steps on Water
    n = s.players[1]
    n.cult[1], p0 = 8, n.P
    s.next_order = [0, 2]
    engine.end_round(s)
    assert s.players[1].P == p0 + 2 and not any(q[1] == 1 for q in s.queue)


def test_a_dropped_players_cult_spades_are_not_asked_for_but_lost():
    s = dropped_in_round_3()
    s.scoring[2] = "SCORE2"  # 1 spade for each 4 steps on Earth
    s.players[1].cult[2] = 8
    s.next_order = [0, 2]
    engine.end_round(s)
    assert not any(q[1] == 1 for q in s.queue)


def test_at_the_end_a_dropped_players_power_workers_priests_and_coins_are_converted():
    s = dropped_in_round_3()
    n = s.players[1]
    n.C, n.W, n.P, n.bowls = 4, 3, 1, [0, 3, 2]  # 4 + 3 + 1 + 2 + burn 1 = 11 coins: 3 VP
    s.round = 6
    for p in s.players:
        p.passed = True
    s.next_order = [0, 2]
    engine.end_round(s)
    assert s.phase == "over" and s.players[1].breakdown["resources"] == 3


# -- 2. a favor tile's cult step written after the player's next command -------------------------
def driver_for(body, mutate):
    """Replay a short ledger (witches and darklings) whose rows after set-up are ``body``;
    ``mutate`` changes the position at the start of round 1 (the ledgers carry no resources)."""
    factions = ["witches", "darklings"]
    head = parse_ledger(ledger(factions, []))
    full = parse_ledger(ledger(factions, body))
    drv = _Driver(full, RULES)
    drv.led.rows, rest = full.rows[:len(head.rows)], full.rows[len(head.rows):]
    drv.run()
    mutate(drv.s)
    drv.led.rows += rest
    drv.run()
    return drv


def test_a_favor_tiles_cult_step_may_follow_the_players_pass_in_the_ledger():
    """'Action fav6', the player's next command ('Pass BON4'), and only then '+AIR'."""
    def give_fav6(s):
        s.players[0].favors.append("FAV6")

    from .test_terra_mystica_snellman_import import _witches_first

    body = [("witches", f"upgrade {_witches_first()} to TP"), ("darklings", "pass BON3"),
            ("witches", "action FAV6"), ("witches", "pass BON4"), ("witches", "+AIR")]
    drv = driver_for(body, give_fav6)
    w = drv.s.players[0]
    assert drv.mismatches == [] and w.cult[3] == 2 + 1 and w.bonus == "BON4" and drv.s.round == 2
    assert "+AIR" in drv.actions and drv.actions.index("+AIR") < drv.actions.index("pass BON4")


def test_the_engine_itself_asks_for_the_favor_tiles_track_before_anything_else():
    s = blank(["witches", "nomads"])
    s.players[0].favors.append("FAV6")
    s = play(s, "action FAV6")
    refused(s, "pass BON4", match="choose a cult track")
    s = play(s, "+AIR")
    assert s.players[0].cult[3] == 2 + 1  # the Witches start on 2


def test_the_importer_digs_spade_by_spade_for_the_alchemists():
    """'dig 2. convert 3PW to 1W. dig 1. burn 1. convert 3PW to 1W. build X'."""
    hexes = {}

    def stronghold(s):
        h = next(x for x in range(len(s.owner)) if s.owner[x] == 0)
        s.btype[h], s.players[0].counts["D"], s.players[0].counts["SH"] = "SH", s.players[0].counts["D"] - 1, 1
        target = next(n for n in engine.adjacent(s, h) if s.owner[n] == -1 and not s.in_town[n]
                      and s.terrain[n] != "swamp" and n in engine.reach_sets(s, 0)[0])
        s.terrain[target] = "mountains"
        p = s.players[0]
        p.W, p.C, p.bowls = 9, 10, [0, 6, 1]
        hexes["x"] = CELLS[target]

    factions = ["alchemists", "witches"]
    import tests.rules.terra_mystica.test_terra_mystica_snellman_import as imp
    imp.HOME.setdefault("alchemists", "swamp")
    head = parse_ledger(ledger(factions, []))
    drv = _Driver(head, RULES)
    drv.run()
    stronghold(drv.s)
    cmd = f"dig 2. convert 3PW to 1W. dig 1. burn 1. convert 3PW to 1W. build {hexes['x']}"
    extra = parse_ledger(ledger(factions, [("alchemists", cmd)]))
    drv.led.rows += extra.rows[len(head.rows):]
    drv.run()
    p = drv.s.players[0]
    assert drv.s.btype[INDEX[hexes["x"]]] == "D" and p.bowls == [4, 2, 0] and p.W == 1
    assert drv.mismatches == []
