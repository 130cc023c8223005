"""The explorer track: moving (skipping), the branch, barriers, quest spaces, END."""
from __future__ import annotations

from .content import C, SETUP, XTRACK
from .notation import act
from .state import SOURCE, caused, push, task, ops_tasks, gain, note
from .ledger import XNUMBER

END = C["explorer_track"]["end"]["id"]
START = C["explorer_track"]["start"]


def countable(g: dict, seat: int, sp: str) -> bool:
    if sp == END:
        return True  # E11: END is never occupied
    for i, p in enumerate(g["players"]):
        if i != seat and p["explorer"] == sp:
            return False
    if XTRACK[sp]["quest_slot"] and g["xquests"].get(sp) is None:
        return False  # taken quest spaces are skipped
    return True


def destinations(g: dict, seat: int, n: int) -> list:
    """Spaces the explorer may stop on with 1..n counted steps (branch implied)."""
    start = g["players"][seat]["explorer"]
    out: list = []
    frontier = [(start, 0)]
    while frontier:
        sp, used = frontier.pop()
        for nxt in XTRACK[sp]["next"]:
            if countable(g, seat, nxt):
                if used + 1 <= n:
                    if nxt not in out:
                        out.append(nxt)
                    frontier.append((nxt, used + 1))
            else:
                frontier.append((nxt, used))
    order = list(XTRACK)
    return sorted(out, key=order.index)


def progress(p: dict) -> int:
    return len(p["barriers"]) + (1 if p["explorer"] == END else 0)


def explore_options(s, t) -> list:
    return [act(f"explore {sp}", ("xtrack", sp)) for sp in destinations(s.g, t["seat"], t["op"]["n"])]


def move_explorer(s, seat: int, dest: str, why: str = "") -> None:
    """Put the explorer on dest and queue, in order: barrier rewards, the stop reward, a quest
    on the stop space, END's arrival VP and village action (10.6: all before the outer effect)."""
    g = s.g
    p = g["players"][seat]
    old_band = XTRACK[p["explorer"]]["band"]
    new_band = XTRACK[dest]["band"]
    note(g, seat, "explorer", XNUMBER[dest] - XNUMBER[p["explorer"]], why or "explore")
    p["explorer"] = dest
    tasks: list = []
    for band in range(old_band + 1, new_band + 1):
        if band in p["barriers"]:
            continue
        p["barriers"].append(band)
        b = next(x for x in C["explorer_track"]["barriers"] if x["band"] == band)
        rew = b["reward"]
        why = f"explorer reward: {b['id']} barrier"  # the saved src stays "barrier": the saves' hashes
        if "every_player" in rew:
            tasks += caused(ops_tasks(seat, rew["every_player"], None, "barrier"), why)
        else:
            key = str(band)
            if g["barrier_first"].get(key) is None:
                g["barrier_first"][key] = seat  # E36: first in resolution order
                tasks += caused(ops_tasks(seat, rew["first"], None, "barrier, first"), why + ", first")
            else:
                tasks += caused(ops_tasks(seat, rew["later"], None, "barrier"), why)
    tasks += caused(ops_tasks(seat, XTRACK[dest]["reward"], None, "explorer track"), f"explorer reward: {dest}")
    if XTRACK[dest]["quest_slot"] and g["xquests"].get(dest) is not None:
        tasks.append(task("xquest", seat, space=dest))
    if dest == END:
        vps = SETUP["by_players"][str(g["n"])]["explorer_end_vp"]
        k = g["end_arrivals"]
        g["end_arrivals"] += 1
        if k < len(vps):
            gain(g, seat, "VP", vps[k], "explorer at END")
        tasks.append(task("village", seat, n=C["explorer_track"]["end"]["village_actions"], ctx="effect",
                          **{SOURCE: "explorer at END"}))
    push(g, *tasks)
