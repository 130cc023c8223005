"""A throwaway PostgreSQL server: `initdb` and `pg_ctl` from `/usr/lib/postgresql/*/bin`, run as the
`postgres` user with `runuser` when run as root (initdb refuses root), in a temporary folder it
owns, on a unix socket with no TCP, stopped and removed at the end. Used by the table tests'
conftest (once per test session) and by the tables' load figure (benchmarks/tables_load.py)."""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


class Unavailable(Exception):
    """PostgreSQL's server programs (or a user to run them as) are not here: the reason."""


class ServerFailed(Exception):
    """The server did not start: its output."""


def _pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb and shutil.which("pg_ctl") else None


@contextmanager
def throwaway_postgres(settings: str = "-c fsync=off -c synchronous_commit=off",
                       room: str | None = None) -> Iterator[str]:
    """The address of a fresh server (database postgres, user postgres) while the block runs.
    ``room`` (e.g. "80m"): its folder on a file system of that size of its own (a tmpfs: root only),
    for a test to fill."""
    bindir = _pg_bin()
    if bindir is None:
        raise Unavailable("PostgreSQL's server programs (initdb, pg_ctl) are not installed: apt-get install postgresql")
    as_root = os.geteuid() == 0
    base = Path(tempfile.mkdtemp(prefix="tabletop-pg-"))
    if room is not None:
        mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={room}", "tmpfs", str(base)],
                                 capture_output=True, text=True) if as_root else None
        if mounted is None or mounted.returncode != 0:
            base.rmdir()
            why = "root" if mounted is None else f"mount, refused here: {mounted.stderr.strip()}"
            raise Unavailable(f"a PostgreSQL server on a small file system needs {why}")
    run_as: list[str] = []
    if as_root:  # initdb refuses root: run the server as the postgres user, in a folder it owns
        try:
            pw = pwd.getpwnam("postgres")
        except KeyError:
            _remove(base, room)
            raise Unavailable("PostgreSQL is installed but there is no postgres user to run it as") from None
        os.chown(base, pw.pw_uid, pw.pw_gid)
        run_as = ["runuser", "-u", "postgres", "--"]
    data = base / "data"
    subprocess.run(run_as + [str(bindir / "initdb"), "-A", "trust", "-U", "postgres", "-E", "UTF8",
                             "--no-sync", "-D", str(data)], check=True, capture_output=True)
    opts = f"-p 5432 -k {base} -c listen_addresses='' {settings}"
    started = subprocess.run(run_as + [str(bindir / "pg_ctl"), "-D", str(data), "-o", opts, "-w", "-t", "30",
                                       "-l", str(base / "log"), "start"], capture_output=True, text=True)
    if started.returncode != 0:
        log = (base / "log").read_text(errors="replace") if (base / "log").exists() else ""
        _remove(base, room)
        raise ServerFailed(f"PostgreSQL did not start: {started.stderr}\n{log[-2000:]}")
    try:
        yield f"postgresql:///postgres?host={base}&port=5432&user=postgres"
    finally:
        subprocess.run(run_as + [str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
                       capture_output=True)
        _remove(base, room)


def _remove(base: Path, room: str | None) -> None:
    if room is not None:
        subprocess.run(["umount", "-l", str(base)], capture_output=True)
    shutil.rmtree(base, ignore_errors=True)
