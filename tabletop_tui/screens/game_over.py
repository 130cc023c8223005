"""Game over: the winners (by the game's own tie rule), a breakdown table, points over time."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Static

from tabletop_tui.match import Match
from tabletop_tui.widgets.players import DEFAULT_ORDER, markers
from tabletop_tui.widgets.vp_chart import VPChart


class GameOverScreen(Screen[None]):
    CSS_PATH = "game_over.tcss"
    BINDINGS = [
        Binding("n", "again", "new game, same players"),
        Binding("escape,b", "launcher", "launcher"),
        Binding("q", "quit", "quit"),
    ]

    def __init__(self, match: Match, game_screen=None) -> None:
        super().__init__()
        self.match = match
        self.game_screen = game_screen

    def compose(self) -> ComposeResult:
        m = self.match
        res = m.result()
        names = m.names
        marks = markers(names)
        if res is None:
            headline = "The game ended without a result."
        else:
            w = [names[s] for s in res.winners]
            headline = (f"{w[0]} wins!" if len(w) == 1 else " and ".join(w) + " share the win!")
        with Vertical(id="over"):
            yield Static(Text(f"{m.game.title} — game over", style="bold"), id="over-title")
            yield Static(Text(headline, style="bold"), id="headline")
            if res is not None and res.tiebreak:
                yield Static(Text(res.tiebreak, style="italic"))
            yield DataTable(id="breakdown", cursor_type="none", zebra_stripes=True)
            yield Static(Text("Points over the game", style="bold"))
            colours = getattr(m.state, "colours", None) or DEFAULT_ORDER[: len(names)]
            yield VPChart(m.vp_history, marks, list(colours), id="chart")
            with Horizontal(id="buttons"):
                yield Button("New game, same players (n)", id="again", variant="primary")
                yield Button("Launcher (b)", id="to-launcher")
                yield Button("Quit (q)", id="quit")
        yield Footer()

    def on_mount(self) -> None:
        m = self.match
        res = m.result()
        table = self.query_one(DataTable)
        if res is None:
            return
        cats: list[str] = []
        for s in range(len(m.names)):
            for c in res.breakdown.get(s, {}):
                if c not in cats:
                    cats.append(c)
        table.add_columns("Place", "Player", *cats, "Total")
        marks = markers(m.names)
        for place, group in enumerate(res.ranking, 1):
            for s in group:
                row = [str(place), f"{marks[s]} {m.names[s]}"]
                row += [str(res.breakdown.get(s, {}).get(c, 0)) for c in cats]
                row.append(str(res.scores.get(s, 0)))
                table.add_row(*row)
        self.query_one("#again").focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        {"again": self.action_again, "to-launcher": self.action_launcher,
         "quit": self.action_quit}[event.button.id or "again"]()

    def action_again(self) -> None:
        m = self.match
        self.app.start_new_game({
            "game": m.game.id, "names": m.names, "bots": [i for i, s in enumerate(m.seats) if s.bot],
            "seed": None, "options": m.options,
            "curtain": getattr(self.game_screen, "curtain", False)}, replace=True)

    def action_launcher(self) -> None:
        self.app.pop_screen()

    def action_quit(self) -> None:
        self.app.exit()
