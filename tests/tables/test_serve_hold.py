"""`tabletop serve` against a hostile player and as a host stops it (issue 44, items 4 and 11), with
a real serve process: one code is one seat however it is typed, spectators are many, SIGTERM ends
the seats with a notice and serve at once, a taken port is said before anything else, and the
page never follows the request's Host header."""
from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import aiohttp

from .test_serve import ROOT, _children, _gone_within, _open_seat, _raw, served  # noqa: F401  (a fixture)


def _spellings(code: str) -> list[str]:
    """The same code as a player may type it: upper case, without dashes, dashes doubled."""
    flat = code.replace("-", "")
    return [code, code.upper(), flat, "--".join(flat[i:i + 4] for i in range(0, len(flat), 4))]


async def _closed_with(ws, seconds: float = 30.0):
    """The close message ``ws`` gets (the screen's bytes before it skipped)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            msg = await ws.receive(timeout=1)
        except asyncio.TimeoutError:
            continue
        if msg.type != aiohttp.WSMsgType.BINARY:
            return msg
    return None


def _seats_settle(pid: int, count: int, bound: float = 30.0) -> int:
    deadline = time.monotonic() + bound
    while len(_children(pid)) != count and time.monotonic() < deadline:
        time.sleep(0.1)
    return len(_children(pid))


async def test_one_code_however_typed_is_one_seat_process(served):
    """Item 4: `/seat/WERY-…`, `/seat/wery--…`, `/seat/weryac4t…` ran a process each for one
    seat. Now each newer tab takes the seat over and the older is closed: one process at the end."""
    from tabletop_tui.serve import TAKEN_OVER_CLOSE

    base, st, new, proc = served
    async with aiohttp.ClientSession() as s:
        tabs = []
        for spelling in _spellings(new.codes[0]):
            tabs.append(await _open_seat(s, base, spelling))
        try:
            for older in tabs[:-1]:
                msg = await _closed_with(older)
                assert msg is not None and msg.type == aiohttp.WSMsgType.CLOSE and msg.data == TAKEN_OVER_CLOSE
            assert not tabs[-1].closed
            assert _seats_settle(proc.pid, 1) == 1, "one seat, one process"
        finally:
            for ws in tabs:
                await ws.close()


async def test_spectators_are_many_and_never_close_each_other(served):
    """Item 4: the spectator code opened by a second viewer closed the first ("opened in another
    tab"). Spectators watch side by side, each with a process of its own."""
    base, st, new, proc = served
    async with aiohttp.ClientSession() as s:
        viewers = [await _open_seat(s, base, spelling) for spelling in (new.spectator, new.spectator,
                                                                        _spellings(new.spectator)[1])]
        try:
            await asyncio.sleep(1.0)  # (a take-over closes at once; this lets one show if it came)
            assert not any(ws.closed for ws in viewers)
            assert _seats_settle(proc.pid, 3) == 3
        finally:
            for ws in viewers:
                await ws.close()


async def test_sigterm_ends_the_seats_with_a_notice_and_serve_with_them(served):
    """Item 11: `kill -TERM` took 20 s while the seat went on playing, and every stop printed
    "Loop … that handles pid N is closed". Now each open tab is told the host stopped and closed,
    its seat process ends, and serve ends cleanly."""
    from tabletop_tui.serve import STOPPED, STOPPED_CLOSE

    base, st, new, proc = served
    async with aiohttp.ClientSession() as s:
        ws = await _open_seat(s, base, new.codes[0])
        seats = _children(proc.pid)
        assert len(seats) == 1
        proc.send_signal(signal.SIGTERM)
        msg = await _closed_with(ws)
        assert msg is not None and msg.type == aiohttp.WSMsgType.CLOSE
        assert msg.data == STOPPED_CLOSE and msg.extra == STOPPED.decode()
    out = proc.communicate(timeout=30)[0]  # (it ends in well under 2 s)
    assert proc.returncode is not None
    assert _gone_within(seats), "a seat outlived serve"
    assert "Loop" not in out and "Traceback" not in out, out


def test_a_taken_port_is_said_first_and_nothing_claims_to_serve(tmp_path):
    """Item 11: with the port taken, serve printed "Serving table seats on …" before "cannot
    listen". Now "cannot listen" is all it says, with exit 2."""
    from tabletop_tui.store.open import open_store

    store = tmp_path / "t.sqlite3"
    open_store(store).close()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = subprocess.run([sys.executable, "-m", "tabletop_tui", "serve", "--port", str(port), "--store",
                            str(store)], cwd=ROOT, capture_output=True, text=True, timeout=60,
                           env=dict(os.environ, TABLETOP_TUI_DATA_DIR=str(tmp_path)))
    said = (r.stdout + r.stderr).strip()
    assert r.returncode == 2 and said.startswith("tabletop: cannot listen on"), said
    assert "Serving" not in said and said.count("\n") == 0


def test_the_page_is_built_from_serves_own_address_never_the_host_header(served):
    """Item 11: without --public-url the page was built from the request's Host header
    (`Host: evil.example` → its links, its Content-Security-Policy and its websocket there)."""
    base, st, new, proc = served
    status, answer = _raw(base, f"GET /seat/{new.codes[0]} HTTP/1.1\r\nHost: evil.example\r\n"
                                "Connection: close\r\n\r\n".encode())
    assert status == 200
    assert b"evil.example" not in answer
    port = base.rsplit(":", 1)[1]
    assert f"ws://127.0.0.1:{port}/ws/".encode() in answer and f"127.0.0.1:{port}/static/".encode() in answer
    assert urllib.request.urlopen(base + "/", timeout=10).status == 200
