"""`make bench` (its tables part; alone: `python benchmarks/tables_load.py`): a host under load
(issue 35, item 10). A figure, never a test.

TABLES tables of SEATS seats open at once on one host — TABLES × SEATS real `tabletop seat`
processes, each in its own pseudo-terminal, as players' terminals run them — on SQLite and on
PostgreSQL (a throwaway server, tests/tables/pg_server.py):

- **a move shown on the other seats**: the bench makes one move at a time (with the pending
  seat's code, through the store, as that seat's process would), and times from just before the
  append to the first bytes each *other* seat's process writes to its terminal (its redraw: an
  idle seat writes nothing, checked below). p50 and p95, each also as a ratio to the store's bare
  append→wait round trip measured in the same run under the same load: a process blocked in
  `Store.wait` on its own table, the bench appending a move and timing until that process says
  it has it;
- **an idle seat**: CPU (share of one core, over IDLE_S seconds of /proc times) and memory
  (RSS, and PSS, which shares the libraries fairly) per seat process, mean and worst.

Environment: BENCH_TABLES (20), BENCH_SEATS (4), BENCH_GAME (piratissimo), BENCH_ROUNDS (moves per table, 3),
BENCH_STORES (sqlite,postgresql), BENCH_IDLE_S (10). Run it under `nice` on a shared machine.
Writes benchmarks/latest-tables.json.
"""
from __future__ import annotations

import json
import os
import pty
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tabletop_tui.match import Seat  # noqa: E402
from tabletop_tui.store.open import open_store  # noqa: E402
from tabletop_tui.store.table import Table, new_table  # noqa: E402

TABLES = int(os.environ.get("BENCH_TABLES", "20"))
SEATS = int(os.environ.get("BENCH_SEATS", "4"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
STORES = os.environ.get("BENCH_STORES", "sqlite,postgresql").split(",")
IDLE_S = float(os.environ.get("BENCH_IDLE_S", "10"))
GAME = os.environ.get("BENCH_GAME", "piratissimo")  # (5 seats: terra_mystica; Piratissimo is 2–4)
NAMES = ["Anna", "Bruno", "Chiara", "Dario", "Elena"]
CLK = os.sysconf("SC_CLK_TCK")

# a process blocked in Store.wait on its table, saying each move number it receives (the bare
# round trip: the store's notice alone, no screen)
WAITER = r"""
import sys
from tabletop_tui.store.open import open_store
st = open_store(sys.argv[1], delay=0)
table, n = sys.argv[2], 0
print("ready", flush=True)
while True:
    new = st.wait(table, n, 30)
    if new:
        n = new[-1].seq + 1
        print(n, flush=True)
"""


class Terminals:
    """The seats' pseudo-terminals, read all the time (a seat blocks if its terminal fills):
    for each, the bytes so far and the time of the last read."""

    def __init__(self) -> None:
        self.fds: dict[int, int] = {}  # fd → pid
        self.bytes: dict[int, int] = {}
        self.last: dict[int, float] = {}
        self.text: dict[int, bytes] = {}  # the first bytes (to find the title)
        self.lock = threading.Lock()
        self.stop = False
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def open_seat(self, code: str, url: str, data: str) -> int:
        pid, fd = pty.fork()
        if pid == 0:
            os.environ.update(TABLETOP_TUI_DATA_DIR=data, COLUMNS="120", LINES="40", TERM="xterm-256color")
            os.environ.pop("SSH_ORIGINAL_COMMAND", None)
            os.execv(sys.executable, [sys.executable, "-m", "tabletop_tui", "seat", code, "--store", url,
                                      "--bot-delay", "0"])
        import fcntl
        import struct
        import termios

        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        with self.lock:
            self.fds[fd] = pid
            self.bytes[fd] = 0
            self.last[fd] = time.perf_counter()
            self.text[fd] = b""
        return fd

    def _read(self) -> None:
        while not self.stop:
            with self.lock:
                fds = list(self.fds)
            if not fds:
                time.sleep(0.01)
                continue
            ready, _, _ = select.select(fds, [], [], 0.05)
            now = time.perf_counter()
            for fd in ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    chunk = b""
                with self.lock:
                    if not chunk:
                        self.fds.pop(fd, None)
                        continue
                    self.bytes[fd] += len(chunk)
                    self.last[fd] = now
                    if len(self.text[fd]) < 400_000:
                        self.text[fd] += chunk

    def first_after(self, fds: list[int], since: float, counts: dict[int, int], timeout: float) -> dict[int, float]:
        """For each fd, the time of its first read after ``since`` that brought new bytes."""
        deadline = time.perf_counter() + timeout
        got: dict[int, float] = {}
        while len(got) < len(fds) and time.perf_counter() < deadline:
            with self.lock:
                for fd in fds:
                    if fd not in got and self.bytes[fd] > counts[fd]:
                        got[fd] = self.last[fd]
            time.sleep(0.001)
        return got

    def quiet(self, fds: list[int], for_s: float, timeout: float = 30.0) -> bool:
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            with self.lock:
                newest = max(self.last[fd] for fd in fds)
            if time.perf_counter() - newest >= for_s:
                return True
            time.sleep(0.05)
        return False

    def close(self) -> None:
        with self.lock:
            pids = dict(self.fds)
        for fd, pid in pids.items():
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for fd, pid in pids.items():
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
            try:
                os.close(fd)
            except OSError:
                pass
        self.stop = True


def _cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK


def _memory_mib(pid: int) -> tuple[float, float]:
    rss = pss = 0.0
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Rss:"):
            rss = int(line.split()[1]) / 1024
        elif line.startswith("Pss:"):
            pss = int(line.split()[1]) / 1024
    return rss, pss


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def bare_round_trip(url: str, samples: int = 40) -> list[float]:
    """Append → a waiting process has it, in seconds (the store's notice alone)."""
    from tabletop_tui.store.base import Move

    st = open_store(url, delay=0)
    new = st.create_table("piratissimo", [Seat("A"), Seat("B")], 1)  # (no rules: any game will do)
    waiter = subprocess.Popen([sys.executable, "-c", WAITER, url, new.table_id], stdout=subprocess.PIPE,
                              text=True, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert waiter.stdout.readline().strip() == "ready"
    times = []

    def anything(info, moves: list[Move], notation: str, seat: int):
        return len(moves) % 2, notation  # no rules: the store's own round trip

    try:
        for i in range(samples):
            time.sleep(0.05)
            t0 = time.perf_counter()
            st.append(new.codes[i % 2], i, f"m{i}", anything)
            line = waiter.stdout.readline()
            times.append(time.perf_counter() - t0)
            assert int(line) == i + 1
    finally:
        waiter.kill()
        waiter.wait()
    return times


def run_store(kind: str, url: str) -> dict:
    data = tempfile.mkdtemp(prefix="bench-seat-data-")
    st = open_store(url, delay=0)
    tables = [new_table(st, GAME, [Seat(n) for n in NAMES[:SEATS]], 100 + i) for i in range(TABLES)]
    terms = Terminals()
    seat_fd: dict[tuple[int, int], int] = {}
    started = time.perf_counter()
    try:
        batch = 4  # started a few at a time: a shared machine's two cores, not a stampede
        order = [(t, s) for t in range(TABLES) for s in range(SEATS)]
        for i in range(0, len(order), batch):
            fds = []
            for t, s in order[i:i + batch]:
                fd = terms.open_seat(tables[t].codes[s], url, data)
                seat_fd[(t, s)] = fd
                fds.append(fd)
            for (t, s), fd in zip(order[i:i + batch], fds):
                _until_painted(terms, fd, tables[t].table_id)
        up_s = time.perf_counter() - started
        all_fds = list(seat_fd.values())
        terms.quiet(all_fds, 3.0, timeout=120)
        # idle: CPU and memory per seat process
        pids = [terms.fds[fd] for fd in all_fds]
        before = {p: _cpu_s(p) for p in pids}
        bytes_before = dict(terms.bytes)
        t0 = time.perf_counter()
        time.sleep(IDLE_S)
        span = time.perf_counter() - t0
        cpu = [100 * (_cpu_s(p) - before[p]) / span for p in pids]
        written = sum(terms.bytes[fd] - bytes_before[fd] for fd in all_fds)
        mem = [_memory_mib(p) for p in pids]
        # the bare round trip, under the same load
        bare = bare_round_trip(url)
        # moves: one at a time, each timed to the other seats' first redraw
        movers = {(t, s): Table(st, tables[t].codes[s]) for t in range(TABLES) for s in range(SEATS)}
        shown: list[float] = []
        missed = 0
        for r in range(ROUNDS):
            for t in range(TABLES):
                look = movers[(t, 0)]
                look.catch_up()
                d = look.match.pending
                if d is None:
                    continue
                me = movers[(t, d.seat)]
                me.catch_up()
                notation = me.match.rules.notation(me.match.legal_actions()[0])
                others = [seat_fd[(t, s)] for s in range(SEATS) if s != d.seat]
                table_fds = [seat_fd[(t, s)] for s in range(SEATS)]
                terms.quiet(table_fds, 0.3)
                with terms.lock:
                    counts = dict(terms.bytes)
                t_move = time.perf_counter()
                me.play(notation)
                got = terms.first_after(others, t_move, counts, timeout=10)
                shown += [got[fd] - t_move for fd in others if fd in got]
                missed += len(others) - len(got)
                terms.quiet(table_fds, 0.5)  # (forced answers sent by the seats themselves, redraws)
        bare_p50, bare_p95 = statistics.median(bare), _pct(bare, 0.95)
        p50, p95 = statistics.median(shown), _pct(shown, 0.95)
        return {
            "store": kind, "tables": TABLES, "seats": SEATS, "seat_processes": len(pids), "game": GAME,
            "all_up_s": round(up_s, 1),
            "shown_ms": {"p50": round(1000 * p50, 1), "p95": round(1000 * p95, 1), "max": round(1000 * max(shown), 1),
                         "samples": len(shown), "missed": missed},
            "bare_round_trip_ms": {"p50": round(1000 * bare_p50, 1), "p95": round(1000 * bare_p95, 1),
                                   "samples": len(bare)},
            "ratio": {"p50": round(p50 / bare_p50, 2), "p95": round(p95 / bare_p95, 2)},
            "idle_seat": {"cpu_pct_mean": round(statistics.mean(cpu), 3), "cpu_pct_max": round(max(cpu), 3),
                          "rss_mib_mean": round(statistics.mean(m[0] for m in mem), 1),
                          "rss_mib_max": round(max(m[0] for m in mem), 1),
                          "pss_mib_mean": round(statistics.mean(m[1] for m in mem), 1),
                          "bytes_written_while_idle": written, "seconds": round(span, 1)},
        }
    finally:
        terms.close()
        st.close()
        shutil.rmtree(data, ignore_errors=True)


def _until_painted(terms: Terminals, fd: int, table_id: str, timeout: float = 120.0) -> None:
    deadline = time.perf_counter() + timeout
    want = f"table {table_id}".encode()
    while time.perf_counter() < deadline:
        with terms.lock:
            if want in terms.text[fd] or fd not in terms.fds:
                break
        time.sleep(0.02)
    with terms.lock:
        if want not in terms.text[fd]:
            tail = terms.text[fd][-600:].decode(errors="replace")
            raise SystemExit(f"a seat of table {table_id} never painted its title: {tail!r}")


def main() -> None:
    results = []
    for kind in STORES:
        if kind == "sqlite":
            folder = tempfile.mkdtemp(prefix="bench-tables-")
            try:
                results.append(run_store(kind, str(Path(folder) / "tables.sqlite3")))
            finally:
                shutil.rmtree(folder, ignore_errors=True)
        elif kind == "postgresql":
            sys.path.insert(0, str(ROOT / "tests" / "tables"))
            try:
                import psycopg  # noqa: F401
                from pg_server import ServerFailed, Unavailable, throwaway_postgres
            except ImportError as e:
                print(f"postgresql: skipped ({e.name} is missing: pip install 'tabletop-tui[tables]')")
                continue
            try:
                with throwaway_postgres("-c max_connections=400") as url:
                    results.append(run_store(kind, url))
            except (Unavailable, ServerFailed) as e:
                print(f"postgresql: skipped ({e})")
                continue
        print(json.dumps(results[-1]), flush=True)
    for r in results:
        s, b, q, i = r["shown_ms"], r["bare_round_trip_ms"], r["ratio"], r["idle_seat"]
        print(f"{r['store']:>10}: {r['tables']}×{r['seats']} seats ({r['seat_processes']} processes, up in "
              f"{r['all_up_s']} s); a move shown on the other seats p50 {s['p50']} ms ({q['p50']}× the bare "
              f"round trip {b['p50']} ms), p95 {s['p95']} ms ({q['p95']}× {b['p95']} ms), worst {s['max']} ms, "
              f"{s['samples']} samples, {s['missed']} missed; idle seat CPU {i['cpu_pct_mean']}% "
              f"(worst {i['cpu_pct_max']}%), RSS {i['rss_mib_mean']} MiB (worst {i['rss_mib_max']}), "
              f"PSS {i['pss_mib_mean']} MiB")
    (ROOT / "benchmarks" / "latest-tables.json").write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
