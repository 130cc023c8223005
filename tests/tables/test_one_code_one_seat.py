"""One code is one seat process, whatever way each came in (issue 44, item 4): a seat opened
again with its code takes the seat over and the older process ends with a line that says so
(spectators are many: serve's are in test_serve_hold.py). Real processes in pseudo-terminals (the SSH
sessions themselves are in test_ssh.py)."""
from __future__ import annotations

import os
import stat
import time

from tabletop_tui.match import Seat
from tabletop_tui.seat_claim import TAKEN_OVER
from tabletop_tui.store.open import open_store
from tabletop_tui.store.table import new_table
from tests.support.terminal import read_pty_until

from .test_hostile_input import _kill, _seat_in_pty

ENDS_WITHIN = 30.0  # the older seat ends in well under 3 s; this bound only keeps a broken run finite


def _ended(pid: int, fd: int, term, bound: float = ENDS_WITHIN) -> bool:
    """Polled (the terminal read meanwhile, as a terminal would): whether ``pid`` ended."""
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        if os.waitpid(pid, os.WNOHANG)[0]:
            return True
        try:
            read_pty_until(fd, lambda _: False, term, timeout=0.2)
        except (AssertionError, OSError):
            pass
    return False


def test_a_seat_opened_again_with_its_code_takes_it_over_and_the_older_ends_saying_so(tmp_path):
    store_path = tmp_path / "tables.sqlite3"
    st = open_store(store_path, delay=0)
    new = new_table(st, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    data = tmp_path / "data"
    flat = new.codes[0].replace("-", "").upper()  # (typed otherwise: the same code)
    older = _seat_in_pty(store_path, new.codes[0], data)
    newer = None
    try:
        read_pty_until(older[1], "table", older[2], timeout=30)
        newer = _seat_in_pty(store_path, flat, data)
        read_pty_until(newer[1], "table", newer[2], timeout=30)
        assert _ended(older[0], older[1], older[2]), "the older seat went on"
        assert TAKEN_OVER[:40] in older[2].text  # its terminal's last line says why
        assert os.waitpid(newer[0], os.WNOHANG) == (0, 0), "the newer seat ended"
        holders = list((data / "seats").iterdir())
        assert len(holders) == 1 and stat.S_IMODE(holders[0].stat().st_mode) == 0o600
        assert new.codes[0] not in holders[0].name and flat.lower() not in holders[0].name
    finally:
        _kill(older[0], older[1])
        if newer:
            _kill(newer[0], newer[1])
