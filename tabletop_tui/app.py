"""TabletopApp: screen routing, global bindings, the command palette's game commands."""
from __future__ import annotations

import random
from typing import Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from tabletop_tui.match import Match, Seat


class TabletopApp(App[None]):
    TITLE = "tabletop-tui"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [Binding("ctrl+q", "quit", "quit", show=False, priority=False)]

    def __init__(self, new_game: dict | None = None, match: Match | None = None,
                 bot_delay: float = 0.5) -> None:
        super().__init__()
        self.new_game = new_game
        self.start_match = match
        self.bot_delay = bot_delay

    def on_mount(self) -> None:
        from tabletop_tui.screens.launcher import LauncherScreen

        self.push_screen(LauncherScreen())
        if self.new_game is not None:
            self.start_new_game(self.new_game)
        elif self.start_match is not None:
            self.open_match(self.start_match)

    def start_new_game(self, setup: dict, replace: bool = False) -> None:
        seed = setup.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(1, 10**9)
        bots = set(setup.get("bots", ()))
        levels = setup.get("levels") or {}
        seats = [Seat(name, i in bots, levels.get(i, "medium")) for i, name in enumerate(setup["names"])]
        try:
            match = Match(setup["game"], seats, seed, setup.get("options"))
        except ValueError as e:
            self.notify(str(e), severity="error")
            return
        match.save()
        self.open_match(match, replace=replace, curtain=setup.get("curtain"))

    def open_match(self, match: Match, replace: bool = False, curtain: bool | None = None) -> None:
        screen_cls = match.game.screen_class()
        screen = screen_cls(match, curtain=curtain)
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

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
