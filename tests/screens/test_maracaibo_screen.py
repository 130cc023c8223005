"""Maracaibo on screen: a whole game by keyboard, hidden hands behind the curtain, the grouped
decisions (delivery card → good → disc, annex and displace targets, buying), the round-end summary
and the game-over breakdown."""
from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from rich.text import Text

from tabletop_tui.match import Match, Seat
from tabletop_tui.rules.maracaibo.content import card
from tabletop_tui.screens.handoff import HandoffScreen
from tabletop_tui.screens.maracaibo import MaracaiboScreen, Menu, RoundEndScreen
from tabletop_tui.screens.maracaibo_over import MaracaiboGameOver
from tabletop_tui.widgets.decision import DecisionPanel
from tabletop_tui.widgets.route_map import RouteMap

from .helpers import BOT_WAITS, app_for, played_match, where_it_stood


def screen_text(app) -> str:
    """The rendered screen as plain text (what a player at the terminal sees)."""
    w, h = app.size
    console = Console(width=w, height=h, file=io.StringIO(), force_terminal=True, color_system="truecolor",
                      record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text(styles=False)


def mar_match(players=3, seed=5, moves=0, bots=(), until=None) -> Match:
    return played_match("maracaibo", players, seed, moves, bots=bots, until=until)


# -- a keyboard player ------------------------------------------------------------------------
def pick(screen: MaracaiboScreen) -> int:
    """Which shown entry a keen player takes: deliver, fulfil quests, fight and annex."""
    labels = [("" if screen.why_not(a) else screen.label(screen.match.state, a)) for a in screen.actions]
    # (the first choice that can be taken: a kept row, dim, may stand first while a decision lasts)
    free = next((i for i, lab in enumerate(labels) if lab), 0)
    d = screen.match.pending
    def first(*words):
        for w in words:
            for i, lab in enumerate(labels):
                if lab.startswith(w):
                    return i
        return None
    if d.kind == "move":
        def score(lab):
            return (("quest" in lab) * 2 + ("Battle Station" in lab or "Fort or Frontier" in lab) * 3
                    + (" · " in lab) + ("village action" in lab))
        return max(range(len(labels)), key=lambda i: (bool(labels[i]), score(labels[i]), -i))
    if d.kind == "main":
        k = first("Deliver a good", "Fulfil", "City action: Battle", "City action: Fort", "City action", "Village")
        return free if k is None else k
    if d.kind == "combat_nation":
        vals = [int(re.search(r"value (\d+)", lab).group(1)) for lab in labels]
        return max(range(len(labels)), key=lambda i: vals[i])
    if d.kind == "combat_loop":
        k = first("Annex", "Displace", "Gain 2", "Gain 1", "Spend", "End")
        return free if k is None else k
    if d.kind == "effect" or d.kind == "choose":
        k = first("Option 1: fight")
        return free if k is None else k
    k = first("Fulfil", "Buy")
    return free if k is None else k


async def press_choice(pilot, screen: MaracaiboScreen, i: int) -> None:
    """Press the entry's digit, or move the highlight with the arrow keys and press Enter."""
    if i < 9:
        await pilot.press(str(i + 1))
        return
    panel = screen.query_one(DecisionPanel)
    cur = panel.highlighted or 0
    key = "down" if i > cur else "up"
    for _ in range(abs(i - cur)):
        await pilot.press(key)
    await pilot.press("enter")


async def play_on(app, pilot, steps: int, seen=None) -> None:
    """Answer every human decision (and close the curtain and the round-end summary) until the
    game is over or the player has answered ``steps`` times (the waits for bots are bounded
    apart: see BOT_WAITS)."""
    keys = waits = 0
    while keys < steps and waits < BOT_WAITS:
        await pilot.pause()
        scr = app.screen
        if isinstance(scr, (HandoffScreen, RoundEndScreen)):
            if seen is not None and isinstance(scr, RoundEndScreen):
                seen.append(screen_text(app))
            await pilot.press("enter")
            keys += 1
            waits = 0  # (BOT_WAITS: waits in a row)
            continue
        if isinstance(scr, MaracaiboGameOver):
            return
        if not isinstance(scr, MaracaiboScreen):
            await pilot.pause(0.05)
            waits += 1
            continue
        m = scr.match
        d = m.pending
        if scr.handover_to is not None:  # the mover has seen the result: pass the keyboard
            await pilot.press("enter")
            keys += 1
            waits = 0  # (BOT_WAITS: waits in a row)
            continue
        if d is None or m.seats[d.seat].bot:
            await pilot.pause(0.02)
            waits += 1
            continue
        if not scr.actions:
            await pilot.pause(0.01)
            waits += 1
            continue
        await press_choice(pilot, scr, pick(scr))
        keys += 1
        waits = 0  # (BOT_WAITS: waits in a row)


@pytest.mark.slow
async def test_a_whole_three_player_game_by_keyboard():
    m = Match("maracaibo", [Seat("Anna"), Seat("Bruno", True, "random"), Seat("Chiara", True, "random")], 11)
    app = app_for(m)
    summaries: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await play_on(app, pilot, 20000, summaries)
        assert isinstance(app.screen, MaracaiboGameOver), where_it_stood(app)
        assert app.bot_watchdog_acts == []  # every bot's turn went on by itself
        text = screen_text(app)
        assert "game over" in text and "tie-break: doubloons" in text and "influence" in text
    anna = [a for a, who in zip(m.actions, m.actors) if who == 0]
    assert any(a.startswith("city deliver") for a in anna)  # card → good → disc
    assert any(a.startswith(("annex", "displace")) for a in anna)
    assert any(a.startswith("quest") and a != "quest skip" for a in anna)
    assert len(summaries) == 3  # rounds 1-3 end with the interim scoring shown
    assert "Income" in summaries[0] and "Markets cleared" in summaries[0]


def known(m, seat):
    """(card names anyone may see now, card names only others hold): the display, the discard
    pile, planning areas and bought cards are public; ``seat``'s own hand is theirs to see."""
    g = m.state.g
    public = set(g["display"]) | set(g["discard"])
    for p in g["players"]:
        public |= set(p["plan"]) | set(p["bought"])
    mine = set(g["players"][seat]["hand"]) if seat is not None else set()
    names_ok = {card(c)["name"] for c in public | mine}
    secret = {card(c)["name"] for i, p in enumerate(g["players"]) if i != seat for c in p["hand"]}
    secret |= {card(c)["name"] for c in g["deck"]}
    return names_ok, secret


async def lift(pilot):
    """A game that hides things among two or more people opens behind the curtain, new or
    resumed: the player to move is ready."""
    await pilot.pause()
    if isinstance(pilot.app.screen, HandoffScreen):
        await pilot.press("enter")
        await pilot.pause()


@pytest.mark.slow
async def test_no_other_seats_cards_on_screen_at_any_turn():
    """Three humans behind the curtain: at every decision the screen shows the cards of the
    player to move and the public ones, never a card only another seat holds."""
    m = Match("maracaibo", [Seat("Anna"), Seat("Bruno"), Seat("Chiara")], 7)
    app = app_for(m)
    checked = set()
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(150):
            await pilot.pause()
            scr = app.screen
            if isinstance(scr, (HandoffScreen, RoundEndScreen)):
                text = screen_text(app)
                if isinstance(scr, HandoffScreen):  # the curtain: what happened, no hand card
                    names_ok, secret = known(m, None)
                    for name in secret - names_ok:
                        assert name not in text, f"{name} on the curtain"
                await pilot.press("enter")
                continue
            if not isinstance(scr, MaracaiboScreen) or m.pending is None:
                break
            if scr.handover_to is not None:  # the mover looks at the result, then passes
                seat = scr.shown_for
            else:
                seat = m.pending.seat
            names_ok, secret = known(m, seat)
            text = screen_text(app)
            for name in secret - names_ok:
                assert name not in text, f"{name} on screen for seat {seat}"
            checked.add(seat)
            if scr.handover_to is not None:
                await pilot.press("enter")
            else:
                await press_choice(pilot, scr, pick(scr))
    assert checked == {0, 1, 2}


async def test_a_delivery_goes_card_then_good_then_disc():
    def at_delivery(m):
        return m.pending.kind == "main" and any(a.text.startswith("city deliver") for a in m.legal_actions()) \
            and not m.seats[m.pending.seat].bot
    m = mar_match(players=3, seed=5, until=at_delivery)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await lift(pilot)
        scr = app.screen
        k = next(i for i, a in enumerate(scr.actions) if isinstance(a, Menu) and a.key == "deliver")
        await press_choice(pilot, scr, k)
        await pilot.pause()
        assert all(isinstance(a, Menu) for a in scr.actions[:-1])  # the cards that fit
        assert scr.label(m.state, scr.actions[-1]).startswith("← back")
        await press_choice(pilot, scr, 0)
        await pilot.pause()
        while any(isinstance(a, Menu) and a.key.startswith("g:") for a in scr.actions):
            await press_choice(pilot, scr, 0)  # the good, when the card shows two that fit
            await pilot.pause()
        labels = [scr.label(m.state, a) for a in scr.actions[:-1]]
        assert labels and all(lab.startswith("Disc from ") for lab in labels)
        await pilot.press("backspace")
        await pilot.pause()
        assert scr.path  # one step back up, still in the delivery
        before = len(m.actions)
        while len(m.actions) == before:
            await press_choice(pilot, scr, 0)
            await pilot.pause()
        assert m.actions[-1].startswith("city deliver")


async def test_movement_highlights_reachable_stops_with_their_mp():
    m = mar_match(players=2, seed=3, until=lambda m: m.pending.kind == "move" and m.state.g["phase"] == "play")
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await lift(pilot)
        rm = app.screen.query_one(RouteMap)
        assert rm.targets == {a.target for a in m.legal_actions()}
        assert set(rm.extra["mp"].values()) >= {"1MP", "7MP"}
        first = rm.cursor
        await pilot.press("right")
        await pilot.pause()
        assert rm.cursor != first and rm.cursor in rm.targets


async def test_combat_shows_each_nations_value_and_the_value_left():
    m = mar_match(players=3, seed=5, until=lambda m: m.pending.kind == "combat_nation")
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await lift(pilot)
        scr = app.screen
        labels = [scr.label(m.state, a) for a in scr.actions]
        assert all(re.match(r"Fight for \w+: combat value \d+ \(token", lab) for lab in labels)
        await press_choice(pilot, scr, 0)
        await pilot.pause()
        assert "value" in str(app.screen.prompt_text(m.pending))
        labels = [scr.label(m.state, a) for a in scr.actions]
        assert any("of your combat value" in lab for lab in labels)


async def test_80x24_is_played_and_the_notice_only_shows_below_it():
    app = app_for(mar_match(players=2, seed=3, moves=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await lift(pilot)  # the first player takes the keyboard behind the curtain
        assert "needs at least" not in screen_text(app) and not app.screen.small
        await pilot.resize_terminal(79, 24)
        await pilot.pause()
        assert "needs at least 80×24" in screen_text(app)


async def test_player_names_are_text_not_markup():
    m = Match("maracaibo", [Seat("An[/]na"), Seat("[b]Bo", True, "random")], 3)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "An[/]na" in screen_text(app)


@pytest.mark.slow
async def test_key_mashing_and_clicks_never_crash():
    from tabletop_tui.rules.core import Rng

    m = Match("maracaibo", [Seat("Anna"), Seat("Bruno", True, "random"), Seat("Chiara", True, "random")], 9)
    app = app_for(m)
    rng = Rng(4)
    keys = ["1", "2", "3", "4", "9", "left", "right", "up", "down", "enter", "backspace", "u"]
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(120):
            await pilot.pause()
            if not isinstance(app.screen, MaracaiboScreen):
                await pilot.press("escape")  # a menu, the summary or a notice: close it
                continue
            if rng.randbelow(4) == 0:
                await pilot.click(RouteMap, offset=(rng.randbelow(64), rng.randbelow(11)))
            else:
                await pilot.press(keys[rng.randbelow(len(keys))])
        assert len(m.actions) > 10
        assert m.rules.invariants(m.state) == []


async def test_a_click_on_a_reachable_stop_sails_there():
    m = mar_match(players=2, seed=3, until=lambda m: m.pending.kind == "move" and m.state.g["phase"] == "play")
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await lift(pilot)
        rm = app.screen.query_one(RouteMap)
        dest = sorted(rm.targets, key=lambda t: rm.extra["mp"][t[1]])[-1][1]  # the farthest stop
        cw, nh, gap = rm.geometry(rm.size.width, rm.size.height)
        x, y = rm.box_at(dest, cw, nh, gap)
        n = len(m.actions)
        await pilot.click(RouteMap, offset=(x + 1, y + 1))
        await pilot.pause()
        assert len(m.actions) > n and m.actions[n].split()[:2] == ["move", dest]


def test_the_seat_sheet_names_the_goods_of_every_card_in_hand_and_in_the_planning_area():
    """What each card in hand can deliver (and what each planned card shows), on the seat sheet."""
    m = mar_match(players=4, seed=5, until=lambda m: m.state.g["phase"] == "play")
    seat = 0
    p = m.state.g["players"][seat]
    sheet = dict(m.rules.sheet(m.rules.view(m.state, seat), seat))
    assert p["hand"] and p["plan"]
    for part, cards in (("Hand", p["hand"]), ("Planning area", p["plan"])):
        for c, line in zip(cards, sheet[part]):
            goods = card(c)["goods"]
            assert line.startswith(card(c)["name"])
            assert f"goods: {', '.join(goods) if goods else 'none'}" in line


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 50)])
async def test_the_seat_sheet_breaks_lines_between_words_with_the_rest_hanging_under_them(size):
    """No line of a Maracaibo sheet is broken again by the column ("2" / "figures", "(once," /
    "when" / "unlocked)."): every row that is not a heading or the name row hangs two or four
    columns in; the counters break between items; four sheets stand side by side only from 160."""
    from tabletop_tui.screens.seat_sheet import SeatSheetScreen

    m = mar_match(players=4, seed=5, until=lambda m: m.state.g["phase"] == "play" and len(m.actions) > 60)
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await lift(pilot)
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, SeatSheetScreen)
        statics = list(app.screen.query(".sheet-box Static"))
        assert len(statics) == (4 if size[0] >= 160 else 1)
        view = app.screen.game_screen.current_view()
        headings = {h for h, _ in m.rules.sheet(view, 0)} | {"VP by source"}
        for static in statics:
            text = static.content  # (the sheet's Text, drawn as the column draws it: at its width)
            assert isinstance(text, Text)
            width = static.content_region.width
            console = Console(width=width, file=io.StringIO())
            rows = ["".join(seg.text for seg in line) for line in console.render_lines(text, pad=False)]
            assert len(rows) > 20
            for k, row in enumerate(rows):
                if k == 0 or not row.strip() or row.strip() in headings:
                    continue
                assert row.startswith("  "), (size, row)
            assert not any(re.fullmatch(r"\s*\d+", row) for row in rows)  # a count without its unit


def test_no_letter_on_the_map_means_both_a_good_and_an_assistant():
    """Goods are s t c k l; an assistant is its player's letter in a circle (Ⓒ), never the letter
    in lower case, which for Chiara (or Sam, Tom, Kim, Lea) would read as a good; one cell wide."""
    from rich.cells import cell_len

    from tabletop_tui.widgets.players import markers
    from tabletop_tui.widgets.route_map import GOOD_LETTER, assistant_mark

    for names in (["Anna", "Bruno", "Chiara", "Dario", "Elena"], ["Sam", "Tom", "Kim", "Lea", "Cy"],
                  ["Ann", "Ann", "Ann", "Ann"]):
        for mark in markers(names):
            a = assistant_mark(mark)
            assert a not in GOOD_LETTER.values() and a != mark and cell_len(a) == 1, (mark, a)
    assert assistant_mark("C") == "Ⓒ"


async def test_an_assistant_on_the_map_is_its_players_letter_in_a_circle():
    m = mar_match(players=4, seed=5, until=lambda m: any(p["assistants"] for p in m.state.g["players"]))
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift(pilot)
        text = screen_text(app)
        for i, p in enumerate(m.state.g["players"]):
            if p["assistants"]:
                assert chr(0x24B6 + ord(app.screen.marks[i]) - ord("A")) in text


async def test_the_side_panel_keeps_figures_and_their_count_on_one_line_at_120x40():
    """The side panel's column (27 cells at 120×40) broke "figures" / "1+6": the count now goes
    with its word, on a line of its own when the income line has no room for it."""
    m = mar_match(players=4, seed=5, until=lambda m: m.state.g["phase"] == "play")
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await lift(pilot)
        rows = [r.split("│", 1)[1] if "│" in r else "" for r in screen_text(app).splitlines()]
        p = m.state.g["players"][app.screen.viewer_seat()]
        assert any(f"figures {p['fig_personal']}+{p['fig_general']}" in r for r in rows)
        assert not any(r.rstrip().endswith("figures") for r in rows)


async def test_the_interim_scoring_taller_than_80x24_says_what_is_below_and_how_to_reach_it():
    # a player at 80×24 saw the four-player interim scoring end at step 6 of 10, with nothing but a
    # scroll bar to say that the totals and "Press Enter" were below
    steps = [{"step": f"Step {k}", "text": "what happened in this step of the round's end",
              "per_seat": {s: f"+{k} doubloons" for s in range(4)}} for k in range(1, 11)]
    app = app_for(played_match("maracaibo", players=4, seed=11))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(RoundEndScreen(["Anna", "Bruno", "Chiara", "Dario"], list("ABCD"), 1, steps))
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert re.search(r"▼ \d+ more below: ↑↓ PgUp PgDn · Enter play on", text), text
        await pilot.press("end")
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "Press Enter to play on." in text and "more below" not in text
        assert re.search(r"▲ \d+ more above: ↑↓ PgUp PgDn · Enter play on", text), text
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, RoundEndScreen)  # Enter plays on


async def test_an_interim_scoring_that_fits_says_only_how_to_play_on():
    steps = [{"step": "Income", "text": "4 doubloons", "per_seat": {0: "+4 doubloons"}}]
    app = app_for(played_match("maracaibo", players=2, seed=11))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(RoundEndScreen(["Anna", "Bruno"], list("AB"), 1, steps))
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "Enter play on" in text and "more below" not in text and "more above" not in text
