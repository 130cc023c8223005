"""Maracaibo's menus while a decision lasts: each choice keeps its digit (one that stops being
available is listed dim with why, and choosing it says why and does nothing); a quest is paid one
card at a time, each step naming the good it pays."""
from __future__ import annotations

from textual.widgets import OptionList

from tabletop_tui.screens.maracaibo import MaracaiboScreen, Off

from .helpers import app_for, played_match
from .test_maracaibo_screen import lift, screen_text
from tests.screens.helpers import notices


def _human_village(m) -> bool:
    d = m.pending
    return d is not None and d.kind == "village" and not m.seats[d.seat].bot \
        and m.state.g["stack"][-1].get("ctx") == "main"


def village_match(doubloons: int):
    """A human at the village with two village actions, two hand cards and this much money."""
    m = played_match("maracaibo", 2, 3, bots=(1,), until=_human_village)
    g = m.state.g
    seat = m.pending.seat
    p = g["players"][seat]
    g["stack"][-1]["n"] = 2
    p["dbl"] = doubloons
    while len(p["hand"]) < 2:
        p["hand"].append(g["deck"].pop())
    return m, seat


def options(app):
    ol = app.screen.query_one("#choices", OptionList)
    return [(str(ol.get_option_at_index(i).prompt), ol.get_option_at_index(i).disabled)
            for i in range(ol.option_count)]


async def _two_presses_of_2(doubloons: int):
    m, seat = village_match(doubloons)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await lift(pilot)
        first = options(app)
        assert first[0][0].startswith("1 Buy a card or invest…")
        assert first[1][0].startswith("2 Sell off") and not first[1][1]
        assert first[2][0].startswith("3 Odd jobs")
        hand = len(m.state.g["players"][seat]["hand"])
        await pilot.press("2")
        await pilot.pause()
        assert m.actions[-1] == "sell"
        p = m.state.g["players"][seat]
        assert p["hand"] == [] and p["dbl"] == doubloons + 2 and hand >= 2
        n = len(m.actions)
        second = options(app)
        assert [t.split(" — ")[0][:12] for t, _ in second[:3]] == [t[:12] for t, _ in first[:3]]
        assert second[1][1] and "the hand is empty" in second[1][0]  # dim, with why
        await pilot.press("2")
        await pilot.pause()
        assert len(m.actions) == n  # nothing happened: the hand was already sold
        assert m.pending.kind == "village"
        await pilot.press("3")
        await pilot.pause()
        assert m.actions[-1] == "odd-job"
        return first


async def test_pressing_2_twice_in_the_village_sells_off_once_with_money():
    """With money to buy: 2 is Sell off, and 2 again (the hand gone) does nothing and says why."""
    first = await _two_presses_of_2(30)
    assert not first[0][1]


async def test_pressing_2_twice_in_the_village_sells_off_once_without_money():
    """Without money Buy stays in place 1, dim with what it needs: 2 is still Sell off."""
    first = await _two_presses_of_2(0)
    assert first[0][1] and "needs" in first[0][0] and "you have 0" in first[0][0]


async def test_a_dim_village_choice_does_nothing_and_says_why():
    m, seat = village_match(0)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await lift(pilot)
        scr = app.screen
        assert isinstance(scr, MaracaiboScreen) and isinstance(scr.actions[0], Off)
        n = len(m.actions)
        await pilot.press("1")
        await pilot.pause()
        assert len(m.actions) == n and scr.path == []
        assert any("Not possible now: needs" in str(note.message) for note in notices(app))


def _human_combat(m) -> bool:
    d = m.pending
    return d is not None and d.kind == "combat_loop" and not m.seats[d.seat].bot


async def test_combat_choices_keep_their_places_as_the_value_falls():
    """Influence 1 and 2, annex, displace, the cards, spend, end: the same places before and after
    a combat action; the ones the value no longer pays for are dim with what they need."""
    m = None
    for seed in range(3, 40):
        m = played_match("maracaibo", 2, seed, bots=(1,), until=_human_combat)
        if not m.over and any(a.text.startswith("infl 1") for a in m.legal_actions()):
            break
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await lift(pilot)
        before = options(app)
        k = next(i for i, (t, off) in enumerate(before) if "Gain 1 influence" in t)
        assert "uses 2 of your combat value" in before[k][0]
        await pilot.press(str(k + 1))
        await pilot.pause()
        if m.pending is not None and m.pending.kind == "combat_loop":
            after = options(app)
            assert len(after) == len(before)
            assert [t[:6] for t, _ in after] == [t[:6] for t, _ in before]
            assert after[k][1] and "this turn already" in after[k][0]
        else:  # nothing left to use the value on: the combat ended at once
            assert m.actions[-1] == "infl 1"


async def test_a_quest_is_paid_one_card_at_a_time_naming_the_good():
    def at_quest(m):
        d = m.pending
        return d is not None and d.kind == "main" and not m.seats[d.seat].bot and any(
            a.text.startswith("quest") and len(__import__("tabletop_tui.rules.maracaibo.quests", fromlist=["x"]).steps(a.args[0]))
            for a in m.legal_actions())
    m = None
    for seed in range(3, 60):
        m = played_match("maracaibo", 2, seed, bots=(1,), until=at_quest)
        if not m.over:
            break
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await lift(pilot)
        scr = app.screen
        k = next(i for i, a in enumerate(scr.actions) if getattr(a, "text", "").startswith("quest"))
        label = scr.label(m.state, scr.actions[k])
        assert "one at a time" in label or "(then choose the card)" in label  # one card: no "its 1 cards"
        await pilot.press(str(k + 1))
        await pilot.pause()
        assert m.pending.kind == "quest_pay"
        text = screen_text(app)
        assert "card 1 of" in text and "pay the " in text
        labels = [scr.label(m.state, a) for a in scr.actions]
        assert labels and all("(" in lab for lab in labels)  # each card with its goods


def test_the_planning_list_shows_the_price_the_player_would_pay():
    """With a discount on the ship board, planning a card shows what buying it would cost this
    player, as the hand and the display do, not the printed price."""
    from tabletop_tui.rules.maracaibo import surface as SF
    from tabletop_tui.rules.maracaibo.content import card

    m = played_match("maracaibo", 2, 3, until=lambda m: m.pending.kind == "plan")
    scr = MaracaiboScreen(m)
    s = m.state
    seat = m.pending.seat
    p = s.g["players"][seat]
    for u in p["discs"]:
        p["discs"][u] = 0  # every upgrade done: the discount ones too
    plans = [a for a in m.legal_actions() if a.text.startswith("plan ")]
    assert plans
    for a in plans:
        c = a.text.split(" ")[1]
        pr = SF.price(s, seat, c)
        assert pr < card(c)["cost"] or pr == 0
        assert f"— {pr}$" in scr.label(s, a)


def test_the_in_app_rules_house_decisions_are_written_for_players():
    """No section numbers, ruling ids or "the specification"; combat actions once per turn (as the
    engine plays them); the spending rule, the log's reasons and the strip's CP are explained."""
    import re
    from tabletop_tui.assets import read_text


    text = read_text("maracaibo", "rules.md")
    house = text[text.index("## House decisions"):]
    assert "§" not in house and "specification" not in house and not re.search(r"\bE(1[5-9]|[2-4]\d)\b", house)  # (E1-E14 are explorer spaces)
    assert "once per combat" not in text and "Each combat action once per turn" in house
    assert "only while influence" in house and "ends at once" in house
    assert "CP (combat" in house and "flag bonus" in house and "unused assistant" in house


async def test_escape_in_a_step_menu_goes_back_a_step_not_out_of_the_game():
    from tabletop_tui.screens.confirm import ConfirmScreen

    m, _ = village_match(5)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await lift(pilot)
        screen = app.screen
        await pilot.press("1")  # Buy a card or invest…
        await pilot.pause()
        assert screen.path
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.path == []
        assert options(app)[0][0].startswith("1 Buy a card or invest…")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
