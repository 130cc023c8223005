"""Paying from the holds (issue 45, item 4): when the holds can pay a price so as to be left with
different things, the player chooses which holds pay — the usual way (the smallest pile first)
offered first — and when every way leaves the same, the price is paid as before, unasked.

The rulebook: "Each of your holds can contain only 1 kind of thing at a time" and "The content of
your holds can be stolen by pirates or lost in case of a wreck": which holds a payment empties
decides the room for cargo and what a storm or a combat can take."""
import json
from pathlib import Path

import pytest

from tabletop_tui.match import Match, Seat
from tabletop_tui.rules.core import IllegalAction, change_text
from tabletop_tui.rules.finis_terrae import RULES
from tabletop_tui.rules.finis_terrae import holds as H
from tabletop_tui.rules.finis_terrae.actions import Move, Pay, Trade

from ._helpers import acts, do, holds, ok, sailing
from .test_finis_terrae_actions import acting, base, island
from .test_finis_terrae_sailing import example_map

OLD_SAVES = Path(__file__).parent / "old_saves"
D = "doubloons"


def port_for_5(*contents):
    """Green on a one-tile island's beach (a port costs 5), with these holds."""
    s = base()
    from ._helpers import put
    put(s, 2, 1, "island_1_beach", 1)
    s = acting(s)
    holds(s, 0, *contents)
    return s


# -- the holds that pay --------------------------------------------------------------------
def test_the_ways_to_pay_are_the_orders_of_the_holds_that_leave_something_different():
    hs = [(D, 9), (D, 9), (D, 2), None]
    ways = H.pay_ways(hs, 5)
    assert ways[0] == ((2, 0), [(D, 6), (D, 9), None, None])  # pay's own way first
    assert ways[0][1] == H.pay(hs, 5)
    assert ways[1:] == [((0,), [(D, 4), (D, 9), (D, 2), None])]  # hold 2 alone leaves the same
    # a 10 doubloon price from 10 + 5: whichever pays, one hold of 5 is left: nothing to choose
    assert len(H.pay_ways([(D, 10), (D, 5), None, None], 10)) == 1


def test_a_port_paid_from_holds_that_can_pay_two_ways_asks_which_holds_pay():
    """"establish a port on it by paying 5 doubloons from your holds to the bank for each tile":
    9 + 9 + 2 can pay 5 by emptying the 2 (and 3 from a 9), or from a 9 alone."""
    s = port_for_5((D, 9), (D, 9), (D, 2))
    bank = s.bank
    s = do(s, "establish port")
    d = RULES.pending(s)
    assert d.kind == "pay" and d.seat == 0 and "pay 5 doubloons for the port" in d.prompt
    assert acts(s) == ["pay from holds 3 1", "pay from hold 1"]
    assert s.bank == bank + 5 and s.ports[(2, 1)] == 0  # paid; only which holds is open
    assert RULES.describe(s, Pay((2, 0))) == "Holds 3 then 1 pay → |$6|$9|-|-| (the usual way: smallest pile first)"
    assert RULES.describe(s, Pay((0,))) == "Hold 1 pays → |$4|$9|$2|-|"
    kept = do(s, "pay from hold 1")
    assert kept.ships[0]["holds"] == [(D, 4), (D, 9), (D, 2), None]
    assert RULES.pending(kept).kind == "act" and "reorganize holds" in acts(kept)  # the turn goes on
    usual = do(s, "pay from holds 3 1")
    assert usual.ships[0]["holds"] == [(D, 6), (D, 9), None, None]
    ok(kept), ok(usual)


def test_the_in_app_rules_and_the_notation_say_so():
    from tabletop_tui.assets import read_text

    rules = " ".join(read_text("finis_terrae", "rules.md").split())
    assert "you choose which holds pay, in the order they pay" in rules
    notation = (Path(__file__).parents[3] / "docs" / "notation" / "finis_terrae.md").read_text()
    assert "`pay from holds 3 1`" in notation


def test_when_every_way_leaves_the_same_the_price_is_paid_as_before_unasked():
    s = port_for_5((D, 5), (D, 5))
    s = do(s, "establish port")
    assert RULES.pending(s).kind == "act"  # no choice: either hold of 5 empties
    assert s.ships[0]["holds"] == [None, (D, 5), None, None]
    ok(s)


def test_the_pirate_den_toll_asks_which_holds_pay():
    """"you have to pay 3 doubloons from your holds to the bank as a toll": 8 + 2 pays it by
    emptying the 2 and 1 from the 8, or 3 from the 8 keeping both piles."""
    s = example_map()
    holds(s, 0, (D, 8), (D, 2), stash=10)
    s = sailing(s, 0, legs=(3,))
    a = [a for a in RULES.legal_actions(s) if isinstance(a, Move) and (a.x, a.y) == (2, -1)][0]
    s = RULES.apply(s, a)
    assert RULES.pending(s).kind == "pay" and "pirate den toll" in RULES.pending(s).prompt
    assert acts(s) == ["pay from holds 2 1", "pay from hold 1"]
    s = do(s, "pay from hold 1")
    assert s.ships[0]["holds"] == [(D, 5), (D, 2), None, None]
    assert RULES.pending(s).kind == "act"
    ok(s)


def test_spice_is_bought_only_by_ways_that_leave_an_empty_hold_for_it():
    """"Pay the required doubloons from your holds in the bank and load the purchased crates into a
    single empty hold": 4 + 6 beside a castaway pays 4 by emptying the 4 (the crate goes there) or
    from the 6 (the crate goes into the last empty hold); with no hold left empty, 6 may not pay."""
    s = acting(island(base()), cell=(0, 1))  # Green's starting port
    holds(s, 0, (D, 4), (D, 6), ("castaway", 1))
    s = do(s, "buy 1 spice")
    assert acts(s) == ["pay from hold 1", "pay from hold 2"]
    s2 = do(s, "pay from hold 2")
    assert s2.ships[0]["holds"] == [(D, 4), (D, 2), ("castaway", 1), ("spice", 1)]
    assert RULES.pending(s2).kind == "act"
    ok(s2)
    t = acting(island(base()), cell=(0, 1))
    holds(t, 0, (D, 4), (D, 6), ("castaway", 1), ("find", 1))
    t = RULES.apply(t, Trade("buy", 1))
    assert RULES.pending(t).kind == "act" and t.ships[0]["holds"][0] == ("spice", 1)


def test_a_way_not_offered_is_refused_in_the_games_words_and_nothing_changes():
    s = do(port_for_5((D, 9), (D, 9), (D, 2)), "establish port")
    before = RULES.to_json(s)
    with pytest.raises(IllegalAction) as e:
        RULES.apply(s, Pay((1,)))  # hold 2 alone leaves what hold 1 alone leaves: not listed
    assert "pay 5 doubloons for the port" in e.value.reason
    with pytest.raises(IllegalAction) as e:
        RULES.parse(s, "pay from hold 9")
    assert "is not a legal move now" in e.value.reason and "which holds pay?" in e.value.reason
    assert RULES.to_json(s) == before


def test_the_choice_is_told_in_the_log_and_changes_no_count():
    """The price is booked on the port's own entry; the choice of the holds moves no doubloon."""
    before = port_for_5((D, 9), (D, 9), (D, 2))
    port = RULES.parse(before, "establish port")
    s = RULES.apply(before, port)
    (e,) = RULES.entries(before, port, s, RULES.log_line(before, port, s))
    assert "-5 $ (port established)" in change_text(e.changes, s.names, e.actor, e.line)
    a = Pay((0,))
    after = RULES.apply(s, a)
    line = RULES.log_line(s, a, after)
    assert line == "Green paid the port from hold 1; the holds keep 4 doubloons, 9 doubloons, 2 doubloons, empty."
    assert RULES.changes(s, a, after) == []  # the same doubloons, in other holds


# -- notation, saves, old saves ---------------------------------------------------------------
def test_a_game_with_a_payment_choice_saves_and_loads_to_the_same_position(tmp_path):
    m = Match.from_text((OLD_SAVES / "port_paid_and_on.json").read_text())
    lines = m.actions[:26]  # up to "establish port": 9 + 9 + 2 in the holds, the port costs 5
    m2 = Match("finis_terrae", [Seat("Anna"), Seat("Bruno")], 2, {})
    for t in lines:
        m2.play(t)
    assert m2.pending.kind == "pay"
    m2.play("pay from hold 1")
    path = m2.save(tmp_path / "paid.json")
    assert "pay from hold 1" in json.loads(path.read_text())["actions"]
    m3 = Match.load(path)
    assert RULES.to_json(m3.state) == RULES.to_json(m2.state)
    assert RULES.from_json(RULES.to_json(m2.state)).ships[1]["holds"] == m2.state.ships[1]["holds"]


def test_a_save_made_right_after_a_payment_before_the_choice_existed_loads_to_that_position():
    """Saved by the version before (its state hash taken with the port paid the usual way): it
    loads, the usual way stands paid, and the choice of the holds is offered."""
    m = Match.from_text((OLD_SAVES / "port_just_paid.json").read_text())
    assert m.pending.kind == "pay"
    seat = m.pending.seat
    assert m.state.ships[seat]["holds"] == [(D, 6), (D, 9), None, None]
    m.play(m.legal_actions()[0])
    assert m.pending.kind == "act"


def test_a_save_whose_lines_go_on_after_a_payment_still_replays_them():
    """The version before went on from a payment straight to the next decision ("reorganize
    holds"): that line is still read, the payment made the usual way."""
    m = Match.from_text((OLD_SAVES / "port_paid_and_on.json").read_text())
    assert m.actions[25:27] == ["establish port", "reorganize holds"]
    assert m.pending.kind == "load" and not m.over
    m.play(m.legal_actions()[0])

