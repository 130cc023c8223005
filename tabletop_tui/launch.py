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
    gc.disable()
    if not args:
        run_app()
        return
    if any(a == "--game" or a.startswith("--game=") for a in args):
        from tabletop_tui.newgame import quick_setup

        setup = quick_setup(args)
        if setup is not None:
            run_app(**setup)
            return
    gc.enable()  # (the full command line also runs simulations and tournaments)
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


def startup_done() -> None:
    """After the first paint: the collector runs again, and what the start built (modules,
    styles, the screen) is set aside from its passes, which would find nothing there to free."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


if __name__ == "__main__":
    main()
