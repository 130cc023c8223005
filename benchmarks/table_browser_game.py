"""A whole two-seat Finca table played in two tabs of headless Chromium through `tabletop serve`.

Each tab presses `s` (the suggestion) then Enter whenever its screen says YOUR TURN; after every
move the other tab must show the move's log line. Prints the number of moves, the winner and the
largest delay between a move reaching the store and it showing in the other tab.

    python benchmarks/table_browser_game.py [--seed 7] [--timeout 900]

Not a test (a whole game takes minutes); tests/tables/test_serve.py makes six such moves.
Bounded by --timeout; the server, the browser and the temporary directory are always cleaned up.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tabletop_tui.match import Seat  # noqa: E402
from tabletop_tui.store.open import open_store
from tabletop_tui.store.table import Table, new_table  # noqa: E402
from tests.tables.test_serve import CHROMEDRIVER, CHROMIUM, Page, _free_port  # noqa: E402


def browser(profile: str):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--window-size=1400,1000", f"--user-data-dir={profile}"):
        opts.add_argument(flag)
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)


def play(seed: int, timeout: float) -> int:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    deadline = time.monotonic() + timeout
    tmp = Path(tempfile.mkdtemp(prefix="table-browser-game-"))
    proc = driver = None
    try:
        store_path = tmp / "tables.sqlite3"
        st = open_store(store_path, delay=0)
        new = new_table(st, "finca", [Seat("Ann"), Seat("Ben")], seed)
        port = _free_port()
        env = dict(os.environ, TABLETOP_TUI_DATA_DIR=str(tmp / "data"))
        env.pop("SSH_ORIGINAL_COMMAND", None)
        proc = subprocess.Popen([sys.executable, "-m", "tabletop_tui", "serve", "--port", str(port),
                                 "--store", str(store_path)], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        while True:
            try:
                urllib.request.urlopen(base + "/", timeout=1).read()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    print("tabletop serve did not start")
                    return 2
                time.sleep(0.2)
        driver = browser(str(tmp / "chromium"))
        pages: dict[int, Page] = {}
        for seat in (0, 1):
            if pages:
                driver.switch_to.new_window("tab")
            pages[seat] = Page(driver, f"{base}/seat/{new.codes[seat]}")
            WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "body.-first-byte"))

        def wait(seat: int, want: str, until: float) -> bool:
            while time.monotonic() < min(until, deadline):
                if want in pages[seat].text():
                    return True
                time.sleep(0.1)
            return False

        started = time.monotonic()
        worst, worst_at, moves, problems = 0.0, 0, 0, []
        while True:
            match = Table(st, new.spectator).match
            if match.over:
                break
            if time.monotonic() > deadline:
                problems.append(f"timed out after {moves} moves")
                break
            seat = match.pending.seat
            other = 1 - seat
            if not wait(seat, "YOUR TURN", time.monotonic() + 30):
                problems.append(f"move {moves + 1}: YOUR TURN never showed in {match.names[seat]}'s tab")
                break
            pages[seat].press("s")
            wait(seat, "Suggestion", time.monotonic() + 15)  # the medium bot's choice is highlighted
            pages[seat].press("\n")
            until = time.monotonic() + 20
            while len(st.moves(new.table_id)) == moves and time.monotonic() < until:
                time.sleep(0.05)
            if len(st.moves(new.table_id)) == moves:
                problems.append(f"move {moves + 1}: Enter in {match.names[seat]}'s tab made no move")
                break
            moved_at = time.monotonic()
            moves = len(st.moves(new.table_id))
            after = Table(st, new.spectator).match
            line = after.log[-1][:25] if after.log else ""
            if after.pending is not None and after.pending.seat == other:
                # The turn came to the other tab: its log starts at the first line since its own
                # last move (the newest may be below, to scroll to), so the move shows as its
                # turn and the score line, the same as in the mover's tab.
                if not wait(other, "YOUR TURN", moved_at + 15):
                    problems.append(f"move {moves}: the turn never showed in the other tab")
                    break
                wait(seat, "to play", moved_at + 15)
                scores = pages[seat].text().splitlines()[1]
                if not wait(other, scores.strip(), moved_at + 15):
                    problems.append(f"move {moves}: the score line {scores.strip()!r} never "
                                    "showed in the other tab")
                    break
            elif line and not after.over and not wait(other, line, moved_at + 15):
                problems.append(f"move {moves}: {line!r} never showed in the other tab")
                break
            delay = time.monotonic() - moved_at
            if delay > worst:
                worst, worst_at = delay, moves
        match = Table(st, new.spectator).match
        print(f"moves: {moves} in {time.monotonic() - started:.0f} s")
        if match.over:
            res = match.result()
            print("scores:", ", ".join(f"{match.names[s]} {v}" for s, v in res.scores.items()))
            print("winner:", " and ".join(match.names[s] for s in res.winners))
            for seat in (0, 1):  # the game-over screen (it has no log) in both tabs
                if not wait(seat, "game over", time.monotonic() + 15):
                    problems.append(f"{match.names[seat]}'s tab never showed the game's end")
        print(f"largest delay before the other tab showed a move: {worst:.2f} s (move {worst_at})")
        for p in problems:
            print("PROBLEM:", p)
        if problems and os.environ.get("SHOW_SCREENS"):
            for seat in (0, 1):
                print(f"--- {match.names[seat]}'s tab ---")
                print("\n".join(r.rstrip() for r in pages[seat].text().splitlines() if r.strip()))
        return 1 if problems or not match.over else 0
    finally:
        if driver is not None:
            driver.quit()
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--timeout", type=float, default=900.0, help="seconds for the whole game")
    a = ap.parse_args()
    return play(a.seed, a.timeout)


if __name__ == "__main__":
    sys.exit(main())
