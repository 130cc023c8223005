"""The launcher: the five games, their pitch and player range; new game, continue, rules."""
from __future__ import annotations

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tabletop_tui import catalogue
from tabletop_tui.widgets.stop_at_ends import StopAtEndsList

BANNER = "tabletop-tui · board games for friends sharing one keyboard"


class LauncherScreen(Screen[None]):
    # Inline, not a CSS_PATH file: the launcher is the app's default screen, and Textual reads
    # a screen's CSS_PATH only for screens it pushes; DEFAULT_CSS comes with the class.
    DEFAULT_CSS = """
    LauncherScreen #launcher { padding: 1 2; }
    LauncherScreen #banner { color: $accent; margin-bottom: 1; }
    LauncherScreen #games { height: auto; max-height: 16; border: round $panel; }
    LauncherScreen #hint { margin-top: 1; }
    LauncherScreen #too-small { display: none; height: 1fr; content-align: center middle; padding: 1 2; }
    LauncherScreen.-small #launcher { display: none; }
    LauncherScreen.-small #too-small { display: block; }
    """
    #: below this the list and its help are cut: the screen says what it needs instead, as a game does
    MIN_SIZE = (80, 24)
    small = False
    BINDINGS = [
        Binding("enter", "new", "new game", show=False),
        Binding("n", "new", "new game"),
        Binding("c", "continue", "continue"),
        Binding("w", "watch", "watch a recorded game"),
        Binding("t", "tables", "your tables", show=False),  # in the hint: the footer is full at 80
        Binding("r,question_mark", "rules", "rules"),
        Binding("q,ctrl+q", "quit", "quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="launcher"):
            yield Static(Text(BANNER, style="bold"), id="banner")
            options = []
            for g in catalogue.GAMES:
                line = Text()
                line.append(f"{g.title:<15}", "bold")
                line.append(f"{g.players} players   ")
                line.append(g.status, "bold green" if g.playable else "dim italic")
                pitch = Padding(Text(g.pitch, style="" if g.playable else "dim"), (0, 0, 0, 2))
                options.append(Option(Group(line, pitch), id=g.id))  # a wrapped pitch stays indented
            yield StopAtEndsList(*options, id="games")
            yield Static(Text("Enter or n: new game · c: continue a saved game · w: watch a recorded game · "
                              "t: your tables (friends on other machines) · r: rules · q: quit",
                              style="dim"), id="hint")
        yield Static("", id="too-small")
        yield Footer()

    def on_resize(self, event) -> None:
        """Below the minimum, say the size needed instead of a list and help cut at the edges."""
        width, height = event.size.width, event.size.height
        w, h = self.MIN_SIZE
        self.small = width < w or height < h
        if self.small:
            self.query_one("#too-small", Static).update(Text(
                f"This terminal is {width}×{height}. tabletop-tui needs at least {w}×{h} (best 120×40): "
                "please make it larger. q quits.", style="bold"))
        if self.has_class("-small") != self.small:
            self.set_class(self.small, "-small")
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        # while the notice shows only q does something (and the footer names only q)
        return action == "quit" or not self.small

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def selected(self) -> catalogue.Game:
        ol = self.query_one(OptionList)
        i = ol.highlighted if ol.highlighted is not None else 0
        return catalogue.GAMES[i]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if not self.small:
            self.action_new()

    def action_new(self) -> None:
        g = self.selected()
        if not g.playable:
            self.notify(f"{g.title} is in development and cannot be started yet.",
                        title="Not yet", severity="warning")
            return
        from tabletop_tui.screens.setup import SetupScreen

        self.app.push_screen(SetupScreen(g))

    def action_continue(self) -> None:
        from tabletop_tui.screens.saves import SavesScreen

        self.app.push_screen(SavesScreen())

    def action_watch(self) -> None:
        from tabletop_tui.screens.watch import WatchPrompt

        self.app.push_screen(WatchPrompt())

    def action_tables(self) -> None:
        from tabletop_tui.screens.joined_tables import JoinedTablesScreen

        self.app.push_screen(JoinedTablesScreen())

    def action_rules(self) -> None:
        from tabletop_tui.screens.rules_view import RulesScreen

        self.app.push_screen(RulesScreen(self.selected()))

    def action_quit(self) -> None:
        self.app.exit()
