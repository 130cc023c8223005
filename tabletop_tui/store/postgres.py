"""The table store in PostgreSQL (`--store postgresql://…`), for seats on several machines.

An append locks the table's row (`SELECT … FOR UPDATE`) so two appends to one table take turns,
and sends `pg_notify('tabletop_moves', table_id)` in its transaction: it is delivered on commit.
A wait `LISTEN`s, then reads the moves (so a commit between the two is not missed); a listener
that loses its connection gets no notifications for that time, so it reads the moves again
after reconnecting. Needs psycopg 3 (`pip install 'tabletop-tui[tables]'`)."""
from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from typing import Any, Iterator

from tabletop_tui.store.base import (SCHEMA, UNWRITABLE, Move, Store, StoreDamaged, StoreError, StoreUnwritable,
                                     _Tx)

CHANNEL = "tabletop_moves"
SCHEMA_LOCK = 0x7AB1E  # an advisory lock: two processes creating the tables at once take turns

try:
    import psycopg
except ImportError:  # pragma: no cover - the extra is not installed
    psycopg = None


def fault(e: "psycopg.Error") -> StoreError | None:
    """The store's fault for the server's error ``e`` by its SQLSTATE (None: not a fault of the
    database: a constraint, a lost connection, a bug): a full disk, a read-only server (a standby,
    `default_transaction_read_only`) and damaged data are said as they are."""
    state = getattr(e, "sqlstate", None) or ""
    if state == "53100":
        return StoreUnwritable(UNWRITABLE.format(why="disk full"))
    if state == "25006":
        return StoreUnwritable(UNWRITABLE.format(why="read-only"))
    if state in ("XX001", "XX002"):
        first = str(e).strip().splitlines()[0] if str(e).strip() else state
        return StoreDamaged(f"The PostgreSQL table store is damaged ({first}): restore it from a "
                            f"backup (and see PostgreSQL's own advice on corruption).")
    return None


class PostgresStore(Store):
    lock_suffix = " FOR UPDATE"

    def __init__(self, url: str, create: bool = True, **limits: Any):
        super().__init__(**limits)
        if psycopg is None:
            raise StoreError("A PostgreSQL store needs psycopg 3: pip install 'psycopg[binary]'.")
        self.url = url
        self.integrity_errors = (psycopg.errors.UniqueViolation,)
        self._kept_here = threading.local()  # each thread's kept connections (see _kept)
        self._open: set = set()
        self._open_lock = threading.Lock()
        with self._write() as tx:
            tx.run("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,))
            if not create and tx.one("SELECT to_regclass('tables')")[0] is None:
                raise StoreError("There is no table store in that PostgreSQL database: the host makes "
                                 "one with `tabletop table new --store …`.")
            for sql in SCHEMA:  # (an older store gets the tables added since)
                tx.run(sql)

    def __repr__(self) -> str:
        return "PostgresStore(…)"  # the address may hold a password

    def _connect(self, **kw: Any) -> "psycopg.Connection":
        try:
            return psycopg.connect(self.url, connect_timeout=10, **kw)
        except psycopg.Error as e:
            # psycopg's message names the host and the reason, never the password
            reason = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            raise StoreError(f"The PostgreSQL table store cannot be reached ({reason}).") from None

    @contextmanager
    def _read(self) -> Iterator[_Tx]:
        """A plain transaction (nothing is locked unless asked) on this thread's kept reading
        connection: a seat reads after every move that reaches it, and a connection made for each
        read added its making to every move shown."""
        for attempt in (1, 2):
            con = self._kept("read")
            try:
                con.execute("SELECT 1")  # one the server dropped (a restart) is found here, not mid-read
                break
            except psycopg.OperationalError:
                self._drop("read")
                if attempt == 2:
                    raise StoreError("The PostgreSQL table store cannot be reached (the connection was lost).") from None
        try:
            with con.transaction():
                with con.cursor() as cur:
                    yield _Tx(cur, "%s")
        except psycopg.OperationalError:
            self._drop("read")
            raise
        except psycopg.Error as e:
            said = fault(e)
            if said is None:
                raise
            raise said from None

    @contextmanager
    def _write(self) -> Iterator[_Tx]:
        con = self._connect()
        try:
            with con.transaction():
                with con.cursor() as cur:
                    yield _Tx(cur, "%s")
        except psycopg.Error as e:
            said = fault(e)
            if said is None:
                raise
            raise said from None
        finally:
            con.close()

    def _notify(self, tx: _Tx, table_id: str) -> None:
        tx.run("SELECT pg_notify(?, ?)", (CHANNEL, table_id))

    def _kept(self, role: str) -> "psycopg.Connection":
        """This thread's connection for ``role``, kept from one call to the next: "wait" (LISTENing)
        and "read". A seat waits in a loop, and a connection made for each wait (a server process
        forked each time) was the bulk of an idle host's load — 80 seats made 160 a second, and a
        move took a second to show. LISTEN is issued once, when it is made: from then on no
        commit slips by."""
        con = getattr(self._kept_here, role, None)
        if con is None or con.closed:
            con = self._connect(autocommit=True, application_name=f"tabletop-{role}")
            try:
                if role == "wait":
                    con.execute(f"LISTEN {CHANNEL}")
            except psycopg.OperationalError:
                # lost between connecting and listening (a restart, an administrator's cut): as
                # unreachable as a refused connection, and a wait tries again
                con.close()
                raise StoreError("The PostgreSQL table store cannot be reached (the connection was lost).") from None
            except BaseException:
                con.close()
                raise
            setattr(self._kept_here, role, con)
            with self._open_lock:
                self._open.add(con)
        return con

    def _drop(self, role: str) -> None:
        con = getattr(self._kept_here, role, None)
        setattr(self._kept_here, role, None)
        if con is not None:
            with self._open_lock:
                self._open.discard(con)
            con.close()

    def close(self) -> None:
        with self._open_lock:
            open_now, self._open = list(self._open), set()
        for con in open_now:
            try:
                con.close()
            except Exception:  # (another thread's connection, maybe busy: closed as well as can be)
                pass

    def wait(self, table_id: str, since: int, timeout: float) -> list[Move]:
        deadline = time.monotonic() + max(0.0, timeout)
        while True:
            try:
                con = self._kept("wait")
            except StoreError:
                if time.monotonic() >= deadline:
                    raise
                time.sleep(min(0.5, max(0.0, deadline - time.monotonic())))
                continue
            try:
                tx = _Tx(con.cursor(), "%s")
                new = self._moves(tx, table_id, since)  # (autocommit: each read sees the latest commit)
                while not new:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return []
                    ours = False
                    for note in con.notifies(timeout=left, stop_after=1):
                        ours = ours or note.payload == table_id
                    if ours:  # read outside the generator: it holds the connection
                        new = self._moves(tx, table_id, since)
                return new
            except psycopg.OperationalError:
                # the connection was lost: notifications meanwhile are gone; reconnect and re-read
                self._drop("wait")
                if time.monotonic() >= deadline:
                    return []
                time.sleep(0.1)
