"""What every game screen shares, tried in each game: no key crashes the choices list, a player
who resigns after a resume is played by a medium bot, and the curtain falls before the first
hidden hand is shown when two or more people share the keyboard."""
import pytest
from textual.widgets import OptionList, Static

from tabletop_tui import bots, catalogue
from tabletop_tui.app import TabletopApp
from tabletop_tui.match import Match, Seat
from tabletop_tui.screens.confirm import ConfirmScreen
from tabletop_tui.screens.game import GameScreen
from tabletop_tui.screens.handoff import HandoffScreen

from .helpers import NAMES, app_for, played_match

GAMES = [g.id for g in catalogue.GAMES if g.playable]
PAGE_KEYS = ["pagedown", "pageup", "home", "end", "pagedown"]


async def lift(pilot) -> None:
    """Behind the curtain, the player to move takes the keyboard."""
    await pilot.pause()
    if isinstance(pilot.app.screen, HandoffScreen):
        await pilot.press("enter")
        await pilot.pause()


def test_every_playable_game_is_tried():
    assert set(GAMES) == {"piratissimo", "finca", "finis_terrae", "terra_mystica", "maracaibo"}


@pytest.mark.parametrize("game", GAMES)
async def test_page_keys_on_a_choices_list_with_no_height_never_crash(game):
    """PgDn, PgUp, Home and End on the choices list while it has no room are harmless: no page
    to move by, Home and End still go to the first and the last choice."""
    app = app_for(played_match(game, players=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await lift(pilot)
        choices = app.screen.query_one("#choices", OptionList)
        assert app.focused is choices and choices.option_count > 1
        choices.styles.height = 0
        choices.styles.max_height = 0
        await pilot.pause()
        assert choices.size.height == 0
        before = choices.highlighted
        await pilot.press("pagedown", "pageup")
        assert choices.highlighted == before
        await pilot.press("end")
        assert choices.highlighted == choices.option_count - 1
        await pilot.press("home")
        assert choices.highlighted == 0
        await pilot.press(*PAGE_KEYS)
        assert isinstance(app.screen, GameScreen) and app.return_code is None


@pytest.mark.parametrize("game", GAMES)
async def test_page_keys_on_an_empty_choices_list_never_crash(game):
    """While a bot is to play the list is empty: the keys do nothing there."""
    m = Match(game, [Seat(n, True, "random") for n in NAMES[:2]], 5)
    app = TabletopApp(match=m, bot_delay=60)  # the bot has chosen and waits: the list stays empty
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        choices = app.screen.query_one("#choices", OptionList)
        choices.focus()
        await pilot.pause()
        assert choices.option_count == 0
        await pilot.press(*PAGE_KEYS)
        assert choices.highlighted is None and m.actions == []
        assert isinstance(app.screen, GameScreen) and app.return_code is None


def prompt_of(screen) -> str:
    return str(screen.query_one("#prompt", Static).render())


@pytest.mark.parametrize("game", GAMES)
async def test_a_player_who_resigns_after_a_resume_is_played_by_a_medium_bot(game, tmp_path):
    """A human seat's save has no bot level; resigning after the game was continued hands the
    seat to a bot at the default level (medium), never the random one."""
    m = played_match(game, players=2, moves=2)
    resumed = Match.load(m.save(tmp_path / "game.json"))
    assert not any(s.bot for s in resumed.seats)
    app = TabletopApp(match=resumed, bot_delay=60)  # the bot waits: its line stays on screen
    async with app.run_test(size=(120, 40)) as pilot:
        await lift(pilot)
        seat = resumed.pending.seat
        app.screen.action_resign()
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert resumed.seats[seat].bot and resumed.seats[seat].level == bots.DEFAULT_LEVEL == "medium"
        assert f"{resumed.names[seat]} (bot, medium)" in prompt_of(app.screen)
    again = Match.load(tmp_path / "game.json")
    assert again.seats[seat].bot and again.seats[seat].level == "medium"


async def test_two_people_at_a_new_game_with_hidden_hands_meet_the_curtain_first():
    """Maracaibo hides each player's cards: on Start the first player takes the keyboard behind
    the curtain, as at every later hand-over."""
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_new_game({"game": "maracaibo", "names": ["Anna", "Bruno"], "seed": 3})
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert "Pass to Anna" in str(app.screen.query_one("#curtain").render())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.actions


@pytest.mark.parametrize("moves", [0, 6], ids=["new", "resumed"])
async def test_one_person_against_bots_needs_no_curtain(moves):
    """With a single person at the keyboard there is nobody to hide the hand from: no curtain
    on Start, none on resume."""
    first = played_match("maracaibo", players=2).pending.seat
    bot = 1 - first  # the person plays first: a new game is still at its very start
    m = played_match("maracaibo", players=2, moves=moves, bots=(bot,),
                     until=lambda m: m.pending.seat == first)
    assert len(m.actions) == 0 if not moves else len(m.actions) >= moves
    assert not m.seats[m.pending.seat].bot
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.actions


@pytest.mark.parametrize("game", GAMES)
async def test_a_bots_chosen_move_is_played_though_the_machine_is_late(game, monkeypatch):
    """Under load the process can be descheduled between a Textual one-shot timer's first two
    readings of the clock; the timer then skips its only tick and never calls back. A bot's chosen
    move was played 1 ms after its thought by such a timer, and a whole keyboard game stood still at
    a bot's turn (CI, Finis Terrae). Here every reading of the timers' clock comes 5 ms after the
    last, as on that machine: the bot still plays, with the watchdog off."""
    import itertools
    from types import SimpleNamespace

    import textual.timer
    from textual import _time

    late = itertools.count()
    monkeypatch.setattr(textual.timer, "_time", SimpleNamespace(get_time=lambda: _time.get_time() + 0.005 * next(late)))
    monkeypatch.setattr(GameScreen, "BOT_WATCHDOG", False)
    m = played_match(game, players=2, seed=3, bots=(1,), until=lambda m: m.bot_to_play())
    n = len(m.actions)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        for _ in range(300):  # (a bot's turn takes a few of these waits)
            if len(m.actions) > n:
                break
            await pilot.pause(0.01)
        assert len(m.actions) > n and m.actors[n] == 1, f"the bot's turn stood still: {list(screen.bot_trace)}"
        assert app.bot_watchdog_acts == []
