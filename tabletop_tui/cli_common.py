"""What both command lines share (`tabletop …` in cli.py and `tabletop table/seat/serve` in
table_cli.py), so that neither imports the other for it: the one way to fail with a message, the
new-game arguments' check, and the environment names `tabletop serve` hands its seat processes."""
from __future__ import annotations

from typing import List, Optional

import typer

from tabletop_tui import newgame

SEAT_CODE_ENV = "TABLETOP_SEAT_CODE"  # set by `tabletop serve` for each browser's seat process
SEAT_SOURCE_ENV = "TABLETOP_SEAT_SOURCE"
STORE_ENV = "TABLETOP_STORE"


def fail(message: str, code: int = 2) -> None:
    """One line on standard error, and exit ``code``: a message may quote a save or the store, so
    its control characters are escaped (names.plain)."""
    from tabletop_tui.rules.names import plain

    typer.echo("tabletop: " + "\n".join(plain(line) for line in message.split("\n")), err=True)
    raise typer.Exit(code)



def parse_new_game(game: str, players: Optional[int], names: Optional[str], bots: List[str],
                   seed: Optional[int], option: List[str]) -> dict:
    """Check the new-game arguments (newgame.py); returns the set-up for the app or exits 2 with
    a reason."""
    try:
        return newgame.parse_new_game(game, players, names, bots, seed, option)
    except newgame.ArgumentProblem as e:
        fail(str(e))
    return {}


# -- the new-game options both `tabletop --game` and `tabletop table new` take -----------------
def players_option():
    return typer.Option(None, "--players", metavar="N", help="Number of players.")


def names_option():
    return typer.Option(None, "--names", metavar="NAME,NAME,...", help="Player names, comma-separated.")


def bot_option():
    return typer.Option([], "--bot", metavar="SEAT",
                        help="Seat number (from 1) played by a bot, optionally with a level: "
                             "2 or 2:easy|medium|hard|random (default medium); repeat it.")


def seed_option():
    return typer.Option(None, "--seed", metavar="N", help="Seed for everything random.")


def option_option():
    return typer.Option([], "--option", metavar="KEY=VALUE",
                        help="Game option, e.g. variant=younger; repeat it. A wrong KEY lists the right ones.")

