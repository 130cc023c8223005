"""`tabletop serve`: the seats in a browser. A page /seat/CODE opens a seat (a wrong code is
refused with one line); a move made on one seat's page shows on the other's. Read through the
websocket (what the page draws on its canvases) with pyte; once with aiohttp as the client, once
in a real headless Chromium (skipped, with the reason, only where Chromium is not installed)."""
from __future__ import annotations

import asyncio
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

# `make test` installs the tables and test extras: a missing one fails here, never skips
import aiohttp  # (textual-serve brings it)
import pyte

from tabletop_tui.match import Seat
from tabletop_tui.store.open import open_store
from tabletop_tui.store.table import Table, new_table

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def served(tmp_path, request):
    """`tabletop serve` on localhost with a fresh store and a two-seat Piratissimo table (with
    the arguments a test gives as the fixture's parameter, if any)."""
    store_path = tmp_path / "tables.sqlite3"
    st = open_store(store_path, delay=0)
    new = new_table(st, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    port = _free_port()
    env = dict(os.environ, TABLETOP_TUI_DATA_DIR=str(tmp_path / "data"))
    env.pop("SSH_ORIGINAL_COMMAND", None)
    proc = subprocess.Popen([sys.executable, "-m", "tabletop_tui", "serve", "--port", str(port),
                             "--store", str(store_path), *getattr(request, "param", ())], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while True:
        try:
            urllib.request.urlopen(base + "/", timeout=1).read()
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                out = proc.communicate(timeout=5)[0] if proc.poll() is not None else ""
                pytest.fail(f"tabletop serve did not start: {out}")
            time.sleep(0.1)
    try:
        yield base, st, new, proc
    finally:
        proc.terminate()
        try:
            out = proc.communicate(timeout=10)[0]
        except subprocess.TimeoutExpired:
            proc.kill()
            out = proc.communicate()[0]
        for code in list(new.codes.values()) + [new.spectator]:
            assert code not in out and code.replace("-", "") not in out  # never in the log


def test_serve_binds_to_this_machine_and_refuses_a_wrong_code_in_one_line(served):
    base, st, new, proc = served
    try:
        urllib.request.urlopen(base + "/seat/abcd-efgh-ijkl-mnop-qrst-uvwx-yz23", timeout=10)
        raise AssertionError("a wrong code was let in")
    except urllib.error.HTTPError as e:
        assert e.code == 403
        body = e.read().decode()
        assert "No table has that code" in body and "abcd" not in body
    page = urllib.request.urlopen(base + "/seat/" + new.codes[0], timeout=10).read().decode()
    assert new.codes[0] not in page  # the page carries a one-time ticket, not the code


async def _read(ws, screen_stream, seconds: float, until=None) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            msg = await ws.receive(timeout=0.2)
        except asyncio.TimeoutError:
            msg = None
        if msg is not None:
            if msg.type == aiohttp.WSMsgType.BINARY:
                screen_stream.feed(msg.data)
            elif msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                return
        if until is not None and until():
            return


async def test_a_move_in_one_web_seat_shows_in_the_other(served):
    """Two seats through the websocket (as the page's script talks to it): a move made in one
    shows in the other."""
    base, st, new, proc = served
    first = Table(st, new.spectator).match.pending.seat
    screens = {}
    async with aiohttp.ClientSession() as s:
        sockets = {}
        for seat in (0, 1):
            page = await (await s.get(f"{base}/seat/{new.codes[seat]}")).text()
            url = re.search(r"ws://[^\"']+", page).group(0)
            sockets[seat] = await s.ws_connect(url + "?width=120&height=40")
            screens[seat] = pyte.Screen(120, 40)
            screens[seat].stream = pyte.ByteStream(screens[seat])

        def shows(seat, text):
            return lambda: text in "\n".join(screens[seat].display)

        try:
            for seat in (0, 1):
                await _read(sockets[seat], screens[seat].stream, 20,
                            shows(seat, "YOUR TURN" if seat == first else "to play"))
            assert "YOUR TURN" in screens[first].display[0]
            await sockets[first].send_json(["stdin", "1"])  # the first choice, typed in the page
            deadline = time.monotonic() + 10
            while not st.moves(new.table_id) and time.monotonic() < deadline:
                await _read(sockets[first], screens[first].stream, 0.2)
            assert st.moves(new.table_id), "the move reached the table"
            line = Table(st, new.spectator).match.log[-1][:25]
            await _read(sockets[1 - first], screens[1 - first].stream, 5, shows(1 - first, line))
            assert line in "\n".join(screens[1 - first].display)
        finally:
            for ws in sockets.values():
                await ws.close()


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        return (Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]) != "Z"
    except OSError:
        return False


def _gone_within(pids: list[int], bound: float = 30.0) -> bool:
    """Polled: every process in ``pids`` ended (they end in well under 5 s)."""
    deadline = time.monotonic() + bound
    while any(_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    return not any(_alive(p) for p in pids)


async def _open_seat(session, base: str, code: str):
    page = await (await session.get(f"{base}/seat/{code}")).text()
    ws = await session.ws_connect(re.search(r"ws://[^\"']+", page).group(0) + "?width=100&height=30")
    screen = pyte.Screen(100, 30)
    stream = pyte.ByteStream(screen)
    await _read(ws, stream, 20, lambda: "table" in "\n".join(screen.display))
    return ws


async def test_a_closed_websocket_ends_its_seat_process_and_no_code_is_in_a_command_line(served):
    """The browser tab closed: its seat process ends. While it ran, its command line (which every
    user of the machine can read) held no code."""
    base, st, new, proc = served
    async with aiohttp.ClientSession() as s:
        ws = await _open_seat(s, base, new.codes[0])
        seats = _children(proc.pid)
        assert seats, "the websocket started no seat process"
        for pid in seats:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
            assert "seat" in cmdline and new.codes[0] not in cmdline
            assert new.codes[0].replace("-", "") not in cmdline.replace("-", "")
        await ws.close()
    assert _gone_within(seats), "a seat outlived its closed websocket"


async def test_a_seat_opened_in_a_second_tab_takes_it_over_and_the_first_is_told_and_closed(served):
    """One tab per code: the newer (a reload, the seat opened on another device) takes the seat
    over; the older hears why and is closed, and its seat process ends. Another seat's tab is
    left alone."""
    from tabletop_tui.serve import TAKEN_OVER, TAKEN_OVER_CLOSE

    base, st, new, proc = served
    async with aiohttp.ClientSession() as s:
        first = await _open_seat(s, base, new.codes[0])
        other = await _open_seat(s, base, new.codes[1])
        second = await _open_seat(s, base, new.codes[0])
        deadline = time.monotonic() + 20
        msg = None
        while time.monotonic() < deadline:  # (the screen's last bytes come before the close)
            try:
                msg = await first.receive(timeout=1)
            except asyncio.TimeoutError:
                continue
            if msg.type != aiohttp.WSMsgType.BINARY:
                break
        assert msg is not None and msg.type == aiohttp.WSMsgType.CLOSE, msg
        assert msg.data == TAKEN_OVER_CLOSE
        assert msg.extra == TAKEN_OVER.decode()
        deadline = time.monotonic() + 30  # (polled: it ends in well under 5 s)
        while len(_children(proc.pid)) > 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(_children(proc.pid)) == 2, "the first tab's seat process did not end"
        assert not other.closed and not second.closed
        for ws in (other, second):
            await ws.close()


async def test_serve_killed_with_kill_9_takes_its_seats_with_it(served):
    """kill -9 of `tabletop serve`: the seat processes it started end too (nobody can reach
    them any more)."""
    base, st, new, proc = served
    async with aiohttp.ClientSession() as s:
        sockets = [await _open_seat(s, base, new.codes[seat]) for seat in (0, 1)]
        seats = _children(proc.pid)
        assert len(seats) == 2, f"two seats, two processes: {seats}"
        proc.kill()
        proc.wait()
        assert _gone_within(seats), "seat processes outlived their tabletop serve"
        for ws in sockets:
            await ws.close()


def _raw(base: str, request: bytes) -> tuple[int, bytes]:
    """Send ``request`` as it is, on a socket of its own; (the status, the whole answer)."""
    host, port = base.rsplit("/", 1)[1].split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return int(answer.split(b" ", 2)[1]), answer


def test_a_malformed_or_oversized_request_gets_a_4xx_and_nothing_else(served):
    """A request line over 8 KB holding a code, a header over 8 KB, a line that is not HTTP: each
    is answered with its status alone; the code is in no answer and serve prints no traceback
    (the fixture checks its whole output for every code)."""
    base, st, new, proc = served
    code = new.codes[0]
    long_path = f"/seat/{code}?" + "x" * 9000
    for request in (f"GET {long_path} HTTP/1.1\r\nHost: a\r\n\r\n".encode(),
                    f"GET /seat/{code} HTTP/1.1\r\nHost: a\r\nX-Pad: {'y' * 9000}\r\n\r\n".encode(),
                    f"GARBAGE /seat/{code}\x00\x01 NOT-HTTP\r\n\r\n".encode()):
        status, answer = _raw(base, request)
        assert 400 <= status < 500, answer[:200]
        assert code.encode() not in answer and b"xxxx" not in answer and b"Traceback" not in answer
    assert urllib.request.urlopen(base + "/", timeout=10).status == 200  # and it still serves
    proc.terminate()
    out = proc.communicate(timeout=10)[0]
    assert "Traceback" not in out and "Error handling request" not in out


def test_the_seat_page_loads_nothing_from_another_host(served):
    """Every address the page loads is on serve itself (the web font included), and its
    Content-Security-Policy lets the browser load nothing else."""
    base, st, new, proc = served
    with urllib.request.urlopen(f"{base}/seat/{new.codes[0]}", timeout=10) as r:
        page, policy = r.read().decode(), r.headers["Content-Security-Policy"]
    loads = re.findall(r"""(?:src|href)\s*=\s*["']([^"']+)|url\(["']?([^"')]+)""", page)
    addresses = [a or b for a, b in loads]
    assert any("fonts/RobotoMono" in a for a in addresses), "the font is ours"
    for address in addresses:
        assert address.startswith(base + "/"), address
        if "/static/" in address:
            assert urllib.request.urlopen(address, timeout=10).status == 200  # and we serve it
    assert "googleapis" not in page and "default-src 'self'" in policy and "font-src 'self'" in policy


def _refused_sources(st) -> dict:
    with st._read() as tx:
        return dict(tx.all("SELECT source, tries FROM refusals"))


def _get(url: str, forwarded_for: str | None = None) -> int:
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    try:
        return urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=60).status
    except urllib.error.HTTPError as e:
        return e.code


WRONG = "abcd-efgh-ijkl-mnop-qrst-uvwx-yz23"


def test_without_a_trusted_proxy_a_forwarded_address_is_not_believed(served):
    base, st, new, proc = served
    assert _get(f"{base}/seat/{WRONG}", forwarded_for="203.0.113.5") == 403
    assert _refused_sources(st) == {"127.0.0.1": 1}


@pytest.mark.parametrize("served", [["--trusted-proxy", "127.0.0.0/8"]], indirect=True)
def test_behind_a_trusted_proxy_wrong_codes_count_against_the_visitor_and_a_right_code_opens(served):
    """Behind a proxy every visitor comes from its address: with --trusted-proxy, the visitor's
    own address (the last one the proxy added to X-Forwarded-For) is the one slowed; whatever a
    visitor wrote in the header themselves is not believed. A right code from the slowed visitor
    still opens its seat."""
    base, st, new, proc = served
    for _ in range(2):
        assert _get(f"{base}/seat/{WRONG}", forwarded_for="198.51.100.1, 203.0.113.5") == 403
    assert _refused_sources(st) == {"203.0.113.5": 2}
    assert _get(f"{base}/seat/{new.codes[0]}", forwarded_for="203.0.113.5") == 200
    assert _get(f"{base}/seat/{new.codes[1]}") == 200


def test_a_wrong_proxy_address_is_refused_in_one_line(tmp_path):
    r = subprocess.run([sys.executable, "-m", "tabletop_tui", "serve", "--trusted-proxy", "not-an-address",
                        "--store", str(tmp_path / "t.sqlite3")], cwd=ROOT, capture_output=True, text=True,
                       timeout=60, env=dict(os.environ, TABLETOP_TUI_DATA_DIR=str(tmp_path)))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "--trusted-proxy takes" in r.stderr


# -- in a real browser -------------------------------------------------------------------------
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

CAPTURE = """
(() => {
  const Orig = window.WebSocket;
  window.__frames = [];
  let chain = Promise.resolve();
  function Capturing(url, protocols) {
    const ws = protocols === undefined ? new Orig(url) : new Orig(url, protocols);
    ws.addEventListener('message', (ev) => {
      const d = ev.data;
      if (typeof d === 'string') return;
      chain = chain.then(() => (d instanceof Blob ? d.arrayBuffer() : d)).then((b) => {
        const u = new Uint8Array(b); let s = '';
        for (let i = 0; i < u.length; i++) s += String.fromCharCode(u[i]);
        window.__frames.push(btoa(s));
      });
    });
    return ws;
  }
  Capturing.prototype = Orig.prototype;
  Object.assign(Capturing, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.WebSocket = Capturing;
})();
"""


def _browser():
    if not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)):
        pytest.skip("Chromium and its driver are not installed here (apt-get install chromium "
                    "chromium-driver; .ci/run installs them)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    import tempfile

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--window-size=1400,1000",
                 f"--user-data-dir={tempfile.mkdtemp(prefix='tabletop-chromium-')}"):
        opts.add_argument(flag)
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)


class Page:
    """A seat's page: its websocket's output fed to pyte, keys typed into the terminal."""

    def __init__(self, driver, url: str):
        import base64

        self.b64 = base64.b64decode
        self.driver = driver
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CAPTURE})
        driver.get(url)
        self.screen = pyte.Screen(200, 80)  # as wide as the page's terminal may be
        self.stream = pyte.ByteStream(self.screen)
        self.handle = driver.current_window_handle

    def text(self) -> str:
        self.driver.switch_to.window(self.handle)
        for frame in self.driver.execute_script("const f = window.__frames; window.__frames = []; return f;"):
            self.stream.feed(self.b64(frame))
        return "\n".join(self.screen.display)

    def wait_for(self, want: str, timeout: float = 30.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.text()
            if want in text:
                return text
            time.sleep(0.2)
        raise AssertionError(f"{want!r} never showed on the page:\n{self.text()}")

    def press(self, keys: str) -> None:
        from selenium.webdriver.common.by import By

        self.driver.switch_to.window(self.handle)
        self.driver.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea").send_keys(keys)


def test_two_seats_in_headless_chromium_moves_made_in_either_page_show_in_the_other(served):
    """Two tabs of one browser, one seat each: several moves, made in whichever tab's seat is to
    play, each show in the other tab (its log line, and its turn when the turn comes to it)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    base, st, new, proc = served
    driver = _browser()
    try:
        first = Table(st, new.spectator).match.pending.seat
        pages = {}
        for seat in (first, 1 - first):
            if pages:
                driver.switch_to.new_window("tab")
            pages[seat] = Page(driver, f"{base}/seat/{new.codes[seat]}")
            WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "body.-first-byte"))
        pages[first].wait_for("YOUR TURN")
        pages[1 - first].wait_for("to play")
        movers = set()
        for k in range(6):
            before = Table(st, new.spectator).match
            seat = before.pending.seat
            other = 1 - seat
            pages[seat].wait_for("YOUR TURN")
            pages[seat].press("1")  # the first choice, typed in this tab
            deadline = time.monotonic() + 15
            while len(st.moves(new.table_id)) == k and time.monotonic() < deadline:
                time.sleep(0.1)
            assert len(st.moves(new.table_id)) == k + 1, f"move {k + 1}, made in a page, reached the table"
            after = Table(st, new.spectator).match
            line = after.log[-1][:25]
            pages[other].wait_for(line, timeout=10)
            if after.pending is not None and after.pending.seat == other:
                pages[other].wait_for("YOUR TURN", timeout=10)
            movers.add(seat)
        assert movers == {0, 1}, "both tabs made moves"
    finally:
        driver.quit()


def test_what_serve_prints_never_holds_a_code_nor_a_traceback():
    """Whatever reaches serve's output (a seat's error output copied there, a log line) has
    anything shaped like a code blanked, however it is joined, and a logged error is one line."""
    import io
    import logging

    from tabletop_tui.serve import NoTracebacks, Redacting
    from tabletop_tui.store.codes import new_code

    code = new_code()
    out = io.StringIO()
    stream = Redacting(out)
    for shown in (code, code.upper(), code.replace("-", ""), code.replace("-", " "), f"/seat/{code}?x=1"):
        stream.write(f"before {shown} after\n")
    assert code[:4] not in out.getvalue().lower() and out.getvalue().count("[code]") == 5
    stream.write("table 8ec7e6fc071f, seat 2 Ben, 2026-12-03\n")  # ordinary words stay
    assert "table 8ec7e6fc071f, seat 2 Ben" in out.getvalue()

    log = logging.getLogger("tabletop-test-serve")
    handler = logging.StreamHandler(stream)
    handler.addFilter(NoTracebacks())
    log.addHandler(handler)
    try:
        try:
            secret = code  # a frame's local, as rich's tracebacks would list it
            raise ValueError(f"bad {secret}")
        except ValueError:
            log.exception("a seat's connection failed")
    finally:
        log.removeHandler(handler)
    said = out.getvalue().splitlines()[-1]
    assert said.startswith("a seat's connection failed (ValueError)") and "Traceback" not in out.getvalue()
