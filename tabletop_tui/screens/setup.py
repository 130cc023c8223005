"""New game: players (names, human or bot and the bot's level), the game's options with their
help, an optional seed. Enter moves on to the next field; only the Start button (or ctrl+n,
the key it names) starts. Everything scrolls, so it fits 80×24 with five seats and many options."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from tabletop_tui.catalogue import Game
from tabletop_tui.widgets.players import NAME_MAX

DEFAULT_NAMES = ["Anna", "Bruno", "Chiara", "Dario", "Elena"]
LEVELS = ("easy", "medium", "hard", "random")
DEFAULT_LEVEL = "medium"


class TickBox(Checkbox):
    """A checkbox whose mark is there only when it is ticked (``▐X▌`` / ``▐ ▌``), so checked and
    unchecked differ without colour (NO_COLOR)."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # Textual reads it per render
        return "X" if self.value else " "


def option_value_text(opt, value) -> str:
    """An option's value in words, for people (yes/no for a tick box)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


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
                             value=g.min_players, allow_blank=False, id="count", compact=True)
            for i in range(g.max_players):
                with Horizontal(classes="row seat", id=f"seat{i}"):
                    yield Label(f"Seat {i + 1}", classes="label")
                    yield Input(DEFAULT_NAMES[i], id=f"name{i}", max_length=NAME_MAX,
                                placeholder="name", classes="name", compact=True)
                    yield Select([("Human", "human"), ("Bot", "bot")], value="human",
                                 allow_blank=False, id=f"kind{i}", classes="kind", compact=True)
                    yield Select([(f"{lv} bot", lv) for lv in LEVELS], value=DEFAULT_LEVEL,
                                 allow_blank=False, id=f"level{i}", classes="level", compact=True)
            yield Static(Text(f"Names up to {NAME_MAX} characters. Bots: easy, medium or hard; "
                              "random plays any legal move.", style="italic"), classes="help",
                         id="names-help")
            for opt in self.rules.options:
                with Horizontal(classes="row option"):
                    start = getattr(self.rules, "new_game_options", {}).get(opt.key, opt.default)
                    if isinstance(opt.default, bool) and not opt.choices:
                        yield TickBox(Text(opt.label), value=start, id=f"opt-{opt.key}")
                    else:
                        yield Label(Text(opt.label), classes="label")
                        if opt.choices:
                            yield Select([(option_value_text(opt, c), c) for c in opt.choices],
                                         value=opt.default, allow_blank=False, id=f"opt-{opt.key}",
                                         compact=True)
                        else:
                            yield Input(str(opt.default), id=f"opt-{opt.key}", classes="free",
                                        compact=True)
                if getattr(opt, "help", ""):
                    yield Static(Text(opt.help), classes="help")
            if not self.rules.hidden_information():
                with Horizontal(classes="row option"):
                    yield TickBox("Curtain between players", value=False, id="curtain")
                yield Static(Text("Hide the table while the keyboard changes hands."),
                             classes="help")
            with Horizontal(classes="row"):
                yield Label("Seed (optional)", classes="label")
                yield Input("", placeholder="random", id="seed", restrict=r"[0-9]*", max_length=12,
                            compact=True)
            yield Static("", id="error")
            with Horizontal(classes="row buttons"):
                yield Button("Start (ctrl+n)", id="start", variant="primary")
                yield Button("Back (esc)", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self._show_seats(self.game.min_players)
        self.query_one("#name0", Input).focus()

    def _show_seats(self, n: int) -> None:
        for i in range(self.game.max_players):
            self.query_one(f"#seat{i}").display = i < n
            self._show_level(i)

    def _show_level(self, i: int) -> None:
        self.query_one(f"#level{i}").display = self.query_one(f"#kind{i}", Select).value == "bot"

    def on_select_changed(self, event: Select.Changed) -> None:
        sid = event.select.id or ""
        if sid == "count" and isinstance(event.value, int):
            self._show_seats(event.value)
        elif sid.startswith("kind"):
            self._show_level(int(sid[4:]))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_back()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a text box moves on, as Tab does; starting is the Start button's job."""
        event.stop()
        self.focus_next()

    def error(self, text: str, field: Widget | None = None) -> None:
        err = self.query_one("#error", Static)
        err.update(Text("⚠ " + text, style="bold red"))
        if field is not None:
            field.focus()
        err.scroll_visible()

    def action_start(self) -> None:
        from tabletop_tui.rules.core import resolve_options

        n = self.query_one("#count", Select).value
        assert isinstance(n, int)
        fields = [self.query_one(f"#name{i}", Input) for i in range(n)]
        names = [f.value.strip() for f in fields]
        for i, name in enumerate(names):
            if not name:
                self.error(f"Seat {i + 1} needs a name.", fields[i])
                return
            if len(name) > NAME_MAX:
                self.error(f"Seat {i + 1}: a name has at most {NAME_MAX} characters.", fields[i])
                return
            if not name.isprintable():
                self.error(f"Seat {i + 1}: a name cannot hold control characters.", fields[i])
                return
            if name.lower() in [x.lower() for x in names[:i]]:
                self.error("Every player needs a different name.", fields[i])
                return
        bots = [i for i in range(n) if self.query_one(f"#kind{i}", Select).value == "bot"]
        levels = {i: str(self.query_one(f"#level{i}", Select).value) for i in bots}
        raw = {}
        for opt in self.rules.options:
            raw[opt.key] = self.query_one(f"#opt-{opt.key}").value  # type: ignore[attr-defined]
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
                                 "levels": levels, "seed": seed, "options": options,
                                 "curtain": curtain}, replace=True)

    def action_back(self) -> None:
        self.app.pop_screen()
