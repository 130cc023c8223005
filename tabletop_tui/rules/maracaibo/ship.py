"""Ship board: discs and the 12 upgrades, combat points, figures, income; derived abilities."""
from __future__ import annotations

from .content import CONST, UPGRADES, UPGRADE_IDS, card, design

CP_MAX = CONST["combat_points_max"]
INCOME_MAX = CONST["income_track_max_level"]


def unlocked(p: dict, up: str) -> bool:
    return p["discs"][up] == 0


def completed_upgrades(p: dict) -> int:
    return sum(1 for u in UPGRADE_IDS if p["discs"][u] == 0)


def discs_on_board(p: dict) -> int:
    return sum(p["discs"].values())


def owned(p: dict, design_id: str) -> int:
    return sum(1 for c in p["bought"] if design(c) == design_id)


def card_ops(p: dict, opname: str):
    """Ongoing ops of this name on bought cards, in card-id order."""
    for c in sorted(p["bought"]):
        for op in card(c)["effects"]:
            if op["op"] == opname:
                yield c, op


def upgrade_ops(p: dict, opname: str):
    for u in UPGRADE_IDS:
        if p["discs"][u] == 0:
            for op in UPGRADES[u]["effects"]:
                if op["op"] == opname:
                    yield u, op


def passive_sum(p: dict, opname: str) -> int:
    return sum(op.get("n", 0) for _, op in card_ops(p, opname)) + sum(op.get("n", 0) for _, op in upgrade_ops(p, opname))


def hand_limit(p: dict) -> int:
    return CONST["hand_limit"] + passive_sum(p, "hand_limit")


def planning_slots(p: dict) -> int:
    return CONST["planning_slots"] + passive_sum(p, "planning_slots")


def discount(p: dict) -> int:
    return passive_sum(p, "discount")


def combat_bonus(p: dict) -> int:
    return passive_sum(p, "combat_bonus")


def compass(p: dict) -> int:
    return sum(card(c)["compass"] for c in p["bought"]) + sum(op["n"] for _, op in upgrade_ops(p, "compass"))


def village_options_unlocked(p: dict) -> set:
    out = {op["option"] for _, op in card_ops(p, "village_option")}
    out |= {op["option"] for _, op in upgrade_ops(p, "village_option")}
    return out


def village_actions_for_mp(p: dict, mp: int) -> int:
    table = "with_U02" if any(True for _ in upgrade_ops(p, "village_thresholds")) else "base"
    for lo, hi, n in CONST["village_actions_by_mp"][table]:
        if lo <= mp <= hi:
            return n
    return 0


def gain_cp(p: dict, n: int) -> int:
    """Returns the points gained: E7, the excess over 8 is lost."""
    before = p["cp"]
    p["cp"] = min(CP_MAX, p["cp"] + n)
    return p["cp"] - before


def gain_figures(p: dict, n: int) -> int:
    k = min(n, p["fig_general"])  # E21
    p["fig_general"] -= k
    p["fig_personal"] += k
    return k


def raise_income(p: dict, key: str, n: int) -> int:
    """Returns the levels gained (E27: the track ends)."""
    before = p[key]
    p[key] = min(INCOME_MAX, p[key] + n)
    return p[key] - before
