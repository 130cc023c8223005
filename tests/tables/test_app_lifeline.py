"""Every `tabletop` screen ends with its terminal, not only `tabletop seat` (issue 35): the
launcher (where the `t` list opens a seat in the same process) and a hot-seat game, tried with
real processes. Before, with its input at its end (a pipe closed: an SSH session without a
terminal that dropped) or its terminal gone while SIGHUP was ignored (nohup), such a process ran on
for ever at a third of a core or more. The bounds are generous: "ends within 5 s" is polled for
up to 30 s."""
from __future__ import annotations

import os
import pty
import signal
import subprocess
import sys

import pytest

from tests.support.terminal import read_pty_until
from tests.tables.test_seat_lifeline import ROOT, _cpu_seconds, _end, _ended, _env

# the launcher, and a game opened from the command line; both name Piratissimo on their screen
PROGRAMS = {"launcher": [], "hot-seat game": ["--game", "piratissimo", "--players", "2", "--bot-delay", "0"]}


@pytest.mark.parametrize("which", PROGRAMS)
def test_a_tabletop_screen_whose_input_pipe_closes_ends_and_does_not_spin(which, tmp_path):
    r_out, w_out = os.pipe()
    proc = subprocess.Popen([sys.executable, "-m", "tabletop_tui", *PROGRAMS[which]], cwd=ROOT,
                            env=_env(tmp_path), stdin=subprocess.PIPE, stdout=w_out, stderr=w_out)
    os.close(w_out)
    try:
        read_pty_until(r_out, b"Piratissimo")
        before = _cpu_seconds(proc.pid)
        proc.stdin.close()  # the player's input ends
        ended, cpu = _ended(proc.pid)
    finally:
        _end(proc.pid, r_out)
    assert ended, f"the {which} kept running after its input ended"
    assert cpu - before < 2.0, f"{cpu - before:.2f} s of CPU between the input's end and the exit"


@pytest.mark.parametrize("which", PROGRAMS)
def test_a_tabletop_screen_under_nohup_ends_when_its_terminal_closes(which, tmp_path):
    """The terminal goes (its pty master closed) while SIGHUP is ignored, as under nohup."""
    env = _env(tmp_path)
    previous = signal.signal(signal.SIGHUP, signal.SIG_IGN)  # inherited by the child, as nohup does
    try:
        pid, fd = pty.fork()
        if pid == 0:
            os.execve(sys.executable, [sys.executable, "-m", "tabletop_tui", *PROGRAMS[which]], env)
    finally:
        signal.signal(signal.SIGHUP, previous)
    try:
        read_pty_until(fd, b"Piratissimo")
        os.close(fd)
        ended, _ = _ended(pid)
    finally:
        _end(pid)
    assert ended, f"the {which} kept running after its terminal closed"
