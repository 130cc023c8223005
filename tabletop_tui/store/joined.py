"""The tables a player has joined on this machine, for the launcher's list.

A code is the seat, so it is kept like an SSH key: in ``joined-tables.json`` in the user data
folder, a file only its owner may read or write (mode 0600, written atomically). Seats opened
over SSH or in a browser are not remembered (their process runs as the host's user)."""
from __future__ import annotations

import json
import time
from pathlib import Path

from tabletop_tui.match import data_dir


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
    return sorted(ok, key=lambda e: str(e.get("opened", "")), reverse=True)


def _write(entries: list[dict]) -> None:
    # the save files' atomic write: its temp file is made 0600 (mkstemp) and keeps that mode
    from tabletop_tui.match import atomic_write

    atomic_write(joined_path(), json.dumps(entries, indent=1))


def remember(table, code: str, store: str | None) -> None:
    """Keep (or refresh) the seat ``code`` opens at ``table`` (a Table)."""
    m = table.match
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


__all__ = ["joined_path", "load_joined", "remember", "forget"]
