"""Continue: the saved games, unfinished ones first and the last played on top; finished games
apart below them. Each entry says the game and its variant, the players, when it was last
played (in a person's words) and how many decisions people took. `d` deletes a save after a
confirmation. A damaged file is listed, refused with its reason, and can be deleted."""
from __future__ import annotations

from datetime import date, datetime, timedelta
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tabletop_tui import catalogue
from tabletop_tui.match import Match, SaveError, list_saves
from tabletop_tui.screens.launcher import StopAtEndsList

MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def when(stamp: str, now: datetime) -> str:
    """A save's time as a person says it: "today 14:05", "yesterday 09:12", "3 Nov", or
    "3 Nov 2025" in another year ("" if the time is unknown)."""
    try:
        t = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return ""
    day: date = t.date()
    if day == now.date():
        return f"today {t:%H:%M}"
    if day == now.date() - timedelta(days=1):
        return f"yesterday {t:%H:%M}"
    month = MONTHS[t.month - 1]
    return f"{t.day} {month}" if t.year == now.year else f"{t.day} {month} {t.year}"


def describe_options(game: catalogue.Game, options: object) -> str:
    """The options that differ from the rulebook's defaults, in their set-up words."""
    try:
        rules = game.rules()
    except Exception:  # an engine that fails to import must not take the list down with it
        rules = None
    if rules is None or not isinstance(options, dict):
        return ""
    parts = []
    for opt in rules.options:
        if opt.key in options and options[opt.key] != opt.default:
            value = options[opt.key]
            shown = ("yes" if value else "no") if isinstance(value, bool) else str(value)
            parts.append(f"{opt.label}: {shown}")
    return " · ".join(parts) if parts else "standard rules"


def seat_names(head: dict) -> str:
    seats = head.get("seats")
    if not isinstance(seats, list):
        return "?"
    out = []
    for s in seats:
        if isinstance(s, dict):
            name = str(s.get("name", "?"))
            if s.get("kind") == "bot":
                level = s.get("level")
                name += f" ({level} bot)" if isinstance(level, str) and level else " (bot)"
            out.append(name)
    return ", ".join(out)


def entry(path: Path, head: dict, now: datetime) -> Text:
    """Two lines for one save: game, variant and time; players and progress."""
    stamp = when(head.get("last_move", ""), now)
    if "error" in head:
        line = Text()
        line.append(f"⚠ {path.name}", "bold")
        line.append(f"  {stamp}\n", "dim")
        line.append("  damaged: cannot be continued (d deletes it)", "italic")
        return line
    try:
        game = catalogue.get(str(head.get("game")))
        title, variant = game.title, describe_options(game, head.get("options", {}))
    except catalogue.UnknownGame:
        title, variant = str(head.get("game")), ""
    actions = head.get("actions")
    moves = len(actions) if isinstance(actions, list) else 0
    people = head.get("human_decisions")
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append(title, "bold")
    if variant:
        line.append(f" · {variant}")
    line.append(f"   {stamp}\n", "dim")
    line.append("  " + seat_names(head))
    progress = f"{moves} move{'s' if moves != 1 else ''}"
    if isinstance(people, int) and not isinstance(people, bool):
        progress = f"{people} decision{'s' if people != 1 else ''} by people, " + progress
    line.append(f" · {progress}", "dim")
    return line


class SavesScreen(Screen[None]):
    DEFAULT_CSS = """
    SavesScreen > Vertical { padding: 1 2 0 2; }
    SavesScreen #saves-title { color: $accent; }
    SavesScreen OptionList { height: 1fr; border: round $panel; margin-top: 1; }
    SavesScreen #saves-hint { color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape,b", "back", "back"),
        Binding("d,delete", "delete", "delete save"),
    ]

    def __init__(self, now: datetime | None = None) -> None:
        super().__init__()
        self.now = now  # fixed in tests; otherwise the clock when the list is built
        self.entries: dict[str, tuple[Path, dict]] = {}

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text("Continue a saved game", style="bold"), id="saves-title")
            yield StopAtEndsList(id="saves")
            yield Static(Text("Enter continues · d deletes a save · esc back"), id="saves-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.fill()
        self.query_one(OptionList).focus()

    def fill(self, keep: int | None = None) -> None:
        now = self.now or datetime.now()
        saves = list_saves()
        unfinished = [(p, h) for p, h in saves if "error" not in h and not h.get("over")]
        finished = [(p, h) for p, h in saves if "error" not in h and h.get("over")]
        damaged = [(p, h) for p, h in saves if "error" in h]
        ol = self.query_one(OptionList)
        ol.clear_options()
        self.entries = {}
        opts: list[Option] = []
        for heading, group in (("Unfinished games", unfinished), ("Finished games", finished),
                               ("Files that cannot be opened", damaged)):
            if not group:
                continue
            opts.append(Option(Text(heading, style="bold underline"), disabled=True))
            for p, h in group:
                key = f"save-{len(self.entries)}"
                self.entries[key] = (p, h)
                opts.append(Option(entry(p, h, now), id=key))
        if not opts:
            opts.append(Option(Text("No saved games yet.", style="dim"), disabled=True))
        ol.add_options(opts)
        first = next((i for i, o in enumerate(opts) if not o.disabled), None)
        if first is not None:
            target = first if keep is None else min(max(keep, first), len(opts) - 1)
            while opts[target].disabled and target > first:
                target -= 1
            ol.highlighted = target

    def current(self) -> tuple[Path, dict] | None:
        ol = self.query_one(OptionList)
        if ol.highlighted is None:
            return None
        opt = ol.get_option_at_index(ol.highlighted)
        return self.entries.get(opt.id or "")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        chosen = self.entries.get(event.option.id or "")
        if chosen is None:
            return
        path, _ = chosen
        try:
            match = Match.load(path)
        except SaveError as e:
            self.notify(str(e), title="Can't open this save", severity="error", timeout=8,
                        markup=False)
            return
        if not match.game.playable:
            self.notify(f"{match.game.title} is in development.", severity="warning")
            return
        self.app.pop_screen()
        self.app.open_match(match)

    def action_delete(self) -> None:
        from tabletop_tui.screens.confirm import ConfirmScreen

        chosen = self.current()
        if chosen is None:
            return
        path, head = chosen
        if "error" in head:
            what = f"the damaged file {path.name}"
        else:
            try:
                title = catalogue.get(str(head.get("game"))).title
            except catalogue.UnknownGame:
                title = str(head.get("game"))
            what = f"the {title} game of {seat_names(head)}"
        keep = self.query_one(OptionList).highlighted

        def done(yes: bool | None) -> None:
            if not yes:
                return
            try:
                path.unlink()
            except FileNotFoundError:
                pass
            except OSError as e:
                self.notify(f"Could not delete {path}: {e.strerror}", severity="error", markup=False)
                return
            self.notify(f"Deleted {what}.", markup=False)
            self.fill(keep)

        self.app.push_screen(ConfirmScreen(f"Delete {what}? This cannot be undone."), done)

    def action_back(self) -> None:
        self.app.pop_screen()
