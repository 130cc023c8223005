"""`tabletop table …` (make a table in a store and hand out its codes; export and import saves),
`tabletop seat` and `tabletop serve`: the command lines of tables (docs/tables.md). Registered on
the main command by cli.py; what both share is in cli_common.py."""
from __future__ import annotations

import json
from pathlib import Path
from typing import List, Optional

import typer

from tabletop_tui.cli_common import (SEAT_CODE_ENV, SEAT_SOURCE_ENV, STORE_ENV, bot_option, fail, names_option,
                                     option_option, parse_new_game, players_option, seed_option)

table_app = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                        help="Tables for friends on other machines: a store of games and seat codes.")

STORE_HELP = ("Where tables are kept: a file path, sqlite:///PATH or postgresql://… without a "
              "password (default: $TABLETOP_STORE, else tables.sqlite3 in the user data folder).")
PASSWORD_SHOWN = ("a store address with a password is refused on the command line, where every user "
                  "of this machine can read it (ps): put the address in $TABLETOP_STORE, or the "
                  "password in libpq's password file (~/.pgpass) or a service in its service file "
                  "(~/.pg_service.conf, then --store 'postgresql:///?service=NAME')")


def _store_address(url: Optional[str]) -> Optional[str]:
    """The store a command names: --store (never with a password), else $TABLETOP_STORE."""
    import os

    from tabletop_tui.store.open import password_in

    if url and password_in(url):
        fail(PASSWORD_SHOWN)
    return url or os.environ.get(STORE_ENV) or None


def _store(url: Optional[str], create: bool = False):
    """The store a command names (see _store_address), opened. Only `table new` and `table
    import` make one (``create``): every other tool says a missing store with its path, exit 2,
    and makes no file and no folder (issue 44, item 8: a mistyped --store made both)."""
    return _open_store(_store_address(url), create)


def _open_store(address: Optional[str], create: bool = True):
    """The store at an address already checked; ``create`` False: a missing one is an error (a
    seat or serve never makes one)."""
    from tabletop_tui.store.base import StoreError
    from tabletop_tui.store.open import open_store

    try:
        return open_store(address, create=create)
    except StoreError as e:
        fail(str(e))


def _not_done(e: Exception, what: str) -> str:
    """A store that cannot be written says so, and what was not done ("…(disk full): the table
    was not made"); any other refusal is its own line."""
    from tabletop_tui.store.base import StoreUnwritable

    return f"{e}: {what}" if isinstance(e, StoreUnwritable) else str(e)


def _print_codes(new, names: list[str], levels: dict[int, str], as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps({"table": new.table_id,
                               "seats": [{"seat": s + 1, "name": names[s], "code": c}
                                         for s, c in sorted(new.codes.items())],
                               "spectator": new.spectator}))
        return
    labels = [f"seat {s + 1} {name}" for s, name in enumerate(names)] + ["spectator"]
    width = max(len(x) for x in labels)
    typer.echo(f"table {new.table_id}")
    for s, label in enumerate(labels[:-1]):
        what = new.codes.get(s) or f"(bot, {levels.get(s, 'medium')})"
        typer.echo(f"{label.ljust(width)}  {what}")
    typer.echo(f"{labels[-1].ljust(width)}  {new.spectator}")
    typer.echo("Give each player their own code, and keep them secret: a code is the seat.", err=True)


@table_app.command("new")
def new_cmd(
    game: str = typer.Argument(..., metavar="GAME", show_default=False,
                               help="A game id, as `tabletop games` lists them."),
    players: Optional[int] = players_option(),
    names: Optional[str] = names_option(),
    bot: List[str] = bot_option(),
    seed: Optional[int] = seed_option(),
    option: List[str] = option_option(),
    store: Optional[str] = typer.Option(None, "--store", metavar="URL", help=STORE_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON: table, seats with codes, spectator."),
) -> None:
    """Make a table; print one code per human seat and one spectator code."""
    from tabletop_tui.match import Seat
    from tabletop_tui.store.base import StoreError
    from tabletop_tui.store.table import new_table

    setup = parse_new_game(game, players, names, bot, seed, option)
    levels = setup["levels"]
    seats = [Seat(n, i in levels, levels.get(i, "medium")) for i, n in enumerate(setup["names"])]
    if all(s.bot for s in seats):
        fail("a table needs at least one seat for a person: every seat is a bot")
    st = _store(store, create=True)
    try:
        new = new_table(st, setup["game"], seats, setup["seed"], setup["options"])
    except (StoreError, ValueError) as e:
        fail(_not_done(e, "the table was not made"))
    _print_codes(new, setup["names"], levels, as_json)


@table_app.command("import")
def import_cmd(
    file: Path = typer.Argument(..., metavar="FILE", show_default=False, help="A saved game."),
    store: Optional[str] = typer.Option(None, "--store", metavar="URL", help=STORE_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON: table, seats with codes, spectator."),
) -> None:
    """Open a saved game as a table (with fresh codes), to go on playing it from other machines."""
    from tabletop_tui.match import Match, SaveError
    from tabletop_tui.store.base import StoreError
    from tabletop_tui.store.table import import_save

    try:  # the save read and checked first: a save refused makes no store
        game = Match.load(file)
    except SaveError as e:
        fail(str(e))
    st = _store(store, create=True)
    try:
        new = import_save(st, game)
        info = st.table(new.table_id)
    except (SaveError, StoreError) as e:
        fail(_not_done(e, "the table was not made"))
    _print_codes(new, [s.name for s in info.seats],
                 {i: s.level for i, s in enumerate(info.seats) if s.bot}, as_json)


@table_app.command("export")
def export_cmd(
    table: str = typer.Argument(..., metavar="TABLE", show_default=False, help="The table's id."),
    file: Path = typer.Argument(..., metavar="FILE", show_default=False, help="The save file to write."),
    store: Optional[str] = typer.Option(None, "--store", metavar="URL", help=STORE_HELP),
) -> None:
    """Write a table to a save file (it opens with `tabletop --resume FILE`)."""
    from tabletop_tui.store.base import StoreError
    from tabletop_tui.store.table import export_table

    st = _store(store)
    try:
        path = export_table(st, table, file)
    except StoreError as e:
        fail(str(e))
    except OSError as e:
        fail(f"{file}: cannot be written ({e.strerror})")
    typer.echo(f"saved to {path}")


# -- the host's tools: list, show, code, bot, delete (issue 35) --------------------------------
JSON_HELP = "Print JSON instead of text."


def _stamp(at: float | None, exact: bool = False) -> str | None:
    """A time for the host: local, to the minute (``exact``: ISO 8601 with the offset, for JSON)."""
    from datetime import datetime

    if at is None:
        return None
    when = datetime.fromtimestamp(at).astimezone()
    return when.isoformat(timespec="seconds") if exact else when.strftime("%Y-%m-%d %H:%M")


def _line(text: str) -> None:
    """A line for the host's terminal: what came from the store in it (names, notations, notes,
    a table's game) shown as text, its control characters escaped (issue 44, item 6)."""
    from tabletop_tui.rules.names import plain

    typer.echo(plain(text))


def _seat_words(seat) -> str:
    return f"{seat.name} (bot, {seat.level})" if seat.bot else seat.name


def _standing_json(st, scores: bool = False) -> dict:
    info, turn = st.info, st.turn
    seats = [{"seat": i + 1, "name": s.name, "bot": s.bot, "level": s.level if s.bot else None}
             for i, s in enumerate(info.seats)]
    if scores:
        points = st.scores()
        for i, s in enumerate(seats):
            s["points"] = points.get(i)
    out = {"table": info.id, "game": info.game, "seats": seats,
           "turn": None if turn is None else {"seat": turn + 1, "name": info.seats[turn].name},
           "over": st.match is not None and st.match.over, "moves": st.moves,
           "last_move_at": _stamp(st.last_move_at, True), "created_at": _stamp(info.created_at, True),
           "problem": st.problem or None}
    if scores:
        out["log"] = [{"after_move": n.seq, "text": n.text} for n in st.notes]
    return out


def _turn_words(st) -> str:
    if st.problem:
        return "stopped: " + st.problem.split(":")[0].split(" (")[0]
    if st.turn is None:
        return "game over"
    return st.info.seats[st.turn].name


def _hosted(store: Optional[str], table: str, seat: Optional[str] = None):
    """The store, the table's standing and (if asked) the seat's index, or one line and exit 2."""
    from tabletop_tui.store.base import StoreError
    from tabletop_tui.store.host import seat_of, standing

    st = _store(store)
    try:
        got = standing(st, table.strip())
        return st, got, (None if seat is None else seat_of(got.info, seat))
    except StoreError as e:
        fail(str(e))
    return None  # (fail exits)


@table_app.command("list")
def list_cmd(
    store: Optional[str] = typer.Option(None, "--store", metavar="URL", help=STORE_HELP),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Every table in the store, the newest first: game, seats, whose turn, moves, the last move's time."""
    from tabletop_tui.store.base import StoreError
    from tabletop_tui.store.host import standing

    st = _store(store)
    try:
        rows = [standing(st, t) for t in st.table_ids()]
    except StoreError as e:
        fail(str(e))
    if as_json:
        typer.echo(json.dumps({"tables": [_standing_json(r) for r in rows]}))
        return
    if not rows:
        typer.echo("no tables (tabletop table new GAME makes one)")
        return
    head = ("TABLE", "GAME", "TURN", "MOVES", "LAST MOVE", "SEATS")
    lines = [(r.info.id, r.info.game, _turn_words(r), str(r.moves), _stamp(r.last_move_at) or "-",
              ", ".join(_seat_words(s) for s in r.info.seats)) for r in rows]
    widths = [max(len(x[i]) for x in [head, *lines]) for i in range(len(head) - 1)]
    for line in [head, *lines]:
        _line("  ".join(x.ljust(w) for x, w in zip(line, widths)) + "  " + line[-1])


@table_app.command("show")
def show_cmd(
    table: str = typer.Argument(..., metavar="TABLE", show_default=False, help="The table's id."),
    store: Optional[str] = typer.Option(None, "--store", metavar="URL", help=STORE_HELP),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """One table: its seats with their points, whose turn, its moves, and what the host changed."""
    _, st, _ = _hosted(store, table)
    if as_json:
        typer.echo(json.dumps(_standing_json(st, scores=True)))
        return
    info = st.info
    _line(f"table {info.id}  {info.game}  {st.moves} moves"
               + (f", the last {_stamp(st.last_move_at)}" if st.last_move_at else "")
               + f"  (made {_stamp(info.created_at)})")
    points = st.scores()
    words = [f"seat {i + 1} {_seat_words(s)}" for i, s in enumerate(info.seats)]
    width = max(len(w) for w in words)
    for i, w in enumerate(words):
        mark = "  to play" if st.turn == i else ""
        _line(f"{w.ljust(width)}  {points.get(i, '-'):>3} points{mark}" if points else w + mark)
    if st.problem:
        _line(f"stopped: {st.problem}")
    elif st.turn is None:
        typer.echo("game over")
    for n in st.notes:
        _line(f"{f'after move {n.seq}' if n.seq else 'before the first move'}: {n.text}")


@table_app.command("code")
def code_cmd(
    table: str = typer.Argument(..., metavar="TABLE", show_default=False, help="The table's id."),
    seat: str = typer.Argument(..., metavar="SEAT", show_default=False,
                               help="The seat's number (from 1) or its player's name; `spectator` for the spectators' code."),
    store: Optional[str] = typer.Option(None, "--store", metavar="URL", help=STORE_HELP),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """A new code for a seat whose player lost theirs: the old one stops opening it. (A bot's seat
    given a code is a person's again.)"""
    from tabletop_tui.store.base import StoreError
    from tabletop_tui.store.host import new_seat_code

    spectator = seat.strip().lower() == "spectator"
    st, got, index = _hosted(store, table, None if spectator else seat)
    try:
        code = new_seat_code(st, got.info.id, index)
    except StoreError as e:
        fail(_not_done(e, "no new code was made"))
    name = "spectator" if index is None else got.info.seats[index].name
    if as_json:
        typer.echo(json.dumps({"table": got.info.id, "seat": None if index is None else index + 1,
                               "name": name, "code": code}))
    else:
        typer.echo(f"{'spectator' if index is None else f'seat {index + 1} {name}'}  {code}")
    typer.echo("The old code no longer opens this seat (a seat open with it closes within a second or two, saying why).", err=True)


@table_app.command("bot")
def bot_cmd(
    table: str = typer.Argument(..., metavar="TABLE", show_default=False, help="The table's id."),
    seat: str = typer.Argument(..., metavar="SEAT", show_default=False,
                               help="The seat's number (from 1) or its player's name."),
    level: str = typer.Option("medium", "--level", metavar="LEVEL", help="The bot's level: random, easy, medium, hard."),
    store: Optional[str] = typer.Option(None, "--store", metavar="URL", help=STORE_HELP),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """A departed player's seat played by a bot from now on (said in the table's log); its code
    stops opening it, and the bot's pending moves are made now."""
    from tabletop_tui.bots import LEVELS
    from tabletop_tui.store.base import StoreError
    from tabletop_tui.store.host import hand_to_bot

    if level not in LEVELS:
        fail(f"--level takes {', '.join(LEVELS)}, not {level!r}")
    st, got, index = _hosted(store, table, seat)
    try:
        made = hand_to_bot(st, got.info.id, index, level)
    except StoreError as e:
        fail(_not_done(e, "nothing was changed"))
    name = got.info.seats[index].name
    if as_json:
        typer.echo(json.dumps({"table": got.info.id, "seat": index + 1, "name": name, "level": level,
                               "moves_made": made}))
    else:
        typer.echo(f"seat {index + 1} {name}: a bot ({level}) from now on"
                   + (f"; it made {made} move{'s' if made != 1 else ''}" if made else ""))


@table_app.command("delete")
def delete_cmd(
    table: str = typer.Argument(..., metavar="TABLE", show_default=False, help="The table's id."),
    yes: bool = typer.Option(False, "--yes", help="Do not ask."),
    store: Optional[str] = typer.Option(None, "--store", metavar="URL", help=STORE_HELP),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Delete a table, its moves and its codes, for good (asks first, unless --yes)."""
    import click

    from tabletop_tui.store.base import StoreError
    from tabletop_tui.store.host import delete_table

    st, got, _ = _hosted(store, table)
    info = got.info
    what = f"table {info.id} ({info.game}: {', '.join(s.name for s in info.seats)}; {got.moves} moves)"
    if not yes:
        try:
            sure = typer.confirm(f"Delete {what} for good?", default=False, err=True)
        except click.exceptions.Abort:  # no answer (input at its end): not deleted
            sure = False
        if not sure:
            fail("nothing deleted (--yes deletes without asking)", code=1)
    try:
        delete_table(st, info.id)
    except StoreError as e:
        fail(_not_done(e, "nothing was deleted"))
    typer.echo(json.dumps({"deleted": info.id}) if as_json else f"deleted {what}")


# -- `tabletop seat` and `tabletop serve` (registered on the main command in tabletop_tui/cli.py) --


def _ssh_code(command: str) -> str:
    """What an SSH player typed after the host (`ssh -t play@host CODE`); a leading
    `tabletop seat` is allowed too."""
    words = command.split()
    while words and words[0].lower() in ("tabletop", "seat"):
        words.pop(0)
    return " ".join(words)


CODE_PROMPT = "Your seat's code (it does not show as you type): "
LONGEST_LINE = 200  # a code is 34 characters with its dashes; a longer line is not one


def _ask_code() -> str:
    """The code, never from a command line: asked in the terminal without echo (as ssh asks for
    a passphrase), or one line of standard input when it is piped. The piped line is read a byte
    at a time, so that what follows it stays for the seat's own input."""
    import getpass
    import os
    import sys

    if sys.stdin is not None and sys.stdin.isatty():
        try:
            return getpass.getpass(CODE_PROMPT)
        except (EOFError, KeyboardInterrupt):
            typer.echo("", err=True)
            fail("no code given")
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, ValueError, OSError):  # not a file (a test's runner)
        return sys.stdin.readline(LONGEST_LINE).strip() if sys.stdin else ""
    line = b""
    try:
        while len(line) <= LONGEST_LINE and not line.endswith(b"\n"):
            byte = os.read(fd, 1)
            if not byte:
                break
            line += byte
    except OSError:
        pass
    return line.decode("utf-8", "replace").strip() if len(line) <= LONGEST_LINE else "?"


def seat_cmd(
    code: Optional[str] = typer.Argument(None, metavar="CODE", show_default=False,
                                         help="Your seat's code, as the host gave it. Better left out: "
                                              "a command line is visible to every user of the machine "
                                              "(ps); without it the code is asked for, unseen as you "
                                              "type (piped: one line of standard input)."),
    store: Optional[str] = typer.Option(None, "--store", metavar="URL", help=STORE_HELP),
    bot_delay: float = typer.Option(0.5, "--bot-delay", metavar="SECONDS",
                                    help="Pause before each bot move (0 = none)."),
) -> None:
    """Open your seat at a table in this terminal (the game goes on where it is)."""
    import os

    from tabletop_tui.store.base import CodeRefused, StoreError
    from tabletop_tui.store.table import Table

    env = os.environ
    via = "local"
    source = env.pop(SEAT_SOURCE_ENV, None)
    from_web = env.pop(SEAT_CODE_ENV, None)  # not handed on to any process this one starts
    if code is None and from_web:
        code, via = from_web, "web"
    if via != "web" and env.get("SSH_CLIENT"):  # over SSH: the player's address is the source
        via, source = "ssh", env["SSH_CLIENT"].split()[0]
    if code is None and env.get("SSH_ORIGINAL_COMMAND"):
        code = _ssh_code(env["SSH_ORIGINAL_COMMAND"])
    if not code and via != "web":
        code = _ask_code()
    if not code:
        fail("give your seat's code: tabletop seat asks for it (over SSH: ssh -t play@HOST)")
    if not 0 <= bot_delay <= 60:
        fail(f"--bot-delay takes seconds from 0 to 60, not {bot_delay}")
    store = _store_address(store)
    st = _open_store(store, create=False)
    try:
        table = Table(st, code, source or "local")
    except CodeRefused as e:
        fail(str(e))
    except StoreError as e:
        fail(str(e))
    except Exception as e:  # the store's server cannot be reached
        fail(f"the table store cannot be reached ({type(e).__name__}); try again shortly")
    if via == "local":
        from tabletop_tui.store.joined import remember

        remember(table, code, store)
    from tabletop_tui.app import seat_app
    from tabletop_tui.lifeline import hold, input_can_reach, player_gone

    if not input_can_reach():
        fail("a seat needs a terminal to play in: its standard input is a file or /dev/null "
             "(over SSH: ssh -t)")
    if via != "web" and player_gone((0,), timeout=0) == "input":  # (`echo CODE | tabletop seat`)
        fail("a seat needs a terminal to play in: its standard input ended after the code "
             "(over SSH: ssh -t)")

    from tabletop_tui.seat_claim import claim, on_taken_over, release

    holder = None if table.access.spectator else claim(code)  # one code, one seat (an older one ends)
    del code, from_web  # kept only in the Table (a crash report lists a frame's locals)
    from rich.text import Text

    from tabletop_tui.seat_input import bounded_driver

    seat = seat_app(table, bot_delay=bot_delay, via=via)
    seat.driver_class = bounded_driver(seat.driver_class)  # input bounded before Textual parses it
    hold(lambda: seat.call_from_thread(seat.end_seat))  # the seat ends with its player (lifeline.py)
    on_taken_over(lambda why: seat.call_from_thread(seat.exit, return_code=4, message=Text(why)))
    try:
        seat.run()
    finally:
        release(holder)
    if seat.return_code:
        raise typer.Exit(seat.return_code)


def serve_cmd(
    host: str = typer.Option("127.0.0.1", "--host", metavar="HOST",
                             help="Where to listen (default: this machine only; 0.0.0.0 for every address)."),
    port: int = typer.Option(8000, "--port", metavar="PORT", help="The port."),
    public_url: Optional[str] = typer.Option(None, "--public-url", metavar="URL",
                                             help="The address players open (behind a proxy: https://…)."),
    store: Optional[str] = typer.Option(None, "--store", metavar="URL", help=STORE_HELP),
    trusted_proxy: List[str] = typer.Option([], "--trusted-proxy", metavar="ADDR",
                                            help="A reverse proxy in front (an address or a network, "
                                                 "repeatable): a visitor's address is taken from its "
                                                 "X-Forwarded-For, so that one visitor's wrong codes "
                                                 "slow only them."),
) -> None:
    """Serve the seats in a browser: each player opens /seat/CODE."""

    try:
        from tabletop_tui.serve import SeatServer
    except ImportError as e:
        fail(f"tabletop serve needs textual-serve: pip install 'tabletop-tui[tables]' ({e.name} is missing)")
    if not 0 < port < 65536:
        fail(f"--port takes 1 to 65535, not {port}")
    try:
        server = SeatServer(store=store, host=host, port=port, public_url=public_url,
                            trusted_proxies=trusted_proxy)
    except ValueError as e:
        fail(f"--trusted-proxy takes an address or a network, e.g. 127.0.0.1 or 10.0.0.0/8 ({e})")
    server.store = store = _store_address(store)
    _open_store(store, create=False).close()  # a wrong or missing store is said now, not at the first seat
    try:
        server.serve()
    except OSError as e:  # the port is taken, or not ours to take
        fail(f"cannot listen on {host}:{port} ({e.strerror or e})")
