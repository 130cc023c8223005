"""Codes never in a command line (issue 35): `tabletop seat` without a code asks for it in the
terminal without echoing it (as ssh asks for a passphrase), or reads one line of standard input
when it is piped; the seat process's command line, which every user of the machine can read,
holds no code."""
from __future__ import annotations

import os
import pty
import signal
import subprocess
import sys
import time
from pathlib import Path

from tabletop_tui.match import Seat
from tabletop_tui.store.open import open_store
from tabletop_tui.store.table import new_table
from tests.support.terminal import read_pty_until

ROOT = Path(__file__).resolve().parents[2]


def _table(tmp_path):
    store_path = tmp_path / "tables.sqlite3"
    new = new_table(open_store(store_path, delay=0), "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    return store_path, new


def _env(tmp_path, **extra) -> dict:
    env = dict(os.environ, TABLETOP_TUI_DATA_DIR=str(tmp_path / "data"), TERM="xterm-256color",
               PYTHONPATH=str(ROOT), **extra)
    for name in ("SSH_ORIGINAL_COMMAND", "SSH_CLIENT", "TABLETOP_STORE"):
        if name not in extra:
            env.pop(name, None)
    return env


def _cmdline(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")


def _no_code_in(text: str, code: str) -> bool:
    return code not in text and code.replace("-", "") not in text.replace("-", "")


def test_in_a_terminal_the_code_is_asked_for_and_not_shown_as_it_is_typed(tmp_path):
    store_path, new = _table(tmp_path)
    code = new.codes[0]
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(sys.executable, [sys.executable, "-m", "tabletop_tui", "seat", "--store", str(store_path)],
                  _env(tmp_path))
    try:
        shown = read_pty_until(fd, b"Your seat's code")
        os.write(fd, code.encode() + b"\r")
        shown += read_pty_until(fd, f"table {new.table_id}".encode())
        assert _no_code_in(shown.decode(errors="replace"), code), "the code was echoed"
        assert _no_code_in(_cmdline(pid), code)
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)


def test_piped_the_code_is_one_line_of_standard_input_and_what_follows_is_the_seats(tmp_path):
    """`... | tabletop seat`: the first line is the code; the seat opens, with the code in no
    command line, and the keys after the line are its own input (a move is made with them)."""
    store_path, new = _table(tmp_path)
    st = open_store(store_path, delay=0)
    from tabletop_tui.store.table import Table

    first = Table(st, new.spectator).match.pending.seat
    code = new.codes[first]
    r_out, w_out = os.pipe()
    proc = subprocess.Popen([sys.executable, "-m", "tabletop_tui", "seat", "--store", str(store_path),
                             "--bot-delay", "0"], cwd=ROOT, env=_env(tmp_path, COLUMNS="120", LINES="40"),
                            stdin=subprocess.PIPE, stdout=w_out, stderr=w_out)
    os.close(w_out)
    try:
        proc.stdin.write(code.encode() + b"\n")
        proc.stdin.flush()
        read_pty_until(r_out, b"YOUR TURN")
        assert _no_code_in(_cmdline(proc.pid), code)
        proc.stdin.write(b"1")  # the first choice, typed after the code
        proc.stdin.flush()
        deadline = time.monotonic() + 30
        while not st.moves(new.table_id) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert st.moves(new.table_id), "the key after the code's line never reached the seat"
    finally:
        proc.kill()
        proc.wait()
        os.close(r_out)


def test_over_ssh_a_code_asked_for_counts_against_the_players_address(tmp_path):
    """`ssh -t play@HOST` with no code after it: the code is asked for; a wrong one counts
    against $SSH_CLIENT's address, and is refused in one line that does not repeat it."""
    store_path, new = _table(tmp_path)
    wrong = "abcd-efgh-ijkl-mnop-qrst-uvwx-yz23"
    r = subprocess.run([sys.executable, "-m", "tabletop_tui", "seat", "--store", str(store_path)], cwd=ROOT,
                       env=_env(tmp_path, SSH_CLIENT="192.0.2.8 50000 22"), input=wrong + "\n",
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "No table has that code" in r.stderr and "abcd" not in r.stderr
    with open_store(store_path)._read() as tx:
        assert tx.all("SELECT source FROM refusals") == [("192.0.2.8",)]


def test_a_seat_with_no_terminal_and_no_pipe_says_it_needs_one(tmp_path):
    """Standard input /dev/null (input at its end already): one line, exit 2, nothing spins."""
    store_path, new = _table(tmp_path)
    r = subprocess.run([sys.executable, "-m", "tabletop_tui", "seat", new.codes[0], "--store", str(store_path)],
                       cwd=ROOT, env=_env(tmp_path), stdin=subprocess.DEVNULL, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 2 and "needs a terminal" in r.stderr and r.stderr.count("\n") == 1
