"""The state: one plain-data dict (cheap to copy, JSON as it is), the seeded Rng and the names.

Board widgets read ``state.g``: ``players[i]`` (ship, explorer, infl, discs, hand, plan, bought,
tokens, quests, assistants, dbl, vp, cp, ...), ``flags``, ``markets``, ``supply``, ``tiles``,
``quest_slots``, ``xquests``, ``display``, ``prestige``/``prestige_revealed``, ``round``.
"""
from __future__ import annotations

import marshal

from tabletop_tui.rules.core import Rng


class State:
    __slots__ = ("g", "rng", "names")

    def __init__(self, g: dict, rng: Rng, names: list):
        self.g = g
        self.rng = rng
        self.names = names

    def copy(self) -> "State":
        return State(marshal.loads(marshal.dumps(self.g)), self.rng.copy(), list(self.names))

    # conveniences for widgets and tests
    @property
    def players(self) -> list:
        return self.g["players"]

    def p(self, seat: int) -> dict:
        return self.g["players"][seat]


def push(g: dict, *tasks: dict) -> None:
    """Put tasks on the stack; the first one given is resolved first."""
    g["stack"].extend(reversed(tasks))


def task(t: str, seat: int, **kw) -> dict:
    d = {"t": t, "seat": seat}
    d.update(kw)
    return d


def ops_tasks(seat: int, ops: list, nation: str | None = None) -> list:
    out = []
    for op in ops:
        t = {"t": "op", "seat": seat, "op": op}
        if nation is not None:
            t["nation"] = nation
        out.append(t)
    return out


def push_ops(g: dict, seat: int, ops: list, nation: str | None = None) -> None:
    push(g, *ops_tasks(seat, ops, nation))
