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


def test_reveal_from_a_pile_of_choice_then_choose_the_nation():
    s = combat_at()
    assert texts(s) == ["pile 1", "pile 2"]
    s = play(s, "pile 1")
    assert top(s)["token"] == "CT01"
    assert texts(s) == ["nation france", "nation england", "nation spain"]
    assert RULES.is_barrier(combat_at(), None, s)


def test_a_nation_whose_doubloon_cost_cannot_be_paid_cannot_be_chosen():
    s = play(combat_at(dbl=1), "pile 1")
    assert "nation france" not in texts(s)  # CT01 France: pay 2 doubloons


def test_riders_pay_take_score_figure_influence():
    s = play(combat_at(dbl=5), "pile 1", "nation france")
    assert s.p(0)["dbl"] == 3 and top(s)["value"] == 7
    s = play(combat_at(dbl=5), "pile 1", "nation england")
    assert s.p(0)["dbl"] == 6
    s = play(combat_at(dbl=5), "pile 1", "nation spain")
    assert s.p(0)["infl"]["spain"] == 1  # +1 influence with the fighting nation (E33)


def test_plus_3_for_strictly_fewest_markers_minus_2_for_strictly_most():
    s = play(combat_at(flags={"2": "france", "6": "england"}), "pile 1", "nation spain")
    assert top(s)["value"] == 3 + 3
    s = play(combat_at(flags={"2": "france", "6": "france", "9": "england"}), "pile 1", "nation france")
    assert top(s)["value"] == 7 - 2
    s = play(combat_at(flags={"2": "france", "6": "england", "9": "spain"}), "pile 1", "nation spain")
    assert top(s)["value"] == 3  # ties: no modifier


def test_influence_action_minus_2_for_1_or_minus_5_for_2_once():
    s = play(combat_at(dbl=5), "pile 1", "nation france")  # value 7
    assert "infl 1" in texts(s) and "infl 2" in texts(s)
    s = play(s, "infl 2")
    assert s.p(0)["infl"]["france"] == 2 and top(s)["value"] == 2
    assert not any(t.startswith("infl") for t in texts(s))


def test_annex_an_empty_flag_minus_4_with_influence_marker_and_bonus():
    s = play(combat_at(dbl=5), "pile 1", "nation france")  # value 7, dbl 3
    s = play(s, "annex 13")
    assert s.g["flags"]["13"] == "france"
    assert s.g["supply"]["france"] == [0, 2, 2, 2, 2, 2, 2]  # the left-most marker
    assert s.p(0)["infl"]["france"] == 1 and s.p(0)["dbl"] == 3 + 4
    assert top(s)["value"] == 3 and not any(t.startswith(("annex", "displace")) for t in texts(s))


def test_displace_another_nations_marker_minus_6_marker_leaves_the_game():
    s = play(combat_at(dbl=5, flags={"11": "england", "2": "spain"}), "pile 1", "nation france")  # 7 + 3
    assert top(s)["value"] == 10
    s = play(s, "displace 11")
    assert s.g["flags"]["11"] == "france" and s.g["removed"]["england"] == 1
    assert RULES.invariants(s) == []


def test_spending_combat_points_and_figures_raises_the_value_by_one_each():
    s = play(combat_at(piles=(["CT11"], ["CT02"]), cp=3), "pile 1", "nation france")  # CT11 France 2 / +2VP
    assert top(s)["value"] == 2
    assert "spend cp" in texts(s) and "spend figure" in texts(s)
    s = play(s, "spend cp", "spend figure")
    assert top(s)["value"] == 4 and s.p(0)["cp"] == 2 and s.p(0)["fig_personal"] == 1 and s.p(0)["fig_general"] == 7
    s = play(s, "annex 2")
    assert top(s)["value"] == 0


def test_combat_ends_token_onto_the_ship_board_unused_value_lost():
    s = play(combat_at(dbl=5), "pile 1", "nation england", "end")
    assert s.p(0)["tokens"][-1] == "CT01"
    assert top(s)["t"] != "fight"


def test_combat_action_that_would_go_below_zero_is_refused():
    s = play(combat_at(piles=(["CT11"], ["CT02"]), cp=0, fig_personal=0), "pile 1", "nation france")
    with pytest.raises(IllegalAction) as e:
        play(s, "annex 13")
    assert "below 0" in e.value.reason


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


def test_influence_overflow_scores_2_vp_per_step():
    p = {"infl": {"france": 14}, "vp": 0}
    influence.gain_influence(p, "france", 3)
    assert p["infl"]["france"] == 15 and p["vp"] == 4


def test_noble_ranks_at_3_6_10_15():
    assert [influence.rank(v) for v in (0, 2, 3, 5, 6, 9, 10, 14, 15)] == [0, 0, 1, 1, 2, 2, 3, 3, 4]


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
