"""A seat ends with its player (issue 35): the process of `tabletop seat` must not outlive the
terminal, the SSH channel or the browser's websocket it was opened for.

Textual alone does not notice every way a player goes: at EOF on standard input its input thread
reads nothing, again and again, at a full core (an SSH session without a terminal that drops, a
pipe that closes), and a seat whose `tabletop serve` was killed with `kill -9` is nobody's child
any more. So a seat process, and only a seat process (never a test run that drives the screen),
holds a *lifeline*:

- on Linux it asks the kernel for SIGTERM when its parent dies (``prctl(PR_SET_PDEATHSIG)``);
- a thread blocks in ``poll`` on standard input and output, asking for no data, only for their
  end: a hung-up terminal (POLLHUP), a closed pipe (POLLHUP; POLLERR on the output side), a socket
  the other side shut (POLLRDHUP). It also notices a new parent (the old one died before the
  kernel could be asked). Blocking in ``poll`` costs no CPU while the player is there.
- when the player is gone it asks the app to end, and ends the process itself if the app has not
  within a few seconds (a terminal that is gone cannot be restored anyway). Nothing is lost: every
  move is in the store before it is shown, which is why ``kill -9`` of a seat loses nothing either.

SIGHUP and SIGTERM are given back their default action (ending the process), in case the seat
was started with them ignored (``nohup``).
"""
from __future__ import annotations

import os
import select
import signal
import stat
import sys
import threading
from typing import Callable

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
GRACE = 3.0  # seconds the app has to end by itself once the player is gone
_GONE = ("POLLHUP", "POLLERR", "POLLNVAL")  # reported whatever is asked for
_ENDED = sum(getattr(select, name, 0) for name in (*_GONE, "POLLRDHUP"))  # (no poll on Windows)


def ask_for_parent_death_signal(sig: int = signal.SIGTERM) -> bool:
    """Linux: this process gets ``sig`` when its parent dies (even by ``kill -9``)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def input_can_reach(fd: int = 0) -> bool:
    """Whether standard input can ever bring a key: a terminal, a pipe or a socket. A file or
    /dev/null is input at its end already (and would make Textual's input thread spin)."""
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        return False
    return os.isatty(fd) or stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


def _is_open(fd: int) -> bool:
    try:
        os.fstat(fd)
        return True
    except OSError:
        return False


def player_gone(fds: tuple[int, ...] = (0, 1, 2), timeout: float = 1.0) -> str | None:
    """Block up to ``timeout`` seconds until standard input, output or error (where Textual draws)
    ends; say which, or None."""
    poller = select.poll()
    for fd in fds:
        poller.register(fd, getattr(select, "POLLRDHUP", 0))  # no data asked for: only the end
    for fd, events in poller.poll(timeout * 1000):
        if events & _ENDED:
            return "input" if fd == 0 else "output"
    return None


class Lifeline(threading.Thread):
    """Watches for the player's end (see the module); ``end`` asks the app to exit (it is called
    from this thread)."""

    def __init__(self, end: Callable[[], None], grace: float = GRACE) -> None:
        super().__init__(name="lifeline", daemon=True)
        self.end = end
        self.grace = grace
        self.parent = os.getppid()
        self.fds = tuple(fd for fd in (0, 1, 2) if _is_open(fd))  # (one closed from the start is no news)
        self.why: str | None = None

    def run(self) -> None:
        while self.why is None:
            self.why = player_gone(self.fds) or ("parent" if os.getppid() != self.parent else None)
        last = threading.Timer(self.grace, os._exit, args=(0,))  # if the app does not end
        last.daemon = True
        last.start()
        try:
            self.end()
        except Exception:
            pass  # the app is ending already, or cannot be asked: the timer ends the process


def hold(end: Callable[[], None]) -> Lifeline | None:
    """Start the lifeline of this seat process (call it once, just before the app runs)."""
    if not hasattr(select, "poll"):  # (Windows: a closed console ends its processes itself)
        return None
    for sig in (signal.SIGHUP, signal.SIGTERM):
        if signal.getsignal(sig) == signal.SIG_IGN:
            signal.signal(sig, signal.SIG_DFL)
    ask_for_parent_death_signal()
    line = Lifeline(end)
    line.start()
    return line


def hold_app(app) -> Lifeline | None:
    """The lifeline of a process running ``app`` (a Textual app): the launcher and every game
    opened from the command line end with their terminal as a seat does. With their input at its
    end (a pipe closed, an SSH session without a terminal that dropped), or their terminal gone
    while SIGHUP was ignored (nohup), they ran on at a third of a core or more, for ever (issue
    35). A game is saved after every move, and a table keeps every move: nothing is lost."""
    return hold(lambda: app.call_from_thread(app.exit))


__all__ = ["Lifeline", "ask_for_parent_death_signal", "hold", "hold_app", "input_can_reach", "player_gone"]
