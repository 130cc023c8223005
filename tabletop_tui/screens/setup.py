"""New game: players (names, human or bot and the bot's level), the game's options with their
help (and its named presets, where the game has them), an optional seed. Enter moves on to the
next field; only the Start button (or ctrl+n, the key it names) starts. Everything scrolls, so
it fits 80×24 with five seats and many options.

The field with the focus is marked three ways, so it shows also without colour (NO_COLOR): a
"▶" before its row, its row's label in bold, and the field itself in reverse video. A line of
keys under the title says how to move through the form; Tab goes seat by seat (name, human or
bot, then that bot's level beside it), then the options, the seed and Start.

A line above the seats says in a few words what a bot level plays like (``bots.level_help``):
the level whose field has the focus, the one highlighted in its open list, or the one just
chosen (issue 36: levels a player can feel). It sits above the seats so that a seat's open list,
which drops down, never covers it; it fits one line at 80 columns."""
from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from tabletop_tui.bots import LEVEL_HELP
from tabletop_tui.bots import level_help as level_words
from tabletop_tui.catalogue import Game
from tabletop_tui.rules.names import NAME_MAX, name_problem

DEFAULT_NAMES = ["Anna", "Bruno", "Chiara", "Dario", "Elena"]
LEVELS = ("easy", "medium", "hard", "random")
DEFAULT_LEVEL = "medium"
MARK = "▶"
KEYS_HINT = "Tab next · shift+Tab back · Enter opens a list, ticks a box · ^n start"
CUSTOM = "custom"
#: the level line before a bot's level has been focused
LEVELS_HINT = "Bot levels: easy, medium, hard; a bot's level field says how it plays"


def level_help(level: str, game_id: str = "") -> str:
    """A level in a few words (the game's own, where its level plays otherwise), for the line
    above the seats."""
    return f"{level} bot: {level_words(level, game_id)}"


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


def presets_of(rules) -> dict[str, dict]:
    """The game's named presets (name → option values), each completed with the rulebook's
    defaults for the options it leaves out; {} for a game without presets."""
    named = getattr(rules, "presets", None) or {}
    keys = {k for values in named.values() for k in values}
    return {name: {o.key: values.get(o.key, o.default) for o in rules.options if o.key in keys}
            for name, values in named.items()}


def preset_of(rules, options: dict) -> str | None:
    """The name of the preset these options are, or None (no preset matches, or none declared)."""
    for name, values in presets_of(rules).items():
        if all(options.get(k, values[k]) == v for k, v in values.items()):
            return name
    return None


def default_preset(rules) -> str | None:
    """The preset a new game starts with: the one that the game's ``new_game_options`` are."""
    base = {o.key: o.default for o in rules.options}
    base.update(getattr(rules, "new_game_options", {}) or {})
    return preset_of(rules, base)


def presets_help(rules) -> str:
    """What each preset contains, in the set-up's words, and which one a new game starts with."""
    first = default_preset(rules)
    parts = []
    for name, values in presets_of(rules).items():
        on = [k for k, v in values.items() if v is True]
        ticks = [k for k, v in values.items() if isinstance(v, bool)]
        what = ("every option below off" if not on else
                f"all {len(on)} options below ticked" if len(on) == len(ticks) else
                f"{len(on)} of the options below ticked")
        parts.append(f"{name}{' (the default)' if name == first else ''}: {what}")
    return "; ".join(parts) + ". Ticking a box yourself makes it custom."


class SetupScreen(Screen[None]):
    CSS_PATH = "setup.tcss"
    BINDINGS = [Binding("escape", "back", "back"), Binding("ctrl+n", "start", "start")]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.rules = game.rules()
        self._levels = {f"level{i}": DEFAULT_LEVEL for i in range(game.max_players)}

    def compose(self) -> ComposeResult:
        g = self.game
        with VerticalScroll(id="setup"):
            yield Static(Text(f"New game of {g.title}", style="bold"), id="setup-title")
            yield Static(Text(KEYS_HINT), id="keys-hint")
            with Horizontal(classes="row"):
                yield Static(" ", classes="mark")
                yield Label("Players", classes="label")
                yield Select([(str(n), n) for n in range(g.min_players, g.max_players + 1)],
                             value=g.min_players, allow_blank=False, id="count", compact=True)
            yield Static(Text(LEVELS_HINT, style="dim"), id="level-help")
            for i in range(g.max_players):
                with Horizontal(classes="row seat", id=f"seat{i}"):
                    yield Static(" ", classes="mark")
                    yield Label(f"Seat {i + 1}", classes="label")
                    yield Input(DEFAULT_NAMES[i], id=f"name{i}", max_length=NAME_MAX,
                                placeholder="name", classes="name", compact=True)
                    yield Select([("Human", "human"), ("Bot", "bot")], value="human",
                                 allow_blank=False, id=f"kind{i}", classes="kind", compact=True)
                    yield Select([(f"{lv} bot", lv) for lv in LEVELS], value=DEFAULT_LEVEL,
                                 allow_blank=False, id=f"level{i}", classes="level", compact=True)
                    yield Static(Text("(choose Bot for a level)", style="dim"), id=f"nolevel{i}",
                                 classes="nolevel")
            yield Static(Text(f"Names up to {NAME_MAX} characters. A seat set to Bot gets its level "
                              "beside it: easy, medium or hard; random plays any legal move.",
                              style="italic"), classes="help", id="names-help")
            presets = presets_of(self.rules)
            if presets:
                first = default_preset(self.rules)
                with Horizontal(classes="row option", id="preset-row"):
                    yield Static(" ", classes="mark")
                    yield Label("Rules", classes="label")
                    yield Select([(name, name)
                                  for name in presets] + [("custom", CUSTOM)],
                                 value=first or CUSTOM, allow_blank=False, id="preset",
                                 classes="preset", compact=True)
                yield Static(Text(presets_help(self.rules)), classes="help", id="preset-help")
            for opt in self.rules.options:
                with Horizontal(classes="row option"):
                    yield Static(" ", classes="mark")
                    start = getattr(self.rules, "new_game_options", {}).get(opt.key, opt.default)
                    if isinstance(opt.default, bool) and not opt.choices:
                        yield TickBox(Text(opt.label), value=start, id=f"opt-{opt.key}")
                    else:
                        yield Label(Text(opt.label), classes="label")
                        if opt.choices:
                            yield Select([(option_value_text(opt, c), c) for c in opt.choices],
                                         value=start, allow_blank=False, id=f"opt-{opt.key}",
                                         compact=True)
                        else:
                            yield Input(str(start), id=f"opt-{opt.key}", classes="free",
                                        compact=True)
                if getattr(opt, "help", ""):
                    yield Static(Text(opt.help), classes="help")
            if not self.rules.hidden_information():
                with Horizontal(classes="row option"):
                    yield Static(" ", classes="mark")
                    yield TickBox("Curtain between players", value=False, id="curtain")
                yield Static(Text("Hide the table while the keyboard changes hands."),
                             classes="help")
            with Horizontal(classes="row"):
                yield Static(" ", classes="mark")
                yield Label("Seed (optional)", classes="label")
                yield Input("", placeholder="random", id="seed", restrict=r"[0-9]*", max_length=12,
                            compact=True)
            yield Static("", id="error")
            with Horizontal(classes="row buttons"):
                yield Static(" ", classes="mark")
                yield Button("Start (ctrl+n)", id="start", variant="primary")
                yield Button("Back (esc)", id="back")
        # the form taller than the terminal (80×24: Terra Mystica's eight options, the seed and
        # Start are below): a row says so and which keys reach them, never only a scroll bar
        yield Static("", id="setup-more")
        yield Footer()

    def on_mount(self) -> None:
        self._show_seats(self.game.min_players)
        self._watch_level_lists()
        self.query_one("#name0", Input).focus()
        form = self.query_one("#setup", VerticalScroll)
        for attr in ("scroll_y", "virtual_size", "size"):
            self.watch(form, attr, lambda *_: self.call_after_refresh(self.say_out_of_sight), init=False)
        self.call_after_refresh(self.say_out_of_sight)

    def say_out_of_sight(self) -> None:
        """``▼ more below: Tab`` (or ▲ above, or both) under the form while part of it is out of
        sight; the row is gone when the whole form fits."""
        if not self.is_attached:
            return
        form = self.query_one("#setup", VerticalScroll)
        top, end = round(form.scroll_y), round(form.max_scroll_y)
        parts = (["▲ more above"] if top > 0 else []) + (["▼ more below"] if top < end else [])
        keys = "shift+Tab" if top > 0 and top >= end else "Tab" if top == 0 else "Tab shift+Tab"
        mark = self.query_one("#setup-more", Static)
        text = " · ".join(parts) + f": {keys}" if parts else ""
        mark.update(Text(text, style="bold"))
        if mark.display != bool(parts):
            mark.display = bool(parts)

    def _show_seats(self, n: int) -> None:
        for i in range(self.game.max_players):
            self.query_one(f"#seat{i}").display = i < n
            self._show_level(i)

    def _show_level(self, i: int) -> None:
        bot = self.query_one(f"#kind{i}", Select).value == "bot"
        self.query_one(f"#level{i}").display = bot
        self.query_one(f"#nolevel{i}").display = not bot

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Put the "▶" before the row that holds the focus (and only there)."""
        row = next((w for w in event.widget.ancestors_with_self
                    if isinstance(w, Horizontal) and w.has_class("row")), None)
        for mark in self.query(".mark").results(Static):
            mark.update(MARK if mark.parent is row else " ")
        level = next((w for w in event.widget.ancestors_with_self
                      if isinstance(w, Select) and (w.id or "").startswith("level")), None)
        if level is not None:
            self._say_level(str(level.value))

    def _say_level(self, level: str) -> None:
        if level in LEVEL_HELP:
            self.query_one("#level-help", Static).update(Text(level_help(level, self.game.id), style="italic"))

    def _watch_level_lists(self) -> None:
        """Moving through a level's open list says what the highlighted level plays like (the
        list stops its own highlight messages, so watch its highlight)."""
        for i in range(self.game.max_players):
            select = self.query_one(f"#level{i}", Select)
            self.watch(select.query_one("SelectOverlay"), "highlighted", self._said_by(select),
                       init=False)

    def _said_by(self, select: Select):
        def said(index: int | None) -> None:
            if select.expanded and index is not None and 0 <= index < len(LEVELS):
                self._say_level(LEVELS[index])
        return said

    def on_select_changed(self, event: Select.Changed) -> None:
        sid = event.select.id or ""
        if sid == "count" and isinstance(event.value, int):
            self._show_seats(event.value)
        elif sid.startswith("kind"):
            self._show_level(int(sid[4:]))
            if event.value == "bot":
                self._say_level(str(self.query_one(f"#level{sid[4:]}", Select).value))
        elif sid.startswith("level") and self._levels.get(sid) != event.value:
            self._levels[sid] = event.value
            self._say_level(str(event.value))
        elif sid == "preset":
            self._apply_preset(str(event.value))
        elif sid.startswith("opt-"):
            self._match_preset()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        if (event.checkbox.id or "").startswith("opt-"):
            self._match_preset()

    def on_input_changed(self, event: Input.Changed) -> None:
        if (event.input.id or "").startswith("opt-"):
            self._match_preset()

    def _apply_preset(self, name: str) -> None:
        """Set the options a preset names to its values (custom changes nothing)."""
        values = presets_of(self.rules).get(name)
        if values is None:
            return
        for key, value in values.items():
            field = self.query_one(f"#opt-{key}")
            field.value = value if not isinstance(field, Input) else str(value)  # type: ignore[attr-defined]

    def _match_preset(self) -> None:
        """Show which preset the options now are, or custom."""
        if not self.query("#preset"):
            return
        current = {o.key: self.query_one(f"#opt-{o.key}").value for o in self.rules.options}  # type: ignore[attr-defined]
        name = preset_of(self.rules, current) or CUSTOM
        select = self.query_one("#preset", Select)
        if select.value != name:
            select.value = name

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
            problem = name_problem(name)  # (the one check of a name: names.py)
            if problem and not name.isprintable():
                self.error(f"Seat {i + 1}: a name cannot hold control characters.", fields[i])
                return
            if problem:
                self.error(f"Seat {i + 1}: a name has at most {NAME_MAX} characters.", fields[i])
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
