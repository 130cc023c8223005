"""The ledger: every change of a player's points, fruits, donkey carts and action tiles, with the
rules' reason, as the log shows it."""
import pytest

from tabletop_tui.rules.core import Change, change_text
from tabletop_tui.rules.finca import RULES, Move, UseTile
from tests.support.table_view import random_match, unexplained_points, unlogged_point_changes

from .helpers import NAMES, board, cidx, collect, give, give_carts, play, set_finca, set_stack


def entry(before, text):
    a = RULES.parse(before, text)
    after = RULES.apply(before, a)
    changes = RULES.changes(before, a, after)
    return after, changes, change_text(changes, NAMES[:before.n], before.turn,
                                       RULES.log_line(before, a, after))


def test_counters_are_points_fruits_by_kind_carts_action_tiles_and_fincas_points_first():
    s = board(2)
    give(s, 0, fig=2, lemon=1)
    give_carts(s, 0, 1)
    counts = RULES.counters(s, 0)
    assert counts == {"VP": 8, "figs": 2, "almonds": 0, "olives": 0, "oranges": 0, "grapes": 0,
                      "lemons": 1, "carts": 1, "action tiles": 4, "fincas": 0}
    assert list(counts)[0] == "VP" and RULES.headline(s, 0) == ["VP", "carts"]
    assert RULES.counters(RULES.view(s, 1), 0) == counts  # all public


def test_the_windmill_harvest_says_how_many_fruits_from_which_blade_and_the_cart_for_a_line():
    # Anna's farmer on blade 3 (olive) moves 1 blade to blade 4 (orange), over the line before it
    s = board(2, {0: [2, 6, 6, 6, 6], 1: [5] * 5})
    s2, changes, line = entry(s, "move 3")
    assert changes == [Change(0, "oranges", 1, "orange from blade 4"),
                       Change(0, "carts", 1, "taken from the windmill: dividing line")]
    assert line.endswith("1 orange and 1 donkey cart — +1 orange (orange from blade 4), "
                         "+1 cart (taken from the windmill: dividing line).")
    # 7 farmers on blade 3: 7 blades on, to blade 10, over the dividing lines before 4 and 10
    s = board(4, {0: [2, 2, 2], 1: [2, 2, 2], 2: [2], 3: [11, 11, 11]})
    s2, changes, line = entry(s, "move 3")
    assert changes == [Change(0, "oranges", 1, "orange from blade 10"),
                       Change(0, "carts", 2, "taken from the windmill: dividing line")]
    assert "+1 orange (orange from blade 10), +2 carts (taken from the windmill: dividing line)." in line


def test_a_fruit_shortage_shows_what_everyone_returned():
    """When a supply runs out, every player returns all fruits of that kind, then the mover takes."""
    s = board(2, {0: [0, 6, 6, 6, 6], 1: [1, 1, 5, 5, 5]})
    give(s, 0, almond=6, fig=2)
    give(s, 1, almond=10)
    s2, changes, line = entry(s, "move 1")
    assert changes == [Change(0, "almonds", -6, "the almonds ran out"),
                       Change(0, "almonds", 3, "almonds from blade 2"),
                       Change(1, "almonds", -10, "the almonds ran out")]
    assert "\n  Anna: -6 almonds (the almonds ran out), +3 almonds (almonds from blade 2)" in line
    assert line.endswith("\n  Bruno: -10 almonds (the almonds ran out)")


def test_using_an_action_tile_costs_the_2_points_it_is_worth_unused():
    """Each unused action tile is worth 2 points at the end: using one gives them up."""
    s = board(2)
    s2, changes, line = entry(s, "use gust")
    assert changes == [Change(0, "VP", -2, "action tile used"),
                       Change(0, "action tiles", -1, "gust of wind used")]
    assert line == ("Anna used the gust of wind action tile — -2 VP (action tile used), "
                    "-1 action tile (gust of wind used).")


def test_a_delivery_scores_each_fruit_tile_and_returns_fruits_and_the_cart():
    s = board(2)
    give_carts(s, 0, 1)
    set_stack(s, cidx("Palma"), ["T08", "T15", "T22", "T29"])  # fig + almond
    give(s, 0, fig=3, almond=1)
    s1 = play(s, "deliver", "pick Palma")
    s2, changes, line = entry(s1, "confirm")
    assert changes == [Change(0, "VP", 2, "fruit tile"), Change(0, "figs", -1, "delivered"),
                       Change(0, "almonds", -1, "delivered"), Change(0, "carts", -1, "returned to deliver")]
    assert line == ("Anna delivered 2 fruits to Palma with a donkey cart and took a tile worth 2"
                    " — +2 VP (fruit tile), -1 fig (delivered), -1 almond (delivered), "
                    "-1 cart (returned to deliver).")


def test_the_finca_tile_of_a_closed_community_scores_5_for_the_majority_even_another_player():
    s = board(2)
    give_carts(s, 0, 1)
    c = cidx("Palma")
    set_finca(s, c, "fig")
    set_stack(s, c, ["T01"])  # one fig: the last tile
    collect(s, 1, "T08", "T13")  # Bruno: 2 fig symbols, Anna will have 1
    give(s, 0, fig=1)
    s1 = play(s, "deliver", "pick Palma")
    s2, changes, line = entry(s1, "confirm")
    assert Change(1, "VP", 5, "finca tile") in changes
    assert s2.finca_owner[c] == 1
    assert line.splitlines()[1:] == ["  Anna: +1 VP (fruit tile), -1 fig (delivered), -1 cart (returned to deliver)",
                                     "  Bruno: +5 VP (finca tile), +1 finca (finca tile: won at Palma)"]


def test_the_first_complete_set_of_1_to_6_takes_the_top_bonus_tile():
    s = board(2)
    give_carts(s, 0, 1)
    collect(s, 0, "T08", "T15", "T22", "T29", "T36")  # values 2 to 6
    set_stack(s, cidx("Palma"), ["T01", "T02"])
    give(s, 0, fig=1)
    top = s.bonus_stack[0]
    s1 = play(s, "deliver", "pick Palma")
    s2, changes, line = entry(s1, "confirm")
    assert changes[:2] == [Change(0, "VP", 1, "fruit tile"), Change(0, "VP", top, "bonus tile")]
    assert f"+1 VP (fruit tile), +{top} VP (bonus tile), -1 fig (delivered), -1 cart (returned to deliver)" in line


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_change_of_points_in_a_four_player_game_has_its_reason_in_the_log(seed):
    m = random_match("finca", 4, seed)
    assert m.over
    assert unexplained_points(m) == []
    assert unlogged_point_changes(m) == []
    # the points by source add up to the final score
    for seat in range(4):
        assert sum(m.points_by_source(seat).values()) == RULES.vp(m.state)[seat]


def test_the_notes_are_not_part_of_the_saved_position():
    s = board(2)
    s2 = play(s, "use gust")
    assert s2.notes and "notes" not in RULES.to_json(s2)
    assert RULES.from_json(RULES.to_json(s2)).notes == []
    assert RULES.state_hash(s2) == RULES.state_hash(RULES.from_json(RULES.to_json(s2)))


def test_a_finca_game_tells_every_change_with_its_reason():
    """Issue 32: fruits by kind, carts, action tiles and fincas, every change with its reason."""
    from tabletop_tui.ledger_audit import audit_game

    assert audit_game("finca", 4, 4) is None
