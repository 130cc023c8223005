"""Finca rulebook sentences no other test quoted (issue 45 item 1: every sentence traced)."""
from tabletop_tui.rules.finca import RULES

from .helpers import board, cidx, collect, give, play, set_finca, set_stack
from .test_finca_delivery import ready


def test_a_tie_for_the_highest_total_sends_the_generic_finca_tile_to_the_box():
    # Rulebook: "As with the other Finca tiles, if two or more players tie for the highest total
    #   of fruits, no player takes the Finca tile and it is returned to the box."
    s = ready()
    c = cidx("Palma")
    set_finca(s, c, "all")
    set_stack(s, c, ["T02"])  # the last tile: one almond
    collect(s, 0, "T29")      # 5
    collect(s, 1, "T30", "T01")  # 5 + 1
    give(s, 0, almond=1)
    s2 = play(s, "deliver", "pick Palma", "confirm")  # Anna: 5 + 1 = 6, Bruno 6
    assert s2.finca_owner[c] == -1 and "all" in s2.boxed_fincas
    assert s2.wooden[c] and RULES.invariants(s2) == []


def test_after_the_first_turn_play_goes_clockwise_round_the_table():
    # Rulebook: "After their first turn, the game continues in clockwise order until the end of
    #   the game."
    s = board(3, {0: [0, 6, 6], 1: [1, 7, 7], 2: [2, 8, 8]})
    seats = []
    for blade in ("1", "2", "3", "7", "8", "9"):
        seats.append(RULES.pending(s).seat)
        s = play(s, f"move {blade}")
    assert seats == [0, 1, 2, 0, 1, 2]
