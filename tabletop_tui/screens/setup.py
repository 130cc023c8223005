"""New game: players (names, human or bot), the game's options and variants, an optional seed."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from tabletop_tui.catalogue import Game

DEFAULT_NAMES = ["Anna", "Bruno", "Chiara", "Dario", "Elena"]


class SetupScreen(Screen[None]):
    CSS_PATH = "setup.tcss"
    BINDINGS = [Binding("escape", "back", "back"), Binding("ctrl+n", "start", "start")]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.rules = game.rules()

    def compose(self) -> ComposeResult:
        g = self.game
        with VerticalScroll(id="setup"):
            yield Static(Text(f"New game of {g.title}", style="bold"), id="setup-title")
            with Horizontal(classes="row"):
                yield Label("Players", classes="label")
                yield Select([(str(n), n) for n in range(g.min_players, g.max_players + 1)],
                             value=g.min_players, allow_blank=False, id="count")
            for i in range(g.max_players):
                with Horizontal(classes="row seat", id=f"seat{i}"):
                    yield Label(f"Seat {i + 1}", classes="label")
                    yield Input(DEFAULT_NAMES[i], id=f"name{i}", max_length=16)
                    yield Select([("Human", "human"), ("Bot", "bot")], value="human",
                                 allow_blank=False, id=f"kind{i}")
            for opt in self.rules.options:
                with Horizontal(classes="row"):
                    yield Label(opt.label, classes="label")
                    if opt.choices:
                        yield Select([(str(c), c) for c in opt.choices], value=opt.default,
                                     allow_blank=False, id=f"opt-{opt.key}")
                    elif isinstance(opt.default, bool):
                        yield Checkbox("yes", value=opt.default, id=f"opt-{opt.key}")
                    else:
                        yield Input(str(opt.default), id=f"opt-{opt.key}")
            if not self.rules.hidden_information():
                with Horizontal(classes="row"):
                    yield Label("Curtain between players", classes="label")
                    yield Checkbox("yes", value=False, id="curtain")
            with Horizontal(classes="row"):
                yield Label("Seed (optional)", classes="label")
                yield Input("", placeholder="random", id="seed", restrict=r"[0-9]*", max_length=12)
            yield Static("", id="error")
            with Horizontal(classes="row"):
                yield Button("Start (ctrl+n)", id="start", variant="primary")
                yield Button("Back (esc)", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self._show_seats(self.game.min_players)
        self.query_one("#name0", Input).focus()

    def _show_seats(self, n: int) -> None:
        for i in range(self.game.max_players):
            self.query_one(f"#seat{i}").display = i < n

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "count" and isinstance(event.value, int):
            self._show_seats(event.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_back()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def error(self, text: str) -> None:
        self.query_one("#error", Static).update(Text(text, style="bold red"))

    def action_start(self) -> None:
        from tabletop_tui.rules.core import resolve_options

        n = self.query_one("#count", Select).value
        names = [self.query_one(f"#name{i}", Input).value.strip() for i in range(n)]
        if any(not x for x in names):
            self.error("Every player needs a name.")
            return
        if len({x.lower() for x in names}) != len(names):
            self.error("Every player needs a different name.")
            return
        bots = [i for i in range(n) if self.query_one(f"#kind{i}", Select).value == "bot"]
        raw = {}
        for opt in self.rules.options:
            w = self.query_one(f"#opt-{opt.key}")
            raw[opt.key] = w.value if not isinstance(w, Input) else w.value
        try:
            options = resolve_options(self.rules.options, raw)
        except ValueError as e:
            self.error(str(e))
            return
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else None
        curtain = False
        if self.query("#curtain"):
            curtain = self.query_one("#curtain", Checkbox).value
        self.app.start_new_game({"game": self.game.id, "names": names, "bots": bots,
                                 "seed": seed, "options": options, "curtain": curtain}, replace=True)

    def action_back(self) -> None:
        self.app.pop_screen()
