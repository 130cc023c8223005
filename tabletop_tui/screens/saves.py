"""Continue: the saved games, newest first. A damaged file is listed and refused with its reason."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tabletop_tui import catalogue
from tabletop_tui.match import Match, SaveError, list_saves


class SavesScreen(Screen[None]):
    DEFAULT_CSS = """
    SavesScreen > Vertical { padding: 1 2; }
    SavesScreen OptionList { height: 1fr; border: round $panel; }
    """
    BINDINGS = [Binding("escape,b", "back", "back")]

    def compose(self) -> ComposeResult:
        self.saves = list_saves()
        with Vertical():
            yield Static(Text("Continue a saved game", style="bold"))
            opts = []
            for path, head in self.saves:
                if "error" in head:
                    opts.append(Option(Text(f"{path.name}: damaged file", style="dim")))
                    continue
                try:
                    title = catalogue.get(str(head.get("game"))).title
                except catalogue.UnknownGame:
                    title = str(head.get("game"))
                names = ", ".join(str(s.get("name")) for s in head.get("seats", []) if isinstance(s, dict))
                state = "finished" if head.get("over") else f"{len(head.get('actions', []))} moves"
                opts.append(Option(Text(f"{title:<14} {names:<32} {state:<10} {head.get('saved_at', '')}")))
            if not opts:
                opts.append(Option(Text("No saved games yet.", style="dim"), disabled=True))
            yield OptionList(*opts)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if not self.saves:
            return
        path, _ = self.saves[event.option_index]
        try:
            match = Match.load(path)
        except SaveError as e:
            self.notify(str(e), title="Can't open this save", severity="error", timeout=8)
            return
        if not match.game.playable:
            self.notify(f"{match.game.title} is in development.", severity="warning")
            return
        self.app.pop_screen()
        self.app.open_match(match)

    def action_back(self) -> None:
        self.app.pop_screen()
