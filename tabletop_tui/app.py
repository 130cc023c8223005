"""TabletopApp: screen routing, global bindings, the command palette's game commands."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

if TYPE_CHECKING:  # the launcher paints before any game machinery is loaded
    from tabletop_tui.match import Match, Seat


def make_seat(name: str, bot: bool, level: str | None = None) -> "Seat":
    """A seat; a bot seat plays at ``level`` (the default level when none is given)."""
    from tabletop_tui.match import Seat

    return Seat(name, bot, level=level) if level else Seat(name, bot)


class LauncherToCome(Screen[None]):
    """The launcher's place under a game opened from the command line (`tabletop --game ...`,
    `--resume`): empty, so that nothing but the game is built before its first paint; the
    launcher comes over it when the player leaves the game."""

    def __init__(self) -> None:
        super().__init__()
        self.covered = False

    def on_screen_suspend(self) -> None:
        self.covered = True

    def on_screen_resume(self) -> None:
        if self.covered:  # (not at the start, before the game is pushed over it)
            self.become_the_launcher()

    def become_the_launcher(self) -> None:
        from tabletop_tui.screens.launcher import LauncherScreen

        if self.app.screen is self:  # (pushed over it: Textual switches only pushed screens)
            self.app.push_screen(LauncherScreen())


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

    @property
    def thinker(self):
        """Where hard bots think: a process of their own (bots/thinker.py), made at first use
        (the launcher starts without the bots' modules)."""
        if self._thinker is None:
            from tabletop_tui.bots.thinker import Thinker

            self._thinker = Thinker()
        return self._thinker

    def get_default_screen(self) -> Screen:
        """The launcher is the first screen itself (not pushed over an empty one): one screen
        less to build before the first paint. Under a game opened from the command line, an
        empty screen stands in for it until the game is left: the game paints first."""
        if self.new_game is not None or self.start_match is not None:
            return LauncherToCome()
        from tabletop_tui.screens.launcher import LauncherScreen

        return LauncherScreen()

    def on_unmount(self) -> None:
        from tabletop_tui.launch import startup_done

        startup_done()  # (an app that ends before its first paint)
        if self._thinker is not None:
            self._thinker.close()

    def on_mount(self) -> None:
        from tabletop_tui.launch import pause_collector, startup_done

        pause_collector("app")  # (already off when started by `tabletop`)
        self.call_after_refresh(startup_done)  # (after the first screen is painted)
        if self.new_game is not None:
            self.start_new_game(self.new_game)
        elif self.start_match is not None:
            self.open_match(self.start_match)
        elif self.watch_match is not None:
            from tabletop_tui.screens.watch import watch_screen

            full = self.watch_match
            self.call_later(lambda: self.push_screen(watch_screen(full)))
        if isinstance(self.screen, LauncherToCome):  # the game could not be opened
            self.screen.become_the_launcher()

    def start_new_game(self, setup: dict, replace: bool = False) -> None:
        seed = setup.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(1, 10**9)
        bots = set(setup.get("bots", ()))
        levels = setup.get("levels") or {}
        seats = [make_seat(name, i in bots, levels.get(i) or levels.get(str(i)))
                 for i, name in enumerate(setup["names"])]
        from tabletop_tui.match import Match

        try:
            match = Match(setup["game"], seats, seed, setup.get("options"))
        except ValueError as e:
            self.notify(str(e), severity="error")
            return
        # No save yet: a set-up abandoned before the first move leaves nothing behind; the game
        # screen saves after every move.
        self.open_match(match, replace=replace, curtain=setup.get("curtain"))

    def open_match(self, match: Match, replace: bool = False, curtain: bool | None = None) -> None:
        screen_cls = match.game.screen_class()
        if curtain is not None:
            match.curtain = curtain
        screen = screen_cls(match, curtain=match.curtain)
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def action_help_quit(self) -> None:
        """ctrl+c does not quit a Textual app (it copies in a text box): say what does."""
        from tabletop_tui.screens.game import GameScreen

        if isinstance(self.screen, GameScreen):
            text = ("To quit, press ctrl+q (or Quit in the ctrl+p menu). The game is saved after "
                    "every move; `tabletop --resume` continues it.")
        else:
            text = "To quit, press ctrl+q (q on the launcher)."
        self.notify(text, title="Quit?", markup=False)

    def action_command_palette(self) -> None:
        """Never over an open dialog (a confirmation, a menu, the palette itself)."""
        from textual.screen import ModalScreen

        if isinstance(self.screen, ModalScreen):
            return
        super().action_command_palette()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        from tabletop_tui.screens.game import GameScreen

        if isinstance(screen, GameScreen):
            yield SystemCommand("Undo", "Take back your last decision (until something random was revealed)",
                                screen.action_undo)
            yield SystemCommand("Save", "Save the game now (it is also saved after every move)",
                                screen.action_save)
            yield SystemCommand("Rules", "Read the rules of this game", screen.action_rules)
            yield SystemCommand("Resign", "Leave the table: a bot plays your seat to the end",
                                screen.action_resign)
            yield SystemCommand("Leave game", "Back to the launcher; the game stays saved", screen.action_leave)
            yield SystemCommand("Quit", "Quit tabletop; continue later with tabletop --resume",
                                screen.action_quit_app)
        else:
            yield from super().get_system_commands(screen)
