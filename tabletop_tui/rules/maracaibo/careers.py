"""Career cards: three milestones on one counter, paid once each the moment they are reached."""
from __future__ import annotations

from .content import CAREERS
from .notation import act
from .counters import counter


def check(g: dict, seat: int) -> None:
    """Pay every milestone now reached; rewards may reach the next one (E37: chain)."""
    p = g["players"][seat]
    if not p["career"] or p["career_paid"] >= 3:
        return
    ms = CAREERS[p["career"]]["milestones"]
    while p["career_paid"] < len(ms):
        m = ms[p["career_paid"]]
        if counter(g, seat, m["counter"]) < m["at_least"]:
            return
        p["career_paid"] += 1
        from .state import gain
        why = f"career: {CAREERS[p['career']]['name']}"  # the cause named (issue 45)
        for op in m["reward"]:
            if op["op"] == "doubloons":
                gain(g, seat, "$", op["n"], why)
            elif op["op"] == "vp":
                gain(g, seat, "VP", op["n"], why)


def career_auto(s, t) -> bool:
    return False


def career_options(s, t) -> list:
    p = s.g["players"][t["seat"]]
    return [act(f"career {k}", ("career", k)) for k in p["career_offer"]]


def career_choose(s, t, a) -> None:
    g = s.g
    g["stack"].pop()
    p = g["players"][t["seat"]]
    p["career"] = a.args[0]
    p["career_offer"] = []
