"""Rules read again in the rulebook's words: several trades in one action, the black flag "at
any moment", throwing a hold overboard only to load something, the Galleon's sunny day."""
from tabletop_tui.rules.finis_terrae import RULES
from tabletop_tui.rules.finis_terrae.actions import Simple

from ._helpers import acts, do, holds, ok, put, sailing
from .test_finis_terrae_actions import acting, base, in_port, island, rng_with_next_red
from .test_finis_terrae_sailing import example_map


# -- "Trading and / or redeeming even several times still count as 1 action" -------------------
def test_redeeming_the_same_kind_several_times_is_still_one_action():
    s = island(base())
    holds(s, 0, ("castaway", 2), ("find", 1), stash=20)
    s = in_port(s, 0, (2, 1), 1, exchange=2)
    s.rng = rng_with_next_red(3)
    s = do(s, "redeem 1 castaway")
    assert RULES.pending(s).kind == "act" and "redeem 1 castaway" in acts(s)
    s = do(s, "redeem 1 castaway")
    assert s.ships[0]["pile"]["castaway"] == 2 and "redeem 1 find" in acts(s)
    assert "establish port" not in acts(s)  # the trades were the action
    ok(s)


# Rulebook: "You can only load things in an empty hold and you cannot divide things between
#   multiple holds while loading it"
# Rulebook: "You can buy a maximum of 2 crates of spice at a time."
def test_buying_two_crates_twice_in_one_action_each_into_its_own_hold():
    s = island(base())
    holds(s, 0, ("doubloons", 20), stash=0)
    s = in_port(s, 0, (2, 1), 0, exchange=3)  # 4 doubloons a crate
    s = do(s, "buy 2 spice")
    assert "buy 2 spice" in acts(s)  # "at a time": another 2 may follow
    s = do(s, "buy 2 spice")
    assert sorted(h for h in s.ships[0]["holds"] if h) == [("doubloons", 4), ("spice", 2), ("spice", 2)]
    ok(s)


# -- "You can become a pirate at any moment during your sailing phase" ------------------------
def den_bound():
    """Green on (2,3), walled in by a reef: the only way out is the pirate den at (3,3);
    2 doubloons in the holds, the toll is 3."""
    s = example_map()
    put(s, 3, 3, "pirate_den")
    put(s, 4, 3, "open_sea")
    s.ships[0]["pos"] = (2, 3, 0)
    s = sailing(s, 0, legs=(3,), step="begin")
    RULES._advance(s)
    return s


def test_an_explorer_whose_only_way_out_is_a_pirate_den_is_offered_the_black_flag():
    s = den_bound()
    d = RULES.pending(s)
    assert (d.seat, d.kind) == (0, "move")
    assert "hoist the black flag" in d.prompt and "toll of 3 doubloons" in d.prompt
    assert acts(s) == ["hoist black flag", "end move"]
    s = do(s, "hoist black flag")
    assert s.ships[0]["pirate"] and "move 4,3" in acts(s)  # pirates cross dens for free
    ok(s)


def test_the_explorer_may_also_stay_and_lose_the_move():
    s = do(den_bound(), "end move")
    assert s.ships[0]["pos"][:2] == (2, 3) and not s.ships[0]["pirate"]
    ok(s)


# -- "if you need to load something in 1 empty hold and none of them are" ----------------------
FULL = (("doubloons", 5), ("doubloons", 5), ("doubloons", 5), ("doubloons", 5))


def test_no_hold_is_thrown_overboard_when_there_is_nothing_to_load():
    s = base()
    put(s, 2, 1, "open_sea")
    holds(s, 0, *FULL, stash=0)
    s = acting(s)
    assert not [a for a in acts(s) if a.startswith("throw")]


# Rulebook: "if you need to load something in 1 empty hold and none of them are, you can empty 1 by
#   throwing its contents into the sea"
def test_a_hold_may_be_thrown_overboard_to_load_what_lies_on_the_tile():
    s = base()
    put(s, 2, 1, "open_sea")
    s.goods[(2, 1)] = {"find": 1}
    s.supply["find"] -= 1
    holds(s, 0, *FULL, stash=0)
    s = acting(s)
    assert [a for a in acts(s) if a.startswith("throw")] == [f"throw hold {i}" for i in (1, 2, 3, 4)]


def test_a_hold_may_be_thrown_overboard_to_load_spice_bought_in_port():
    s = island(base())
    holds(s, 0, ("doubloons", 20), ("spice", 1), ("spice", 1), ("spice", 1), stash=0)
    s = in_port(s, 0, (2, 1), 0, exchange=3)  # own port: buying needs an empty hold
    assert not [a for a in acts(s) if a.startswith("buy")]
    # throwing the doubloons would leave nothing to pay with: only a spice hold makes room
    assert [a for a in acts(s) if a.startswith("throw")] == ["throw hold 2", "throw hold 3", "throw hold 4"]
    s = do(s, "throw hold 2")
    assert "buy 2 spice" in acts(s)
    ok(s)


# -- the Black Galleon's sunny day -------------------------------------------------------------
def test_the_sunny_day_choice_says_when_it_is_the_galleons_move():
    s = example_map()
    s.galleon["pos"] = (6, 1, 0)
    s.flag = 0
    s = sailing(s, 0, legs=(2, 4), step="order", galleon=True, weather="sunny", common=2)
    s.sail["rolled"] = 4
    assert RULES.pending(s).prompt.startswith("sunny day, the Black Galleon's move: use the rolled 4")
    mine = sailing(example_map(), 0, legs=(2, 4), step="order", weather="sunny", common=2)
    mine.sail["rolled"] = 4
    assert RULES.pending(mine).prompt.startswith("sunny day, your ship's move")
    assert Simple("flag") not in RULES.legal_actions(s)  # the Galleon never hoists a flag


# -- the log reads as sentences ----------------------------------------------------------------
def test_a_placed_tile_is_said_turned_only_when_it_is_turned():
    from tabletop_tui.rules.finis_terrae.actions import Place

    s = example_map()
    assert RULES.describe(s, Place("open_sea", 7, 1, 0)) == "Place open sea at 7,1"
    assert RULES.describe(s, Place("island_1_beach", 7, 1, 1)) == "Place island 1 beach at 7,1, turned 90°"


def test_the_wind_choice_is_logged_as_a_sentence_not_as_notation():
    from .test_finis_terrae_weather import storm_example

    s = storm_example()
    line = RULES.log_line(s, RULES.parse(s, "wind E"), do(s, "wind E"))
    assert line.startswith("Green chose the wind's direction. Storm: the wind blew East.")
    assert "Green: Wind" not in line
