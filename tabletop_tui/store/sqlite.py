"""The table store in one SQLite file (the default: `tables.sqlite3` in the user data folder).

For the processes of one machine: WAL (readers never wait for the writer; not safe on a network
file system), every write transaction `BEGIN IMMEDIATE` (a deferred one that reads then writes
fails at once under contention), `UNIQUE(table_id, seq)` as the last guard. Another process's
commit is noticed by polling `PRAGMA data_version` on the waiting connection.

The file is its owner's alone, checked at every open (file_mode.py); only ``create`` makes it (a
seat never does: a missing store is said as missing, with its path)."""
from __future__ import annotations

import os
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from tabletop_tui.store.base import SCHEMA, Move, Store, StoreError, _Tx
from tabletop_tui.store.file_mode import create_private, keep_private

BUSY_MS = 10_000
POLL = 0.05  # seconds between two looks at data_version while waiting


class SqliteStore(Store):
    integrity_errors = (sqlite3.IntegrityError,)

    def __init__(self, path: Path | str, create: bool = True, group: str | None = None, **limits: Any):
        super().__init__(**limits)
        self.path = Path(path)
        self.group = group
        if not create and not self.path.is_file():
            raise StoreError(f"There is no table store at {self.path}: the host makes one with "
                             "`tabletop table new` (or give --store the one they use).")
        try:
            if create:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                create_private(self.path, group)
            keep_private(self.path, group)  # before SQLite makes its side files with the file's mode
            con = sqlite3.connect(self.path, timeout=BUSY_MS / 1000, isolation_level=None)
        except (OSError, sqlite3.Error) as e:
            raise StoreError(f"The table store {self.path} cannot be opened ({e}).") from None
        try:
            con.execute(f"PRAGMA busy_timeout={BUSY_MS}")
            con.execute("PRAGMA journal_mode=WAL")
            for sql in SCHEMA:
                con.execute(sql)
        except sqlite3.OperationalError as e:
            raise StoreError(f"The table store {self.path} cannot be opened ({e}).") from None
        except sqlite3.DatabaseError as e:
            raise StoreError(f"The table store {self.path} is not a table store ({e}).") from None
        finally:
            con.close()
        keep_private(self.path, group)  # and the side files that were there already

    def __repr__(self) -> str:
        return f"SqliteStore({str(self.path)!r})"

    def _connect(self) -> sqlite3.Connection:
        con = sqlite3.connect(self.path, timeout=BUSY_MS / 1000, isolation_level=None,
                              check_same_thread=False)
        con.execute(f"PRAGMA busy_timeout={BUSY_MS}")
        con.execute("PRAGMA foreign_keys=ON")
        con.execute("PRAGMA synchronous=NORMAL")
        return con

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[_Tx]:
        con = self._connect()
        try:
            try:
                con.execute(begin)
            except sqlite3.OperationalError as e:
                raise StoreError(f"The table store is busy ({e}); try again.") from None
            try:
                yield _Tx(con.cursor(), "?")
            except BaseException:
                con.execute("ROLLBACK")
                raise
            con.execute("COMMIT")
        finally:
            con.close()

    @contextmanager
    def _read(self) -> Iterator[_Tx]:
        with self._transaction("BEGIN") as tx:
            yield tx

    @contextmanager
    def _write(self) -> Iterator[_Tx]:
        with self._transaction("BEGIN IMMEDIATE") as tx:
            yield tx

    def wait(self, table_id: str, since: int, timeout: float) -> list[Move]:
        deadline = time.monotonic() + max(0.0, timeout)
        con = self._connect()
        try:
            tx = _Tx(con.cursor(), "?")
            seen = None
            while True:
                version = con.execute("PRAGMA data_version").fetchone()[0]
                if version != seen:  # someone committed since the last look (or the first look)
                    seen = version
                    new = self._moves(tx, table_id, since)
                    if new:
                        return new
                left = deadline - time.monotonic()
                if left <= 0:
                    return []
                time.sleep(min(POLL, left))
        finally:
            con.close()
