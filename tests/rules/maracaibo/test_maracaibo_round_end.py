"""Interim scoring step by step, round 4 and the final scoring, tie-breaks; the city tiles."""
from tabletop_tui.rules.core import Result
from tabletop_tui.rules.maracaibo import RULES, ship
from tabletop_tui.rules.maracaibo.state import task

from .mhelpers import give_card, op, past_opening, play, stage, texts, top


def base(n=3, **p):
    s = past_opening(n, 4).copy()
    for pl in s.players:
        pl["career"] = None
    s.p(0).update(p)
    return s


# Rulebook: "You return your ship to Havana at the end of a round, leaving some assistants in
#   locations your ship did not reach this round"
def test_interim_scoring_steps_in_order():
    s = base(dbl=0, inc_d=2, inc_v=3)
    g = s.g
    g["trigger"] = 1
    c = give_card(s, 0, "A19", "bought")
    s.p(0)["fig_personal"] -= 1
    s.p(0)["assistants"] = [{"card": c, "loc": "6", "live": True}]
    s.p(0)["discs"]["U01"] -= 1
    g["markets"]["4"]["sugar"] = 0
    g["quest_pile"].append(g["quest_slots"]["3"])
    g["quest_slots"]["3"] = None
    top_quest = g["quest_pile"][-1]
    old_display = list(g["display"])
    for p in s.players:
        p["ship"] = "15U"
    s = stage(s, task("interim", 1))
    p = s.p(0)
    assert p["vp"] == 2 + 3 and p["dbl"] == 4 + 2
    assert s.g["markets"]["4"]["sugar"] is None and p["discs_gone"] == 1
    assert s.g["quest_slots"]["3"] == top_quest
    assert all(c in s.g["discard"] for c in old_display) and len(s.g["display"]) == 4
    assert s.g["prestige_revealed"] == 2
    assert all(pl["ship"] == "0" for pl in s.players) and p["assistants"][0]["live"]
    assert s.g["round"] == 2 and s.g["start_seat"] == 2 and RULES.pending(s).seat == 2
    assert RULES.invariants(s) == []


def test_round_4_trigger_at_22_then_final_village_actions_then_the_end():
    s = base()
    s.g["round"] = 4
    first = s.g["start_seat"]
    s.p(first)["ship"] = "21b"
    s = play(stage(s, task("move", first), task("main", first), task("endturn", first)), "move 22")
    while RULES.pending(s) is not None:
        t = texts(s)
        d = RULES.pending(s)
        if d.kind == "move":
            s = play(s, t[0])
            continue
        s = play(s, next((x for x in ("pass", "odd-job", "plan-done", "end", "decline", "keep-hand", "quest skip") if x in t), t[0]))
    r = RULES.result(s)
    assert isinstance(r, Result) and s.g["phase"] == "over"
    assert r.breakdown[first]["during play"] >= 3


def test_final_ties_broken_by_doubloons_then_quests_then_shared():
    s = base()
    g = s.g
    g["phase"] = "over"
    g["stack"] = []
    g["final"] = {"0": {"breakdown": {"x": 10}, "total": 10, "doubloons": 3, "quests": 1},
                  "1": {"breakdown": {"x": 10}, "total": 10, "doubloons": 5, "quests": 0},
                  "2": {"breakdown": {"x": 10}, "total": 10, "doubloons": 3, "quests": 1}}
    r = RULES.result(s)
    assert r.ranking == [[1], [0, 2]]


def test_village_thresholds_with_fast_rigging():
    s = base()
    p = s.p(0)
    assert [ship.village_actions_for_mp(p, m) for m in range(1, 8)] == [1, 1, 1, 2, 2, 2, 3]
    p["discs"]["U02"] = 0
    assert [ship.village_actions_for_mp(p, m) for m in range(1, 8)] == [1, 2, 2, 2, 3, 3, 3]


def main_at(s, seat, loc):
    s = s.copy()
    s.p(seat)["ship"] = loc
    return stage(s, task("main", seat))


# Rulebook: "Gain 1 influence with the nation of your choice, then perform a village action."
# Rulebook: "Take 2 doubloons from the supply then perform a village action."
# Rulebook: "1 influence with the nation of your choice"
def test_city_tiles_T1_T4_give_a_village_action_T5_cp_and_influence():
    s = base(dbl=0)
    s.g["tiles"]["4"] = "T1"
    s1 = play(main_at(s, 0, "4"), "city", "nation england")
    assert s1.p(0)["infl"]["england"] == 1 and top(s1)["t"] == "village" and top(s1)["n"] == 1
    s.g["tiles"]["4"] = "T4"
    s2 = play(main_at(s, 0, "4"), "city")
    assert s2.p(0)["dbl"] == 2 and top(s2)["t"] == "village"
    s.g["tiles"]["4"] = "T5"
    s3 = play(main_at(s, 0, "4"), "city", "nation spain")
    assert s3.p(0)["cp"] == 2 and s3.p(0)["infl"]["spain"] == 1


# Rulebook: "You gain 1 combat point, then remove a disc of your choice from your ship board"
# Rulebook: "You may perform 1 village action for each compass symbol you have (on your ship board
#   or on project cards in your display)."
# Rulebook: "Score 1 victory point for each combat token on your ship board."
# Rulebook: "You may discard all cards in hand."
# Rulebook: "If you do, take 4 doubloons from the supply."
# Rulebook: "Take 4 doubloons or score 2 victory points for each assistant (for each of your
#   figures in locations in the Caribbean)."
def test_city_tiles_T2_T6_T7_T8():
    s = base(dbl=0)
    s.g["tiles"]["5"] = "T2"
    s1 = play(main_at(s, 0, "5"), "city", "disc U05")
    assert s1.p(0)["cp"] == 2 and s1.p(0)["discs"]["U05"] == 1 and s1.p(0)["discs_gone"] == 1
    s.g["tiles"]["5"] = "T6"
    s.p(0)["discs"]["U07"] = 0
    give_card(s, 0, "A15", "bought")
    s2 = play(main_at(s, 0, "5"), "city")
    assert top(s2)["t"] == "village" and top(s2)["n"] == 2
    s.g["tiles"]["5"] = "T7"
    s.p(0)["tokens"] = [s.g["piles"][0].pop(), s.g["piles"][0].pop()]
    s3 = play(main_at(s, 0, "5"), "city")
    assert s3.p(0)["vp"] == 2 and texts(s3) == ["discard-hand", "keep-hand"]
    s3 = play(s3, "discard-hand")
    assert s3.p(0)["hand"] == [] and s3.p(0)["dbl"] == 4
    s.g["tiles"]["5"] = "T8"
    s4 = play(main_at(s, 0, "5"), "city")
    assert texts(s4) == ["option 1", "option 2"]
    assert play(s4, "option 1").p(0)["dbl"] == 4


def test_fixed_city_actions_11_fight_13_explore_20_fight_or_explore_2p_parchment():
    s = base()
    assert top(play(main_at(s, 0, "11"), "city"))["t"] == "fight"
    s13 = play(main_at(s, 0, "13"), "city")
    assert texts(s13) == ["explore E1", "explore E2", "explore E3"]
    s20 = play(main_at(s, 0, "20"), "city")
    assert texts(s20) == ["option 1", "option 2"]
    s2p = base(n=2, dbl=0)
    s2p = play(main_at(s2p, 0, "13"), "city", "explore E2", "draw deck")  # E2 pays a draw
    assert s2p.p(0)["explorer"] == "E2" and s2p.p(0)["dbl"] == 2


def test_explore_inside_a_combat_resolves_completely_first():
    s = base(dbl=10, explorer="E14")
    c = give_card(s, 0, "B19", "bought")  # combat action: -3, explore 2
    s.g["piles"] = [["CT01"], []]
    s.p(2)["tokens"] = [t for t in sorted(__import__("tabletop_tui.rules.maracaibo.content", fromlist=["TOKENS"]).TOKENS) if t != "CT01"]
    from .mhelpers import fight
    s = play(stage(s, fight(0)), "pile 1", "nation france", f"card {c}", "explore END")
    assert s.p(0)["vp"] == 10 and top(s)["t"] == "village"  # END's village action before the combat goes on
    s = play(s, "odd-job")
    assert top(s)["t"] == "fight" and top(s)["value"] == 4


def test_describe_and_log_every_legal_action_of_a_game():
    from tabletop_tui.bots import RandomBot
    s = RULES.setup(["Ann", "Bo"], 3, {})
    bot = RandomBot(3)
    while RULES.pending(s) is not None:
        for a in RULES.legal_actions(s):
            assert RULES.describe(s, a)
        a = bot.choose(RULES, s)
        s2 = RULES.apply(s, a)
        line = RULES.log_line(s, a, s2)
        assert line.startswith(("Ann", "Bo"))
        s = s2
    assert "over" in RULES.summary(s) and set(RULES.vp(s)) == {0, 1}
