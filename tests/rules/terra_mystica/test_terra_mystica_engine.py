"""Terra Mystica engine: set-up, bowls, adjacency, actions, offers, towns, cults, end scoring, playouts."""
import json

import pytest

from tabletop_tui.playout import play_one
from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.rules.terra_mystica import RULES, engine
from tabletop_tui.rules.terra_mystica.data import INDEX, BRIDGE_SPOTS, SHIP_DIST, LAND
from tabletop_tui.rules.terra_mystica.scoring import tiered

LEAGUE = {"variable-turn-order": True, "errata-cultist-power": True}


def game(factions="witches,nomads,darklings,engineers", places=None, bonus=None, **opts):
    o = {"factions": factions, "scoring-tiles": "SCORE6,SCORE8,SCORE1,SCORE4,SCORE5,SCORE7",
         "bonus-cards": "BON3,BON4,BON5,BON6,BON7,BON8,BON10", "shipping-bonus": True}
    o.update(opts)
    s = RULES.setup(["Ann", "Bob", "Cat", "Dan"][:len(factions.split(","))], 1, o)
    for t in places or []:
        s = RULES.apply(s, RULES.parse(s, t))
    return s


def play(s, *texts):
    for t in texts:
        s = RULES.apply(s, RULES.parse(s, t))
    return s


def started():
    s = game(places=["build F4", "build F3", "build E5", "build E7", "build C5", "build G5", "build D3", "build E9",
                     "build G4", "take BON4", "take BON6", "take BON5", "take BON3"])
    return s


def test_map_has_77_land_and_29_bridge_spots():
    assert len(LAND) == 77
    assert len(BRIDGE_SPOTS) == 29
    assert (INDEX["D6"], INDEX["E9"]) in BRIDGE_SPOTS or (INDEX["E9"], INDEX["D6"]) in BRIDGE_SPOTS


# Rulebook: "Indirect adjacency means separated by river spaces that your shipping value can
#   cover."
def test_shipping_reach_crosses_river_cells_only():
    # A land hex next to the river reaches some land across one river cell with shipping 1
    a = INDEX["B3"]
    assert SHIP_DIST[a]
    assert all(d >= 1 for d in SHIP_DIST[a].values())
    assert INDEX["B3"] not in SHIP_DIST[a]


# Rulebook: "Then, starting with the start player and going clockwise, each player places one
#   dwelling on an existing space of their home terrain."
# Rulebook: "Going back counterclockwise, each places a second."
def test_initial_dwellings_in_turn_order_then_reverse_then_nomads_third():
    s = game()
    assert s.to_place == [0, 1, 2, 3, 3, 2, 1, 0, 1]


def test_chaos_magicians_place_their_single_dwelling_last():
    s = game("chaos_magicians,nomads,witches")
    assert s.to_place == [1, 2, 2, 1, 1, 0]


# Rulebook: "Deal out bonus cards face up: five for two players, six for three, seven for four,
#   eight for five."
# Rulebook: "each player takes a bonus card, and one coin goes on each leftover card"
def test_bonus_cards_players_plus_three_and_coin_on_leftovers():
    s = started()
    assert s.round == 1
    assert all(c == 1 for c in s.bonus_pool.values())
    assert len(s.bonus_pool) == 3


def test_faction_choice_one_per_home_terrain():
    s = RULES.setup(["A", "B"], 3, {})
    s = play(s, "pick witches")
    names = [str(a) for a in RULES.legal_actions(s)]
    assert "pick auren" not in names and "pick nomads" in names


def test_power_gain_fills_bowl_one_before_bowl_two():
    p = started().players[0]
    p.bowls = [1, 11, 0]
    assert engine.gain_power(p, 2) == 2
    assert p.bowls == [0, 11, 1]


# Rulebook: "collect workers, coins, priests and power based on the uncovered symbols on your
#   structure tracks, plus your bonus card"
def test_income_counts_bonus_card_and_buildings():
    s = started()
    # witches: 3W + base 1W + 2 dwellings = 6W; 15C + BON3's 6C = 21C
    w = s.players[0]
    assert w.W == 6 and w.C == 21


def test_occupied_space_cannot_be_built_on():
    s = started()
    with pytest.raises(IllegalAction) as e:
        RULES.parse(s, "build E9")
    assert "structure" in e.value.reason or "not" in e.value.reason


# Rulebook: "Upgrade a structure: dwelling to trading house for two workers and six coins, or only
#   three coins if an opponent's structure is directly adjacent."
def test_trading_house_costs_three_coins_next_to_an_opponent():
    s = started()
    # witches F4 neighbours nomads F3
    s2 = play(s, "upgrade F4 to TP")
    assert s.players[0].C - s2.players[0].C == 3


# Rulebook: "every opponent with structures directly adjacent may take power equal to the total
#   power value of those structures"
def test_power_offer_is_queued_for_the_neighbour_after_the_turn():
    s = started()
    s = play(s, "upgrade F4 to TP", "done")
    d = RULES.pending(s)
    assert d.kind == "leech" and d.seat == 1
    acts = [str(a) for a in RULES.legal_actions(s)]
    assert acts[:2] == ["leech 1 from witches", "decline 1 from witches"]
    assert all(a.startswith(("convert", "burn")) for a in acts[2:])  # not strict-leech
    before = s.players[1].VP
    s = play(s, "leech 1 from witches")
    assert s.players[1].VP == before


def test_illegal_action_leaves_state_unchanged():
    s = started()
    j = json.dumps(RULES.to_json(s), sort_keys=True)
    with pytest.raises(IllegalAction):
        RULES.apply(s, RULES.parse(s, "burn 9"))
    assert json.dumps(RULES.to_json(s), sort_keys=True) == j


def test_malformed_text_is_refused_with_the_notation_hint():
    with pytest.raises(IllegalAction) as e:
        RULES.parse(started(), "fly to the moon")
    assert "not a Terra Mystica move" in e.value.reason


# Rulebook: "Advancing to or past spaces three, five, seven and ten on a cult track gives you one,
#   two, two and three power, once each."
def test_cult_track_power_and_key_needed_for_ten():
    s = started()
    p = s.players[0]
    p.cult[0] = 8
    got = engine.advance_cult(s, 0, 0, 3)
    assert p.cult[0] == 9 and got == 1
    p.keys = 1
    engine.advance_cult(s, 0, 0, 1)
    assert p.cult[0] == 10


def test_ties_split_the_tiers_rounding_down():
    assert tiered({0: 5, 1: 5, 2: 3, 3: 0}, [8, 4, 2]) == {0: 6, 1: 6, 2: 2, 3: 0}
    assert tiered({0: 4, 1: 4, 2: 4}, [18, 12, 6]) == {0: 12, 1: 12, 2: 12}


# Rulebook: "Towns form automatically when at least four of your structures are directly adjacent
#   to each other with a combined power value of at least seven."
def test_town_forms_with_four_connected_structures_of_power_seven():
    s = started()
    seat = 0
    for h, b in (("E9", "TP"), ("D8", "TE"), ("D7", "D"), ("E10", "TP")):
        i = INDEX[h]
        s.owner[i] = seat
        s.btype[i] = b
    s.players[0].counts = {"D": 2, "TP": 2, "TE": 1, "SH": 0, "SA": 0}
    engine.check_town(s, seat, INDEX["E9"])
    assert s.towns_due == 1


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_playouts_finish_without_errors(n):
    for seed in range(3):
        s = play_one(RULES, n, seed)
        assert RULES.result(s) is not None


def test_league_options_playouts():
    opts = {k: True for k in ("mini-expansion-1", "shipping-bonus", "temple-scoring-tile", "variable-turn-order",
                              "errata-cultist-power")}
    s = play_one(RULES, 4, 11, options=opts)
    assert RULES.result(s) is not None


def test_json_round_trip():
    s = started()
    j = RULES.to_json(s)
    assert RULES.to_json(RULES.from_json(json.loads(json.dumps(j)))) == j


@pytest.mark.parametrize("opts,words", [
    ({"factions": "witches,auren"}, "one faction"),
    ({"factions": "witches"}, "2 players"),
    ({"factions": "witches,elves"}, "not a faction"),
    ({"scoring-tiles": "SCORE1,SCORE2"}, "six tiles"),
    ({"bonus-cards": "BON1,BON2"}, "5 different cards"),
])
def test_fixed_set_up_options_are_checked(opts, words):
    with pytest.raises(ValueError) as e:
        RULES.setup(["A", "B"], 1, opts)
    assert words in str(e.value)
