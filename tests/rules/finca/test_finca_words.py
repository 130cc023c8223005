"""What the log and the delivery builder tell players: shortages, one less fruit."""
from tabletop_tui.rules.finca import RULES, SUPPLY_EACH, delivery_summary

from .helpers import board, cidx, give, give_carts, play, set_tile


def test_when_a_fruit_runs_out_the_log_says_who_returned_how_many_even_if_the_mover_held_none():
    s = board(3, {0: [0]})
    give(s, 1, almond=SUPPLY_EACH - 3)
    give(s, 2, almond=3)  # the supply of almonds is empty; Anna holds none
    s1 = play(s, "move 1")  # blade 1 -> blade 2 (almond)
    assert s1.fruits[0]["almond"] == 1 and s1.fruits[1]["almond"] == 0 and s1.fruits[2]["almond"] == 0
    assert RULES.log_line(s, RULES.parse(s, "move 1"), s1) == (
        "Anna moved a farmer from blade 1 to blade 2 and took 1 almond. The almonds ran out: "
        f"everyone returned theirs to the supply first (Bruno {SUPPLY_EACH - 3} and Chiara 3).")


def test_the_log_says_when_the_last_fruit_of_a_kind_leaves_the_supply():
    s = board(2, {0: [0]})
    give(s, 1, almond=SUPPLY_EACH - 1)
    s1 = play(s, "move 1")
    assert RULES.log_line(s, RULES.parse(s, "move 1"), s1).endswith(
        "took 1 almond. No almonds are left in the supply.")


def _less(s):
    give_carts(s, 0, 1)
    set_tile(s, cidx("Palma"), 0, "T36")   # 6: 2 fig 2 almond 2 grape
    set_tile(s, cidx("Soller"), 0, "T01")  # 1: fig
    give(s, 0, fig=3, almond=1, grape=2)
    return s


def test_one_less_fruit_shows_nothing_to_deliver_before_a_tile_is_picked():
    s = play(_less(board(2)), "use less")
    sm = delivery_summary(s)
    assert sm["fruits"] == 0 and sm["value"] == 0 and not sm["one_less_open"]


def test_one_less_fruit_counts_one_fruit_fewer_and_says_one_is_still_to_leave_out():
    s = play(_less(board(2)), "use less", "pick Palma", "pick Soller", "confirm")
    sm = delivery_summary(s)
    assert sm["value"] == 7 and sm["fruits"] == 6 and sm["one_less_open"] and sm["left_out"] is None
    assert sm["need"] == {"fig": 3, "almond": 2, "grape": 2}  # one of these seven stays home
