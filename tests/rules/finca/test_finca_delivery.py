"""Delivering fruit: carts, exact requirements, the 6-fruit limit, any-fruit symbols, finca tiles."""
import pytest

from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.rules.finca import (RULES, Confirm, Deliver, Fill, Pick, delivery_summary,
                                      majority_counts)

from .helpers import (board, cidx, collect, give, give_carts, play, set_finca, set_stack,
                      set_tile)


def ready(n=2, **opts):
    s = board(n, **opts)
    give_carts(s, 0, 1)
    return s


# Rulebook: "To deliver, the player first returns one of their donkey carts back to the center of
#   the windmill."
def test_delivery_needs_a_donkey_cart():
    s = board(2)
    give(s, 0, fig=6, almond=6, olive=6, orange=6, grape=6, lemon=6)
    assert Deliver() not in RULES.legal_actions(s)
    with pytest.raises(IllegalAction, match="returns one of their donkey carts; Anna has none"):
        RULES.apply(s, Deliver())


# Rulebook: "The player must provide the number of fruits shown."
# Rulebook: "Then, they place the fruits required by the communities to which they wish to deliver
#   on the fruit tiles that are in those communities."
# Rulebook: "The player must place exactly the required fruits - no more, no less."
# Rulebook: "After the player has delivered all the fruits they wish, they place the delivered
#   fruits back into the supply and take the tiles they were on, placing them face up in their play
#   area."
# Rulebook: "Then, they flip the top tile in each stack from which they removed a tile."
def test_deliver_exact_fruits_take_the_tile_return_the_cart_flip_the_next_tile():
    s = ready()
    c = cidx("Palma")
    set_stack(s, c, ["T08", "T15", "T22", "T29"])  # fig+almond, then 2 figs+orange ...
    give(s, 0, fig=3, almond=1)
    s1 = play(s, "deliver", "pick Palma")
    assert RULES.pending(s1).kind == "deliver"
    assert Confirm() in RULES.legal_actions(s1)
    s2 = play(s1, "confirm")
    assert s2.tiles[0] == ["T08"]
    assert s2.fruits[0] == {"fig": 2, "almond": 0, "olive": 0, "orange": 0, "grape": 0,
                            "lemon": 0}
    assert s2.supply["fig"] == 16 and s2.supply["almond"] == 18
    assert s2.carts[0] == 0 and s2.windmill_carts == 4
    assert s2.stacks[c] == ["T15", "T22", "T29"]  # the next tile is face up
    assert RULES.is_barrier(s1, Confirm(), s2)  # a reveal: undo may not cross it
    assert RULES.pending(s2).seat == 1
    assert RULES.invariants(s2) == []


def test_steps_before_the_delivery_are_not_barriers():
    s = ready()
    give(s, 0, fig=1, almond=1)
    set_tile(s, cidx("Palma"), 0, "T08")
    s1 = play(s, "deliver")
    assert not RULES.is_barrier(s, Deliver(), s1)
    s2 = play(s1, "pick Palma")
    assert not RULES.is_barrier(s1, Pick("Palma"), s2)


# Rulebook: "Which fruits each community wants are shown on the face-up fruit tile in each
#   community."
def test_only_communities_whose_tile_the_player_can_fill_are_offered():
    s = ready()
    set_tile(s, cidx("Palma"), 0, "T08")   # fig + almond
    set_tile(s, cidx("Soller"), 0, "T01")  # fig
    set_tile(s, cidx("Inca"), 0, "T03")    # olive
    give(s, 0, fig=1, almond=1)
    s1 = play(s, "deliver")
    picks = {a.community for a in RULES.legal_actions(s1) if isinstance(a, Pick)}
    assert {"Palma", "Soller"} <= picks and "Inca" not in picks
    with pytest.raises(IllegalAction, match="Inca wants 1 olive; Anna has 0"):
        RULES.apply(s1, Pick("Inca"))
    # one fig only: after Palma, Soller's fig is no longer there
    s2 = play(s1, "pick Palma")
    assert Pick("Soller") not in RULES.legal_actions(s2)


# Rulebook: "During their turn, the player can deliver fruits to one or more communities, however,
#   the maximum number of fruits a player can deliver in one turn is 6 fruits."
# Rulebook: "They are, however, limited to delivering a maximum of 6 fruits in a single turn."
def test_several_communities_at_most_six_fruits_in_a_turn():
    s = ready()
    set_tile(s, cidx("Palma"), 0, "T36")   # 6: 2 fig, 2 almond, 2 grape
    set_tile(s, cidx("Soller"), 0, "T01")  # 1: fig
    set_tile(s, cidx("Inca"), 0, "T09")    # 2: almond + olive
    give(s, 0, fig=6, almond=6, olive=6, grape=6)
    s1 = play(s, "deliver", "pick Palma")
    with pytest.raises(IllegalAction, match="At most 6 fruits can be delivered in one turn; "
                                            "adding Soller makes 7"):
        RULES.apply(s1, Pick("Soller"))
    s2 = play(s, "deliver", "pick Soller", "pick Inca", "confirm")
    assert sorted(s2.tiles[0]) == ["T01", "T09"]
    assert s2.carts[0] == 0  # one cart for the whole delivery


# Rulebook: "The symbol on fruit tiles indicates that any type of fruit can be used to fulfill the
#   tile's fruit requirements."
def test_any_fruit_symbols_take_any_fruit_mixed_by_default():
    s = ready()
    set_tile(s, cidx("Palma"), 0, "T21")  # 3 any-fruit symbols
    give(s, 0, fig=1, almond=1, lemon=1)
    s1 = play(s, "deliver", "pick Palma")
    assert RULES.pending(s1).kind == "fill"
    assert RULES.legal_actions(s1) == [Fill("fig"), Fill("almond"), Fill("lemon")]
    s2 = play(s1, "fill fig", "fill lemon")
    assert RULES.legal_actions(s2) == [Fill("almond")]  # only the almond is left
    s3 = play(s2, "fill almond")
    assert delivery_summary(s3)["need"] == {"fig": 1, "almond": 1, "lemon": 1}
    s4 = play(s3, "confirm")
    assert s4.tiles[0] == ["T21"] and sum(s4.fruits[0].values()) == 0


def test_option_one_kind_per_tile_fills_all_any_symbols_with_one_kind():
    s = ready(any_fruit="one_kind")
    set_tile(s, cidx("Palma"), 0, "T21")  # 3 any
    set_tile(s, cidx("Soller"), 0, "T14")  # 2 any
    give(s, 0, fig=1, almond=1, lemon=3)
    s1 = play(s, "deliver")
    assert Pick("Palma") in RULES.legal_actions(s1)
    s2 = play(s1, "pick Palma")
    assert RULES.legal_actions(s2) == [Fill("lemon")]  # a mixed fill is not allowed
    s3 = play(s2, "fill lemon")
    assert RULES.pending(s3).kind == "deliver"
    assert Pick("Soller") not in RULES.legal_actions(s3)  # fig+almond are not one kind
    s4 = play(s3, "confirm")
    assert s4.fruits[0]["lemon"] == 0 and s4.tiles[0] == ["T21"]


def test_one_kind_option_refuses_a_tile_without_enough_of_one_kind():
    s = ready(any_fruit="one_kind")
    set_tile(s, cidx("Palma"), 0, "T21")  # 3 any
    set_tile(s, cidx("Soller"), 0, "T01")  # a fig: something to deliver
    give(s, 0, fig=2, almond=2)
    s1 = play(s, "deliver")
    assert Pick("Palma") not in RULES.legal_actions(s1)
    assert Pick("Soller") in RULES.legal_actions(s1)
    s_mixed = ready()
    set_tile(s_mixed, cidx("Palma"), 0, "T21")
    give(s_mixed, 0, fig=2, almond=2)
    assert Pick("Palma") in RULES.legal_actions(play(s_mixed, "deliver"))


def test_delivery_is_not_offered_when_no_tile_can_be_filled():
    s = ready()
    for c in range(10):
        set_tile(s, c, 0, ["T29", "T30", "T31", "T32", "T33", "T34", "T36", "T37", "T38",
                           "T39"][c])
    give(s, 0, fig=1)
    assert Deliver() not in RULES.legal_actions(s)


def _closing(s, c, last="T01"):
    set_stack(s, c, [last])


# Rulebook: "When a player takes the last fruit tile from a community, the Finca tile for this
#   community is immediately assigned to a player."
# Rulebook: "To determine which player receives the Finca tile, each player counts the fruits of
#   that type they have on the fruit tiles they have collected in their play area."
# Rulebook: "The player who has the most fruits of that type on their fruit tiles takes the Finca
#   tile."
# Rulebook: "If two or more players tie for the most, the Finca tile is returned to the box"
# Rulebook: "For example, if the Finca tile shows figs, all players count their figs."
# Rulebook: "After the Finca tile is assigned or returned to the box, the player places a wooden
#   finca on the community to show that the Finca tile has been taken."
# Rulebook: "After the assignment of a Finca tile, the player places a wooden finca on the
#   community."
def test_taking_the_last_tile_gives_the_finca_tile_to_the_majority_and_places_a_wooden_finca():
    s = ready()
    c = cidx("Palma")
    set_finca(s, c, "fig")
    _closing(s, c, "T01")  # one fig
    collect(s, 1, "T08")   # Bruno: fig+almond = 1 fig symbol
    give(s, 0, fig=1)
    s2 = play(s, "deliver", "pick Palma", "confirm")
    assert majority_counts(s2, "fig") == [1, 1]  # Anna now has 1 fig symbol too
    assert s2.finca_owner[c] == -1  # a tie: the finca tile goes to the box
    assert s2.wooden[c] and s2.wooden_supply == 3
    assert "the box" in RULES.log_line(play(s, "deliver", "pick Palma"), Confirm(), s2)
    # with one more fig symbol Anna wins it
    s = ready()
    set_finca(s, c, "fig")
    _closing(s, c, "T01")
    collect(s, 1, "T08")
    collect(s, 0, "T13")  # lemon+fig
    give(s, 0, fig=1)
    s3 = play(s, "deliver", "pick Palma", "confirm")
    assert s3.finca_owner[c] == 0 and s3.fincas_of(0) == ["fig"]
    assert s3.wooden[c] and RULES.invariants(s3) == []


# Rulebook: "This serves to clearly indicate that no more fruits can be delivered to this
#   community."
def test_a_closed_community_takes_no_more_deliveries():
    s = ready()
    c = cidx("Palma")
    _closing(s, c, "T01")
    set_tile(s, cidx("Soller"), 0, "T07")  # one any-fruit symbol: still deliverable
    give(s, 0, fig=2)
    give_carts(s, 0, 1)
    s2 = play(s, "deliver", "pick Palma", "confirm")
    s2.turn = 0  # Anna again, for the test
    s3 = play(s2, "deliver")
    assert Pick("Palma") not in RULES.legal_actions(s3)
    with pytest.raises(IllegalAction, match="Palma takes no more deliveries"):
        RULES.apply(s3, Pick("Palma"))


# Rulebook: "There are also Finca tiles with 2 types of fruit (e.g., figs and almonds)."
# Rulebook: "When such a tile is to be assigned, players count all the fruits of these two types on
#   the fruit tiles in their play areas and add the two together to determine who has the most."
# Rulebook: "For example, the player who has the most figs and almonds combined takes the tile."
def test_a_double_finca_tile_counts_both_fruits_summed():
    s = board(3)
    collect(s, 0, "T15")  # 2 fig + orange      -> fig+almond: 2
    collect(s, 1, "T16")  # 2 almond + grape    -> 2
    collect(s, 1, "T02")  # almond              -> 3
    collect(s, 2, "T36")  # 2 fig 2 almond 2 grape -> 4
    assert majority_counts(s, "fig+almond") == [2, 3, 4]


def test_any_fruit_symbols_count_for_no_fruit_kind_but_their_value_counts_for_the_generic():
    s = board(2)
    collect(s, 0, "T42")  # 6 any
    collect(s, 1, "T01", "T08")
    assert majority_counts(s, "fig") == [0, 2]
    assert majority_counts(s, "all") == [6, 3]


# Rulebook: "One of the 10 Finca tiles shows a generic fruit symbol."
# Rulebook: "When this Finca tile is to be assigned, players sum the values on all their collected
#   fruit tiles in their play areas."
# Rulebook: "The player who has the highest total on their fruit tiles takes the Finca tile."
def test_the_generic_finca_tile_goes_to_the_highest_sum_of_tile_values():
    s = ready()
    c = cidx("Palma")
    set_finca(s, c, "all")
    _closing(s, c, "T02")  # almond
    collect(s, 0, "T29")   # 5
    collect(s, 1, "T30")   # 5
    give(s, 0, almond=1)
    s2 = play(s, "deliver", "pick Palma", "confirm")
    assert majority_counts(s2, "all") == [6, 5]
    assert s2.finca_owner[c] == 0


def test_explain_says_why_a_community_cannot_join_the_delivery():
    s = ready()
    set_tile(s, cidx("Palma"), 0, "T36")   # 6 fruits
    set_tile(s, cidx("Soller"), 0, "T09")  # almond + olive
    give(s, 0, fig=2, almond=3, grape=2, olive=1)
    s1 = play(s, "deliver", "pick Palma")
    assert RULES.explain(s1, Pick("Soller")) == ("At most 6 fruits can be delivered in one "
                                                 "turn; adding Soller makes 8.")
    assert RULES.explain(s1, Confirm()) is None
