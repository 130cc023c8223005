"""The Continue list: unfinished games first, times as people say them, the variant, the
decisions people took, deleting with a confirmation, and an order that a look does not change."""
import json
import os
from datetime import datetime

from textual.widgets import OptionList

from tabletop_tui.match import Match, Seat, list_saves, saves_dir
from tabletop_tui.screens.game import GameScreen
from tabletop_tui.screens.launcher import LauncherScreen
from tabletop_tui.screens.saves import SavesScreen, entry, when

from .helpers import app_for, played_match

NOW = datetime(2026, 11, 30, 15, 0)


def test_times_read_as_people_say_them():
    assert when("2026-11-30T14:05:09", NOW) == "today 14:05"
    assert when("2026-11-29T09:12:00", NOW) == "yesterday 09:12"
    assert when("2026-11-03T10:00:00", NOW) == "3 Nov"
    assert when("2025-06-03T10:00:00", NOW) == "3 Jun 2025"
    assert when("not a time", NOW) == ""


def put(m: Match, name: str, stamp: str) -> None:
    p = m.save(saves_dir() / name)
    head = json.loads(p.read_text())
    head["last_move_at"] = head["saved_at"] = stamp
    p.write_text(json.dumps(head, indent=1))


def make_saves():
    put(played_match("piratissimo", 3, seed=4, moves=20, bots=(2,)), "a.json", "2026-11-30T14:05:00")
    m = Match("piratissimo", [Seat("An[/]na"), Seat("[b]x", True)], 9, {"variant": "younger", "target": 6})
    m.play(m.bot_action())
    put(m, "b.json", "2026-11-29T09:12:00")
    put(played_match("finca", 2, seed=2, finish=True), "c.json", "2026-11-30T14:30:00")
    (saves_dir() / "d.json").write_text("{ cut short")
    t = datetime(2026, 11, 28, 8, 0).timestamp()  # a damaged file's time is its file time
    os.utime(saves_dir() / "d.json", (t, t))


def test_an_entry_names_the_variant_players_and_decisions_by_people():
    make_saves()
    heads = {p.name: (p, h) for p, h in list_saves()}
    text = entry(*heads["b.json"], NOW).plain
    assert "Piratissimo · Treasure to win: 6 · Variant: younger" in text
    assert "yesterday 09:12" in text
    assert "An[/]na, [b]x (medium bot)" in text and "1 decision by people, 1 move" in text
    text = entry(*heads["a.json"], NOW).plain
    assert "Chiara (medium bot)" in text
    assert "standard rules" in text and "12 decisions by people, 20 moves" in text


async def test_unfinished_games_first_then_finished_then_damaged_files():
    make_saves()
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = SavesScreen(now=NOW)
        app.push_screen(screen)
        await pilot.pause()
        ol = screen.query_one(OptionList)
        lines = [str(ol.get_option_at_index(i).prompt).split("\n")[0] for i in range(ol.option_count)]
        assert lines[0] == "Unfinished games"
        assert lines[1].startswith("Piratissimo · standard rules")   # the last played first
        assert lines[2].startswith("Piratissimo · Treasure")
        assert lines[3] == "Finished games" and lines[4].startswith("Finca")
        assert lines[5] == "Files that cannot be opened" and "d.json" in lines[6]


async def test_deleting_a_save_asks_first():
    make_saves()
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SavesScreen(now=NOW))
        await pilot.pause()
        await pilot.press("d")
        await pilot.press("n")
        assert (saves_dir() / "a.json").exists()
        await pilot.press("d")
        await pilot.press("y")
        await pilot.pause()
        assert not (saves_dir() / "a.json").exists()
        assert (saves_dir() / "b.json").exists()
        assert isinstance(app.screen, SavesScreen)


async def test_looking_at_a_game_and_leaving_does_not_reorder_the_list():
    make_saves()
    before = [p.name for p, _ in list_saves()]
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await pilot.press("down", "enter")  # the second unfinished game, yesterday's
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.match.names == ["An[/]na", "[b]x"]
        app.screen.action_leave()
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
    assert [p.name for p, _ in list_saves()] == before


async def test_a_set_up_abandoned_before_the_first_move_leaves_no_save():
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter", "ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await app.action_quit()
    assert list_saves() == []


def test_continue_list_80x24(snap_compare):
    make_saves()

    async def open_list(pilot):
        pilot.app.push_screen(SavesScreen(now=NOW))
        await pilot.pause()

    assert snap_compare(app_for(), terminal_size=(80, 24), run_before=open_list)
