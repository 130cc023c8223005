"""Opening a table store by its address: the factory beside what it builds (``base.py`` is the
interface, ``sqlite.py`` and ``postgres.py`` its two back ends; none of them imports this)."""
from __future__ import annotations

import re
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
    ``postgresql://…`` (or ``postgres://…``) or libpq's keyword form (``host=… dbname=…``) →
    PostgreSQL; anything else → StoreError. Without
    ``create`` a store that is not there is an error (a seat never makes one)."""
    if url is None or (isinstance(url, str) and not url.strip()):
        return _sqlite(default_path(), create, None, limits)
    if isinstance(url, Path):
        return _sqlite(url, create, None, limits)
    text = url.strip()
    if keyword_form(text):  # libpq's `host=… dbname=…`: PostgreSQL, never a file of that name
        from tabletop_tui.store.postgres import PostgresStore

        return PostgresStore(text, create=create, **limits)
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


# libpq's connection keywords (PostgreSQL 17): an address of `key=value` words that starts with one
# of them is read as PostgreSQL's (issue 44, item 8: `--store "host=… password=… dbname=…"` became a
# SQLite file whose name held the password)
LIBPQ_KEYWORDS = frozenset("""host hostaddr port dbname user password passfile require_auth channel_binding
    connect_timeout client_encoding options application_name fallback_application_name keepalives
    keepalives_idle keepalives_interval keepalives_count tcp_user_timeout replication gssencmode sslmode
    requiressl sslcompression sslcert sslkey sslpassword sslcertmode sslrootcert sslcrl sslcrldir sslsni
    requirepeer ssl_min_protocol_version ssl_max_protocol_version krbsrvname gsslib gssdelegation
    service target_session_attrs load_balance_hosts sslnegotiation""".split())
_KEYWORD = re.compile(r"\s*([A-Za-z_]+)\s*=")
_PASSWORD_KEYWORD = re.compile(r"(?:^|\s)(?:ssl)?password\s*=", re.IGNORECASE)


def keyword_form(text: str) -> bool:
    """Whether a store address is libpq's keyword form (``host=/run/pg dbname=tables``)."""
    first = _KEYWORD.match(text)
    return first is not None and first.group(1).lower() in LIBPQ_KEYWORDS


def password_in(url: str | None) -> bool:
    """Whether a store address carries a password (which a command line shows to every user of
    the machine: `ps`), in a URL or in libpq's keyword form."""
    if not url:
        return False
    if keyword_form(url):
        return _PASSWORD_KEYWORD.search(url) is not None
    if "://" not in url:
        return False
    try:
        parts = urlsplit(url.strip())
        return bool(parts.password) or "password" in {k.lower() for k in parse_qs(parts.query)}
    except ValueError:
        return ":" in url.partition("://")[2].partition("@")[0] and "@" in url
