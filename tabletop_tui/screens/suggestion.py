"""A suggestion that explains itself (issue 46): `s` asks medium, `S` asks hard.

The page lies over the top of the board and lists the bot's best three choices, each with the
digit it has in the menu, the bot's estimate (said as the bot's, with its level: a guess, never a
certainty) and one line of why in the rules' own words and numbers (what it changes at once, what
the bot means to do next). The bot thinks from the seat's VIEW only (``Match.bot_request``), in a
worker — hard in the bots' own process (``bots/thinker.py``) — with a spinner; Esc cancels.
When the rating comes, the game screen marks its first choice ★ in the menu, as before.
"""
from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from tabletop_tui.bots import rating as R
from tabletop_tui.screens.scroll_page import ScrollPage

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


def rating_text(r: R.Rating, describe: Any, key_of: Any) -> Group:
    """The rating in words: each choice on a row with its menu key, then its estimate and why,
    indented (a wrapped line keeps the indent). ``describe(action)`` names a choice;
    ``key_of(action)`` its key in the menu ("" if it is not in the menu as shown)."""
    head = Text(f"The bot's best {'choice' if len(r.choices) == 1 else f'{len(r.choices)} choices'}, "
                f"by {R.who_text(r)} — a guess, not a certainty:", style="dim")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=4, no_wrap=True)
    grid.add_column(ratio=1)
    for i, c in enumerate(r.choices):
        key = key_of(c.action)
        mark = Text(("★" if i == 0 else " ") + (f"{key:>2}" if key else ""), style="bold")
        body = Text(describe(c.action), style="bold" if i == 0 else "")
        body.append(f"\n{R.estimate_text(r, i)}")
        body.append(f"\n{R.why_text(c)}", style="dim")
        grid.add_row(mark, body)
    return Group(head, grid)


class SuggestionScreen(ScrollPage):
    """The explained suggestion for the human to move (see the module's docstring)."""

    DEFAULT_CSS = """
    SuggestionScreen { align: center top; }
    SuggestionScreen > Vertical { width: 100%; max-width: 110; height: auto; max-height: 100%;
                                  border: thick $accent; background: $panel; padding: 0 1; }
    SuggestionScreen #suggestion-box { height: auto; max-height: 1fr; }
    SuggestionScreen #suggestion-keys { height: auto; color: $text-muted; }
    """
    BINDINGS = ScrollPage.BINDINGS + [
        Binding("escape,enter,s", "close", "back to the choices"),
        Binding("S", "harder", "ask hard"),
    ]

    def __init__(self, game: Any, level: str = "medium") -> None:
        super().__init__()
        self.game = game
        self.level = level
        self.moves = len(game.match.actions)
        self.rating: R.Rating | None = None
        self.worker = None
        self.frame = 0
        self.error = ""

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = f"★ suggestion · {self.level}"
            with VerticalScroll(id="suggestion-box"):
                yield Static(Text(""), id="suggestion-text")
            yield Static(Text(""), id="suggestion-keys")

    def on_mount(self) -> None:
        self.ask(self.level)
        self.set_interval(0.1, self.spin)

    # -- thinking ----------------------------------------------------------------------------
    def ask(self, level: str) -> None:
        """Rate the pending decision at ``level`` in a worker (hard in the bots' process)."""
        from tabletop_tui.bots.thinker import RATE, run

        if self.worker is not None:
            self.worker.cancel()
        self.level, self.rating, self.error = level, None, ""
        self.query_one(Vertical).border_title = f"★ suggestion · {level}"
        m = self.game.match
        rules, view, seat, _lvl, seed = m.bot_request(level)
        job = (RATE, rules, view, seat, level, seed)
        thinker = getattr(self.app, "thinker", None) if level == "hard" else None

        def think() -> Any:
            from textual.worker import get_current_worker

            worker = get_current_worker()
            if thinker is not None:
                return thinker.think(job, lambda: worker.is_cancelled)
            return run(job)

        self.view_ = view
        self.worker = self.run_worker(think, thread=True, group="rating", exit_on_error=False,
                                      name=f"rating-{level}-{self.moves}")
        self.show()

    def spin(self) -> None:
        if self.rating is None and not self.error:
            self.frame += 1
            self.show()

    def on_worker_state_changed(self, event) -> None:
        from textual.worker import WorkerState

        if event.worker is not self.worker:
            return
        if event.state == WorkerState.SUCCESS:
            self.rating = event.worker.result
            self.worker = None
            if len(self.game.match.actions) == self.moves:  # (first: it may open the menu's group)
                self.game.take_suggestion(self.moves, self.rating.pick)
            self.show()
        elif event.state == WorkerState.ERROR:
            self.worker = None
            self.error = f"The bot could not rate this position ({event.worker.error})."
            self.show()

    # -- showing -----------------------------------------------------------------------------
    def show(self) -> None:
        keys = "Esc/Enter: back to the choices (★ marks the bot's first)"
        if self.error:
            body = Text(self.error)
        elif self.rating is None:
            body = Text(f"{SPINNER[self.frame % len(SPINNER)]} {self.level} is thinking…")
            keys = "Esc: stop thinking, back to the choices"
        else:
            body = rating_text(self.rating, self.name_of, self.game.menu_key)
            if self.level != "hard":
                keys += " · S: ask hard (a few seconds)"
        self.query_one("#suggestion-text", Static).update(body)
        self.query_one("#suggestion-keys", Static).update(Text(keys))

    def name_of(self, action: Any) -> str:
        """A choice in the menu's own words (as the seat sees it), else the rules' description."""
        try:
            return self.game.label(self.view_, action)
        except Exception:  # (a label for the menu's state only)
            return self.game.rules.describe(self.view_, action)

    def action_harder(self) -> None:
        if self.level != "hard":
            self.ask("hard")

    def action_close(self) -> None:
        if self.worker is not None:
            self.worker.cancel()  # (hard's process is stopped: see Thinker.think)
            self.worker = None
        self.dismiss(None)
