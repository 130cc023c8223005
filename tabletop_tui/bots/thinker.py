"""A searching bot thinks in a process of its own, so that the screen keeps the interpreter.

A worker *thread* shares Python's interpreter lock with the screen: while a hard bot searched,
every key the player pressed took longer to answer. A process has its own interpreter and, on a
machine with two cores, its own core; and a process can be stopped, where a cancelled thread
(after an undo) went on searching for a move nobody wanted, beside the next one.

One process per app, started at the first hard move and kept (the searches keep caches between
moves, which a process per move would lose): ``python -m tabletop_tui.bots.thinker``, which
reads requests from its standard input and writes answers to its standard output, each a
length-prefixed pickle. The screen's worker thread hands it the bot's request
(:meth:`Match.bot_request`: rules, view, seat, level, seed — the same pure inputs as
:func:`tabletop_tui.bots.bot_action_for`, so the choice is the same move for move) and waits,
holding no lock. Cancelling (undo, resign, leaving) stops the process at once; the next hard
move starts a new one. Where a process cannot be started (or on a system without ``select`` on
pipes) or it dies, the bot thinks in the thread as before: slower keys, never a lost move.
"""
from __future__ import annotations

import os
import pickle
import struct
import subprocess
import sys
import threading
from typing import Any, BinaryIO, Callable

_HEAD = struct.Struct("<Q")


class Cancelled(Exception):
    """The request was cancelled before the bot had chosen."""


def _pack(obj: Any) -> bytes:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    return _HEAD.pack(len(data)) + data


def _write(out: BinaryIO, frame: bytes) -> None:
    out.write(frame)
    out.flush()


def _read(inp: BinaryIO) -> Any:
    head = inp.read(_HEAD.size)
    if len(head) < _HEAD.size:
        raise EOFError("the bot's process closed its pipe")
    (n,) = _HEAD.unpack(head)
    data = inp.read(n)
    if len(data) < n:
        raise EOFError("the bot's process closed its pipe")
    return pickle.loads(data)


def serve() -> None:
    """The process: answer requests until its input closes. Nothing reaches the terminal."""
    out = os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)  # a stray print would corrupt the answers
    inp = sys.stdin.buffer
    while True:
        try:
            req = _read(inp)
        except (EOFError, OSError):
            return
        try:
            answer = (True, run(req))
        except Exception as e:  # the screen reports it and plays a random move, as in a thread
            answer = (False, f"{type(e).__name__}: {e}")
        _write(out, _pack(answer))


#: the first item of a request for a rating (``bots/rating.py``: a suggestion that explains
#: itself) rather than a move: ``(RATE, rules, view, seat, level, seed)``
RATE = "rate"


def run(req: tuple) -> Any:
    """The answer to ``req``: a move for :meth:`Match.bot_request`'s tuple, or a
    :class:`~tabletop_tui.bots.rating.Rating` for a ``RATE`` request. Pure, like the bots."""
    if req and isinstance(req[0], str) and req[0] == RATE:
        from tabletop_tui.bots.rating import rate

        return rate(*req[1:])
    from tabletop_tui.bots import bot_action_for

    return bot_action_for(*req)


class Thinker:
    """Runs bot requests in a child process (see the module's docstring)."""

    #: the levels that think in the process (the others answer in milliseconds)
    LEVELS = ("hard",)
    #: how often the waiting thread looks whether it was cancelled, in seconds
    POLL = 0.02

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._proc: Any = None
        self.broken = os.name != "posix"  # select() on pipes: POSIX only; elsewhere the thread
        self.closed = False  # the app is closing: nothing more is thought
        self.started = 0  # processes started (tests read it)

    def think(self, req: tuple, cancelled: Callable[[], bool] | None = None) -> Any:
        """The bot's action for ``req``; raises :class:`Cancelled` if ``cancelled()`` turns true
        first (the process is stopped)."""
        import select

        cancelled = cancelled or (lambda: False)
        try:
            frame = _pack(req)
        except Exception:  # something in the view that cannot be sent: think here
            return run(req)
        with self._lock:
            proc = self._ensure()
            if proc is None:
                return run(req)
            try:
                _write(proc.stdin, frame)
                while not select.select([proc.stdout], [], [], self.POLL)[0]:
                    if cancelled() or self.closed:
                        self._stop()
                        raise Cancelled()
                ok, value = _read(proc.stdout)
            except (EOFError, OSError, ValueError, pickle.UnpicklingError):
                self._stop()
                if self.closed:
                    raise Cancelled() from None
                return run(req)  # the process died: this move is thought here
        if ok:
            return value
        raise RuntimeError(value)

    def _ensure(self) -> Any:
        if self.closed:
            raise Cancelled()
        if self.broken:
            return None
        if self._proc is not None and self._proc.poll() is None:
            return self._proc
        self._stop()
        # the child finds this package (and whatever a request's pickles name) where we do
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
        try:
            self._proc = subprocess.Popen(
                [sys.executable, "-m", "tabletop_tui.bots.thinker"], stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, close_fds=True)
        except (OSError, ValueError):  # no processes here (a sandbox, a frozen build)
            self.broken = True
            return None
        self.started += 1
        return self._proc

    def _stop(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.poll() is None:
            proc.kill()
        for f in (proc.stdin, proc.stdout):
            try:
                f.close()
            except (OSError, ValueError):
                pass
        try:
            proc.wait(2)
        except subprocess.TimeoutExpired:
            pass

    def close(self) -> None:
        """Stop the process (the app is closing); a request still waiting is cancelled."""
        self.closed = True
        if self._lock.acquire(timeout=1):  # no thread is between its request and its answer
            try:
                self._stop()
            finally:
                self._lock.release()
        # else: the waiting thread sees ``closed`` within POLL seconds and stops it


if __name__ == "__main__":
    serve()
