"""Continue: the saved games, unfinished ones first and the last played on top; finished games
apart below them. Each entry says the game and its rules (a preset's name, or the options that
differ), when it was last played (in a person's words), the players with their factions and
points, the round and how many decisions people took, or who won. `d` deletes a save after a
confirmation (No has the keyboard); a deleted save goes to the trash (trash.py), and `t` lists
the deleted games, of which Enter brings one back, for KEEP_DAYS days.

The list comes at once from the files' headers; each save is then replayed in a worker thread
(the only way to know its round and points, and whether it still opens) and its entry filled in.
A save that does not replay (a file cut short, a move that is not legal) is moved among the
damaged files with its reason in plain words, and opening it says the file's name."""
from __future__ import annotations

from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tabletop_tui import catalogue, trash
from tabletop_tui.match import Match, SaveError, list_saves
from tabletop_tui.widgets.stop_at_ends import StopAtEndsList

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


#: what a game's points are called where they are not victory points
POINTS = {"piratissimo": "treasure"}
#: at most this many changed options are named; more are counted
NAMED_OPTIONS = 2


def describe_options(game: catalogue.Game, options: object) -> str:
    """The rules the game is played with, in set-up words: the preset's name where the options
    are one, then the other options that differ from the rulebook's defaults (the first few by
    name, the rest counted), so an entry keeps to its line."""
    from tabletop_tui.screens.setup import preset_of, presets_of

    try:
        rules = game.rules()
    except Exception:  # an engine that fails to import must not take the list down with it
        rules = None
    if rules is None or not isinstance(options, dict):
        return ""
    preset = preset_of(rules, options)
    covered = set(next(iter(presets_of(rules).values()), {})) if preset else set()
    parts = [preset] if preset else []
    changed = []
    for opt in rules.options:
        if opt.key in options and options[opt.key] != opt.default and opt.key not in covered:
            value = options[opt.key]
            shown = ("yes" if value else "no") if isinstance(value, bool) else str(value)
            changed.append(f"{opt.label}: {shown}")
    parts += changed[:NAMED_OPTIONS]
    if len(changed) > NAMED_OPTIONS:
        more = len(changed) - NAMED_OPTIONS
        parts.append(f"{more} more option{'s' if more != 1 else ''} changed")
    return " · ".join(parts) if parts else "standard rules"


_LOOKED: dict[tuple[str, int, int], dict] = {}


def look(path: Path) -> dict:
    """What a player needs to know of a save, found by replaying it: ``{"error": reason}`` for a
    save that does not open (the reason in plain words, without the file's path), else
    ``players`` (labels, with factions where the game has them), ``points`` per seat, ``round``
    and, once it is over, ``winners``. Remembered per file version, so the list replays a save
    once. Pure of the UI: it runs in a worker thread."""
    try:
        st = path.stat()
        key = (str(path), st.st_mtime_ns, st.st_size)
    except OSError:
        key = None
    if key is not None and key in _LOOKED:
        return _LOOKED[key]
    try:
        m = Match.load(path)
    except SaveError as e:
        info: dict[str, Any] = {"error": reason_of(e, path)}
    except Exception as e:  # a save must never take the list down
        info = {"error": f"it could not be read ({e})"}
    else:
        info = summary_of(m)
    if key is not None:
        _LOOKED[key] = info
    return info


def reason_of(e: SaveError, path: Path) -> str:
    """A load error's reason, without the path it starts with."""
    text = str(e)
    for prefix in (f"{path}: ", f"{path.name}: "):
        if text.startswith(prefix):
            return text[len(prefix):]
    return text


def summary_of(m: Match) -> dict:
    state, rules = m.state, m.rules
    try:
        points = {int(k): int(v) for k, v in rules.vp(state).items()}
    except Exception:
        points = {}
    players = []
    for i, seat in enumerate(m.seats):
        extra = []
        faction = faction_name(m, i)
        if faction:
            extra.append(faction)
        if seat.bot:
            extra.append(bot_words(seat.level, seat.human_until))
        players.append(seat.name + (f" ({', '.join(extra)})" if extra else ""))
    info: dict[str, Any] = {"players": players, "points": points, "round": rules.round_label(state)}
    res = m.result() if m.over else None
    if res is not None:
        info["winners"] = [m.seats[i].name for i in res.winners]
    return info


def faction_name(m: Match, seat: int) -> str:
    """The faction a seat plays, where the game has factions and it is chosen ("" otherwise)."""
    players = getattr(m.state, "players", None)
    try:
        fid = getattr(players[seat], "faction", "") if players is not None else ""
    except (IndexError, TypeError):
        return ""
    if not fid or not isinstance(fid, str):
        return ""
    if m.game.id == "terra_mystica":
        from tabletop_tui.rules.terra_mystica.data import FACTIONS

        return str(FACTIONS.get(fid, {}).get("name", fid))
    return fid


def bot_words(level: object, human_until: int | None) -> str:
    """A bot seat as the list names it: "medium bot", or "medium bot from move 41" for a seat
    a person played until they resigned."""
    words = f"{level} bot" if isinstance(level, str) and level else "bot"
    return words if human_until is None else f"{words} from move {human_until + 1}"


def seat_names(head: dict) -> str:
    seats = head.get("seats")
    if not isinstance(seats, list):
        return "?"
    out = []
    for s in seats:
        if isinstance(s, dict):
            name = str(s.get("name", "?"))
            if s.get("kind") == "bot":
                until = s.get("human_until")
                name += f" ({bot_words(s.get('level'), until if isinstance(until, int) else None)})"
            out.append(name)
    return ", ".join(out)


class Entry:
    """A save's lines for the list, the lines after the first indented (also where a long line
    of players wraps); ``plain`` and ``str()`` give its text."""

    def __init__(self, text: Text) -> None:
        self.lines = text.split("\n")

    @property
    def plain(self) -> str:
        return "\n".join(line.plain for line in self.lines)

    def __str__(self) -> str:
        return self.plain

    def __rich_console__(self, console, options):
        yield Group(self.lines[0], *[Padding(line, (0, 0, 0, 2)) for line in self.lines[1:]])


def entry(path: Path, head: dict, now: datetime, info: dict | None = None) -> Entry:
    """Three lines for one save: game, rules and time; the players (with factions and points
    once replayed); the round and progress, or who won. A damaged file: its name, what is wrong
    with it, and that d deletes it."""
    stamp = when(head.get("last_move", ""), now)
    error = (info or {}).get("error") or head.get("error")
    if error:
        line = Text()
        line.append(f"⚠ {trash.original_name(path)}", "bold")
        try:
            line.append(f" · {catalogue.get(str(head.get('game'))).title}")
        except catalogue.UnknownGame:
            pass
        line.append(f"  {stamp}\n", "dim")
        why = info.get("error") if info else "the file cannot be read as a save"
        line.append(f"damaged: {why}\n", "italic")
        line.append("it cannot be continued · d deletes it", "dim")
        return Entry(line)
    try:
        game = catalogue.get(str(head.get("game")))
        title, variant = game.title, describe_options(game, head.get("options", {}))
    except catalogue.UnknownGame:
        title, variant = str(head.get("game")), ""
    actions = head.get("actions")
    moves = len(actions) if isinstance(actions, list) else 0
    people = head.get("human_decisions")
    line = Text()
    line.append(title, "bold")
    if variant:
        line.append(f" · {variant}")
    line.append(f"   {stamp}\n", "dim")
    if info and "players" in info:
        unit = POINTS.get(str(head.get("game")), "VP")
        points = info.get("points", {})
        line.append(" · ".join(
            f"{label} {points[i]} {unit}" if i in points else label
            for i, label in enumerate(info["players"])))
    else:
        line.append(seat_names(head))
    line.append("\n")
    progress = f"{moves} move{'s' if moves != 1 else ''}"
    if isinstance(people, int) and not isinstance(people, bool):
        progress = f"{people} decision{'s' if people != 1 else ''} by people, " + progress
    if info and info.get("winners"):
        won = info["winners"]
        line.append(f"{won[0]} won" if len(won) == 1 else f"{' and '.join(won)} shared the win", "bold")
        line.append(f" · {progress}", "dim")
    elif info and info.get("round"):
        line.append(str(info["round"]))
        line.append(f" · {progress}", "dim")
    else:
        line.append(progress, "dim")
    return Entry(line)


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
        Binding("t", "trash", "deleted games"),
    ]
    HINT = (f"Enter continues · d deletes · t: deleted games (kept {trash.KEEP_DAYS} days) · "
            "esc back")
    TRASH_HINT = "Enter brings the game back · t or esc: back to your saves"

    def __init__(self, now: datetime | None = None) -> None:
        super().__init__()
        self.now = now  # fixed in tests; otherwise the clock when the list is built
        self.in_trash = False  # the list shows the deleted games (t)
        self.entries: dict[str, tuple[Path, dict]] = {}
        self.infos: dict[Path, dict] = {}  # what replaying each save found (filled by a worker)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text("Continue a saved game", style="bold"), id="saves-title")
            yield StopAtEndsList(id="saves")
            yield Static(Text(self.HINT), id="saves-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.fill()
        self.query_one(OptionList).focus()
        self.look_at_saves([p for p, _ in self.entries.values()])

    @work(thread=True, exclusive=True, group="saves-look")
    def look_at_saves(self, paths: list[Path]) -> None:
        """Replay each save (top first), then show what was found."""
        found = {p: look(p) for p in paths}
        self.app.call_from_thread(self.looked, found)

    def looked(self, found: dict[Path, dict]) -> None:
        if not self.is_attached:  # left before the replays were done
            return
        self.infos.update(found)
        current = self.current()
        keep_path = current[0] if current else None
        self.fill()
        if keep_path is not None:  # the cursor stays on the save it was on
            ol = self.query_one(OptionList)
            for i in range(ol.option_count):
                chosen = self.entries.get(ol.get_option_at_index(i).id or "")
                if chosen and chosen[0] == keep_path:
                    ol.highlighted = i
                    break

    def damaged(self, path: Path, head: dict) -> bool:
        return "error" in head or "error" in self.infos.get(path, {})

    def groups(self, now: datetime) -> list[tuple[str, list[tuple[Path, dict]]]]:
        """The list's headings and their saves: the saves by state, or the deleted games."""
        if self.in_trash:
            return [(f"Deleted games (each kept {trash.KEEP_DAYS} days after deleting)",
                     trash.deleted_saves(now))]
        saves = list_saves()
        unfinished = [(p, h) for p, h in saves if not self.damaged(p, h) and not h.get("over")]
        finished = [(p, h) for p, h in saves if not self.damaged(p, h) and h.get("over")]
        damaged = [(p, h) for p, h in saves if self.damaged(p, h)]
        return [("Unfinished games", unfinished), ("Finished games", finished),
                ("Files that cannot be opened", damaged)]

    def fill(self, keep: int | None = None) -> None:
        now = self.now or datetime.now()
        ol = self.query_one(OptionList)
        ol.clear_options()
        self.entries = {}
        opts: list[Option] = []
        for heading, group in self.groups(now):
            if not group:
                continue
            opts.append(Option(Text(heading, style="bold underline"), disabled=True))
            for p, h in group:
                key = f"save-{len(self.entries)}"
                self.entries[key] = (p, h)
                shown = entry(p, h, now, self.infos.get(p))
                if "deleted" in h:
                    shown.lines[0].append(f"  deleted {when(h['deleted'], now)}", "italic")
                opts.append(Option(shown, id=key))
        if not opts:
            empty = "No deleted games." if self.in_trash else "No saved games yet."
            opts.append(Option(Text(empty, style="dim"), disabled=True))
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
        path, head = chosen
        if self.in_trash:
            self.bring_back(path, head)
            return
        try:
            match = Match.load(path)
        except SaveError as e:
            self.notify(reason_of(e, path), title=f"Can't open {path.name}",
                        severity="error", timeout=8, markup=False)
            return
        if not match.game.playable:
            self.notify(f"{match.game.title} is in development.", severity="warning")
            return
        self.app.pop_screen()
        self.app.open_match(match)

    def what(self, path: Path, head: dict) -> str:
        """A save in a sentence: "the Finca game of Anna, Bruno (medium bot)"."""
        if self.damaged(path, head):
            return f"the damaged file {trash.original_name(path)}"
        try:
            title = catalogue.get(str(head.get("game"))).title
        except catalogue.UnknownGame:
            title = str(head.get("game"))
        return f"the {title} game of {seat_names(head)}"

    def action_delete(self) -> None:
        from tabletop_tui.screens.confirm import ConfirmScreen

        chosen = self.current()
        if chosen is None:
            return
        if self.in_trash:
            self.notify(f"This game is deleted already: it goes for good {trash.KEEP_DAYS} days after "
                        "it was deleted. Enter brings it back.", severity="information")
            return
        path, head = chosen
        what = self.what(path, head)
        keep = self.query_one(OptionList).highlighted

        def done(yes: bool | None) -> None:
            if not yes:
                return
            try:
                trash.throw_away(path, self.now)
            except FileNotFoundError:
                pass
            except OSError as e:
                self.notify(f"Could not delete {path}: {e.strerror}", severity="error", markup=False)
                return
            self.notify(f"Deleted {what}. t lists the deleted games; Enter there brings it back.",
                        markup=False)
            self.fill(keep)

        self.app.push_screen(ConfirmScreen(
            f"Delete {what}? You can bring it back for {trash.KEEP_DAYS} days (t: deleted games)."), done)

    def bring_back(self, path: Path, head: dict) -> None:
        what = self.what(path, head)
        try:
            trash.restore(path)
        except OSError as e:
            self.notify(f"Could not bring back {what}: {e.strerror}", severity="error", markup=False)
            return
        self.notify(f"{what[0].upper()}{what[1:]} is back among your saves.", markup=False)
        self.show_trash(False)

    def action_trash(self) -> None:
        self.show_trash(not self.in_trash)

    def show_trash(self, on: bool) -> None:
        """The deleted games in the list's place, or the saves again."""
        self.in_trash = on
        self.query_one("#saves-title", Static).update(
            Text("Deleted games" if on else "Continue a saved game", style="bold"))
        self.query_one("#saves-hint", Static).update(Text(self.TRASH_HINT if on else self.HINT))
        self.fill()
        self.look_at_saves([p for p, _ in self.entries.values()])

    def action_back(self) -> None:
        if self.in_trash:  # a view inside the list: back to the saves, not out of the list
            self.show_trash(False)
            return
        self.app.pop_screen()
