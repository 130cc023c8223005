"""The game screen every game shares: board centre, player panels right, the decision panel,
the log, the footer. A game subclasses it and supplies the board and the panel text.

The screen calls the rules (through the Match); widgets only render and report choices.
"""
from __future__ import annotations

import logging
from collections import deque
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

from tabletop_tui.match import Match
from tabletop_tui.rules.core import IllegalAction, counted
from tabletop_tui.widgets.decision import DecisionPanel, Told
from tabletop_tui.widgets.log_panel import LogPanel
from tabletop_tui.widgets.players import colour_hex, markers
from tabletop_tui.widgets.repaint import show
from tabletop_tui.widgets.score_strip import ScoreStrip, StripSeat


def tilde(path) -> str:
    """``path`` with the home folder written ``~`` (a save's path fits a row at 80 columns)."""
    from pathlib import Path

    home = str(Path.home())
    p = str(path)
    return "~" + p[len(home):] if home not in ("", "/") and p.startswith(home + "/") else p


@dataclass(frozen=True)
class OutOfReach:
    """A choice the rules would offer but for what the player lacks (``rules.out_of_reach``):
    listed dim at the end of the menu with what it needs; choosing it says so. Also a choice kept
    in its place while its decision lasts though it cannot be taken now (chosen already, or no
    longer possible: ``GameScreen.keep_places``), with the ``key`` it had."""

    label: str
    why: str
    target: Any = None
    key: Any = None
    kind = "unavailable"

    @property
    def text(self) -> str:  # (as a game's own dim entries: never a move's notation)
        return f"unavailable {self.label}"


log = logging.getLogger(__name__)


class Later:
    """``callback`` called once on ``node``'s message loop ``delay`` seconds from now (or as soon
    after as the loop can), never skipped; ``stop()`` takes it back, as a Textual timer's does.

    Not Textual's ``set_timer``: its one-shot timer reads the clock when its task starts and again
    at once, and if the second reading is already past the delay (the process was descheduled
    between the two, on a loaded machine), it skips the tick it was made for, and having no later
    tick it ends without calling back (textual/timer.py, ``Timer._run`` with ``skip``, Textual
    8.2). A bot's chosen move was played by such a timer 1 ms after the thought (no pause set, or a
    thought longer than the pause): on a core shared with two busy loops about one such timer in
    10,000 was skipped, and the bot's turn stood still, "has chosen" for ever, nothing under way
    (CI's Finis Terrae keyboard game at 68 keys). asyncio's ``call_later`` has no skip: late, it
    still calls."""

    def __init__(self, node: Any, delay: float, callback: Any) -> None:
        import asyncio

        self.done = False  # called (or stopped)
        self._handle = asyncio.get_running_loop().call_later(max(0.0, delay), self._fire, node, callback)

    def _fire(self, node: Any, callback: Any) -> None:
        self.done = True
        if node.is_running:  # (a screen gone by now has nothing to call)
            node.call_next(callback)  # on the node's own loop, as a Textual timer's callback is

    def stop(self) -> None:
        self.done = True
        self._handle.cancel()


class GameScreen(Screen[None]):
    CSS_PATH = "game.tcss"
    AUTO_FOCUS = None  # the screen focuses the choices itself, and never while too small
    BINDINGS = [
        Binding("u", "undo", "undo", id="undo"),
        Binding("question_mark", "rules", "rules", id="rules"),
        Binding("f1", "rules", "rules", show=False),
        Binding("ctrl+s", "save", "save", id="save"),
        Binding("L", "whole_log", "log", id="log"),
        Binding("p", "seat_sheets", "players", id="players"),
        Binding("g", "legend", "legend", id="legend"),
        Binding("n", "notices", "notices", id="notices"),
        Binding("s", "suggest", "suggest", id="suggest"),
        Binding("S", "suggest_hard", "ask hard", show=False),  # named on the suggestion page
        Binding("space", "skip_bots", "skip bots", show=False),  # named on the thinking line
        Binding("tab,shift+tab", "focus_choices", show=False),
        Binding("left,h", "target(-1)", "target", show=False),
        Binding("right,l", "target(1)", "target", show=False),
        Binding("j", "cursor(1)", "down", show=False),
        Binding("k", "cursor(-1)", "up", show=False),
        Binding("escape", "leave", "leave", id="leave"),
        Binding("ctrl+q", "quit_app", "quit", id="quit"),
    ] + [Binding(str(d), f"digit('{d}')", show=False) for d in range(10)]

    def __init__(self, match: Match, curtain: bool | None = None) -> None:
        super().__init__()
        self.match = match
        self.rules = match.rules
        hidden = bool(self.rules.hidden_information())
        self.curtain = hidden if curtain is None else (curtain or hidden)
        self.marks = markers(match.names)
        self.actions: list[Any] = []
        self.shown_for: int | None = None  # the human seat the board was last shown to
        self.handover_to: int | None = None  # curtain: the mover looks at their result first
        self.bot_timer: Later | None = None
        self.bot_worker = None
        self.bot_ready: tuple[int, Any] | None = None  # (move number, action) a bot has chosen
        self.bot_due = 0.0  # when the pending bot move may be played (the player's pace)
        self.skip_bots = False  # space: bots play at once until the next human decision
        #: the bots' state machine's last steps, "<move number>:<step>" (a test that stands still
        #: says them; the watchdog logs them when it has to act)
        self.bot_trace: deque[str] = deque(maxlen=24)
        self._bot_gap_seen: tuple | None = None  # the gap the watchdog saw last, and how often in a row
        self._bot_idle = 0
        self.small = False
        self.saved_actions: list[str] = list(match.actions)
        self.told_here = []
        if match.curtain is None:
            match.curtain = self.curtain

    # -- layout ----------------------------------------------------------------------------
    MIN_SIZE = (80, 24)

    def compose(self) -> ComposeResult:
        # (the notice for a terminal below MIN_SIZE is made when it is first needed: check_size)
        yield Static("", id="title-bar")
        yield ScoreStrip(id="strip")
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
        self.fit_footer(event.size.width)
        # Tall terminals give the log more lines (the table talk); short ones keep the board whole.
        self.query_one(LogPanel).styles.height = 6 if event.size.height >= 36 else 4

    #: the keys the footer leaves out first when the line cannot name every key whole (then the
    #: rest of the line in order from its end); "g" last: the legend lists every key of the screen
    FOOTER_DROP = ("n", "ctrl+q", "ctrl+s", "s", "L")
    #: the command palette's place at the footer's right end ("▏^p palette")
    PALETTE_CELLS = 12

    def footer_keys(self) -> list[tuple[str, str, str]]:
        """(key, shown key, description) of every key the footer may name now, in its order."""
        merged = self._merged_bindings.key_to_bindings if self._merged_bindings else {}
        out, actions = [], set()
        for key, active in self.active_bindings.items():
            if active.node is not self:  # (a key the focused list takes first: not this screen's)
                continue
            own = merged.get(key) or [active.binding]
            b = own[0]
            if b.show and b.description and active.enabled and key != self.app.COMMAND_PALETTE_BINDING \
                    and b.action not in actions:  # (the footer names one key an action)
                actions.add(b.action)
                out.append((key, self.app.get_key_display(b), b.description))
        return out

    def widget_footer_keys(self) -> list[tuple[str, str]]:
        """(shown key, description) of the keys the footer names for the focused widget (a map's
        "⏎ act here" while it has the focus), before the screen's own."""
        out, actions = [], set()
        for key, active in self.active_bindings.items():
            b = active.binding
            if active.node is self or not b.show or key == self.app.COMMAND_PALETTE_BINDING or b.action in actions:
                continue
            actions.add(b.action)
            out.append((self.app.get_key_display(b), b.description))
        return out

    def _refit_footer(self, screen: Any = None) -> None:
        if self.size.width:
            self.fit_footer(self.size.width)

    def fit_footer(self, w: int) -> None:
        """Name in the footer only the keys it has room for, each whole: the rest are left out in
        the order of FOOTER_DROP, then from the line's end ("g legend", which lists every key,
        last). A key that is not named still works."""
        import dataclasses

        keys = self.footer_keys()
        width = {k: len(shown) + 1 + len(desc) + 1 for k, shown, desc in keys}
        order = [k for k in self.FOOTER_DROP if k in width] + [
            k for k, _, _ in reversed(keys) if k not in self.FOOTER_DROP and k != "g"] + ["g"]
        # (the focused widget's keys come first on the line, the map's "⏎ act here" after m: the
        # screen's keys get the rest)
        room = w - self.PALETTE_CELLS - sum(len(shown) + 1 + len(desc) + 1 for shown, desc in self.widget_footer_keys())
        hidden: set = set()
        for k in order:
            if sum(v for key, v in width.items() if key not in hidden) <= room:
                break
            hidden.add(k)
        self.footer_hidden = hidden
        merged = self._merged_bindings.key_to_bindings if self._merged_bindings else {}
        changed = False
        for key in width:
            # (the class's own list is shared with every screen: this screen's gets a new one; a
            # key its class keeps off the footer, as watching does, stays off)
            own = merged.get(key, [])
            new = [dataclasses.replace(b, show=b.show and key not in hidden) if b.description else b for b in own]
            if new and new != self._bindings.key_to_bindings.get(key, []):
                self._bindings.key_to_bindings[key] = new
                changed = True
        if changed:
            self.refresh_bindings()

    def check_size(self, width: int, height: int) -> None:
        """Below the minimum, say the size needed instead of drawing a crushed board; while the
        notice shows, keys do nothing to the game (the hidden choices lose the focus)."""
        w, h = self.MIN_SIZE
        small = width < w or height < h
        if small:
            notices = self.query("#too-small")
            if notices:
                notice = notices.first(Static)
            else:
                notice = Static("", id="too-small")
                self.mount(notice, before=0)
            notice.update(Text(
                f"This terminal is {width}×{height}. {self.match.game.title} needs at least "
                f"{w}×{h} (best 120×40): please make it larger. The game is saved; ctrl+q quits.",
                style="bold"))
        if small == self.small:
            return
        self.small = small
        self.set_class(small, "-small")
        self.query_one("#choices").can_focus = not small
        if small:
            self.set_focus(None)
        else:
            self.call_after_refresh(self.action_focus_choices)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if self.small and action not in ("quit_app", "leave", "rules", "save", "seat_sheets", "legend", "whole_log",
                                         "notices"):
            return False
        return True

    def action_focus_choices(self) -> None:
        """Tab never strands the player: the focus goes back to the choices."""
        if not self.small:
            try:
                self.query_one("#choices").focus()
            except Exception:
                pass

    def on_mount(self) -> None:
        try:  # the footer without the padding around each key, so more keys are named whole
            self.query_one(Footer).compact = True
        except Exception:
            pass
        # the keys the footer may name change without a resize (the map's "⏎ act here" after m,
        # the tile keys when cartography begins): fit it again whenever they do (fit_footer
        # refreshes the bindings only when it hides another key, so this settles)
        self.bindings_updated_signal.subscribe(self, self._refit_footer)
        m = self.match
        d = m.pending
        if (self.curtain and d is not None and not m.seats[d.seat].bot
                and self.rules.hidden_information() and sum(not s.bot for s in m.seats) > 1):
            # A game that hides things, among two or more people, new or resumed: whoever opened
            # it may not be the player to move, so the curtain comes first (pushed before the
            # table is ever painted). With one person at the table there is nobody to hide from.
            self.handover_to = self.shown_for = d.seat
            self.pass_keyboard()
        self.refresh_all()
        self.call_after_refresh(self.after_change)
        if self.BOT_WATCHDOG:
            # (each look goes through the screen's own queue: a Textual timer calls its callback
            # outside it, where a finished thought whose message is still queued behind a slow
            # repaint looked like a lost one; in the queue, every message posted before the look
            # has been handled when it looks)
            self.set_interval(1.0, lambda: self.call_later(self.bot_watchdog), name="bot-watchdog")

    #: the bot watchdog's switch: tests turn it off to see the bots' state machine bare (a bot's
    #: turn it would have started again then stands still, and the test says where)
    BOT_WATCHDOG = True

    def viewer_seat(self) -> int:
        d = self.match.pending
        if self.handover_to is None and d is not None and not self.match.seats[d.seat].bot:
            return d.seat
        return self.shown_for if self.shown_for is not None else 0

    def human_to_play(self) -> bool:
        d = self.match.pending
        return d is not None and not self.match.seats[d.seat].bot and self.handover_to is None

    # -- notices ---------------------------------------------------------------------------
    def notify(self, message: str, *, title: str = "", severity: str = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """A notice of the game (a refusal, "Not possible now: …", undo, "Saved to …", an error
        such as "Could not save the game" or "The table cannot go on") is told on the decision
        panel's notice row, where it covers neither the choices nor the log (a toast lay over
        both), and stays until the next key or move — an error, marked "✗ error" in words, until
        the next key. While a dialog or a page (the curtain, the seat sheets) is over the game,
        or the panel is not shown (the size notice), it is a toast over that, not over the board;
        an error waits on the row too. Every notice is kept for the notices page (n)."""
        told = Told(str(message), title, severity)
        self.told_here.append(told)
        text = Text.from_markup(message).plain if markup else str(message)
        if title and not text.startswith(title):
            text = f"{title}: {text}"
        panel = self.query(DecisionPanel)
        shown = bool(panel) and panel.first().display
        if not shown or not self.is_current:
            from textual.app import App

            App.notify(self.app, message, title=title, severity=severity,  # type: ignore[arg-type]
                       timeout=timeout, markup=markup)  # (a toast: the app's own routes here)
            if shown and severity == "error":
                panel.first().tell(text, severity)  # (waits for the player's key)
            return
        app_told = getattr(self.app, "told", None)
        if app_told is not None:  # the notices told this session, whole (the toasts' record was theirs)
            app_told.append(told)
        panel.first().tell(text, severity)

    #: every notice this screen said, oldest first (told on its row or, over a dialog, a toast):
    #: the notices page (n) lists them newest first
    told_here: list

    def on_key(self, event) -> None:
        """The next key clears the notice told (it comes before the key's own action, which may
        tell a new one), errors too."""
        for panel in self.query(DecisionPanel):
            panel.clear_told()

    def action_notices(self) -> None:
        """This game's notices, newest first, on a page of their own (a notice on the row is
        gone with the next key; here it can be read again)."""
        from tabletop_tui.screens.notices_view import NoticesScreen

        self.app.push_screen(NoticesScreen(self.match.game.title, list(reversed(self.told_here))))

    def refresh_all(self) -> None:
        m = self.match
        d = m.pending
        seat = self.viewer_seat()
        view = self.current_view()
        human = self.human_to_play()
        self.actions = m.legal_actions() if human else []
        highlight = 0
        if human:
            self.actions, highlight = self.shown_actions(self.actions)
            self.actions = self.actions + self.out_of_reach()
            self.actions, highlight = self.keep_places(self.actions, highlight)
        else:
            self._places = {}
        names = m.names
        title = f" {m.game.title}"
        extra = self.round_text(m.state)
        if extra:
            title += f" · {extra}"
        if d is not None:
            title += f" · {names[d.seat]} ({self.marks[d.seat]}) to play"
        else:
            title += " · game over"
        self.show_title(title)
        self.refresh_strip(view)
        self.refresh_panels(view)
        decision = self.query_one(DecisionPanel)
        if d is None:
            decision.show("The game is over.", [])
        elif self.handover_to is not None:
            mover = names[self.shown_for] if self.shown_for is not None else ""
            # only when u would work: not past a card drawn or a die rolled since the decision
            undo = " (u takes the move back)" if m.undo_steps(self.shown_for)[0] else ""
            decision.show(f"{mover}'s turn is over — look at the result, then pass the keyboard "
                          f"to {names[self.handover_to]}{undo}.",
                          [f"Pass to {names[self.handover_to]}"])
        elif not human:
            decision.show(self.thinking_text(d.seat), [])
        else:
            labels = [a.label if isinstance(a, OutOfReach) else self.label(m.state, a) for a in self.actions]
            off = {i: r for i, a in enumerate(self.actions) if (r := self.why_not(a))}
            decision.show(self.prompt_text(d), labels, highlight=highlight, disabled=off,
                          keys=self.fixed_keys())
            self.show_suggestion()
            if not self.small:
                self.focus_choices()
        self.query_one(LogPanel).show_log(*self.log_view(m.log, m.since_last_decision(seat)
                                                         if self.shown_for is not None or human else None))
        self.update_board(view, self._targets(), self._cursor())

    def show_title(self, title: str) -> None:
        show(self.query_one("#title-bar", Static), Text(title), layout=False)  # always one row

    def current_view(self) -> Any:
        """What the screen shows now: the viewer's view with the curtain, else the whole state."""
        m = self.match
        return self.rules.view(m.state, self.viewer_seat()) if self.curtain else m.state

    def strip_seats(self, view: Any) -> list[StripSeat]:
        """Every seat in turn order with its headline counters, the mover and the passing order."""
        rules = self.rules
        d = self.match.pending
        passed = rules.passed(view)
        order = rules.turn_order(view)
        order = list(order) + [s for s in range(len(self.match.names)) if s not in order]
        out = []
        for seat in order:
            counts = rules.counters(view, seat)
            shown = [(k, counts[k]) for k in rules.headline(view, seat) if k in counts]
            out.append(StripSeat(seat, self.marks[seat], self.match.names[seat], self.player_colour(seat),
                                 shown, to_move=d is not None and d.seat == seat,
                                 passed=passed.index(seat) + 1 if seat in passed else 0))
        return out

    def refresh_strip(self, view: Any) -> None:
        self.query_one(ScoreStrip).show(self.strip_seats(view))

    def legend(self) -> list[tuple[str, str]]:
        """What each symbol on this game's board means (each game lists its own)."""
        return []

    def action_seat_sheets(self) -> None:
        """Every player's whole public board, in words (the viewer's view only)."""
        from tabletop_tui.screens.seat_sheet import SeatSheetScreen

        d = self.match.pending
        self.app.push_screen(SeatSheetScreen(self, d.seat if d is not None else self.viewer_seat()))

    def key_legend(self) -> list[tuple[str, str]]:
        """Every key of this screen with what it does: the footer names those it has room for."""
        out = [("1–9, 0", "take the choice with that number"), ("↑ ↓, j k", "move along the choices"),
               ("Enter", "take the highlighted choice"), ("← →, h l", "the next choice with a place on the board")]
        seen = {"left", "right", "h", "l", "j", "k", "tab", "shift+tab"} | {str(d) for d in range(10)}
        merged = self._merged_bindings.key_to_bindings if self._merged_bindings else {}
        for key, bindings in merged.items():
            b = bindings[0]
            if key in seen or not b.description:
                continue
            seen.add(key)
            out.append((self.app.get_key_display(b), b.description))
        out.append((self.app.get_key_display(Binding(self.app.COMMAND_PALETTE_BINDING, "")),
                    "the command palette: undo, save, rules, notices, resign, leave, quit"))
        return [(f"key {k}", d) for k, d in out] + [
            ("3★", "the suggested choice (s: medium's best three, explained; S: hard's): the first, also named on the choices' top edge"),
            ("▲ ▼ N more", "on the choices' top edge: choices above or below the rows shown (↑↓ reach them)")]

    def action_legend(self) -> None:
        from tabletop_tui.screens.seat_sheet import LegendScreen

        self.app.push_screen(LegendScreen(self.match.game.title, self.legend() + self.key_legend()))

    def thinking_text(self, seat: int) -> str:
        level = getattr(self.match.seats[seat], "level", "")
        who = f"{self.match.names[seat]} (bot{', ' + level if level else ''})"
        if self.bot_ready is not None:
            return f"{who} has chosen…  (space: bots move at once)"
        return f"{who} is thinking…  (space: bots move at once)"

    # Hooks a game screen may override ---------------------------------------------------
    def focus_choices(self) -> None:
        """Where the keyboard goes when a human is to decide (a game may keep its board focused)."""
        self.query_one("#choices").focus()

    def log_view(self, log: list[str], since: int | None) -> tuple[list[str], int | None]:
        """The log lines to show and the index of the first new one (a game may add lines of its
        own between the moves, e.g. each round's income)."""
        return log, since

    def shown_actions(self, actions: list) -> tuple[list, int]:
        """The choices to list (a game may narrow them, e.g. to one tile's places) and which
        starts highlighted."""
        return actions, 0

    def label(self, s: Any, a: Any) -> str:
        return a.label if isinstance(a, OutOfReach) else self.rules.describe(s, a)

    def unavailable(self, a: Any) -> str:
        """Why a listed choice cannot be taken now ("" when it can): a game may keep a choice in
        its place, dim, so that the digits keep their meaning while a decision lasts."""
        return a.why if isinstance(a, OutOfReach) else ""

    def why_not(self, a: Any) -> str:
        return a.why if isinstance(a, OutOfReach) else self.unavailable(a)

    def out_of_reach(self) -> list[OutOfReach]:
        """The choices the rules would offer the player to move but for what they lack (a port
        without the doubloons), from the mover's view: listed dim with what each needs, as the
        menus keep an unavailable choice elsewhere, rather than missing without a word."""
        ask = getattr(self.rules, "out_of_reach", None)
        d = self.match.pending
        if ask is None or d is None:
            return []
        return [OutOfReach(label, why) for label, why in ask(self.rules.view(self.match.state, d.seat))]

    # -- a digit keeps its meaning while a decision lasts ------------------------------------
    #: per decision thread (``decision_thread``) of the player to move: each place's choice key
    #: and label, as last shown
    _places: dict = {}

    def decision_thread(self, d: Any) -> Any:
        """What one decision is across its steps (a delivery being assembled, draws from a
        display, a multi-pick), as a tuple starting with the seat: while it lasts, each choice
        keeps its place and its digit (``keep_places``). The steps of one seat and one kind by
        default; None for a decision whose steps are each a decision of their own."""
        return (d.seat, d.kind)

    def choice_key(self, a: Any) -> Any:
        """What a choice is, across the steps of one decision: its notation by default (a game
        may say otherwise: a card in the display is its place there)."""
        if isinstance(a, OutOfReach):
            return a.key if a.key is not None else ("out of reach", a.label)
        key = getattr(a, "key", None)  # a menu entry of the screen's (a group, or one kept dim)
        return key if isinstance(key, str) else str(a)

    def gone_reason(self, key: Any) -> str:
        """Why a choice listed earlier in this decision cannot be taken now."""
        return "chosen already" if key == self._chosen_key else "not possible now"

    #: the choice key of the last choice played (``gone_reason``: "chosen already")
    _chosen_key: Any = None

    def keep_places(self, items: list, highlight: int = 0) -> tuple[list, int]:
        """``items`` in the places their choices had earlier in this decision: a choice listed
        before keeps its place, one no longer offered stays there dim with why (the digit it
        had never names another choice), a new one comes after them all. The highlight stays
        on the place it was on."""
        d = self.match.pending
        thread = self.decision_thread(d) if d is not None else None
        if thread is None or thread[0] != getattr(self, "_places_seat", None):
            self._places = {}
        self._places_seat = thread[0] if thread is not None else None
        if thread is None:
            return items, highlight
        s = self.match.state
        keys = [self.choice_key(a) for a in items]
        before = self._places.get(thread)
        if before is not None:
            waiting: dict = {}
            for k, a in zip(keys, items):
                waiting.setdefault(k, []).append(a)
            out = []
            for k, label in before:
                if waiting.get(k):
                    out.append(waiting[k].pop(0))
                else:
                    out.append(OutOfReach(label, self.gone_reason(k), key=k))
            out += [a for k, a in zip(keys, items) if any(a is w for w in waiting.get(k, []))]
            at = self.query_one(DecisionPanel).highlighted
            highlight = at if at is not None and 0 <= at < len(out) else highlight
            items, keys = out, [self.choice_key(a) for a in out]
        self._places[thread] = [(k, a.label if isinstance(a, OutOfReach) else self.label(s, a))
                                for k, a in zip(keys, items)]
        return items, highlight

    def fixed_keys(self) -> dict[int, str]:
        """Choices with a key of their own, by index (a confirm row's 0, which never moves)."""
        return {}

    def action_digit(self, key: str) -> None:
        """A digit key takes the choice shown with that digit (1–9 and 0 in order, unless a
        choice has a key of its own: ``fixed_keys``)."""
        k = (int(key) - 1) % 10
        if self.handover_to is not None:
            self.action_choose(k)
            return
        i = self.query_one(DecisionPanel).index_of_key(key)
        if i is None:
            self.no_such_choice(k)  # (a digit no choice shows: never the choice in its row)
        else:
            self.action_choose(i)

    def prompt_text(self, d: Any) -> str:
        name = self.match.names[d.seat]
        return d.prompt if d.prompt.startswith(name) else f"{name}: {d.prompt}"

    def refresh_panels(self, view: Any) -> None:
        panel = Text()
        for s in range(len(self.match.names)):
            if s:
                panel.append("\n")
            panel.append_text(self.player_panel(view, s))
        show(self.query_one("#panels", Static), panel)

    def _targets(self) -> set:
        out = set()
        for a in self.actions:
            if self.unavailable(a):
                continue
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
        for panel in self.query(DecisionPanel):
            panel.clear_told(key=False)  # a move clears the notice told before it (not an error)
        self._chosen_key = self.choice_key(action)
        try:
            self.commit(action)
        except IllegalAction as e:
            self.notify(e.reason, title="Not allowed", severity="warning", markup=False)
            return
        self.autosave()
        self.refresh_all()
        self.after_change()

    def commit(self, action: Any) -> None:
        """Make the move in the match (a table's seat sends it to the table instead)."""
        self.match.play(action)

    def autosave(self) -> None:
        """Save after every move. A game nobody has moved in yet leaves no save (an abandoned
        set-up), and an unchanged game is not written again (the Continue list keeps its order)."""
        m = self.match
        if m.actions == self.saved_actions and (m.path is not None and m.path.exists() or not m.actions):
            return
        try:
            m.save()
            self.saved_actions = list(m.actions)
        except OSError as e:
            self.notify(f"Could not save the game: {e}", severity="error", markup=False)

    def after_change(self) -> None:
        m = self.match
        if m.forced_action() is not None:
            m.play_forced()  # no real choice: played for the player and logged
            self.autosave()
            self.refresh_all()
        d = m.pending
        if d is None:
            self.show_game_over()
            return
        if m.seats[d.seat].bot:
            self.schedule_bot()
            return
        self.skip_bots = False
        if self.curtain and self.shown_for is not None and self.shown_for != d.seat:
            if self.handover_to != d.seat:
                self.handover_to = d.seat  # the mover first sees the result of their own move
                self.refresh_all()
            return
        self.handover_to = None
        self.shown_for = d.seat

    def pass_keyboard(self) -> None:
        """The mover has looked: hide the table until the next player is ready."""
        from tabletop_tui.screens.handoff import HandoffScreen

        m = self.match
        nxt = self.handover_to
        if nxt is None:
            return
        since = m.log[m.since_last_decision(nxt):]

        def ready(_: Any) -> None:
            self.handover_to = None
            self.shown_for = nxt
            self.refresh_all()
            self.after_change()

        self.app.push_screen(HandoffScreen(m.names[nxt], since), ready)

    # -- bots: they think in a worker thread, so the screen keeps answering keys ----------------
    # A bot's turn: schedule_bot starts the thought (a worker; bot_worker), its StateChanged comes
    # to bot_finished (bot_ready: the move chosen), which has bot_step play it at the player's pace
    # (bot_timer, a Later: never Textual's set_timer, see Later); the move's after_change starts the
    # next. At every moment of a bot's turn one of bot_worker, bot_timer or the message on its way
    # is under way; bot_trace keeps the last steps.
    def trace(self, step: str) -> None:
        self.bot_trace.append(f"{len(self.match.actions)}:{step}")

    def bot_later(self, delay: float, step: str) -> None:
        """bot_step after ``delay`` seconds (never skipped: see Later)."""
        self.trace(f"{step} {delay:.3f}s")
        self.bot_timer = Later(self, delay, self.bot_step)

    def schedule_bot(self) -> None:
        if self.bot_worker is not None or self.bot_timer is not None or self.bot_ready is not None:
            return
        import time

        delay = 0.0 if self.skip_bots else max(0.0, float(getattr(self.app, "bot_delay", 0.5)))
        self.bot_due = time.monotonic() + delay
        m = self.match
        moves = len(m.actions)
        job = m.bot_job(thinker=getattr(self.app, "thinker", None))

        def think() -> Any:
            from textual.worker import get_current_worker

            worker = get_current_worker()
            return job(lambda: worker.is_cancelled)

        self.trace("think")
        self.bot_worker = self.run_worker(think, thread=True, group="bot", exit_on_error=False,
                                          name=f"bot-{moves}")
        self.bot_worker.moves = moves  # type: ignore[attr-defined]

    def on_worker_state_changed(self, event) -> None:
        worker = event.worker
        self.bot_finished(worker, event.state)

    def bot_watchdog(self) -> None:
        """Once a second: a bot's turn that nothing is thinking about nor about to play is started
        again, a bot's finished thought whose message never came is taken up, a chosen move whose
        call never came is played. The bots' state machine leaves no such gap (a one-shot Textual
        timer that skipped its tick once left one: see Later); this is the net, and when it acts it
        says so in the log and counts it (``app.bot_watchdog_acts``: a whole keyboard game in the
        tests must leave it empty)."""
        from textual.worker import WorkerState

        w = self.bot_worker
        if w is not None:
            if w.state in (WorkerState.SUCCESS, WorkerState.ERROR, WorkerState.CANCELLED):
                if self._bot_gap(("finished", id(w))):  # (its own message gets its time to come first)
                    self.watchdog_acts(f"took up a finished thought ({w.state.name}) whose message never came")
                    self.bot_finished(w, w.state)
            return
        t = self.bot_timer
        called = t is None or t.done  # (a Later called or stopped: nothing to come)
        if self.bot_ready is not None and called and self.is_current:
            if self._bot_gap(("chosen", len(self.match.actions), id(t))):  # (a call on its way: its time)
                self.watchdog_acts("played a chosen move nothing was about to play")
                self.bot_step()
            return
        if (called and self.bot_ready is None and self.is_current and self.bots_move_here()
                and self.match.pending is not None and self.match.bot_to_play()):
            if self._bot_gap(("idle", len(self.match.actions))):
                self.watchdog_acts("started again a bot's turn nothing thought about")
                self.bot_timer = None
                self.after_change()  # (each kind of screen starts its bots its own way, or not)
            return
        self._bot_gap_seen, self._bot_idle = None, 0

    #: the watchdog's looks in a row that see the same gap before it acts: a loaded machine may
    #: take a second or more to deliver a message on its way, and that is no gap
    BOT_GAP_LOOKS = 3

    def _bot_gap(self, gap: tuple) -> bool:
        """True at the BOT_GAP_LOOKS-th look in a row at the same ``gap``."""
        if self._bot_gap_seen != gap:
            self._bot_gap_seen, self._bot_idle = gap, 0
        self._bot_idle += 1
        if self._bot_idle < self.BOT_GAP_LOOKS:
            return False
        self._bot_gap_seen, self._bot_idle = None, 0
        return True

    def bots_move_here(self) -> bool:
        """Whether this screen moves the bots at their turns now (a seat at a table that stopped
        does not): the watchdog restarts no turn where none should run."""
        return True

    def watchdog_acts(self, what: str) -> None:
        """The watchdog had to act: logged (with the state machine's last steps) and counted."""
        line = f"{type(self).__name__} at move {len(self.match.actions)}: {what}; steps {list(self.bot_trace)}"
        log.warning("bot watchdog: %s", line)
        self.trace(f"watchdog: {what}")
        acts = getattr(self.app, "bot_watchdog_acts", None)
        if acts is not None:
            acts.append(line)

    def bot_finished(self, worker, state) -> None:
        from textual.worker import WorkerState

        if worker is not self.bot_worker or state not in (WorkerState.SUCCESS, WorkerState.ERROR,
                                                          WorkerState.CANCELLED):
            return
        event_state = state
        self.bot_worker = None
        moves = getattr(worker, "moves", -1)
        if moves != len(self.match.actions) or not self.match.bot_to_play():
            self.trace(f"thought of move {moves} dropped")
            return  # the game moved on (undo, resign, leave) while the bot thought: drop it
        self.trace(f"thought {event_state.name}")
        if event_state == WorkerState.SUCCESS:
            self.bot_ready = (moves, worker.result)
        elif event_state == WorkerState.ERROR:
            self.notify(f"The bot could not choose ({worker.error}); it plays a random move.",
                        severity="error", markup=False)
            self.bot_ready = (moves, self.match.bot_job(level="random")())
        else:
            return  # (only the screen's unmount cancels a worker it did not cancel itself)
        self.refresh_all()
        import time

        wait = 0.0 if self.skip_bots else max(0.0, self.bot_due - time.monotonic())
        self.bot_later(wait, "play in")

    def on_unmount(self) -> None:
        """The screen is gone: a bot's move waiting for its time is not played (Textual stops a
        screen's own timers so; a Later is stopped here)."""
        if self.bot_timer is not None:
            self.bot_timer.stop()

    def bot_step(self) -> None:
        self.bot_timer = None
        if not self.is_running:  # (called as the screen closed: it plays no more)
            return
        m = self.match
        ready = self.bot_ready
        if ready is None or ready[0] != len(m.actions) or not m.bot_to_play():
            self.trace("step: nothing chosen for this move")
            self.bot_ready = None
            if m.bot_to_play():
                self.schedule_bot()
            return
        if not self.is_current:  # a dialog is open: try again shortly
            self.bot_later(0.2, "dialog open, again in")
            return
        self.trace("play")
        self.bot_ready = None
        self.play(ready[1])

    def cancel_bot(self) -> None:
        """Undo, resign or leaving: whatever a bot was thinking is dropped cleanly."""
        if self.bot_worker is not None or self.bot_timer is not None or self.bot_ready is not None:
            self.trace("cancel")
        if self.bot_timer is not None:
            self.bot_timer.stop()
            self.bot_timer = None
        if self.bot_worker is not None:
            self.bot_worker.cancel()
            self.bot_worker = None
        self.bot_ready = None

    def action_skip_bots(self) -> None:
        """Bots move at once, without the pause, until the next human decision."""
        self.skip_bots = True
        if self.bot_ready is not None and self.bot_timer is not None:
            self.bot_timer.stop()
            self.bot_later(0.0, "space: play in")

    def action_suggest(self, level: str = "medium") -> None:
        """The bot's best three choices for the human to move, explained, over the board (it
        sees only their view); its first is marked ★ in the menu (screens/suggestion.py)."""
        if not self.human_to_play() or not self.actions:
            self.notify("Suggestions are for the player to move.", severity="information")
            return
        from tabletop_tui.screens.suggestion import SuggestionScreen

        self.app.push_screen(SuggestionScreen(self, level))

    def action_suggest_hard(self) -> None:
        self.action_suggest("hard")

    #: (move number, action) of the last suggestion asked for (action None while thinking)
    suggested: tuple[int, Any] | None = None

    def menu_key(self, action: Any) -> str:
        """The key that takes ``action`` in the menu as shown ("" if it is not there)."""
        for i, a in enumerate(self.actions):
            if a == action:
                return str(i + 1) if i < 9 else "0" if i == 9 else "↑↓"
        return ""

    def take_suggestion(self, moves: int, action: Any) -> None:
        """A suggestion came for move ``moves``: marked ★ in the menu, else said under the prompt."""
        if moves != len(self.match.actions) or not self.human_to_play():
            return
        self.suggested = (moves, action)
        for attempt in range(2):
            if self.show_suggestion():
                return
            # not in the menu as it shows now (another tile of the hand, a closed group):
            # the game's screen may bring it in
            if attempt or not self.reveal(action):
                break
        # nowhere in the menu: said in words under the prompt (it takes a row, the choices keep theirs)
        panel = self.query_one(DecisionPanel)
        prompt = panel.query_one("#prompt", Static)
        text = prompt.content.copy() if isinstance(prompt.content, Text) else Text(str(prompt.content))
        text.append(f"\n★ suggestion: {self.rules.describe(self.match.state, action)}", style="not bold")
        prompt.update(text)
        panel.say("★ suggestion: see the prompt")

    def show_suggestion(self) -> bool:
        """The suggestion asked for at this move, marked ★ in the choices and highlighted, named
        on the panel's edge; True if it is in the menu as shown. (Kept through a redraw of the
        same decision; gone with the move.)"""
        if self.suggested is None or self.suggested[0] != len(self.match.actions) or not self.human_to_play():
            return False
        panel = self.query_one(DecisionPanel)
        action = self.suggested[1]
        if action is None:
            panel.say("s: thinking…")
            return False
        for i, a in enumerate(self.actions):
            if a == action:
                panel.star(i)
                panel.say(f"★ suggestion: {self.menu_key(a)}")
                return True
        return False

    @staticmethod
    def path_to(items: list, action: Any, group: type) -> list | None:
        """The keys of the nested ``group`` entries (each with ``key`` and ``items``) that lead
        to ``action`` in a menu tree; [] if it is at the top, None if it is not there."""
        for x in items:
            if isinstance(x, group):
                found = GameScreen.path_to(x.items, action, group)
                if found is not None:
                    return [x.key] + found
            elif x == action:
                return []
        return None

    def reveal(self, action: Any) -> bool:
        """Bring ``action`` into the menu (e.g. select the tile it places); True if the menu
        changed. The shared screen shows every action, so it has nothing to do."""
        return False

    def show_game_over(self) -> None:
        from tabletop_tui.screens.game_over import GameOverScreen

        self.cancel_bot()
        self.game_over_page(GameOverScreen(self.match, self))

    def game_over_page(self, page: Screen) -> None:
        """The game-over page in this screen's place. A dialog still open over the board (a
        round's report the bots played past, a question nobody answered) closes first: the page
        replaces the game itself, so leaving the page never comes back to a finished board."""
        app = self.app
        while app.screen is not self and self in app.screen_stack:
            app.pop_screen()
        app.switch_screen(page)

    # -- choosing --------------------------------------------------------------------------
    def on_decision_panel_chosen(self, event: DecisionPanel.Chosen) -> None:
        self.action_choose(event.index)

    def on_decision_panel_highlighted(self, event: DecisionPanel.Highlighted) -> None:
        self.update_board(self.current_view(), self._targets(), self._cursor())

    def action_choose(self, index: int) -> None:
        if self.handover_to is not None:
            if index == 0:
                self.pass_keyboard()
            return
        if 0 <= index < len(self.actions):
            why = self.why_not(self.actions[index])
            if why:
                self.notify(f"Not possible now: {why}.", severity="information")
                return
            self.play(self.actions[index])
        else:
            self.no_such_choice(index)

    def no_such_choice(self, index: int) -> None:
        """A digit beyond the list does nothing, and says so (not a silent key)."""
        n = len(self.actions)
        if n == 0:
            d = self.match.pending
            who = f"{self.match.names[d.seat]} is to play" if d is not None else "the game is over"
            self.notify(f"Nothing to choose now: {who}.", severity="information")
            return
        keys = [k for k in self.query_one(DecisionPanel).keys if k != " "]
        plain = [str((i + 1) % 10) for i in range(len(keys))]
        last = (f"1–{plain[-1]}" if len(keys) > 1 else "1") if keys == plain else ", ".join(keys)
        self.notify(f"There is no choice {index + 1} here: the list has "
                    f"{counted(n, 'choice')} ({last}).", severity="information")

    def on_canvas_board_target_chosen(self, event) -> None:
        self.choose_target(event.target)

    def choose_target(self, target: Any) -> None:
        """The board reported a target: play its action, or ask which one."""
        options = [i for i, a in enumerate(self.actions) if self.rules.target(self.match.state, a) == target]
        if not options:
            if self.actions:
                self.notify("Nothing to do there now.", severity="information")
            elif self.handover_to is not None:
                self.notify("The turn is over: pass the keyboard first (Enter).", severity="information")
            return
        self.play_one_of([self.actions[i] for i in options])

    def play_one_of(self, options: list, title: str = "Choose:") -> None:
        """Play the one action a place offers, or ask which of them in a menu (labelled as the
        choices are)."""
        if len(options) == 1:
            self.play(options[0])
            return
        from tabletop_tui.screens.confirm import ChoiceMenu

        labels = [self.label(self.match.state, a) for a in options]

        def done(k: int | None) -> None:
            if k is not None:
                self.play(options[k])

        self.app.push_screen(ChoiceMenu(title, labels), done)

    def action_target(self, step: int) -> None:
        """←/→: the next (previous) choice that has a place on the board, every one in turn, so
        two choices for one place (two ways to sail there) are both visited."""
        placed = [i for i, a in enumerate(self.actions) if self.rules.target(self.match.state, a) is not None]
        if not placed:
            return
        cur = self.query_one(DecisionPanel).highlighted
        if cur in placed:
            nxt = placed[(placed.index(cur) + step) % len(placed)]
        else:  # from a choice with no place: the nearest placed one that way
            after = [i for i in placed if (cur is None or i > cur)] if step > 0 else \
                [i for i in placed if cur is not None and i < cur][::-1]
            nxt = (after or (placed if step > 0 else placed[::-1]))[0]
        self.query_one(DecisionPanel).highlight(nxt)

    def action_cursor(self, step: int) -> None:
        i = self.query_one(DecisionPanel).highlighted or 0
        self.query_one(DecisionPanel).highlight(i + step)

    # -- commands --------------------------------------------------------------------------
    def action_undo(self) -> None:
        """Take back the last decision of a person — also the move that ended a turn — until
        another player (person or bot) decides or chance is revealed (Match.undo_steps)."""
        m = self.match
        if m.pending is None:
            self.notify("The game is over; nothing to undo.", severity="information")
            return
        before = len(m.actions)
        asker = self.viewer_seat()
        msg = m.undo(asker)
        if len(m.actions) < before:
            self.cancel_bot()
            self.skip_bots = False
            d = m.pending
            self.handover_to = None
            if d is not None and not m.seats[d.seat].bot:
                if self.curtain and self.shown_for is not None and self.shown_for != d.seat:
                    self.handover_to = d.seat  # the table is someone else's: hand it over
                else:
                    self.shown_for = d.seat
            self.autosave()
            self.notify(msg, markup=False)
            self.refresh_all()
            if d is not None and m.seats[d.seat].bot:
                self.after_change()
        else:
            self.notify(msg, severity="warning", markup=False)

    def action_save(self) -> None:
        try:
            path = self.match.save()
        except OSError as e:
            self.notify(f"Could not save: {e}", severity="error", markup=False)
            return
        self.notify(f"Saved to {tilde(path)}", markup=False)  # (one row at 80 columns)

    def action_rules(self) -> None:
        from tabletop_tui.screens.rules_view import RulesScreen

        self.app.push_screen(RulesScreen(self.match.game))

    def action_whole_log(self) -> None:
        """The whole game's log, to read back to the first move."""
        from tabletop_tui.screens.log_view import LogScreen

        m = self.match
        self.app.push_screen(LogScreen(m.game.title, m.log, m.since_last_decision(self.viewer_seat()), m))

    def back_from_sub_view(self) -> bool:
        """Escape inside a view within the game (a submenu, a board shown in the map's place)
        goes back out of that view, not out of the game: True if it did. The shared screen has
        no such view; a game with one overrides this."""
        return False

    def action_leave(self) -> None:
        from tabletop_tui.screens.confirm import ConfirmScreen

        if self.back_from_sub_view():
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.cancel_bot()
                self.autosave()
                self.app.back_to_launcher()  # type: ignore[attr-defined]

        self.app.push_screen(ConfirmScreen("Leave this game? It is saved; continue it later from the launcher."), done)

    def action_resign(self) -> None:
        """A player leaves the table: a bot plays their seat from here on (the game goes on)."""
        from tabletop_tui.screens.confirm import ConfirmScreen

        d = self.match.pending
        if d is None or self.match.seats[d.seat].bot or self.handover_to is not None:
            self.notify("Resign is for the player to move.", severity="information")
            return
        name = self.match.names[d.seat]

        def done(yes: bool | None) -> None:
            if yes:
                self.cancel_bot()
                self.match.resign(d.seat)  # the seat's moves so far stay the person's
                self.match.save()  # the seat's kind changed: write it even without a new move
                self.saved_actions = list(self.match.actions)
                self.notify(f"{name} resigned: a bot plays that seat from now on.", markup=False)
                self.refresh_all()
                self.after_change()

        self.app.push_screen(ConfirmScreen(f"Resign, {name}? A bot will play your seat to the end."), done)

    def action_quit_app(self) -> None:
        from tabletop_tui.screens.confirm import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                self.cancel_bot()
                self.autosave()
                self.app.exit()

        self.app.push_screen(ConfirmScreen("Quit tabletop? The game is saved; `tabletop --resume` continues it."), done)
