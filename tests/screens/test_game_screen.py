"""The shared game screen as players met it: the whole story of the game, the curtain, undo of
a turn-ending move, names as text, tiny terminals, focus, and bots thinking off the main thread."""
import threading

import pytest
from textual.widgets import OptionList

from tabletop_tui import catalogue
from tabletop_tui.match import Match, Seat
from tabletop_tui.screens.confirm import ConfirmScreen
from tabletop_tui.screens.game import GameScreen
from tabletop_tui.screens.handoff import HandoffScreen
from tabletop_tui.screens.log_view import LogScreen
from tabletop_tui.widgets.decision import DecisionPanel
from tabletop_tui.widgets.log_panel import LogPanel

from .helpers import app_for, piratissimo_match
from tests.screens.helpers import notices


@pytest.fixture
def dice_screen(monkeypatch):
    """The test dice race, played on the plain shared GameScreen."""
    g = catalogue.Game("dicegame", "Dice race", "Test game.", 2, 3, "tests.support.dicegame",
                       "tabletop_tui.screens.game:GameScreen")
    monkeypatch.setitem(catalogue.BY_ID, "dicegame", g)
    return g


def dice(names=("Anna", "Bruno"), bots=(), curtain=None, seed=5):
    m = Match("dicegame", [Seat(n, i in bots) for i, n in enumerate(names)], seed)
    m.curtain = curtain
    return m


def panel_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen.query_one(LogPanel).lines)


async def test_the_log_panel_holds_the_whole_game_and_wraps_long_lines():
    m = piratissimo_match(players=3, moves=60)
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = panel_text(app)
        # the first move is still in the panel (scroll back to it), and no line is cut
        assert m.log[0][:30] in text
        longest = max(m.log, key=len)
        assert longest.split()[-1] in text


async def test_L_opens_the_whole_log_and_escape_closes_it():
    m = piratissimo_match(players=3, moves=40)
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("L")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        from textual.widgets import RichLog
        whole = "\n".join(s.text for s in app.screen.query_one(RichLog).lines)
        assert m.log[0] in whole and m.log[-1][:40] in whole
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_lines_since_the_movers_last_decision_are_marked(dice_screen):
    m = dice()
    for a in ["roll", "bank", "roll", "pass"]:
        m.play(a)  # Anna rolled and banked; Bruno rolled and passed; Anna to play
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        rows = [s.text for s in app.screen.query_one(LogPanel).lines]
        marked = [r for r in rows if r.startswith("▸")]
        assert len(marked) == 2 and all("Bruno" in r for r in marked)


async def test_curtain_the_mover_sees_their_result_then_hands_over_with_the_story(dice_screen):
    m = dice(curtain=True)
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("1")  # Anna rolls
        await pilot.press("1")  # and banks: her turn is over
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.handover_to == 1
        prompt = str(screen.query_one("#prompt").render())
        assert "Anna's turn is over" in prompt and "Bruno" in prompt
        assert screen.actions == []  # Bruno's choices are not shown to Anna
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        since = str(app.screen.query_one("#since").render())
        assert "Since Bruno's last decision" in since and "Anna" in since
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.handover_to is None
        assert app.screen.actions  # Bruno's turn


async def test_the_move_that_ends_a_turn_can_be_undone_before_the_next_human_decides(dice_screen):
    m = dice(curtain=True)
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("1", "1")  # Anna rolls and banks
        await pilot.pause()
        assert app.screen.handover_to == 1
        await pilot.press("u")
        await pilot.pause()
        assert m.actions == ["roll"] and m.pending.seat == 0
        assert app.screen.handover_to is None and app.screen.actions


async def test_names_are_shown_exactly_as_typed_never_as_markup(dice_screen):
    m = dice(names=("An[/]na", "[b]x"), curtain=True)
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("1", "1")
        await pilot.pause()
        await pilot.press("u")  # the undo toast names An[/]na
        await pilot.pause()
        await pilot.press("1", "enter")  # bank again, pass the keyboard: the curtain names [b]x
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert "Pass to [b]x" in str(app.screen.query_one("#curtain").render())
        await pilot.press("enter")
        await pilot.pause()
        app.screen.action_resign()  # the resign dialog names [b]x
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        title = str(app.screen.query_one("#title-bar").render())
        assert "[b]x" in title


async def test_below_the_minimum_size_keys_do_nothing_to_the_game():
    m = piratissimo_match(players=2, moves=3)
    app = app_for(m)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        n = len(m.actions)
        await pilot.press("pageup", "1", "2", "enter", "down", "u", "space", "s")
        await pilot.pause()
        assert len(m.actions) == n and isinstance(app.screen, GameScreen)
        assert app.focused is None or not isinstance(app.focused, OptionList)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.focused, OptionList)


async def test_tab_never_strands_the_player():
    m = piratissimo_match(players=2, moves=2)
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("tab", "tab", "shift+tab")
        assert isinstance(app.focused, OptionList)
        n = len(m.actions)
        await pilot.press("enter")
        await pilot.pause()
        assert len(m.actions) > n


async def test_a_second_ctrl_p_does_not_open_the_palette_over_a_confirmation():
    m = piratissimo_match(players=2, moves=2)
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("escape")  # "Leave this game?"
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)


async def test_digit_shortcuts_say_what_they_cover_in_long_lists():
    panel = DecisionPanel()
    from textual.app import App

    class Host(App):
        def compose(self):
            yield panel

    async with Host().run_test() as pilot:
        panel.show("Choose", [f"choice {i}" for i in range(14)])
        await pilot.pause()
        assert "first ten of 14" in str(panel.query_one("#prompt").render())
        panel.show("Choose", [f"choice {i}" for i in range(4)])
        await pilot.pause()
        assert "first ten" not in str(panel.query_one("#prompt").render())


async def test_a_forced_answer_is_played_for_the_player_and_logged(dice_screen, monkeypatch):
    from tests.support.dicegame import Act, DiceRules

    # a variant where a rolled die must be banked: one answer, no real choice
    real = DiceRules.legal_actions
    monkeypatch.setattr(DiceRules, "legal_actions",
                        lambda self, s: [Act("bank")] if s.roll is not None else real(self, s))
    monkeypatch.setattr(DiceRules, "forced", lambda self, s, a: True, raising=False)
    m = dice()
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert m.actions == []  # rolling the die stays the player's key press, forced or not
        await pilot.press("1")
        await pilot.pause()
        assert m.actions == ["roll", "bank"] and m.forced == [False, True]
        assert m.log[-1].startswith("Anna")  # logged like any move
        assert m.pending.seat == 1


async def test_a_bot_thinks_in_a_worker_while_the_screen_answers_keys(dice_screen, monkeypatch):
    gate = threading.Event()
    real = Match.bot_job

    def slow_job(self, level=None, thinker=None):
        job = real(self, level, thinker)

        def wait_then_choose(cancelled=None):
            assert gate.wait(10), "the test never released the bot"
            return job(cancelled)
        return wait_then_choose

    monkeypatch.setattr(Match, "bot_job", slow_job)
    m = dice(bots=(1,))
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("1", "1")  # Anna rolls and banks; the bot starts thinking
        await pilot.pause()
        assert "thinking" in str(app.screen.query_one("#prompt").render())
        await pilot.press("L")  # the screen answers while the bot thinks
        await pilot.pause()
        assert isinstance(app.screen, LogScreen) and len(m.actions) == 2
        await pilot.press("escape")
        gate.set()
        for _ in range(100):
            await pilot.pause(0.02)
            if len(m.actions) > 2:
                break
        assert m.actors[2] == 1  # the bot moved once it had chosen


async def test_undo_while_a_bot_thinks_drops_its_choice(dice_screen, monkeypatch):
    gate = threading.Event()
    real = Match.bot_job

    def slow_job(self, level=None, thinker=None):
        job = real(self, level, thinker)

        def wait_then_choose(cancelled=None):
            gate.wait(10)
            return job(cancelled)
        return wait_then_choose

    monkeypatch.setattr(Match, "bot_job", slow_job)
    m = dice(bots=(1,))
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("1", "1")
        await pilot.pause()
        await pilot.press("u")  # Anna takes back her bank while the bot thinks
        await pilot.pause()
        gate.set()
        for _ in range(20):
            await pilot.pause(0.02)
        assert m.actions == ["roll"] and m.pending.seat == 0


async def test_a_set_up_abandoned_before_the_first_move_leaves_no_save(dice_screen):
    from tabletop_tui.match import list_saves

    app = app_for()
    async with app.run_test(size=(100, 30)) as pilot:
        app.start_new_game({"game": "dicegame", "names": ["Anna", "Bruno"], "seed": 3})
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("escape", "y")
        await pilot.pause()
    assert list_saves() == []


async def test_a_resumed_game_that_hides_things_opens_behind_the_curtain(dice_screen, monkeypatch):
    from tests.support.dicegame import DiceRules

    monkeypatch.setattr(DiceRules, "hidden_information", lambda self: True)
    m = dice()
    for a in ["roll", "bank"]:
        m.play(a)  # saved with Bruno to play; whoever opens it may not be Bruno
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert "Pass to Bruno" in str(app.screen.query_one("#curtain").render())
        assert "Anna" in str(app.screen.query_one("#since").render())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.viewer_seat() == 1
        assert app.screen.actions


async def test_suggest_highlights_the_medium_bots_choice_for_the_player_to_move():
    m = piratissimo_match(players=2, moves=6)
    want = m.bot_job(level="medium")()  # what the medium bot would play from this seat's view
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        n = len(m.actions)
        await pilot.press("s")
        for _ in range(200):
            await pilot.pause(0.02)
            if screen.actions[screen.query_one(DecisionPanel).highlighted or 0] == want:
                break
        assert screen.actions[screen.query_one(DecisionPanel).highlighted] == want
        assert len(m.actions) == n  # a suggestion plays nothing


async def test_the_marks_follow_the_player_to_move_as_the_game_goes_on(dice_screen):
    m = dice()
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for key in ["1", "1", "1", "2", "1", "1"]:  # Anna roll+bank, Bruno roll+pass, Anna roll+bank
            await pilot.press(key)
            await pilot.pause()
        rows = [s.text for s in app.screen.query_one(LogPanel).lines]
        # Bruno to play: Anna's last turn is new to him, his own earlier turn is not
        marked = [r for r in rows if r.startswith("▸")]
        assert marked and all(r[2:].startswith("Anna") for r in marked)
        assert len(marked) == len(m.log) - m.since_last_decision(1) == 2


def handover_line(app) -> str:
    return str(app.screen.query_one("#prompt").render())


async def test_the_hand_over_line_offers_u_when_it_takes_the_move_back(dice_screen):
    m = dice(curtain=True)
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("1", "1")  # Anna rolls and banks: nothing random since her decision
        await pilot.pause()
        assert app.screen.handover_to == 1
        assert "(u takes the move back)" in handover_line(app)
        await pilot.press("u")
        await pilot.pause()
        assert m.actions == ["roll"]


async def test_no_u_on_the_hand_over_line_when_the_turn_ended_with_a_card_drawn(dice_screen, monkeypatch):
    """A turn that ends with a draw (chance revealed) cannot be taken back: the line does not
    offer it."""
    from tests.support.dicegame import DiceRules

    monkeypatch.setattr(DiceRules, "is_barrier", lambda self, before, a, after: True)  # every move draws
    m = dice(curtain=True)
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("1", "1")  # Anna rolls and banks, and the bank draws
        await pilot.pause()
        assert app.screen.handover_to == 1 and "Anna's turn is over" in handover_line(app)
        assert "u takes" not in handover_line(app)
        await pilot.press("u")
        await pilot.pause()
        assert m.actions == ["roll", "bank"]  # u could not have worked


async def test_no_u_on_the_hand_over_line_after_a_bot_rolled(dice_screen):
    """Anna's move, then a bot's turn with a die roll, then Chiara: the roll stands between
    Anna and her move, so the line does not offer u."""
    m = dice(names=("Anna", "Bruno", "Chiara"), bots=(1,), curtain=True)
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("1", "1")  # Anna rolls and banks; Bruno (bot) rolls and decides
        for _ in range(100):
            await pilot.pause(0.02)
            if m.pending.seat == 2:
                break
        await pilot.pause()
        assert m.pending.seat == 2 and app.screen.handover_to == 2
        assert "Anna's turn is over" in handover_line(app) and "u takes" not in handover_line(app)
        await pilot.press("u")
        await pilot.pause()
        assert len(m.actions) == 4 and m.pending.seat == 2


async def test_curtain_before_the_first_decision_of_a_new_game_with_hidden_hands(dice_screen, monkeypatch):
    """Two people and hidden hands: the first player takes the keyboard behind the curtain on
    Start, as at every later hand-over."""
    from tests.support.dicegame import DiceRules

    monkeypatch.setattr(DiceRules, "hidden_information", lambda self: True)
    app = app_for(dice())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert "Pass to Anna" in str(app.screen.query_one("#curtain").render())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.actions


async def test_a_single_person_resuming_a_game_with_hidden_hands_sees_no_curtain(dice_screen, monkeypatch):
    from tests.support.dicegame import DiceRules

    monkeypatch.setattr(DiceRules, "hidden_information", lambda self: True)
    m = dice(bots=(1,))
    for a in ["roll", "bank", "roll", "pass"]:
        m.play(a)  # saved with Anna to play; Bruno is a bot
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.actions


async def test_escape_then_enter_does_not_leave_the_game():
    """"Leave this game?" is answered No by the key pressed by habit: Enter."""
    m = piratissimo_match(players=2, moves=2)
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen


async def test_a_digit_beyond_the_list_says_so_and_plays_nothing():
    m = piratissimo_match(players=2, moves=2)
    app = app_for(m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        n = len(screen.actions)
        assert 0 < n < 9
        moves = len(m.actions)
        await pilot.press("9")
        await pilot.pause()
        assert len(m.actions) == moves
        said = [x.message for x in notices(app)]
        assert any(f"There is no choice 9 here: the list has {n} choice" in x for x in said), said


async def test_a_digit_beyond_a_choice_menu_says_so_and_keeps_the_menu():
    from tabletop_tui.screens.confirm import ChoiceMenu

    chosen = []
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ChoiceMenu("Choose:", ["a", "b", "c"]), chosen.append)
        await pilot.pause()
        await pilot.press("7")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceMenu) and chosen == []
        assert any("There is no choice 7 here: the menu has 3" in x.message for x in notices(app))
        await pilot.press("2")
        await pilot.pause()
        assert chosen == [1]


async def _to_the_bots_turn(pilot, m):
    """Anna (key 1, the first choice) plays until it is Bruno's (the bot's) turn; the game screen."""
    await pilot.pause()
    for _ in range(12):
        if m.bot_to_play():
            break
        await pilot.press("1")
        await pilot.pause()
    return pilot.app.screen


async def test_a_bots_turn_that_nothing_thinks_about_is_started_again(monkeypatch):
    # under load a whole game by keyboard once stood still at a bot's turn, "thinking" with no
    # thought under way: the screen's watchdog starts it again
    from tabletop_tui.app import TabletopApp

    monkeypatch.setattr(GameScreen, "BOT_GAP_LOOKS", 2)  # (it acts at its second look)

    m = piratissimo_match(players=2, bots=(1,))
    app = TabletopApp(match=m, bot_delay=600)  # the bot waits: its turn can be seen
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _to_the_bots_turn(pilot, m)
        assert m.bot_to_play()
        # (only what the watchdog does after the loss is this test's: see the busy-queue test below
        # for the late message a loaded fresh clone once counted here)
        before = len(app.bot_watchdog_acts)
        screen.cancel_bot()  # the thought is lost, and nothing schedules another
        app.bot_delay = 0
        n = len(m.actions)
        for _ in range(400):
            await pilot.pause(0.02)
            if len(m.actions) > n:
                break
        assert len(m.actions) > n and m.actors[n] == 1  # the bot played after all
        acts = app.bot_watchdog_acts[before:]
        assert len(acts) == 1 and "started again" in acts[0]


async def test_a_bots_chosen_move_whose_call_never_comes_is_played_by_the_watchdog(monkeypatch):
    # the net under the net: the move is chosen, its call to play it taken back (as a skipped
    # timer once lost it), and nothing else under way; the watchdog plays it and says so
    from tabletop_tui.app import TabletopApp

    monkeypatch.setattr(GameScreen, "BOT_GAP_LOOKS", 2)  # (it acts at its second look)

    m = piratissimo_match(players=2, bots=(1,))
    app = TabletopApp(match=m, bot_delay=600)  # the chosen move waits: its turn can be seen
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _to_the_bots_turn(pilot, m)
        for _ in range(200):
            if screen.bot_ready is not None:
                break
            await pilot.pause(0.01)
        n = len(m.actions)
        assert screen.bot_ready is not None and screen.bot_timer is not None and len(m.actions) == n
        before = len(app.bot_watchdog_acts)  # (see above: a late message may have been taken up)
        screen.bot_timer.stop()  # the call is lost; the move stays chosen
        for _ in range(400):
            await pilot.pause(0.02)
            if len(m.actions) > n:
                break
        assert len(m.actions) > n and m.actors[n] == 1
        acts = app.bot_watchdog_acts[before:]
        assert len(acts) == 1 and "chosen move" in acts[0]


async def test_a_finished_thought_whose_message_waits_in_a_busy_queue_is_no_gap(monkeypatch):
    # a fresh clone under load: the bot's thought had finished, its message waited behind the
    # screen's other work, and the watchdog (a Textual timer, outside the screen's queue) took
    # it for a lost one. The watchdog looks through the queue now, after what was posted before.
    import asyncio

    from tabletop_tui.app import TabletopApp

    monkeypatch.setattr(GameScreen, "BOT_GAP_LOOKS", 2)  # (it would act at its second look)

    m = piratissimo_match(players=2, bots=(1,))
    app = TabletopApp(match=m, bot_delay=600)  # the bot waits: its turn can be seen
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _to_the_bots_turn(pilot, m)
        assert m.bot_to_play()
        screen.cancel_bot()
        app.bot_delay = 0
        n, before = len(m.actions), len(app.bot_watchdog_acts)

        async def busy():  # the screen's queue is held for 3.5 s; the event loop is free
            await asyncio.sleep(3.5)

        screen.call_later(busy)
        screen.after_change()  # the bot thinks again; its messages queue behind the busy work
        for _ in range(600):
            await pilot.pause(0.02)
            if len(m.actions) > n:
                break
        assert len(m.actions) > n and m.actors[n] == 1
        assert app.bot_watchdog_acts[before:] == []
