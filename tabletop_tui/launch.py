"""The `tabletop` entry point. With no arguments — the everyday case — it opens the launcher
straight away, without loading typer/click (the command-line parser): that keeps the first
paint close to a bare Textual app's. A new game (`tabletop --game ID --players N ...`, read by
newgame.py) opens the same way. Anything else goes to the full command line (cli.py), and so
does a new game's command line with anything wrong in it, which cli.py explains."""
from __future__ import annotations

import gc
import sys


def main(argv: list[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    # No garbage collection until the first screen is painted (the app's startup_done): the
    # start allocates a great deal and frees almost nothing, and the collector's passes over it
    # (one of them through the whole heap) took a third of the time to the first paint.
    pause_collector("tabletop")
    if not args:
        run_app()
        return
    if any(a == "--game" or a.startswith("--game=") for a in args):
        from tabletop_tui.newgame import quick_setup

        setup = quick_setup(args)
        if setup is not None:
            run_app(**setup)
            return
    startup_done()  # the collector on: the full command line also runs simulations, tournaments
    from tabletop_tui.cli import main as cli_main

    cli_main(args)


def run_app(**kwargs) -> None:
    """Run the app; one that ended by a crash exits non-zero (Textual prints the traceback and
    sets the return code)."""
    from tabletop_tui.app import TabletopApp

    tui = TabletopApp(**kwargs)
    tui.run()
    if tui.return_code:
        sys.exit(tui.return_code)


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


if __name__ == "__main__":
    main()
