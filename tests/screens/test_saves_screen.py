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
from tests.screens.helpers import notices

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
        await pilot.app.workers.wait_for_complete()  # every save replayed and its entry filled
        await pilot.pause()

    assert snap_compare(app_for(), terminal_size=(80, 24), run_before=open_list)


async def open_list(pilot) -> SavesScreen:
    screen = SavesScreen(now=NOW)
    pilot.app.push_screen(screen)
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()  # the saves replayed
    await pilot.pause()
    return screen


def prompts(screen) -> list[str]:
    ol = screen.query_one(OptionList)
    return [str(ol.get_option_at_index(i).prompt) for i in range(ol.option_count)]


async def test_a_terra_mystica_entry_names_factions_points_round_and_the_preset():
    """A player sees the game, its rules, each player with faction and current VP, and the round."""
    m = played_match("terra_mystica", 3, seed=4, moves=60, bots=(1,))
    put(m, "tm.json", "2026-11-30T14:05:00")
    factions = [p.faction for p in m.state.players]
    assert all(factions)
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_list(pilot)
        text = next(t for t in prompts(screen) if t.startswith("Terra Mystica"))
    from tabletop_tui.rules.terra_mystica.data import FACTIONS

    first, players, progress = text.split("\n")
    assert first.startswith("Terra Mystica · the rulebook")  # played_match takes the defaults
    vp = m.rules.vp(m.state)
    assert f"Anna ({FACTIONS[factions[0]]['name']}) {vp[0]} VP" in players
    assert f"Bruno ({FACTIONS[factions[1]]['name']}, medium bot) {vp[1]} VP" in players
    assert progress.strip().startswith(f"round {m.state.round} of 6 · ")


async def test_a_finished_game_says_who_won():
    m = played_match("finca", 2, seed=2, finish=True)
    put(m, "c.json", "2026-11-30T14:30:00")
    winner = m.names[m.result().winners[0]]
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_list(pilot)
        text = next(t for t in prompts(screen) if t.startswith("Finca"))
    assert f"{winner} won" in text.split("\n")[2]


def damage_a_move(name: str) -> int:
    """Replace the fifth saved move with one no game has; return its line number."""
    p = saves_dir() / name
    lines = p.read_text().split("\n")
    k = [i for i, line in enumerate(lines) if line.startswith('  "')][4]  # put() indents by 1
    lines[k] = '  "xyz",'
    p.write_text("\n".join(lines))
    return k + 1


async def test_a_save_that_does_not_replay_is_listed_as_damaged_with_its_reason():
    """A save whose header reads well but whose moves do not replay is not an ordinary
    unfinished game: it is among the damaged files, with the bad line and move named."""
    put(played_match("piratissimo", 2, seed=4, moves=20), "bad.json", "2026-11-30T14:05:00")
    line = damage_a_move("bad.json")
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_list(pilot)
        texts = prompts(screen)
        damaged = texts.index("Files that cannot be opened")
        assert "Unfinished games" not in texts
        assert texts[damaged + 1].startswith("⚠ bad.json · Piratissimo")
        assert f"damaged: line {line}: 'xyz'" in texts[damaged + 1]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        notes = list(notices(app))
        assert any(n.title == "Can't open bad.json" and n.message.startswith(f"line {line}: 'xyz'")
                   for n in notes)


async def test_a_truncated_save_is_said_to_be_cut_short_in_plain_words():
    put(played_match("finca", 2, seed=4, moves=20), "short.json", "2026-11-30T14:05:00")
    p = saves_dir() / "short.json"
    p.write_text(p.read_text()[:-40])
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_list(pilot)
        text = next(t for t in prompts(screen) if t.startswith("⚠ short.json"))
        assert "damaged: the file is cut short" in text
        assert "Unterminated" not in text and "Expecting" not in text
        await pilot.press("enter")
        await pilot.pause()
        assert any("short.json" in n.title and "cut short" in n.message and "Unterminated" not in n.message
                   for n in notices(app))


def test_a_preset_is_named_by_its_name_and_many_changed_options_are_counted():
    from tabletop_tui import catalogue
    from tabletop_tui.screens.saves import describe_options

    tm = catalogue.get("terra_mystica")
    rules = tm.rules()
    league = {o.key: o.default for o in rules.options} | rules.new_game_options
    assert describe_options(tm, league) == "league, as played on the reference site"
    plain = {o.key: o.default for o in rules.options} | {"strict-leech": True, "shipping-bonus": True,
                                                        "mini-expansion-1": True}
    text = describe_options(tm, plain)
    assert text.count("·") == 2 and text.endswith("1 more option changed")


# -- no game lost to a habit -------------------------------------------------------------------

async def test_enter_after_d_answers_no_and_deletes_nothing():
    """Delete asks, and the key pressed by habit (Enter) is the safe answer."""
    make_saves()
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_list(pilot)
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        assert (saves_dir() / "a.json").exists()


async def test_a_deleted_save_comes_back_from_the_deleted_games():
    """d then y moves the save to the trash; t lists the deleted games; Enter brings one back,
    byte for byte, among the saves."""
    from tabletop_tui import trash

    make_saves()
    before = (saves_dir() / "a.json").read_bytes()
    app = app_for()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_list(pilot)
        await pilot.press("d", "y")
        await pilot.pause()
        assert not (saves_dir() / "a.json").exists()
        assert len(trash.deleted_saves()) == 1
        await pilot.press("t")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        texts = prompts(screen)
        assert texts[0].startswith("Deleted games (each kept 30 days")
        assert texts[1].startswith("Piratissimo · standard rules") and "deleted today" in texts[1]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen) and not screen.in_trash
    assert (saves_dir() / "a.json").read_bytes() == before
    assert trash.deleted_saves() == []


async def test_escape_in_the_deleted_games_goes_back_to_the_saves():
    make_saves()
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_list(pilot)
        await pilot.press("t")
        await pilot.pause()
        assert screen.in_trash
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and not screen.in_trash
        assert prompts(screen)[0] == "Unfinished games"


def test_a_deleted_save_is_kept_30_days_then_goes_for_good():
    from datetime import timedelta

    from tabletop_tui import trash

    make_saves()
    deleted = datetime(2026, 11, 1, 12, 0)
    trash.throw_away(saves_dir() / "a.json", deleted)
    trash.throw_away(saves_dir() / "b.json", deleted + timedelta(days=1))
    assert len(trash.deleted_saves(deleted + timedelta(days=30))) == 2
    left = trash.deleted_saves(deleted + timedelta(days=30, hours=1))
    assert [trash.original_name(p) for p, _ in left] == ["b.json"]
    assert not (trash.trash_dir() / "20261101-120000--a.json").exists()


def test_a_save_deleted_twice_under_one_name_keeps_both_and_each_comes_back():
    from tabletop_tui import trash

    make_saves()
    first = (saves_dir() / "a.json").read_text()
    t = datetime(2026, 11, 30, 12, 0)
    one = trash.throw_away(saves_dir() / "a.json", t)
    (saves_dir() / "a.json").write_text(first.replace('"seed"', '"seed" ', 1))
    two = trash.throw_away(saves_dir() / "a.json", t)
    assert one != two
    assert trash.restore(one) == saves_dir() / "a.json"
    assert trash.restore(two) == saves_dir() / "a-2.json"
