"""Stores for the table tests: SQLite in the test's folder, and a real PostgreSQL started once per
test session (per xdist worker) in a temporary folder, on a unix socket only, with no TCP; each
test gets its own schema in it. The PostgreSQL tests are skipped, with the reason, only where
PostgreSQL's server programs are not installed."""
from __future__ import annotations

import uuid

import pytest

from .pg_server import ServerFailed, Unavailable, throwaway_postgres


@pytest.fixture(scope="session")
def postgres_server():
    """The address of a throwaway PostgreSQL server (database postgres, user postgres)."""
    try:
        with throwaway_postgres() as url:
            yield url
    except Unavailable as e:
        pytest.skip(str(e))
    except ServerFailed as e:
        pytest.fail(str(e))


@pytest.fixture
def pg_url(postgres_server):
    """The server's address with a schema of this test's own (the test's tables only)."""
    import psycopg

    schema = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(postgres_server, autocommit=True) as con:
        con.execute(f"CREATE SCHEMA {schema}")
    return f"{postgres_server}&options=-csearch_path%3D{schema}"


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """The address of an empty store, once for each kind."""
    if request.param == "sqlite":
        return str(tmp_path / "tables.sqlite3")
    return request.getfixturevalue("pg_url")


@pytest.fixture
def store(store_url):
    """An empty store, with the rate limit's delay off (one test turns it on)."""
    from tabletop_tui.store.open import open_store

    s = open_store(store_url, attempts=3, window=60.0, delay=0)
    yield s
    s.close()
