"""Opening a table store by its address: the factory beside what it builds (``base.py`` is the
interface, ``sqlite.py`` and ``postgres.py`` its two back ends; none of them imports this)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop_tui.store.base import Store, StoreError


def default_path() -> Path:
    from tabletop_tui.match import data_dir

    return data_dir() / "tables.sqlite3"


def open_store(url: str | Path | None = None, **limits: Any) -> Store:
    """None → SQLite in the user data folder; ``sqlite:///PATH`` or a plain path → SQLite there;
    ``postgresql://…`` (or ``postgres://…``) → PostgreSQL; anything else → StoreError."""
    if url is None or (isinstance(url, str) and not url.strip()):
        from tabletop_tui.store.sqlite import SqliteStore

        return SqliteStore(default_path(), **limits)
    if isinstance(url, Path):
        from tabletop_tui.store.sqlite import SqliteStore

        return SqliteStore(url, **limits)
    text = url.strip()
    scheme, sep, rest = text.partition("://")
    if not sep:
        from tabletop_tui.store.sqlite import SqliteStore

        return SqliteStore(Path(text).expanduser(), **limits)
    scheme = scheme.lower()
    if scheme == "sqlite":
        if not rest.startswith("/") or rest == "/":
            raise StoreError("--store sqlite:///PATH takes a file path after the three slashes, "
                             "e.g. sqlite:///home/ann/tables.sqlite3")
        from tabletop_tui.store.sqlite import SqliteStore

        return SqliteStore(Path(rest), **limits)
    if scheme in ("postgresql", "postgres"):
        from tabletop_tui.store.postgres import PostgresStore

        return PostgresStore(text, **limits)
    # the rest of the address may hold a password: name only the scheme
    raise StoreError(f"--store takes a file path, sqlite:///PATH or postgresql://…, not a {scheme}:// address")
