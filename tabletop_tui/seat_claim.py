"""One code is one seat process (issue 44, item 4): a seat opened again with the same code — a
second SSH session, a terminal after a browser — takes the seat over, and the process that held
it ends with a line that says where it went. (serve does the same for its own tabs before the
seat process starts; this covers every way in, as long as the seats run as one account: the
SSH recipe's `play`.)

The holder of a seat is written in the account's data folder, ``seats/<hash>.pid``, the file
named by the code's sha256 (the code itself is never written), made only by its owner (0600, in
a 0700 folder, not followed if it is a symlink). The older process is asked with SIGUSR1, and
only if it is a seat (its command line says so): a pid written long ago may be another program's
by now."""
from __future__ import annotations

import os
import signal
import threading
from pathlib import Path
from typing import Callable

TAKEN_OVER = ("This seat was opened again with its code (another SSH session, terminal or browser); "
              "it goes on there. Nothing is lost.")
GRACE = 3.0  # seconds the app has to end by itself once taken over


def _folder() -> Path:
    from tabletop_tui.match import data_dir

    return data_dir() / "seats"


def _path(code: str) -> Path | None:
    from tabletop_tui.store.codes import code_hash

    h = code_hash(code)
    return _folder() / f"{h[:32]}.pid" if h else None


def _is_seat(pid: int) -> bool:
    """Whether ``pid`` is a `tabletop seat` process of this account (not a reused pid)."""
    try:
        if os.stat(f"/proc/{pid}").st_uid != os.getuid():
            return False
        words = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return False
    return b"seat" in words and any(w.endswith((b"tabletop", b"tabletop_tui")) for w in words)


def _read_pid(path: Path) -> int | None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        text = os.read(fd, 32).decode("ascii", "replace").strip()
    finally:
        os.close(fd)
    return int(text) if text.isdigit() else None


def claim(code: str) -> Path | None:
    """This process holds the seat of ``code`` from now on; the process that held it is asked
    to end. Returns the holder file (for :func:`release`), or None where none could be written
    (a read-only data folder: the seat opens all the same)."""
    path = _path(code)
    if path is None:
        return None
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        older = _read_pid(path)
        if older is not None and older != os.getpid() and _is_seat(older):
            try:
                os.kill(older, signal.SIGUSR1)
            except OSError:
                pass
        fresh = path.with_name(f"{path.name}.{os.getpid()}")
        fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(f"{os.getpid()}\n")
        os.replace(fresh, path)
    except OSError:
        return None
    return path


def release(path: Path | None) -> None:
    """The seat ends: its holder file goes, unless a newer process holds the seat already."""
    if path is not None and _read_pid(path) == os.getpid():
        try:
            path.unlink()
        except OSError:
            pass


def on_taken_over(end: Callable[[str], None]) -> None:
    """When another process claims this seat, ``end(TAKEN_OVER)`` is called from a thread of its
    own (a signal handler may not wait on the app), and the process ends if the app has not
    within a few seconds."""
    def handler(signum, frame) -> None:
        last = threading.Timer(GRACE, os._exit, args=(0,))
        last.daemon = True
        last.start()
        threading.Thread(target=end, args=(TAKEN_OVER,), name="taken-over", daemon=True).start()

    signal.signal(signal.SIGUSR1, handler)


__all__ = ["TAKEN_OVER", "claim", "on_taken_over", "release"]
