"""How often a 1 ms one-shot call never comes: Textual's ``set_timer`` against the game screen's
``Later`` (asyncio's ``call_later``), on this machine as it is loaded now.

Textual's one-shot timer reads the clock when its task starts and again at once; when the second
reading is already past the delay (the process was descheduled between the two) it skips the only
tick it has and ends without calling back (textual/timer.py, ``Timer._run``). The game screen
played a bot's chosen move through such a timer of 1 ms: a whole keyboard game stood still.

    python benchmarks/timer_skip.py [--batch 500] [--rounds 200]

Load it as CI is loaded to see the skips, e.g. on one core beside two busy loops:
``taskset -c 1 sh -c 'while :; do :; done' &`` (twice), then ``taskset -c 1 python …``.
"""
from __future__ import annotations

import argparse
import asyncio
import time

from textual.app import App

from tabletop_tui.screens.game import Later


async def count(kind: str, batch: int, rounds: int) -> tuple[int, int, float]:
    """(calls made, calls that never came, seconds) for ``rounds`` batches of 1 ms calls."""
    app = App()
    lost = 0
    t0 = time.monotonic()
    async with app.run_test() as pilot:
        screen = app.screen
        for _ in range(rounds):
            hits: list[int] = []
            calls = [screen.set_timer(0.001, (lambda i=i: hits.append(i))) if kind == "set_timer"
                     else Later(screen, 0.001, (lambda i=i: hits.append(i))) for i in range(batch)]
            await asyncio.sleep(0.05)
            for _ in range(100):  # (every call made by now, late ones included)
                if len(hits) == batch:
                    break
                await pilot.pause(0.01)
            lost += batch - len(hits)
            del calls
    return batch * rounds, lost, time.monotonic() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--batch", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=200)
    args = ap.parse_args()
    for kind in ("set_timer", "Later"):
        n, lost, secs = asyncio.run(count(kind, args.batch, args.rounds))
        print(f"{kind:9}: {n} one-shot calls of 1 ms, {lost} never came ({secs:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
