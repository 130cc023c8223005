"""Rules where an earlier engine departed from the specification, now exact (issue 6 follow-up).

Each test reads like the rule it checks: village actions are taken, not declined (5.3, 15.2); a
quest pays its reward before the tile and the quest-track bonus (5.4, 9.6); only live assistants act
(5.5, 5.6); each combat action once per turn, also in a combat started inside another one (rulebook);
combat points and figures may be spent at any moment (6.4).
"""
import pytest

from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.rules.maracaibo import RULES
from tabletop_tui.rules.maracaibo.content import TOKENS
from tabletop_tui.rules.maracaibo.state import task

from .mhelpers import base, fight, give_card, op, play, put_quest, stage, texts, top


def main_at(s, seat, loc, mp=1):
    s = s.copy()
    s.p(seat)["ship"] = loc
    s.g["turn"] = {"mp": mp, "used_assist": None, "combat_used": []}
    return stage(s, task("main", seat), task("assist_check", seat))


def piles(s, p1, p2=()):
    """Set the combat piles (top = last); the other tokens go onto seat 2's ship board."""
    s.g["piles"] = [list(p1), list(p2)]
    used = set(p1) | set(p2)
    s.g["players"][2]["tokens"] = [t for t in sorted(TOKENS) if t not in used]


def refused_unchanged(s, text):
    before = RULES.to_json(s)
    with pytest.raises(IllegalAction) as e:
        RULES.apply(s, RULES.parse(s, text))
    assert RULES.to_json(s) == before
    return e.value.reason


# -- 5.3 / 15.2 / 16.1 / 10.5: a granted village action is always taken ---------------------------
# Rulebook: "For each village action at your disposal, you can freely"
def test_for_each_village_action_the_player_picks_one_option_none_can_be_declined():
    s = play(main_at(base(dbl=0), 0, "6", mp=4), "village")  # 4 MP -> 2 village actions
    assert top(s)["t"] == "village" and top(s)["n"] == 2
    assert "done" not in texts(s) and "pass" not in texts(s) and "odd-job" in texts(s)
    refused_unchanged(s, "done")
    s = play(s, "odd-job")
    assert top(s)["t"] == "village" and top(s)["n"] == 1  # the second one is still owed
    s = play(s, "odd-job")
    assert s.p(0)["dbl"] == 2 and top(s)["t"] != "village"


def test_round_end_village_action_is_exactly_one():
    s = base(dbl=0)
    s = stage(s, task("scoreturn", 0), task("village", 0, n=1, ctx="scoring"))
    assert "done" not in texts(s) and "pass" not in texts(s)
    refused_unchanged(s, "done")
    s = play(s, "odd-job")
    assert s.p(0)["dbl"] == 1 and top(s)["t"] != "village"


def test_the_round_end_gives_every_player_exactly_one_village_action_from_the_trigger_player():
    s = base()
    s.g["trigger"] = 1
    s = stage(s, task("roundend", 1))
    order = []
    while top(s)["t"] == "village":
        assert top(s)["n"] == 1 and top(s)["ctx"] == "scoring" and "done" not in texts(s)
        order.append(top(s)["seat"])
        s = play(s, "odd-job")
    assert order == [1, 2, 0]


def test_end_arrival_village_action_must_be_taken():
    s = base(explorer="E14", dbl=0)
    s = play(stage(s, op(0, op="explore", n=1)), "explore END")
    assert top(s)["t"] == "village" and "done" not in texts(s)
    s = play(s, "odd-job")
    assert s.p(0)["dbl"] == 1


def test_short_expedition_and_listen_for_news_may_be_chosen_even_when_they_would_do_nothing():
    # E12: an explore of an explorer at END is lost; E16: a draw with nothing left to draw is lost
    s = base(explorer="END")
    give_card(s, 0, "B13", "bought")
    give_card(s, 0, "A15", "bought")
    # nothing left to draw: every other card goes into seat 1's display (cards stay counted)
    s.p(1)["bought"] += s.g["deck"] + s.g["display"] + s.g["discard"] + s.p(0)["hand"]
    s.g["deck"], s.g["display"], s.g["discard"], s.p(0)["hand"] = [], [], [], []
    s = stage(s, task("village", 0, n=2, ctx="effect"))
    assert "scout" in texts(s) and "news" in texts(s) and "sell" not in texts(s)  # E18
    s = play(s, "scout", "news")
    assert s.p(0)["explorer"] == "END" and s.p(0)["hand"] == [] and top(s)["t"] != "village"
    assert RULES.invariants(s) == []


# -- 5.4 / 9.6: reward first, then the tile and the quest-track bonus, then "each time" cards ------
# Rulebook: "Doing so gains you the quest tile along with a reward."
def test_quest_reward_comes_before_the_tile_and_the_quest_track_bonus():
    s = base(dbl=2, vp=0)
    p = s.p(0)
    p["quests"] = [s.g["quest_pile"].pop() for _ in range(3)]
    give_card(s, 0, "A17", "bought")  # each time you fulfil a quest, score 2 VP
    put_quest(s, "3", "Q01")  # 2 doubloons -> 4 VP, 1 influence (any)
    s = play(main_at(s, 0, "3"), "quest Q01")
    # the reward is resolving (its influence is being chosen): 4 VP in, no tile, no bonus yet
    assert RULES.pending(s).kind == "influence"
    assert len(s.p(0)["quests"]) == 3 and s.p(0)["vp"] == 4 and s.p(0)["dbl"] == 0
    assert RULES.invariants(s) == []  # the taken tile is still counted
    s = play(s, "nation spain")
    assert s.p(0)["quests"][-1] == "Q01" and len(s.p(0)["quests"]) == 4
    assert s.p(0)["vp"] == 4 + 3 + 2  # reward, 4th-quest bonus, Bounty Ledger


def test_a_quest_fulfilled_inside_a_quest_reward_takes_the_earlier_track_space():
    # Q05's reward explores onto E3, whose quest is fulfilled at once (10.3): its tile lands on the
    # track first and is the 4th (+3); Q05's own tile follows as the 5th (+2)
    s = base(dbl=4, vp=0, explorer="S")
    p = s.p(0)
    p["quests"] = [s.g["quest_pile"].pop() for _ in range(3)]
    put_quest(s, "3", "Q05")  # goods cloth + sugar -> explore 3, 2 doubloons, 1 VP
    put_quest(s, "E3", "Q12")  # 4 doubloons -> 7 VP
    s.g["discard"] += p["hand"]
    p["hand"] = []
    a = give_card(s, 0, "A01")  # sugar/tobacco
    b = give_card(s, 0, "A13")  # tobacco/cloth
    s = play(main_at(s, 0, "3"), f"quest Q05 {' '.join(sorted([a, b]))}", "explore E3", "quest Q12")
    assert s.p(0)["quests"][3:] == ["Q12", "Q05"]
    assert s.p(0)["vp"] == 7 + 3 + 1 + 2 and s.p(0)["dbl"] == 2
    assert RULES.invariants(s) == []


# -- 5.5 / 5.6: an assistant acts only while it is live ---------------------------------------------
# Rulebook: "You can only use assistants in your color."
def test_only_a_live_assistant_can_act():
    s = base()
    c = give_card(s, 0, "A18", "bought")  # assistant at Matanzas (1)
    s.p(0)["fig_personal"] -= 1
    s.p(0)["assistants"] = [{"card": c, "loc": "1", "live": False}]  # used or scored this round
    s1 = main_at(s, 0, "1")
    assert f"assist {c}" not in texts(s1)
    s.p(0)["assistants"] = [{"card": c, "loc": "1", "live": True}]
    s2 = main_at(s, 0, "1")
    assert f"assist {c}" in texts(s2)
    d = s2.p(0)["dbl"]
    s2 = play(s2, f"assist {c}")
    assert s2.p(0)["dbl"] >= d + 3 and not s2.p(0)["assistants"][0]["live"]


# -- each combat action once per turn (rulebook), also inside a combat started in a combat ---------
# Rulebook: "You can only perform each combat action once per turn"
def test_each_combat_action_once_per_turn_also_in_a_combat_started_inside_a_combat():
    s = base(dbl=10, explorer="E14", cp=2, fig_personal=0)
    b19 = give_card(s, 0, "B19", "bought")  # combat action: -3, explore up to 2
    a10 = give_card(s, 0, "A10")  # fight a combat right where you are (cost 3)
    piles(s, ["CT02", "CT01"])  # CT01 on top: France 7 / pay 2
    s = play(stage(s, fight(0)), "pile 1", "nation france", "infl 1", f"card {b19}", "explore END")
    assert s.p(0)["vp"] == 10 and top(s)["t"] == "village"  # END: its village action
    s = play(s, f"buy {a10}", "pile 1", "nation france")  # the inner combat: CT02, France 5
    inner = texts(s)
    assert top(s)["value"] == 5
    assert not any(t.startswith("infl") for t in inner)  # used in this turn's first combat
    assert f"card {b19}" not in inner
    assert "annex 2" in inner
    s = play(s, "annex 2")
    # the inner combat has nothing left to use its value on, and neither has the outer one:
    # annexing was used by the inner combat this turn, influence and the card by the outer one,
    # so both end by themselves (the combat points are kept: nothing to spend them on)
    assert not any(t["t"] == "fight" for t in s.g["stack"]) and s.p(0)["cp"] == 2
    assert s.g["flags"]["2"] is not None and s.g["flags"].get("10") is None


def test_a_second_combat_in_the_same_turn_cannot_repeat_a_combat_action():
    s = base(dbl=10, cp=0, fig_personal=0)
    piles(s, ["CT02", "CT01"])
    s = play(stage(s, fight(0), fight(0)), "pile 1", "nation france", "infl 1", "end")
    s = play(s, "pile 1", "nation france")
    assert top(s)["t"] == "fight" and not any(t.startswith("infl") for t in texts(s))
    assert any(t.startswith("annex") for t in texts(s))
    reason = refused_unchanged(s, "infl 1")
    assert "only once per turn" in reason


def test_a_new_turn_and_each_round_end_village_action_start_with_no_combat_action_used():
    s = base(dbl=10, cp=0, fig_personal=0)
    s.g["turn"]["combat_used"] = ["infl", "annex"]
    piles(s, ["CT02", "CT01"])
    s = play(stage(s, task("scoreturn", 0), fight(0)), "pile 1", "nation france")
    assert "infl 1" in texts(s) and any(t.startswith("annex") for t in texts(s))


# -- 6.4: "at any moment you may raise the value" ---------------------------------------------------
def test_combat_points_may_be_spent_before_they_are_needed():
    # value 7 covers every action, yet spending first keeps a combat point the 8-cap would waste:
    # spend (7 CP), annex Mayaguez (+2 CP -> 8), spend, influence 2 => 7 CP left; the same actions
    # without the early spend leave 6
    s = base(dbl=10, cp=8, fig_personal=0)
    piles(s, ["CT02", "CT01"])
    s = play(stage(s, fight(0)), "pile 1", "nation france")
    assert top(s)["value"] == 7 and "spend cp" in texts(s)
    s = play(s, "spend cp", "annex 6")
    assert s.p(0)["cp"] == 8 and top(s)["value"] == 4
    s = play(s, "spend cp", "infl 2")
    assert s.p(0)["cp"] == 7 and s.p(0)["infl"]["france"] == 3


# Rulebook: "As soon as you no longer can (because the combat value would drop below 0) or want to
#   perform any more combat actions, your main action is over"
def test_the_combat_ends_by_itself_only_when_nothing_more_can_be_done():
    s = base(dbl=10, cp=1, fig_personal=0)
    piles(s, ["CT02", "CT11"])  # CT11 on top: France 2 / +2 VP
    s = play(stage(s, fight(0)), "pile 1", "nation france", "infl 1")
    assert top(s)["t"] == "fight" and texts(s) == ["spend cp", "end"]  # value 0, one CP left
    s = play(s, "spend cp")  # value 1: no action costs 1 and nothing left to spend
    assert top(s)["t"] != "fight" and s.p(0)["tokens"][-1] == "CT11"


def test_no_main_action_is_asked_at_havana_roads_where_only_nothing_is_possible():
    s = base()
    s.g["round"] = 4
    s = main_at(s, 0, "22")
    assert top(s)["t"] != "main"


# -- 9.4: a card is bought from the hand or from the planning area --------------------------------
def test_a_design_held_in_hand_and_in_the_planning_area_can_be_bought_from_either():
    s = base(dbl=10)
    planned = give_card(s, 0, "A08", "plan")  # 2 copies at 3 players
    g = s.g
    inhand = "A08.2" if planned == "A08.1" else "A08.1"
    for box in [g["deck"], g["display"], g["discard"]] + [q[k] for q in g["players"] for k in ("hand", "plan", "bought")]:
        if inhand in box:
            box.remove(inhand)
    s.p(0)["hand"].insert(0, inhand)
    s = stage(s, task("village", 0, n=1, ctx="effect"))
    assert f"buy {inhand}" in texts(s) and f"buy {planned}" in texts(s)
    s2 = play(s, f"buy {planned}")
    assert planned in s2.p(0)["bought"] and inhand not in s2.p(0)["bought"]
    assert planned not in s2.p(0)["plan"]


# -- 4.1 / 4.2: beyond the fork both ways stay available (they cost different MP) -----------------
def test_moves_past_the_fork_offer_both_branches_with_their_own_mp():
    s = base()
    s.p(0)["ship"] = "14"
    s = stage(s, task("move", 0), task("main", 0))
    moves = texts(s)
    assert {"move 15L", "move 16L", "move 15U"} <= set(moves)
    for dest in ("17", "18", "19", "20"):
        assert f"move {dest} via 15L" in moves and f"move {dest} via 15U" in moves
    long_way = play(s, "move 18 via 15L")
    short_way = play(s, "move 18 via 15U")
    assert long_way.g["turn"]["mp"] == 4 and short_way.g["turn"]["mp"] == 3
    assert long_way.p(0)["ship"] == short_way.p(0)["ship"] == "18"
