"""Finca's screen through the keyboard and the mouse, as people play it."""
from __future__ import annotations


import pytest
from textual.geometry import Region

from tabletop_tui.match import Match, Seat, list_saves
from tabletop_tui.rules import finca as F
from tabletop_tui.rules.core import Rng
from tabletop_tui.screens.finca import FincaScreen, refusal_kind, short_reason, tiny_reason
from tabletop_tui.screens.game_over import GameOverScreen
from tabletop_tui.screens.launcher import LauncherScreen
from tabletop_tui.screens.setup import SetupScreen
from tabletop_tui.widgets.communities import REFUSED, Communities
from tabletop_tui.widgets.decision import DecisionPanel
from tabletop_tui.widgets.windmill import GRID, Windmill

from .helpers import BOT_WAITS, app_for, played_match, where_it_stood
from tests.screens.helpers import notices


def finca_match(players=2, seed=5, moves=0, bots=(), until=None) -> Match:
    """A match after ``moves`` seeded bot choices, then on until ``until(state)`` holds."""
    return played_match("finca", players, seed, moves, bots,
                        None if until is None else (lambda m: until(m.state)))


def canvas_text(widget) -> list[str]:
    """The rows a Line-API widget serves, as plain text."""
    return [widget.render_line(y).text for y in range(widget.size.height)]


def key_for(screen, rng) -> str:
    """The digit a player in a hurry presses: deliver whenever possible, add the community with
    the fewest tiles left while any can be added (closing communities ends the game), else a
    seeded choice among the options shown."""
    acts = screen.actions
    labels = [str(a) for a in acts]
    s = screen.match.state
    if s.step == "turn" and "deliver" in labels:
        k = labels.index("deliver")
    elif s.step == "deliver":
        picks = [i for i, a in enumerate(acts) if isinstance(a, F.Pick)]
        k = (min(picks, key=lambda i: len(s.stacks[F.COMMUNITIES.index(acts[i].community)]))
             if picks else labels.index("confirm"))
    elif s.step == "turn":
        k = rng.choice([i for i, a in enumerate(acts) if isinstance(a, F.Move)] or [0])
    else:
        k = rng.randbelow(min(9, len(labels)))
    key = screen.query_one(DecisionPanel).keys[k]  # (a delivery's confirm row is 0)
    assert key != " ", "only ten options have a digit key"
    return key


async def play_by_keys(pilot, app, seed=1, limit=1000):
    """Press digit keys until the game is over; bots play their seats meanwhile."""
    rng = Rng(seed)
    keys = waits = 0
    while keys < limit and waits < BOT_WAITS:  # (see BOT_WAITS)
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return screen
        if isinstance(screen, FincaScreen) and screen.actions:
            await pilot.press(key_for(screen, rng))
            keys += 1
            waits = 0  # (BOT_WAITS: waits in a row)
        else:
            await pilot.pause(0.01)
            waits += 1
    raise AssertionError(f"the game did not end by keyboard: {keys} keys, {waits} waits in a row {where_it_stood(app)}")


@pytest.mark.slow
async def test_whole_seeded_game_by_keyboard_from_the_launcher():
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        assert isinstance(app.screen, LauncherScreen)
        await pilot.press("down", "enter")  # Finca is second in the launcher
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#seed").value = "18"
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, FincaScreen)
        m = app.screen.match
        assert m.names == ["Anna", "Bruno"]
        over = await play_by_keys(pilot, app, seed=18)
        assert app.bot_watchdog_acts == []  # every bot's turn went on by itself
        res = over.match.result()
        s = over.match.state
        assert res is not None and res.winners
        assert s.wooden_supply == 0  # the game ends when the last wooden finca is placed
        assert 0 in m.actors and 1 in m.actors
        assert any("delivered" in line for line in m.log)
        assert set(res.breakdown[0]) == {"Fruit tiles", "Finca tiles", "Unused action tiles", "Bonus tiles"}
        assert all(res.scores[p] == sum(res.breakdown[p].values()) for p in (0, 1))
        saves = list_saves()
        assert saves and saves[0][1]["over"] is True


async def test_introduction_places_a_farmer_by_clicking_a_blade():
    m = finca_match(players=3)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert "introduction" in str(screen.query_one("#title-bar").render())
        mill = screen.query_one(Windmill)
        cw, ch, ox, oy = mill.geometry()
        col, row = GRID[4]  # blade 5
        await pilot.click(Windmill, offset=(ox + col * cw + 2, oy + row * ch + (1 if row >= 2 and ch < 4 else 0)))
        await pilot.pause()
        assert m.actions == ["place 5"]
        assert m.state.farmers[0][4] == 1
        assert sum(m.state.fruits[0].values()) == 1
        assert m.pending.seat == 1


async def test_move_preview_follows_the_highlighted_choice():
    m = finca_match(players=3, seed=8, moves=45)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert m.state.step == "turn"
        moves = [a for a in screen.actions if isinstance(a, F.Move)]
        assert moves
        mill = screen.query_one(Windmill)
        seen = set()
        for _ in range(len(screen.actions)):
            a = screen.actions[screen.query_one(DecisionPanel).highlighted]
            if isinstance(a, F.Move):
                p = F.move_preview(m.state, a.blade)
                assert mill.preview["from"] == a.blade and mill.preview["to"] == p["to"]
                assert mill.preview["land"].startswith(f"+{p['fruits']}{F.FRUIT_LETTER[p['fruit']]}")
                assert ("blade", a.blade) in mill.targets and mill.cursor == ("blade", a.blade)
                seen.add(a.blade)
            await pilot.press("j")
            await pilot.pause()
        assert seen == {a.blade for a in moves}
        # the windmill shows the landing square's text on the board itself
        await pilot.press("home")
        rows = canvas_text(mill)
        assert any(mill.preview["land"] in r for r in rows)


async def test_left_right_cycle_the_blades_and_enter_moves():
    m = finca_match(players=2, seed=3, moves=12, until=lambda s: s.step == "turn")
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        before = screen.query_one(Windmill).cursor
        await pilot.press("right")
        await pilot.pause()
        after = screen.query_one(Windmill).cursor
        assert after != before and after[0] in ("blade", "action_tile")
        a = screen.actions[screen.query_one(DecisionPanel).highlighted]
        await pilot.press("enter")
        await pilot.pause()
        assert m.actions[-1] == str(a)


async def test_delivery_built_by_clicking_communities_and_explained_when_refused():
    # a position where the player to move can deliver to at least one community
    m = finca_match(players=2, seed=4, moves=30,
                    until=lambda s: s.step == "turn" and F.RULES._is_legal(s, F.Deliver()))
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        seat = m.pending.seat
        k = [str(a) for a in screen.actions].index("deliver")
        await pilot.press(str(k + 1))
        await pilot.pause()
        s = m.state
        assert s.step == "deliver"
        comm = screen.query_one(Communities)
        # the delivery header and the running total against 6
        rows = canvas_text(comm)
        assert rows[0].strip().startswith("Delivery (donkey cart)")
        assert "0/6 fruits" in rows[1]
        # a community that cannot be added: clicking it explains why, nothing changes
        blocked = [c for c in F.COMMUNITIES if c not in {a.community for a in screen.actions if isinstance(a, F.Pick)}
                   and s.stacks[F.COMMUNITIES.index(c)]]
        if blocked:
            name = blocked[0]
            y = next(y for y, r in enumerate(rows) if r[1:].startswith(name))
            assert short_reason(F.RULES.explain(s, F.Pick(name)), name) in rows[y + 1]
            n = len(m.actions)
            await pilot.click(Communities, offset=(3, y))
            await pilot.pause()
            assert len(m.actions) == n
            assert any("Cannot add" in (note.title or "") for note in notices(app))
        # a community that can: click it, then finish by the keyboard
        pick = next(a for a in screen.actions if isinstance(a, F.Pick))
        rows = canvas_text(comm)
        y = next(y for y, r in enumerate(rows) if r[1:].startswith(pick.community))
        await pilot.click(Communities, offset=(3, y))
        await pilot.pause()
        assert m.actions[-1] == str(pick)
        assert "✓" + pick.community in "".join(canvas_text(comm))
        rng = Rng(2)
        while m.state.step in ("deliver", "fill"):
            if m.state.step == "fill":
                # the fruit chips for the any-fruit symbol are clickable too
                fill = screen.actions[0]
                rows = canvas_text(comm)
                y = next(y for y, r in enumerate(rows) if r.startswith("any-fruit"))
                x = rows[y].index(f" {F.FRUIT_LETTER[fill.fruit]} ") + 1
                await pilot.click(Communities, offset=(x, y))
            else:
                labels = [str(a) for a in screen.actions]
                k = labels.index("confirm") if "confirm" in labels and rng.randbelow(2) else rng.randbelow(len(labels))
                await pilot.press(screen.query_one(DecisionPanel).keys[k])
            await pilot.pause()
        assert m.state.dlv is None
        assert m.state.tiles[seat]  # the tiles are taken
        assert "delivered" in m.log[-1]


async def test_clicking_a_community_on_your_turn_starts_a_delivery_there():
    m = finca_match(players=2, seed=4, moves=30,
                    until=lambda s: s.step == "turn" and F.RULES._is_legal(s, F.Deliver()))
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        s = m.state
        after = F.RULES.apply(s, F.Deliver())
        name = next(a.community for a in F.RULES.legal_actions(after) if isinstance(a, F.Pick))
        comm = app.screen.query_one(Communities)
        y = next(y for y, r in enumerate(canvas_text(comm)) if r[1:].startswith(name))
        await pilot.click(Communities, offset=(3, y))
        await pilot.pause()
        assert m.actions[-2:] == ["deliver", f"pick {name}"]
        assert m.state.step in ("deliver", "fill")


async def test_panels_show_fruits_carts_tiles_and_action_tiles():
    m = finca_match(players=4, seed=5, moves=90)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = str(app.screen.query_one("#panels").render())
        s = m.state
        for p, name in enumerate(m.names):
            assert name in text
            # the player to move in full ("fruit F3 A3 …"), the others in three lines ("F0 A2 …")
            line = " ".join(f"{F.FRUIT_LETTER[f]}{s.fruits[p][f]}" for f in F.FRUITS)
            assert ("fruit " + line if p == m.pending.seat else line) in text
            assert f"carts {s.carts[p]}" in text
        assert "action " in text and "set " in text and "bonus " in text and "tiles " in text


@pytest.mark.parametrize("size", [(120, 40), (100, 30)])
async def test_every_community_and_blade_is_on_screen(size):
    m = finca_match(players=3, seed=8, moves=45)
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        comm = "\n".join(canvas_text(app.screen.query_one(Communities)))
        for name in F.COMMUNITIES:
            assert name in comm
        mill = "\n".join(canvas_text(app.screen.query_one(Windmill)))
        for i in range(F.N_BLADES):
            assert f"{i + 1:>2} {F.FRUIT_LETTER[m.state.blades[i]]}" in mill
        assert f"carts: {m.state.windmill_carts}" in mill


async def test_any_fruit_chips_fit_a_narrow_terminal():
    m = finca_match(players=3, seed=2, moves=20, until=lambda s: s.step == "fill")
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        rows = canvas_text(screen.query_one(Communities))
        row = next(r for r in rows if r.startswith("any"))
        for f in F.FRUITS:
            assert f" {F.FRUIT_LETTER[f]} " in row
        fill = screen.actions[-1]
        x = row.index(f" {F.FRUIT_LETTER[fill.fruit]} ") + 1
        await pilot.click(Communities, offset=(x, rows.index(row)))
        await pilot.pause()
        assert m.actions[-1] == str(fill)


def test_short_reasons_for_the_communities_list():
    assert short_reason("At most 6 fruits can be delivered in one turn; adding Inca makes 8.", "Inca") == "8 fruits, max 6"
    assert short_reason("Inca wants 2 figs; Anna has 1.", "Inca") == "needs 2 figs, has 1"
    assert tiny_reason("At most 6 fruits can be delivered in one turn; adding Inca makes 8.") == "8>6 fruits"
    assert tiny_reason("Inca wants 2 figs; Anna has 1.") == "has 1/2 F"
    assert tiny_reason("Inca wants 1 orange; Anna has 0.") == "has 0/1 R"


def test_each_kind_of_refusal_has_its_mark_and_the_legend_says_it():
    """A community a delivery cannot take is marked before its name by why: its tile passes the
    fruit limit (+), the player lacks fruit for it, alone or with the rest (-), else ×."""
    assert refusal_kind("At most 6 fruits can be delivered in one turn; adding Inca makes 8.") == "limit"
    assert refusal_kind("Inca wants 2 figs; Anna has 1.") == "fruit"
    assert refusal_kind("Anna does not have the fruits for Inca (FFG) together with the rest of this "
                        "delivery.") == "fruit"
    assert refusal_kind("A player cannot take a fruit tile with only one fruit by delivering 0 fruits, "
                        "and no tile of 2 or more fruits can be added.") == "other"
    assert len(set(REFUSED.values())) == 3  # (three marks, none meaning two things)


async def test_in_a_delivery_a_refused_community_keeps_its_counts_beside_the_mark_of_why():
    """At 80×24 (one-line rows) in a delivery: a community that cannot be added shows its tile,
    the tiles left, its finca tile and each seat's count, as outside a delivery, with the mark of
    its reason before its name (the reason stood there instead of the counts); the legend (g)
    explains each mark."""
    m = finca_match(players=4, seed=5, until=lambda s: s.step == "deliver" and len(s.dlv["picks"]) >= 1
                    and s.turns > 20)
    s = m.state
    refused = {name: F.RULES.explain(s, F.Pick(name)) for c, name in enumerate(F.COMMUNITIES)
               if s.stacks[c] and c not in s.dlv["picks"] and not F.RULES._is_legal(s, F.Pick(name))}
    assert refused  # (the position: the cart cannot take every community)
    app = app_for(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        rows = canvas_text(app.screen.query_one(Communities))
        for name, why in refused.items():
            c = F.COMMUNITIES.index(name)
            row = next(r for r in rows if r[1:].startswith(f"{name} "))
            assert row[0] == REFUSED[refusal_kind(why)], row
            counts = "".join(map(str, F.majority_counts(s, s.finca_tile[c])))
            assert counts in row and f" {len(s.stacks[c])} " in row, row
        legend = dict(app.screen.legend())
        assert all(mark in legend for mark in REFUSED.values())


async def test_one_line_communities_at_100x30_keep_left_finca_and_every_majority_count_apart():
    m = finca_match(players=4, seed=5, moves=90)
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        rows = canvas_text(app.screen.query_one(Communities))
        head = next(r for r in rows if "VP" in r and "tile" in r)
        assert "left finca" in head and "leftfinca" not in head
        assert "ABCD^" in head  # each seat's count sits under its mark; ^ the sole leader
        s = m.state
        for c, name in enumerate(F.COMMUNITIES):
            if not s.stacks[c]:
                continue
            row = next(r for r in rows if r[1:].startswith(name))
            counts = F.majority_counts(s, s.finca_tile[c])
            assert max(counts) < 10 and "".join(map(str, counts)) in row


def _all_past_ten(m) -> bool:
    s = m.state
    return s.step == "turn" and any(s.stacks[c] and s.finca_tile[c] == "all"
                                    and max(F.majority_counts(s, "all")) >= 10 for c in range(len(F.COMMUNITIES)))


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_one_line_communities_show_counts_of_ten_or_more_as_their_numbers(size):
    """The "all" finca tile sums tile values: once a count reaches 10 every count of the list
    gets two columns, a space between seats (it was "7+91"), each under its seat's mark, and
    the list takes the columns from the windmill."""
    from tests.support.table_view import random_match

    m = random_match("finca", 4, 1, until=_all_past_ten)
    assert _all_past_ten(m)
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.pause()
        rows = canvas_text(app.screen.query_one(Communities))
        assert not any("+" in r[26:] for r in rows if r[1:10].strip() in F.COMMUNITIES)  # (past "F+A")
        s = m.state
        for c, name in enumerate(F.COMMUNITIES):
            if not s.stacks[c]:
                continue
            row = next((r for r in rows if r[1:].startswith(name)), None)
            if row is None:
                continue  # (named on the "▼" row: checked by the dropped-text check)
            counts = F.majority_counts(s, s.finca_tile[c])
            assert " ".join(f"{v:>2}" for v in counts) in row, (name, counts, row)
        head = next((r for r in rows if "VP" in r and "tile" in r), None)
        if head is not None:
            assert "left finca A  B  C  D^" in head


async def test_any_fruit_symbols_are_not_drawn_like_hidden_tiles_and_the_legend_explains():
    m = finca_match(players=3, seed=5)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        s = m.state
        comm = "\n".join(canvas_text(app.screen.query_one(Communities)))
        soller = F.COMMUNITIES.index("Soller")
        assert F.TILES[s.face_up(soller)].any == 2  # this seed: two any-fruit symbols there
        assert "?" not in comm and "**" in comm
        # the introduction's long list of choices leaves the panels room for the short key
        text = " ".join(str(app.screen.query_one("#panels").render()).split())
        assert "set: tile values 1–6 held, · missing" in text
        assert "lead: your finca symbols, ^ alone" in text
        assert f"action: {F.ACTION_VP} VP each if unused ({F.ACTION_VP * len(F.ACTION_TILES)} VP at the start)" in text
        assert "*: any-fruit symbol on a tile" in text


async def test_the_whole_key_to_the_panels_when_the_column_has_room():
    m = finca_match(players=2, seed=5, moves=90)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        text = " ".join(str(app.screen.query_one("#panels").render()).split())
        assert "set: tile values 1–6 collected (· missing)" in text and "lead: your symbols" in text
        assert f"{F.ACTION_VP} VP each at the end" in text
        assert f"the {F.ACTION_VP * len(F.ACTION_TILES)} VP everyone starts with" in text
        assert "*: an any-fruit symbol" in text


def panel_column(app) -> list[str]:
    """The player-panel column as drawn, after checking it needs no scrolling."""
    box = app.screen.query_one("#panels-box")
    panels = app.screen.query_one("#panels")
    assert box.virtual_size.height <= box.size.height and box.max_scroll_y == 0
    assert panels.region.bottom <= box.content_region.bottom
    strips = panels.render_lines(Region(0, 0, panels.size.width, panels.size.height))
    return [strip.text.rstrip() for strip in strips]


@pytest.mark.parametrize("players,moves,until", [
    (4, 0, None), (4, 90, None), (4, 60, lambda s: s.step == "deliver"), (4, 150, None),
    (3, 60, None), (2, 90, None)])
@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_every_players_panel_whole_in_the_column(size, players, moves, until):
    m = finca_match(players=players, seed=5, moves=moves, until=until)
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.pause()
        text = "\n".join(panel_column(app))
        s = m.state
        for p, name in enumerate(m.names):
            assert name in text
            vp = sum(F.score_breakdown(s, p).values())
            fruit = " ".join(f"{F.FRUIT_LETTER[f]}{s.fruits[p][f]}" for f in F.FRUITS)
            assert f"{name}  {vp} VP" in text and fruit in text and f"carts {s.carts[p]}" in text
        if s.round == 0 and size == (100, 30):
            return  # the introduction's twelve blades leave room for three lines each
        # the player to move in full
        mover = m.pending.seat
        assert "fruit " + " ".join(f"{F.FRUIT_LETTER[f]}{s.fruits[mover][f]}" for f in F.FRUITS) in text
        assert "action " in text and "tiles " in text and "bonus " in text


async def test_sixteen_letter_names_and_bots_still_fit_at_100x30():
    names = ["Maximiliano Ruiz", "Bartholomew Keys", "Christabel Young", "Dragomir Petrov"]
    m = Match("finca", [Seat(n, i > 0) for i, n in enumerate(names)], 5)
    for _ in range(90):
        m.play(m.bot_job(level="random")())
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.pause()
        text = "\n".join(panel_column(app))
        for name in names:
            assert name in text
