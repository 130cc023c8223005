"""Pilot tests: people playing through the keyboard."""
import pytest

from tabletop_tui.match import Match, list_saves
from tabletop_tui.rules.core import Rng
from tabletop_tui.screens.game import GameScreen
from tabletop_tui.screens.game_over import GameOverScreen
from tabletop_tui.screens.handoff import HandoffScreen
from tabletop_tui.screens.launcher import LauncherScreen
from tabletop_tui.screens.rules_view import RulesScreen
from tabletop_tui.screens.setup import SetupScreen

from .helpers import BOT_WAITS, app_for, piratissimo_match, where_it_stood
from tests.screens.helpers import notices


async def play_by_keys(pilot, app, seed=1, limit=3000):
    """Press digit keys (a seeded choice among the shown options) until the game is over."""
    rng = Rng(seed)
    keys = waits = 0
    while keys < limit and waits < BOT_WAITS:  # (see BOT_WAITS)
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return screen
        if isinstance(screen, HandoffScreen):
            await pilot.press("enter")
            keys += 1
            waits = 0  # (BOT_WAITS: waits in a row)
            continue
        if isinstance(screen, GameScreen) and screen.actions:
            k = rng.randbelow(min(9, len(screen.actions)))
            await pilot.press(str(k + 1))
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
        await pilot.press("enter")  # Piratissimo is first
        assert isinstance(app.screen, SetupScreen)
        # two players, fixed seed, and the rulebook's shorter race (its variant for younger
        # players allows fewer treasures) so that the keyboard game stays quick
        app.screen.query_one("#seed").value = "21"
        app.screen.query_one("#opt-target").value = 4
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.match.seed == 21
        over = await play_by_keys(pilot, app, seed=21)
        assert app.bot_watchdog_acts == []  # every bot's turn went on by itself
        res = over.match.result()
        assert res is not None and res.winners
        assert over.match.state.unloaded[res.winners[0]] >= 4
        # the game is saved as finished
        saves = list_saves()
        assert saves and saves[0][1]["over"] is True
        # start again with the same players
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.match.names == ["Bruno", "Anna"]
        assert len(app.screen.match.actions) == 0


async def test_in_development_game_cannot_start(monkeypatch):
    # every game has its screen now: a catalogue entry without one stands in for the next game
    import dataclasses

    from tabletop_tui import catalogue

    games = list(catalogue.GAMES)
    games[3] = dataclasses.replace(games[3], screen="")
    monkeypatch.setattr(catalogue, "GAMES", tuple(games))
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("down", "down", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)


async def test_bots_play_their_turns_visibly():
    m = piratissimo_match(players=2, bots=(1,))
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        for _ in range(12):
            if 1 in screen.match.actors:
                break
            await pilot.press("1")
            await pilot.pause(0.05)
        assert 1 in screen.match.actors  # the bot moved by itself
        assert any(line.startswith("Bruno") for line in screen.match.log)


async def test_undo_key_takes_back_a_decision():
    m = piratissimo_match(players=2)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("1")  # place the tornado: a free choice, no chance involved
        assert len(m.actions) == 1
        await pilot.press("u")
        await pilot.pause()
        assert len(m.actions) == 0 and m.pending.kind == "place"


async def test_undo_refused_after_a_roll():
    m = piratissimo_match(players=2, moves=1)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("1")  # roll: chance
        n = len(m.actions)
        await pilot.press("u")
        await pilot.pause()
        assert len(m.actions) == n


@pytest.mark.slow
async def test_random_key_mashing_never_crashes():
    m = piratissimo_match(players=3, seed=9)
    app = app_for(m)
    rng = Rng(99)
    keys = list("0123456789uhjkl") + ["left", "right", "up", "down", "enter", "tab", "space", "x", "L"]
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(120):
            await pilot.press(keys[rng.randbelow(len(keys))])
            if not isinstance(app.screen, GameScreen):
                # close whatever dialog opened (rules, confirm, menu) and go on
                await pilot.press("escape")
        assert app.return_code is None or app.return_code == 0
    assert len(m.actions) > 0


async def test_rules_viewer_opens_and_closes():
    app = app_for(piratissimo_match())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_curtain_between_players():
    m = piratissimo_match(players=2, moves=0)
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_match(m, curtain=True)
        await pilot.pause()
        await pilot.press("1")  # Anna places the tornado; Anna rolls next (same player)
        await pilot.pause()
        for _ in range(20):
            if isinstance(app.screen, HandoffScreen):
                break
            await pilot.press("1")
            await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert "Pass to" in str(app.screen.query_one("#curtain").render())
        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen)


async def test_leave_and_continue_from_the_launcher():
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        await pilot.press("ctrl+n")
        await pilot.pause()
        game = app.screen
        await pilot.press("1", "1")
        moves = list(game.match.actions)
        await pilot.press("escape")
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.match.actions == moves


async def test_tiny_terminal_does_not_crash():
    app = app_for(piratissimo_match(moves=10))
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        note = app.screen.query_one("#too-small")
        assert note.display and "needs at least" in str(note.render())
        await pilot.press("1")
        assert isinstance(app.screen, GameScreen)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert not app.screen.query_one("#too-small").display
        assert app.screen.query_one("#main").display


async def test_clicking_an_island_chooses_its_action():
    """The first player places the tornado by clicking a tornado square on the board."""
    from tabletop_tui.widgets.ring_board import RingBoard, island_cell

    m = piratissimo_match(players=2)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = app.screen.query_one(RingBoard)
        cw, ch, ox, oy = board._geometry()
        cx, cy = island_cell(14)
        await pilot.click(RingBoard, offset=(ox + cx * cw + 2, oy + cy * ch))
        await pilot.pause()
        assert m.actions == ["place tornado on 15"]
        assert m.state.tornado == 14


async def test_a_damaged_save_in_the_continue_list_is_refused_with_its_reason():
    from tabletop_tui.match import saves_dir
    from tabletop_tui.screens.saves import SavesScreen

    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "broken.json").write_text('{"format": "tabletop-tui/save", "version": 1, "ga')
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)  # nothing opened, nothing crashed
        assert any("the file is cut short" in str(n.message) for n in notices(app))
    assert (folder / "broken.json").read_text().endswith('"ga')  # never overwritten


@pytest.mark.parametrize("game_id", ["finca", "finis_terrae"])
@pytest.mark.slow
async def test_key_mashing_and_clicks_never_crash_any_playable_game(game_id):
    """Random keys and clicks anywhere: no crash, nothing illegal applied, invariants hold."""
    from tabletop_tui.match import Seat

    m = Match(game_id, [Seat("Anna"), Seat("Bruno"), Seat("Chiara", True)], 17)
    app = app_for(m)
    rng = Rng(5)
    keys = list("0123456789uhjklrt") + ["left", "right", "up", "down", "enter", "tab", "space", "L"]
    async with app.run_test(size=(100, 30)) as pilot:
        for i in range(100):
            if i % 5 == 4:
                await pilot.click(offset=(rng.randbelow(100), rng.randbelow(30)))
            else:
                await pilot.press(keys[rng.randbelow(len(keys))])
            if not isinstance(app.screen, GameScreen):
                await pilot.press("escape")
        assert m.rules.invariants(m.state) == []
    assert len(m.actions) > 0
    again = Match.load(m.save())
    assert again.actions == m.actions


async def test_resign_hands_the_seat_to_a_bot_and_the_game_goes_on():
    m = piratissimo_match(players=2, moves=1)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert m.pending.seat == 0 and not m.seats[0].bot
        app.screen.action_resign()
        await pilot.pause()
        await pilot.press("y")
        for _ in range(20):
            await pilot.pause(0.02)
            if 0 in m.actors[1:]:
                break
        assert m.seats[0].bot
        assert 0 in m.actors[1:]  # the bot has played Anna's seat
    assert Match.load(m.path).seats[0].bot  # and the save says so


async def test_the_launcher_as_first_screen_has_its_styles():
    """The launcher is the app's default screen (faster first paint); its layout must still apply."""
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        banner = app.screen.query_one("#banner")
        assert banner.region.x == 2 and banner.region.y == 1  # the launcher's padding
        assert app.screen.query_one("#games").styles.border_top[0] == "round"


class _Headless:
    """The real app run without a terminal, as `tabletop` runs it (run, then its return code)."""

    def run(self, **kw):
        return super().run(headless=True, **kw)


def test_a_crash_in_the_app_exits_non_zero(monkeypatch):
    """Textual prints a crash's traceback and returns from run(); the command must still fail."""
    import tabletop_tui.app as app_module
    from typer.testing import CliRunner

    from tabletop_tui.cli import app as cli

    class Crashing(_Headless, app_module.TabletopApp):
        def on_mount(self) -> None:
            raise RuntimeError("a deliberate crash")

    monkeypatch.setattr(app_module, "TabletopApp", Crashing)
    r = CliRunner().invoke(cli, ["--game", "piratissimo", "--seed", "1"])
    assert r.exit_code == 1


def test_an_app_that_is_quit_exits_zero(monkeypatch):
    import tabletop_tui.app as app_module
    from typer.testing import CliRunner

    from tabletop_tui.cli import app as cli

    class Quitting(_Headless, app_module.TabletopApp):
        def on_mount(self) -> None:
            super().on_mount()
            self.set_timer(0.3, self.exit)  # the game opened, then the player quits

    monkeypatch.setattr(app_module, "TabletopApp", Quitting)
    r = CliRunner().invoke(cli, ["--game", "piratissimo", "--seed", "1"])
    assert r.exit_code == 0, r.output


async def test_after_a_resign_the_continue_list_still_counts_the_persons_decisions():
    """Resign from the palette as a person would (ctrl+p, Resign, y): the seat goes to a bot,
    and the save keeps who played which moves: not "0 decisions by people"."""
    from datetime import datetime

    from tabletop_tui.screens.saves import SavesScreen, entry

    m = piratissimo_match(players=2, moves=4)
    people = len(m.actions)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        seat = m.pending.seat
        name = m.names[seat]
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"resign")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert m.seats[seat].bot and m.seats[seat].human_until == people
    (path, head), = list_saves()
    assert head["human_decisions"] >= people
    text = entry(path, head, datetime.now()).plain
    assert f"{name} (medium bot from move {people + 1})" in text
    assert f"{head['human_decisions']} decisions by people" in text
