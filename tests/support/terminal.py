"""What a process writes to its terminal, read until what a test waits for has come: in the bytes
written (``read_pty_until(fd, b"YOUR TURN")``), or on the screen they draw, as a player sees it
(``read_pty_until(fd, "YOUR TURN", term)`` with a :class:`Terminal`)."""
from __future__ import annotations

import os
import select
import time
from typing import Callable

import pyte


class Terminal:
    """A terminal of ``cols`` × ``rows``: a pyte screen fed what the process writes. With ``fd``
    (a pseudo-terminal's master side), the process is told that size too."""

    def __init__(self, cols: int, rows: int, fd: int | None = None) -> None:
        if fd is not None:
            import fcntl
            import struct
            import termios

            fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)

    def feed(self, data: bytes) -> None:
        self.stream.feed(data)

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)


Want = bytes | str | Callable[[str], bool]


def read_pty_until(fd: int, want: Want, term: Terminal | None = None, timeout: float = 30.0) -> str | bytes:
    """Read ``fd`` (a pseudo-terminal's master side, or a pipe) until ``want`` has come.

    ``want`` is what must appear, or a test of the text so far (which may look elsewhere too, at
    a store, while the terminal is read on: a process whose output nobody reads may block in its
    write before it reads a key). With ``term`` it is looked for on the terminal's screen, and the
    screen's text is returned; without, in the bytes this call read, which are returned. The
    output ending (the process gone) ends the wait. Not in time: an AssertionError that shows
    the screen (or the last bytes)."""
    seen = b""

    def now_text() -> str:
        return term.text if term is not None else seen.decode(errors="replace")

    def came() -> bool:
        if callable(want):
            return want(now_text())
        if term is not None:
            return (want.decode() if isinstance(want, bytes) else want) in term.text
        return (want.encode() if isinstance(want, str) else want) in seen

    deadline = time.monotonic() + timeout
    while not came() and time.monotonic() < deadline:
        if select.select([fd], [], [], 0.1)[0]:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # (a pseudo-terminal whose process has ended)
                break
            if not chunk:
                break
            seen += chunk
            if term is not None:
                term.feed(chunk)
    if not came():
        what = "what was waited for" if callable(want) else repr(want)
        shown = f"the screen:\n{term.text}" if term is not None else f"got {seen[-500:]!r}"
        raise AssertionError(f"{what} never came; {shown}")
    return term.text if term is not None else seen


__all__ = ["Terminal", "read_pty_until"]
