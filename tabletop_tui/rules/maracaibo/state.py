"""The state: one plain-data dict (cheap to copy, JSON as it is), the seeded Rng and the names.

Board widgets read ``state.g``: ``players[i]`` (ship, explorer, infl, discs, hand, plan, bought,
tokens, quests, assistants, dbl, vp, cp, ...), ``flags``, ``markets``, ``supply``, ``tiles``,
``quest_slots``, ``xquests``, ``display``, ``prestige``/``prestige_revealed``, ``round``.
"""
from __future__ import annotations

from tabletop_tui.rules.core import Rng, Step

# containers inside the state, by how deep they must be copied (everything else is a scalar,
# or content data such as an op dict, which is never changed in place)
_LISTS = ("deck", "display", "discard", "quest_pile", "prestige", "extra")
_DICTS = ("tiles", "flags", "removed", "quest_slots", "xquests", "barrier_first", "turn")
_P_LISTS = ("barriers", "unlocked", "hand", "plan", "bought", "tokens", "quests", "career_offer", "invested")
_P_DICTS = ("infl", "discs")
_T_LISTS = ("used", "cards")


def _copy_player(p: dict) -> dict:
    q = dict(p)
    for k in _P_LISTS:
        q[k] = list(p[k])
    for k in _P_DICTS:
        q[k] = dict(p[k])
    q["assistants"] = [dict(a) for a in p["assistants"]]
    return q


def _copy_task(t: dict) -> dict:
    u = dict(t)
    for k in _T_LISTS:
        if k in u:
            u[k] = list(u[k])
    return u


def copy_g(g: dict) -> dict:
    h = dict(g)
    for k in _LISTS:
        h[k] = list(g[k])
    for k in _DICTS:
        h[k] = dict(g[k])
    if "combat_used" in h["turn"]:
        h["turn"]["combat_used"] = list(h["turn"]["combat_used"])
    h["markets"] = {loc: dict(m) for loc, m in g["markets"].items()}
    h["supply"] = {n: list(v) for n, v in g["supply"].items()}
    h["piles"] = [list(x) for x in g["piles"]]
    h["players"] = [_copy_player(p) for p in g["players"]]
    h["stack"] = [_copy_task(t) for t in g["stack"]]
    h[NOTES] = []  # a fresh ledger for each action (never saved: see MaracaiboRules.to_json)
    return h


#: the key of ``g`` that holds what the action being applied changed and why: [seat, what, n, source],
#: and core.Step markers where an automatic step of the game begins
NOTES = "_notes"


#: a task's key that is not saved either (MaracaiboRules.to_json leaves it out, so that the state
#: hashes of every save stay as they were): the reason in words that name its cause, where the saved
#: ``src`` does not (issue 45): an op's ("explorer reward: E6", "quest reward: Feed the garrison"),
#: and what a draw or a disc task was queued for (a card's name, "Careening Yard"), which the drawn
#: card's reason and the disc's log line name
SOURCE = "_src"
#: the keys of ``g`` that are bookkeeping of the action being applied, not the game
HIDDEN = (NOTES,)


def note(g: dict, seat: int, what: str, n: int, source: str, zero: bool = False) -> None:
    """Record a change of a public counter with the rules' reason (the log says it in numbers);
    ``zero``: a gain cut to nothing by a cap is told too ("+0 CP (…; 3 lost at the cap of 8)")."""
    if n or zero:
        g.setdefault(NOTES, []).append([seat, what, n, source])


def step(g: dict, key: str) -> None:
    """An automatic step of the game begins ("round end", "interim", "final"): what is noted
    from now on is its own entry in the log, with no actor (describe.step_line says it)."""
    g.setdefault(NOTES, []).append(Step(key))


def gain(g: dict, seat: int, what: str, n: int, source: str) -> None:
    """Add n VP ("VP") or doubloons ("$") to a seat, with the reason."""
    key = {"VP": "vp", "$": "dbl"}[what]
    g["players"][seat][key] += n
    note(g, seat, what, n, source)


class State:
    __slots__ = ("g", "rng", "names")

    def __init__(self, g: dict, rng: Rng, names: list):
        self.g = g
        self.rng = rng
        self.names = names

    def copy(self) -> "State":
        return State(copy_g(self.g), self.rng.copy(), list(self.names))

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


def ops_tasks(seat: int, ops: list, nation: str | None = None, src: str | None = None) -> list:
    """One task per op; ``src`` is the rules' reason for what they gain ("flag bonus", a card's
    name), said in the log next to the amounts."""
    out = []
    for op in ops:
        t = {"t": "op", "seat": seat, "op": op}
        if nation is not None:
            t["nation"] = nation
        if src:
            t["src"] = src
        out.append(t)
    return out


def caused(tasks: list, words: str) -> list:
    """The tasks, their gains told with ``words`` as their reason (the cause named: "explorer
    reward: E6"), whatever their saved ``src`` says; see SOURCE."""
    for t in tasks:
        t[SOURCE] = words
    return tasks


def push_ops(g: dict, seat: int, ops: list, nation: str | None = None, src: str | None = None) -> None:
    push(g, *ops_tasks(seat, ops, nation, src))
