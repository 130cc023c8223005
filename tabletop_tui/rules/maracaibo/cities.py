"""Cities: the market delivery and the city's action (fixed actions and the variable tiles)."""
from __future__ import annotations

from .content import CITY_ACTIONS, LOCS, UPGRADE_IDS, card
from .notation import act
from .state import push, ops_tasks
from . import cards, ledger, ship


def city_action_id(g: dict, loc: str) -> str | None:
    spec = LOCS[loc]
    if spec["kind"] != "city":
        return None
    if spec["action"] == "tile_slot":
        return g["tiles"][loc]
    if loc == "13":
        return g["maracaibo"]
    return spec["action"]


def empty_spaces(g: dict, loc: str) -> list:
    return [gd for gd, owner in g["markets"].get(loc, {}).items() if owner is None]


def delivery_acts(g: dict, seat: int, loc: str) -> list:
    """city deliver <card> <good> <upgrade space>: one per interchangeable choice (E2/E3)."""
    p = g["players"][seat]
    spaces = empty_spaces(g, loc)
    if not spaces or ship.discs_on_board(p) == 0:
        return []
    ups = [u for u in UPGRADE_IDS if p["discs"][u] > 0]
    out = []
    for c in cards.unique(p["hand"]):
        for gd in card(c)["goods"]:
            if gd in spaces:
                for u in ups:
                    out.append(act(f"city deliver {c} {gd} {u}", ("loc", loc)))
    return out


def city_acts(g: dict, seat: int, loc: str) -> list:
    if city_action_id(g, loc) is None:
        return []
    return [act("city", ("loc", loc))] + delivery_acts(g, seat, loc)


def city_choose(s, seat: int, a) -> None:
    """Delivery first (optional), then the city's action (E1)."""
    g = s.g
    p = g["players"][seat]
    loc = p["ship"]
    # "city action" is told by the action's name (effects.reason); the task keeps what saves hold
    tasks = ops_tasks(seat, CITY_ACTIONS[city_action_id(g, loc)]["effects"], None, "city action")
    if len(a.args) == 4:
        _, c, gd, up = a.args
        p["hand"].remove(c)
        g["discard"].append(c)
        ledger.hand(g, seat, -1, "delivery")
        g["markets"][loc][gd] = seat
        p["discs"][up] -= 1
        ledger.unlock_check(g, seat, up)
        trig = []
        for _, op in ship.card_ops(p, "trigger"):
            if op["on"] == "deliver":
                trig += ops_tasks(seat, op["gain"], None, card(_)["name"])
        tasks = trig + tasks
    push(g, *tasks)
