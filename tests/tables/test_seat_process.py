"""`tabletop seat` as a process: a wrong code is refused with one line and exit 2 (the code in no
message), the code comes from $SSH_ORIGINAL_COMMAND over SSH, a joined table is remembered in a
file only its owner reads, and a seat process killed with kill -9 loses nothing."""
from __future__ import annotations

import json
import os
import pty
import signal
import stat
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from tabletop_tui.cli import app
from tabletop_tui.match import Seat
from tabletop_tui.store.open import open_store
from tabletop_tui.store.table import Table, new_table
from tabletop_tui.table_cli import _ssh_code
from tests.support.terminal import Terminal, read_pty_until

runner = CliRunner()


@pytest.fixture
def store_path(tmp_path):
    return tmp_path / "tables.sqlite3"


def test_a_wrong_code_is_refused_with_one_line_and_exit_2(store_path, monkeypatch):
    """A wrong, malformed code: one clear line, exit 2, and the code in no message."""
    monkeypatch.delenv("SSH_ORIGINAL_COMMAND", raising=False)
    open_store(store_path).close()
    wrong = "abcd-efgh-ijkl-mnop-qrst-uvwx-yz23"
    for code in (wrong, "not a code"):
        r = runner.invoke(app, ["seat", code, "--store", str(store_path)])
        assert r.exit_code == 2
        out = r.output.strip()
        assert out.count("\n") == 0 and out.startswith("tabletop: ")
        assert "code" in out and code not in out and code.replace("-", "") not in out


def test_no_code_at_all_says_how_to_give_one(store_path, monkeypatch):
    monkeypatch.delenv("SSH_ORIGINAL_COMMAND", raising=False)
    r = runner.invoke(app, ["seat", "--store", str(store_path)])
    assert r.exit_code == 2 and "give your seat's code" in r.output


def test_over_ssh_the_code_is_what_the_player_typed_after_the_host(store_path, monkeypatch):
    """`ssh -t play@host CODE` with `ForceCommand tabletop seat`: the code is in
    $SSH_ORIGINAL_COMMAND, refused the same way when wrong."""
    assert _ssh_code("abcd efgh") == "abcd efgh"
    assert _ssh_code("tabletop seat abcd-efgh") == "abcd-efgh"
    monkeypatch.setenv("SSH_ORIGINAL_COMMAND", "zzzz-zzzz")
    monkeypatch.setenv("SSH_CLIENT", "192.0.2.7 50000 22")
    open_store(store_path).close()
    r = runner.invoke(app, ["seat", "--store", str(store_path)])
    assert r.exit_code == 2 and "not a table code" in r.output and "zzzz" not in r.output
    st = open_store(store_path)
    with st._read() as tx:
        assert tx.one("SELECT source FROM refusals")[0] == "192.0.2.7"  # the rate limit's source


def _run_seat(code: str, store_path, data_dir, cols: int = 120, rows: int = 40):
    """`tabletop seat CODE` in a pseudo-terminal, as a player's terminal runs it."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the seat
        os.environ.update(TABLETOP_TUI_DATA_DIR=str(data_dir), COLUMNS=str(cols), LINES=str(rows),
                          TERM="xterm-256color")
        os.environ.pop("SSH_ORIGINAL_COMMAND", None)
        os.execv(sys.executable, [sys.executable, "-m", "tabletop_tui", "seat", code,
                                  "--store", str(store_path), "--bot-delay", "0"])
    return pid, fd, Terminal(cols, rows, fd)


def test_a_seat_killed_with_kill_9_loses_nothing_and_opens_again_where_it_was(store_path, tmp_path):
    """kill -9 of a seat process: every move made stays; opening the seat again goes on."""
    st = open_store(store_path, delay=0)
    new = new_table(st, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    first = Table(st, new.spectator).match.pending.seat  # whoever the dice made start
    other = 1 - first
    data = tmp_path / "data"
    pid, fd, term = _run_seat(new.codes[first], store_path, data)
    try:
        read_pty_until(fd, "YOUR TURN", term, timeout=20)
        os.write(fd, b"1")  # the first choice
        deadline = time.monotonic() + 10
        while not st.moves(new.table_id) and time.monotonic() < deadline:
            time.sleep(0.05)
        moves = st.moves(new.table_id)
        assert len(moves) >= 1
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
    mine = Table(st, new.codes[first])
    assert mine.match.actions == [m.notation for m in moves]  # all there, replayable
    theirs = Table(st, new.codes[other])
    while theirs.match.pending.seat != first:  # the game goes on without the closed seat
        sender = theirs if theirs.match.pending.seat == other else mine
        sender.catch_up()
        sender.play(sender.match.rules.notation(sender.match.legal_actions()[0]))
        theirs.catch_up()
    before = len(st.moves(new.table_id))
    pid, fd, term = _run_seat(new.codes[first], store_path, data)
    try:
        text = read_pty_until(fd, "YOUR TURN", term, timeout=20)
        assert "reconnecting" not in text
        os.write(fd, b"1")
        deadline = time.monotonic() + 10
        while len(st.moves(new.table_id)) == before and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(st.moves(new.table_id)) > before  # and it goes on from where the table is
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
    # the joined table is remembered, in a file only its owner may read
    joined = data / "joined-tables.json"
    assert stat.S_IMODE(joined.stat().st_mode) == 0o600
    entries = json.loads(joined.read_text())
    assert [(e["table"], e["seat"]) for e in entries] == [(new.table_id, ["Ann", "Ben"][first])]
