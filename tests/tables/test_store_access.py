"""Who can open the store (issue 35): the host alone. The SQLite file is its owner's only at every
open, by whichever command (`table`, `seat`, `serve`), put back and said once if it was widened;
shared with a group only when the host asks (`sqlite:///PATH?group=NAME`); a seat or serve never
makes a store; and a store address with a password is refused on a command line, where every user
of the machine can read it."""
from __future__ import annotations

import grp
import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tabletop_tui.cli import app
from tabletop_tui.match import Seat
from tabletop_tui.store.base import StoreError
from tabletop_tui.store.open import open_store, password_in
from tabletop_tui.store.table import new_table

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _run(*args: str, tmp_path: Path, timeout: float = 60) -> subprocess.CompletedProcess:
    """`tabletop ARGS` as its own process (its standard input closed: nothing is typed)."""
    env = dict(os.environ, TABLETOP_TUI_DATA_DIR=str(tmp_path / "data"))
    for name in ("SSH_ORIGINAL_COMMAND", "TABLETOP_STORE"):
        env.pop(name, None)
    return subprocess.run([sys.executable, "-m", "tabletop_tui", *args], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)


def test_a_new_store_is_its_owners_alone_from_the_start(tmp_path):
    old = os.umask(0o022)  # the usual umask: a file made plainly would be world-readable
    try:
        path = tmp_path / "tables.sqlite3"
        new_table(open_store(path), "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
        for f in tmp_path.glob("tables.sqlite3*"):
            assert mode(f) == 0o600, f
    finally:
        os.umask(old)


@pytest.mark.parametrize("command", ["table", "seat", "serve"])
def test_a_widened_store_is_put_back_at_the_next_open_by_any_command_and_said_once(tmp_path, command):
    """chmod 0644 of the store and its write-ahead log: the next command that opens it puts both
    back to 0600 and says so on standard error, once."""
    path = tmp_path / "tables.sqlite3"
    st = open_store(path, delay=0)
    new = new_table(st, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    wal = Path(f"{path}-wal")
    wal.touch()
    for f in (path, wal):
        os.chmod(f, 0o644)
    if command == "table":
        r = _run("table", "export", new.table_id, str(tmp_path / "save.json"), "--store", str(path), tmp_path=tmp_path)
    elif command == "seat":  # a wrong code: the store is opened (and put right) before the code is checked
        r = _run("seat", "abcd-efgh-ijkl-mnop-qrst-uvwx-yz23", "--store", str(path), tmp_path=tmp_path)
    else:
        with socket.socket() as busy:  # a port taken: serve opens the store, then says it and ends
            busy.bind(("127.0.0.1", 0))
            busy.listen()
            r = _run("serve", "--port", str(busy.getsockname()[1]), "--store", str(path), tmp_path=tmp_path)
        assert r.returncode == 2 and "cannot listen" in r.stderr and "Traceback" not in r.stderr + r.stdout
    assert mode(path) == 0o600 and (not wal.exists() or mode(wal) == 0o600)  # (SQLite removes it at the end)
    said = [line for line in r.stderr.splitlines() if "could be read by others" in line]
    assert len(said) == 2 and "mode 0644" in said[0] and "0600 again" in said[0], r.stderr
    r = _run("table", "export", new.table_id, str(tmp_path / "save2.json"), "--store", str(path), tmp_path=tmp_path)
    assert "could be read by others" not in r.stderr  # said once: it is right now


def test_a_store_deleted_and_made_again_world_readable_is_put_back(tmp_path):
    import sqlite3

    path = tmp_path / "tables.sqlite3"
    open_store(path).close()
    path.unlink()
    old = os.umask(0o022)
    try:
        sqlite3.connect(path).close()  # remade by something else, 0644
    finally:
        os.umask(old)
    assert mode(path) == 0o644
    open_store(path).close()
    assert mode(path) == 0o600


def _a_group_of_mine() -> str | None:
    for g in [os.getegid(), *os.getgroups()]:
        try:
            name = grp.getgrgid(g).gr_name
        except KeyError:
            continue
        if os.geteuid() == 0 or g != os.getegid():
            return name
    return None


def test_a_store_is_shared_with_a_group_only_when_the_host_asks(tmp_path):
    """The host asks by giving the store a group of its own (chgrp, or a setgid folder: the SSH
    account's store) or with ?group=NAME (which also makes it so): the group may then read and
    write it (0660), other users never (0666 is put back to 0660). In the owner's own group, a
    0660 store is 0600 again."""
    group = "daemon" if os.geteuid() == 0 else _a_group_of_mine()
    if group is None:
        pytest.skip("this user belongs to no group besides its own to share a store with")
    gid = grp.getgrnam(group).gr_gid
    path = tmp_path / "shared.sqlite3"
    url = f"sqlite://{path}?group={group}"
    open_store(url).close()
    assert mode(path) == 0o660 and path.stat().st_gid == gid
    os.chmod(path, 0o666)
    open_store(url).close()
    assert mode(path) == 0o660
    os.chmod(path, 0o664)
    open_store(path).close()  # the recipe's plain --store: the group it was given is kept
    assert mode(path) == 0o660 and path.stat().st_gid == gid
    plain = tmp_path / "plain.sqlite3"
    open_store(plain).close()
    os.chmod(plain, 0o660)  # group-readable, but the owner's own group: nobody asked
    open_store(plain).close()
    assert mode(plain) == 0o600
    os.chown(plain, -1, gid)  # chgrp: the host asks
    os.chmod(plain, 0o660)
    open_store(plain).close()
    assert mode(plain) == 0o660
    with pytest.raises(StoreError, match="no group 'no-such-group-here'"):
        open_store(f"sqlite://{path}?group=no-such-group-here")
    with pytest.raises(StoreError, match=r"\?group=NAME"):
        open_store(f"sqlite://{path}?mode=rw")


@pytest.mark.parametrize("command", ["seat", "serve"])
def test_a_seat_or_serve_never_makes_a_store_a_missing_one_is_said_with_its_path(tmp_path, command):
    path = tmp_path / "nowhere" / "tables.sqlite3"
    args = ["seat", "abcd-efgh-ijkl-mnop-qrst-uvwx-yz23"] if command == "seat" else ["serve"]
    r = _run(*args, "--store", str(path), tmp_path=tmp_path)
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert f"There is no table store at {path}" in r.stderr and "tabletop table new" in r.stderr
    assert not path.exists() and not path.parent.exists()


def test_a_seat_never_makes_a_postgresql_store_either(pg_url):
    with pytest.raises(StoreError, match="no table store in that PostgreSQL database"):
        open_store(pg_url, create=False)
    open_store(pg_url).close()  # the host makes it
    open_store(pg_url, create=False).close()


def test_a_store_address_with_a_password_is_refused_on_the_command_line(tmp_path, monkeypatch):
    """Every user of the machine reads every command line (ps); $TABLETOP_STORE is the owner's
    alone (so are libpq's password and service files, which psycopg reads)."""
    assert password_in("postgresql://ann:s3cret@db.example/tables")
    assert password_in("postgres://db.example/tables?user=ann&password=s3cret")
    assert not password_in("postgresql://ann@db.example/tables")
    assert not password_in("postgresql:///?service=club") and not password_in(str(tmp_path / "t.sqlite3"))
    monkeypatch.delenv("SSH_ORIGINAL_COMMAND", raising=False)
    for args in (["table", "new", "piratissimo"], ["seat", "abcd"], ["serve"]):
        r = runner.invoke(app, [*args, "--store", "postgresql://ann:s3cret@db.example/tables"])
        assert r.exit_code == 2 and "s3cret" not in r.output
        assert "password" in r.output and "$TABLETOP_STORE" in r.output and ".pgpass" in r.output
    store = tmp_path / "env.sqlite3"
    monkeypatch.setenv("TABLETOP_STORE", str(store))  # where an address goes instead
    r = runner.invoke(app, ["table", "new", "piratissimo", "--players", "2"])
    assert r.exit_code == 0 and store.exists(), r.output


def test_a_store_address_with_a_password_in_the_environment_is_used(pg_url, monkeypatch):
    """$TABLETOP_STORE may hold a password (only its owner reads a process's environment): table,
    seat and serve all open that store."""
    monkeypatch.delenv("SSH_ORIGINAL_COMMAND", raising=False)
    monkeypatch.delenv("SSH_CLIENT", raising=False)
    monkeypatch.setenv("TABLETOP_STORE", pg_url + "&password=not-needed-here")  # (the test server trusts)
    r = runner.invoke(app, ["table", "new", "piratissimo", "--players", "2", "--json"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["seat", "abcd-efgh-ijkl-mnop-qrst-uvwx-yz23"])
    assert r.exit_code == 2 and "No table has that code" in r.output  # the store was reached
