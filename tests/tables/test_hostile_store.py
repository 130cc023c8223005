"""Issue 44, "Tables that hold against a hostile player": the store and the host's tools, each
attack made for real — 1,100 wrong codes from one place, symbolic links laid beside the store, a
store moved away under an open seat, a mistyped --store, libpq's keyword form with a password, a
byte flipped in a real index, a file-size limit set on a real process, names and notations with
escape sequences in a save and in the store."""
from __future__ import annotations

import os
import stat
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from tabletop_tui.match import Seat
from tabletop_tui.store.base import CodeRefused, StoreDamaged, StoreError, StoreGone, TooManyAttempts
from tabletop_tui.store.open import open_store, password_in
from tabletop_tui.store.table import Table, new_table
from tests.tables.helpers import in_turn

ROOT = Path(__file__).resolve().parents[2]


def _counting_writes(store) -> list[int]:
    """Count the store's write transactions from now on (the store's own, wrapped)."""
    count = [0]
    inner = store._write

    @contextmanager
    def counted():
        count[0] += 1
        with inner() as tx:
            yield tx

    store._write = counted
    return count


# -- item 1: wrong codes slowed for ever, the count capped, the store spared -----------------------
def test_wrong_codes_past_a_thousand_are_still_slowed_and_write_nothing(store_url):
    """Issue 44, 1: "after 1,029 wrong codes from one source it overflows, every answer becomes
    'the table store cannot be reached (OverflowError)', unslowed" — and each was a store write."""
    s = open_store(store_url, attempts=5, window=60.0, delay=1.0, max_delay=30.0)
    new = s.create_table("piratissimo", [Seat("Ann"), Seat("Ben")], 1)
    writes = None
    waits = []
    for n in range(1, 1101):
        with pytest.raises(CodeRefused) as e:
            s.admit("a" * 28, source="192.0.2.66", pause=False)
        waits.append(e.value.wait)
        if n == 10:  # (the first count whose wait is 30 s: 5 + 5 doublings)
            writes = _counting_writes(s)  # from the cap on: no write for each wrong code
    assert waits[:12] == [1, 1, 1, 1, 1, 2, 4, 8, 16, 30, 30, 30]
    assert set(waits[9:]) == {30}  # slowed for ever, the 1,029th and the 1,100th alike
    assert isinstance(e.value, TooManyAttempts) and "each answer now waits 30 s" in str(e.value)
    assert writes[0] == 0
    with s._read() as tx:
        assert tx.all("SELECT tries FROM refusals WHERE source = ?", ("192.0.2.66",)) == [(10,)]
    assert s.admit(new.codes[0], source="192.0.2.66").seat == 0  # a right code is let in at once


def test_a_source_at_the_cap_is_written_again_before_its_window_forgets_it(store_url):
    s = open_store(store_url, attempts=1, window=60.0, delay=1.0, max_delay=2.0)
    s.create_table("piratissimo", [Seat("Ann"), Seat("Ben")], 1)
    for _ in range(s.tries_cap):
        with pytest.raises(CodeRefused):
            s.admit("a" * 28, source="192.0.2.66", pause=False)
    with s._write() as tx:  # its last write half a window ago and more
        tx.run("UPDATE refusals SET last_at = last_at - 31")
    writes = _counting_writes(s)
    with pytest.raises(CodeRefused) as e:
        s.admit("a" * 28, source="192.0.2.66", pause=False)
    assert e.value.wait == 2 and writes[0] == 1
    with s._read() as tx:
        import time

        assert time.time() - tx.one("SELECT last_at FROM refusals")[0] < 30


# -- item 7: the mode check never follows a symbolic link -------------------------------------------
def _tabletop(*args: str, data: Path, env: dict | None = None, preexec=None,
              cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """`tabletop ARGS` as its own process (standard input closed, $TABLETOP_STORE unset)."""
    full = dict(os.environ, TABLETOP_TUI_DATA_DIR=str(data))
    for name in ("SSH_ORIGINAL_COMMAND", "TABLETOP_STORE", "SSH_CLIENT"):
        full.pop(name, None)
    full.update(env or {})
    full["PYTHONPATH"] = str(ROOT)  # (run from another folder too)
    return subprocess.run([sys.executable, "-m", "tabletop_tui", *args], cwd=cwd, env=full, text=True,
                          capture_output=True, timeout=120, stdin=subprocess.DEVNULL, preexec_fn=preexec)


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


@pytest.mark.parametrize("suffix", ["-journal", "-wal"])
def test_a_link_beside_the_store_is_refused_with_its_path_and_its_target_keeps_its_mode(tmp_path, suffix):
    """Issue 44, 7: "A play-account user linked tables.sqlite3-journal to the host's ~/projects;
    the host's next `table list` made it drw-------. A -wal link turned another file 0644 → 0600.\""""
    store = tmp_path / "tables.sqlite3"
    open_store(store, delay=0).create_table("piratissimo", [Seat("Ann"), Seat("Ben")], 1)
    projects = tmp_path / "projects"
    projects.mkdir()
    (projects / "notes.txt").write_text("mine")
    target = projects if suffix == "-journal" else projects / "notes.txt"
    os.chmod(target, 0o755 if target.is_dir() else 0o644)
    before = _mode(target)
    link = Path(f"{store}{suffix}")
    link.symlink_to(target)
    done = _tabletop("table", "list", "--store", str(store), data=tmp_path / "data")
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.count("\n") == 1 and f"{link} is a symbolic link to {target}" in done.stderr
    assert _mode(target) == before and (projects / "notes.txt").read_text() == "mine"
    assert os.path.islink(link)  # left as it was: the host decides


def test_a_store_that_is_itself_a_link_is_refused_and_what_it_points_to_is_untouched(tmp_path):
    real = tmp_path / "elsewhere.sqlite3"
    open_store(real, delay=0).create_table("piratissimo", [Seat("Ann"), Seat("Ben")], 1)
    os.chmod(real, 0o644)
    link = tmp_path / "tables.sqlite3"
    link.symlink_to(real)
    with pytest.raises(StoreError, match="is a symbolic link"):
        open_store(link, delay=0)
    assert _mode(real) == 0o644


def test_a_folder_in_the_place_of_a_side_file_is_refused(tmp_path):
    store = tmp_path / "tables.sqlite3"
    open_store(store, delay=0).close()
    Path(f"{store}-journal").mkdir(mode=0o755)
    with pytest.raises(StoreError, match="is not a plain file"):
        open_store(store, delay=0)
    assert _mode(Path(f"{store}-journal")) == 0o755


# -- item 8: no store made where none should be -------------------------------------------------------
def test_a_store_moved_away_under_an_open_table_is_said_gone_and_not_made_again(tmp_path):
    """Issue 44, 8: "An open seat whose store was moved away creates a new 0-byte -rw-r--r--
    store and says 'reconnecting…' for ever.\""""
    path = tmp_path / "tables.sqlite3"
    st = open_store(path, delay=0)
    new = new_table(st, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    seat = Table(st, new.codes[0])
    path.rename(tmp_path / "moved.sqlite3")
    for look in (lambda: st.wait(new.table_id, 0, 0.1), lambda: seat.catch_up(),
                 lambda: st.admit(new.codes[1])):
        with pytest.raises(StoreGone) as e:
            look()
        assert str(e.value).startswith(f"The table store {path} is gone (moved or deleted")
        assert isinstance(e.value, StoreDamaged)  # lasting: a seat says it once and stops (seat.py)
    assert not path.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["moved.sqlite3"]


async def test_a_seat_whose_store_is_moved_away_says_so_once_and_stops_waiting(tmp_path):
    from tabletop_tui.app import seat_app
    from tests.screens.helpers import notices

    from .test_seat import seat_of, settle

    path = tmp_path / "tables.sqlite3"
    st = open_store(path, delay=0)
    new = new_table(st, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    a = seat_app(Table(st, new.codes[0]), bot_delay=0)
    async with a.run_test(size=(120, 40)) as pa:
        await settle(pa)
        screen = seat_of(a)
        path.rename(tmp_path / "moved.sqlite3")
        await settle(pa, until=lambda: screen.halted is not None)
        await settle(pa, until=lambda: False, timeout=1.0)
        said = [n.message for n in notices(a) if "is gone" in n.message]
        assert len(said) == 1 and str(path) in said[0]
        assert screen.watcher is None and "reconnecting" not in a.title
    assert not path.exists()


@pytest.mark.parametrize("command", [["list"], ["show", "abc"], ["code", "abc", "1"], ["bot", "abc", "1"],
                                     ["delete", "abc", "--yes"], ["export", "abc", "out.json"]])
def test_the_host_tools_make_no_store_and_no_folder_for_a_mistyped_store(tmp_path, command):
    """Issue 44, 8: "`table list --store typo/x.sqlite3` creates the folders and an empty store
    and answers 'no tables', exit 0.\""""
    typo = tmp_path / "typo" / "x.sqlite3"
    done = _tabletop("table", *command, "--store", str(typo), data=tmp_path / "data", cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert f"There is no table store at {typo}" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no folder, no store, no data folder


def test_the_default_store_missing_is_said_with_its_path_not_made(tmp_path):
    done = _tabletop("table", "list", data=tmp_path / "data", cwd=tmp_path)
    assert done.returncode == 2 and f"There is no table store at {tmp_path / 'data' / 'tables.sqlite3'}" in done.stderr
    assert not (tmp_path / "data").exists()
    made = _tabletop("table", "new", "piratissimo", data=tmp_path / "data", cwd=tmp_path)
    assert made.returncode == 0 and (tmp_path / "data" / "tables.sqlite3").is_file()  # `new` makes one


def test_libpqs_keyword_form_is_read_as_postgresql_and_refused_with_a_password(tmp_path):
    """Issue 44, 8: "`--store "host=… password=… dbname=…"` (libpq's keyword form) becomes a SQLite
    file whose name holds the password.\""""
    address = f"host={tmp_path}/nosocket dbname=tables user=ann password=s3cret"
    done = _tabletop("table", "list", "--store", address, data=tmp_path / "data", cwd=tmp_path)
    assert done.returncode == 2 and "refused on the command line" in done.stderr
    assert "s3cret" not in done.stdout + done.stderr
    bare = f"host={tmp_path}/nosocket dbname=tables"
    done = _tabletop("table", "list", "--store", bare, data=tmp_path / "data", cwd=tmp_path)
    assert done.returncode == 2 and "The PostgreSQL table store cannot be reached" in done.stderr
    done = _tabletop("table", "new", "piratissimo", "--store", bare, data=tmp_path / "data", cwd=tmp_path)
    assert done.returncode == 2 and "PostgreSQL" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no file named after the address
    assert password_in("host=/run/pg PassWord = 'x y' dbname=t") and password_in(" sslpassword=x host=h")
    assert not password_in("host=/run/pg dbname=t") and not password_in("password-file.sqlite3")


def test_libpqs_keyword_form_opens_a_postgresql_store(postgres_server):
    from tabletop_tui.store.postgres import PostgresStore

    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    words = make_conninfo(**conninfo_to_dict(postgres_server))  # the same server, as key=value words
    assert "://" not in words
    st = open_store(words, delay=0)
    assert isinstance(st, PostgresStore)
    st.close()


# -- item 9: faults named as they are -------------------------------------------------------------------
def _flip_in_index(path: Path, index: str, text: str) -> None:
    """Change one character of ``text`` where the index ``index`` keeps it (its root page: a
    small store's index is one page), as a bad sector or a stray write would: the file stays
    well-formed, and quick_check finds nothing wrong."""
    import sqlite3

    con = sqlite3.connect(path)
    try:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        root = con.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (index,)).fetchone()[0]
        size = con.execute("PRAGMA page_size").fetchone()[0]
    finally:
        con.close()
    with open(path, "r+b") as f:
        f.seek((root - 1) * size)
        page = f.read(size)
        at = page.index(text.encode("ascii"))
        f.seek((root - 1) * size + at)
        f.write(b"0" if text[0] != "0" else b"1")
    con = sqlite3.connect(path)
    try:
        assert con.execute("PRAGMA quick_check").fetchall() == [("ok",)]  # the damage quick_check misses
    finally:
        con.close()


def test_a_right_code_behind_a_damaged_index_is_said_as_damage_not_as_no_such_code(tmp_path):
    """Issue 44, 9: "a damaged index refuses a right code as 'No table has that code'"."""
    from tabletop_tui.store.codes import code_hash

    path = tmp_path / "tables.sqlite3"
    st = open_store(path, delay=0)
    new = new_table(st, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    _flip_in_index(path, "sqlite_autoindex_codes_1", code_hash(new.codes[1]))
    for use in (lambda: st.admit(new.codes[1]), lambda: st.append(new.codes[1], 0, "x", in_turn)):
        with pytest.raises(StoreDamaged) as e:
            use()
        said = str(e.value)
        assert said.startswith(f"The table store {path} is damaged (SQLite:") and "No table" not in said
        assert "Restore it from a backup" in said and "\n" not in said
    with pytest.raises(CodeRefused):  # a wrong code is still only a wrong code
        st.admit("a" * 28)
    with st._read() as tx:
        assert tx.one("SELECT COUNT(*) FROM refusals")[0] == 1  # (and the right one was not counted)


def test_a_damaged_table_index_is_said_as_damage_by_table_list(tmp_path):
    """Issue 44, 9: a damaged index "fails all of `table list` as 'There is no table …'"."""
    path = tmp_path / "tables.sqlite3"
    st = open_store(path, delay=0)
    new = new_table(st, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    _flip_in_index(path, "sqlite_autoindex_tables_1", new.table_id)
    done = _tabletop("table", "list", "--store", str(path), data=tmp_path / "data")
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert f"The table store {path} is damaged" in done.stderr and "There is no table" not in done.stderr


def _limit_file_size(limit: int):
    def preexec() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return preexec


def test_a_file_size_limit_is_said_as_one_not_as_a_disk_io_error(tmp_path):
    """Issue 44, 9: "a file-size limit (`ulimit -f`) is said as 'disk I/O error'" — a real limit on
    a real process (`tabletop table import` of a long game), set with setrlimit before it starts."""
    from tabletop_tui.match import Match

    path = tmp_path / "tables.sqlite3"
    open_store(path, delay=0).close()
    m = Match("finca", [Seat(n, True) for n in ("Ann", "Ben", "Cleo", "Dan")], 5)
    while not m.over:
        m.play(m.bot_action())
    m.seats[0] = Seat("Ann")
    save = m.save(tmp_path / "long.json")
    limit = os.path.getsize(path)  # as the store is: the 215 moves need more, in the log and in the file
    done = _tabletop("table", "import", str(save), "--store", str(path), data=tmp_path / "data",
                     preexec=_limit_file_size(limit))
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr == (f"tabletop: The store cannot grow (file size limit, {limit} bytes): "
                           "the table was not made\n")
    assert open_store(path, delay=0).table_ids() == []  # nothing half made


# -- item 6: names and notations plain everywhere -------------------------------------------------------
TITLE = "Ben\x1b]2;PWNED\x07"  # an OSC 2 sequence: sets the terminal's title
PAINT = "\x1b[31;1mred\x1b[0m\x1b]52;c;cm0gLXJmIH4=\x07"  # SGR colours and an OSC 52 clipboard write


def _raw(text: str) -> bool:
    """Whether ``text`` holds a control character as it is (not escaped)."""
    return any(ch in text for ch in "\x1b\x07\x9b\r")


def _save_with(tmp_path: Path, names: list[str]) -> Path:
    """A real save file whose seats have ``names`` (written as a hand or another program would)."""
    import json

    from tabletop_tui.match import Match

    m = Match("piratissimo", [Seat("Ann"), Seat("Ben")], 4)
    path = m.save(tmp_path / "game.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    for seat, name in zip(data["seats"], names):
        seat["name"] = name
    data.pop("state_hash", None)  # (optional: a save made by hand need not carry it)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("names, said", [
    (["Ann", TITLE], "Seat 2's name 'Ben\\x1b]2;PWNED\\x07' holds a control character"),
    (["Ann", "B" * 200_000], "Seat 2's name 'BBBBBBBBBBBBBBBBBBBBBBB…' is longer than 16 characters"),
    (["Ann", "ann"], "Seats 1 and 2 are both named 'ann': every player needs a different name"),
])
def test_table_import_takes_a_saves_names_through_the_one_check(tmp_path, names, said):
    """Issue 44, 6: "`table import` skips `--names`' checks: a seat name `Ben\\x1b]2;PWNED\\x07` set
    Ann's terminal title …; a 200,000-character name filled every screen; duplicate names were taken"."""
    save = _save_with(tmp_path, names)
    store = tmp_path / "tables.sqlite3"
    open_store(store, delay=0).close()
    done = _tabletop("table", "import", str(save), "--store", str(store), data=tmp_path / "data")
    assert done.returncode == 2 and done.stdout == "", done.stdout
    assert done.stderr == f"tabletop: {save}: {said}\n"
    assert open_store(store, delay=0).table_ids() == []
    elsewhere = tmp_path / "new" / "tables.sqlite3"  # a save refused makes no store
    done = _tabletop("table", "import", str(save), "--store", str(elsewhere), data=tmp_path / "data")
    assert done.returncode == 2 and not (tmp_path / "new").exists()


@pytest.mark.parametrize("names, said", [
    (f"Ann,{TITLE}", "--names: 'Ben\\x1b]2;PWNED\\x07' holds a control character"),
    ("Ann," + "B" * 200_000, "--names: 'BBBBBBBBBBBBBBBBBBBBBBB…' is longer than 16 characters"),
    ("Ann,ANN", "--names: every player needs a different name"),
])
def test_table_new_and_a_new_game_take_names_through_the_same_check(tmp_path, names, said):
    from typer.testing import CliRunner

    from tabletop_tui.cli import app

    store = tmp_path / "tables.sqlite3"
    for args in (["table", "new", "piratissimo", "--names", names, "--store", str(store)],
                 ["--game", "piratissimo", "--names", names]):
        r = CliRunner().invoke(app, args)
        assert r.exit_code == 2 and r.output == f"tabletop: {said}\n"
    assert not store.exists()


def test_a_save_opened_with_a_bad_name_is_refused_in_one_line(tmp_path):
    from typer.testing import CliRunner

    from tabletop_tui.cli import app
    from tabletop_tui.match import Match, SaveError

    save = _save_with(tmp_path, ["Ann", TITLE])
    with pytest.raises(SaveError, match="holds a control character"):
        Match.load(save)
    r = CliRunner().invoke(app, ["replay", str(save)])
    assert r.exit_code == 2 and not _raw(r.output) and "\\x1b]2;PWNED" in r.output
    assert r.output.count("\n") == 1


def test_the_store_checks_names_itself_too(store):
    with pytest.raises(StoreError, match="both named"):
        store.create_table("piratissimo", [Seat("Ann"), Seat("ANN")], 1)
    with pytest.raises(StoreError, match="holds a control character"):
        store.create_table("piratissimo", [Seat("Ann"), Seat(TITLE)], 1)
    assert store.table_ids() == []


def _written_by_hand(path: Path, table_id: str, names: list[str], notation: str | None = None,
                     note: str | None = None) -> None:
    """Names, a move and a note put into a real store behind its back (a `play` user with write access)."""
    import json
    import sqlite3

    con = sqlite3.connect(path, isolation_level=None)
    try:
        con.execute("UPDATE tables SET seats = ? WHERE id = ?",
                    (json.dumps([{"name": n, "kind": "human"} for n in names]), table_id))
        if notation is not None:
            con.execute("INSERT INTO moves (table_id, seq, seat, notation, at) VALUES (?, 0, 0, ?, 0)",
                        (table_id, notation))
        if note is not None:
            con.execute("INSERT INTO notes (table_id, seq, text, at) VALUES (?, 0, ?, 0)", (table_id, note))
    finally:
        con.close()


def test_names_notations_and_notes_from_the_store_reach_the_hosts_terminal_as_text(tmp_path):
    """Issue 44, 6: a name printed raw on the host's terminal "through `table list`"; "A notation
    written into the store put SGR colours and an OSC 52 clipboard write on a seat's terminal, and
    `table show` prints it raw"."""
    path = tmp_path / "tables.sqlite3"
    st = open_store(path, delay=0)
    new = new_table(st, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    _written_by_hand(path, new.table_id, ["Ann", TITLE + "B" * 200_000], notation=PAINT, note=PAINT)
    listed = _tabletop("table", "list", "--store", str(path), data=tmp_path / "data")
    shown = _tabletop("table", "show", new.table_id, "--store", str(path), data=tmp_path / "data")
    for done in (listed, shown):
        assert done.returncode == 0, done.stderr
        assert not _raw(done.stdout + done.stderr) and "Ben\\x1b]2;PWNED…" in done.stdout
        assert max(len(line) for line in done.stdout.splitlines()) < 200  # no name fills the screen
    assert "\\x1b[31;1mred\\x1b[0m" in shown.stdout and "]52;" in shown.stdout  # the notation, as text
    assert shown.stdout.count("\\x1b]52;") == 2  # in why the table stopped, and in the host's note


def test_a_seat_sees_the_stores_names_and_notations_as_text(tmp_path):
    from tabletop_tui.rules.names import name_problem
    from tabletop_tui.store.base import Unreplayable

    path = tmp_path / "tables.sqlite3"
    st = open_store(path, delay=0)
    new = new_table(st, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    _written_by_hand(path, new.table_id, [TITLE, TITLE])
    t = Table(st, new.codes[0])
    assert t.match.names == ["Ben\\x1b]2;PWNED…", "Seat 2"]  # fit, plain and apart; the store unchanged
    assert all(name_problem(n) is None for n in t.match.names)
    _written_by_hand(path, new.table_id, ["Ann", "Ben"], notation=PAINT)
    with pytest.raises(Unreplayable) as e:
        Table(st, new.codes[0])
    assert not _raw(str(e.value)) and "\\x1b]52;" in str(e.value)


def test_the_host_names_a_seat_one_of_two_alike_and_is_asked_for_its_number(tmp_path):
    """Issue 44, 6: "`table code T Ann` silently picked seat 1" of two seats named Ann."""
    import sqlite3

    path = tmp_path / "tables.sqlite3"
    st = open_store(path, delay=0)
    new = new_table(st, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("UPDATE tables SET seats = ? WHERE id = ?",  # an older store's: the same name twice,
                ('[{"name": "Ann", "kind": "human"}, {"name": "Ann", "kind": "human"}]', new.table_id))
    con.close()  # (read as Ann and Seat 2, so that the seats stay apart on screen)
    done = _tabletop("table", "code", new.table_id, "ann", "--store", str(path), data=tmp_path / "data")
    assert done.returncode == 0 and done.stdout.startswith("seat 1 Ann  ")
    from tabletop_tui.store.host import seat_of
    from tabletop_tui.store.base import TableInfo

    two = TableInfo("t1", "piratissimo", {}, [Seat("Ann"), Seat("ann")], 1, 0.0)
    with pytest.raises(StoreError, match=r"has 2 seats named 'Ann' \(seats 1, 2\): give the seat's number"):
        seat_of(two, "Ann")


# -- item 12 (this branch's part): joined-tables.json never holds a password ---------------------------
async def test_joined_tables_never_keep_a_stores_password_and_the_seat_opens_from_the_environment(
        pg_url, tmp_path, monkeypatch):
    """Issue 44, 12: "`joined-tables.json` keeps `$TABLETOP_STORE` with its password"."""
    import json

    from psycopg.conninfo import make_conninfo

    from tabletop_tui.app import TabletopApp
    from tabletop_tui.screens.seat import SeatMixin
    from tabletop_tui.store.joined import joined_path, load_joined, remember
    from tests.screens.helpers import notices

    from .test_seat import seat_of, settle

    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path / "data"))
    address = make_conninfo(pg_url, password="s3cret-pw")  # (the test server trusts its socket: unused)
    monkeypatch.setenv("TABLETOP_STORE", address)
    st = open_store(address, delay=0)
    new = new_table(st, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    remember(Table(st, new.codes[1]), new.codes[1], address)  # as `tabletop seat` does
    kept = joined_path().read_text(encoding="utf-8")
    assert "s3cret-pw" not in kept and json.loads(kept)[0]["store"] == "$TABLETOP_STORE"
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        assert seat_of(app).my_seat == 1  # opened with the address from the environment
        await pilot.press("escape", "y")
        await pilot.pause()
        monkeypatch.delenv("TABLETOP_STORE")
        await pilot.press("enter")
        await pilot.pause()
        assert not any(isinstance(s, SeatMixin) for s in app.screen_stack)
        said = [n.message for n in notices(app)]
        assert any("set $TABLETOP_STORE again to open the seat" in m for m in said), said
    assert "s3cret-pw" not in joined_path().read_text(encoding="utf-8")
    # a file written by an older version, with the password: taken out at the next read
    old = json.loads(joined_path().read_text(encoding="utf-8"))
    old[0]["store"] = address
    joined_path().write_text(json.dumps(old), encoding="utf-8")
    assert [e["store"] for e in load_joined()] == ["$TABLETOP_STORE"]
    assert "s3cret-pw" not in joined_path().read_text(encoding="utf-8")
