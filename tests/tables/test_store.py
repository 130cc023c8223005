"""The table store's interface, the same on SQLite and on PostgreSQL: tables, moves in order,
one move per number, waiting for another process's move, and the seat codes."""
from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tabletop_tui.match import Seat
from tabletop_tui.store.base import CodeRefused, IllegalMove, MovedOn, NotYourTurn, StoreError, TooManyAttempts
from tabletop_tui.store.open import open_store
from tabletop_tui.store.codes import code_hash, normalise
from tests.tables.helpers import in_turn

HELPER = Path(__file__).with_name("helpers.py")
ROOT = Path(__file__).resolve().parents[2]
SEATS = [Seat("Ann"), Seat("Ben"), Seat("Cleo", bot=True, level="hard")]


def make(store, seats=SEATS):
    return store.create_table("maracaibo", seats, 7, {"variant": "x"})


def test_a_new_table_keeps_its_set_up_and_gives_a_code_to_each_person_and_one_to_watch(store):
    new = make(store)
    info = store.table(new.table_id)
    assert (info.game, info.seed, info.options) == ("maracaibo", 7, {"variant": "x"})
    assert [(s.name, s.bot, s.level) for s in info.seats] == [(s.name, s.bot, s.level) for s in SEATS]
    assert sorted(new.codes) == [0, 1]  # the bot's seat has no code
    assert store.admit(new.codes[0]).seat == 0
    assert store.admit(new.codes[1]).seat == 1
    watch = store.admit(new.spectator)
    assert watch.spectator and watch.table_id == new.table_id
    assert len({*new.codes.values(), new.spectator}) == 3
    assert store.moves(new.table_id) == []
    assert new.table_id in store.table_ids()


def test_codes_are_long_random_and_typed_in_any_case_with_or_without_dashes(store):
    new = make(store)
    code = new.codes[0]
    assert len(normalise(code)) == 28  # 28 base32 letters: 136 bits
    assert store.admit(code.upper().replace("-", " ")).seat == 0


def test_moves_are_appended_in_order_each_with_the_seat_that_decided(store):
    new = make(store)
    a, b = new.codes[0], new.codes[1]
    store.append(a, 0, "m0", in_turn)
    store.append(b, 1, "m1", in_turn)
    store.append(a, 2, "m2", in_turn)  # seat 3 is a bot: a person's code may send its move
    store.append(a, 3, "m3", in_turn)
    moves = store.moves(new.table_id)
    assert [(m.seq, m.seat, m.notation) for m in moves] == [(0, 0, "m0"), (1, 1, "m1"), (2, 2, "m2"), (3, 0, "m3")]
    assert [m.seq for m in store.moves(new.table_id, since=2)] == [2, 3]


def test_a_move_that_expects_another_number_is_refused_and_changes_nothing(store):
    new = make(store)
    store.append(new.codes[0], 0, "m0", in_turn)
    with pytest.raises(MovedOn, match="moved on"):
        store.append(new.codes[1], 0, "late", in_turn)
    with pytest.raises(MovedOn):
        store.append(new.codes[1], 5, "early", in_turn)
    assert [m.notation for m in store.moves(new.table_id)] == ["m0"]


def test_a_move_the_rules_refuse_is_not_appended(store):
    new = make(store)
    with pytest.raises(IllegalMove, match="not a move"):
        store.append(new.codes[0], 0, "bad", in_turn)
    assert store.moves(new.table_id) == []


def test_two_seats_appending_at_once_exactly_one_lands(store_url):
    """Two processes' worth of connections (one store object each) send move 0 together."""
    s1, s2 = open_store(store_url, delay=0), open_store(store_url, delay=0)
    new = s1.create_table("maracaibo", [Seat("Ann"), Seat("Ben")], 1)
    start = threading.Barrier(2)
    results: dict[str, object] = {}

    def own_turn_slowly(seat):  # each thinks it is its turn, and takes its time inside the append
        def check(info, moves, notation, code_seat):
            time.sleep(0.3)
            return seat, notation
        return check

    def send(name, st, code):
        start.wait()
        try:
            results[name] = st.append(code, 0, name, own_turn_slowly(int(name[-1])))
        except MovedOn as e:
            results[name] = e

    threads = [threading.Thread(target=send, args=("s0", s1, new.codes[0])),
               threading.Thread(target=send, args=("s1", s2, new.codes[1]))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    landed = [k for k, v in results.items() if not isinstance(v, Exception)]
    refused = [v for v in results.values() if isinstance(v, MovedOn)]
    assert len(landed) == 1 and len(refused) == 1, results
    assert "moved on" in str(refused[0])
    assert [m.notation for m in s1.moves(new.table_id)] == landed


def test_a_wait_notices_another_process_commit(store, store_url):
    new = make(store)
    store.append(new.codes[0], 0, "m0", in_turn)
    proc = subprocess.Popen([sys.executable, str(HELPER), store_url, "1", "m1"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    proc.stdin.write(new.codes[1] + "\n")
    proc.stdin.close()
    got = store.wait(new.table_id, 1, timeout=15)
    err = proc.stderr.read()
    assert proc.wait(30) == 0, err
    assert [(m.seq, m.seat, m.notation) for m in got] == [(1, 1, "m1")]  # (how soon: make bench)


def test_a_wait_with_nothing_new_gives_nothing_after_its_timeout(store):
    new = make(store)
    t0 = time.monotonic()
    assert store.wait(new.table_id, 0, timeout=0.3) == []
    assert 0.25 <= time.monotonic() - t0 < 30  # it waited, and did not hang


def test_a_wait_returns_at_once_when_the_moves_are_there_already(store):
    new = make(store)
    store.append(new.codes[0], 0, "m0", in_turn)
    assert [m.notation for m in store.wait(new.table_id, 0, timeout=10)] == ["m0"]


def _everything_stored(store) -> str:
    with store._read() as tx:
        rows = [tx.all(f"SELECT * FROM {t}") for t in ("tables", "codes", "moves", "refusals")]
    return repr(rows)


def test_codes_are_stored_only_as_hashes(store, store_url):
    new = make(store)
    codes = [*new.codes.values(), new.spectator]
    dump = _everything_stored(store)
    if store_url.endswith(".sqlite3"):  # the file itself, and its write-ahead log
        dump += "".join(Path(p).read_bytes().decode("latin-1") for p in Path(store_url).parent.glob("tables.sqlite3*"))
    for c in codes:
        assert c not in dump and normalise(c) not in dump and normalise(c).upper() not in dump
        assert code_hash(c) in dump


def test_a_wrong_code_is_refused_with_one_line_that_does_not_repeat_it(store):
    make(store)
    wrong = "abcd-efgh-ijkl-mnop-qrst-uvwx-yz23"
    with pytest.raises(CodeRefused) as e:
        store.admit(wrong)
    msg = str(e.value)
    assert "No table has that code" in msg and "\n" not in msg and "abcd" not in msg.lower()
    with pytest.raises(CodeRefused, match="not a table code") as e:
        store.admit("let-me-in")
    assert "let-me-in" not in str(e.value)
    with pytest.raises(CodeRefused):
        store.append(wrong, 0, "m0", in_turn)


def test_a_seat_code_cannot_act_for_another_seat(store):
    new = make(store)
    with pytest.raises(NotYourTurn, match="It is Ann's turn to decide, not Ben's"):
        store.append(new.codes[1], 0, "m0", in_turn)
    assert store.moves(new.table_id) == []


def test_a_spectator_code_only_watches(store):
    new = make(store)
    with pytest.raises(NotYourTurn, match="only watches"):
        store.append(new.spectator, 0, "m0", in_turn)
    assert store.moves(new.table_id) == []


def test_a_right_code_is_never_refused_however_many_wrong_ones_came_from_anywhere(store):
    """Wrong codes from one place, and from many made-up places: a right code from any of them,
    and from elsewhere, still opens its seat at once (codes are 136 bits: the limit is against
    hammering, not guessing; behind a proxy every visitor shares one address)."""
    new = make(store)
    for i in range(12):
        for _ in range(6):
            with pytest.raises(CodeRefused):
                store.admit("a" * 28, source=f"10.0.0.{i}")
    assert store.admit(new.codes[0], source="10.0.0.0").seat == 0
    assert store.admit(new.codes[1], source="local").seat == 1
    store.append(new.codes[0], 0, "m0", in_turn, source="10.0.0.0")  # and it plays
    assert len(store.moves(new.table_id)) == 1


def test_wrong_codes_from_one_place_are_answered_ever_more_slowly_and_only_there(store_url):
    """Each wrong code waits `delay`; past `attempts` of them from one place, each waits twice as
    long as the one before, up to `max_delay`; another place is not slowed; a wrong code sent to
    make a move counts the same. The store keeps one row per place, not one per try."""
    s = open_store(store_url, attempts=3, window=60.0, delay=1.0, max_delay=8.0)
    new = make(s)
    waits = []
    for _ in range(7):
        with pytest.raises(CodeRefused) as e:
            s.admit("a" * 28, source="10.0.0.9", pause=False)
        waits.append(e.value.wait)
    assert waits == [1, 1, 1, 2, 4, 8, 8]
    assert isinstance(e.value, TooManyAttempts) and "each answer now waits 8 s" in str(e.value)
    with pytest.raises(CodeRefused) as e:
        s.admit("b" * 28, source="10.0.0.7", pause=False)
    assert e.value.wait == 1 and not isinstance(e.value, TooManyAttempts)
    s.max_delay = s.delay = 0  # (so that the refused move below is not slept)
    with pytest.raises(CodeRefused):
        s.append("b" * 28, 0, "m0", in_turn, source="10.0.0.7")
    with s._read() as tx:
        # (the count stops where the wait is longest: 3 + the doublings from 1 s to 8 s)
        assert sorted(tx.all("SELECT source, tries FROM refusals")) == [("10.0.0.7", 2), ("10.0.0.9", 6)]
    assert s.admit(new.codes[0], source="10.0.0.9").seat == 0


def test_a_place_forgets_its_wrong_codes_a_window_after_the_last(store_url):
    s = open_store(store_url, attempts=1, window=60.0, delay=1.0)
    make(s)
    for want in (1, 2, 4):
        with pytest.raises(CodeRefused) as e:
            s.admit("a" * 28, source="10.0.0.9", pause=False)
        assert e.value.wait == want
    s.window = 0.05  # (a short window only now: a slow machine cannot make the tries above forget)
    time.sleep(0.2)
    with pytest.raises(CodeRefused) as e:
        s.admit("a" * 28, source="10.0.0.9", pause=False)
    assert e.value.wait == 1


def test_a_refused_code_is_answered_only_after_a_short_delay(store_url):
    s = open_store(store_url, delay=0.3)
    t0 = time.monotonic()
    with pytest.raises(CodeRefused):
        s.admit("a" * 28)
    assert time.monotonic() - t0 >= 0.3


def test_the_store_address_says_which_store(tmp_path, monkeypatch, store_url):
    from tabletop_tui.store.sqlite import SqliteStore

    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path / "data"))
    assert open_store(None).path == tmp_path / "data" / "tables.sqlite3"
    assert open_store(f"sqlite://{tmp_path}/a.db").path == tmp_path / "a.db"
    assert open_store(str(tmp_path / "b.db")).path == tmp_path / "b.db"
    assert isinstance(open_store(str(tmp_path / "b.db")), SqliteStore)
    with pytest.raises(StoreError, match="not a mysql:// address") as e:
        open_store("mysql://ann:s3cret@db.example/tables")
    assert "s3cret" not in str(e.value)
    with pytest.raises(StoreError, match="three slashes"):
        open_store("sqlite://relative.db")
    if store_url.startswith("postgresql"):
        from tabletop_tui.store.postgres import PostgresStore

        assert isinstance(open_store(store_url), PostgresStore)


def test_a_file_that_is_not_a_store_is_refused_clearly(tmp_path):
    bad = tmp_path / "not.sqlite3"
    bad.write_text("hello, this is not a database" * 100)
    with pytest.raises(StoreError, match="not a table store"):
        open_store(bad)


def test_an_unreachable_postgresql_store_is_one_clear_line_without_the_password(tmp_path):
    # (without psycopg the store says so instead, and this fails: make test installs the extra)
    with pytest.raises(StoreError, match="cannot be reached") as e:
        open_store(f"postgresql://ann:s3cret@/postgres?host={tmp_path}&connect_timeout=2")
    assert "s3cret" not in str(e.value) and "\n" not in str(e.value)


def test_a_postgresql_wait_reads_the_moves_again_after_losing_its_connection(pg_url):
    import psycopg

    s = open_store(pg_url, delay=0)
    new = s.create_table("maracaibo", [Seat("Ann"), Seat("Ben")], 1)
    got: list = []
    waiter = threading.Thread(target=lambda: got.extend(s.wait(new.table_id, 0, timeout=15)))
    waiter.start()
    base = pg_url.split("&options=")[0]
    with psycopg.connect(base, autocommit=True) as con:
        for _ in range(100):  # the waiter is listening: cut its connection
            killed = con.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                 "WHERE application_name = 'tabletop-wait'").fetchall()
            if killed:
                break
            time.sleep(0.05)
    assert killed
    s.append(new.codes[0], 0, "m0", in_turn)  # perhaps before it listens again: it re-reads
    waiter.join(20)
    assert [m.notation for m in got] == ["m0"]


def test_the_tables_extra_is_installed_at_the_versions_the_project_names():
    """`make test` installs `.[test,tables]`: the store's PostgreSQL client and the pinned
    textual-serve the seats' web page is built on (a missing one fails here, never skips)."""
    from importlib.metadata import version

    assert version("textual-serve") == "1.1.3"
    assert version("psycopg").split(".")[0] == "3"



def test_a_postgresql_wait_cut_between_connecting_and_listening_tries_again(pg_url):
    # CI once cut the waiter's connection after it was made but before its LISTEN: the wait
    # raised the server's AdminShutdown instead of connecting again
    import psycopg

    s = open_store(pg_url, delay=0)
    new = s.create_table("maracaibo", [Seat("Ann"), Seat("Ben")], 1)
    s.append(new.codes[0], 0, "m0", in_turn)
    made = s._connect
    cut: list = []

    def cut_first_wait(**kw):
        con = made(**kw)
        if kw.get("application_name") == "tabletop-wait" and not cut:
            with psycopg.connect(pg_url.split("&options=")[0], autocommit=True) as admin:
                admin.execute("SELECT pg_terminate_backend(%s)", (con.info.backend_pid,))
            cut.append(con.info.backend_pid)
        return con

    s._connect = cut_first_wait
    got = s.wait(new.table_id, 0, timeout=10)
    assert cut, "the first waiting connection was cut"
    assert [m.notation for m in got] == ["m0"]
