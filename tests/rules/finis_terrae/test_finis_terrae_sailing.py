"""III Sailing: moves, land and reefs, the pirate den toll, sunny days, the Galleon, pirates."""
from tabletop_tui.rules.finis_terrae import RULES
from tabletop_tui.rules.finis_terrae.actions import Move

from ._helpers import acts, do, holds, ok, put, sailing, started


def moves(s):
    return {(a.x, a.y, a.side) for a in RULES.legal_actions(s) if isinstance(a, Move)}


def example_map():
    s = started(2, beaches="NE")
    s.stack.extend(s.hand)
    s.hand = []
    put(s, 2, 3, "open_sea")        # D: behind the reef
    put(s, 2, 2, "reef")
    put(s, 4, 2, "island_2_straight", 1)  # land east and west: sea areas N and S
    for x in (2, 3, 4, 5, 6):
        put(s, x, 1, "open_sea")    # Green starts on (2, 1) (E); (6, 1) is A
    put(s, 2, 0, "pirate_den")      # B
    put(s, 2, -1, "open_sea")       # F: only across the den in 3
    s.ships[0]["pos"] = (2, 1, 0)
    holds(s, 0, ("doubloons", 2), stash=18)
    return s


# Rulebook: "You can only move to an adjacent tile (up, down, right or left), never in diagonal."
# Rulebook: "You cannot end your movement on the tile you started."
# Rulebook: "Example: Here Green can move up to 4 tiles away, as indicated by their movement dice."
# Rulebook: "Following the rules, they can end their movement on any of the tiles colored in green
#   but they cannot move on any of the tiles colored in red because:"
# Rulebook: "They are more than Green's movement value away ((A),(C) or (G)),"
# Rulebook: "They show a pirate den ((B) or (F)) or can be attained only by crossing one since
#   Green hasn't enough doubloons to pay the toll,"
# Rulebook: "They are behind an obstacle, like a piece of land (C) or a reef (D),"
# Rulebook: "Green cannot stay on their tile or end their movement on it (E)."
def test_movement_example():
    s = sailing(example_map(), 0, legs=(3,))
    m = moves(s)
    assert (6, 1, "") not in m  # A: beyond the movement value
    assert (2, 0, "") not in m  # B: a pirate den, and Green cannot pay the toll
    assert (2, -1, "") not in m  # F: only reachable across the den
    assert (4, 2, "N") not in m and (4, 2, "S") in m  # C: behind land
    assert (2, 2, "") not in m and (2, 3, "") not in m  # D: a reef, and behind it
    assert all((x, y) != (2, 1) for x, y, _ in m)  # E: not the starting tile
    assert {(3, 1, ""), (4, 1, ""), (5, 1, ""), (1, 1, "")} <= m
    ok(s)


# Rulebook: "Move at least 1 tile away"
# Rulebook: "You have to move at least 1 tile away but you can move less than your movement value."
def test_a_ship_may_move_less_than_its_value_but_at_least_one_tile():
    s = sailing(example_map(), 0, legs=(3,))
    assert RULES.pending(s).kind == "move"
    assert "end move" not in acts(s)  # moving is not optional
    assert (3, 1, "") in moves(s)


# Rulebook: "If you move on or across a pirate den tile, you have to pay 3 doubloons from your
#   holds to the bank as a toll."
# Rulebook: "You cannot move your ship on it if you don't have at least 3 doubloons in your holds."
def test_den_toll_is_paid_from_the_holds_to_the_bank():
    s = example_map()
    holds(s, 0, ("doubloons", 2), ("doubloons", 2), stash=16)
    s = sailing(s, 0, legs=(3,))
    a = [a for a in RULES.legal_actions(s) if isinstance(a, Move) and (a.x, a.y) == (2, -1)][0]
    assert a.toll == 3
    bank = s.bank
    s = RULES.apply(s, a)
    assert sum(h[1] for h in s.ships[0]["holds"] if h) == 1 and s.bank == bank + 3
    ok(s)


# Rulebook: "Pirate: Pirates can move on or across pirate dens freely without paying the toll."
def test_pirates_cross_dens_for_free():
    s = example_map()
    s.ships[0]["pirate"] = True
    s = sailing(s, 0, legs=(3,))
    a = [a for a in RULES.legal_actions(s) if isinstance(a, Move) and (a.x, a.y) == (2, 0)][0]
    assert a.toll == 0


# Rulebook: "You cannot move across land or reefs."
def test_a_ship_cannot_cross_the_land_strip_of_a_straight_tile():
    s = example_map()
    s = sailing(s, 0, legs=(4,))
    assert (4, 2, "N") not in moves(s)


# Rulebook: "Rainy, which will allow you to move only once"
# Rulebook: "Beginning with the first player and continuing clockwise, each player must take the
#   following steps, in order:"
# Rulebook: "Perform 1 action, if they want and if it is possible."
# Rulebook: "After ending your movement on a tile, you can perform 1 action on it."
# Rulebook: "Performing an action ends your movement."
# Rulebook: "You can perform only 1 action."
def test_moving_to_a_tile_leads_to_the_action_step_and_ending_the_move():
    s = sailing(example_map(), 0, legs=(3,))
    s = do(s, "move 3,1")
    assert s.ships[0]["pos"] == (3, 1, 0)
    assert RULES.pending(s).kind == "act" and "end move" in acts(s)
    s = do(s, "end move")
    assert RULES.pending(s).seat == 1  # a rainy day: one move only


# Rulebook: "At the beginning of your sailing phase, roll the second white dice then decide if you
#   want to use its value for your first or second movement."
# Rulebook: "Place it in the appropriate space on your ship board."
# Rulebook: "The common movement white die will be used for your other movement."
# Rulebook: "Then perform your sailing phase twice, 1 time for each white dice, in order."
def test_sunny_day_second_die_and_the_choice_of_order():
    s = sailing(example_map(), 0, legs=(), step="begin", weather="sunny", common=2)
    s = s.copy()
    RULES._advance(s)
    rolled = s.sail["rolled"]
    if rolled == 2:
        assert s.sail["legs"] == [2, 2] and RULES.pending(s).kind == "move"
        return
    assert RULES.pending(s).kind == "order"
    assert acts(s)[:2] == [f"sail {rolled} then 2", f"sail 2 then {rolled}"]
    s = do(s, f"sail 2 then {rolled}")
    assert s.sail["legs"] == [2, rolled]


# Rulebook: "Sunny, which will allow you to move twice"
# Rulebook: "If the day is sunny, players can move then perform 1 action, twice."
def test_sunny_day_move_and_act_twice():
    s = sailing(example_map(), 0, legs=(2, 3), weather="sunny")
    s = do(s, "move 3,1")
    s = do(s, "end move")
    assert RULES.pending(s).seat == 0 and RULES.pending(s).kind == "move"
    assert s.sail["leg"] == 1
    assert (6, 1, "") in moves(s)  # 3 tiles from (3, 1)
    s = do(s, "move 6,1")
    s = do(s, "end move")
    assert RULES.pending(s).seat == 1


# Rulebook: "The player who owns the red pirate flag controls the Black Galleon."
# Rulebook: "At their turn, this player plays a first Sailing phase as the Black Galleon before
#   playing their own one."
def test_red_flag_holder_sails_the_galleon_first():
    s = example_map()
    put(s, 5, 1, "open_sea")
    s.galleon["pos"] = (5, 1, 0)
    s.flag = 0
    s = sailing(s, 0, legs=(2,), galleon=True)
    assert s.sail["order"] == [[0, True], [0, False], [1, False]]
    assert "hoist black flag" not in acts(s)  # the player's own ship is not sailing now
    s = do(s, "move 3,1")
    assert s.galleon["pos"] == (3, 1, 0) and s.ships[0]["pos"] == (2, 1, 0)
    s = do(s, "end move")
    assert RULES.pending(s).seat == 0 and s.sail["order"][s.sail["i"]] == [0, False]


# Rulebook: "Important: Each time you have to load something in one of your holds while you play as
#   the Black Galleon, load it on the Black Galleon's ship board instead."
def test_loads_of_the_galleon_go_to_the_galleon_board():
    s = example_map()
    s.galleon["pos"] = (5, 1, 0)
    s.flag = 0
    s.goods[(3, 1)] = {"castaway": 1}
    s.supply["castaway"] -= 1
    s = sailing(s, 0, legs=(2,), galleon=True)
    s = do(s, "move 3,1")
    s = do(s, "recover castaway")
    assert ("castaway", 1) in s.galleon["holds"]
    assert all(h is None or h[0] != "castaway" for h in s.ships[0]["holds"])
    ok(s)


# Rulebook: "You can become a pirate at any moment during your sailing phase."
# Rulebook: "Simply turn your flag black face up."
def test_becoming_a_pirate_at_any_moment_of_the_sailing_phase():
    s = sailing(example_map(), 0, legs=(3,))
    assert "hoist black flag" in acts(s)
    s = do(s, "hoist black flag")
    assert s.ships[0]["pirate"] and RULES.pending(s).kind == "move"
    assert (2, 0, "") in moves(s)  # now the den is free
    s2 = sailing(example_map(), 0, legs=(3,))
    s2 = do(s2, "move 3,1")
    assert "hoist black flag" in acts(s2)


# Rulebook: "You can move across a tile with a pirate ship on it without consequences."
def test_ships_never_block_a_move():
    s = example_map()
    s.ships[1]["pos"] = (3, 1, 0)
    s.ships[1]["pirate"] = True
    s = sailing(s, 0, legs=(3,))
    assert (5, 1, "") in moves(s)  # across the pirate on (3, 1), without consequences


def test_a_move_records_the_east_marker_candidate_but_the_galleon_does_not():
    s = example_map()
    s.galleon["pos"] = (6, 1, 0)
    s.flag = 0
    s = sailing(s, 0, legs=(2,), galleon=True)
    s = do(s, "move 4,1")
    assert s.moves_today == []
    s = do(s, "end move")
    s = do(s, "move 4,1")
    assert s.moves_today == [(4, 0)]


def test_the_log_names_the_galleon_when_its_controller_sails_it():
    s = example_map()
    s.galleon["pos"] = (5, 1, 0)
    s.flag = 0
    s = sailing(s, 0, legs=(2,), galleon=True)
    a = RULES.parse(s, "move 3,1")
    assert RULES.log_line(s, a, RULES.apply(s, a)).startswith("Green sailed the Black Galleon to 3,1.")
