"""The garbage collector at start-up: off until the first screen is painted, then on again. The
entry point (launch.py) turns it off first thing; the app (app.py) turns it back on after its
first paint. Both import this; it imports nothing of the package."""
from __future__ import annotations

import gc

_paused_by: str | None = None  # who turned the collector off for the start


def pause_collector(by: str) -> None:
    """The collector off until the first paint; ``by`` is "tabletop" (the entry point) or "app"
    (an app started otherwise: tests, benchmarks)."""
    global _paused_by
    if gc.isenabled():
        gc.disable()
        _paused_by = by


def startup_done() -> None:
    """After the first paint: the collector runs again. After `tabletop`'s start, what it built
    (modules, styles, the screen) is set aside from the collector's passes, which would find
    nothing there to free (not in a test run, where it would keep earlier tests' garbage)."""
    global _paused_by
    if _paused_by is not None and not gc.isenabled():
        if _paused_by == "tabletop":
            gc.freeze()
        gc.enable()
    _paused_by = None
