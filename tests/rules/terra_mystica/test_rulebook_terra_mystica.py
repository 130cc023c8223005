"""Terra Mystica refresher sentences no other test quoted (issue 45 item 1: every sentence traced).

The witches (seat 0) act in `started()`'s round-1 position: income taken, 21 coins, 6 workers."""
import json

import pytest

from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.rules.terra_mystica import RULES, engine
from tabletop_tui.rules.terra_mystica.board import adjacent
from tabletop_tui.rules.terra_mystica.data import FACTIONS, INDEX, SHIP_DIST
from tabletop_tui.rules.terra_mystica.power import gain_power, priest_room
from tabletop_tui.rules.terra_mystica.scoring import final_scoring, network_size

from .test_terra_mystica_engine import game, play, started
from .tmhelpers import blank, legal, put, refused

TILES = json.loads(
    (__import__("pathlib").Path(__file__).parents[3] / "assets/terra_mystica/tiles.json")
    .read_text(encoding="utf-8"))


def test_the_faction_board_gives_the_start_and_the_markers_sit_on_their_first_spaces():
    # Rulebook: "Take the starting workers, coins and priests printed on your board, place your
    #   twelve power tokens in bowls one and two as shown, and advance your cult markers for the
    #   cult symbols shown."
    # Rulebook: "One marker goes on the leftmost shipping space, one on the bottom of the exchange
    #   track where three workers buy one spade, one on space twenty of the victory point track,
    #   and four on space zero of the cult tracks."
    s = game()
    for p in s.players:
        start = FACTIONS[p.faction]["start"]
        assert (p.C, p.W, p.P) == (start["C"], start["W"], start["P"])
        assert p.bowls == start["bowls"] and sum(p.bowls) == 12 and p.bowls[2] == 0
        assert p.cult == start["cult"] and p.VP == 20
        assert p.ship == FACTIONS[p.faction]["shipping"]["start"] == 0 and p.dig == 0
    assert FACTIONS["witches"]["digging"]["rate"][s.players[0].dig] == 3
    assert game().players[2].cult == [0, 1, 1, 0]  # the darklings' board shows water and earth


def test_seven_priests_and_three_bridges_are_each_players_supply():
    # Rulebook: "seven priests and three bridges sit beside the board as your supply"
    p = game().players[0]
    assert p.bridges_left == 3 and priest_room(p) == 7 - p.P
    p.P, p.priests_sent = 5, 2
    assert priest_room(p) == 0


def test_the_starting_dwellings_go_on_home_terrain_without_terraforming():
    # Rulebook: "No terraforming during this."
    s = game()
    moves = legal(s)
    home = FACTIONS[s.players[0].faction]["terrain"]
    assert moves and all(m.startswith("build ") for m in moves)
    assert all(s.terrain[INDEX[m.split()[1]]] == home for m in moves)


def test_six_scoring_tiles_one_per_round_twelve_favor_tiles_ten_town_tiles_six_power_actions():
    # Rulebook: "Draw six scoring tiles at random and lay them in random order, one per round"
    # Rulebook: "Lay the twelve favor tiles out, turn the ten town tiles face up, and put one
    #   action token above each of the six power action spaces on the board."
    s = RULES.setup(["A", "B", "C"], 7, {"factions": "witches,nomads,darklings"})
    assert len(s.scoring) == 6 and len(set(s.scoring)) == 6
    assert len(s.favor_pool) == 12
    assert sum(s.town_pool.values()) == 10
    assert len(TILES["power_actions"]) == 6 and s.used_pa == []
    other = RULES.setup(["A", "B", "C"], 8, {"factions": "witches,nomads,darklings"})
    assert {tuple(RULES.setup(["A", "B", "C"], seed, {"factions": "witches,nomads,darklings"})
                  .scoring) for seed in range(1, 9)} != {tuple(other.scoring)}  # drawn at random


def _decline_offers(s):
    while RULES.pending(s).kind == "leech":
        s = play(s, next(str(a) for a in RULES.legal_actions(s) if str(a).startswith("decline")))
    return s


def _pass(s):
    s = play(s, next(str(a) for a in RULES.legal_actions(s) if str(a).startswith("pass")))
    return play(s, "done") if "done" in [str(a) for a in RULES.legal_actions(s)] else s


def test_everyone_takes_one_action_a_turn_clockwise_until_everyone_has_passed():
    # Rulebook: "Then the action phase: beginning with the start player and going clockwise, each
    #   player takes exactly one action per turn, going round and round until everyone has passed."
    # Rulebook: "Passing is an action."
    s = started()
    seats = [RULES.pending(s).seat]
    s = play(s, "upgrade F4 to TP")  # one action: after it only free conversions or done
    assert all(a.startswith(("convert", "burn", "done")) for a in map(str, RULES.legal_actions(s)))
    s = _decline_offers(play(s, "done"))
    for _ in range(3):
        seats.append(RULES.pending(s).seat)
        s = _pass(s)
    assert s.round == 1  # the witches have not passed: their turn comes round again
    seats.append(RULES.pending(s).seat)
    s = _pass(s)
    assert seats == [0, 1, 2, 3, 0] and s.round == 2


def test_advancing_on_the_shipping_track_costs_a_priest_and_four_coins_and_scores_its_space():
    # Rulebook: "The other actions: advance one space on the shipping track for one priest and
    #   four coins, scoring the victory points on the space you reach."
    s = started()
    s.players[0].P = 1
    s2 = play(s, "advance ship")
    a, b = s.players[0], s2.players[0]
    assert (a.P - b.P, a.C - b.C, b.ship, b.VP - a.VP) == (1, 4, 1, 2)


def test_lowering_the_exchange_rate_costs_two_workers_five_coins_a_priest_and_scores_six():
    # Rulebook: "Lower your spade exchange rate one step for two workers, five coins and one
    #   priest, scoring six victory points."
    s = started()
    s.players[0].P = 1
    s2 = play(s, "advance dig")
    a, b = s.players[0], s2.players[0]
    assert (a.W - b.W, a.C - b.C, a.P - b.P, b.VP - a.VP) == (2, 5, 1, 6)
    assert FACTIONS["witches"]["digging"]["rate"][b.dig] == 2


def _trading_house(s, seat=0, where="E9"):
    put(s, seat, where, "TP")
    return s


def test_a_stronghold_and_a_sanctuary_cost_the_factions_price_a_temple_two_workers_five_coins():
    # Rulebook: "Trading house to stronghold at your faction's cost, which unlocks your stronghold
    #   ability."
    # Rulebook: "Trading house to temple for two workers and five coins, and temple to sanctuary
    #   at your faction's cost."
    s = _trading_house(started())
    s.players[0].W, s.players[0].C = 10, 30
    sh = play(s, "upgrade E9 to SH")
    assert (s.players[0].W - sh.players[0].W, s.players[0].C - sh.players[0].C) == (4, 6)
    assert sh.btype[INDEX["E9"]] == "SH"
    te = play(s, "upgrade E9 to TE")
    assert (s.players[0].W - te.players[0].W, s.players[0].C - te.players[0].C) == (2, 5)


def test_each_temple_brings_a_favor_tile_of_the_players_choice_never_two_alike():
    # Rulebook: "Each temple and the sanctuary earns you a favor tile of your choice, and you may
    #   never have two of the same tile."
    s = _trading_house(started())
    s.players[0].favors = ["FAV11"]
    s2 = play(s, "upgrade E9 to TE")
    d = RULES.pending(s2)
    picks = [str(a) for a in RULES.legal_actions(s2) if str(a).startswith("+FAV")]
    assert len(picks) == 11 and "+FAV11" not in picks and "+FAV12" in picks
    s3 = play(s2, "+FAV12")
    assert s3.players[0].favors == ["FAV11", "FAV12"] and d.seat == 0


def test_a_priest_sent_to_an_order_space_advances_three_or_two_and_is_gone_for_good():
    # Rulebook: "You may also send a priest to an order of a cult: place him on one of the four
    #   spaces under a track to advance two or three spaces as shown, and that priest is gone for
    #   good."
    s = started()
    s.players[0].P = 2
    s2 = play(s, "send p to FIRE for 3")
    assert s2.players[0].cult[0] == 3 and s2.players[0].P == 1
    assert s2.players[0].priests_sent == 1
    assert TILES["priest_spaces"] == [3, 2, 2, 2]  # one space of 3, three of 2 under each track


def test_power_actions_cost_three_four_or_six_from_bowl_three_and_give_what_they_show():
    # Rulebook: "Power actions are the six orange spaces on the board, each available once per
    #   round, first come first served, costing three, four or six power from bowl three."
    # Rulebook: "They give a bridge, a priest, two workers, seven coins, one spade, or two spades."
    pa = TILES["power_actions"]
    assert [pa[k]["cost"] for k in sorted(pa)] == [3, 3, 4, 4, 4, 6]
    assert (pa["ACT1"]["bridge"], pa["ACT2"]["gain"], pa["ACT3"]["gain"], pa["ACT4"]["gain"],
            pa["ACT5"]["spades"], pa["ACT6"]["spades"]) == (1, {"P": 1}, {"W": 2}, {"C": 7}, 1, 2)
    s = started()
    s.players[0].bowls = [0, 5, 7]
    s2 = play(s, "action ACT4")
    assert s2.players[0].bowls == [4, 5, 3] and s2.players[0].C == s.players[0].C + 7
    s2 = play(s2, "done")
    assert RULES.pending(s2).seat == 1
    s2.players[1].bowls = [0, 0, 12]
    with pytest.raises(IllegalAction):
        RULES.apply(s2, RULES.parse(s2, "action ACT4"))  # taken this round
    assert "action ACT3" in [str(a) for a in RULES.legal_actions(s2)]


def test_spending_power_moves_tokens_from_bowl_three_back_to_bowl_one():
    # Rulebook: "Spending moves tokens from three back to one."
    s = started()
    s.players[0].bowls = [1, 2, 9]
    s2 = play(s, "convert 5PW to 1P")
    assert s2.players[0].bowls == [6, 2, 4] and s2.players[0].P == 1


def test_power_reaches_bowl_three_only_once_bowl_one_is_empty():
    # Rulebook: "Gaining power moves tokens from bowl one to two, and once bowl one is empty, from
    #   two to three."
    p = started().players[0]
    p.bowls = [1, 4, 0]
    gain_power(p, 3)
    assert p.bowls == [0, 3, 2]


def test_a_neighbour_only_across_the_river_is_offered_no_power():
    # Rulebook: "Indirect adjacency is fine for building, but only direct adjacency counts for
    #   power and for towns."
    s = started()  # the engineers' dwelling on C5 is across one river space from E9
    assert SHIP_DIST[INDEX["E9"]][INDEX["C5"]] == 1
    assert INDEX["C5"] not in adjacent(s, INDEX["E9"])
    s2 = play(s, "upgrade E9 to TP", "done")
    assert RULES.pending(s2).kind == "main" and RULES.pending(s2).seat == 1  # no offer
    put(s, 3, "D7")  # directly adjacent: now the engineers are offered power
    s3 = play(s, "upgrade E9 to TP", "done")
    assert RULES.pending(s3).kind == "leech" and RULES.pending(s3).seat == 3


def test_round_end_puts_a_coin_on_each_leftover_bonus_card_and_frees_the_power_actions():
    # Rulebook: "Remove all action tokens, put one coin on each of the three leftover bonus cards,
    #   and turn the current scoring tile face down."
    s = started()
    s.players[0].bowls = [0, 0, 12]
    s = _decline_offers(play(s, "action ACT4", "done"))
    assert s.used_pa == ["ACT4"]
    for _ in range(4):
        s = _decline_offers(_pass(s))
    assert s.round == 2 and s.used_pa == []
    assert len(s.bonus_pool) == 3 and all(coins >= 1 for coins in s.bonus_pool.values())
    assert sorted(s.bonus_pool.values()) != [0, 0, 0]


def _final(cults, extra=()):
    s = started()
    for i, p in enumerate(s.players):
        p.VP, p.cult, p.C, p.W, p.P, p.bowls = 50, [cults[i], 0, 0, 0], 0, 0, 0, [12, 0, 0]
    for seat, where in extra:
        put(s, seat, where)
    final_scoring(s)
    s.phase = "over"
    return s


def test_each_cult_track_scores_eight_four_two_and_nothing_on_space_zero():
    # Rulebook: "Score each cult track separately: eight points for the highest, four for the
    #   second, two for the third, nothing if you are still on space zero."
    s = _final([5, 3, 1, 0])
    assert [p.breakdown["cults"] for p in s.players] == [8, 4, 2, 0]


def test_the_largest_connected_areas_score_eighteen_twelve_six():
    # Rulebook: "Then area scoring: count your largest group of directly or indirectly connected
    #   structures, and the highest gets eighteen, second twelve, third six."
    # Rulebook: "For both of those, tied players evenly divide the points of the tiers involved,
    #   rounding down."
    s = _final([0, 0, 0, 0], extra=[(0, "E10"), (0, "D7"), (1, "E3")])
    sizes = [network_size(s, i) for i in range(4)]
    assert sizes[0] > sizes[1] > max(sizes[2], sizes[3]) and sizes[2] == sizes[3]
    assert [p.breakdown["network"] for p in s.players] == [18, 12, 3, 3]  # 6 + 0 shared


def test_leftover_coins_score_one_point_per_three_and_equal_points_share_the_win():
    # Rulebook: "Finally, one victory point per three coins left over, converting other resources
    #   to coins if you like."
    # Rulebook: "Most victory points wins, and if there is a tie, there is more than one winner."
    s = started()
    for p in s.players:
        p.VP, p.cult, p.C, p.W, p.P, p.bowls = 50, [0, 0, 0, 0], 0, 0, 0, [12, 0, 0]
    s.players[0].C = 8
    s.players[1].C, s.players[1].W, s.players[1].P = 4, 1, 1
    s.players[2].C = 5
    final_scoring(s)
    s.phase = "over"
    assert [p.breakdown["resources"] for p in s.players] == [2, 2, 1, 0]
    assert RULES.result(s).ranking[0] == [0, 1]  # two winners


# Rulebook: "if you made it your home terrain you may immediately build a dwelling there for one
#   worker and two coins"
# Rulebook: "Take a town tile for victory points, a one-time bonus, and a key"
def test_the_refreshers_turn_played_out():
    """The refresher's worked example, step by step: the witches (forest) are "you", the
    swarmlings (lakes) are blue; A1 trading house, A2 temple, A3 dwelling, A4 the empty lakes
    space beside the dwelling, B2 blue's trading house on its far side."""
    # Rulebook: "It is round 3, and it is your turn."
    # Rulebook: "You hold 5 workers, 8 coins and 2 priests, and your exchange marker still sits at
    #   the bottom, where 3 workers buy 1 spade."
    s = blank(["witches", "swarmlings"], "SCORE1,SCORE2,SCORE3,SCORE4,SCORE5,SCORE6")
    s.round = 3
    you, blue = s.players
    you.W, you.C, you.P, you.dig = 5, 8, 2, 0
    # Rulebook: "Your cluster has a trading house, a temple and a dwelling, all sharing hex edges."
    put(s, 0, "A1", "TP")
    put(s, 0, "A2", "TE")
    put(s, 0, "A3", "D")
    # Rulebook: "Beside that dwelling is an empty space just 1 step from your home terrain on the
    #   transformation cycle."
    # Rulebook: "On its far side stands the blue player's trading house."
    put(s, 1, "B2", "TP")
    assert s.terrain[INDEX["A4"]] == "lakes" and s.owner[INDEX["A4"]] == -1
    assert INDEX["A4"] in adjacent(s, INDEX["A3"]) and INDEX["B2"] in adjacent(s, INDEX["A4"])
    # Rulebook: "Blue has 1 token left in bowl one"
    blue.bowls = [1, 5, 6]
    # Rulebook: "You transform and build."
    # Rulebook: "The spade costs 3 workers, and the space flips to your home terrain."
    s = play(s, "transform A4 to forest")
    assert (s.players[0].W, s.terrain[INDEX["A4"]]) == (2, "forest")
    # Rulebook: "Then you pay 1 worker and 2 coins and place a dwelling there."
    # Rulebook: "That leaves you 1 worker and 6 coins."
    s = play(s, "build A4")
    assert (s.players[0].W, s.players[0].C, s.btype[INDEX["A4"]]) == (1, 6, "D")
    # Rulebook: "Your build touches blue's trading house directly, so blue may take 2 power,
    #   paying 1 victory point."
    s = play(s, "done")
    assert RULES.pending(s).kind == "leech" and RULES.pending(s).seat == 1
    assert "leech 2 from witches" in legal(s)
    vp = s.players[1].VP
    # Rulebook: "Blue accepts."
    # Rulebook: "Blue has 1 token left in bowl one, so it moves to bowl two, and then 1 token moves
    #   from bowl two to bowl three."
    s = play(s, "leech 2 from witches")
    assert s.players[1].bowls == [0, 5, 7] and vp - s.players[1].VP == 1
    # Rulebook: "Now count your group."
    # Rulebook: "You have 4 structures, all directly adjacent, but their power is 2 + 2 + 1 + 1,
    #   which makes 6."
    # Rulebook: "A town needs 7, so none forms yet."
    assert not any(s.in_town) and s.players[0].towns == []
    # Rulebook: "Play goes clockwise, and when your turn comes back, you finish it."
    assert RULES.pending(s).seat == 1 and RULES.pending(s).kind == "main"
    s = play(s, "pass BON1")
    assert RULES.pending(s).seat == 0
    # Rulebook: "You convert a priest into a worker for free, so now you have 2."
    s = play(s, "convert 1P to 1W")
    assert (s.players[0].W, s.players[0].P) == (2, 1) and RULES.pending(s).seat == 0
    # Rulebook: "Since blue's trading house is directly adjacent, your new dwelling upgrades to a
    #   trading house for 2 workers and only 3 coins."
    s = play(s, "upgrade A4 to TP")
    assert (s.players[0].W, s.players[0].C) == (0, 3)
    # Rulebook: "Your group is now 2 + 2 + 2 + 1, which makes 7, so a town forms at once."
    # Rulebook: "You take a town tile for its victory points, its bonus and a key."
    assert RULES.pending(s).kind == "town"
    vp, keys = s.players[0].VP, s.players[0].keys
    s = play(s, "+TW1")
    assert s.players[0].towns == ["TW1"] and s.players[0].keys == keys + 1
    # TW1: 5 VP and 6 coins; the Witches' 5 VP a town come with the tile too
    assert s.players[0].VP == vp + 5 + 5 and s.players[0].C == 3 + 6
    assert all(s.in_town[INDEX[h]] for h in ("A1", "A2", "A3", "A4"))
    # Rulebook: "Blue is offered 2 power again."
    s = play(s, "done")
    assert RULES.pending(s).kind == "leech" and "leech 2 from witches" in legal(s)


def test_a_bridge_makes_two_spaces_directly_adjacent():
    # Rulebook: "Direct adjacency means sharing a hex edge, or being connected by a bridge."
    s = blank(["witches", "engineers"], "SCORE1,SCORE2,SCORE3,SCORE4,SCORE5,SCORE6")
    put(s, 0, "A3")
    put(s, 1, "C1")
    assert INDEX["C1"] not in adjacent(s, INDEX["A3"])
    s2 = play(s, "upgrade A3 to TP", "done")
    assert RULES.pending(s2).kind == "main"  # across the river: no offer
    s.bridges.append([INDEX["A3"], INDEX["C1"], 0])
    assert INDEX["C1"] in adjacent(s, INDEX["A3"])
    s3 = play(s, "upgrade A3 to TP", "done")
    assert RULES.pending(s3).kind == "leech" and RULES.pending(s3).seat == 1


def test_a_special_action_is_usable_once_per_round():
    # Rulebook: "Special actions come from stronghold abilities, one favor tile and some bonus
    #   cards, and each is usable once per round."
    s = blank(["witches", "nomads"], "SCORE1,SCORE2,SCORE3,SCORE4,SCORE5,SCORE6")
    put(s, 0, "E7", "SH")
    for far in ("I1", "I2"):
        s.terrain[INDEX[far]] = "forest"
    s = play(s, "action ACTW", "build I1", "done")
    s = play(s, "pass BON1")
    assert RULES.pending(s).seat == 0
    assert "action ACTW" not in legal(s)  # used this round


def test_a_transform_needs_a_reachable_unoccupied_space_and_may_stop_without_building():
    # Rulebook: "You may stop partway and not build, but the space you transform still has to be
    #   directly or indirectly adjacent to one of your structures, and you can never transform a
    #   space that has a structure on it."
    s = started()  # the witches' dwellings stand on E9 and F4
    refused(s, "transform I1 to forest")  # nowhere near a witches' structure
    refused(s, "transform F3 to forest")  # the nomads' dwelling
    refused(s, "transform E9 to lakes")   # the witches' own dwelling
    assert "transform D6 to forest" not in legal(s)
    s.players[0].ship = 1  # D6 lies across one river space from E9: indirectly adjacent
    assert "transform D6 to forest" in legal(s)
    s2 = play(s, "transform D6 to forest", "done")  # stop without building
    assert s2.terrain[INDEX["D6"]] == "forest" and s2.owner[INDEX["D6"]] == -1
