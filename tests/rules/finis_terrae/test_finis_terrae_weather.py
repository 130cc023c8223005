"""II Preparation: weather, storms, wrecks, the Galleon's wreck, dice, the Finis Terrae card."""
import pytest

from tabletop_tui.rules.finis_terrae import RULES
from tabletop_tui.rules.finis_terrae import weather as W

from ._helpers import acts, do, holds, ok, put, started


def advance(s):
    s = s.copy()
    RULES._advance(s)
    return s


def at_storm(n=4, deck_next="rainy"):
    s = started(n, beaches="ENWS"[:n] if n == 4 else "NESW"[:n])
    s = s.copy()
    s.stack.extend(s.hand)
    s.hand = []
    s.phase = "wind"
    s.sail = None
    s.weather = "storm"
    s.deck.remove("storm") if "storm" in s.deck else s.out.remove("storm")
    s.discard = ["storm"]
    s.deck = [deck_next] + s.deck[1:]
    return s


def storm_example():
    """Green in its port, Red a pirate on a den, Yellow beside a lighthouse island, Blue west of
    a den, the Galleon in a port with a reef to its east. The wind blows East."""
    s = at_storm(4)  # Green E beach, Red N, Yellow W, Blue S
    put(s, 4, 0, "pirate_den")
    put(s, 2, 0, "open_sea")
    put(s, 3, 0, "open_sea")
    s.ships[1]["pirate"] = True
    s.ships[1]["pos"] = (4, 0, 0)
    put(s, 2, 2, "island_1", 1)  # land east
    put(s, 3, 2, "lighthouse_1", 3)  # land west: the island has a lighthouse
    s.ships[2]["pos"] = (2, 2, 0)
    put(s, 2, -2, "open_sea")
    put(s, 3, -2, "pirate_den")
    s.ships[3]["pos"] = (2, -2, 0)
    put(s, -2, 2, "island_1_beach", 0)  # land north
    s.ports[(-2, 2)] = 3
    s.ships[3]["ports_left"] -= 1
    put(s, -1, 2, "reef")
    s.galleon["pos"] = (-2, 2, 0)
    s.flag = 1
    return s


# Rulebook: "Storm, which will enable you to move and let you at the mercy of elements"
# Rulebook: "Its result indicates in which direction the wind will push all the unprotected ships
#   one tile away."
# Rulebook: "Instead, they are protected on pirate den tiles (see Pirates, p.10)."
# Rulebook: "Important: The storm effect is a push, and as such does not count as a move."
# Rulebook: "Every event usually triggered by a move does not apply during a storm."
# Rulebook: "Example: A storm card has just been returned and the dice indicates the winds are
#   blowing East."
# Rulebook: "Green is protected by the port they are in and Red, who are currently pirates, are
#   protected by the pirate den so none of them is pushed, thus avoiding falling off the map."
# Rulebook: "Yellow are protected from being pushed across land by the lighthouse on the island
#   they were supposed to wreck on."
# Rulebook: "Blue is pushed on the pirate den tile which luckily does not trigger events as they
#   didn't get there after a move so they don't have to pay the toll (see Pirate Den p. X)."
# Rulebook: "The Black Galleon aren't that lucky."
# Rulebook: "Since it is a pirate ship, the port it is in doesn't protect it from being pushed
#   across those reefs, causing its wreck."
def test_storm_example_plays_out_as_printed():
    s = storm_example()
    blue_doubloons = s.ships[3]["holds"]
    s = do(s, "wind E")
    assert s.ships[0]["pos"] == (1, 0, 0)  # Green: protected by the port
    assert s.ships[1]["pos"] == (4, 0, 0)  # Red: a pirate on a pirate den
    assert s.ships[2]["pos"] == (2, 2, 0)  # Yellow: the lighthouse protects
    assert s.ships[3]["pos"] == (3, -2, 0)  # Blue: pushed onto the den ...
    assert s.ships[3]["holds"] == blue_doubloons  # ... and pays no toll: a push is not a move
    # the Galleon, a pirate ship, is not protected by the port: across the reef, wrecked
    d = RULES.pending(s)
    assert d.kind == "drop" and d.seat == 1
    assert acts(s) == ["drop hold 1", "drop hold 2", "drop hold 3"]
    s = do(s, "drop hold 2")
    assert s.goods[(-2, 2)] == {"doubloons": 10}  # dropped on the tile it was pushed from
    assert RULES.pending(s).kind == "den"  # two dens: Red chooses
    s = do(s, "galleon to 4,0")
    assert s.galleon["pos"] == (4, 0, 0)
    assert s.galleon["holds"] == [("doubloons", 15), ("doubloons", 10), ("doubloons", 5), None]
    assert s.ships[1]["minus3"] == 0  # the Galleon's wreck costs no token
    # once the storm is dealt with, a new preparation phase turns the next card
    assert s.discard == ["storm", "rainy"] and s.phase == "sail"
    ok(s)


# Rulebook: "If a storm card is revealed, the first player rolls the wind dice"
def test_the_wind_die_can_leave_the_direction_to_the_first_player():
    s = at_storm(2)
    assert RULES.pending(s).kind == "wind" and RULES.pending(s).seat == s.first
    assert acts(s) == ["wind N", "wind E", "wind S", "wind W"]


# Rulebook: "A ship is protected from the storm and does not get pushed if:"
# Rulebook: "It is on a tile with a port."
# Rulebook: "Pirate: Pirate ships aren't protected in ports because they are outlaws."
def test_a_port_protects_explorers_but_not_pirates():
    s = at_storm(2)
    s.ships[0]["pos"] = s.ships[0]["start"] + (0,)
    s.ships[1]["pirate"] = True  # Red is in its own port, but pirates are outlaws
    r0 = W.push(s.tiles, s.ports, s.ships[0]["pos"], False, 0)
    r1 = W.push(s.tiles, s.ports, s.ships[1]["pos"], True, 0)
    assert r0[0] == "stay"
    assert r1[0] != "stay"


# Rulebook: "They are safe in it"
# Rulebook: "Choose 1 of the holds on your ship board and place all its content on the tile you
#   wrecked on"
# Rulebook: "Important: If the storm pushed you out of the map, place the content of this hold on
#   the tile you just left instead."
# Rulebook: "Place the content of all of your other holds back into the common supply and/or bank."
# Rulebook: "Put your ship back on your starting port on the Isle of Winds big tile."
# Rulebook: "Take 1 '-3' token and place it in front of you."
# Rulebook: "You can also load additional doubloons from your stash if you want to."
def test_wreck_when_pushed_off_the_map_drops_the_chosen_hold_on_the_tile_left():
    s = at_storm(2)  # Green N beach (0,1), Red E beach (1,0)
    put(s, 2, 1, "open_sea")
    s.ships[0]["pos"] = (2, 1, 0)
    holds(s, 0, ("doubloons", 5), ("spice", 2), ("find", 1), stash=5)
    s = do(s, "wind E")
    assert RULES.pending(s).kind == "drop" and RULES.pending(s).seat == 0
    s = do(s, "drop hold 2")
    assert s.goods[(2, 1)] == {"spice": 2}  # the tile it was pushed from
    sh = s.ships[0]
    assert s.supply["find"] == 5 and sh["holds"] == [None] * 4  # the rest back to the supply
    assert sh["pos"] == (0, 1, 0)  # back to the starting port
    assert sh["minus3"] == 1 and s.supply["minus3"] == 3
    # 6 doubloons from the bank, plus the stash if wanted
    d = RULES.pending(s)
    assert d.kind == "load" and d.seat == 0
    assert "hold 1 11 doubloons" in acts(s)
    s = do(s, "hold 1 6 doubloons")
    s = do(s, "hold 2 empty")
    s = do(s, "hold 3 empty")
    s = do(s, "hold 4 empty")
    assert sh is not s.ships[0]
    assert s.ships[0]["holds"] == [("doubloons", 6), None, None, None] and s.ships[0]["stash"] == 5
    ok(s)


# Rulebook: "Finally, take 6 doubloons from the bank and divide them as you please between your
#   holds."
def test_the_6_doubloons_of_the_repairs_must_go_into_the_holds():
    s = at_storm(2)
    put(s, 2, 1, "open_sea")
    s.ships[0]["pos"] = (2, 1, 0)
    holds(s, 0, ("doubloons", 5), stash=0)
    s = do(s, "wind E")
    for h in (1, 2, 3):
        s = do(s, f"hold {h} empty")
    assert acts(s) == ["hold 4 6 doubloons"]


# Rulebook: "It should be pushed on an island with a lighthouse anywhere on its coast"
# Rulebook: "During a storm, a ship can be wrecked if it is pushed"
def test_wreck_across_land_without_lighthouse():
    s = at_storm(2)
    put(s, 2, 1, "island_1", 1)  # land east
    put(s, 3, 1, "island_1_beach", 3)  # land west: same island, no lighthouse
    s.ships[0]["pos"] = (2, 1, 0)
    holds(s, 0, ("doubloons", 7), stash=0)
    s = do(s, "wind E")
    # a single non-empty hold: dropped without asking, on the land tile it wrecked on
    assert s.goods[(3, 1)] == {"doubloons": 7}
    assert s.ships[0]["pos"] == (0, 1, 0)
    ok(s)


def test_straight_land_strip_cannot_be_crossed_by_a_push():
    from tabletop_tui.rules.finis_terrae import tiles as T
    s = at_storm(2)
    put(s, 2, 1, "island_2_straight", 0)  # land N and S: sea areas E and W
    put(s, 3, 1, "open_sea")
    assert T.area_name("island_2_straight", 0, 0) == "E" and T.area_name("island_2_straight", 0, 1) == "W"
    # from the east side, pushed east: onto the open sea
    assert W.push(s.tiles, s.ports, (2, 1, 0), False, 1) == ("moved", (3, 1, 0))
    # from the west side, pushed east: across the land strip, no lighthouse: wrecked
    r = W.push(s.tiles, s.ports, (2, 1, 1), False, 1)
    assert r == ("wreck", "pushed across land", (3, 1))


def test_wreck_across_a_reef():
    s = at_storm(2)
    put(s, 2, 1, "open_sea")
    put(s, 3, 1, "reef")
    r = W.push(s.tiles, s.ports, (2, 1, 0), False, 1)
    assert r == ("wreck", "pushed across a reef", (2, 1))


# Rulebook: "A ship doesn't wreck if it is:"
# Rulebook: "It ends its push without crossing land or a reef,"
# Rulebook: "It ends its push on a treasure island, castaway island, a pirate den, a shipwreck or
#   open water tile."
def test_safe_tiles_never_wreck_a_ship_by_themselves():
    s = at_storm(2)
    put(s, 2, 1, "open_sea")
    for kind in ("treasure_island", "castaway_island", "pirate_den", "shipwreck", "open_sea"):
        t = dict(s.tiles)
        t[(3, 1)] = (kind, 0)
        assert W.push(t, s.ports, (2, 1, 0), False, 1)[0] == "moved"


# Rulebook: "Important: Pirates stay pirates after they wreck."
def test_pirates_stay_pirates_after_a_wreck():
    s = at_storm(2)
    put(s, 2, 1, "open_sea")
    s.ships[0]["pos"] = (2, 1, 0)
    s.ships[0]["pirate"] = True
    s = do(s, "wind E")
    s = do(s, "drop hold 1")
    assert s.ships[0]["pirate"] and s.ships[0]["pos"] == (0, 1, 0)


# Rulebook: "The first player rolls 1 red dice and 1 white dice."
# Rulebook: "Move the white exchange counter on the exchange board on the number obtained with the
#   red dice: this will be the base value for goods and rewards on this day."
# Rulebook: "Place the white dice on the wind rose on the exchange board: it indicates the common
#   movement value for the day."
def test_exchange_value_is_a_red_die_and_movement_a_white_die():
    seen_red, seen_white = set(), set()
    for seed in range(30):
        s = started(2, seed=seed)
        s = s.copy()
        s.stack.extend(s.hand)
        s.hand = []
        s.phase = "prep"
        s.sail = None
        s.deck = ["rainy"] + s.deck
        s = advance(s)
        seen_red.add(s.exchange)
        seen_white.add(s.common)
    assert seen_red <= {1, 2, 3, 4, 5, 6} and len(seen_red) >= 5
    assert seen_white == {2, 3, 4}


def prep_with(deck):
    s = started(2).copy()
    s.stack.extend(s.hand)
    s.hand = []
    s.phase = "prep"
    s.sail = None
    s.deck = list(deck)
    return s


# Rulebook: "When the first player turns over the Finis Terrae card for the first time during the
#   preparation phase, the game is about to end."
# Rulebook: "Take the Finis Terrae card without using it as the weather card for this phase and
#   shuffle it face down with the last 2 to form a new weather deck."
# Rulebook: "Continue to play as usual."
def test_first_finis_terrae_card_is_shuffled_with_the_last_two():
    s = advance(prep_with(["finis_terrae", "rainy", "rainy"]))
    assert s.ft == 1 and not s.last_day
    assert s.weather == "rainy" or s.weather == "finis_terrae"
    assert sorted(s.deck + s.discard) == ["finis_terrae", "rainy", "rainy"]


# Rulebook: "When the Finis Terrae card is turned over for the second time, complete the
#   preparation phase using it as the weather card for the day, play a last sailing phase then the
#   game ends."
# Rulebook: "Important: The Finis Terrae card is a sunny card."
def test_second_finis_terrae_card_is_a_sunny_last_day_and_the_game_ends():
    s = prep_with(["finis_terrae"])
    s.ft = 1
    s = advance(s)
    assert s.last_day and s.weather == "finis_terrae"
    assert RULES.pending(s).kind in ("order", "move")  # sunny: the second white die is rolled
    from tabletop_tui.playout import RandomBot
    bot = RandomBot(3)
    while RULES.pending(s) is not None:
        s = RULES.apply(s, bot.choose(RULES, s))
        assert s.day == 1
    assert RULES.result(s) is not None


# Rulebook: "Once all the players are done dealing with the effects of the storm, start a new
#   preparation phase."
@pytest.mark.parametrize("seed", range(3))
def test_a_storm_does_not_use_up_a_day(seed):
    s = at_storm(2, deck_next="sunny")
    s = do(s, "wind N")
    while RULES.pending(s).kind in ("drop", "load", "den"):
        s = RULES.apply(s, RULES.legal_actions(s)[0])
    assert s.day == 1 and s.weather == "sunny" and s.discard == ["storm", "sunny"]


def test_several_wrecks_in_one_storm_are_dealt_with_one_after_the_other():
    s = at_storm(2)  # Green N beach, Red E beach
    put(s, 2, 1, "open_sea")
    put(s, 2, 0, "open_sea")
    s.ships[0]["pos"] = (2, 1, 0)
    s.ships[1]["pos"] = (2, 0, 0)
    holds(s, 0, ("doubloons", 5), stash=15)
    holds(s, 1, ("doubloons", 3), stash=17)
    s = do(s, "wind E")
    assert s.goods[(2, 1)] == {"doubloons": 5}
    d = RULES.pending(s)
    assert d.seat == 0 and d.kind == "load"
    for h in (1, 2, 3, 4):
        s = RULES.apply(s, RULES.legal_actions(s)[-1])
    d = RULES.pending(s)
    assert d.seat == 1 and d.kind == "load"
    assert s.goods[(2, 0)] == {"doubloons": 3}
    ok(s)
    for h in (1, 2, 3, 4):
        s = RULES.apply(s, RULES.legal_actions(s)[-1])
    assert s.ships[0]["minus3"] == 1 and s.ships[1]["minus3"] == 1
    ok(s)


def test_storm_log_explains_who_was_pushed_and_who_wrecked_and_why():
    s = storm_example()
    after = do(s, "wind E")
    line = RULES.log_line(s, RULES.parse(s, "wind E"), after)
    assert "Green was not pushed: protected by the port on its tile" in line
    assert "Red was not pushed: a pirate protected by the pirate den" in line
    assert "Yellow was not pushed: protected by the lighthouse" in line
    assert "Blue was pushed to 3,-2" in line
    assert "The Black Galleon was wrecked: pushed across a reef." in line


def test_calm_wind_die_option_pushes_nobody():
    for seed in range(40):
        s = prep_with(["storm", "rainy", "rainy"])
        s.options = dict(s.options, wind_die="calm")
        s.rng = type(s.rng)(seed)
        after = advance(s)
        if any("calm" in e for e in after.events):
            assert [sh["pos"] for sh in after.ships] == [sh["pos"] for sh in s.ships]
            assert after.discard == ["storm", "rainy"] and after.phase == "sail"
            return
    raise AssertionError("no calm face in 40 seeds")
