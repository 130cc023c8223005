"""The ledger: every change of a player's points and doubloons is recorded with the rules' reason,
and the log says it in signed numbers ("Ann annexed ... — +4 $ (flag bonus)")."""

import pytest

from tabletop_tui.rules.core import Change, change_text
from tabletop_tui.rules.maracaibo import RULES, careers
from tabletop_tui.rules.maracaibo.content import CAREERS, LOCS
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
    bonus = "flag bonus: " + LOCS["13"]["name"]  # the city whose flag it is (issue 45: the cause named)
    assert RULES.changes(before, None, after) == [Change(0, "$", 4, bonus), Change(0, "France infl", 1, "annex")]
    assert f"— +4 $ ({bonus}), +1 France infl (annex)" in entry(before, "annex 13", after)


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
    told = RULES.changes(s, None, after)
    mine = [(c.what, c.amount, c.source) for c in told if c.seat == 0]
    assert mine == [("VP", 2, "round end: unused assistant"), ("VP", 3, "income"), ("$", 6, "income")]
    assert (1, "$", 4 + s.p(1)["inc_d"], "income") in [(c.seat, c.what, c.amount, c.source) for c in told]
    # an automatic step of the game: every change is under its entry, with no actor
    assert RULES.steps(s, None, after) == [told[0].step] and told[0].step.startswith("End of round 1: interim scoring.")
    assert all(c.step == told[0].step for c in told)


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
    """A career card's milestone pays its reward the moment the counter reaches it; the reason
    names the career (issue 45)."""
    s = past_opening(3, 4).copy()
    p = s.p(0)
    p["career"] = "K6"  # Patron: cards >= 4 / 8 / 12
    p["career_paid"] = 0
    p["bought"] = [c for c in s.g["deck"][:8]]
    s.g["deck"] = s.g["deck"][8:]
    before = s.copy()
    careers.check(before.g, 0)
    reasons = RULES.reasons(s, None, before)
    assert reasons and all(c.source == "career: " + CAREERS["K6"]["name"] for c in reasons)
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


def _entries_of_the_action_that(m_until):
    m = random_match("maracaibo", 3, 4, until=m_until)
    return m, m.entries[-1]


def test_the_round_end_trigger_is_an_entry_of_its_own_after_the_last_turn():
    """The last of the other players' turns ends the round: the trigger ship moves on and scores
    3 VP, an automatic step of the game, not part of that player's last decision."""
    m, (decision, end) = _entries_of_the_action_that(lambda m: m.state.g["scoring"])
    trig = m.state.g["trigger"]
    assert decision.actor == m.actors[-1] and end.actor is None
    assert end.line.startswith("End of round 1:") and m.names[trig] in end.line
    assert [(c.seat, c.what, c.amount, c.source) for c in end.changes] == [(trig, "VP", 3, "round end trigger")]
    assert all(c.source != "round end trigger" for c in decision.changes)


def test_the_last_village_action_of_a_round_keeps_its_own_entry_before_the_interim_scoring():
    """Round end: each player takes 1 village action; then the interim scoring, for everyone."""
    m, (decision, interim) = _entries_of_the_action_that(lambda m: m.state.g["round"] == 2)
    assert decision.actor == m.actors[-1] and interim.actor is None
    assert interim.line.startswith("End of round 1: interim scoring.")
    assert {c.seat for c in interim.changes if c.source == "income"} == {0, 1, 2}
    assert all(c.source == "income" or c.source.startswith("round end: ") for c in interim.changes)
    assert all(c.source != "income" and not c.step for c in decision.changes)


def test_the_final_scoring_is_an_entry_of_its_own_with_every_seats_steps():
    m = random_match("maracaibo", 3, 4)
    decision, final = m.entries[-1]
    assert final.actor is None and final.line.startswith("Game end: final scoring (")
    assert {c.seat for c in final.changes} == {0, 1, 2} and all(c.source.startswith("final: ") for c in final.changes)
    assert not any(c.source.startswith("final: ") for c in decision.changes)


def _random_game_until(seed, players, moves):
    from tabletop_tui.ledger_audit import seeded_match
    from tabletop_tui.rules.core import Rng

    m = seeded_match("maracaibo", seed, players)
    rng = Rng(seed * 31 + players)
    while len(m.actions) < moves:
        m.play(rng.choice(m.legal_actions()))
    return m


def test_a_quest_reward_resolved_after_its_draw_is_told_on_the_draws_entry_naming_the_quest():
    """Feed the garrison's reward is 4 VP, draw 1, 1 doubloon: the doubloon and the tile come only
    once the draw is answered (5.4's order, kept for the saves). They are told where they land, on
    the draw's entry, their reason naming the quest; the quest's entry is never rewritten (issue
    45: it had been, and the ledger table ran a doubloon ahead of the game)."""
    from tabletop_tui.widgets.ledger_table import counter_keys, rows

    m = _random_game_until(8, 4, 407)
    assert m.actions[406].startswith("pay-with") and "fulfilled the quest Feed the garrison" in m.log[406]
    quest_entry = m.log[406]
    assert "+4 VP (quest reward: Feed the garrison)" in quest_entry and "+1 $" not in quest_entry
    m.play(_random_game_until(8, 4, 408).actions[407])  # the draw
    assert m.actions[407].startswith("draw ")
    assert m.log[406] == quest_entry  # as it was first shown
    draw = m.log[407]
    assert "+1 card (taken from the display: quest reward: Feed the garrison)" in draw
    assert "+1 $ (quest reward: Feed the garrison)" in draw and "+1 quest (Feed the garrison)" in draw
    # the ledger table: after each of the two moves, the game's doubloons
    table = rows(m, [2], {2: counter_keys(m, 2)})
    after = {move: vals[2, "$"] for move, e, vals in table if e.actor is not None}
    assert after[407] == m.rules.counters(m.states[407], 2)["$"]
    assert after[408] == m.rules.counters(m.states[408], 2)["$"] == after[407] + 1


def test_a_card_drawn_names_where_it_came_from_and_what_drew_it():
    """Trade old letters rewards a card: drawn from the deck here, "+1 card (drawn from the deck:
    quest reward: Trade old letters)"; the Phase C refill says "refill"."""
    m = _random_game_until(9, 2, 175)
    assert m.actions[174] == "draw deck" and "fulfilled the quest Trade old letters" in m.log[173]
    assert "+1 card (drawn from the deck: quest reward: Trade old letters)" in m.log[174]
    # every card that came into a hand in the game says from where, and what drew it
    reasons = {c.source for changes in m.ledger for c in changes if c.what == "cards" and c.amount > 0}
    assert reasons and all(r.startswith(("drawn from the deck: ", "taken from the display: ")) for r in reasons)
    assert {r.split(": ")[1] for r in reasons} >= {"refill", "quest reward"}


def test_a_drawn_cards_entry_says_once_where_it_came_from():
    """"Chiara drew Plunder Sacks (B18.1) from the display — +1 card (taken from the display:
    refill)" said the display twice: the card's change says where from and why, the sentence
    names the card (from the deck: "drew a card")."""
    m = _random_game_until(9, 2, 175)
    drawn = [line for line in m.log if "(taken from the display: " in line or "(drawn from the deck: " in line]
    assert any("(taken from the display: refill)" in line for line in drawn)
    assert any("(drawn from the deck: " in line for line in drawn)
    for line in drawn:
        for row in line.splitlines():
            assert row.count("display") <= 1 and row.count("deck") <= 1, row
    assert any(line.startswith(f"{m.names[a]} drew ") and " — +1 card (taken from the display: refill)." in line
               for line in drawn for a in range(2))
