"""TabletopApp: screen routing, global bindings, the command palette's game commands."""
from __future__ import annotations

import random
import sys
from typing import TYPE_CHECKING, Callable, Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

if TYPE_CHECKING:  # the launcher paints before any game machinery is loaded
    from tabletop_tui.match import Match, Seat
    from tabletop_tui.store.table import Table


def make_seat(name: str, bot: bool, level: str | None = None) -> "Seat":
    """A seat; a bot seat plays at ``level`` (the default level when none is given)."""
    from tabletop_tui.match import Seat

    return Seat(name, bot, level=level) if level else Seat(name, bot)


class TabletopApp(App[None]):
    TITLE = "tabletop-tui"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [Binding("ctrl+q", "quit", "quit", show=False, priority=False)]

    def __init__(self, new_game: dict | None = None, match: Match | None = None,
                 bot_delay: float = 0.5, watch: Match | None = None) -> None:
        super().__init__()
        self.new_game = new_game
        self.start_match = match
        self.watch_match = watch  # `tabletop replay FILE --watch`: the whole recorded game
        self.bot_delay = bot_delay
        self._thinker = None
        self._not_opened: str | None = None  # why the command line's game could not be opened
        self.told: list = []  # the notices games told on their notice rows (screens/game.py Told), in order
        #: each time a game screen's bot watchdog had to act, what it did (screens/game.py): none
        #: in a sound run; a whole keyboard game in the tests asserts so
        self.bot_watchdog_acts: list[str] = []
        #: each game's notices (n), by its save file, kept from leaving it to resuming it in this run
        self.kept_notices: dict[str, list] = {}

    @property
    def thinker(self):
        """Where hard bots think: a process of their own (bots/thinker.py), made at first use
        (the launcher starts without the bots' modules)."""
        if self._thinker is None:
            from tabletop_tui.bots.thinker import Thinker

            self._thinker = Thinker()
        return self._thinker

    def get_default_screen(self) -> Screen:
        """The first screen is the game opened from the command line (`tabletop --game ...`,
        `--resume`) or else the launcher, itself the first screen rather than pushed over an
        empty one: one screen is built before the first paint, in the app's own first layout.
        Leaving a game that is the first screen puts the launcher in its place
        (``back_to_launcher``)."""
        screen = self._first_game_screen()
        if screen is not None:
            return screen
        from tabletop_tui.screens.launcher import LauncherScreen

        return LauncherScreen()

    def _first_game_screen(self) -> Screen | None:
        setup, match = self.new_game, self.start_match
        self.new_game = self.start_match = None  # (opened once, here)
        if setup is not None:
            match = self.new_match(setup)
            if match is None:
                return None
        if match is None:
            return None
        screen = self.game_screen(match, curtain=setup.get("curtain") if setup else None)
        # A pushed or switched-to screen holds a result callback, and switching away from a
        # screen takes one off; the first screen is neither, so it gets the one that
        # switch_screen gives (the game switches to its game-over page, that page to a new game
        # or the launcher).
        screen._push_result_callback(screen, None)
        self._read_screen_css(screen)
        return screen

    def _read_screen_css(self, screen: Screen) -> None:
        """The first screen's CSS_PATH files and CSS into the app's stylesheet, before it is
        first parsed. Textual reads them for the screens it pushes or switches to (and parses
        every source again each time), not for the default screen."""
        import inspect

        for path in screen.css_path:
            if not self.stylesheet.has_source(str(path), ""):
                self.stylesheet.read(path)
        if screen.CSS:
            try:
                where = inspect.getfile(type(screen))
            except (TypeError, OSError):
                where = ""
            read_from = (where, f"{type(screen).__name__}.CSS")
            if not self.stylesheet.has_source(*read_from):
                self.stylesheet.add_source(screen.CSS, read_from=read_from, is_default_css=False,
                                           scope=screen._css_type_name if screen.SCOPED_CSS else "")

    def back_to_launcher(self) -> None:
        """From a game (or its game-over page) to the launcher: the one under it, or a new one
        where the game was the app's first screen."""
        self.keep_notices(self.screen)
        if len(self.screen_stack) > 1:
            self.pop_screen()  # (the launcher is under the game)
        else:
            from tabletop_tui.screens.launcher import LauncherScreen

            self.switch_screen(LauncherScreen())

    def on_unmount(self) -> None:
        from tabletop_tui.startup import startup_done

        startup_done()  # (an app that ends before its first paint)
        if self._thinker is not None:
            self._thinker.close()

    def on_mount(self) -> None:
        from tabletop_tui.startup import pause_collector, startup_done

        pause_collector("app")  # (already off when started by `tabletop`)
        self.call_after_refresh(startup_done)  # (after the first screen is painted)
        on_start = getattr(self, "on_start", None)
        if on_start is not None:
            self.call_after_refresh(on_start, self)
        if self._not_opened is not None:  # the command line's game could not be set up
            self.notify(self._not_opened, severity="error")
        if self.watch_match is not None:
            from tabletop_tui.screens.watch import watch_screen

            full = self.watch_match
            self.call_later(lambda: self.push_screen(watch_screen(full)))

    def new_match(self, setup: dict) -> Match | None:
        """The match a set-up describes (a new seed where it gives none); None, with the reason
        kept for a message, where it cannot be set up."""
        seed = setup.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(1, 10**9)
        bots = set(setup.get("bots", ()))
        levels = setup.get("levels") or {}
        seats = [make_seat(name, i in bots, levels.get(i) or levels.get(str(i)))
                 for i, name in enumerate(setup["names"])]
        from tabletop_tui.match import Match

        try:
            return Match(setup["game"], seats, seed, setup.get("options"))
        except ValueError as e:
            self._not_opened = str(e)
            return None

    def start_new_game(self, setup: dict, replace: bool = False) -> None:
        match = self.new_match(setup)
        if match is None:
            self.notify(self._not_opened or "", severity="error")
            self._not_opened = None
            return
        # No save yet: a set-up abandoned before the first move leaves nothing behind; the game
        # screen saves after every move.
        self.open_match(match, replace=replace, curtain=setup.get("curtain"))

    def game_screen(self, match: Match, curtain: bool | None = None) -> Screen:
        if curtain is not None:
            match.curtain = curtain
        screen = match.game.screen_class()(match, curtain=match.curtain)
        kept = self.kept_notices.get(_save_key(match))
        if kept and hasattr(screen, "told_here"):
            screen.told_here = list(kept)  # the game's notices from before it was left (n lists them)
        return screen

    def keep_notices(self, screen: Screen) -> None:
        """A game left for the launcher keeps its notices (the notices page, n) until it is
        resumed in this run. (Not in the save: the file is written on moves only, so that
        looking at a game does not move it up the Continue list; the notices told since the last
        move would be lost there or would rewrite an unchanged game.)"""
        told, match = getattr(screen, "told_here", None), getattr(screen, "match", None)
        key = _save_key(match) if match is not None else None
        if told is not None and key is not None:
            self.kept_notices[key] = list(told)

    def open_match(self, match: Match, replace: bool = False, curtain: bool | None = None) -> None:
        screen = self.game_screen(match, curtain)
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def notify(self, message: str, *, title: str = "", severity: str = "information",  # type: ignore[override]
               timeout: float | None = None, markup: bool = True) -> None:
        """Over a game, every notice — an error too, and one said by the app or a widget — is
        told on the game's notice row (GameScreen.notify), never a toast over its board or log.
        Elsewhere (the launcher, the set-up, the saves) a toast, with nothing of a game under it."""
        from tabletop_tui.screens.game import GameScreen

        try:
            screen = self.screen
        except Exception:  # (no screen yet)
            screen = None
        if isinstance(screen, GameScreen):
            screen.notify(message, title=title, severity=severity, timeout=timeout, markup=markup)
            return
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)  # type: ignore[arg-type]

    def action_help_quit(self) -> None:
        """ctrl+c does not quit a Textual app (it copies in a text box): say what does."""
        from tabletop_tui.screens.game import GameScreen

        if isinstance(self.screen, GameScreen):
            text = ("To quit, press ctrl+q (or Quit in the ctrl+p menu). The game is saved after "
                    "every move; `tabletop --resume` continues it.")
        else:
            text = "To quit, press ctrl+q (q on the launcher)."
        self.screen.notify(text, title="Quit?", markup=False)  # a game's: on its notice row

    def action_command_palette(self) -> None:
        """Never over an open dialog (a confirmation, a menu, the palette itself)."""
        from textual.screen import ModalScreen

        if isinstance(self.screen, ModalScreen):
            return
        super().action_command_palette()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        from tabletop_tui.screens.game import GameScreen

        if isinstance(screen, GameScreen):
            yield SystemCommand("Undo", "Take back your last decision (until another player decides or "
                                "something random is revealed)", screen.action_undo)
            yield SystemCommand("Save", "Save the game now (it is also saved after every move)",
                                screen.action_save)
            yield SystemCommand("Rules", "Read the rules of this game", screen.action_rules)
            yield SystemCommand("Notices", "This game's notices, newest first: refusals, undo, saves, "
                                "errors (key n)", screen.action_notices)
            yield SystemCommand("Resign", "Leave the table: a bot plays your seat to the end",
                                screen.action_resign)
            yield SystemCommand("Leave game", "Back to the launcher; the game stays saved", screen.action_leave)
            yield SystemCommand("Quit", "Quit tabletop; continue later with tabletop --resume",
                                screen.action_quit_app)
        else:
            yield from super().get_system_commands(screen)


def _save_key(match: "Match") -> str | None:
    """A game's save file, as the key its notices are kept under (None before its first save)."""
    from pathlib import Path

    return str(Path(match.path).resolve()) if match.path is not None else None


def run_app(on_start: Callable[[App], object] | None = None, **kwargs) -> None:
    """Run the app; one that ended by a crash exits non-zero (Textual prints the traceback and
    sets the return code). ``on_start``: called with the app once its first screen is painted
    (the entry points give it the process's lifeline, lifeline.hold_app, whose start — ctypes
    for prctl — took 20 ms, too long to put before the first paint)."""
    tui = TabletopApp(**kwargs)
    tui.on_start = on_start
    tui.run()
    if tui.return_code:
        sys.exit(tui.return_code)


# -- a seat at a table: an app with only that seat in it -----------------------------------
class _SeatClosed(Screen):
    """Under the seat: when the seat (or its game-over page) is left, the app ends."""

    def on_screen_resume(self) -> None:
        if getattr(self.app, "seat_opened", False) and len(self.app.screen_stack) == 1:
            self.app.exit()


# how a player comes back to their seat, by the way they came (ctrl+c says it: a table has no save)
COME_BACK = {
    "local": "`tabletop seat` with your code, or the launcher's t (your tables), opens your seat again.",
    "ssh": "connect again as before (ssh -t, with your code) to go on.",
    "web": "open your seat's address again to go on.",
}


def seat_app(table: "Table", bot_delay: float = 0.5, via: str = "local") -> App:
    """An app with only the seat in it (`tabletop seat`, a browser's seat): leaving it ends it.
    ``via`` is how the player came ("local", "ssh", "web"): ctrl+c says how to come back."""
    from tabletop_tui.screens.seat import seat_screen

    class SeatApp(TabletopApp):
        def action_help_quit(self) -> None:
            self.screen.notify(f"To leave, press ctrl+q. The table keeps every move: {COME_BACK.get(via, COME_BACK['local'])}",
                        title="Quit?", markup=False)

        def __init__(self) -> None:
            super().__init__(bot_delay=bot_delay)
            self.table = table
            self.seat_opened = False
            self.ending = False

        def get_default_screen(self) -> Screen:
            return _SeatClosed()

        def on_mount(self) -> None:
            self.push_screen(seat_screen(table))
            self.seat_opened = True

        def start_new_game(self, setup: dict, replace: bool = False) -> None:
            self.screen.notify("A new table is made by the host: `tabletop table new`.", markup=False)

        def end_seat(self) -> None:
            """The player is gone (lifeline.py): end, even while the seat's screen is still being
            mounted (it then draws nothing: its widgets are going)."""
            self.ending = True
            self.exit()

    return SeatApp()
