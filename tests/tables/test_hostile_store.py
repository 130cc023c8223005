"""Issue 44, "Tables that hold against a hostile player": the store and the host's tools, each
attack made for real — 1,100 wrong codes from one place, symbolic links laid beside the store, a
store moved away under an open seat, a mistyped --store, libpq's keyword form with a password, a
byte flipped in a real index, a file-size limit set on a real process, names and notations with
escape sequences in a save and in the store."""
from __future__ import annotations

from contextlib import contextmanager

import pytest

from tabletop_tui.match import Seat
from tabletop_tui.store.base import CodeRefused, TooManyAttempts
from tabletop_tui.store.open import open_store


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
