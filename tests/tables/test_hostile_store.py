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
from tabletop_tui.store.base import CodeRefused, StoreError, TooManyAttempts
from tabletop_tui.store.open import open_store

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
def _tabletop(*args: str, data: Path, env: dict | None = None, preexec=None) -> subprocess.CompletedProcess:
    """`tabletop ARGS` as its own process (standard input closed, $TABLETOP_STORE unset)."""
    full = dict(os.environ, TABLETOP_TUI_DATA_DIR=str(data))
    for name in ("SSH_ORIGINAL_COMMAND", "TABLETOP_STORE", "SSH_CLIENT"):
        full.pop(name, None)
    full.update(env or {})
    return subprocess.run([sys.executable, "-m", "tabletop_tui", *args], cwd=ROOT, env=full, text=True,
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
