"""The game screen every game shares: board centre, player panels right, the decision panel,
the log, the footer. A game subclasses it and supplies the board and the panel text.

The screen calls the rules (through the Match); widgets only render and report choices.
"""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

from tabletop_tui.match import Match
from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.widgets.decision import DecisionPanel
from tabletop_tui.widgets.log_panel import LogPanel
from tabletop_tui.widgets.players import colour_hex, markers


class GameScreen(Screen[None]):
    CSS_PATH = "game.tcss"
    BINDINGS = [
        Binding("u", "undo", "undo", id="undo"),
        Binding("question_mark", "rules", "rules", id="rules"),
        Binding("f1", "rules", "rules", show=False),
        Binding("ctrl+s", "save", "save", id="save"),
        Binding("L", "toggle_log", "log", id="log"),
        Binding("left,h", "target(-1)", "target", show=False),
        Binding("right,l", "target(1)", "target", show=False),
        Binding("j", "cursor(1)", "down", show=False),
        Binding("k", "cursor(-1)", "up", show=False),
        Binding("escape", "leave", "leave", id="leave"),
        Binding("ctrl+q", "quit_app", "quit", id="quit"),
    ] + [Binding(str(d), f"choose({(d - 1) % 10})", show=False) for d in range(10)]

    def __init__(self, match: Match, curtain: bool | None = None) -> None:
        super().__init__()
        self.match = match
        self.rules = match.rules
        hidden = bool(self.rules.hidden_information())
        self.curtain = hidden if curtain is None else (curtain or hidden)
        self.marks = markers(match.names)
        self.actions: list[Any] = []
        self.shown_for: int | None = None  # the human seat the board was last shown to
        self.bot_timer = None

    # -- layout ----------------------------------------------------------------------------
    MIN_SIZE = (80, 24)

    def compose(self) -> ComposeResult:
        yield Static("", id="too-small")
        yield Static("", id="title-bar")
        with Horizontal(id="main"):
            with Vertical(id="board-area"):
                yield self.compose_board()
            yield VerticalScroll(Static("", id="panels"), id="panels-box")
        yield DecisionPanel(id="decision")
        yield LogPanel(id="log")
        yield Footer()

    def compose_board(self) -> Widget:  # overridden by each game
        return Static("")

    def update_board(self, state: Any, targets: set, cursor: Any) -> None:
        pass

    def player_panel(self, state: Any, seat: int) -> Text:
        return Text(self.match.names[seat])

    def round_text(self, state: Any) -> str:
        return ""

    def player_colour(self, seat: int) -> str:
        colours = getattr(self.match.state, "colours", None)
        if colours:
            return colour_hex(colours[seat])
        from tabletop_tui.widgets.players import DEFAULT_ORDER
        return colour_hex(DEFAULT_ORDER[seat % 5])

    # -- refresh ---------------------------------------------------------------------------
    def on_resize(self, event) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int, height: int) -> None:
        """Below the minimum, say the size needed instead of drawing a crushed board."""
        w, h = self.MIN_SIZE
        small = width < w or height < h
        note = self.query_one("#too-small", Static)
        note.display = small
        if small:
            note.update(Text(f"This terminal is {width}×{height}. {self.match.game.title} needs at least "
                             f"{w}×{h} (best 120×40): please make it larger. The game is saved.",
                             style="bold"))
        for wid in ("#title-bar", "#main", "#decision", "#log"):
            self.query_one(wid).display = not small

    def on_mount(self) -> None:
        self.refresh_all()
        self.call_after_refresh(self.after_change)

    def viewer_seat(self) -> int:
        d = self.match.pending
        if d is not None and not self.match.seats[d.seat].bot:
            return d.seat
        return self.shown_for if self.shown_for is not None else 0

    def refresh_all(self) -> None:
        m = self.match
        d = m.pending
        seat = self.viewer_seat()
        view = self.rules.view(m.state, seat) if self.curtain else m.state
        human = d is not None and not m.seats[d.seat].bot
        self.actions = m.legal_actions() if human else []
        highlight = 0
        if human:
            self.actions, highlight = self.shown_actions(self.actions)
        names = m.names
        title = f" {m.game.title}"
        extra = self.round_text(m.state)
        if extra:
            title += f" · {extra}"
        if d is not None:
            title += f" · {names[d.seat]} ({self.marks[d.seat]}) to play"
        else:
            title += " · game over"
        self.query_one("#title-bar", Static).update(Text(title), layout=False)  # always one row
        self.refresh_panels(view)
        decision = self.query_one(DecisionPanel)
        if d is None:
            decision.show("The game is over.", [])
        elif not human:
            decision.show(f"{names[d.seat]} (bot) is thinking…", [])
        else:
            labels = [self.label(m.state, a) for a in self.actions]
            decision.show(self.prompt_text(d), labels, highlight=highlight)
            self.focus_choices()
        self.query_one(LogPanel).show_lines(m.log)
        self.update_board(view, self._targets(), self._cursor())

    # Hooks a game screen may override ---------------------------------------------------
    def focus_choices(self) -> None:
        """Where the keyboard goes when a human is to decide (a game may keep its board focused)."""
        self.query_one("#choices").focus()

    def shown_actions(self, actions: list) -> tuple[list, int]:
        """The choices to list (a game may narrow them, e.g. to one tile's places) and which
        starts highlighted."""
        return actions, 0

    def label(self, s: Any, a: Any) -> str:
        return self.rules.describe(s, a)

    def prompt_text(self, d: Any) -> str:
        name = self.match.names[d.seat]
        return d.prompt if d.prompt.startswith(name) else f"{name}: {d.prompt}"

    def refresh_panels(self, view: Any) -> None:
        panel = Text()
        for s in range(len(self.match.names)):
            if s:
                panel.append("\n")
            panel.append_text(self.player_panel(view, s))
        self.query_one("#panels", Static).update(panel)

    def _targets(self) -> set:
        out = set()
        for a in self.actions:
            t = self.rules.target(self.match.state, a)
            if t is not None:
                out.add(t)
        return out

    def _cursor(self) -> Any:
        i = self.query_one(DecisionPanel).highlighted
        if i is None or not 0 <= i < len(self.actions):
            return None
        return self.rules.target(self.match.state, self.actions[i])

    # -- the flow of play ------------------------------------------------------------------
    def play(self, action: Any) -> None:
        try:
            self.match.play(action)
        except IllegalAction as e:
            self.notify(e.reason, title="Not allowed", severity="warning")
            return
        self.autosave()
        self.refresh_all()
        self.after_change()

    def autosave(self) -> None:
        try:
            self.match.save()
        except OSError as e:
            self.notify(f"Could not save the game: {e}", severity="error")

    def after_change(self) -> None:
        m = self.match
        d = m.pending
        if d is None:
            self.show_game_over()
            return
        if m.seats[d.seat].bot:
            delay = max(0.001, float(getattr(self.app, "bot_delay", 0.5)))
            if self.bot_timer is None:
                self.bot_timer = self.set_timer(delay, self.bot_step)
            return
        if self.curtain and self.shown_for is not None and self.shown_for != d.seat:
            from tabletop_tui.screens.handoff import HandoffScreen

            self.shown_for = d.seat
            self.app.push_screen(HandoffScreen(m.names[d.seat]), lambda _: self.refresh_all())
            return
        self.shown_for = d.seat

    def bot_step(self) -> None:
        self.bot_timer = None
        m = self.match
        if not m.bot_to_play() or not self.is_current:
            if m.bot_to_play():  # a dialog is open: try again shortly
                self.bot_timer = self.set_timer(0.2, self.bot_step)
            return
        self.play(m.bot_action())

    def show_game_over(self) -> None:
        from tabletop_tui.screens.game_over import GameOverScreen

        self.app.switch_screen(GameOverScreen(self.match, self))

    # -- choosing --------------------------------------------------------------------------
    def on_decision_panel_chosen(self, event: DecisionPanel.Chosen) -> None:
        self.action_choose(event.index)

    def on_decision_panel_highlighted(self, event: DecisionPanel.Highlighted) -> None:
        self.update_board(self.match.state if not self.curtain else
                          self.rules.view(self.match.state, self.viewer_seat()),
                          self._targets(), self._cursor())

    def action_choose(self, index: int) -> None:
        if 0 <= index < len(self.actions):
            self.play(self.actions[index])

    def on_canvas_board_target_chosen(self, event) -> None:
        self.choose_target(event.target)

    def choose_target(self, target: Any) -> None:
        """The board reported a target: play its action, or ask which one."""
        options = [i for i, a in enumerate(self.actions) if self.rules.target(self.match.state, a) == target]
        if not options:
            if self.actions:
                self.notify("Nothing to do there now.", severity="information")
            return
        if len(options) == 1:
            self.play(self.actions[options[0]])
            return
        from tabletop_tui.screens.confirm import ChoiceMenu

        labels = [self.rules.describe(self.match.state, self.actions[i]) for i in options]

        def done(k: int | None) -> None:
            if k is not None:
                self.play(self.actions[options[k]])

        self.app.push_screen(ChoiceMenu("Choose:", labels), done)

    def action_target(self, step: int) -> None:
        targets: list = []
        firsts: dict = {}
        for i, a in enumerate(self.actions):
            t = self.rules.target(self.match.state, a)
            if t is not None and t not in firsts:
                firsts[t] = i
                targets.append(t)
        if not targets:
            return
        cur = self._cursor()
        k = targets.index(cur) if cur in targets else (-1 if step > 0 else 0)
        nxt = targets[(k + step) % len(targets)]
        self.query_one(DecisionPanel).highlight(firsts[nxt])

    def action_cursor(self, step: int) -> None:
        i = self.query_one(DecisionPanel).highlighted or 0
        self.query_one(DecisionPanel).highlight(i + step)

    # -- commands --------------------------------------------------------------------------
    def action_undo(self) -> None:
        d = self.match.pending
        if d is None or self.match.seats[d.seat].bot:
            self.notify("Undo is for the player to move.", severity="information")
            return
        before = len(self.match.actions)
        msg = self.match.undo(d.seat)
        if len(self.match.actions) < before:
            self.autosave()
            self.notify(msg)
            self.refresh_all()
        else:
            self.notify(msg, severity="warning")

    def action_save(self) -> None:
        try:
            path = self.match.save()
        except OSError as e:
            self.notify(f"Could not save: {e}", severity="error")
            return
        self.notify(f"Saved to {path}")

    def action_rules(self) -> None:
        from tabletop_tui.screens.rules_view import RulesScreen

        self.app.push_screen(RulesScreen(self.match.game))

    def action_toggle_log(self) -> None:
        self.query_one(LogPanel).toggle_class("-hidden")

    def action_leave(self) -> None:
        from tabletop_tui.screens.confirm import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                self.autosave()
                if self.bot_timer is not None:
                    self.bot_timer.stop()
                self.app.pop_screen()

        self.app.push_screen(ConfirmScreen("Leave this game? It is saved; continue it later from the launcher."), done)

    def action_resign(self) -> None:
        """A player leaves the table: a bot plays their seat from here on (the game goes on)."""
        from tabletop_tui.screens.confirm import ConfirmScreen

        d = self.match.pending
        if d is None or self.match.seats[d.seat].bot:
            self.notify("Resign is for the player to move.", severity="information")
            return
        name = self.match.names[d.seat]

        def done(yes: bool | None) -> None:
            if yes:
                self.match.seats[d.seat].bot = True
                self.autosave()
                self.notify(f"{name} resigned: a bot plays that seat from now on.")
                self.refresh_all()
                self.after_change()

        self.app.push_screen(ConfirmScreen(f"Resign, {name}? A bot will play your seat to the end."), done)

    def action_quit_app(self) -> None:
        from tabletop_tui.screens.confirm import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                self.autosave()
                self.app.exit()

        self.app.push_screen(ConfirmScreen("Quit tabletop? The game is saved; `tabletop --resume` continues it."), done)
