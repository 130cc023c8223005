"""The tables a player has joined on this machine, for the launcher's list.

A code is the seat, so it is kept like an SSH key: in ``joined-tables.json`` in the user data
folder, a file only its owner may read or write (mode 0600, written atomically). Seats opened
over SSH or in a browser are not remembered (their process runs as the host's user).

A code, but never a store's password (issue 44, item 12): a store whose address holds one (it can
only have come from $TABLETOP_STORE: a command line refuses it) is kept as ``$TABLETOP_STORE``,
read from the environment again when the seat is opened from the list; an older file's password
is taken out the first time the list is read."""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

from tabletop_tui.match import data_dir
from tabletop_tui.store.base import StoreError
from tabletop_tui.store.open import password_in

FROM_ENV = "$TABLETOP_STORE"  # (cli_common.STORE_ENV, which this floor cannot import)


def joined_path() -> Path:
    return data_dir() / "joined-tables.json"


def load_joined() -> list[dict]:
    """Every remembered seat, the last opened first; a damaged file reads as none."""
    try:
        data = json.loads(joined_path().read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return []
    if not isinstance(data, list):
        return []
    ok = [e for e in data if isinstance(e, dict) and isinstance(e.get("code"), str)
          and isinstance(e.get("table"), str)]
    if any(isinstance(e.get("store"), str) and password_in(e["store"]) for e in ok):
        for e in ok:  # written by an older version: the password out, now
            e["store"] = kept_address(e.get("store"))
        try:
            _write(ok)
        except OSError:
            pass
    return sorted(ok, key=lambda e: str(e.get("opened", "")), reverse=True)


def kept_address(store: str | None) -> str | None:
    """What the file keeps of a store's address: the address itself, or, when it holds a
    password, only where it came from (``$TABLETOP_STORE``)."""
    return FROM_ENV if isinstance(store, str) and password_in(store) else store


def address_of(entry: dict) -> str | None:
    """The store address to open a remembered seat with (StoreError: it was in the environment,
    with its password, and is there no more)."""
    store = entry.get("store")
    if store != FROM_ENV:
        return store
    value = os.environ.get(FROM_ENV[1:])
    if not value:
        raise StoreError(f"This seat's store was given in {FROM_ENV}, with a password, which is not kept "
                         f"on disk: set {FROM_ENV} again to open the seat.")
    return value


def _write(entries: list[dict]) -> None:
    # the save files' atomic write: its temp file is made 0600 (mkstemp) and keeps that mode
    from tabletop_tui.match import atomic_write

    atomic_write(joined_path(), json.dumps(entries, indent=1))


def remember(table, code: str, store: str | None) -> None:
    """Keep (or refresh) the seat ``code`` opens at ``table`` (a Table)."""
    m = table.match
    store = kept_address(store)
    who = "spectator" if table.seat is None else m.names[table.seat]
    entry = {"table": table.id, "game": m.game.id, "title": m.game.title, "seat": who,
             "players": m.names, "store": store, "code": code,
             "opened": time.strftime("%Y-%m-%dT%H:%M:%S")}
    rest = [e for e in load_joined() if not (e["table"] == table.id and e.get("seat") == who
                                             and e.get("store") == store)]
    try:
        _write([entry] + rest)
    except OSError:
        pass  # the list is a convenience: the seat opens all the same


def forget(entry: dict) -> None:
    _write([e for e in load_joined() if e != entry])


__all__ = ["joined_path", "load_joined", "remember", "forget", "kept_address", "address_of"]
