"""The ``:`` command line, for players who know a game's notation. Any game can use it: give it the
legal actions' notations (for completion) and a parse function (text → action, raising an
exception with a ``reason`` for a refused line).

Tab completes to the longest common prefix of the matching notations, then cycles through them; the
hint line under the input shows how many match and the first few; the inline suggestion (→ accepts)
is the first match, and none when what is typed is a move already. What is shown is what is sent:
Enter takes the line as it shows, the grey suggestion included ("transform E10 to" completed by Tab
shows "transform E10 to desert", and sends it). Enter posts ``CommandLine.Chosen(action, text)``
for a line the parse function accepts, or shows its reason and keeps the line for correcting;
Escape posts ``Closed``.

An Escape that closes the line is often pressed twice by habit, and the game may close the line
itself when the turn passes: the screen asks :meth:`CommandLine.escape_is_habit` before an Escape
leaves the game, so that such an Escape only says how to leave. Likewise the keys typed on for a
line that closed itself (:meth:`CommandLine.drop_key`) are dropped, never taken as the game's
shortcuts: "build F4" typed on must not open the cult board and the seat sheets.
"""
from __future__ import annotations

import time
from typing import Any, Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.suggester import Suggester
from textual.widgets import Input, Static


def _now() -> float:
    return time.monotonic()


def matches(candidates: list[str], typed: str) -> list[str]:
    """The candidates that start with what was typed (case and spacing ignored), in order."""
    t = " ".join(typed.lower().split())
    if typed.endswith(" ") and t:
        t += " "
    return [c for c in candidates if c.lower().startswith(t)]


def common_prefix(words: list[str]) -> str:
    if not words:
        return ""
    a, b = min(words), max(words)
    i = 0
    while i < len(a) and i < len(b) and a[i].lower() == b[i].lower():
        i += 1
    return a[:i]


class _FirstMatch(Suggester):
    def __init__(self, owner: "CommandLine") -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.owner = owner

    async def get_suggestion(self, value: str) -> str | None:
        if not value:
            return None
        m = matches(self.owner.candidates, value)
        typed = " ".join(value.lower().split())
        if any(c.lower() == typed for c in m):  # a move as typed: nothing more is shown
            return None
        return m[0] if m else None


class CommandInput(Input):
    BINDINGS = [
        Binding("tab", "complete", "complete", priority=True),
        Binding("escape", "close", "close"),
    ]

    def action_complete(self) -> None:
        self.parent.complete()  # type: ignore[union-attr]

    def action_close(self) -> None:
        self.parent.close()  # type: ignore[union-attr]


class CommandLine(Vertical):
    DEFAULT_CSS = """
    CommandLine { height: auto; display: none; border-top: solid $accent; }
    CommandLine.-open { display: block; }
    CommandLine > #cmd-hint { height: auto; max-height: 3; color: $text-muted; padding: 0 1; }
    CommandLine > #cmd-hint.-error { color: $error; text-style: bold; }
    CommandLine > CommandInput, CommandLine > CommandInput:focus { border: none; height: 1; padding: 0 1; }
    """

    class Chosen(Message):
        def __init__(self, action: Any, text: str) -> None:
            super().__init__()
            self.action = action
            self.text = text

    class Closed(Message):
        pass

    #: an Escape this soon after the player closed the line is the same habit, pressed twice
    HABIT_SECONDS = 1.0
    #: keys this close together (or to the line closing itself) are one run of typing
    TYPING_GAP = 1.5

    def __init__(self, parse: Callable[[str], Any] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.parse = parse
        self._closed_at = float("-inf")  # when the player last closed the line (Escape)
        self._closed_itself = False  # the turn passed and closed it: the next Escape is for it
        self._typed_at = float("-inf")  # the last key of the run of typing the line closed in
        self.dropped = 0  # how many keys of that run were dropped so far
        self.candidates: list[str] = []
        #: the rows the hint may take (a short terminal keeps a row for the log's bar: 2)
        self.hint_rows = 3
        self._cycle: list[str] = []
        self._cycle_i = -1

    def compose(self) -> ComposeResult:
        # Nothing yet: the line is closed when the game opens, and its text box and hint are
        # made just after the first paint (or at the first ':', whichever comes first), so the
        # board paints without them.
        return iter(())

    def on_mount(self) -> None:
        self.call_after_refresh(self.make_parts)

    def make_parts(self) -> None:
        """The text box and the hint under it, once."""
        if self.query(CommandInput) or not self.is_attached:  # (made, or the screen is gone)
            return
        hint = Static("", id="cmd-hint")
        hint.styles.max_height = self.hint_rows
        self.mount(CommandInput(placeholder="a move in notation; Tab completes, Esc closes", id="cmd-input",
                                suggester=_FirstMatch(self)), hint)

    @property
    def input(self) -> CommandInput:
        self.make_parts()
        return self.query_one(CommandInput)

    def set_candidates(self, candidates: list[str], parse: Callable[[str], Any] | None = None) -> None:
        self.candidates = list(dict.fromkeys(candidates))
        if parse is not None:
            self.parse = parse
        self._cycle = []
        if self.has_class("-open"):
            self.show_hint(self.input.value)

    def open(self, text: str = "") -> None:
        self.forget_closing()
        self.add_class("-open")
        self.input.value = text
        self.input.cursor_position = len(text)
        # the focus now, not after a refresh: keys typed at once after ':' are the line's, never
        # the game's (Widget.focus waits for the next idle moment, and letters typed before it
        # would reach the screen's keys)
        self.screen.set_focus(self.input)
        self.show_hint(text)

    def close(self) -> None:
        self.remove_class("-open")
        self._closed_at = _now()
        self.post_message(self.Closed())

    def close_itself(self) -> None:
        """The game closes the line (the turn passed): the player may not have noticed."""
        if self.is_open:
            self.remove_class("-open")
            self._closed_itself = True
            self._typed_at = _now()
            self.dropped = 0

    def drop_key(self, key: str, character: str | None) -> bool:
        """True if a key pressed now is the rest of what was being typed when the line closed
        itself (it comes within TYPING_GAP of the close or of the last key dropped): the screen
        drops it, it is no shortcut of the game. Escape is never dropped (see escape_is_habit)."""
        if not self._closed_itself or key == "escape" or _now() - self._typed_at > self.TYPING_GAP:
            return False
        if not (character and character.isprintable()) and key not in ("enter", "backspace"):
            return False
        self._typed_at = _now()
        self.dropped += 1
        return True

    def forget_closing(self) -> None:
        """The player moved on (opened the line again, or decided otherwise)."""
        self._closed_at = float("-inf")
        self._closed_itself = False
        self._typed_at = float("-inf")
        self.dropped = 0

    def escape_is_habit(self) -> bool:
        """True (once) if an Escape now was most likely meant for the line: the first Escape after
        the line closed itself, or one just after the player closed it."""
        habit = self._closed_itself or _now() - self._closed_at < self.HABIT_SECONDS
        self.forget_closing()
        return habit

    @property
    def is_open(self) -> bool:
        return self.has_class("-open")

    def show_hint(self, typed: str, error: str = "") -> None:
        self.make_parts()
        hint = self.query_one("#cmd-hint", Static)
        hint.set_class(bool(error), "-error")
        if error:
            hint.update(Text(error))  # (may take two lines)
            return
        m = matches(self.candidates, typed)
        if not self.candidates:
            hint.update(Text("Nothing to do now."), layout=False)
        elif not m:
            hint.update(Text(f"No legal move starts '{typed.strip()}' ({len(self.candidates)} legal); Enter says why."),
                        layout=False)
        else:
            hint.update(self._listed(m), layout=False)  # one row: no relayout

    def set_hint_rows(self, rows: int) -> None:
        """The hint in at most ``rows`` rows (the moves it lists first are fewer to fit)."""
        if rows == self.hint_rows:
            return
        self.hint_rows = rows
        if self.query("#cmd-hint"):
            self.query_one("#cmd-hint").styles.max_height = rows
            if self.is_open:
                self.show_hint(self.input.value)

    def _listed(self, m: list[str]) -> Text:
        """"N legal: a · b · … · +K more": the first six moves, or as many as the hint's rows hold
        whole (a row cut off the end lost the "+K more" without a sign)."""
        width = max(20, (self.size.width or self.app.size.width) - 2)
        for k in range(min(6, len(m)), 0, -1):
            more = f" · +{len(m) - k} more" if len(m) > k else ""
            text = Text(f"{len(m)} legal: {' · '.join(m[:k])}{more}")
            if len(text.wrap(self.app.console, width)) <= self.hint_rows:
                return text
        return text

    def complete(self) -> None:
        inp = self.input
        value = inp.value
        if self._cycle and value in self._cycle:
            self._cycle_i = (self._cycle_i + 1) % len(self._cycle)
            new = self._cycle[self._cycle_i]
        else:
            m = matches(self.candidates, value)
            if not m:
                self.show_hint(value)
                return
            pre = common_prefix(m)
            if len(m) == 1:
                new = m[0]
            elif len(pre) > len(value.strip()):
                new = pre
            else:
                self._cycle, self._cycle_i = m, 0
                new = m[0]
        inp.value = new
        inp.cursor_position = len(new)
        self.show_hint(new)

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        if event.value not in self._cycle:
            self._cycle = []
        self.show_hint(event.value)

    def shown(self) -> str:
        """The line as it shows: what is typed and the grey suggestion after it, if any."""
        inp = self.input
        value, suggestion = inp.value, getattr(inp, "_suggestion", "") or ""
        if len(suggestion) > len(value) and suggestion.lower().startswith(value.lower()):
            return value + suggestion[len(value):]
        return value

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = self.shown().strip() if event.value == self.input.value else event.value.strip()
        if not text:
            return
        if self.parse is None:
            self.post_message(self.Chosen(text, text))
            return
        try:
            action = self.parse(text)
        except Exception as e:  # the game's refusal (IllegalAction): its reason, in its words
            self.show_hint(text, getattr(e, "reason", None) or str(e) or "That is not a legal move.")
            return
        self.input.value = ""
        self.post_message(self.Chosen(action, text))
