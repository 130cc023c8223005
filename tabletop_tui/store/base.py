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
A right code always opens its seat; wrong ones are slowed, per source (see ``Store``).
"""
from __future__ import annotations

import json
import secrets
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

from tabletop_tui.match import Seat
from tabletop_tui.rules.names import names_problem, plain, readable
from tabletop_tui.store.codes import code_hash, new_code


# -- what goes wrong, in words for players (never with a code in them) ---------------------------
class StoreError(Exception):
    """Anything the store refuses or cannot do; the message is one line for a player or host."""


class CodeRefused(StoreError):
    """A wrong or malformed code. ``wait``: the seconds its answer is held back (the caller
    that did not let the store sleep them, `tabletop serve`, waits them itself)."""

    wait: float = 0.0


class TooManyAttempts(CodeRefused):
    """A wrong code from a place that has tried many lately: answered after a longer wait."""


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


class StoreGone(StoreDamaged):
    """The store's file is no longer where it was opened (moved or deleted): as lasting as damage
    (waiting would only fail again), and never made again empty in its place."""


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
    # wrong codes lately, one row per source (an address, "local"): a row, not a row per try, so
    # that hammering costs the store one small update a try and no growth
    """CREATE TABLE IF NOT EXISTS refusals (
        source TEXT PRIMARY KEY, tries INTEGER NOT NULL, last_at DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS notes (
        table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL, text TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL)""",
]
MAX_SOURCES = 10_000  # sources remembered at once; past that a new one waits as the slowest does

MALFORMED = "That is not a table code: a code is 28 letters and digits, as the host gave it."
UNKNOWN = "No table has that code: check it with the host."
SLOWED = " (Many wrong codes came from here lately: each answer now waits {:.0f} s.)"


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

    Rate limit, against hammering (codes are 136 bits: guessing one is hopeless anyway): a right
    code is always let in, at once, whoever else is trying wrong ones from wherever. A wrong one
    is counted against its ``source`` (an address, "local") and answered after ``delay`` seconds;
    past ``attempts`` wrong ones from that source, each one waits twice as long as the one before,
    up to ``max_delay``; a source forgets its tries ``window`` seconds after its last one. The
    count stops at ``tries_cap``, the first count whose wait is ``max_delay`` (issue 44: the
    exponent of an uncapped count overflowed after 1,029 wrong codes, and every answer after that
    came at once): past it a wrong code costs the store a read, and a write only every half
    ``window`` (so that a source hammering on is never forgotten). (It was
    once the other way: five wrong codes refused every code from that place, and fifty from
    anywhere refused every code for everyone — behind a proxy, one typo locked out all.)"""

    integrity_errors: tuple = ()
    lock_suffix = ""  # e.g. " FOR UPDATE"

    def __init__(self, attempts: int = 5, window: float = 60.0, delay: float = 1.0, max_delay: float = 30.0):
        self.attempts = attempts
        self.window = window
        self.delay = delay
        self.max_delay = max_delay

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
        problem = names_problem([s.name for s in seats], "Seat")  # (the one check of a name)
        if problem:
            raise StoreError(problem)
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
        raw = json.loads(row[3])
        names = readable([str(s.get("name", "")) for s in raw])  # (as written: by hand, or an older version)
        seats = [Seat(n, s.get("kind") == "bot", s.get("level", "medium")) for n, s in zip(names, raw)]
        return TableInfo(row[0], row[1], json.loads(row[2]), seats, int(row[4]), float(row[5]))

    def _no_table(self, tx: _Tx, table_id: str) -> StoreError:
        """A table not found (a back end first makes sure it is not a damaged index that hid it)."""
        return StoreError(f"There is no table {table_id!r} in this store.")

    def _missed(self, tx: _Tx, table: str, column: str, value: str) -> StoreError | None:
        """A lookup of ``value`` in ``table`` found nothing: the damage that hid it, if a back end
        can tell (None: it is not there)."""
        return None

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
    def admit(self, code: str, source: str = "local", pause: bool = True) -> Access:
        """What ``code`` grants, or CodeRefused (one line, without the code). A right code is
        let in at once; a wrong one is answered after a wait that grows with the wrong ones from
        ``source`` (see the class): slept here, or (``pause`` False) left to the caller in
        the error's ``wait``."""
        access = self.holds(code)
        if access is None:
            self._refused(code_hash(code), source, pause)
        return access  # type: ignore[return-value]  # (_refused raises)

    def holds(self, code: str) -> Access | None:
        """What ``code`` grants now, or None; counts nothing (an open seat looking whether its
        code still holds: the host may have given the seat a new code, or to a bot)."""
        h = code_hash(code)
        if not h:
            return None
        with self._read() as tx:  # a read: a right code waits for no writer
            row = tx.one("SELECT table_id, seat FROM codes WHERE hash = ?", (h,))
            damage = None if row is not None else self._missed(tx, "codes", "hash", h)
        if damage is not None:
            raise damage
        return None if row is None else Access(row[0], None if row[1] is None else int(row[1]))

    def refusal_wait(self, tries: int) -> float:
        """The seconds the answer to a source's ``tries``-th wrong code lately is held back (any
        count: the doubling stops at ``max_delay``, never overflowing)."""
        if self.delay <= 0:
            return 0.0
        doublings = min(max(0, tries - self.attempts), self._doublings())
        return min(self.max_delay, self.delay * 2.0 ** doublings)

    def _doublings(self) -> int:
        """How many doublings take ``delay`` to ``max_delay`` (at least one, at most 64)."""
        steps = 1
        while steps < 64 and self.delay * 2.0 ** steps < self.max_delay:
            steps += 1
        return steps

    @property
    def tries_cap(self) -> int:
        """The count a source's wrong codes stop at: the first whose wait is the longest."""
        return self.attempts + self._doublings()

    def _count_refusal(self, source: str) -> int:
        """Write down a wrong code from ``source``; how many it has tried lately (at most
        ``tries_cap``: past it the store is only read, and written every half window)."""
        now = time.time()
        cap = self.tries_cap
        with self._read() as tx:
            known = tx.one("SELECT tries, last_at FROM refusals WHERE source = ?", (source,))
        if known is not None and int(known[0]) >= cap and now - float(known[1]) < self.window / 2:
            return cap
        with self._write() as tx:
            tx.run("DELETE FROM refusals WHERE last_at < ?", (now - self.window,))
            known = tx.one("SELECT tries FROM refusals WHERE source = ?", (source,))
            if known is None and tx.one("SELECT COUNT(*) FROM refusals")[0] >= MAX_SOURCES:
                return cap  # the store keeps no more; this one waits the longest
            # (an upsert: two first tries from one source at once on PostgreSQL both count)
            tx.run("INSERT INTO refusals (source, tries, last_at) VALUES (?, 1, ?) ON CONFLICT (source) "
                   "DO UPDATE SET tries = CASE WHEN refusals.tries < ? THEN refusals.tries + 1 "
                   "ELSE ? END, last_at = excluded.last_at", (source, now, cap, cap))
            return int(tx.one("SELECT tries FROM refusals WHERE source = ?", (source,))[0])

    def _refused(self, h: str | None, source: str, pause: bool = True) -> None:
        tries = self._count_refusal(source)
        wait = self.refusal_wait(tries)
        message = UNKNOWN if h else MALFORMED
        slowed = tries > self.attempts
        error = (TooManyAttempts if slowed else CodeRefused)(message + (SLOWED.format(wait) if slowed and wait else ""))
        error.wait = wait
        if pause and wait > 0:
            time.sleep(wait)
        raise error

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
                damage = self._missed(tx, "codes", "hash", h) if h and row is None else None
                if damage is not None:
                    raise damage
                if row is not None and row[1] is not None:
                    move = self._land(tx, row[0], int(row[1]), expected, notation, check)
        except self.integrity_errors:
            raise MovedOn(_moved_on(expected + 1, expected)) from None
        if row is None:  # (counted once the write transaction is over)
            self._refused(h, source)
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
            return self._info(tx, table_id), [Note(int(r[0]), plain(r[1])) for r in rows]


def _moved_on(have: int, expected: int) -> str:
    if have > expected:
        return ("The table moved on: another move was made first. "
                "Look at the new position and decide again.")
    return "The table is not where this move expected it: look at the position again."
