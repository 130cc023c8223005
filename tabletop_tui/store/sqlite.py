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
from urllib.parse import quote

from tabletop_tui.store.base import (SCHEMA, UNWRITABLE, Move, Store, StoreDamaged, StoreError, StoreGone,
                                     StoreUnwritable, _Tx)
from tabletop_tui.store.file_mode import create_private, keep_private

BUSY_MS = 10_000
POLL = 0.05  # seconds between two looks at data_version while waiting

# SQLite's primary result codes (sqlite_errorname without its extended part) → what they mean
# for a host: a write that cannot be made, or a file that is damaged
_UNWRITABLE = {"SQLITE_FULL": "disk full", "SQLITE_READONLY": "read-only", "SQLITE_IOERR": "disk I/O error"}
_DAMAGED = ("SQLITE_CORRUPT", "SQLITE_NOTADB")
CANNOT_GROW = "The store cannot grow (file size limit, {} bytes)"


def fault(e: sqlite3.Error, path: Path) -> StoreError | None:
    """The store's fault for SQLite's error ``e`` (None: not a fault of the file: a constraint,
    a bug). A full disk, a read-only file and a damaged page are said as they are, not as a store
    that "cannot be reached" (retrying would only fail again)."""
    name = getattr(e, "sqlite_errorname", "") or ""
    primary = "_".join(name.split("_")[:2])
    if primary == "SQLITE_CANTOPEN" and not path.is_file():  # moved or deleted under us
        return StoreGone(f"The table store {path} is gone (moved or deleted since it was opened): "
                         f"nothing more can be read or made there. Ask the host.")
    if primary in ("SQLITE_IOERR", "SQLITE_FULL") and (limit := _size_limit_met(path)):
        return StoreUnwritable(CANNOT_GROW.format(limit))
    if primary in _UNWRITABLE:
        return StoreUnwritable(UNWRITABLE.format(why=_room(path) or _UNWRITABLE[primary]))
    if primary == "SQLITE_CANTOPEN" and _room(path):  # WAL cannot make its index beside the file
        return StoreUnwritable(UNWRITABLE.format(why=_room(path)))
    if primary == "SQLITE_NOTADB":  # (a wrong path, as likely as a damaged header)
        return StoreDamaged(_damaged(path, str(e), "is not a table store, or it is damaged", "If it was one: restore"))
    if primary in _DAMAGED:
        return StoreDamaged(_damaged(path, str(e)))
    if primary in ("SQLITE_BUSY", "SQLITE_LOCKED"):
        return StoreError(f"The table store is busy ({e}); try again.")
    return None


def _damaged(path: Path, words: str, what: str = "is damaged", advice: str = "Restore") -> str:
    words = " ".join(words.replace("*** in database main ***", "").split())  # one line
    return (f"The table store {path} {what} (SQLite: {words}). {advice} it from a backup; or, on "
            f"a copy of it, `tabletop table export TABLE FILE --store COPY` saves each table that "
            f"still reads.")


def _size_limit_met(path: Path) -> int | None:
    """The process's file-size limit (`ulimit -f`), if one of the store's files has reached it:
    a write past it fails with EFBIG, which SQLite reports as an I/O error (issue 44, item 9)."""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
    except (ImportError, OSError, ValueError):
        return None
    if soft == resource.RLIM_INFINITY or soft < 0:
        return None
    for suffix in ("", "-wal", "-journal"):
        try:
            if os.stat(f"{path}{suffix}").st_size + 2 * 65536 >= soft:  # (within a page or two)
                return soft
        except OSError:
            continue
    return None


def _room(path: Path) -> str | None:
    """What the file system says of a write that failed: SQLite reports a full disk met while
    growing its shared-memory index as an I/O error, and Python does not pass on the errno."""
    try:
        fs = os.statvfs(path.parent)
    except OSError:
        return None
    if fs.f_flag & os.ST_RDONLY:
        return "read-only"
    if fs.f_bavail * fs.f_frsize < 64 * 1024:
        return "disk full"
    return None


@contextmanager
def faults(path: Path) -> Iterator[None]:
    """SQLite's errors inside as the store's faults (constraints pass through: see append)."""
    try:
        yield
    except sqlite3.IntegrityError:
        raise
    except sqlite3.Error as e:
        said = fault(e, path)
        if said is None:
            raise
        raise said from None


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
            con = sqlite3.connect(self._uri, timeout=BUSY_MS / 1000, isolation_level=None, uri=True)
        except (OSError, sqlite3.Error) as e:
            raise StoreError(f"The table store {self.path} cannot be opened ({e}).") from None
        try:
            con.execute(f"PRAGMA busy_timeout={BUSY_MS}")
            con.execute("PRAGMA journal_mode=WAL")
            for sql in SCHEMA:
                con.execute(sql)
        except sqlite3.Error as e:
            said = fault(e, self.path)
            if said is None or type(said) is StoreError:
                said = StoreError(f"The table store {self.path} cannot be opened ({e}).")
            raise said from None
        finally:
            con.close()
        keep_private(self.path, group)  # and the side files that were there already

    def __repr__(self) -> str:
        return f"SqliteStore({str(self.path)!r})"

    @property
    def _uri(self) -> str:
        """The file opened read-write and never made (``mode=rw``): a store moved away under an
        open seat is said to be gone, not made again empty where it was (issue 44, item 8)."""
        return f"file:{quote(str(self.path.absolute()))}?mode=rw"

    def _connect(self) -> sqlite3.Connection:
        con = sqlite3.connect(self._uri, timeout=BUSY_MS / 1000, isolation_level=None,
                              check_same_thread=False, uri=True)
        try:
            con.execute(f"PRAGMA busy_timeout={BUSY_MS}")
            con.execute("PRAGMA foreign_keys=ON")
            con.execute("PRAGMA synchronous=NORMAL")
        except BaseException:
            con.close()
            raise
        return con

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[_Tx]:
        with faults(self.path):
            con = self._connect()
            try:
                con.execute(begin)
                try:
                    yield _Tx(con.cursor(), "?")
                except BaseException:
                    if con.in_transaction:  # (SQLite may have rolled back already: a full disk)
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

    def _no_table(self, tx: _Tx, table_id: str) -> StoreError:
        """A damaged index can hide a table that is there: "no table" only from a sound file."""
        damage = self._missed(tx, "tables", "id", table_id)
        if damage is None:
            problems = [r[0] for r in tx.all("PRAGMA quick_check(1)")]
            if problems != ["ok"]:
                damage = StoreDamaged(_damaged(self.path, "; ".join(problems)))
        return damage or super()._no_table(tx, table_id)

    def _missed(self, tx: _Tx, table: str, column: str, value: str) -> StoreError | None:
        """An index that did not find ``value`` in ``table`` checked against the table itself
        (a scan: a table of codes or tables is small): there after all, the index is damaged,
        said in integrity_check's words (quick_check does not compare an index with its table,
        issue 44, item 9: a right code was refused as "No table has that code")."""
        if tx.one(f"SELECT 1 FROM {table} NOT INDEXED WHERE {column} = ?", (value,)) is None:
            return None
        problems = [r[0] for r in tx.all("PRAGMA integrity_check(3)") if r[0] != "ok"]
        return StoreDamaged(_damaged(self.path, "; ".join(problems) or f"an index of {table} misses a row"))

    def wait(self, table_id: str, since: int, timeout: float) -> list[Move]:
        with faults(self.path):
            return self._wait(table_id, since, timeout)

    def _wait(self, table_id: str, since: int, timeout: float) -> list[Move]:
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
