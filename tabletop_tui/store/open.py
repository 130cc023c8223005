"""Opening a table store by its address: the factory beside what it builds (``base.py`` is the
interface, ``sqlite.py`` and ``postgres.py`` its two back ends; none of them imports this)."""
from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from tabletop_tui.store.base import Store, StoreError


def default_path() -> Path:
    from tabletop_tui.match import data_dir

    return data_dir() / "tables.sqlite3"


def open_store(url: str | Path | None = None, create: bool = True, **limits: Any) -> Store:
    """None → SQLite in the user data folder; ``sqlite:///PATH`` or a plain path → SQLite there
    (``sqlite:///PATH?group=NAME``: shared with that group, mode 0660; see file_mode.py);
    ``postgresql://…`` (or ``postgres://…``) → PostgreSQL; anything else → StoreError. Without
    ``create`` a store that is not there is an error (a seat never makes one)."""
    if url is None or (isinstance(url, str) and not url.strip()):
        return _sqlite(default_path(), create, None, limits)
    if isinstance(url, Path):
        return _sqlite(url, create, None, limits)
    text = url.strip()
    scheme, sep, rest = text.partition("://")
    if not sep:
        return _sqlite(Path(text).expanduser(), create, None, limits)
    scheme = scheme.lower()
    if scheme == "sqlite":
        path, _, query = rest.partition("?")
        if not path.startswith("/") or path == "/":
            raise StoreError("--store sqlite:///PATH takes a file path after the three slashes, "
                             "e.g. sqlite:///home/ann/tables.sqlite3")
        asked = parse_qs(query, keep_blank_values=True)
        if set(asked) - {"group"} or len(asked.get("group", [""])) != 1 or asked.get("group") == [""]:
            raise StoreError("--store sqlite:///PATH takes one option after the path, ?group=NAME "
                             "(the store shared with that group)")
        return _sqlite(Path(unquote(path)), create, asked.get("group", [None])[0], limits)
    if scheme in ("postgresql", "postgres"):
        from tabletop_tui.store.postgres import PostgresStore

        return PostgresStore(text, create=create, **limits)
    # the rest of the address may hold a password: name only the scheme
    raise StoreError(f"--store takes a file path, sqlite:///PATH or postgresql://…, not a {scheme}:// address")


def _sqlite(path: Path, create: bool, group: str | None, limits: dict) -> Store:
    from tabletop_tui.store.sqlite import SqliteStore

    return SqliteStore(path, create=create, group=group, **limits)


def password_in(url: str | None) -> bool:
    """Whether a store address carries a password (which a command line shows to every user of
    the machine: `ps`)."""
    if not url or "://" not in url:
        return False
    try:
        parts = urlsplit(url.strip())
        return bool(parts.password) or "password" in {k.lower() for k in parse_qs(parts.query)}
    except ValueError:
        return ":" in url.partition("://")[2].partition("@")[0] and "@" in url
