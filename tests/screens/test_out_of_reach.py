"""A choice the player lacks something for is listed dim with what it needs, never missing
without a word: Finis Terrae's "Establish a port" at a beach without the doubloons, Finca's
"Deliver" when no community can be filled. Choosing it says what it needs."""
from __future__ import annotations

from textual.widgets import OptionList

from .helpers import app_for, played_match
from tests.screens.helpers import notices


def options(app):
    ol = app.screen.query_one("#choices", OptionList)
    return [(str(ol.get_option_at_index(i).prompt), ol.get_option_at_index(i).disabled)
            for i in range(ol.option_count)]


def poor_at_a_beach():
    """Finis Terrae: the ship of the person to move at a beach where a port costs 10, with 3."""
    m = played_match("finis_terrae", 3, seed=1, bots=(0, 1), until=lambda m: m.pending is not None
                     and m.pending.kind == "act" and "establish port" in [str(a) for a in m.legal_actions()])
    seat = m.pending.seat
    m.state.ships[seat]["holds"] = [("doubloons", 3), ("spice", 1), ("spice", 1), ("spice", 1)]
    return m


def test_the_rules_name_a_port_that_lacks_only_doubloons():
    m = poor_at_a_beach()
    assert "establish port" not in [str(a) for a in m.legal_actions()]
    assert m.rules.out_of_reach(m.state) == [("Establish a port here", "needs 10 doubloons, you have 3")]


async def test_a_port_without_the_doubloons_is_listed_dim_with_what_it_needs():
    m = poor_at_a_beach()
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown = options(app)
        k = next(i for i, (text, _) in enumerate(shown) if "Establish a port here" in text)
        assert shown[k][1] and "needs 10 doubloons, you have 3" in shown[k][0]
        n = len(m.actions)
        await pilot.press(str(k + 1))
        await pilot.pause()
        assert len(m.actions) == n
        assert any("Not possible now: needs 10 doubloons, you have 3" in x.message for x in notices(app))


async def test_deliver_without_a_community_to_fill_is_listed_dim_with_what_it_needs():
    m = played_match("finca", 2, seed=1, until=lambda m: m.state.step == "turn" and m.state.carts[m.state.turn]
                     and m.rules.out_of_reach(m.state))
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown = options(app)
        dim = [text for text, off in shown if off]
        assert any(text.split(" ", 1)[1].startswith("Deliver fruit — ")
                   and "no community's tile can be filled with your fruits" in text for text in dim), shown
