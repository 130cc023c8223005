"""III Actions: A port, B rescue/recover, C combat, D trade (+ reorganize), E cease piracy."""
import pytest

from tabletop_tui.rules.core import IllegalAction, Rng
from tabletop_tui.rules.finis_terrae import RULES
from tabletop_tui.rules.finis_terrae.actions import Simple, Trade

from ._helpers import acts, do, holds, ok, put, sailing, started


def base(n=2, beaches="NE"):
    s = started(n, beaches=beaches)
    s = s.copy()
    s.stack.extend(s.hand)
    s.hand = []
    return s


def island(s):
    """A 3-tile island east of the Isle: beach (2,1) land east, straight (3,1), end (4,1)."""
    put(s, 2, 1, "island_1_beach", 1)
    put(s, 3, 1, "island_2_straight", 1)
    put(s, 4, 1, "island_1", 3)
    return s


def acting(s, seat=0, cell=(2, 1), **kw):
    s.ships[seat]["pos"] = (cell[0], cell[1], 0)
    return sailing(s, seat, step="act", **kw)


class Script:
    """A stand-in for the dice: each red die shows the next scripted face."""

    def __init__(self, faces, i=0, draws=0):
        self.faces, self.i, self.draws, self.seed = faces, i, draws, 0

    def randbelow(self, n):
        v = self.faces[self.i] - 1
        self.i += 1
        self.draws += 1
        return v

    def copy(self):
        return Script(self.faces, self.i, self.draws)

    def to_json(self):
        return {"seed": 0, "draws": self.draws}


def rng_with_next_red(face):
    for d in range(200):
        r = Rng(5, d)
        if r.randbelow(6) + 1 == face:
            return Rng(5, d)
    raise AssertionError


# -- A: establish a port ---------------------------------------------------------------------
# Rulebook: "If the tile you are on shows a beach, you can establish a port on it by paying 5
#   doubloons from your holds to the bank for each tile that already constitutes this island."
# Rulebook: "Once paid for it, place 1 of your port tokens on that beach."
# Rulebook: "Example: 1 - Green just ended their movement on a tile showing a beach."
# Rulebook: "Since there is no port on this island at the moment, they decide to establish one of
#   their own by paying 10 doubloons from their holds to the bank, 5 for each of the 2 tiles
#   currently composing the island."
# Rulebook: "2 - During the cartography phase of a later day, a playful explorer decided to place a
#   tile in the gap between Green's and Red's islands, merging them into one big island."
def test_establish_a_port_costs_5_per_tile_of_the_island_now():
    s = acting(island(base()))
    assert "establish port" in acts(s)
    assert RULES.describe(s, Simple("port", 2, 1)) == "Establish a port here (15 doubloons)"
    bank = s.bank
    s = do(s, "establish port")
    assert s.ports[(2, 1)] == 0 and s.ships[0]["ports_left"] == 6
    assert s.bank == bank + 15 and sum(h[1] for h in s.ships[0]["holds"] if h) == 0
    ok(s)


def test_no_port_without_the_doubloons_in_the_holds():
    s = island(base())
    holds(s, 0, ("doubloons", 14), stash=6)
    s = acting(s)
    assert "establish port" not in acts(s)
    with pytest.raises(IllegalAction) as e:
        RULES.apply(s, Simple("port", 2, 1))
    assert "5 doubloons" in e.value.reason


# Rulebook: "You cannot establish a port on an island where there already is a port."
def test_no_port_on_an_island_that_already_has_one():
    s = island(base())
    s.ports[(4, 1)] = 1  # Red's port elsewhere on the same island
    s.ships[1]["ports_left"] -= 1
    s = acting(s)
    assert "establish port" not in acts(s)


# Rulebook: "Players will not be able to establish other ports on the Isle of Winds anymore during
#   the course of the game."
# Rulebook: "Pirate: Pirates cannot establish a port."
# Rulebook: "You cannot establish a port on a pirate den tile."
def test_no_port_for_pirates_nor_on_the_isle_of_winds_nor_on_a_den():
    s = island(base())
    s.ships[0]["pirate"] = True
    assert "establish port" not in acts(acting(s))
    s = base()
    s.ships[0]["pos"] = (0, -1, 0)  # the free south beach of the Isle
    assert "establish port" not in acts(sailing(s, 0, step="act"))
    s = base()
    put(s, 2, 1, "pirate_den")
    assert "establish port" not in acts(acting(s))


# Rulebook: "You can reorganize your holds even if you established the port you are in during the
#   same day."
def test_reorganize_is_allowed_in_a_port_just_established():
    s = do(acting(island(base())), "establish port")
    assert RULES.pending(s).kind == "act"
    assert acts(s) == ["reorganize holds", "hoist black flag", "end move"]


# -- B: rescue a castaway or recover things ----------------------------------------------------
# Rulebook: "Each of your holds can contain only 1 kind of thing at a time"
# Rulebook: "The things you leave will stay there until someone picks them up later"
# Rulebook: "If the tile you ended your movement on has anything on it and at least 1 of your holds
#   is empty, you can take it and load it in that empty hold."
# Rulebook: "This concerns castaways, underwater finds and treasures but also any amount of
#   doubloons or spice crates dropped there after a wreck."
# Rulebook: "If there is more than 1 type of thing on the same tile, you can only pick 1 kind
#   during the same action."
def test_recover_one_kind_into_an_empty_hold():
    s = base()
    put(s, 2, 1, "open_sea")
    s.goods[(2, 1)] = {"spice": 2, "doubloons": 4}
    s.supply["spice"] -= 2
    s.bank -= 4
    s = acting(s)
    assert {"recover spice", "recover doubloons"} <= set(acts(s))
    s = do(s, "recover spice")
    assert ("spice", 2) in s.ships[0]["holds"] and s.goods[(2, 1)] == {"doubloons": 4}
    assert RULES.pending(s).seat == 1  # one action only
    ok(s)


def test_recover_needs_an_empty_hold():
    s = base()
    put(s, 2, 1, "open_sea")
    s.goods[(2, 1)] = {"castaway": 1}
    s.supply["castaway"] -= 1
    holds(s, 0, ("doubloons", 5), ("doubloons", 5), ("doubloons", 5), ("doubloons", 5), stash=0)
    s = acting(s)
    assert "recover castaway" not in acts(s)
    # all holds are full: one may be thrown into the sea to make room
    bank = s.bank
    s = do(s, "throw hold 4")
    assert s.bank == bank + 5 and s.ships[0]["holds"][3] is None
    assert "recover castaway" in acts(s)
    s = do(s, "recover castaway")
    assert ("castaway", 1) in s.ships[0]["holds"]
    ok(s)


def at_a_treasure(dice=(3, 5)):
    """The first player's ship acting at a treasure island's beach, the two red dice to come
    scripted."""
    s = base()
    put(s, 2, 1, "treasure_island")
    s.goods[(2, 1)] = {"treasure": 1}
    s.supply["treasure"] -= 1
    s = acting(s)
    s.rng = Script(list(dice))
    return s


# Rulebook: "After recovering a treasure, open it immediately."
# Rulebook: "To do so, put it in front of you and roll the 2 red dice then load the indicated
#   amount of doubloons from the bank in your hold in place of the treasure."
def test_a_treasure_is_opened_at_once_two_red_dice_of_doubloons():
    s = at_a_treasure()
    bank = s.bank
    s = do(s, "recover treasure")
    assert s.ships[0]["pile"]["treasure"] == 1  # kept for scoring
    assert ("doubloons", 8) in s.ships[0]["holds"] and s.bank == bank - 8
    assert (2, 1) not in s.goods


# -- C: combat -------------------------------------------------------------------------------
def combat_state(att_pirate=False, def_pirate=True, att_holds=(("doubloons", 5),),
                 def_holds=(("spice", 2),)):
    s = base()
    put(s, 2, 1, "open_sea")
    s.ships[1]["pos"] = (2, 1, 0)
    s.ships[1]["pirate"] = def_pirate
    s.ships[0]["pirate"] = att_pirate
    holds(s, 0, *att_holds, stash=20 - sum(h[1] for h in att_holds if h[0] == "doubloons"))
    holds(s, 1, *def_holds, stash=20 - sum(h[1] for h in def_holds if h[0] == "doubloons"))
    return acting(s)


# Rulebook: "C - Combat another ship"
# Rulebook: "If the tile you ended your movement on has more than 1 ship on it and at least 1 of
#   them is a pirate one, you can start a combat."
# Rulebook: "If you start a combat, choose 1 ship on the tile as an opponent."
# Rulebook: "You can only attack 1 ship during the same combat."
# Rulebook: "Explorers can only choose pirates as opponents."
# Rulebook: "Pirate: Pirates on the other hand can chose explorers and pirates alike as opponents
#   (see Pirates p.10)."
# Rulebook: "Example: Green just ended their move on a tile already occupied by Red, a fellow
#   explorer currently indulging in piracy, and none other than the infamous Black Galleon."
# Rulebook: "Fortunately, the tile is not in the range of effect of any fort so Green can combat
#   one of them."
# Rulebook: "They just have to decide which one."
# Rulebook: "If they win against the Black Galleon, they would be able to steal the 5 doubloons
#   from its hold but will have to get rid of one of their own hold's content in order to keep it,
#   mercifully leaving the Black Galleon on the tile."
def test_combat_needs_another_ship_and_a_pirate_among_them():
    assert "attack seat 2" in acts(combat_state())
    assert "attack seat 2" not in acts(combat_state(def_pirate=False))  # explorers attack pirates
    assert "attack seat 2" in acts(combat_state(att_pirate=True, def_pirate=False))
    s = base()
    put(s, 2, 1, "open_sea")
    s.ships[0]["pirate"] = True
    assert not [a for a in acts(acting(s)) if a.startswith("attack")]  # nobody else here


# Rulebook: "You cannot start a combat if the tile you are on shows an island with at least 1 fort
#   anywhere on its coast."
def test_no_combat_on_a_tile_of_an_island_with_a_fort():
    s = base()
    put(s, 2, 1, "island_1_beach", 1)
    put(s, 3, 1, "fort_1", 3)
    s.ships[1]["pos"] = (2, 1, 0)
    s.ships[1]["pirate"] = True
    assert "attack seat 2" not in acts(acting(s))


# Rulebook: "You and your opponent both roll 2 red dice."
# Rulebook: "Pirates then add 1 to their result."
# Rulebook: "The player with the higher result wins the combat."
# Rulebook: "In case of a tie, both tied players do it again until there is a winner."
def test_two_red_dice_each_pirates_add_one_ties_are_rolled_again():
    s = combat_state()
    s.rng = Script([3, 3, 2, 3,  # 6 against 5+1: a tie
                    6, 6, 1, 1])  # 12 against 2+1
    s = do(s, "attack seat 2")
    assert any("Green 6 against Red 6" in e for e in s.events)
    d = RULES.pending(s)
    assert d.kind == "spoils" and d.seat == 0
    assert acts(s) == ["take hold 1", "dump hold 1"]
    s = do(s, "take hold 1")
    assert ("spice", 2) in s.ships[0]["holds"] and s.ships[1]["holds"] == [None] * 4
    assert s.ships[1]["pos"] == (2, 1, 0)  # the loser stays on the tile
    ok(s)


# Rulebook: "Alternative rule: For more intense ship combats, use 1 dice each instead of 2."
def test_alternative_rule_one_die_each():
    s = combat_state()
    s = s.copy()
    s.options = dict(s.options, combat_dice=1)
    s.rng = Script([6, 1])
    s = do(s, "attack seat 2")
    assert any("Green 6 against Red 2" in e for e in s.events)


# Rulebook: "When you WIN a combat, look at the holds of your opponent:"
# Rulebook: "If at least 1 of their holds contain something, you can either load its content in 1
#   of your empty holds or throw it to the sea by returning all its content to the supply or the
#   bank."
def test_the_winner_without_an_empty_hold_throws_one_to_take():
    full = (("doubloons", 5), ("doubloons", 5), ("find", 1), ("doubloons", 5))
    s = combat_state(att_holds=full)
    s.rng = Script([6, 6, 1, 1])
    s = do(s, "attack seat 2")
    assert "take hold 1 throw 3" in acts(s) and "take hold 1" not in acts(s)
    s = do(s, "take hold 1 throw 3")
    assert ("spice", 2) in s.ships[0]["holds"] and s.supply["find"] == 5
    ok(s)


# Rulebook: "Your opponent's ship then stays on the tile."
# Rulebook: "If they lose however, their opponent would steal the content of one of their holds."
def test_the_defender_who_wins_chooses_the_spoils():
    s = combat_state()
    s.rng = Script([1, 1, 6, 6])
    s = do(s, "attack seat 2")
    d = RULES.pending(s)
    assert d.seat == 1 and d.kind == "spoils"
    s = do(s, "dump hold 1")
    assert s.ships[0]["holds"] == [None] * 4 and s.ships[1]["holds"][0] == ("spice", 2)
    ok(s)


# Rulebook: "If all their holds are empty, sink your opponent's ship, applying the same rules as
#   for a wreck (see Wreck p.9)."
# Rulebook: "Then, take a '+3' token from the supply and place it in front of you."
# Rulebook: "If they win against Red whose all holds are currently empty, they would sink their
#   ship, earning a '+3' token."
def test_a_ship_with_empty_holds_is_sunk_and_the_winner_takes_a_plus3():
    s = combat_state(att_pirate=True, def_pirate=False, def_holds=())
    s.rng = Script([6, 6, 1, 1])
    s = do(s, "attack seat 2")
    red = s.ships[1]
    assert red["pos"] == (1, 0, 0) and red["minus3"] == 1  # the wreck procedure
    assert s.ships[0]["plus3"] == 1 and s.supply["plus3"] == 7
    assert RULES.pending(s).seat == 1 and RULES.pending(s).kind == "load"  # 6 doubloons to load
    ok(s)


# Rulebook: "If the Black Galleon is wrecked, the player controlling it places it on the pirate den
#   of their choice then places 15 doubloons from the bank in the first, 10 in the second and 5 in
#   the third hold of the Black Galleon's ship board."
def test_sinking_the_galleon_sends_it_to_a_den_refitted():
    s = base()
    put(s, 2, 1, "open_sea")
    put(s, 3, 1, "pirate_den")
    s.galleon["pos"] = (2, 1, 0)
    s.flag = 1
    for h in s.galleon["holds"]:
        if h:
            s.bank += h[1]
    s.galleon["holds"] = [None] * 4
    s = acting(s)
    s.rng = Script([6, 6, 1, 1])
    s = do(s, "attack galleon")
    assert s.galleon["pos"] == (3, 1, 0)  # a single den: no choice
    assert s.galleon["holds"][:3] == [("doubloons", 15), ("doubloons", 10), ("doubloons", 5)]
    assert s.ships[0]["plus3"] == 1
    ok(s)


# -- D: trade in a port ----------------------------------------------------------------------
def in_port(s, seat, cell, owner, **kw):
    if cell not in s.ports:
        s.ports[cell] = owner
        s.ships[owner]["ports_left"] -= 1
    return acting(s, seat, cell, **kw)


# Rulebook: "D - Trade in port"
# Rulebook: "If the tile you ended your movement on has a port on it, you can buy or sell spice and
#   / or redeem all or part of the underwater finds and / or castaways you have in your holds, as
#   follows."
# Rulebook: "Pay the required doubloons from your holds in the bank and load the purchased crates
#   into a single empty hold."
# Rulebook: "You can sell a maximum of 2 crates of spice at a time."
# Rulebook: "The price for one crate is determined by adding the current exchange value to the roll
#   of one red dice."
# Rulebook: "Example: The day is sunny and Green wants to trade spice."
# Rulebook: "Using the common movement value they first set sail to one of their own ports to buy
#   some."
# Rulebook: "Looking at the exchange board, we can see that they will have to pay 4 doubloons for
#   each crate."
# Rulebook: "Green could buy up to 2 crates but as they only have 5 doubloons in their holds, they
#   will only be able to buy 1, which they will place in an empty hold."
# Rulebook: "It's now time to sell those crates."
# Rulebook: "Using their second movement, Green now moves to an opponent's port."
# Rulebook: "That red port will do."
# Rulebook: "Once there, Green decides to sell all their spice!"
# Rulebook: "Adding the roll of 1 red dice to the current exchange value, they obtain 7 doubloons
#   for each of their crates, for a total of 14 doubloons."
def test_spice_trade_example():
    """Exchange value 3: 4 doubloons a crate. Green has 5 doubloons and 1 crate."""
    s = island(base())
    put(s, 6, 1, "island_1_beach", 3)
    holds(s, 0, ("doubloons", 5), ("spice", 1), stash=15)
    s = in_port(s, 0, (2, 1), 0, legs=(2, 4), exchange=3, weather="sunny")
    assert [a for a in acts(s) if "spice" in a] == ["buy 1 spice"]  # 2 would cost 8
    s = do(s, "buy 1 spice")
    assert sorted(h for h in s.ships[0]["holds"] if h) == [("doubloons", 1), ("spice", 1), ("spice", 1)]
    assert RULES.pending(s).kind == "act"  # trading several times is still 1 action
    s = do(s, "end move")
    s.ports[(6, 1)] = 1
    s.ships[1]["ports_left"] -= 1
    s.ships[0]["pos"] = (6, 1, 0)
    s.sail["step"] = "act"
    s.rng = rng_with_next_red(4)
    s = do(s, "sell 2 spice")
    assert ("doubloons", 14) in s.ships[0]["holds"]  # 3 + 4 = 7 each
    assert s.ships[0]["pile"]["spice"] == 2
    ok(s)


# Rulebook: "You can buy spice from your own ports only."
# Rulebook: "You can sell spice in your opponents' ports only."
def test_buy_only_in_own_ports_sell_only_in_opponents_ports():
    s = island(base())
    holds(s, 0, ("doubloons", 15), ("spice", 2), stash=5)
    own = in_port(s.copy(), 0, (2, 1), 0)
    assert "buy 1 spice" in acts(own) and not [a for a in acts(own) if a.startswith("sell")]
    theirs = in_port(s.copy(), 0, (2, 1), 1)
    assert "sell 2 spice" in acts(theirs) and not [a for a in acts(theirs) if a.startswith("buy")]


# Rulebook: "There is only a limited number of spice crates in the game."
# Rulebook: "Once the last crate is bought from the supply, no one can buy spice until someone puts
#   some back in it by emptying one of their holds in the sea."
# Rulebook: "You can still recover or sell some."
def test_spice_supply_is_limited():
    s = island(base())
    s.supply["spice"] = 1  # the other crates are in holds or sold: only 1 left to buy
    s = in_port(s, 0, (2, 1), 0)
    assert [a for a in acts(s) if a.startswith("buy")] == ["buy 1 spice"]


# Rulebook: "Alternative rule: For more speculative spice trades, increase the maximum number of
#   crates you can buy or sell up to the number of tiles that compose the island you are trading
#   on."
# Rulebook: "You still cannot buy or sell more than 2 crates at the time on the Isle of Winds."
def test_speculative_spice_option_raises_the_limit_to_the_island_size():
    s = island(base(n=2))
    s.options = dict(s.options, speculative_spice=True)
    holds(s, 0, ("doubloons", 20), stash=0)
    s = in_port(s, 0, (2, 1), 0, exchange=1)
    assert "buy 3 spice" in acts(s) and "buy 4 spice" not in acts(s)


# Rulebook: "Castaways and underwater finds can be redeemed for doubloons from the bank in any
#   port."
# Rulebook: "Add the current exchange value to the roll of 1 red dice to decide their value."
# Rulebook: "Place the redeemed goods in front of you."
# Rulebook: "They will be used for the end scoring."
def test_redeem_castaways_and_finds_for_exchange_value_plus_a_red_die():
    s = island(base())
    holds(s, 0, ("castaway", 2), ("find", 1), ("doubloons", 5), stash=15)
    s = in_port(s, 0, (2, 1), 1, exchange=2)
    assert {"redeem 1 castaway", "redeem 2 castaway", "redeem 1 find"} <= set(acts(s))
    s.rng = rng_with_next_red(3)
    s = do(s, "redeem 2 castaway")
    assert ("doubloons", 10) in s.ships[0]["holds"] and s.ships[0]["pile"]["castaway"] == 2
    assert "redeem 1 find" in acts(s)  # still the same action
    ok(s)


# Rulebook: "Pirate: Pirates are not welcome in ports!"
# Rulebook: "You cannot trade in a port if you are a pirate."
def test_pirates_cannot_trade():
    s = island(base())
    holds(s, 0, ("castaway", 2), ("doubloons", 5), stash=15)
    s.ships[0]["pirate"] = True
    s = in_port(s, 0, (2, 1), 1)
    assert not [a for a in RULES.legal_actions(s) if isinstance(a, Trade)]


# Rulebook: "Your stash can only contain Doubloons"
# Rulebook: "If you are in one of your own ports, you can reorganize your holds as an additional
#   and final action."
# Rulebook: "You cannot perform another action after reorganizing your holds."
# Rulebook: "You can also move doubloons between your stash and your holds and vice versa."
# Rulebook: "Important: This additional action is the only way to move doubloons to or from your
#   stash during the game."
def test_reorganize_holds_in_own_port_is_the_final_action_and_moves_the_stash():
    s = island(base())
    holds(s, 0, ("doubloons", 5), ("spice", 2), stash=15)
    s = in_port(s, 0, (2, 1), 0)
    s = do(s, "reorganize holds")
    assert RULES.pending(s).kind == "load"
    s = do(s, "hold 1 20 doubloons")
    s = do(s, "hold 2 1 spice")
    s = do(s, "hold 3 1 spice")
    s = do(s, "hold 4 empty")
    sh = s.ships[0]
    assert sh["holds"] == [("doubloons", 20), ("spice", 1), ("spice", 1), None] and sh["stash"] == 0
    assert RULES.pending(s).seat == 1  # the move is over
    ok(s)


def test_no_reorganize_outside_own_port():
    s = island(base())
    s = in_port(s, 0, (2, 1), 1)
    assert "reorganize holds" not in acts(s)
    s2 = base()
    put(s2, 2, 1, "open_sea")
    assert "reorganize holds" not in acts(acting(s2))


# Rulebook: "Share the doubloons, spice, treasures, castaways and / or underwater finds on your
#   ship board as you please between your holds according to the holds rules (see Holds and stash
#   p.4)."
def test_goods_left_must_fit_the_holds_when_reorganizing():
    s = island(base())
    holds(s, 0, ("doubloons", 5), ("spice", 2), ("find", 1), ("castaway", 1), stash=15)
    s = do(in_port(s, 0, (2, 1), 0), "reorganize holds")
    s = do(s, "hold 1 20 doubloons")
    # three kinds left for three holds: no hold may stay empty now
    assert "hold 2 empty" not in acts(s)


# -- E: cease to be a pirate ----------------------------------------------------------------
# Rulebook: "The only way to cease to be a pirate is by doing so as an action (see Cease to be a
#   pirate p.17)."
# Rulebook: "Cease to be a pirate (pirates only; only in your starting port of the Isle of Winds)"
# Rulebook: "Pirate: If the tile you ended your movement on contains your starting port from the
#   Isle of Winds, you can become an explorer again."
# Rulebook: "Simply turn your black flag face down."
def test_cease_to_be_a_pirate_only_in_the_starting_port():
    s = base()
    s.ships[0]["pirate"] = True
    s = sailing(s, 0, step="act")  # Green is on its starting port (0, 1)
    assert "cease piracy" in acts(s)
    s = do(s, "cease piracy")
    assert not s.ships[0]["pirate"]
    s2 = island(base())
    s2.ships[0]["pirate"] = True
    assert "cease piracy" not in acts(acting(s2))


# Rulebook: "simply return its content to the bank or supply"
def test_a_hold_thrown_into_the_sea_to_take_the_spoils_is_said_and_counted():
    """"If you need to load something in 1 empty hold and none of them are, you may throw a hold
    into the sea": the log says what went overboard, and the ledger counts it with its reason."""
    from tabletop_tui.rules.core import Change
    from tabletop_tui.rules.finis_terrae import holds as H
    from tabletop_tui.rules.finis_terrae.ship_boards import GOODS_KEYS

    full = (("doubloons", 5), ("doubloons", 5), ("find", 1), ("doubloons", 5))
    s = combat_state(att_holds=full)
    s.rng = Script([6, 6, 1, 1])
    s = do(s, "attack seat 2")
    s = do(s, "take hold 1 throw 3")
    thrown = H.text(("find", 1))
    assert any(f"throwing {thrown} into the sea to make room" in e for e in s.events)
    assert Change(0, dict(GOODS_KEYS)["find"], -1, "thrown into the sea") in s.notes
