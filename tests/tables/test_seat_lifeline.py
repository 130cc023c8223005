"""A seat ends with its player (issue 35, tabletop_tui/lifeline.py), tried with real processes:
its input a pipe that closes, its terminal closed, SIGHUP; and while the player is there an idle
seat costs next to no CPU. (`tabletop serve` killed with kill -9, and a closed websocket, are in
test_serve.py.) The bounds are generous: "ends within 5 s" is polled for up to 30 s."""
from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tabletop_tui.match import Seat
from tabletop_tui.store.open import open_store
from tabletop_tui.store.table import new_table
from tests.support.terminal import read_pty_until

ROOT = Path(__file__).resolve().parents[2]
ENDS_WITHIN = 30.0  # the seat ends in well under 5 s; this bound only keeps a broken run finite


@pytest.fixture
def table(tmp_path):
    store_path = tmp_path / "tables.sqlite3"
    st = open_store(store_path, delay=0)
    new = new_table(st, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    return store_path, new


def _env(tmp_path) -> dict:
    env = dict(os.environ, TABLETOP_TUI_DATA_DIR=str(tmp_path / "data"), TERM="xterm-256color",
               COLUMNS="100", LINES="30", PYTHONPATH=str(ROOT))
    env.pop("SSH_ORIGINAL_COMMAND", None)
    return env


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def _ended(pid: int, bound: float = ENDS_WITHIN) -> tuple[bool, float]:
    """Wait (polling) for the child to end; (ended, its CPU seconds over its whole life)."""
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            return True, usage.ru_utime + usage.ru_stime
        time.sleep(0.1)
    return False, 0.0


def _seat_in_pty(table, tmp_path) -> tuple[int, int]:
    """`tabletop seat CODE` in a pseudo-terminal, once it has drawn its screen: (pid, the
    terminal's master side)."""
    store_path, new = table
    env = _env(tmp_path)
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(sys.executable, [sys.executable, "-m", "tabletop_tui", "seat", new.codes[0],
                                   "--store", str(store_path), "--bot-delay", "0"], env)
    try:
        read_pty_until(fd, b"table")
    except BaseException:
        _end(pid, fd)
        raise
    return pid, fd


def _end(pid: int, fd: int | None = None) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass
    if fd is not None:
        os.close(fd)


def _seat_in_pipes(table, tmp_path) -> tuple[subprocess.Popen, int]:
    """`tabletop seat CODE` with pipes for input and output (an SSH session without a terminal),
    once it has drawn its screen: (the process, the read end of its output)."""
    store_path, new = table
    r_out, w_out = os.pipe()
    proc = subprocess.Popen([sys.executable, "-m", "tabletop_tui", "seat", new.codes[0], "--store",
                             str(store_path)], cwd=ROOT, env=_env(tmp_path), stdin=subprocess.PIPE,
                            stdout=w_out, stderr=w_out)
    os.close(w_out)
    try:
        read_pty_until(r_out, b"table " + new.table_id.encode())
    except BaseException:
        proc.kill()
        proc.wait()
        os.close(r_out)
        raise
    return proc, r_out


def test_a_seat_whose_input_pipe_closes_ends_and_does_not_spin(table, tmp_path):
    """An SSH session without a terminal that drops: standard input at EOF. The seat ends within
    seconds, spending next to no CPU meanwhile (it used to spin at a full core forever)."""
    proc, r_out = _seat_in_pipes(table, tmp_path)
    before = _cpu_seconds(proc.pid)
    proc.stdin.close()  # the player's input ends
    ended, cpu = _ended(proc.pid)
    _end(proc.pid, r_out)
    assert ended, "the seat kept running after its input ended"
    assert cpu - before < 2.0, f"{cpu - before:.2f} s of CPU between the input's end and the exit"


def test_a_seat_whose_output_pipe_closes_ends(table, tmp_path):
    """Its output's reader gone (writes would fail with EPIPE) while its input stays open."""
    proc, r_out = _seat_in_pipes(table, tmp_path)
    os.close(r_out)  # the reader goes; standard input stays open
    ended, _ = _ended(proc.pid)
    _end(proc.pid)
    proc.stdin.close()
    assert ended, "the seat kept running with nobody reading it"


def test_a_seat_whose_terminal_closes_ends(table, tmp_path):
    """The player's terminal goes away (its pty master closed: a dropped SSH connection)."""
    pid, fd = _seat_in_pty(table, tmp_path)
    os.close(fd)
    ended, _ = _ended(pid)
    _end(pid)
    assert ended, "the seat kept running after its terminal closed"


def test_a_seat_ends_on_sighup_even_when_started_with_it_ignored(table, tmp_path):
    """SIGHUP (the terminal hung up) ends the seat, even one started under `nohup`."""
    previous = signal.signal(signal.SIGHUP, signal.SIG_IGN)  # inherited by the child, as nohup does
    try:
        pid, fd = _seat_in_pty(table, tmp_path)
    finally:
        signal.signal(signal.SIGHUP, previous)
    os.kill(pid, signal.SIGHUP)
    ended, _ = _ended(pid)
    _end(pid, fd)
    assert ended, "the seat ignored SIGHUP"


def test_an_idle_seat_uses_under_one_percent_of_a_core(table, tmp_path):
    """A seat waiting for another player's move: under 1% of a core (CPU time over 10 s)."""
    pid, fd = _seat_in_pty(table, tmp_path)
    try:
        time.sleep(2.0)  # the first screen's work done
        before, started = _cpu_seconds(pid), time.monotonic()
        while time.monotonic() - started < 10.0:  # the terminal is read, as a terminal would
            if select.select([fd], [], [], 0.5)[0]:
                os.read(fd, 65536)
        share = (_cpu_seconds(pid) - before) / (time.monotonic() - started)
        assert share < 0.01, f"an idle seat used {share:.1%} of a core"
    finally:
        _end(pid, fd)
