"""Watching a recorded game, read-only, on the game's own screen: → / ← one action, PgDn / PgUp one
round, Home / End the start and the end; the log follows. It opens a snellman.net ledger (Terra
Mystica league games) or any of our saves, of any game.

The game's screen class is reused as it is, with a mixin that shows the position after ``i`` actions
(a sliced copy of the fully replayed Match, every seat a spectator) and turns every way of acting
into a short notice: nothing is played, nothing is saved.
"""
from __future__ import annotations

import copy
import dataclasses
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.css.query import NoMatches
from textual.screen import ModalScreen
from textual.widgets import Static

from tabletop_tui.match import Match, SaveError, Seat
from tabletop_tui.screens.variant import game_screen_variant


class RecordingError(Exception):
    """A file that cannot be watched; the message says why."""


def load_recording(path: Path | str, source: str = "auto") -> Match:
    """The whole game of a file, replayed: our save (JSON) or a snellman ledger (text)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise RecordingError(f"{path}: cannot be read ({e.strerror})") from None
    except UnicodeDecodeError:
        raise RecordingError(f"{path}: not a text file") from None
    if source == "auto":
        source = "tabletop" if text.lstrip().startswith("{") else "snellman"
    if source == "tabletop":
        try:
            return Match.from_text(text)
        except SaveError as e:
            raise RecordingError(f"{path}: {e}") from None
    if source != "snellman":
        raise RecordingError(f"--from takes tabletop or snellman, not {source!r}")
    from tabletop_tui.rules.terra_mystica.snellman import import_snellman

    try:
        options, names, actions = import_snellman(text)
    except ValueError as e:
        raise RecordingError(f"{path}: {e}") from None
    from tabletop_tui.rules.names import readable

    # (a ledger's player names are the site's user names: shown fit, plain and apart, as a table's)
    m = Match("terra_mystica", [Seat(n) for n in readable(names)], 0, options)
    for a in actions:
        m.play(a)
    return m


def round_of(state: Any) -> Any:
    return getattr(state, "round", None)


class WatchMixin:
    """Put before a game screen class: that screen, read-only, stepping through a recording."""

    # the panels, not the first focusable widget (a map would list its "act here" key)
    AUTO_FOCUS = "#panels-box"
    spectating = True
    #: the game screen's keys that still mean something while watching; the footer lists only
    #: these and the watching keys (the others stay bound, to say the game is only watched)
    KEPT_ACTIONS = {"rules", "whole_log", "seat_sheets", "legend", "quit_app", "tables"}
    BINDINGS = [
        Binding("right", "step(1)", "next", priority=True),
        Binding("left", "step(-1)", "back", priority=True),
        Binding("pagedown", "round(1)", "next round", priority=True),
        Binding("pageup", "round(-1)", "round back", priority=True),
        Binding("home", "jump(0)", "start", priority=True),
        Binding("end", "jump(-1)", "end", priority=True),
        Binding("escape", "leave", "leave", priority=True),
        Binding("r", "review", "review", priority=True),
    ]

    def __init__(self, full: Match, at: int = 0) -> None:
        self.full = full
        self.view = copy.copy(full)
        self.view.seats = [Seat(s.name, True) for s in full.seats]  # spectators: nobody to ask
        self.view.path = None
        self.at = 0
        self._slice(max(0, min(at, len(full.actions))))
        super().__init__(self.view, curtain=False)  # type: ignore[call-arg]

    @property
    def total(self) -> int:
        return len(self.full.actions)

    def _slice(self, i: int) -> None:
        f, v = self.full, self.view
        self.at = i
        v.states = f.states[: i + 1]
        v.actions = f.actions[:i]
        v.actors = f.actors[:i]
        v.barriers = f.barriers[:i]
        v.log = f.log[:i]
        v.ledger = f.ledger[:i]
        v.entries = f.entries[:i]
        v.vp_history = f.vp_history[: i + 1]

    def go(self, i: int) -> None:
        i = max(0, min(self.total, i))
        if i != self.at:
            self._slice(i)
            self.refresh_all()  # type: ignore[attr-defined]

    # -- keys ------------------------------------------------------------------------------
    def action_step(self, n: int) -> None:
        self.go(self.at + n)

    def action_jump(self, where: int) -> None:
        self.go(self.total if where < 0 else where)

    def action_round(self, step: int) -> None:
        states = self.full.states
        here = round_of(states[self.at])
        if here is None:  # a game without rounds: ten actions at a time
            self.go(self.at + 10 * step)
            return
        i = self.at
        if step > 0:
            while i < self.total and round_of(states[i]) == here:
                i += 1
        else:
            # back to the start of this round, or of the previous one if already there
            while i > 0 and round_of(states[i - 1]) == here:
                i -= 1
            if i == self.at and i > 0:
                prev = round_of(states[i - 1])
                while i > 0 and round_of(states[i - 1]) == prev:
                    i -= 1
        self.go(i)

    def action_leave(self) -> None:
        self.app.pop_screen()  # type: ignore[attr-defined]

    def action_review(self) -> None:
        """The recorded players' decisions reviewed, as after a game of one's own (issue 46)."""
        from tabletop_tui.screens.review import open_review

        open_review(self, self.full, lambda at: watch_screen(self.full, at))

    # -- read-only: every way of acting says so ---------------------------------------------
    def _read_only(self, *_: Any) -> None:
        self.notify("This is a recorded game: watching only.", severity="information")  # type: ignore[attr-defined]

    action_undo = action_save = action_resign = action_command = _read_only

    def play(self, action: Any) -> None:
        self._read_only()

    def after_change(self) -> None:
        pass  # no bots to start, no game-over screen: the recording is simply shown

    def bots_move_here(self) -> bool:
        return False  # (every seat of the view is a bot, a spectator: the watchdog leaves them be)

    def autosave(self) -> None:
        pass

    def focus_choices(self) -> None:
        pass

    def refresh_all(self) -> None:
        super().refresh_all()  # type: ignore[misc]
        s = self.view.state
        r = round_of(s)
        text = Text()
        text.append(f"Watching · action {self.at}/{self.total}", "bold")
        if r is not None:
            text.append(f" · round {r}")
        if self.at == self.total and self.view.over:
            res = self.full.result()
            if res is not None:
                names = self.full.names
                text.append(" · final: " + ", ".join(f"{names[i]} {res.scores[i]}" for g in res.ranking for i in g))
        elif self.at < self.total:
            text.append(f" · next: {self.full.log[self.at]}", "dim")
        text.append("\n→/← one action · PgDn/PgUp one round · Home/End · Esc leave", "dim")
        try:
            self.query_one("#prompt", Static).update(text)  # type: ignore[attr-defined]
        except NoMatches:  # a game screen without the shared decision panel
            pass


def watch_bindings(cls: type) -> list[Binding]:
    """The watching keys, and the game screen's others that do nothing here kept off the footer."""
    watching = {b.key for b in WatchMixin.BINDINGS}
    hidden = []
    for key, bindings in cls._merge_bindings().key_to_bindings.items():
        for b in bindings:
            if (b.show and key not in watching
                    and b.action.split("(")[0] not in WatchMixin.KEPT_ACTIONS):
                hidden.append(dataclasses.replace(b, show=False))
    return WatchMixin.BINDINGS + hidden


def watch_screen(full: Match, at: int = 0) -> Any:
    """The game's own screen class with the watching mixin, showing ``full`` after ``at`` actions."""
    cls = full.game.screen_class()
    # (with all of the game screen's CSS: see screens/variant.py)
    return game_screen_variant("Watch", WatchMixin, cls, {"BINDINGS": watch_bindings(cls)})(full, at)


class WatchPrompt(ModalScreen[None]):
    """The launcher's "Watch a recorded game": a file path (a snellman ledger or one of our saves)."""

    DEFAULT_CSS = """
    WatchPrompt { align: center middle; }
    WatchPrompt > Vertical { width: 80; height: auto; border: thick $accent; background: $panel; padding: 1 2; }
    WatchPrompt #watch-error { color: $error; height: auto; }
    """
    BINDINGS = [Binding("escape", "cancel", "cancel")]

    def compose(self) -> ComposeResult:
        from textual.containers import Vertical
        from textual.widgets import Input

        from tabletop_tui.match import saves_dir

        with Vertical():
            yield Static(Text("Watch a recorded game", style="bold"))
            yield Static(Text("A Terra Mystica league ledger from snellman.net, or one of our saves "
                              f"(they are in {saves_dir()}). Enter opens it; Esc cancels."))
            yield Input(placeholder="path to the file", id="watch-path")
            yield Static("", id="watch-error")

    def on_input_submitted(self, event) -> None:
        event.stop()
        path = Path(event.value.strip()).expanduser()
        try:
            full = load_recording(path)
        except (RecordingError, ValueError) as e:
            self.query_one("#watch-error", Static).update(Text(str(e)))
            return
        self.dismiss(None)
        self.app.push_screen(watch_screen(full))

    def action_cancel(self) -> None:
        self.dismiss(None)
