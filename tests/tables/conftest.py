"""Stores for the table tests: SQLite in the test's folder, and a real PostgreSQL started once per
test session (per xdist worker) in a temporary folder, on a unix socket only, with no TCP; each
test gets its own schema in it. The PostgreSQL tests are skipped, with the reason, only where
PostgreSQL's server programs are not installed."""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path

import pytest


def _pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb and shutil.which("pg_ctl") else None


@pytest.fixture(scope="session")
def postgres_server():
    """The address of a throwaway PostgreSQL server (database postgres, user postgres)."""
    bindir = _pg_bin()
    if bindir is None:
        pytest.skip("PostgreSQL's server programs (initdb, pg_ctl) are not installed: apt-get install postgresql")
    as_root = os.geteuid() == 0
    base = Path(tempfile.mkdtemp(prefix="tabletop-pg-"))
    run_as: list[str] = []
    if as_root:  # initdb refuses root: run the server as the postgres user, in a folder it owns
        try:
            pw = pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("PostgreSQL is installed but there is no postgres user to run it as")
        os.chown(base, pw.pw_uid, pw.pw_gid)
        run_as = ["runuser", "-u", "postgres", "--"]
    data = base / "data"
    subprocess.run(run_as + [str(bindir / "initdb"), "-A", "trust", "-U", "postgres", "-E", "UTF8",
                             "--no-sync", "-D", str(data)], check=True, capture_output=True)
    opts = f"-p 5432 -k {base} -c listen_addresses='' -c fsync=off -c synchronous_commit=off"
    started = subprocess.run(run_as + [str(bindir / "pg_ctl"), "-D", str(data), "-o", opts, "-w", "-t", "30",
                                       "-l", str(base / "log"), "start"], capture_output=True, text=True)
    if started.returncode != 0:
        log = (base / "log").read_text(errors="replace") if (base / "log").exists() else ""
        shutil.rmtree(base, ignore_errors=True)
        pytest.fail(f"PostgreSQL did not start: {started.stderr}\n{log[-2000:]}")
    try:
        yield f"postgresql:///postgres?host={base}&port=5432&user=postgres"
    finally:
        subprocess.run(run_as + [str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
                       capture_output=True)
        shutil.rmtree(base, ignore_errors=True)


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
