"""A seat at a table: the game's own screen, driven by a :class:`Table` instead of a local match.

- Moves this seat makes go through ``Table.play`` (the store checks the move number and the
  seat); a move another process landed first is answered by catching up and redrawing.
- Other seats' moves arrive through ``Store.wait`` in a worker thread; the main thread plays
  them into the screen's match and redraws (within a second of the other seat's move).
- The screen always shows this seat's view (``rules.view(state, seat)``); a spectator sees the
  view of no seat (``rules.view(state, -1)``: no hand at all). There is no hand-off curtain.
- Bots move on whichever seats are open: every open seat computes the same move (seeded by the
  game's seed and the move number) and sends it; the store lets exactly one land.
- No undo at a table: a move once made stays (the other seats may have seen it already).

The code is kept only inside the Table; it is shown nowhere (not in the title, nor a message).
"""
from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.screens.variant import game_screen_variant
from tabletop_tui.store.base import (CodeRefused, IllegalMove, MovedOn, NotYourTurn, StoreDamaged, StoreUnwritable,
                                     Unreplayable)
from tabletop_tui.store.table import Table
from tabletop_tui.widgets.repaint import show

NO_UNDO = ("No undo at a table: a move once made stays, since the other players may have seen "
           "it already.")
RECONNECTING = "The table cannot be reached just now: reconnecting… (nothing is lost)"
NOT_SENT = ("That move did not reach the table (it cannot be reached just now): make it again "
            "once the table is back.")
# faults a retry cannot mend: said once, and the seat stops there (no loop, no CPU spent)
LASTING = (StoreDamaged, Unreplayable)
STOPPED = "The seat stops here; tell the host. (ctrl+q quits; nothing that was made is lost.)"
CODE_GONE = ("Your code no longer opens this seat: the host gave the seat a new code or to a bot, "
             "or deleted the table. Ask the host.")
CODE_LOOK = 1.0  # seconds between two looks at whether this seat's code still opens it
ENDED_SHOWN = 0.5  # seconds the reason shows before a seat's process ends
UNWRITABLE_LOOK = 5.0  # seconds between two looks at a store that could not be written
BOT_RETRY = 30.0  # seconds before a bot's move is sent again after the store refused the write


class SeatMixin:
    """Mixed in before a game's screen class (see :func:`seat_screen`)."""

    BINDINGS = [
        Binding("u", "undo", "undo", show=False),
        Binding("escape", "leave", "leave", id="leave"),
        Binding("ctrl+q", "quit_app", "quit", id="quit"),
    ]

    def __init__(self, table: Table) -> None:
        super().__init__(table.match, curtain=True)  # type: ignore[call-arg]
        self.table = table
        self.curtain = True  # the view, always: a seat sees its own hidden things only
        self.my_seat = table.seat
        self.offline = False
        self.offline_why = ""  # the store's fault when it is not only away (a full disk)
        self.offline_since = 0.0
        self.watcher = None
        self.rang_for = -1  # the move number the bell last rang at
        self.halted: str | None = None  # a lasting fault, said once: the seat stops on it
        self.bots_wait_until = 0.0  # after a write the store refused, bots wait (no retry loop)

    # -- what this seat sees ----------------------------------------------------------------
    def viewer_seat(self) -> int:
        if self.my_seat is not None:
            return self.my_seat
        return 0  # a spectator: the layout of seat 0, with no seat's hidden things (current_view)

    def current_view(self) -> Any:
        m = self.match  # type: ignore[attr-defined]
        return m.rules.view(m.state, self.my_seat if self.my_seat is not None else -1)

    def my_turn(self) -> bool:
        d = self.match.pending  # type: ignore[attr-defined]
        return d is not None and self.my_seat is not None and d.seat == self.my_seat

    def human_to_play(self) -> bool:
        return self.my_turn()

    def thinking_text(self, seat: int) -> str:
        m = self.match  # type: ignore[attr-defined]
        if m.seats[seat].bot:
            return super().thinking_text(seat)  # type: ignore[misc]
        who = m.names[seat]
        if self.my_seat is None:
            return f"Watching: {who} is deciding."
        return f"Waiting for {who} to decide (their move shows here as soon as it is made)."

    def log_view(self, log: list[str], since: int | None) -> tuple[list[str], int | None]:
        """A seat that waits watches live: its log ends at the newest line (else, once the lines
        since its last move outgrow the panel, it would stay on the first of them and the other
        seats' later moves would not show). On its turn the lines since its last move are marked
        new again, and the log starts at the first of them."""
        lines, since = super().log_view(log, since)  # type: ignore[misc]
        return lines, (since if self.my_turn() else None)

    def show_title(self, title: str) -> None:
        pass  # (the seat's own title is put in by refresh_all, once: one repaint of the bar at most)

    def refresh_all(self) -> None:
        if getattr(self.app, "ending", False):  # type: ignore[attr-defined]
            return  # the player is gone and the app ends: nothing to draw (its widgets may be gone)
        super().refresh_all()  # type: ignore[misc]
        m = self.match  # type: ignore[attr-defined]
        who = "spectator" if self.my_seat is None else m.names[self.my_seat]
        title = f" {m.game.title} · table {self.table.id} · {who}"
        d = m.pending
        if self.halted:
            title += " · stopped (n: the notice)"
        elif self.offline:
            title += " · the store cannot be written" if self.offline_why else " · reconnecting…"
        elif d is None:
            title += " · game over"
        elif self.my_turn():
            title += " · YOUR TURN"
        else:
            title += f" · {m.names[d.seat]} ({self.marks[d.seat]}) to play"  # type: ignore[attr-defined]
        show(self.query_one("#title-bar"), Text(title, style="bold" if self.my_turn() else ""),  # type: ignore[attr-defined]
             layout=False)
        # the app's title (what a host's tools and the tests read) without the whole-screen
        # repaint an assignment makes: the title bar above is the part of the screen it changes
        self.app.set_reactive(App.title, title.strip())  # type: ignore[attr-defined]

    # -- the flow of play -------------------------------------------------------------------
    def on_mount(self) -> None:
        # (the game screen's own on_mount runs too; this one starts listening to the table)
        self.watcher = self.run_worker(self.watch_table, thread=True, group="table",  # type: ignore[attr-defined]
                                       exit_on_error=False, name="table-watch")

    def after_change(self) -> None:
        if self.halted:
            return
        m = self.match  # type: ignore[attr-defined]
        d = m.pending
        if d is None:
            self.show_game_over()  # type: ignore[attr-defined]
            return
        if m.seats[d.seat].bot:
            self.schedule_bot()  # type: ignore[attr-defined]
            return
        self.handover_to = None
        self.shown_for = d.seat
        forced = m.forced_action()
        if forced is not None and self.my_turn():
            self.play(forced)  # type: ignore[attr-defined]  # no real choice: sent for this seat
            return
        if self.my_turn() and self.rang_for != len(m.actions) and self.is_attached_app():
            self.rang_for = len(m.actions)
            if m.actions and m.actors[-1] != self.my_seat:
                self.app.bell()  # type: ignore[attr-defined]  # the turn came back from the others

    def pass_keyboard(self) -> None:
        self.handover_to = None  # no curtain at a table: each seat has its own screen

    def is_attached_app(self) -> bool:
        return getattr(self, "app", None) is not None

    def commit(self, action: Any) -> None:
        """Send the move to the table. Another move landed first: catch up and say so."""
        m = self.match  # type: ignore[attr-defined]
        if self.halted:
            raise IllegalAction(self.halted)
        notation = action if isinstance(action, str) else m.rules.notation(action)
        bot = m.bot_to_play()
        try:
            self.table.play(notation)
            self.say_host_notes()  # (this seat's own move may be the first it hears of them by)
        except StoreUnwritable as e:  # said as it is: a retry now would only fail again
            whose = "the bot's move was not made (tried again in half a minute)" if bot else "your move was not made"
            if bot:
                self.bots_wait_until = time.monotonic() + BOT_RETRY
            self.notify(f"{e}: {whose}.", title="Not made", severity="error", markup=False)  # type: ignore[attr-defined]
        except LASTING as e:
            self.halt(str(e))
        except CodeRefused:
            self.halt(CODE_GONE)
        except MovedOn as e:
            self.catch_up()
            if not bot:  # a bot's move sent by two seats at once: one landed, all is well
                self.notify(str(e), title="The table moved on", severity="warning", markup=False)  # type: ignore[attr-defined]
        except (NotYourTurn, IllegalMove) as e:
            self.catch_up()
            raise IllegalAction(str(e)) from None
        except Exception:  # the store cannot be reached (a PostgreSQL server away, a busy file)
            self.notify(NOT_SENT, title="Not sent", severity="warning", markup=False)  # type: ignore[attr-defined]
            self.set_offline(True)

    def catch_up(self, moves: list | None = None) -> int:
        try:
            n = self.table.catch_up(moves)
        except LASTING as e:
            self.halt(str(e))
            return 0
        except StoreUnwritable as e:
            self.set_offline(True, str(e))
            return 0
        except Exception:  # StoreError or the server's own: away for now
            self.set_offline(True)
            return 0
        if n:
            self.cancel_bot()  # type: ignore[attr-defined]  # a bot's choice for an older position
        return n

    def autosave(self) -> None:
        pass  # the table keeps every move

    def moves_arrived(self, moves: list | None = None) -> None:
        """On the main thread: the store has moves this screen has not played yet (``moves``:
        those the watcher read, so that they are not read again)."""
        if self.catch_up(moves):
            self.say_host_notes()
            self.refresh_all()
            self.after_change()

    def say_host_notes(self) -> None:
        """What the host changed (a seat handed to a bot, or back), as it reaches this seat."""
        for note in self.table.take_new_notes():
            self.notify(note, title="The host", markup=False)  # type: ignore[attr-defined]

    def halt(self, message: str) -> None:
        """A lasting fault (a damaged store, a move the rules refuse in it): said once, then the
        seat stays open on it, listening no more and moving no bot."""
        if self.halted:
            return
        self.halted = message
        self.stop_watching()
        self.cancel_bot()  # type: ignore[attr-defined]
        self.notify(f"{message}\n{STOPPED}", title="The table cannot go on", severity="error",  # type: ignore[attr-defined]
                    timeout=24 * 3600, markup=False)
        self.refresh_all()

    def bots_move_here(self) -> bool:
        return not self.halted

    def schedule_bot(self) -> None:
        if self.halted:
            return
        wait = self.bots_wait_until - time.monotonic()
        if wait > 0:  # the store refused the last bot move's write: no retry before then
            if self.bot_timer is None:  # type: ignore[has-type]
                self.bot_later(wait, "store refused the last write, again in")  # type: ignore[attr-defined]
            return
        super().schedule_bot()  # type: ignore[misc]

    def set_offline(self, offline: bool, why: str = "") -> None:
        if offline == self.offline or self.halted:
            return
        self.offline = offline
        self.offline_why = why if offline else ""
        self.offline_since = time.monotonic()
        if offline and why:
            self.notify(f"{why}. Moves wait until the host mends it; this seat looks again every few "
                        "seconds.", title="The store cannot be written", severity="error", markup=False)  # type: ignore[attr-defined]
        elif offline:
            self.notify(RECONNECTING, title="Reconnecting", severity="warning", markup=False)  # type: ignore[attr-defined]
        else:
            self.notify("Back at the table.", markup=False)  # type: ignore[attr-defined]
            self.catch_up()
        self.refresh_all()
        if not offline:
            self.after_change()

    def watch_table(self) -> None:
        """In a worker thread: wait for other processes' moves, hand them to the main thread.
        A store away is retried every second until it answers again."""
        from textual.worker import get_current_worker

        worker = get_current_worker()
        app = self.app  # type: ignore[attr-defined]
        store, table_id = self.table.store, self.table.id
        failed = False

        def call(fn, *args) -> bool:
            try:
                app.call_from_thread(fn, *args)
                return True
            except Exception:  # the app is closing
                return False

        looked = time.monotonic()
        while not worker.is_cancelled:
            started = time.monotonic()
            try:
                if started - looked >= CODE_LOOK:  # the host may have ended this code
                    looked = started
                    if (why := self.table.ended()) is not None:
                        call(self.code_ended, why)
                        return
                new = store.wait(table_id, len(self.match.actions), 0.5)  # type: ignore[attr-defined]
            except LASTING as e:  # waiting again would fail again: said once, and no more waits
                call(self.halt, str(e))
                return
            except Exception as e:  # away, or full: said once; looked at again now and then
                why = str(e) if isinstance(e, StoreUnwritable) else ""
                if not failed and not call(self.set_offline, True, why):
                    return
                failed = True
                time.sleep(UNWRITABLE_LOOK if why else 1.0)
                continue
            if failed or (self.offline and started > self.offline_since):  # (or a move not sent)
                failed = False
                if not call(self.set_offline, False):
                    return
            if new and not call(self.moves_arrived, new):
                return

    def code_ended(self, why: str) -> None:
        """The host gave this seat a new code or to a bot, or deleted the table: the seat shows
        nothing more at once (a plain screen with the reason), and a seat's own process ends
        (its terminal keeps the reason as the last line)."""
        from tabletop_tui.screens.seat_ended import SeatEnded

        self.halted = why
        self.stop_watching()
        self.cancel_bot()  # type: ignore[attr-defined]
        app = self.app  # type: ignore[attr-defined]
        while len(app.screen_stack) > 1 and app.screen is not self:  # (a dialog above the seat)
            app.pop_screen()
        if getattr(app, "seat_opened", False):  # `tabletop seat`, a browser's or an SSH seat
            app.switch_screen(SeatEnded(why))
            app.set_timer(ENDED_SHOWN, lambda: app.exit(return_code=3, message=Text(why)))
        else:  # opened from the launcher: back to it
            app.pop_screen()
            app.notify(why, title="The seat closed", severity="warning", markup=False)

    def stop_watching(self) -> None:
        if self.watcher is not None:
            self.watcher.cancel()
            self.watcher = None

    def bot_step(self) -> None:
        if not self.is_current:  # type: ignore[attr-defined]
            # a dialog is open on this seat: the other seats' processes may send the bot's move
            # meanwhile; this one tries again shortly (and catches up if it landed)
            self.bot_later(0.2, "dialog open, again in")  # type: ignore[attr-defined]
            return
        super().bot_step()  # type: ignore[misc]

    # -- commands ---------------------------------------------------------------------------
    def action_undo(self) -> None:
        self.notify(NO_UNDO, title="No undo", severity="information", markup=False)  # type: ignore[attr-defined]

    def action_save(self) -> None:
        self.notify("The table keeps every move: nothing to save here. (The host can write it to "
                    "a file with `tabletop table export`.)", markup=False)  # type: ignore[attr-defined]

    def action_resign(self) -> None:
        self.notify("Leaving a table does not give the seat to a bot: close this screen, and "
                    "open it again with your code to go on.", markup=False)  # type: ignore[attr-defined]

    def action_leave(self) -> None:
        from tabletop_tui.screens.confirm import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                self.close_seat()

        self.app.push_screen(ConfirmScreen("Leave this table? Nothing is lost: open it again with "  # type: ignore[attr-defined]
                                           "your code (or from the launcher's tables) to go on."), done)

    def action_quit_app(self) -> None:
        from tabletop_tui.screens.confirm import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                self.stop_watching()
                self.cancel_bot()  # type: ignore[attr-defined]
                self.app.exit()  # type: ignore[attr-defined]

        self.app.push_screen(ConfirmScreen("Quit? Nothing is lost: the table keeps every move; "  # type: ignore[attr-defined]
                                           "open your seat again to go on."), done)

    def close_seat(self) -> None:
        self.stop_watching()
        self.cancel_bot()  # type: ignore[attr-defined]
        self.app.pop_screen()  # type: ignore[attr-defined]

    def show_game_over(self) -> None:
        self.stop_watching()
        super().show_game_over()  # type: ignore[misc]

    def on_unmount(self) -> None:
        self.stop_watching()


def seat_screen(table: Table) -> Screen:
    """The game's own screen class with the seat mixin, for ``table``."""
    cls = table.match.game.screen_class()
    # (with all of the game screen's CSS: see screens/variant.py)
    return game_screen_variant("Seat", SeatMixin, cls, {"BINDINGS": SeatMixin.BINDINGS})(table)


__all__ = ["SeatMixin", "seat_screen", "NO_UNDO"]
