"""Combat exactly as the rulebook says, and the influence tracks and ownership markers."""
import pytest

from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.rules.maracaibo import RULES
from tabletop_tui.rules.maracaibo import influence
from tabletop_tui.rules.maracaibo.content import TOKENS as RULES_TOKENS

from .mhelpers import fight, past_opening, play, stage, texts, top, op


def combat_at(seat=0, piles=(["CT05", "CT01"], ["CT02"]), dbl=10, flags=None, **p):
    s = past_opening(3, 4).copy()
    s.g["piles"] = [list(piles[0]), list(piles[1])]
    pl = s.p(seat)
    pl["dbl"] = dbl
    pl.update(p)
    for loc, nat in (flags or {}).items():
        s.g["flags"][loc] = nat
        influence.take_marker(s.g, nat)
    # keep token conservation: move the unused tokens into the other players' ship boards
    used = set(piles[0]) | set(piles[1])
    s.g["players"][1]["tokens"] = [t for t in sorted(RULES_TOKENS) if t not in used]
    return stage(s, fight(seat))


# Rulebook: "Reveal a combat token from one of the two piles."
def test_reveal_from_a_pile_of_choice_then_choose_the_nation():
    s = combat_at()
    assert texts(s) == ["pile 1", "pile 2"]
    s = play(s, "pile 1")
    assert top(s)["token"] == "CT01"
    assert texts(s) == ["nation france", "nation england", "nation spain"]
    assert RULES.is_barrier(combat_at(), None, s)


# Rulebook: "Choose which of the three nations is engaging in combat"
def test_a_nation_whose_doubloon_cost_cannot_be_paid_cannot_be_chosen():
    s = play(combat_at(dbl=1), "pile 1")
    assert "nation france" not in texts(s)  # CT01 France: pay 2 doubloons


# Rulebook: "Each token indicates a combat value for each nation"
# Rulebook: "Doubloons: Pay or take the number of doubloons shown."
# Rulebook: "Influence: Gain 1 influence with this nation."
# Rulebook: "Move your marker on the fighting nation's influence track one space to the right."
# Rulebook: "Victory Points: Immediately score the number of victory points shown."
# Rulebook: "You can use it as part of the current action."
# Rulebook: "Each time you gain influence, move your influence marker for the corresponding nation
#   1 space to the right"
def test_riders_pay_take_score_figure_influence():
    s = play(combat_at(dbl=5), "pile 1", "nation france")
    assert s.p(0)["dbl"] == 3 and top(s)["value"] == 7
    s = play(combat_at(dbl=5), "pile 1", "nation england")
    assert s.p(0)["dbl"] == 6
    s = play(combat_at(dbl=5), "pile 1", "nation spain")
    assert s.p(0)["infl"]["spain"] == 1  # +1 influence with the fighting nation (E33)


# Rulebook: "Some combat tokens have additional combat modifiers shown in their topmost section
#   that affect a nation's combat value."
# Rulebook: "If you choose to fight with the nation that currently has the least ownership markers
#   on locations (cities, villages, and legacy tiles) in the Caribbean, then its combat value is
#   increased by 3 (this modifier is not applied in the case of a tie)."
# Rulebook: "If you choose to fight with the nation that currently has the most ownership markers
#   on locations (cities, villages, and legacy tiles) in the Caribbean, then its combat value is
#   reduced by 2 (this modifier is not applied in the case of a tie)."
def test_plus_3_for_strictly_fewest_markers_minus_2_for_strictly_most():
    s = play(combat_at(flags={"2": "france", "6": "england"}), "pile 1", "nation spain")
    assert top(s)["value"] == 3 + 3
    s = play(combat_at(flags={"2": "france", "6": "france", "9": "england"}), "pile 1", "nation france")
    assert top(s)["value"] == 7 - 2
    s = play(combat_at(flags={"2": "france", "6": "england", "9": "spain"}), "pile 1", "nation spain")
    assert top(s)["value"] == 3  # ties: no modifier


# Rulebook: "Then, perform combat actions with your chosen nation"
# Rulebook: "Reduce the combat value by 2 or"
# Rulebook: "Gain 1 or 2 influence with the fighting nation."
# Rulebook: "Move your marker on the corresponding nation's influence track 1 or 2 spaces to the
#   right."
# Rulebook: "You can only choose one of the two options, not both."
# Rulebook: "This combat action is then used."
def test_influence_action_minus_2_for_1_or_minus_5_for_2_once():
    s = play(combat_at(dbl=5), "pile 1", "nation france")  # value 7
    assert "infl 1" in texts(s) and "infl 2" in texts(s)
    s = play(s, "infl 2")
    assert s.p(0)["infl"]["france"] == 2 and top(s)["value"] == 2
    assert not any(t.startswith("infl") for t in texts(s))


# Rulebook: "Choose a flag on the game board."
# Rulebook: "If no ownership marker is present there yet, reduce the combat value by 4."
# Rulebook: "Gain 1 influence with the fighting nation."
# Rulebook: "Take one of the fighting nation's ownership markers from the supply (taking the left-
#   most one available) and place it on the flag's location."
# Rulebook: "You immediately receive the bonus indicated on the flag."
def test_annex_an_empty_flag_minus_4_with_influence_marker_and_bonus():
    s = play(combat_at(dbl=5), "pile 1", "nation france")  # value 7, dbl 3
    s = play(s, "annex 13")
    assert s.g["flags"]["13"] == "france"
    assert s.g["supply"]["france"] == [0, 2, 2, 2, 2, 2, 2]  # the left-most marker
    assert s.p(0)["infl"]["france"] == 1 and s.p(0)["dbl"] == 3 + 4
    assert top(s)["value"] == 3 and not any(t.startswith(("annex", "displace")) for t in texts(s))


# Rulebook: "If another nation's marker is already there, reduce the combat value by 6 and remove
#   the other ownership marker from the game."
def test_displace_another_nations_marker_minus_6_marker_leaves_the_game():
    s = play(combat_at(dbl=5, flags={"11": "england", "2": "spain"}), "pile 1", "nation france")  # 7 + 3
    assert top(s)["value"] == 10
    s = play(s, "displace 11")
    assert s.g["flags"]["11"] == "france" and s.g["removed"]["england"] == 1
    assert RULES.invariants(s) == []


# Rulebook: "Important: You can pay as many combat points (from your ship board) or return as many
#   of your figures back to the general supply as you like to increase the combat value."
# Rulebook: "Each point or figure you spend or return increases the combat value by 1."
def test_spending_combat_points_and_figures_raises_the_value_by_one_each():
    s = play(combat_at(piles=(["CT11"], ["CT02"]), cp=3), "pile 1", "nation france")  # CT11 France 2 / +2VP
    assert top(s)["value"] == 2
    assert "spend cp" in texts(s) and "spend figure" in texts(s)
    s = play(s, "spend cp", "spend figure")
    assert top(s)["value"] == 4 and s.p(0)["cp"] == 2 and s.p(0)["fig_personal"] == 1 and s.p(0)["fig_general"] == 7
    s = play(s, "annex 2")
    assert top(s)["value"] == 0


# Rulebook: "Take the combat token and place it face-down onto the appropriate location on your
#   ship board."
# Rulebook: "Any unused combat value is lost."
def test_combat_ends_token_onto_the_ship_board_unused_value_lost():
    s = play(combat_at(dbl=5), "pile 1", "nation england", "end")
    assert s.p(0)["tokens"][-1] == "CT01"
    assert top(s)["t"] != "fight"


# Rulebook: "Each combat action reduces the combat value."
# Rulebook: "If a combat action would reduce the combat value to less than 0, then you cannot
#   perform that combat action."
def test_combat_action_that_would_go_below_zero_is_refused():
    s = play(combat_at(piles=(["CT11"], ["CT02"]), cp=0, fig_personal=0), "pile 1", "nation france")
    with pytest.raises(IllegalAction) as e:
        play(s, "annex 13")
    assert "below 0" in e.value.reason


# Rulebook: "Buying certain cards allows additional combat actions."
def test_card_combat_action_once_per_combat():
    s2 = combat_at(dbl=5)
    c = [x for x in s2.g["deck"] if x.startswith("B18")][0]
    s2.g["deck"].remove(c)
    s2.p(0)["bought"].append(c)
    s2 = play(s2, "pile 1", "nation france")  # 7
    assert f"card {c}" in texts(s2)
    s2 = play(s2, f"card {c}")
    assert s2.p(0)["dbl"] == 3 + 3 and top(s2)["value"] == 5
    assert f"card {c}" not in texts(s2)


# Rulebook: "If one of your influence markers ever reaches the right-most space in a track, leave
#   it where it is and instead score 2 victory points for each space your marker would have moved."
def test_influence_overflow_scores_2_vp_per_step():
    p = {"infl": {"france": 14}, "vp": 0}
    influence.gain_influence(p, "france", 3)
    assert p["infl"]["france"] == 15 and p["vp"] == 4


# Rulebook: "indicate the noble ranks you can reach"
def test_noble_ranks_at_3_6_10_15():
    assert [influence.rank(v) for v in (0, 2, 3, 5, 6, 9, 10, 14, 15)] == [0, 0, 1, 1, 2, 2, 3, 3, 4]


# Rulebook: "always remove and place the left-most marker from the nation"
def test_emptied_supply_spaces_count_left_to_right():
    g = {"supply": {"spain": [1, 2, 2, 2, 2, 2, 2]}}
    assert influence.emptied(g, "spain") == 0
    influence.take_marker(g, "spain")
    assert influence.emptied(g, "spain") == 1
    influence.take_marker(g, "spain")
    assert g["supply"]["spain"] == [0, 1, 2, 2, 2, 2, 2] and influence.emptied(g, "spain") == 1
    influence.take_marker(g, "spain")
    assert influence.emptied(g, "spain") == 2


def test_spending_is_not_offered_once_nothing_is_left_to_use_the_value_on():
    """Raising the value is offered only while a combat action is left (influence, annex, a card)."""
    s = play(combat_at(dbl=5, cp=2), "pile 1", "nation france")
    assert "spend cp" in texts(s)
    s = play(s, "annex 13")
    assert not top(s)["cards"] and "infl 1" in texts(s) and "spend cp" in texts(s)
    s = play(s, "infl 1")
    assert [t for t in texts(s) if t.startswith("spend")] == []
