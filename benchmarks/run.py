"""`make bench`: figures as ratios to a floor measured in the same run. Report only, never a test.

- first paint on a real terminal (tmux): `tabletop` until the launcher's last game is on the
  screen, against a bare Textual app with a Header, a Static and a Footer, run alternately —
  the method of ../shared/tools/first_paint.py; this is the start-up figure players feel; the
  same for `tabletop --game piratissimo --players 2` and `--game terra_mystica --players 4`
  until the game's title bar is on the screen (GAME_PAINTS);
- start-up in a headless test terminal: process start → first paint of the launcher, and of
  the Piratissimo screen, against a bare Textual app that paints one Static, run alternately
  with it (pairwise medians);
- key latency: key press → repaint on the Piratissimo board, against a trivial app;
- Terra Mystica: opening a 5-player mid-game screen (a position built before the clock starts),
  against the bare app's start-up, and key → repaint on that board, against the trivial app;
- peak memory (max RSS) of the same processes;
- playouts per second for every game with a rules engine.
Writes benchmarks/latest.json.
"""
from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = int(os.environ.get("BENCH_RUNS", "5"))

STARTUP = r"""
import sys, time, resource
t0 = time.perf_counter()
kind = sys.argv[1]
from textual.app import App
from textual.widgets import Static
if kind == "bare":
    class A(App):
        def compose(self):
            yield Static("hello")
        def on_mount(self):
            self.call_after_refresh(self.done)
        def done(self):
            self.exit(time.perf_counter() - t0)
    app = A()
elif kind == "tm":
    # a 5-player mid-game position, built before the clock starts: opening the screen is timed
    sys.path.insert(0, "benchmarks")
    from run import tm_match
    match = tm_match()
    t0 = time.perf_counter()
    from tabletop_tui.app import TabletopApp
    class A(TabletopApp):
        def on_mount(self):
            super().on_mount()
            self.set_timer(0.001, self.check)
        def check(self):
            if type(self.screen).__name__ == "TerraMysticaScreen":
                self.call_after_refresh(self.done)
            else:
                self.set_timer(0.001, self.check)
        def done(self):
            self.exit(time.perf_counter() - t0)
    app = A(match=match, bot_delay=0)
else:
    from tabletop_tui.app import TabletopApp
    class A(TabletopApp):
        def on_mount(self):
            super().on_mount()
            self.set_timer(0.001, self.check)
        def check(self):
            want = "LauncherScreen" if kind == "launcher" else "PiratissimoScreen"
            if type(self.screen).__name__ == want:
                self.call_after_refresh(self.done)
            else:
                self.set_timer(0.001, self.check)
        def done(self):
            self.exit(time.perf_counter() - t0)
    if kind == "launcher":
        app = A()
    elif kind == "maracaibo":  # a 4-player mid-game position (the replay itself is not counted)
        from tabletop_tui.match import Match, Seat
        tb = time.perf_counter()
        names = ["Anna", "Bruno", "Chiara", "Dario"]
        m = Match("maracaibo", [Seat(n) for n in names], 1)
        for _ in range(150):
            m.play(m.bot_job(level="random")())
        t0 += time.perf_counter() - tb
        class M(TabletopApp):
            def on_mount(self):
                super().on_mount()
                self.set_timer(0.001, self.check)
            def check(self):
                name = type(self.screen).__name__
                if name == "HandoffScreen":  # a resumed game that hides hands opens behind the curtain
                    self.screen.action_ready()
                    self.set_timer(0.001, self.check)
                elif name == "MaracaiboScreen":
                    self.call_after_refresh(self.done)
                else:
                    self.set_timer(0.001, self.check)
            def done(self):
                self.exit(time.perf_counter() - t0)
        app = M(match=m)
    else:
        app = A(new_game={"game": "piratissimo", "names": ["Anna", "Bruno", "Chiara", "Dario"],
                          "bots": [], "seed": 1, "options": {}})
async def main():
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        while app.return_value is None:
            await pilot.pause(0.001)
asyncio_run = __import__("asyncio").run
asyncio_run(main())
print(app.return_value, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


FIRST_PAINT_BARE = '''
from textual.app import App, ComposeResult
from textual.widgets import Header, Footer, Static
class Bare(App):
    def compose(self) -> ComposeResult:
        yield Header(); yield Static("BARE-APP-READY"); yield Footer()
Bare().run()
'''


def _until_on_screen(cmd: str, expect: str, size: str = "120x40", timeout: float = 30.0) -> float:
    """Seconds from starting ``cmd`` in a fresh tmux server until ``expect`` is on its screen."""
    sock = "bench" + uuid.uuid4().hex[:8]
    cols, rows = size.split("x")
    t0 = time.perf_counter()
    subprocess.run(["tmux", "-L", sock, "new-session", "-d", "-x", cols, "-y", rows, cmd], check=True)
    pat = re.compile(expect)
    try:
        while time.perf_counter() - t0 < timeout:
            out = subprocess.run(["tmux", "-L", sock, "capture-pane", "-p", "-t", "0"],
                                 capture_output=True, text=True).stdout
            if pat.search(out):
                return time.perf_counter() - t0
            time.sleep(0.005)
        raise TimeoutError(f"{expect!r} never appeared for {cmd!r}")
    finally:
        subprocess.run(["tmux", "-L", sock, "kill-server"], capture_output=True)


def first_paint(runs: int, args: str = "", expect: str = "Maracaibo") -> dict | None:
    """`tabletop ARGS` until ``expect`` is on a real terminal, against the bare app, taken
    alternately so that both see the same machine load; the pairwise median ratio. With no
    ARGS the launcher (its last game listed); with `--game ...` that game's first screen."""
    if shutil.which("tmux") is None:
        return None
    script = Path(sys.executable).parent / "tabletop"
    data = tempfile.mkdtemp()
    cmd = f"env TABLETOP_TUI_DATA_DIR={data} " + (str(script) if script.exists()
                                                   else f"{sys.executable} -m tabletop_tui")
    cmd = f"{cmd} {args}".rstrip()
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(FIRST_PAINT_BARE)
    base = f"{sys.executable} {f.name}"
    try:
        _until_on_screen(base, "BARE-APP-READY")  # warm the caches
        _until_on_screen(cmd, expect)
        bs, cs = [], []
        for _ in range(runs):
            bs.append(_until_on_screen(base, "BARE-APP-READY"))
            cs.append(_until_on_screen(cmd, expect))
    finally:
        os.unlink(f.name)
    return {"bare_s": statistics.median(bs), "command_s": statistics.median(cs),
            "ratio": statistics.median(c / b for b, c in zip(bs, cs))}


#: the games' first paints on a real terminal: `tabletop --game ...` until the game's title bar
GAME_PAINTS = [("piratissimo_2p", "--game piratissimo --players 2 --seed 5", "Piratissimo ·"),
               ("terra_mystica_4p", "--game terra_mystica --players 4 --seed 5", "choosing factions")]


def _startup_once(kind: str, env: dict) -> tuple[float, float]:
    out = subprocess.run([sys.executable, "-c", STARTUP, kind], capture_output=True, text=True,
                         env=env, cwd=ROOT)
    if out.returncode != 0:
        raise SystemExit(out.stderr)
    t, rss = out.stdout.split()[-2:]
    return float(t), int(rss) / 1024


def startup(kind: str) -> tuple[float, float]:
    times, mem = [], []
    env = dict(os.environ, TABLETOP_TUI_DATA_DIR=tempfile.mkdtemp())
    for _ in range(RUNS):
        t, m = _startup_once(kind, env)
        times.append(t)
        mem.append(m)
    return statistics.median(times), max(mem)


def startup_ratio(kind: str) -> tuple[float, float, float]:
    """``kind``'s start-up against the bare app's, run alternately (so both see the same load):
    the pairwise median ratio, ``kind``'s median seconds and its peak memory."""
    env = dict(os.environ, TABLETOP_TUI_DATA_DIR=tempfile.mkdtemp())
    ratios, times, mem = [], [], []
    for _ in range(RUNS):
        b, _ = _startup_once("bare", env)
        t, m = _startup_once(kind, env)
        ratios.append(t / b)
        times.append(t)
        mem.append(m)
    return statistics.median(ratios), statistics.median(times), max(mem)


async def key_latency_trivial(presses: int) -> float:
    from textual.app import App
    from textual.widgets import Static

    class T(App):
        BINDINGS = [("right", "bump", "bump")]
        n = 0

        def compose(self):
            yield Static("0", id="s")

        def action_bump(self):
            self.n += 1
            self.query_one("#s", Static).update(str(self.n))

    app = T()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        t0 = time.perf_counter()
        for _ in range(presses):
            await pilot.press("right")
            await pilot.pause()
        return (time.perf_counter() - t0) / presses


def _match_at(game_id: str, moves: int, players: int = 3):
    """A match with human seats at a position reached by bots (a grown map, a busy board)."""
    from tabletop_tui.match import Match, Seat

    names = ["Anna", "Bruno", "Chiara", "Dario"][:players]
    m = Match(game_id, [Seat(n) for n in names], 1)
    driver = Match(game_id, [Seat(n, True) for n in names], 1)
    for _ in range(moves):
        if driver.over:
            break
        driver.play(driver.bot_action())
        m.play(driver.actions[-1])
    return m


async def per_press(pilot, presses: int) -> float:
    """Seconds per key press, each answered before the next: down, right, up, left in turn, through
    the choices and the board targets they concern."""
    t0 = time.perf_counter()
    for i in range(presses):
        await pilot.press(("down", "right", "up", "left")[i % 4])
        await pilot.pause()
    return (time.perf_counter() - t0) / presses


async def key_latency_board(game_id: str, moves: int, presses: int, players: int = 3) -> float:
    from tabletop_tui.app import TabletopApp

    app = TabletopApp(match=_match_at(game_id, moves, players), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        if type(app.screen).__name__ == "HandoffScreen":  # hidden hands: the player to move is ready
            await pilot.press("enter")
            await pilot.pause()
        return await per_press(pilot, presses)


async def key_latency_thinking(presses: int, thinking: bool = True) -> float:
    """Key→repaint on the Finca screen while a hard bot thinks in its own process
    (bots/thinker.py; or, for comparison, with nobody thinking): the player opens and closes the
    whole log."""
    from tabletop_tui.app import TabletopApp

    m = _match_at("finca", 40, players=2)
    seat = m.pending.seat
    if thinking:
        m.seats[seat].bot, m.seats[seat].level = True, "hard"
    app = TabletopApp(match=m, bot_delay=60)  # the chosen move waits: only the thinking counts
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        total, counted = 0.0, 0
        while counted < presses:
            if thinking and screen.bot_worker is None:  # it has chosen: think again
                screen.cancel_bot()
                screen.schedule_bot()
            t0 = time.perf_counter()
            await pilot.press("L")
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            total += time.perf_counter() - t0
            counted += 2
        screen.cancel_bot()
        return total / counted


def tm_match():
    """Terra Mystica, 5 players, round 3 with a human to take a main action (seeded bot moves)."""
    from tabletop_tui.match import Match, Seat

    names = ["Anna", "Bruno", "Chiara", "Dario", "Elena"]
    m = Match("terra_mystica", [Seat(n) for n in names], 7)
    driver = Match("terra_mystica", [Seat(n, True) for n in names], 7)
    while not driver.over and not (driver.state.round >= 3 and driver.pending.kind == "main"
                                   and len(driver.legal_actions()) > 12):
        driver.play(driver.bot_action())
        m.play(driver.actions[-1])
    return m


async def key_latency_tm(presses: int) -> float:
    from tabletop_tui.app import TabletopApp

    app = TabletopApp(match=tm_match(), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        return await per_press(pilot, presses)


def playouts() -> list[dict]:
    from tabletop_tui import catalogue
    from tabletop_tui.playout import simulate

    rows = []
    for g in catalogue.GAMES:
        try:
            rules = g.rules()
        except Exception as e:  # an engine that does not import is reported, not hidden
            rows.append({"game": g.id, "error": f"{type(e).__name__}: {e}"})
            continue
        if rules is None:
            rows.append({"game": g.id, "error": "no rules engine yet"})
            continue
        n = min(4, g.max_players)
        budget, games, stats = 3.0, 0, None
        t0 = time.perf_counter()
        total = {"games": 0, "actions": 0, "errors": 0}
        while time.perf_counter() - t0 < budget:
            st = simulate(rules, n, 1, 1000 + games, strict=False)
            games += 1
            total["games"] += 1
            total["actions"] += st.actions
            total["errors"] += len(st.errors)
        secs = time.perf_counter() - t0
        rows.append({"game": g.id, "players": n, "games": total["games"], "errors": total["errors"],
                     "actions_per_second": round(total["actions"] / secs, 1),
                     "seconds_per_game": round(secs / total["games"], 4)})
    return rows


def bot_figures() -> dict:
    """The bots' goals (issue 11) with a few games: see benchmarks/bots.py."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import bots as bot_bench

    games = int(os.environ.get("BENCH_BOT_GAMES_MR", "10"))
    hard_games = int(os.environ.get("BENCH_BOT_GAMES_HM", "2"))
    return bot_bench.figures(games, hard_games,
                             tm_medium_games=int(os.environ.get("BENCH_BOT_GAMES_TM_MEDIUM", "2")),
                             tm_hard_games=int(os.environ.get("BENCH_BOT_GAMES_TM_HARD", "0")))


def main() -> None:
    os.environ.setdefault("TABLETOP_TUI_DATA_DIR", tempfile.mkdtemp())
    paint = first_paint(max(RUNS, 7))
    game_paints = {name: first_paint(max(RUNS, 7), args, expect) for name, args, expect in GAME_PAINTS}
    bare_t, bare_m = startup("bare")
    launch_r, launch_t, launch_m = startup_ratio("launcher")
    game_r, game_t, game_m = startup_ratio("game")
    mar_r, mar_t, mar_m = startup_ratio("maracaibo")
    tm_r, tm_t, tm_m = startup_ratio("tm")
    presses = 40
    triv = asyncio.run(key_latency_trivial(presses))
    boards = {g: asyncio.run(key_latency_board(g, moves, presses))
              for g, moves in (("piratissimo", 60), ("finca", 120), ("finis_terrae", 250))}
    boards["maracaibo"] = asyncio.run(key_latency_board("maracaibo", 150, presses, players=4))
    idle_log = asyncio.run(key_latency_thinking(20, thinking=False))
    hard_log = asyncio.run(key_latency_thinking(20, thinking=True))
    boards["terra_mystica_5p"] = asyncio.run(key_latency_tm(presses))
    figures = {
        "first_paint_ratio": round(paint["ratio"], 2) if paint else None,
        "floor_bare_app_first_paint_s": round(paint["bare_s"], 4) if paint else None,
        **{f"{name}_first_paint_ratio": round(p["ratio"], 2) if p else None for name, p in game_paints.items()},
        "floor_bare_app_startup_s": round(bare_t, 4),
        # (each against the bare app run alternately with it: pairwise medians)
        "launcher_startup_ratio": round(launch_r, 2),
        "piratissimo_open_ratio": round(game_r, 2),
        "maracaibo_open_ratio": round(mar_r, 2),
        "terra_mystica_5p_open_ratio": round(tm_r, 2),
        "floor_trivial_key_s": round(triv, 5),
        "log_key_ratio_idle": round(idle_log / triv, 2),
        "log_key_ratio_hard_bot_thinking": round(hard_log / triv, 2),
        **{f"{g}_key_ratio": round(t / triv, 2) for g, t in boards.items()},
        "floor_bare_peak_mb": round(bare_m, 1),
        "launcher_peak_mb": round(launch_m, 1),
        "piratissimo_peak_mb": round(game_m, 1),
        "piratissimo_peak_ratio": round(game_m / bare_m, 2),
        "playouts": playouts(),
    }
    figures["bots"] = bot_figures()
    print(f"{'figure':<34}{'value':>12}  note")
    if paint:
        print(f"{'bare app first paint, tmux (floor)':<34}{paint['bare_s'] * 1000:>10.0f}ms  "
              f"median of {max(RUNS, 7)}")
        print(f"{'tabletop first paint, tmux':<34}{paint['ratio']:>11.2f}×  of the floor, pairwise "
              "median (goal <= 1.25)")
        for name, p in game_paints.items():
            print(f"{name + ' first paint, tmux':<34}{p['ratio']:>11.2f}×  of its own floor run "
                  f"({p['bare_s'] * 1000:.0f} ms), `tabletop --game`, goal <= 1.25")
    else:
        print(f"{'tabletop first paint, tmux':<34}{'—':>12}  needs tmux")
    print(f"{'bare Textual app start-up (floor)':<34}{bare_t * 1000:>10.0f}ms  median of {RUNS}")
    print(f"{'launcher start-up':<34}{figures['launcher_startup_ratio']:>11.2f}×  of the floor")
    print(f"{'Piratissimo screen open':<34}{figures['piratissimo_open_ratio']:>11.2f}×  of the floor")
    print(f"{'Maracaibo 4p mid-game open':<34}{figures['maracaibo_open_ratio']:>11.2f}×  of the floor")
    print(f"{'Terra Mystica 5p mid-game open':<34}{figures['terra_mystica_5p_open_ratio']:>11.2f}×  of the floor")
    print(f"{'trivial app key→repaint (floor)':<34}{triv * 1000:>10.1f}ms  mean of {presses}")
    for g, t in boards.items():
        print(f"{g + ' key→repaint':<34}{t / triv:>11.2f}×  of the floor (mid-game board)")
    print(f"{'L/esc (whole log), nobody thinks':<34}{idle_log / triv:>11.2f}×  of the floor")
    print(f"{'L/esc while a hard bot thinks':<34}{hard_log / triv:>11.2f}×  of the floor (its own process)")
    print(f"{'peak memory, bare app (floor)':<34}{bare_m:>10.1f}MB")
    print(f"{'peak memory, Piratissimo':<34}{figures['piratissimo_peak_ratio']:>11.2f}×  {game_m:.1f} MB")
    for row in figures["playouts"]:
        if "error" in row:
            print(f"{'playouts ' + row['game']:<34}{'—':>12}  {row['error']}")
        else:
            print(f"{'playouts ' + row['game']:<34}{row['actions_per_second']:>10.0f}/s  actions; "
                  f"{row['seconds_per_game'] * 1000:.1f} ms a {row['players']}-player game; "
                  f"{row['games']} games, {row['errors']} errors")
    out = ROOT / "benchmarks" / "latest.json"
    out.write_text(json.dumps(figures, indent=1) + "\n")
    print(f"written {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
