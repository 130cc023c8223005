"""A short voyage told turn by turn, as the rulebook tells the game."""
from tabletop_tui.rules.piratissimo import HARBOUR, RULES

from ._helpers import act, kind, new_game, roll, seat


def test_a_voyage_out_and_home_again():
    s = new_game(2, seed=3)
    s = act(s, "place tornado on 21")                      # Anna places the tornado
    s = roll(s, 2)                                      # out of the red harbour to island 1
    assert RULES.log_line(None, None, s) == "Anna rolled 2 and sailed to island 2 (green chest 2)."
    s = act(s, "load 2")
    s = roll(s, 3)                                      # Bruno: green harbour → island 14
    assert s.location[1] == 14
    s = roll(s, 2)                                      # Anna: island 3, red chest: +2
    assert s.cargo[0] == 4 and "had to load 2" in RULES.log_line(None, None, s)
    s = roll(s, 1)                                      # Bruno: island 15, red chest: +2
    s = roll(s, 1)                                      # Anna: island 4, green chest 3
    s = act(s, "load 3")                                # 7 aboard: full masts
    assert s.cargo[0] == 7
    s = roll(s, "tornado")                              # Bruno rolls the tornado
    s = act(s, "stay")
    s = act(s, "tornado 0")
    for face in (4, 4, 4, 4):                           # Anna sails 8, 12, 16, 20 ...
        s = roll(s, face)
        while seat(s) == 0 and kind(s) != "roll":
            s = act(s, "pass" if kind(s) == "neutral" else "load 0")
        if kind(s) == "roll" and seat(s) == 1:
            s = roll(s, 1) if s.location[1] != 23 else roll(s, 2)
            while seat(s) == 1 and kind(s) != "roll":
                s = act(s, "pass" if kind(s) == "neutral" else "load 0")
    assert s.location[0] == 20 and s.cargo[0] == 7
    s = roll(s, 4)                                      # ... 21, 22, 23, harbour: home with 7
    assert s.location[0] == HARBOUR and s.unloaded[0] == 7 and s.cargo[0] == 0
    assert RULES.vp(s)[0] == 7 and RULES.invariants(s) == []
