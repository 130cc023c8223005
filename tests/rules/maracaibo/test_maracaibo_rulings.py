"""The rulings E1-E40 of the specification (design.md section 17), one test each."""
import pytest

from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.rules.maracaibo import RULES, careers, influence, ship
from tabletop_tui.rules.maracaibo.content import TOKENS
from tabletop_tui.rules.maracaibo.state import task

from .mhelpers import base, fight, give_card, op, play, put_quest, stage, texts, top


def main_at(s, seat, loc, mp=1):
    s = s.copy()
    s.p(seat)["ship"] = loc
    s.g["turn"] = {"mp": mp, "used_assist": None}
    return stage(s, task("main", seat), task("assist_check", seat))


def empty_hand(s, seat):
    s.g["discard"] += s.p(seat)["hand"]
    s.p(seat)["hand"] = []


def piles(s, p1, p2=()):
    """Set the combat piles (top = last); the other tokens go onto seat 2's ship board."""
    s.g["piles"] = [list(p1), list(p2)]
    used = set(p1) | set(p2)
    s.g["players"][2]["tokens"] = [t for t in sorted(TOKENS) if t not in used]


# Rulebook: "If your ship is in a city, then you can perform a city"
# Rulebook: "A city action always consists of two parts."
# Rulebook: "Deliver a good to the market"
# Rulebook: "You may also choose not to make a delivery."
# Rulebook: "Perform the action indicated in the city"
# Rulebook: "You can still perform the city"
# Rulebook: "Remember that both parts of a city action are optional."
# Rulebook: "However, if you choose to perform them both then they must be completed in this
#   order."
def test_E1_city_action_parts_are_optional_and_delivery_comes_first():
    s = base()
    s.g["tiles"]["4"] = "T3"
    s = main_at(s, 0, "4")
    assert "city" in texts(s)
    s2 = play(s, "city")  # no delivery, still the action
    assert s2.p(0)["cp"] == 4
    assert not any(t.startswith("city") for t in texts(s2))  # no delivery after the action
    assert "pass" in texts(s)  # and the whole city action may be skipped


# Rulebook: "Check to see if there is an empty space left in the city's market."
# Rulebook: "If there is, then you may discard a hand card with the same goods symbol on it."
# Rulebook: "Remove the disc of your choice from your ship, placing it onto the empty market
#   space."
# Rulebook: "You can only deliver one good, even if you have more than one matching card in your
#   hand."
def test_E2_one_delivery_per_city_action_and_one_disc_per_space():
    s = base()
    s.g["tiles"]["4"] = "T3"
    empty_hand(s, 0)
    a = give_card(s, 0, "A01")  # sugar/tobacco
    b = give_card(s, 0, "A28")  # sugar/coffee
    s = play(main_at(s, 0, "4"), f"city deliver {a} sugar U01")
    assert s.p(0)["hand"] == [b] and s.g["markets"]["4"]["sugar"] == 0
    empty_hand(s, 1)
    give_card(s, 1, "A28")
    s = main_at(s, 1, "4")
    assert not any("sugar" in t for t in texts(s))  # the sugar space is full


# Rulebook: "If the city's market is full, or you can't make a delivery"
def test_E3_delivery_needs_a_disc_on_the_ship_board():
    s = base()
    s.p(0)["discs"] = {u: 0 for u in s.p(0)["discs"]}
    s.p(0)["discs_gone"] = 24
    s.p(0)["unlocked"] = list(s.p(0)["discs"])
    give_card(s, 0, "A01")
    assert texts(main_at(s, 0, "4"))[0] == "city" and not any("deliver" in t for t in texts(main_at(s, 0, "4")))


# Rulebook: "you can perform each individual combat action only once"
# Rulebook: "You can choose only one of the two options (annexing or displacing)."
# Rulebook: "combat action is then used"
def test_E4_each_combat_action_once_influence_either_2_for_1_or_5_for_2():
    s = base(dbl=9, cp=8)
    piles(s, ["CT01"])
    s = play(stage(s, fight(0)), "pile 1", "nation france")
    s = play(s, "infl 1")
    assert "infl 2" not in texts(s) and "infl 1" not in texts(s)
    s = play(s, "annex 2")
    assert not any(t.startswith(("annex", "displace")) for t in texts(s))


# Rulebook: "You can only displace other nation's ownership markers"
def test_E5_only_another_nations_marker_can_be_displaced():
    s = base(dbl=9)
    piles(s, ["CT01"])
    s.g["flags"]["11"] = "france"
    influence.take_marker(s.g, "france")
    s.g["flags"]["4"] = "spain"
    influence.take_marker(s.g, "spain")
    s = play(stage(s, fight(0)), "pile 1", "nation france")
    t = texts(s)
    assert "displace 11" not in t and "annex 11" not in t
    assert "displace 4" in t
    with pytest.raises(IllegalAction) as e:
        play(s, "displace 11")
    assert "another nation" in e.value.reason


# Rulebook: "you are never allowed to reduce the combat value voluntarily"
def test_E6_value_floor_0_spending_raises_unused_value_lost():
    s = base(cp=2)
    piles(s, ["CT11"])  # France 2
    for loc in ("2", "6"):
        s.g["flags"][loc] = "france"
        influence.take_marker(s.g, "france")
    s = play(stage(s, fight(0)), "pile 1", "nation france")
    assert top(s)["value"] == 0  # 2 - 2 (most markers), never below 0
    s = play(s, "spend cp")
    assert top(s)["value"] == 1
    s = play(s, "end")
    assert top(s)["t"] != "fight" and s.p(0)["cp"] == 1


# Rulebook: "The general rule: You can never have more than 8 combat points."
# Rulebook: "If your marker is on space 8 of the combat track and you would receive combat points,
#   you do not receive them."
# Rulebook: "You gain 3 combat points."
# Rulebook: "If you reach the end of the combat track, you do not gain any more combat points."
def test_E7_combat_points_never_exceed_8():
    s = base(cp=7)
    s.g["tiles"]["4"] = "T3"
    s = play(main_at(s, 0, "4"), "city")
    assert s.p(0)["cp"] == 8


# Rulebook: "should both piles of combat tokens be empty, then each nation's combat value is 3"
def test_E8_both_piles_empty_value_3_no_token_modifiers_still_apply():
    s = base(dbl=5)
    piles(s, [])
    s.g["flags"]["2"] = "france"
    influence.take_marker(s.g, "france")
    s.g["flags"]["6"] = "england"
    influence.take_marker(s.g, "england")
    s.p(0)["discs"]["U12"] = 0  # +2 combat bonus
    s = stage(s, fight(0))
    assert texts(s) == ["nation france", "nation england", "nation spain"]
    s = play(s, "nation spain")
    assert top(s)["value"] == 3 + 3 + 2 and top(s)["token"] is None and s.p(0)["dbl"] == 5
    s = play(s, "end")
    assert s.p(0)["tokens"] == []


def test_E9_no_supply_markers_no_annex_but_influence_allowed():
    s = base(dbl=9)
    piles(s, ["CT01"])
    s.g["supply"]["france"] = [0] * 7
    s.g["removed"]["france"] = 13
    s = play(stage(s, fight(0)), "pile 1", "nation france")
    t = texts(s)
    assert "infl 1" in t and not any(x.startswith(("annex", "displace")) for x in t)


def test_E10_influence_beyond_15_scores_2_vp_per_step_also_red_barrier_and_each():
    s = base(explorer="E4")
    s.p(0)["infl"] = {"france": 14, "england": 15, "spain": 15}
    s = play(stage(s, op(0, op="explore", n=1)), "explore E5", "nation france")
    assert s.p(0)["infl"]["france"] == 15 and s.p(0)["vp"] == 4
    s = stage(s, op(0, op="influence", nation="each", n=1))
    assert s.p(0)["vp"] == 4 + 6


# Rulebook: "No space may have more than one explorer on it."
# Rulebook: "Spaces already occupied by explorers are skipped when moving and do not get counted
#   against the movement limit."
# Rulebook: "From this point on, all explorers skip that space when moving!"
# Rulebook: "More than one explorer may be on the last space of the track."
def test_E11_explorer_skips_occupied_and_taken_quest_spaces_END_never_occupied():
    s = base(explorer="E1")
    s.p(1)["explorer"] = "E2"
    s.g["quest_pile"].append(s.g["xquests"]["E3"])
    s.g["xquests"]["E3"] = None
    assert texts(stage(s, op(0, op="explore", n=2))) == ["explore E4", "explore E5"]
    s.p(0)["explorer"] = "E14"
    s.p(1)["explorer"] = "END"
    assert texts(stage(s, op(0, op="explore", n=1))) == ["explore END"]


# Rulebook: "Once your explorer reaches the end of the explorer track, it remains there for the
#   rest of the game"
# Rulebook: "If a later action allows you to move your explorer, you lose this movement."
def test_E12_explore_at_END_is_lost_END_village_action_only_on_arrival():
    s = base(explorer="END")
    vp, dbl = s.p(0)["vp"], s.p(0)["dbl"]
    s = stage(s, op(0, op="explore", n=3))
    assert s.p(0)["explorer"] == "END" and s.p(0)["vp"] == vp and s.p(0)["dbl"] == dbl
    assert RULES.pending(s).kind != "village"


def test_E13_explore_N_with_fewer_spaces_left_reaches_END():
    s = base(explorer="E13")
    assert texts(stage(s, op(0, op="explore", n=4))) == ["explore E14", "explore END"]


# Rulebook: "If you can't pay the necessary cost, you can't fulfill the quest."
def test_E14_unpayable_quest_not_allowed_goods_only_from_hand_one_per_card():
    s = base()
    put_quest(s, "3", "Q03")  # sugar + tobacco
    empty_hand(s, 0)
    give_card(s, 0, "A01")  # sugar/tobacco: one card, one good
    give_card(s, 0, "A11", "plan")  # sugar/tobacco in the planning area does not count
    assert not any(t.startswith("quest") for t in texts(main_at(s, 0, "3")))


# Rulebook: "Do not replace the quest tile on the game board."
def test_E15_empty_quest_pile_slots_stay_empty_explorer_spaces_never_refilled():
    s = base()
    g = s.g
    for p in s.players:
        p["quests"] = []
    s.p(1)["quests"] = g["quest_pile"] + [g["quest_slots"]["3"], g["xquests"]["E3"]]
    g["quest_pile"] = []
    g["quest_slots"]["3"] = None
    g["xquests"]["E3"] = None
    g["trigger"] = 0
    s = stage(s, task("interim", 0))
    assert s.g["quest_slots"]["3"] is None and s.g["xquests"]["E3"] is None


def test_E16_deck_and_discard_empty_draws_lost_display_shrinks():
    s = base()
    g = s.g
    s.p(1)["bought"] += g["deck"] + g["discard"]
    g["deck"], g["discard"] = [], []
    c = g["display"][0]
    s = play(stage(s, op(0, op="draw", n=3)), f"draw {c}")
    assert len(s.g["display"]) == 3
    assert RULES.invariants(s) == []


def test_E17_hand_above_the_limit_is_allowed_and_phase_c_draws_nothing():
    s = base()
    n = len(s.p(0)["hand"])
    s = play(stage(s, op(0, op="draw", n=3)), "draw deck", "draw deck", "draw deck")
    assert len(s.p(0)["hand"]) == n + 3 > 5
    s = stage(s, task("draw", 0, n=0, refill=True))
    assert len(s.p(0)["hand"]) == n + 3


def test_E18_sell_off_not_offered_with_empty_hand_T7_discard_needs_a_card():
    s = base()
    empty_hand(s, 0)
    assert "sell" not in texts(stage(s, task("village", 0, n=1, ctx="main")))
    s.g["tiles"]["4"] = "T7"
    s = play(main_at(s, 0, "4"), "city")
    assert RULES.pending(s).kind != "discard_hand"


def test_E19_remove_disc_with_no_discs_does_nothing_unlock_on_second_disc():
    s = base()
    p = s.p(0)
    p["discs"] = {u: 0 for u in p["discs"]}
    p["discs_gone"] = 24
    p["unlocked"] = list(p["discs"])
    s2 = stage(s, op(0, op="remove_disc", n=2))
    assert RULES.pending(s2).kind != "disc"
    s = base()
    s = play(stage(s, op(0, op="remove_disc", n=2)), "disc U01")
    assert not ship.unlocked(s.p(0), "U01")
    s = play(s, "disc U01")
    assert ship.unlocked(s.p(0), "U01") and ship.hand_limit(s.p(0)) == 6


def test_E20_village_action_count_fixed_at_start_of_phase_b():
    s = base(dbl=10)
    s.p(0)["discs"]["U02"] = 1
    s = play(main_at(s, 0, "7", mp=2), "village")
    assert top(s)["n"] == 1
    c = give_card(s, 0, "A27")  # Dockyard Favour: take 1 disc off
    s = play(s, f"buy {c}", "disc U02")
    assert ship.unlocked(s.p(0), "U02") and top(s)["t"] != "village"


# Rulebook: "Immediately take a figure of your color from the general supply, provided there is one
#   there"
def test_E21_take_figure_with_none_in_general_supply_gives_nothing():
    s = base(fig_general=0, fig_personal=8)
    s = stage(s, op(0, op="figure", n=2))
    assert s.p(0)["fig_personal"] == 8


def test_E22_assistant_needs_a_figure_and_assistants_may_share_a_location():
    s = base(dbl=20, fig_personal=0, fig_general=8)
    c = give_card(s, 0, "A18")
    assert f"buy {c}" not in texts(stage(s, task("village", 0, n=1, ctx="main")))
    # the card is still one the player could buy, with the reason it cannot be bought now (the
    # buy menu lists it dim with that reason: issue 50)
    from tabletop_tui.rules.maracaibo.cards import buy_reasons

    assert (c, "an assistant card needs a figure in your personal supply") in buy_reasons(s.p(0))
    # every assistant card of the data has its own location, so sharing only arises with another
    # player's assistant already there; nothing forbids it
    s = base(dbl=20)
    s.p(1)["assistants"] = [{"card": "B27.1", "loc": "1", "live": True}]
    s.p(1)["fig_general"] -= 1
    c = give_card(s, 0, "A18")
    s = play(stage(s, task("village", 0, n=1, ctx="main")), f"buy {c}")
    assert s.p(0)["assistants"][0]["loc"] == "1" and s.p(0)["fig_personal"] == 1


# Rulebook: "Over the course of the game, it can happen that multiple assistants get placed in the
#   same location."
# Rulebook: "In that case, you can still only use one of your assistants to perform an action,
#   since you can never perform multiple main actions on your turn."
def test_E23_one_assistant_action_per_turn_the_others_there_score_2_vp():
    s = base()
    a = give_card(s, 0, "A18", "bought")
    b = give_card(s, 0, "B24", "bought")
    s.p(0)["fig_personal"] = 0
    s.p(0)["assistants"] = [{"card": a, "loc": "1", "live": True}, {"card": b, "loc": "1", "live": True}]
    s = main_at(s, 0, "1")
    assert f"assist {a}" in texts(s) and f"assist {b}" in texts(s)
    s = play(s, f"assist {a}")
    while RULES.pending(s).kind == "draw":
        s = play(s, "draw deck")
    assert s.p(0)["vp"] == 2 and not any(x["live"] for x in s.p(0)["assistants"])


def test_E24_a_location_on_the_untaken_branch_counts_as_skipped():
    s = base()
    a = give_card(s, 0, "B24", "bought")  # Bluefields 16L
    s.p(0)["fig_personal"] = 1
    s.p(0)["assistants"] = [{"card": a, "loc": "16L", "live": True}]
    s.p(0)["ship"] = "14"
    s = play(stage(s, task("move", 0)), "move 15U")
    assert s.p(0)["vp"] == 2 and not s.p(0)["assistants"][0]["live"]


# Rulebook: "you may perform one main action during Phase B of your turn"
def test_E25_nothing_is_always_a_main_action_but_movement_is_not_optional():
    s = base()
    assert "pass" in texts(main_at(s, 0, "7"))
    s = stage(s, task("move", 0))
    assert RULES.pending(s).kind == "move" and "pass" not in texts(s)


def test_E26_doubloons_never_negative_payments_all_or_nothing():
    s = base(dbl=2)
    put_quest(s, "3", "Q12")  # 4 doubloons
    assert not any(t.startswith("quest") for t in texts(main_at(s, 0, "3")))
    give_card(s, 0, "B16", "bought")
    assert "palms" not in texts(stage(s, task("village", 0, n=1, ctx="main")))


def test_E27_income_caps_at_10_influence_at_15():
    p = {"inc_d": 9, "inc_v": 10, "infl": {"spain": 15}, "vp": 0}
    ship.raise_income(p, "inc_d", 3)
    ship.raise_income(p, "inc_v", 1)
    influence.gain_influence(p, "spain", 1)
    assert p["inc_d"] == 10 and p["inc_v"] == 10 and p["infl"]["spain"] == 15 and p["vp"] == 2


def test_E28_trigger_player_takes_no_more_turns_others_may_end_on_20():
    s = base()
    first = s.g["start_seat"]
    s.p(first)["ship"] = "19"
    s = play(stage(s, task("move", first), task("main", first), task("assist_check", first),
                   task("endturn", first)), "move 20")
    seats = []
    while s.g["round"] == 1:
        d = RULES.pending(s)
        if d.kind == "move":
            seats.append(d.seat)
            s.p(d.seat)["ship"] = "19"
            s = play(s, "move 20")
            continue
        t = texts(s)
        s = play(s, next(x for x in ("pass", "odd-job", "plan-done", "end") if x in t) if any(x in t for x in ("pass", "done", "plan-done", "end")) else t[0])
    assert first not in seats and sorted(seats) == sorted({0, 1, 2} - {first})


def test_E29_no_main_action_at_22_and_21b_gives_one_village_action():
    s = base()
    s.g["round"] = 4
    s.p(0)["ship"] = "20"
    s = play(stage(s, task("move", 0), task("main", 0)), "move 21b")
    assert s.g["turn"]["mp"] == 1
    s = play(s, "village")
    assert top(s)["n"] == 1
    s = base()
    s.g["round"] = 4
    s.p(0)["ship"] = "21b"
    vp = s.p(0)["vp"]
    s = play(stage(s, task("move", 0), task("main", 0), task("plan", 0)), "move 22")
    assert RULES.pending(s).kind != "main" and s.p(0)["vp"] == vp + 3 and s.g["trigger"] == 0


def test_E30_interim_village_action_ignores_position_and_mp_may_buy():
    s = base(dbl=10)
    s.p(0)["ship"] = "0"
    c = give_card(s, 0, "A12")
    s.g["trigger"] = 0
    s = stage(s, task("roundend", 0))
    assert RULES.pending(s).seat == 0 and f"buy {c}" in texts(s) and top(s)["n"] == 1
    assert s.p(0)["ship"] == "21a"


def test_E31_a_combat_started_by_a_card_happens_where_the_ship_is_without_delivery():
    s = base(dbl=10)
    s.p(0)["ship"] = "7"
    c = give_card(s, 0, "B01")
    s = play(stage(s, task("village", 0, n=1, ctx="main")), f"buy {c}")
    assert top(s)["t"] == "fight" and top(s)["stage"] == "pile" and s.p(0)["ship"] == "7"


def test_E32_nation_counts_use_markers_on_the_map_only():
    s = base(dbl=9)
    piles(s, ["CT01"])
    s.g["supply"]["france"] = [0, 0, 0, 2, 2, 2, 2]  # markers gone from the supply...
    s.g["removed"]["france"] = 5  # ...but not on the map
    s.g["flags"]["2"] = "england"
    influence.take_marker(s.g, "england")
    s.g["flags"]["4"] = "spain"
    influence.take_marker(s.g, "spain")
    s = play(stage(s, fight(0)), "pile 1", "nation france")
    assert top(s)["value"] == 7 + 3


# Rulebook: "All combat actions must involve the nation you chose at the beginning of combat"
def test_E33_rider_influence_is_the_fighting_nations_costs_paid_first():
    s = base(dbl=2)
    piles(s, ["CT01"])
    s = play(stage(s, fight(0)), "pile 1", "nation france")
    assert s.p(0)["dbl"] == 0 and top(s)["stage"] == "loop"
    s = base()
    piles(s, ["CT01"])
    s = play(stage(s, fight(0)), "pile 1", "nation spain")
    assert s.p(0)["infl"] == {"france": 0, "england": 0, "spain": 1}


def test_E34_vp_per_caps_in_vp_counters_read_at_resolution():
    s = base()
    s.p(0)["tokens"] = [s.g["piles"][0].pop() for _ in range(3)]
    s = stage(s, op(0, op="vp_per", per="combat_tokens", n=1))
    assert s.p(0)["vp"] == 3
    s = stage(s, op(0, op="vp_per", per="combat_tokens", n=5, max=8))
    assert s.p(0)["vp"] == 3 + 8


def test_E35_display_refresh_and_hand_discards_share_one_discard_pile():
    s = base()
    disp = list(s.g["display"])
    s.g["trigger"] = 0
    s = stage(s, task("interim", 0))
    assert all(c in s.g["discard"] for c in disp)


def test_E36_first_across_a_barrier_follows_resolution_order():
    s = base(explorer="E8")
    s.p(1)["explorer"] = "E8"
    s = play(stage(s, op(1, op="explore", n=1)), "explore E9")
    s = play(stage(s, op(0, op="explore", n=2)), "explore E10")
    assert s.p(1)["vp"] == 4 and s.p(0)["vp"] == 2 and s.g["barrier_first"]["2"] == 1


def test_E37_career_rewards_chain_to_the_next_milestone():
    s = base()
    p = s.p(0)
    p["career"] = "K6"  # Patron: cards >= 4 / 8 / 12
    p["bought"] = [s.g["deck"].pop() for _ in range(8)]
    careers.check(s.g, 0)
    assert p["career_paid"] == 2 and p["vp"] == 1 + 3


# Rulebook: "You may pay 2 combat points."
# Rulebook: "If you do, gain 1 influence with the nation of your choice and take 6 doubloons."
def test_E38_unpayable_options_are_not_offered_T9_may_be_declined():
    s = base(dbl=1)
    give_card(s, 0, "B21", "bought")
    give_card(s, 0, "B16", "bought")
    t = texts(stage(s, task("village", 0, n=1, ctx="main")))
    assert "fittings" not in t and "palms" not in t
    s.g["tiles"]["4"] = "T9"
    s.p(0)["cp"] = 1
    s1 = play(main_at(s, 0, "4"), "city")
    assert RULES.pending(s1).kind != "pay"
    s.p(0)["cp"] = 2
    s2 = play(main_at(s, 0, "4"), "city")
    assert texts(s2) == ["pay", "decline"]
    s3 = play(s2, "decline")
    assert s3.p(0)["cp"] == 2
    s4 = play(s2, "pay", "nation spain")
    assert s4.p(0)["cp"] == 0 and s4.p(0)["dbl"] == 7 and s4.p(0)["infl"]["spain"] == 1


def test_E39_a_card_pays_one_cost_part_and_cards_N_needs_N_hand_cards():
    s = base()
    empty_hand(s, 0)
    put_quest(s, "3", "Q14")  # 3 cards
    give_card(s, 0, "A01")
    give_card(s, 0, "A02")
    assert not any(t.startswith("quest") for t in texts(main_at(s, 0, "3")))
    put_quest(s, "3", "Q22")  # sugar + cocoa + tobacco
    empty_hand(s, 0)
    give_card(s, 0, "A05")  # sugar/cocoa
    give_card(s, 0, "A01")  # sugar/tobacco
    assert not any(t.startswith("quest") for t in texts(main_at(s, 0, "3")))
    give_card(s, 0, "A06")  # tobacco/cocoa
    assert any(t.startswith("quest Q22") for t in texts(main_at(s, 0, "3")))


def test_E40_the_trigger_ship_waits_on_20_blocks_nothing_takes_no_action():
    s = base()
    first = s.g["start_seat"]
    s.p(first)["ship"] = "19"
    s = play(stage(s, task("move", first), task("main", first), task("assist_check", first),
                   task("endturn", first)), "move 20", "pass")
    nxt = RULES.pending(s).seat
    assert nxt != first
    s.p(nxt)["ship"] = "19"
    s = play(s, "move 20")
    assert s.p(nxt)["ship"] == "20" and s.p(first)["ship"] == "20" and "city" in texts(s)
