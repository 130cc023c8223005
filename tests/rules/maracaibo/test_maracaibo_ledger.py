"""The ledger: every change of a player's points and doubloons is recorded with the rules' reason,
and the log says it in signed numbers ("Ann annexed ... — +4 $ (flag bonus)")."""

import pytest

from tabletop_tui.rules.core import Change, change_text
from tabletop_tui.rules.maracaibo import RULES, careers
from tabletop_tui.rules.maracaibo.state import task

from .mhelpers import give_card, op, past_opening, play, stage
from .test_maracaibo_combat import combat_at
from .test_maracaibo_explorer_quests import explore

from tests.support.table_view import random_match, unexplained_points, unlogged_point_changes


def entry(before, move, after):
    line = RULES.log_line(before, RULES.parse(before, move), after)
    return change_text(RULES.changes(before, None, after), before.names, before.g["stack"][-1]["seat"], line)


def test_annexing_a_city_pays_its_flag_bonus_and_one_influence_with_the_fighting_nation():
    """Annex: place an ownership marker, gain 1 influence with the fighting nation and the flag's bonus."""
    before = play(combat_at(dbl=5), "pile 1", "nation france")
    after = play(before, "annex 13")
    assert RULES.changes(before, None, after) == [Change(0, "$", 4, "flag bonus"), Change(0, "France infl", 1, "annex")]
    assert "— +4 $ (flag bonus), +1 France infl (annex)" in entry(before, "annex 13", after)


def test_interim_scoring_income_is_four_doubloons_plus_the_income_and_the_vp_income():
    """Round end step 4: every player takes 4 doubloons plus the doubloon income and scores the VP income;
    step 3: each live assistant scores 2 VP."""
    s = past_opening(3, 4).copy()
    for pl in s.players:
        pl["career"] = None
    s.p(0).update(dbl=0, inc_d=2, inc_v=3)
    c = give_card(s, 0, "A19", "bought")
    s.p(0)["fig_personal"] -= 1
    s.p(0)["assistants"] = [{"card": c, "loc": "6", "live": True}]
    s.g["trigger"] = 1
    after = stage(s, task("interim", 1))
    mine = [c for c in RULES.changes(s, None, after) if c.seat == 0]
    assert mine == [Change(0, "VP", 2, "unused assistant"), Change(0, "VP", 3, "income"),
                    Change(0, "$", 6, "income")]
    assert Change(1, "$", 4 + s.p(1)["inc_d"], "income") in RULES.changes(s, None, after)


def test_the_final_scoring_gives_each_step_as_a_reason():
    """Game end: VP income, doubloon income, influence ranks, ship upgrades, card VP, end-scoring
    cards, prestige buildings and doubloons each add to the score, and say so."""
    m = random_match("maracaibo", 2, 7)
    before, after = m.states[-2], m.states[-1]
    total = RULES.result(after).breakdown
    for seat in (0, 1):
        got = {c.source: c.amount for c in RULES.changes(before, None, after) if c.seat == seat and c.what == "VP"}
        want = {f"final: {k}": v for k, v in total[seat].items() if v and k != "during play"}
        assert {k: v for k, v in got.items() if k.startswith("final: ")} == want


def test_a_career_milestone_pays_its_reward_as_career():
    """A career card's milestone pays its reward the moment the counter reaches it."""
    s = past_opening(3, 4).copy()
    p = s.p(0)
    p["career"] = "K6"  # Patron: cards >= 4 / 8 / 12
    p["career_paid"] = 0
    p["bought"] = [c for c in s.g["deck"][:8]]
    s.g["deck"] = s.g["deck"][8:]
    before = s.copy()
    careers.check(before.g, 0)
    reasons = RULES.reasons(s, None, before)
    assert reasons and all(c.source == "career" for c in reasons)
    assert sum(c.amount for c in reasons if c.what == "VP") == before.p(0)["vp"] - s.p(0)["vp"] > 0


def test_the_first_explorer_at_END_scores_its_arrival_vp():
    """END: the first explorer to arrive scores 10 VP (then 8, 6) and takes 1 village action."""
    s, o = explore(1, at="E14")
    s = stage(s, o)
    after = play(s, "explore END")
    assert Change(0, "VP", 10, "explorer at END") in RULES.changes(s, None, after)
    assert "+10 VP (explorer at END)" in entry(s, "explore END", after)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_change_of_points_in_a_four_player_game_has_a_reason_and_a_log_entry(seed):
    m = random_match("maracaibo", 4, seed)
    assert m.over
    assert unexplained_points(m) == []
    assert unlogged_point_changes(m) == []


def test_a_seat_sheet_of_another_player_shows_the_number_of_hand_cards_never_the_cards():
    """Hand cards are hidden; the planning area, bought cards, ship board, career and quests are public."""
    m = random_match("maracaibo", 3, 2, moves=200)
    from tabletop_tui.rules.maracaibo.content import card
    other = m.state.p(1)
    theirs = dict(RULES.sheet(RULES.view(m.state, 0), 1))
    assert theirs["Hand"] == [f"{len(other['hand'])} cards (hidden)"] and len(other["hand"]) > 1
    text = "\n".join(line for lines in theirs.values() for line in lines)
    assert not any(card(c)["name"] in text for c in other["hand"]
                   if c not in other["plan"] + other["bought"])
    assert all(any(card(c)["name"] in line for line in theirs["Planning area"]) for c in other["plan"])
    own = dict(RULES.sheet(RULES.view(m.state, 1), 1))
    assert all(any(card(c)["name"] in line for line in own["Hand"]) for c in other["hand"])
