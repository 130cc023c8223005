"""A throwaway PostgreSQL server: `initdb` and `postgres` from `/usr/lib/postgresql/*/bin`, run as
the `postgres` user when run as root (initdb refuses root), in a temporary folder it owns, on a unix
socket with no TCP, stopped and removed at the end. Used by the table tests' conftest (once per test
session) and by the tables' load figure (benchmarks/tables_load.py).

The server is a child of the process that starts it (``start_server``), not a daemon left to
itself (``pg_ctl start`` detached it: a test run killed with ``kill -9`` left ``postgres -D
/tmp/tabletop-pg-*`` running): it is told to die with its parent (PR_SET_PDEATHSIG: an immediate
shutdown, SIGQUIT, when the process that started it ends, however it ends), and is stopped at the
block's end and at the interpreter's exit."""
from __future__ import annotations

import atexit
import ctypes
import glob
import os
import pwd
import shlex
import shutil
import signal
import subprocess
import tempfile
import time
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
    opts = ["-p", "5432", "-k", str(base), "-c", "listen_addresses=", *shlex.split(settings)]
    try:
        server = start_server(data, opts, base / "log")
    except ServerFailed:
        _remove(base, room)
        raise
    try:
        yield f"postgresql:///postgres?host={base}&port=5432&user=postgres"
    finally:
        stop_server(server)
        for again in [p for p in _running if str(data) in p.args]:  # (started again by a test: start_server)
            stop_server(again)
        _remove(base, room)


#: prctl(PR_SET_PDEATHSIG, …), found before any fork (the child only calls it)
_PR_SET_PDEATHSIG = 1
_prctl = getattr(ctypes.CDLL(None, use_errno=True), "prctl", None)
#: the servers this process runs: stopped at its exit if a block's end did not come
_running: set = set()


def start_server(data: Path, opts: list[str], log: Path, timeout: float = 30.0) -> subprocess.Popen:
    """``postgres -D data opts`` as a child of this process (as the postgres user when run as
    root), its output appended to ``log``, once it accepts connections. It gets an immediate
    shutdown (SIGQUIT) when this process ends, even by SIGKILL; ``stop_server`` stops it."""
    bindir = _pg_bin()
    assert bindir is not None
    user: dict = {}
    if os.geteuid() == 0:
        pw = pwd.getpwnam("postgres")
        user = {"user": pw.pw_uid, "group": pw.pw_gid, "extra_groups": []}
    parent = os.getpid()

    def die_with_parent() -> None:  # (in the child, after its user is set: a change of user clears it)
        if _prctl is not None:
            _prctl(_PR_SET_PDEATHSIG, signal.SIGQUIT, 0, 0, 0)
        if os.getppid() != parent:  # (the parent died before the setting took)
            os._exit(1)

    with open(log, "ab") as out:
        proc = subprocess.Popen([str(bindir / "postgres"), "-D", str(data), *opts], stdin=subprocess.DEVNULL,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                                preexec_fn=die_with_parent, **user)
    _running.add(proc)
    socket_dir = opts[opts.index("-k") + 1] if "-k" in opts else "/tmp"
    port = opts[opts.index("-p") + 1] if "-p" in opts else "5432"
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            _running.discard(proc)
            text = log.read_text(errors="replace") if log.exists() else ""
            raise ServerFailed(f"PostgreSQL did not start (exit {proc.returncode}):\n{text[-2000:]}")
        ready = subprocess.run([str(bindir / "pg_isready"), "-q", "-h", socket_dir, "-p", port],
                               capture_output=True)
        if ready.returncode == 0:
            return proc
        if time.monotonic() > deadline:
            stop_server(proc)
            raise ServerFailed(f"PostgreSQL did not accept connections within {timeout:.0f} s")
        time.sleep(0.05)


def stop_server(proc: subprocess.Popen) -> None:
    """An immediate shutdown (as ``pg_ctl stop -m immediate``), then SIGKILL if it lingers."""
    _running.discard(proc)
    if proc.poll() is None:
        proc.send_signal(signal.SIGQUIT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@atexit.register
def _stop_all() -> None:
    for proc in list(_running):
        stop_server(proc)


def _remove(base: Path, room: str | None) -> None:
    if room is not None:
        subprocess.run(["umount", "-l", str(base)], capture_output=True)
    shutil.rmtree(base, ignore_errors=True)
