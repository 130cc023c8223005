"""Watching a recorded game read-only on the game's own screen: a real league ledger and our own
save of another game; the keys step through it, the log follows, nothing is played or saved."""
from pathlib import Path

import pytest

from textual.widgets import Input, Static

from tabletop_tui import catalogue
from tabletop_tui.cli import _rewrite, app as cli_app
from tabletop_tui.screens.watch import WatchMixin, WatchPrompt, load_recording, watch_screen
from typer.testing import CliRunner

from .helpers import app_for, played_match
from tests.screens.helpers import notices

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "terra_mystica" / "snellman_games"
if not DATA.is_dir():
    DATA = Path("/work/shared/data/terra_mystica/snellman_games")
LEDGER = DATA / "4pLeague_S67_D1L1_G1.txt"


def prompt_of(screen) -> str:
    return str(screen.query_one("#prompt", Static).render())


async def test_a_league_ledger_steps_by_action_and_round_and_ends_on_its_scores(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    full = load_recording(LEDGER)
    total = len(full.actions)
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(watch_screen(full))
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, WatchMixin) and scr.at == 0
        assert " bot" not in str(scr.query_one("#panels", Static).render())  # players, not bots
        await pilot.press("right", "right")
        assert scr.at == 2 and scr.match.log == full.log[:2]
        assert "action 2/" in prompt_of(scr)
        await pilot.press("left")
        assert scr.at == 1
        await pilot.press("pagedown")
        r = scr.match.state.round
        assert full.states[scr.at - 1].round != r  # the first position of the next round
        await pilot.press("pagedown")
        assert scr.match.state.round == r + 1
        await pilot.press("pageup")
        assert scr.match.state.round == r and full.states[scr.at - 1].round != r
        await pilot.press("end")
        assert scr.at == total and scr.match.over
        res = full.result()
        assert f"{full.names[res.ranking[0][0]]} {res.scores[res.ranking[0][0]]}" in prompt_of(scr)
        await pilot.press("1", "u", "colon", "enter")  # every way of acting: nothing is played
        assert len(full.actions) == total and scr.at == total
        assert not list(tmp_path.rglob("*.json"))  # and nothing saved
        await pilot.press("home")
        assert scr.at == 0


async def test_our_save_of_another_game_is_watched_on_its_own_screen(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = played_match("finca", players=3, seed=4, moves=30)
    path = m.save(tmp_path / "finca.json")
    full = load_recording(path)
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(watch_screen(full, at=30))
        await pilot.pause()
        scr = app.screen
        assert type(scr).__name__ == "WatchFincaScreen" and scr.at == 30
        await pilot.press("left")
        assert scr.at == 29 and scr.match.log == full.log[:29]
        await pilot.press("escape")
        assert not isinstance(app.screen, WatchMixin)


async def test_the_launcher_opens_a_recording_and_explains_a_bad_path(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("w")
        assert isinstance(app.screen, WatchPrompt)
        app.screen.query_one(Input).value = str(tmp_path / "missing.txt")
        await pilot.press("enter")
        assert "cannot be read" in str(app.screen.query_one("#watch-error", Static).render())
        app.screen.query_one(Input).value = str(LEDGER)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, WatchMixin)


def test_replay_watch_refuses_a_damaged_ledger_with_exit_2(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("this is not a ledger\n")
    r = CliRunner().invoke(cli_app, _rewrite(["replay", str(bad), "--from", "snellman", "--watch"]))
    assert r.exit_code == 2 and "bad.txt" in r.output


async def test_replay_watch_opens_the_recording_over_the_launcher(tmp_path, monkeypatch):
    """`tabletop replay FILE --watch` runs the app as `tabletop` does (a crash exits non-zero),
    with the recording's watch screen over the launcher."""
    import tabletop_tui.cli as cli
    from tabletop_tui.screens.launcher import LauncherScreen

    m = played_match("finca", players=2, seed=4, moves=5)
    path = m.save(tmp_path / "finca.json")
    got = {}
    monkeypatch.setattr(cli, "_run_app", lambda **kw: got.update(kw))
    r = CliRunner().invoke(cli_app, _rewrite(["replay", str(path), "--watch"]))
    assert r.exit_code == 0 and got["watch"].actions == m.actions
    app = app_for(watch=got["watch"])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, WatchMixin) and app.screen.total == 5
        await pilot.press("escape")
        assert isinstance(app.screen, LauncherScreen)


WATCH_FOOTER = {"next", "back", "next round", "round back", "start", "end", "leave", "rules", "log",
                "quit", "cults/rounds", "cults", "palette", "players", "legend"}


@pytest.mark.parametrize("game", [g.id for g in catalogue.GAMES if g.playable])
async def test_the_watch_footer_lists_only_keys_that_work_while_watching(game, tmp_path, monkeypatch):
    """No "act here", "undo", "save" or "suggest" on the footer of a recording; u still says
    the game is only watched."""
    from textual.widgets._footer import FooterKey

    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    full = played_match(game, players=2, seed=4, moves=12)
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        async def until(done) -> None:  # a loaded machine may take a few frames
            for _ in range(40):
                if done():
                    return
                await pilot.pause(0.05)

        app.push_screen(watch_screen(full, at=5))
        await until(lambda: "next" in {k.description for k in app.screen.query(FooterKey)})
        shown = {k.description for k in app.screen.query(FooterKey)}
        assert {"next", "back", "next round", "leave"} <= shown
        assert shown <= WATCH_FOOTER, shown - WATCH_FOOTER
        await pilot.press("u")
        await until(lambda: any("watching only" in n.message for n in notices(app)))
        assert any("watching only" in n.message for n in notices(app))
        assert app.screen.at == 5
        await pilot.press("p")  # the seat sheets read the recorded position
        await until(lambda: type(app.screen).__name__ == "SeatSheetScreen")
        assert type(app.screen).__name__ == "SeatSheetScreen"
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, WatchMixin))
        assert isinstance(app.screen, WatchMixin) and app.screen.at == 5


@pytest.mark.parametrize("game", ["piratissimo", "finca"])
async def test_a_recording_watched_at_80x24_shows_the_whole_board_as_the_game_screen_does(game, tmp_path, monkeypatch):
    """The watch screen is built at run time from the game's screen class and gets every rule of
    its CSS: below 100 columns the rule 'PiratissimoScreen.-narrow #panels-box' (FincaScreen's
    likewise) hides the player panels there too, and the board has the room it needs."""
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    full = played_match(game, players=2, seed=4, moves=12)
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(watch_screen(full, at=5))
        await pilot.pause()
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, WatchMixin) and scr.has_class("-narrow")
        assert scr.query_one("#panels-box").styles.base.display == "none"
        text = "\n".join(strip.text for strip in scr._compositor.render_strips())
        assert "Make the terminal larger" not in text and "board needs" not in text, text


async def test_watching_a_recording_the_bot_watchdog_starts_no_turn(tmp_path, monkeypatch):
    # every seat of the watched view is a spectator "bot", and at any move but the last one of
    # them is to move: the watchdog's looks see no gap there, and say nothing
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    full = played_match("piratissimo", players=2, seed=3, moves=12)
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(watch_screen(full))
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, WatchMixin) and scr.match.bot_to_play()
        for _ in range(scr.BOT_GAP_LOOKS + 1):
            scr.bot_watchdog()
        assert app.bot_watchdog_acts == [] and len(full.actions) == 12 and scr.bot_worker is None
