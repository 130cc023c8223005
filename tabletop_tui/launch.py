"""The `tabletop` entry point. With no arguments — the everyday case — it opens the launcher
straight away, without loading typer/click (the command-line parser): that keeps the first
paint close to a bare Textual app's. A new game (`tabletop --game ID --players N ...`, read by
newgame.py) opens the same way. Anything else goes to the full command line (cli.py), and so
does a new game's command line with anything wrong in it, which cli.py explains."""
from __future__ import annotations

import sys

from tabletop_tui.startup import pause_collector, startup_done


def main(argv: list[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    # No garbage collection until the first screen is painted (the app's startup_done): the
    # start allocates a great deal and frees almost nothing, and the collector's passes over it
    # (one of them through the whole heap) took a third of the time to the first paint.
    pause_collector("tabletop")
    if not args:
        from tabletop_tui.app import run_app

        run_app()
        return
    if any(a == "--game" or a.startswith("--game=") for a in args):
        from tabletop_tui.newgame import quick_setup

        setup = quick_setup(args)
        if setup is not None:
            from tabletop_tui.app import run_app

            run_app(**setup)
            return
    startup_done()  # the collector on: the full command line also runs simulations, tournaments
    from tabletop_tui.cli import main as cli_main

    cli_main(args)


if __name__ == "__main__":
    main()
