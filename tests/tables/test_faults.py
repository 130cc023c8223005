"""Faults said as they are, once (issue 35, item 7), each made to happen for real: a full file
system (a small tmpfs filled up, under SQLite and under PostgreSQL's own folder), a read-only one (a read-only bind mount; PostgreSQL in a
read-only transaction), a damaged file (bytes overwritten in it: its header, a page of its
moves, an index), a move in the store that the rules refuse (inserted behind the seats' backs).
No retry loop: a lasting fault stops the seat's watching after one notice. ctrl+c at a seat says
how to come back."""
from __future__ import annotations

import os
import sqlite3
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tabletop_tui.app import seat_app
from tabletop_tui.cli import app as cli
from tabletop_tui.match import Seat
from tabletop_tui.screens import seat as seat_module
from tabletop_tui.store.base import StoreDamaged, StoreUnwritable, Unreplayable
from tabletop_tui.store.open import open_store
from tabletop_tui.store.table import Table, new_table

from .test_seat import seat_of, settle
from tests.screens.helpers import notices

runner = CliRunner()
DISK_FULL = "The store cannot be written (disk full)"
READ_ONLY = "The store cannot be written (read-only)"


def _mount(args: list[str], what: str) -> None:
    if os.geteuid() != 0:
        pytest.skip(f"{what} needs root (mount); the test runs as uid {os.geteuid()}")
    done = subprocess.run(["mount", *args], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"{what}: mount refused here ({done.stderr.strip()})")


@pytest.fixture
def small_fs(tmp_path):
    """A real file system of 512 KiB (tmpfs), unmounted afterwards."""
    where = tmp_path / "small"
    where.mkdir()
    _mount(["-t", "tmpfs", "-o", "size=512k", "tmpfs", str(where)], "a small file system")
    yield where
    subprocess.run(["umount", "-l", str(where)], capture_output=True)


def fill(fs: Path) -> Path:
    """Write zeros until the file system is full (ENOSPC, for real)."""
    filler = fs / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        while True:
            os.write(fd, b"\0" * 65536)
    except OSError as e:
        assert e.errno == 28  # ENOSPC
    finally:
        os.close(fd)
    fd = os.open(filler, os.O_WRONLY | os.O_APPEND)
    try:  # the last few blocks too
        while True:
            os.write(fd, b"\0" * 512)
    except OSError:
        pass
    finally:
        os.close(fd)
    return filler


def two_seats(store, game: str = "piratissimo", seed: int = 3):
    new = new_table(store, game, [Seat("Ann"), Seat("Ben")], seed)
    tables = [Table(store, new.codes[0]), Table(store, new.codes[1])]
    return new, tables


def mover(tables: list[Table]) -> Table:
    return next(t for t in tables if t.match.pending.seat == t.seat)


def a_move(t: Table) -> str:
    return t.match.rules.notation(t.match.legal_actions()[0])


# -- a full disk ----------------------------------------------------------------------------------
def test_a_full_disk_is_said_as_a_full_disk_and_the_move_is_not_made(small_fs):
    st = open_store(small_fs / "tables.sqlite3", delay=0)
    new, tables = two_seats(st)
    t = mover(tables)
    filler = fill(small_fs)
    with pytest.raises(StoreUnwritable) as e:
        t.play(a_move(t))
    assert str(e.value) == DISK_FULL
    filler.unlink()
    assert st.moves(new.table_id) == []  # nothing was made
    t.play(a_move(t))  # with room again the same move goes
    assert len(st.moves(new.table_id)) == 1


async def test_a_seat_on_a_full_disk_says_so_once_and_goes_on_when_there_is_room(small_fs, monkeypatch):
    """The seat's own move: "…(disk full): your move was not made", the position unchanged; the
    watcher says the fault once (not "reconnecting" over and over), and the seat goes on once the
    host has made room."""
    monkeypatch.setattr(seat_module, "UNWRITABLE_LOOK", 0.3)
    st = open_store(small_fs / "tables.sqlite3", delay=0)
    new, tables = two_seats(st)
    code = new.codes[mover(tables).seat]
    a = seat_app(Table(st, code), bot_delay=0)
    async with a.run_test(size=(120, 40)) as pa:
        await settle(pa)
        screen = seat_of(a)
        assert screen.my_turn()
        filler = fill(small_fs)
        screen.play(screen.actions[0])
        await settle(pa, until=lambda: False, timeout=1.5)  # the watcher's looks at the full store
        notes = [n.message for n in notices(a)]
        assert notes.count(f"{DISK_FULL}: your move was not made.") == 1
        # (reading may go on while the disk is full; if the watcher meets the fault, it says it once)
        assert sum(DISK_FULL in n for n in notes) <= 2
        assert not any("reconnecting" in n.lower() for n in notes) and "reconnecting" not in a.title
        assert screen.match.actions == [] and st.moves(new.table_id) == []
        filler.unlink()
        await settle(pa, until=lambda: not screen.offline, timeout=3)
        assert not screen.offline
        screen.play(screen.actions[0])
        await settle(pa)
        assert len(st.moves(new.table_id)) == 1


def test_a_full_disk_under_postgresql_is_said_as_a_full_disk():
    """The server's own disk full (SQLSTATE 53100, "could not extend file"): its folder on a
    small tmpfs, filled up."""
    from .pg_server import ServerFailed, Unavailable, throwaway_postgres

    try:
        with throwaway_postgres(room="80m") as url:
            st = open_store(url, delay=0)
            new, tables = two_seats(st)
            t = mover(tables)
            filler = fill(Path(url.split("host=")[1].split("&")[0]))
            with pytest.raises(StoreUnwritable) as e:
                t.play(a_move(t))
            assert str(e.value) == DISK_FULL
            filler.unlink()
            assert st.moves(new.table_id) == []
            t.play(a_move(t))
            assert len(st.moves(new.table_id)) == 1
            st.close()
    except Unavailable as e:
        pytest.skip(str(e))
    except ServerFailed as e:
        pytest.fail(str(e))


# -- a read-only store ----------------------------------------------------------------------------
@pytest.fixture
def read_only_view(tmp_path):
    """A folder and a read-only bind mount of it (the same files, refused writes for real)."""
    there, view = tmp_path / "rw", tmp_path / "ro"
    there.mkdir()
    view.mkdir()
    _mount(["--bind", str(there), str(view)], "a read-only mount")
    done = subprocess.run(["mount", "-o", "remount,ro,bind", str(view)], capture_output=True, text=True)
    if done.returncode != 0:
        subprocess.run(["umount", "-l", str(view)], capture_output=True)
        pytest.skip(f"a read-only mount: remount refused here ({done.stderr.strip()})")
    yield there, view
    subprocess.run(["umount", "-l", str(view)], capture_output=True)


def test_a_read_only_store_is_said_to_be_read_only_with_one_line_and_exit_2(read_only_view):
    there, view = read_only_view
    st = open_store(there / "tables.sqlite3", delay=0)
    new, _ = two_seats(st)
    with pytest.raises(StoreUnwritable) as e:
        open_store(view / "tables.sqlite3", delay=0)
    assert str(e.value) == READ_ONLY
    r = runner.invoke(cli, ["seat", new.codes[0], "--store", str(view / "tables.sqlite3")])
    assert r.exit_code == 2
    assert r.output.strip() == f"tabletop: {READ_ONLY}"
    assert "reached" not in r.output


def test_a_read_only_postgresql_store_is_said_to_be_read_only(pg_url):
    st = open_store(pg_url, delay=0)
    new, tables = two_seats(st)
    code = new.codes[mover(tables).seat]
    read_only = pg_url + "%20-cdefault_transaction_read_only%3Don"
    with pytest.raises(StoreUnwritable) as e:
        t = Table(open_store(read_only, delay=0), code)
        t.play(a_move(t))
    assert str(e.value) == READ_ONLY
    assert st.moves(new.table_id) == []


# -- a damaged file ---------------------------------------------------------------------------------
def _overwrite(path: Path, offset: int, data: bytes) -> None:
    with open(path, "r+b") as f:
        f.seek(offset)
        f.write(data)


def _root_page(path: Path, name: str) -> tuple[int, int]:
    con = sqlite3.connect(path)
    try:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        root = con.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (name,)).fetchone()[0]
        return root, con.execute("PRAGMA page_size").fetchone()[0]
    finally:
        con.close()


def test_a_damaged_file_is_said_in_sqlites_words_with_what_to_do(tmp_path):
    path = tmp_path / "tables.sqlite3"
    st = open_store(path, delay=0)
    new, _ = two_seats(st)
    _overwrite(path, 0, b"this is no longer SQLite!")
    with pytest.raises(StoreDamaged) as e:
        open_store(path, delay=0)
    said = str(e.value)
    assert "file is not a database" in said and "restore it from a backup" in said
    assert "tabletop table export" in said and "\n" not in said
    r = runner.invoke(cli, ["table", "export", new.table_id, str(tmp_path / "x.json"), "--store", str(path)])
    assert r.exit_code == 2 and r.output.count("\n") == 1 and "is damaged" in r.output


def test_a_damaged_index_is_not_said_as_no_such_table(tmp_path):
    """A damaged index can make a table look missing: "no table" is said only of a sound file."""
    path = tmp_path / "tables.sqlite3"
    st = open_store(path, delay=0)
    ids = [two_seats(st, seed=s)[0].table_id for s in (1, 2, 3)]
    root, size = _root_page(path, "sqlite_autoindex_tables_1")
    _overwrite(path, (root - 1) * size + 8, b"\0" * 200)
    with pytest.raises(StoreDamaged) as e:
        st.table(ids[0])
    assert "is damaged (SQLite:" in str(e.value) and "no table" not in str(e.value)


async def test_a_page_damaged_under_an_open_seat_is_said_once_and_the_seat_stops_waiting(tmp_path):
    path = tmp_path / "tables.sqlite3"
    st = open_store(path, delay=0)
    new, tables = two_seats(st)
    other = next(t for t in tables if t.match.pending.seat != t.seat)
    a = seat_app(Table(st, new.codes[other.seat]), bot_delay=0)
    async with a.run_test(size=(120, 40)) as pa:
        await settle(pa)
        screen = seat_of(a)
        root, size = _root_page(path, "sqlite_autoindex_moves_1")
        _overwrite(path, (root - 1) * size, b"\xff" * size)  # the page every look at the moves reads
        t = mover(tables)
        with pytest.raises(StoreDamaged):
            t.play(a_move(t))  # (another seat's move meets the damage too)
        con = sqlite3.connect(path, isolation_level=None)  # a commit elsewhere: watchers look again
        con.execute("CREATE TABLE elsewhere (x)")  # (touches no page of the moves)
        con.close()
        await settle(pa, until=lambda: screen.halted is not None)
        await settle(pa, until=lambda: False, timeout=1.0)
        notes = [n.message for n in notices(a) if "is damaged" in n.message]
        assert len(notes) == 1 and "Restore it from a backup" in notes[0]
        assert screen.watcher is None  # no more waiting on a store that cannot answer
        assert "stopped" in a.title


def test_a_damaged_postgresql_page_is_said_in_postgresqls_words_once_with_what_to_do(monkeypatch, tmp_path):
    """A page of the moves table overwritten on disk while its server was stopped (its own
    throwaway server: the file is found by pg_relation_filepath), then the server started again:
    the server's words ("invalid page in block 0 …", SQLSTATE XX001), what to do, one line; a
    seat opened on it exits 2 at once (no reconnecting loop)."""
    from .pg_server import ServerFailed, Unavailable, _pg_bin, start_server, throwaway_postgres

    monkeypatch.delenv("SSH_ORIGINAL_COMMAND", raising=False)
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path / "data"))
    try:
        with throwaway_postgres() as url:
            st = open_store(url, delay=0)
            new, tables = two_seats(st)
            for _ in range(2):
                t = mover(tables)
                t.play(a_move(t))
                for other in tables:
                    other.catch_up()
            import psycopg

            with psycopg.connect(url, autocommit=True) as con:
                relative = con.execute("SELECT pg_relation_filepath('moves')").fetchone()[0]
                data = Path(con.execute("SHOW data_directory").fetchone()[0])
            st.close()
            run_as = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
            pg_ctl = [*run_as, str(_pg_bin() / "pg_ctl"), "-D", str(data), "-w"]
            subprocess.run([*pg_ctl, "-m", "fast", "stop"], check=True, capture_output=True)
            _overwrite(data / relative, 0, b"\xff" * 8192)  # the first page of the moves: garbage
            # started again as pg_server started it: a child of this process (the block's end stops it)
            start_server(data, ["-p", "5432", "-k", str(data.parent), "-c", "listen_addresses="], data.parent / "log")
            with pytest.raises(StoreDamaged) as e:
                Table(open_store(url, delay=0), new.codes[0])
            said = str(e.value)
            assert said.startswith("The PostgreSQL table store is damaged (invalid page in block 0")
            assert "restore it from a backup" in said and "\n" not in said
            r = runner.invoke(cli, ["seat", new.codes[0], "--store", url])
            assert r.exit_code == 2 and r.output.count("\n") == 1
            assert r.output.startswith("tabletop: The PostgreSQL table store is damaged (invalid page")
    except Unavailable as e:
        pytest.skip(str(e))
    except ServerFailed as e:
        pytest.fail(str(e))


# -- a move the rules refuse, in the store ----------------------------------------------------------
def _insert_move(path: Path, table_id: str, seq: int, notation: str) -> None:
    con = sqlite3.connect(path, isolation_level=None)
    try:
        con.execute("INSERT INTO moves (table_id, seq, seat, notation, at) VALUES (?, ?, 0, ?, 0)",
                    (table_id, seq, notation))
    finally:
        con.close()


async def test_a_move_the_rules_refuse_is_said_once_and_nothing_loops(tmp_path):
    """Inserted while a seat is open: "Move 1 of table T (`notation`) cannot be replayed", once;
    the seat stays open on that notice, waits no more and moves nothing."""
    path = tmp_path / "tables.sqlite3"
    st = open_store(path, delay=0)
    new = new_table(st, "piratissimo", [Seat("Ann"), Seat("Ben"), Seat("Cleo", True, "random")], 3)
    a = seat_app(Table(st, new.codes[0]), bot_delay=0)
    waits = []
    real_wait = st.wait

    def counted(*args, **kw):
        waits.append(args)
        return real_wait(*args, **kw)

    st.wait = counted
    async with a.run_test(size=(120, 40)) as pa:
        await settle(pa)
        screen = seat_of(a)
        _insert_move(path, new.table_id, 0, "no-such-move")
        await settle(pa, until=lambda: screen.halted is not None)
        said = f"Move 1 of table {new.table_id} (`no-such-move`) cannot be replayed"
        assert screen.halted.startswith(said)
        settled = len(waits)
        await settle(pa, until=lambda: False, timeout=1.5)
        assert len(waits) == settled  # no retry loop: nothing waits on the store any more
        notes = [n.message for n in notices(a)]
        assert sum(said in n for n in notes) == 1
        assert not any("reconnecting" in n for n in notes)
        assert "stopped" in a.title and screen.watcher is None
        await pa.press("1")  # a key at the stopped seat: the notice again, and nothing sent
        await pa.pause()
        assert [m.notation for m in st.moves(new.table_id)] == ["no-such-move"]


def test_a_seat_opened_on_a_table_that_cannot_be_replayed_says_so_and_exits_2(tmp_path, monkeypatch):
    monkeypatch.delenv("SSH_ORIGINAL_COMMAND", raising=False)
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "tables.sqlite3"
    st = open_store(path, delay=0)
    new, _ = two_seats(st)
    _insert_move(path, new.table_id, 0, "zz")
    with pytest.raises(Unreplayable):
        Table(st, new.codes[0])
    r = runner.invoke(cli, ["seat", new.codes[0], "--store", str(path)])
    assert r.exit_code == 2
    assert r.output.strip().startswith(f"tabletop: Move 1 of table {new.table_id} (`zz`) cannot be replayed")
    assert r.output.count("\n") == 1


# -- ctrl+c at a seat -------------------------------------------------------------------------------
@pytest.mark.parametrize("via,words", [("local", "`tabletop seat` with your code, or the launcher's t"),
                                       ("ssh", "ssh -t, with your code"),
                                       ("web", "open your seat's address again")])
async def test_ctrl_c_at_a_seat_says_how_to_come_back(tmp_path, via, words):
    st = open_store(tmp_path / "tables.sqlite3", delay=0)
    new, _ = two_seats(st)
    a = seat_app(Table(st, new.codes[0]), bot_delay=0, via=via)
    async with a.run_test(size=(120, 40)) as pa:
        await settle(pa)
        await pa.press("ctrl+c")
        await pa.pause()
        notes = [n.message for n in notices(a)]
        assert any(words in n and "ctrl+q" in n for n in notes)
        assert not any("--resume" in n for n in notes)  # a table has no save


def test_the_hosts_commands_on_a_full_disk_say_what_was_not_done(small_fs):
    path = small_fs / "tables.sqlite3"
    st = open_store(path, delay=0)
    new, _ = two_seats(st)
    filler = fill(small_fs)
    for args, what in ((["new", "finca", "--players", "2"], "the table was not made"),
                       (["code", new.table_id, "1"], "no new code was made"),
                       (["delete", new.table_id, "--yes"], "nothing was deleted")):
        r = runner.invoke(cli, ["table", *args, "--store", str(path)])
        # (said when the store is opened, if even that needs room; else when the write fails)
        assert r.exit_code == 2 and r.output in (f"tabletop: {DISK_FULL}\n", f"tabletop: {DISK_FULL}: {what}\n")
    filler.unlink()
    assert st.table_ids() == [new.table_id] and Table(st, new.codes[0]).seat == 0  # nothing changed
