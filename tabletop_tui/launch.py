"""The `tabletop` entry point. With no arguments — the everyday case — it opens the launcher
straight away, without loading typer/click (the command-line parser): that keeps the first
paint close to a bare Textual app's. Anything else goes to the full command line (cli.py)."""
from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        from tabletop_tui.app import TabletopApp

        TabletopApp().run()
        return
    from tabletop_tui.cli import main as cli_main

    cli_main(args)


if __name__ == "__main__":
    main()
