"""Set-up for 2, 3 and 4 players, the opening hand and careers."""
import pytest

from tabletop_tui.rules.maracaibo import RULES
from tabletop_tui.rules.maracaibo.content import CITY_ACTIONS, UPGRADE_IDS

from .mhelpers import fresh, past_opening, texts


# Rulebook: "Each nation has an influence track"
# Rulebook: "Each nation's ownership markers are located to the left of these at the start of the
#   game"
@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_for_each_player_count(n):
    s = fresh(n, 5)
    g = s.g
    tiles = list(g["tiles"].values())
    assert sorted(g["tiles"]) == ["14", "17", "4", "5"]
    assert sum(1 for t in tiles if CITY_ACTIONS[t]["helm"]) == 2
    assert sorted(len(p) for p in g["piles"]) == [12, 13]
    slots = {2: ["3", "8", "12"], 3: ["3", "8", "12", "16L"], 4: ["3", "8", "12", "16L", "19"]}[n]
    assert sorted(g["quest_slots"]) == sorted(slots) and all(g["quest_slots"].values())
    assert all(g["xquests"].values()) and len(g["quest_pile"]) == 24 - 3 - len(slots)
    assert g["supply"]["spain"] == [1, 2, 2, 2, 2, 2, 2] and not any(g["flags"].values())
    assert len(g["prestige"]) == 4 and g["prestige_revealed"] == 1
    assert len(g["display"]) == 4
    total = 60 if n == 2 else 84
    assert len(g["deck"]) + 4 + 8 * n == total
    assert g["maracaibo"] == ("X_PARCHMENT" if n == 2 else "X_EXPLORE3")
    first = g["start_seat"]
    for seat, p in enumerate(g["players"]):
        assert p["dbl"] == 8 + (seat - first) % n
        assert len(p["hand"]) == 8 and all(c.startswith("A") for c in p["hand"])
        assert p["cp"] == 1 and p["fig_personal"] == 2 and p["fig_general"] == 6
        assert p["ship"] == "0" and p["explorer"] == "S" and p["vp"] == 0
        assert all(p["discs"][u] == 2 for u in UPGRADE_IDS)
        assert len(p["career_offer"]) == 2
    assert RULES.invariants(s) == []


def test_two_players_use_one_copy_of_every_design():
    s = fresh(2, 3)
    every = s.g["deck"] + s.g["display"] + [c for p in s.players for c in p["hand"]]
    assert all(c.endswith(".1") for c in every) and len(every) == 60


def test_every_player_keeps_a_career_first_then_the_opening_hands_in_seat_order():
    s = fresh(3, 2)
    first = s.g["start_seat"]
    for k in range(3):  # set-up step 8 for every player before anyone's step 9
        d = RULES.pending(s)
        assert d.seat == (first + k) % 3 and d.kind == "career"
        s = RULES.apply(s, RULES.legal_actions(s)[1])
        p = s.p((first + k) % 3)
        assert p["career"] and p["career_offer"] == []
    assert RULES.pending(s).seat == first and RULES.pending(s).kind == "opening"
    s = RULES.apply(s, RULES.legal_actions(s)[0])   # plan
    s = RULES.apply(s, RULES.legal_actions(s)[0])   # discard
    s = RULES.apply(s, RULES.legal_actions(s)[0])   # discard
    p = s.p(first)
    assert len(p["plan"]) == 1 and len(p["hand"]) == 5 and len(s.g["discard"]) == 2
    assert RULES.pending(s).seat == (first + 1) % 3


def test_first_turn_is_the_first_player_moving_from_havana():
    s = past_opening(3, 2)
    d = RULES.pending(s)
    assert d.seat == s.g["start_seat"] and d.kind == "move"
    assert texts(s) == [f"move {k}" for k in range(1, 8)]  # 1..7 MP along the arrows
