"""Issue 32: every public counted thing is a counter the ledger accounts for, and every change of
one carries its reason in the rulebook's words, a decision's own costs too, and a capped gain
says what was lost."""

import pytest

from tabletop_tui.rules.core import Change
from tabletop_tui.rules.maracaibo import RULES
from tabletop_tui.rules.maracaibo.content import CARDS, QUESTS, UPGRADES
from tabletop_tui.rules.maracaibo.ledger import XNUMBER
from tabletop_tui.rules.maracaibo.state import task

from .mhelpers import base, give_card, op, play, put_quest, stage
from .test_maracaibo_combat import combat_at

from tests.support.table_view import random_match

PUBLIC = ["VP", "$", "CP", "France infl", "England infl", "Spain infl", "cards", "explorer", "figures",
          "assistants", "$ income", "VP income", "upgrades", "quests", "prestige"]


def changes(before, after, seat=0):
    return [c for c in RULES.changes(before, None, after) if c.seat == seat]


def village(seat=0, n=1):
    return task("village", seat, n=n, ctx="main")


def test_every_public_counted_thing_is_a_counter_and_a_view_has_them_all():
    """Cards in hand (their number), the explorer's space, figures, assistants, income levels,
    upgrades, quests and prestige buildings are public: every seat's view counts them alike."""
    m = random_match("maracaibo", 3, 5, moves=300)
    for seat in range(3):
        real = RULES.counters(m.state, seat)
        assert list(real) == PUBLIC
        assert real["cards"] == len(m.state.p(seat)["hand"])
        for viewer in range(3):
            assert RULES.counters(RULES.view(m.state, viewer), seat) == real


def test_the_explorer_counts_its_space_from_S_and_the_short_cut_saves_two_spaces():
    """The long way past E6 is L1, L2, L3; the short cut K1 leads to E7 as L3 does."""
    assert XNUMBER["S"] == 0 and XNUMBER["E6"] == 6 and XNUMBER["L3"] == 9 and XNUMBER["E7"] == 10
    assert XNUMBER["K1"] == XNUMBER["L3"] and XNUMBER["END"] == 18


def test_a_city_action_is_told_by_its_name():
    """Fencing Hall: you gain 3 combat points."""
    s = base(cp=1, ship="4")
    s.g["tiles"]["4"] = "T3"
    after = play(stage(s, task("main", 0)), "city")
    assert Change(0, "CP", 3, "Fencing Hall") in changes(s, after)


def test_combat_points_past_the_cap_of_8_are_lost_and_the_reason_says_so():
    """You can never have more than 8 combat points: what would go past 8 is not received."""
    s = base(cp=7)
    after = stage(s, {**op(0, op="combat_points", n=3), "src": "Dockyard Favour"})
    assert after.p(0)["cp"] == 8
    assert changes(s, after) == [Change(0, "CP", 1, "Dockyard Favour; 2 lost at the cap of 8")]


def test_a_gain_the_cap_cuts_to_nothing_is_told_as_plus_nothing_with_what_was_lost():
    """At 8 combat points a gain of 3 is all lost; the log says so rather than nothing (issue 32):
    "+0 CP (Dockyard Favour; 3 lost at the cap of 8)". So with figures when the general supply
    is empty and with an income at the end of its track."""
    from tabletop_tui.rules.core import change_text

    s = base(cp=8)
    after = stage(s, {**op(0, op="combat_points", n=3), "src": "Dockyard Favour"})
    assert after.p(0)["cp"] == 8
    assert changes(s, after) == [Change(0, "CP", 0, "Dockyard Favour; 3 lost at the cap of 8")]
    assert "+0 CP (Dockyard Favour; 3 lost at the cap of 8)" in change_text(changes(s, after), s.names, 0, "x")
    s = base()
    s.p(0)["fig_general"] = 0
    after = stage(s, {**op(0, op="figure", n=1), "src": "Recruiter"})
    assert changes(s, after) == [Change(0, "figures", 0, "Recruiter; 1 lost (none left in the general supply)")]


def test_buying_a_card_tells_its_cost_the_hand_card_and_the_assistant_it_places():
    """Buy: pay the card's cost, the card leaves the hand; an assistant card puts a figure of the
    personal supply on its location."""
    s = base(dbl=10)
    c = give_card(s, 0, "A18")  # Harbour Clerk, cost 2, assistant at Matanzas (1)
    s = stage(s, village())
    after = play(s, f"buy {c}")
    got = changes(s, after)
    assert Change(0, "$", -2, "card cost") in got and Change(0, "cards", -1, "bought") in got
    assert Change(0, "figures", -1, "Harbour Clerk: assistant to Matanzas") in got
    assert Change(0, "assistants", 1, "Harbour Clerk: assistant to Matanzas") in got


def test_an_income_card_raises_the_income_level_with_its_name():
    s = base(dbl=10)
    c = give_card(s, 0, "A11")  # raises the doubloon income
    s = stage(s, village())
    after = play(s, f"buy {c}")
    assert Change(0, "$ income", after.p(0)["inc_d"] - s.p(0)["inc_d"], CARDS["A11"]["name"]) in changes(s, after)


def test_the_second_disc_off_an_upgrade_unlocks_it_and_its_income_and_says_so():
    s = stage(base(), op(0, op="remove_disc", n=2))
    one = play(s, "disc U03")
    assert [c for c in changes(s, one) if c.what in ("upgrades", "$ income")] == []
    two = play(one, "disc U03")
    name = UPGRADES["U03"]["name"]
    assert changes(one, two) == [Change(0, "$ income", 2, name), Change(0, "upgrades", 1, f"{name} unlocked")]


@pytest.mark.parametrize("move,want", [
    ("odd-job", [Change(0, "$", 1, "Odd jobs")]),
    ("sell", [Change(0, "$", 2, "Sell off"), Change(0, "cards", -5, "Sell off")]),
])
def test_a_village_option_is_told_by_its_name(move, want):
    """Sell off: discard every hand card, take 2 doubloons. Odd jobs: take 1 doubloon."""
    s = stage(base(dbl=0), village())
    assert len(s.p(0)["hand"]) == 5
    assert changes(s, play(s, move)) == want


# Rulebook: "After fulfilling a quest, add the quest tile to your ship board."
# Rulebook: "Turn the tile over and place it on the left-most empty quest track space on your ship
#   board."
def test_a_quest_tells_its_cost_its_reward_and_the_tile_on_the_quest_track():
    """To fulfil a quest, pay its cost; take the reward; the tile goes onto the quest track."""
    s = base(dbl=5, cp=2, ship="3")
    put_quest(s, "3", "Q02")  # Escort a courier: 1 combat point; 5 doubloons and 1 VP
    s = stage(s, task("main", 0))
    after = play(s, "quest Q02")
    why = "quest reward: " + QUESTS["Q02"]["name"]  # the cause named (issue 45)
    assert changes(s, after) == [Change(0, "VP", 1, why), Change(0, "$", 5, why),
                                 Change(0, "CP", -1, "quest cost"), Change(0, "quests", 1, QUESTS["Q02"]["name"])]


def test_spending_in_combat_tells_the_combat_value():
    """Pay combat points or return figures to raise the combat value, 1 each."""
    s = play(combat_at(cp=2, fig_personal=1), "pile 1", "nation france")
    cp = play(s, "spend cp")
    assert changes(s, cp) == [Change(0, "CP", -1, "combat value")]
    fig = play(cp, "spend figure")
    assert changes(cp, fig) == [Change(0, "figures", -1, "combat value")]


def test_the_explorer_moves_by_its_spaces_with_the_explore_reason():
    s = base()
    s = stage(s, {**op(0, op="explore", n=3), "src": "quest reward"})
    after = play(s, "explore E3")
    assert Change(0, "explorer", 3, "quest reward") in changes(s, after)


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13)])
def test_no_change_of_a_public_counter_in_a_whole_game_lacks_its_reason(players, seed):
    m = random_match("maracaibo", players, seed)
    assert m.over
    bare = [f"move {i + 1} ({m.actions[i]}): {c}" for i, ch in enumerate(m.ledger) for c in ch if not c.source]
    assert bare == []


OLD_SAVES = __import__("pathlib").Path(__file__).parent / "old_saves"


@pytest.mark.parametrize("name", ["city_action_choice", "village_option_choice", "effect_draw", "round_end_village"])
def test_a_save_made_before_the_ledger_told_everything_still_loads_and_plays_on(name):
    """Saves made by the version before (each waiting on a decision whose task the log now names
    differently: a city action's or a village option's choice, an effect's draw, a round-end
    village action) load to the very position saved, and the next move is told with its reasons."""
    from tabletop_tui.match import Match

    m = Match.from_text((OLD_SAVES / f"{name}.json").read_text())
    assert not m.over
    m.play(m.legal_actions()[0])
    assert all(c.source for c in m.ledger[-1])


def test_a_city_actions_choice_in_an_old_save_is_told_by_the_actions_name():
    from tabletop_tui.match import Match
    from tabletop_tui.rules.maracaibo.content import CITY_ACTIONS
    from tabletop_tui.rules.maracaibo.cities import city_action_id

    m = Match.from_text((OLD_SAVES / "city_action_choice.json").read_text())
    seat = m.pending.seat
    name = CITY_ACTIONS[city_action_id(m.state.g, m.state.p(seat)["ship"])]["name"]
    m.play(m.legal_actions()[0])
    assert [c.source for c in m.ledger[-1] if c.what.endswith("infl")] == [name]


def test_the_two_player_parchment_is_told_by_its_name_without_its_note():
    """With 2 players the parchment's action (explore 2, then 2 doubloons) covers Maracaibo (13)."""
    from .mhelpers import past_opening

    s = past_opening(2, 4).copy()
    for pl in s.players:
        pl["career"] = None
    s.p(0)["ship"] = "13"
    assert s.g["maracaibo"] == "X_PARCHMENT"
    s = stage(s, task("main", 0))
    mid = play(s, "city")
    after = play(mid, "explore E1")  # E1 pays 1 doubloon
    assert Change(0, "$", 2, "Lake Traders") in changes(mid, after)
    assert Change(0, "explorer", 1, "Lake Traders") in changes(mid, after)


def test_the_cartographer_counts_barriers_crossed_and_says_so():
    """Issue 50: the Cartographer read "at 1 explorer step: 2 doubloons" while its counter is the
    barriers the explorer crossed (and the end space as one more), not the spaces it moved."""
    from tabletop_tui.rules.maracaibo.content import CAREERS
    from tabletop_tui.rules.maracaibo.counters import counter
    from tabletop_tui.rules.maracaibo.describe import career_words

    words = career_words(CAREERS["K2"]["milestones"])
    assert words.startswith("at 1 explorer barrier crossed: 2 doubloons")
    assert "step" not in words
    s = base()
    p = s.p(0)
    p["barriers"], p["explorer"] = [], "E4"  # four spaces on, no barrier crossed yet
    assert counter(s.g, 0, "explorer_progress") == 0
