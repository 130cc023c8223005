"""The table store: tables, their seat codes and their moves, shared by every process that plays
at a table (a seat over SSH, a seat in a browser, a spectator). One interface, two back ends:
SQLite in the user data folder (one machine) and PostgreSQL (several machines).

A table is its set-up (game, options, seats, seed) plus its moves in order; the moves replay
into a :class:`~tabletop_tui.match.Match` exactly as a save's action log does. An append names
the move number it expects: in one transaction the store checks that the number is the next one,
that the code holds a seat, and that the pending decision is that seat's (or a bot's), through a
``check`` the caller gives (it replays the moves through the rules: see table.py). Of two seats
appending at once exactly one lands; the other is told that the table moved on.

Codes are random, stored only as sha256 hashes, and never written into a message or a log.
"""
from __future__ import annotations

import json
import secrets
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

from tabletop_tui.match import Seat
from tabletop_tui.store.codes import code_hash, new_code


# -- what goes wrong, in words for players (never with a code in them) ---------------------------
class StoreError(Exception):
    """Anything the store refuses or cannot do; the message is one line for a player or host."""


class CodeRefused(StoreError):
    """A wrong or malformed code."""


class TooManyAttempts(CodeRefused):
    """Too many wrong codes from one place (or in all) lately."""


class MovedOn(StoreError):
    """The move number was not the next one: another move landed first."""


class NotYourTurn(StoreError):
    """The code's seat does not hold the pending decision (or the code only watches)."""


class IllegalMove(StoreError):
    """The rules refuse the move (the check said why)."""


# -- faults of the store itself: said as they are, once (a retry would only fail again) ----------
class StoreUnwritable(StoreError):
    """The store cannot take a write (disk full, read-only, an I/O error): nothing was changed.
    The message is "The store cannot be written (disk full)"; a caller adds what was not done."""


class StoreDamaged(StoreError):
    """The store's file or database is damaged: its own words, and what to do."""


class Unreplayable(StoreError):
    """A move in the store that the rules refuse (put there by hand, or by another version):
    the table cannot be rebuilt past it."""


UNWRITABLE = "The store cannot be written ({why})"


# -- what the store hands out -------------------------------------------------------------------
@dataclass(frozen=True)
class TableInfo:
    id: str
    game: str
    options: dict
    seats: list[Seat]
    seed: int
    created_at: float


@dataclass(frozen=True)
class Move:
    seq: int  # 0 for the first move; a table with n moves expects n next
    seat: int  # the seat whose decision it answered (0-based)
    notation: str


@dataclass(frozen=True)
class Note:
    seq: int  # said after the table's first ``seq`` moves
    text: str


@dataclass(frozen=True)
class Access:
    """What a code grants: one seat of one table, or (seat None) watching it."""

    table_id: str
    seat: int | None

    @property
    def spectator(self) -> bool:
        return self.seat is None


@dataclass(frozen=True)
class NewTable:
    """A table just made. The codes are shown to the host once and kept nowhere else."""

    table_id: str
    codes: dict[int, str] = field(repr=False)  # seat (0-based) → code, human seats only
    spectator: str = field(repr=False)


# check(info, moves so far, notation, the code's seat) → (the seat whose decision it is, the
# notation to store); raises IllegalMove when the rules refuse it. (It may skip the rules when the
# decision is another person's: the store refuses that move anyway, and says whose turn it is.)
Check = Callable[[TableInfo, list[Move], str, int], "tuple[int, str]"]

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seats TEXT NOT NULL,
        seed TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS moves (
        table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL,
        seat INTEGER NOT NULL, notation TEXT NOT NULL, at DOUBLE PRECISION NOT NULL,
        UNIQUE (table_id, seq))""",
    """CREATE TABLE IF NOT EXISTS codes (
        hash TEXT PRIMARY KEY, table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER)""",
    """CREATE TABLE IF NOT EXISTS failures (source TEXT NOT NULL, at DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS notes (
        table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL, text TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS failures_by_source ON failures (source, at)",
]

MALFORMED = "That is not a table code: a code is 28 letters and digits, as the host gave it."
UNKNOWN = "No table has that code: check it with the host."
TOO_MANY = "Too many wrong codes tried lately: wait a minute, then try again."


class _Tx:
    """A cursor with `?` placeholders, whichever the database."""

    def __init__(self, cur: Any, placeholder: str):
        self.cur = cur
        self.ph = placeholder

    def run(self, sql: str, params: Sequence = ()) -> Any:
        if self.ph != "?":
            sql = sql.replace("?", self.ph)
        self.cur.execute(sql, tuple(params))
        return self.cur

    def one(self, sql: str, params: Sequence = ()) -> Any:
        return self.run(sql, params).fetchone()

    def all(self, sql: str, params: Sequence = ()) -> list:
        return self.run(sql, params).fetchall()


class Store:
    """The interface, with the logic both back ends share. A subclass gives ``_read``/``_write``
    (a transaction each: a write one takes the write lock before it reads), ``_lock`` (what makes
    the table's row locked in a write transaction), ``_notify`` and ``wait``.

    Rate limit: a code refused from one ``source`` (an address, "local") is written down; after
    ``attempts`` refusals from it within ``window`` seconds (or ten times that many in all) every
    code is refused until the window has passed; each refusal also waits ``delay`` seconds."""

    integrity_errors: tuple = ()
    lock_suffix = ""  # e.g. " FOR UPDATE"

    def __init__(self, attempts: int = 5, window: float = 60.0, delay: float = 1.0):
        self.attempts = attempts
        self.window = window
        self.delay = delay

    # -- to give in a subclass ------------------------------------------------------------
    @contextmanager
    def _read(self) -> Iterator[_Tx]:  # pragma: no cover - abstract
        raise NotImplementedError
        yield

    @contextmanager
    def _write(self) -> Iterator[_Tx]:  # pragma: no cover - abstract
        raise NotImplementedError
        yield

    def _notify(self, tx: _Tx, table_id: str) -> None:
        pass

    def wait(self, table_id: str, since: int, timeout: float) -> list[Move]:  # pragma: no cover
        """The moves from number ``since`` on, as soon as there is one (another process's commit
        included), or [] when ``timeout`` seconds pass first."""
        raise NotImplementedError

    def close(self) -> None:
        pass

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # -- tables ---------------------------------------------------------------------------
    def create_table(self, game: str, seats: Sequence[Seat], seed: int, options: dict | None = None,
                     moves: Sequence[tuple[int, str]] = ()) -> NewTable:
        """A new table with a code for each human seat and one spectator code; ``moves``
        (seat, notation) are its moves so far (an imported save's). Codes are returned once."""
        table_id = secrets.token_hex(6)
        codes = {i: new_code() for i, s in enumerate(seats) if not s.bot}
        spectator = new_code()
        now = time.time()
        with self._write() as tx:
            tx.run("INSERT INTO tables (id, game, options, seats, seed, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                   (table_id, game, json.dumps(options or {}, sort_keys=True),
                    json.dumps([s.to_json() for s in seats]), str(int(seed)), now))
            for seat, code in codes.items():
                tx.run("INSERT INTO codes (hash, table_id, seat) VALUES (?, ?, ?)", (code_hash(code), table_id, seat))
            tx.run("INSERT INTO codes (hash, table_id, seat) VALUES (?, ?, NULL)", (code_hash(spectator), table_id))
            for seq, (seat, notation) in enumerate(moves):
                tx.run("INSERT INTO moves (table_id, seq, seat, notation, at) VALUES (?, ?, ?, ?, ?)",
                       (table_id, seq, int(seat), notation, now))
        return NewTable(table_id, codes, spectator)

    def table(self, table_id: str) -> TableInfo:
        with self._read() as tx:
            return self._info(tx, table_id)

    def _info(self, tx: _Tx, table_id: str, lock: bool = False) -> TableInfo:
        row = tx.one("SELECT id, game, options, seats, seed, created_at FROM tables WHERE id = ?"
                     + (self.lock_suffix if lock else ""), (table_id,))
        if row is None:
            raise self._no_table(tx, table_id)
        seats = [Seat(s["name"], s.get("kind") == "bot", s.get("level", "medium")) for s in json.loads(row[3])]
        return TableInfo(row[0], row[1], json.loads(row[2]), seats, int(row[4]), float(row[5]))

    def _no_table(self, tx: _Tx, table_id: str) -> StoreError:
        """A table not found (a back end first makes sure it is not a damaged index that hid it)."""
        return StoreError(f"There is no table {table_id!r} in this store.")

    def table_ids(self) -> list[str]:
        """Every table, the newest first."""
        with self._read() as tx:
            return [r[0] for r in tx.all("SELECT id FROM tables ORDER BY created_at DESC, id")]

    def moves(self, table_id: str, since: int = 0) -> list[Move]:
        with self._read() as tx:
            return self._moves(tx, table_id, since)

    @staticmethod
    def _moves(tx: _Tx, table_id: str, since: int = 0) -> list[Move]:
        rows = tx.all("SELECT seq, seat, notation FROM moves WHERE table_id = ? AND seq >= ? ORDER BY seq",
                      (table_id, since))
        return [Move(int(r[0]), int(r[1]), r[2]) for r in rows]

    # -- codes ----------------------------------------------------------------------------
    def admit(self, code: str, source: str = "local") -> Access:
        """What ``code`` grants, or CodeRefused (one line, without the code). Refusals from a
        ``source`` are limited in rate (see the class)."""
        h = code_hash(code)
        with self._write() as tx:
            self._check_rate(tx, source)
            row = tx.one("SELECT table_id, seat FROM codes WHERE hash = ?", (h,)) if h else None
            if row is None:
                tx.run("INSERT INTO failures (source, at) VALUES (?, ?)", (source, time.time()))
        if row is None:
            self._refused(h)
        return Access(row[0], None if row[1] is None else int(row[1]))

    def _check_rate(self, tx: _Tx, source: str) -> None:
        now = time.time()
        tx.run("DELETE FROM failures WHERE at < ?", (now - self.window,))
        mine = tx.one("SELECT COUNT(*) FROM failures WHERE source = ? AND at >= ?", (source, now - self.window))[0]
        every = tx.one("SELECT COUNT(*) FROM failures WHERE at >= ?", (now - self.window,))[0]
        if mine >= self.attempts or every >= 10 * self.attempts:
            raise TooManyAttempts(TOO_MANY)

    def _refused(self, h: str | None) -> None:
        if self.delay > 0:
            time.sleep(self.delay)
        raise CodeRefused(UNKNOWN if h else MALFORMED)

    # -- moves ----------------------------------------------------------------------------
    def append(self, code: str, expected: int, notation: str, check: Check, source: str = "local") -> Move:
        """Append a move for the seat ``code`` holds, as move number ``expected``. In one
        transaction: the code must hold a seat of the table (a spectator's only watches), the
        table must have exactly ``expected`` moves (else MovedOn), and ``check`` (the rules,
        given the moves so far) must accept the move and name the deciding seat, which must be
        the code's own or a bot's (else NotYourTurn). Other processes are notified on commit."""
        h = code_hash(code)
        try:
            with self._write() as tx:
                row = tx.one("SELECT table_id, seat FROM codes WHERE hash = ?", (h,)) if h else None
                if row is None:
                    self._check_rate(tx, source)
                    tx.run("INSERT INTO failures (source, at) VALUES (?, ?)", (source, time.time()))
                elif row[1] is not None:
                    move = self._land(tx, row[0], int(row[1]), expected, notation, check)
        except self.integrity_errors:
            raise MovedOn(_moved_on(expected + 1, expected)) from None
        if row is None:
            self._refused(h)
        if row[1] is None:
            raise NotYourTurn("A spectator code only watches: it cannot make moves.")
        return move

    def _land(self, tx: _Tx, table_id: str, seat: int | None, expected: int, notation: str,
              check: Check) -> Move:
        """The append's checks and insert, in its transaction: ``seat`` the code's (None: the
        host's own, which may only send a bot's move)."""
        info = self._info(tx, table_id, lock=True)
        moves = self._moves(tx, table_id)
        if len(moves) != expected:
            raise MovedOn(_moved_on(len(moves), expected))
        actor, stored = check(info, moves, notation, seat)
        if actor != seat and not info.seats[actor].bot:
            names = [s.name for s in info.seats]
            mine = f", not {names[seat]}'s" if seat is not None else ""
            raise NotYourTurn(f"It is {names[actor]}'s turn to decide{mine}.")
        tx.run("INSERT INTO moves (table_id, seq, seat, notation, at) VALUES (?, ?, ?, ?, ?)",
               (table_id, expected, actor, stored, time.time()))
        self._notify(tx, table_id)
        return Move(expected, actor, stored)

    def append_bot(self, table_id: str, expected: int, notation: str, check: Check) -> Move:
        """The host's own append (no code: `tabletop table bot` plays the seat it just handed to
        a bot): only a bot's decision, with the same checks as :meth:`append`."""
        try:
            with self._write() as tx:
                return self._land(tx, table_id, None, expected, notation, check)
        except self.integrity_errors:
            raise MovedOn(_moved_on(expected + 1, expected)) from None

    # -- notes: what the host did to a table, said in its log (a seat handed to a bot) ------
    def notes(self, table_id: str) -> list["Note"]:
        return self.table_and_notes(table_id)[1]

    def table_and_notes(self, table_id: str) -> tuple[TableInfo, list["Note"]]:
        """The set-up as it is now (the host may have handed a seat to a bot) and the notes, in one read."""
        with self._read() as tx:
            rows = tx.all("SELECT seq, text FROM notes WHERE table_id = ? ORDER BY seq, at", (table_id,))
            return self._info(tx, table_id), [Note(int(r[0]), r[1]) for r in rows]


def _moved_on(have: int, expected: int) -> str:
    if have > expected:
        return ("The table moved on: another move was made first. "
                "Look at the new position and decide again.")
    return "The table is not where this move expected it: look at the position again."
