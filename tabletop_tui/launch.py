"""The `tabletop` entry point. With no arguments — the everyday case — it opens the launcher
straight away, without loading typer/click (the command-line parser): that keeps the first
paint close to a bare Textual app's. A new game (`tabletop --game ID --players N ...`, read by
newgame.py) opens the same way, and so does a seat at a table (`tabletop seat [CODE] [--store
URL] [--bot-delay S]`): the command line's parsing would load pydantic (typer converts each
option's value with it), 12 MiB in every seat process a host runs. Anything else goes to the full
command line (cli.py), and so does a new game's or a seat's command line with anything wrong or
unusual in it (--help too), which cli.py explains."""
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
        from tabletop_tui.lifeline import hold_app

        run_app(on_start=hold_app)
        return
    if any(a == "--game" or a.startswith("--game=") for a in args):
        from tabletop_tui.newgame import quick_setup

        setup = quick_setup(args)
        if setup is not None:
            from tabletop_tui.app import run_app
            from tabletop_tui.lifeline import hold_app

            run_app(on_start=hold_app, **setup)
            return
    startup_done()  # the collector on: the full command line also runs simulations, tournaments
    if args[0] == "seat":
        seat = quick_seat(args[1:])
        if seat is not None:
            from tabletop_tui.table_cli import seat_cmd

            _as_command(seat_cmd, seat)
            return
    from tabletop_tui.cli import main as cli_main

    cli_main(args)


def quick_seat(args: list[str]) -> dict | None:
    """``tabletop seat``'s arguments when they are plain (at most a code, ``--store URL`` and
    ``--bot-delay SECONDS``, each once, in either form ``--opt V`` or ``--opt=V``); None for
    anything else, which the full command line reads (and explains)."""
    out: dict = {"code": None, "store": None, "bot_delay": 0.5}
    seen: set[str] = set()
    i = 0
    while i < len(args):
        a = args[i]
        name, eq, value = a.partition("=")
        if name in ("--store", "--bot-delay") and name not in seen:
            if not eq:
                if i + 1 >= len(args):
                    return None
                i += 1
                value = args[i]
            seen.add(name)
            if name == "--store":
                out["store"] = value
            else:
                try:
                    out["bot_delay"] = float(value)
                except ValueError:
                    return None
        elif not a.startswith("-") and "code" not in seen:
            seen.add("code")
            out["code"] = a
        else:
            return None
        i += 1
    return out


def _as_command(command, kwargs: dict) -> None:
    """Run a command's function as the command line would: its refusals (``typer.Exit``) end
    the process with their code, and ^C before the app is up ends it as click does."""
    import typer

    try:
        command(**kwargs)
    except typer.Exit as e:
        raise SystemExit(e.exit_code) from None
    except (KeyboardInterrupt, typer.Abort):
        sys.stderr.write("\nAborted!\n")
        raise SystemExit(1) from None


if __name__ == "__main__":
    main()
