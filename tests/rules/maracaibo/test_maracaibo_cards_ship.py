"""Project cards and their effect vocabulary, ship upgrades, figures, careers, prestige, scoring."""
from tabletop_tui.rules.maracaibo import RULES, careers, scoring, ship
from tabletop_tui.rules.maracaibo.state import task

from .mhelpers import fight, give_card, op, past_opening, play, stage, texts, top


def base(seat=0, **p):
    s = past_opening(3, 4).copy()
    for pl in s.players:
        pl["career"] = None
    s.p(seat).update(p)
    return s


def village(seat=0, n=1):
    return task("village", seat, n=n, ctx="main")


# Rulebook: "Choose one of the cards in your hand or in your planning area"
def test_buy_from_hand_or_planning_area_pays_cost_less_discounts():
    s = base(dbl=10)
    c = give_card(s, 0, "A12")  # Quartermaster, cost 3, discount 1
    s = play(stage(s, village(n=2)), f"buy {c}")
    assert s.p(0)["dbl"] == 7 and c in s.p(0)["bought"]
    d = give_card(s, 0, "A11", "plan")  # cost 2 -> 1
    s = play(s, f"buy {d}")
    assert s.p(0)["dbl"] == 6 and s.p(0)["inc_d"] == 2  # income raised once, at purchase
    e = give_card(s, 0, "A01")  # cost 0 stays 0
    assert ship.discount(s.p(0)) == 1


# Rulebook: "Place the card in your display, next to your ship board."
# Rulebook: "You can use the cards' effects immediately."
def test_instant_ops_resolve_in_listed_order():
    s = base(dbl=10)
    c = give_card(s, 0, "A08")  # 4 doubloons, then draw 1
    s = play(stage(s, village()), f"buy {c}")
    assert s.p(0)["dbl"] == 10 - 2 + 4 and RULES.pending(s).kind == "draw"


def test_unaffordable_card_is_not_offered_and_refused():
    import pytest
    from tabletop_tui.rules.core import IllegalAction
    s = base(dbl=1)
    c = give_card(s, 0, "B05")
    s = stage(s, village())
    assert f"buy {c}" not in texts(s)
    with pytest.raises(IllegalAction) as e:
        play(s, f"buy {c}")
    assert "costs 6 doubloons" in e.value.reason


# Rulebook: "Some cards, once you buy them, allow you to place a figure in a specific location."
# Rulebook: "That figure is then referred to as an assistant."
# Rulebook: "To perform an assistant action, your ship must be in the same location as the
#   assistant."
# Rulebook: "Perform the action as indicated on the assistant's project card."
def test_assistant_card_places_a_figure_and_gives_its_action_there():
    s = base(dbl=10)
    c = give_card(s, 0, "A18")  # Matanzas (1)
    s = play(stage(s, village()), f"buy {c}")
    p = s.p(0)
    assert p["fig_personal"] == 1 and p["assistants"] == [{"card": c, "loc": "1", "live": True}]
    s.p(0)["ship"] = "1"
    s = stage(s, task("main", 0), task("assist_check", 0))
    assert f"assist {c}" in texts(s)
    d = s.p(0)["dbl"]
    s = play(s, f"assist {c}")
    assert s.p(0)["dbl"] == d + 3 and s.p(0)["assistants"][0]["live"] is False


# Rulebook: "Whenever you choose to forego an assistant action or skip over a location with one of
#   your assistants in it, you score 2 victory points for each unused assistant."
# Rulebook: "Choosing to perform a different main action in that location instead, or"
def test_unused_assistant_scores_2_vp_when_the_ship_stops_there_without_using_it():
    s = base()
    c = give_card(s, 0, "A18", "bought")
    s.p(0)["fig_personal"] -= 1
    s.p(0)["assistants"] = [{"card": c, "loc": "1", "live": True}]
    s.p(0)["ship"] = "1"
    s = play(stage(s, task("main", 0), task("assist_check", 0)), "pass")
    assert s.p(0)["vp"] == 2 and not s.p(0)["assistants"][0]["live"]


# Rulebook: "Skipping a location,"
def test_skipped_assistant_scores_2_vp():
    s = base()
    c = give_card(s, 0, "A19", "bought")
    s.p(0)["fig_personal"] -= 1
    s.p(0)["assistants"] = [{"card": c, "loc": "6", "live": True}]
    s = play(stage(s, task("move", 0)), "move 7")
    assert s.p(0)["vp"] == 2


def test_assistant_needs_a_figure_in_the_personal_supply():
    s = base(dbl=10, fig_personal=0, fig_general=8)
    c = give_card(s, 0, "A18")
    assert f"buy {c}" not in texts(stage(s, village()))


def test_triggers_on_deliver_quest_and_annex():
    s = base(dbl=10)
    for d in ("A16", "B14", "A17", "B15"):
        give_card(s, 0, d, "bought")
    s.p(0)["ship"] = "4"
    s.g["tiles"]["4"] = "T3"  # Fencing Hall: 3 combat points
    h = give_card(s, 0, "A01")  # sugar/tobacco; Puerto Plata market: tobacco sugar cloth
    s = stage(s, task("main", 0))
    s = play(s, f"city deliver {h} sugar U01")
    assert s.g["markets"]["4"]["sugar"] == 0
    assert s.p(0)["dbl"] == 11 and s.p(0)["vp"] == 1 and s.p(0)["cp"] == 4
    assert s.p(0)["discs"]["U01"] == 1 and h in s.g["discard"]


def test_ongoing_limits_hand_planning_combat_bonus_compass():
    s = base()
    p = s.p(0)
    assert ship.hand_limit(p) == 5 and ship.planning_slots(p) == 3
    give_card(s, 0, "A13", "bought")
    give_card(s, 0, "A14", "bought")
    give_card(s, 0, "A15", "bought")
    p["discs"]["U01"] = p["discs"]["U11"] = p["discs"]["U12"] = p["discs"]["U07"] = 0
    assert ship.hand_limit(p) == 7 and ship.planning_slots(p) == 4
    assert ship.combat_bonus(p) == 3 and ship.compass(p) == 2


# Rulebook: "Similarly, certain cards allow you to perform new village actions after you buy them."
def test_unlocked_village_options_appear():
    s = base(dbl=5)
    give_card(s, 0, "A15", "bought")
    give_card(s, 0, "B21", "bought")
    give_card(s, 0, "B16", "bought")
    give_card(s, 0, "B13", "bought")
    s.p(0)["discs"]["U10"] = 0
    t = texts(stage(s, village()))
    for w in ("drill", "news", "scout", "fittings", "palms"):
        assert w in t


# Rulebook: "As you remove discs from your ship, other village actions may become available to
#   you."
def test_disc_removal_unlocks_an_upgrade_on_the_second_disc_income_once():
    s = base()
    s = stage(s, op(0, op="remove_disc", n=2))
    s = play(s, "disc U03")
    assert s.p(0)["inc_d"] == 0
    s = play(s, "disc U03")
    assert s.p(0)["inc_d"] == 2 and "U03" in s.p(0)["unlocked"]


def test_figures_never_exceed_8_and_combat_points_never_exceed_8():
    p = {"fig_general": 1, "fig_personal": 7, "cp": 7}
    ship.gain_figures(p, 3)
    ship.gain_cp(p, 5)
    assert p["fig_personal"] == 8 and p["fig_general"] == 0 and p["cp"] == 8


def test_grand_regatta_three_village_actions_and_veteran_bosun_fights():
    s = base(dbl=10)
    c = give_card(s, 0, "B06")
    s = play(stage(s, village()), next(t for t in texts(stage(s, village())) if t.startswith("buy B06")))
    assert top(s)["t"] == "village" and top(s)["n"] == 3
    s = base(dbl=10)
    c = give_card(s, 0, "A10")
    s = play(stage(s, village()), next(t for t in texts(stage(s, village())) if t.startswith("buy A10")))
    assert top(s)["t"] == "fight"


def test_career_milestones_pay_once_and_chain():
    s = base()
    p = s.p(0)
    p["career"] = "K1"
    p["tokens"] = [s.g["piles"][0].pop() for _ in range(4)]
    careers.check(s.g, 0)
    assert p["career_paid"] == 2 and p["vp"] == 1 + 3 and p["dbl"] == s.p(0)["dbl"]
    careers.check(s.g, 0)
    assert p["vp"] == 4


# Rulebook: "Instead of buying a card, you can also choose to invest in a prestige building by
#   paying the necessary costs."
def test_prestige_invest_only_revealed_once_each_and_scores_capped():
    s = base(dbl=20)
    s.g["prestige"] = ["P7", "P1", "P2", "P3"]
    t = texts(stage(s, village()))
    assert "invest P7" in t and "invest P1" not in t
    s = play(stage(s, village(n=2)), "invest P7")
    assert s.p(0)["dbl"] == 15 and "invest P7" not in texts(s)
    s.p(0)["assistants"] = [{"card": "x", "loc": "1", "live": False}] * 5
    from tabletop_tui.rules.maracaibo import prestige
    assert prestige.end_vp(s.g, 0, "P7") == 12  # 3 per assistant, max 12


# Rulebook: "For each nation, the more spaces are fully emptied of ownership marker, the more
#   victory points players will score for their noble ranks with that nation at the end of the
#   game."
# Rulebook: "the more victory points you'll score for this nation"
def test_final_influence_rank_times_one_plus_emptied_spaces():
    s = base()
    p = s.p(0)
    p["infl"] = {"france": 6, "england": 10, "spain": 0}
    s.g["supply"]["france"] = [0, 0, 1, 2, 2, 2, 2]  # 2 emptied -> 3 VP per rank
    f = scoring.final_scores(s.g)["0"]["breakdown"]
    assert f["influence"] == 2 * 3 + 3 * 1


def test_final_money_upgrades_and_card_vp():
    s = base(dbl=11)
    p = s.p(0)
    p["discs"]["U01"] = 0
    give_card(s, 0, "B31", "bought")
    f = scoring.final_scores(s.g)["0"]["breakdown"]
    assert f["doubloons"] == 2 and f["ship upgrades"] == 2 and f["card VP"] == 2 and f["end-scoring cards"] == 1
