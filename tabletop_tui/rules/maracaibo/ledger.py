"""The public counters the ledger accounts for, and the changes of them that need more than a
plain sum: a gain cut short by a cap says so, an upgrade unlocked says its name.

Every change of a counter is noted with its reason (state.note); a reason is said in the
rulebook's words: a card's or city action's name, "quest cost", "Sell off"...
"""
from __future__ import annotations

from .content import C, LOCS, NATIONS, NATION_NAMES, UPGRADES, XTRACK
from .state import note
from . import influence, ship

INCOME = {"income_doubloons": ("inc_d", "$ income"), "income_vp": ("inc_v", "VP income")}


def _xnumbers() -> dict:
    """Each explorer-track space's number, counted from S (0) along the long way; the short cut's
    space is numbered like the long way's last space (both lead to the same next space), so the
    number never goes down along either way and taking the short cut shows the spaces it saves."""
    cut = C["explorer_track"]["shortcut"]
    out: dict = {}
    for sp in XTRACK:
        if sp not in cut["short"]:
            out[sp] = len(out)
    for sp in cut["short"]:
        out[sp] = out[cut["long"][-1]]
    return out


XNUMBER = _xnumbers()


def counters(g: dict, seat: int, vp: int) -> dict:
    """Every public counted thing of a seat (a view has them all: a hand is its number of cards)."""
    p = g["players"][seat]
    out = {"VP": vp, "$": p["dbl"], "CP": p["cp"]}
    for n in NATIONS:
        out[f"{NATION_NAMES[n]} infl"] = p["infl"][n]
    out.update({"cards": len(p["hand"]), "explorer": XNUMBER[p["explorer"]], "figures": p["fig_personal"],
                "assistants": len(p["assistants"]), "$ income": p["inc_d"], "VP income": p["inc_v"],
                "upgrades": ship.completed_upgrades(p), "quests": len(p["quests"]), "prestige": len(p["invested"])})
    return out


def _lost(why: str, lost: int, where: str) -> str:
    """The reason of a gain cut short: "Fencing Hall; 2 lost at the cap of 8"."""
    if lost <= 0:
        return why
    return f"{why}; {lost} lost {where}" if why else f"{lost} lost {where}"


def combat_points(g: dict, seat: int, n: int, why: str) -> None:
    """E7: never more than 8; what would go past the cap is lost, and the reason says so."""
    got = ship.gain_cp(g["players"][seat], n)
    note(g, seat, "CP", got, _lost(why, n - got, f"at the cap of {ship.CP_MAX}"), zero=n > 0)


def spend(g: dict, seat: int, what: str, n: int, why: str) -> None:
    """Pay n doubloons ("$") or combat points ("CP"), or return n figures ("figures")."""
    p = g["players"][seat]
    key = {"$": "dbl", "CP": "cp", "figures": "fig_personal"}[what]
    p[key] -= n
    if what == "figures":
        p["fig_general"] += n
    note(g, seat, what, -n, why)


def figures(g: dict, seat: int, n: int, why: str) -> None:
    """E21: only as many as the general supply holds."""
    got = ship.gain_figures(g["players"][seat], n)
    note(g, seat, "figures", got, _lost(why, n - got, "(none left in the general supply)"), zero=n > 0)


def income(g: dict, seat: int, op: str, n: int, why: str) -> None:
    """E27: the income tracks end at their last level."""
    key, what = INCOME[op]
    got = ship.raise_income(g["players"][seat], key, n)
    note(g, seat, what, got, _lost(why, n - got, "at the end of the income track"), zero=n > 0)


def gain_influence(g: dict, seat: int, nation: str, n: int, why: str) -> None:
    influence.gain_influence(g["players"][seat], nation, n, g, seat, why)


def hand(g: dict, seat: int, n: int, why: str) -> None:
    """Cards came into (n > 0) or left (n < 0) the hand: only their number is public."""
    note(g, seat, "cards", n, why)


def remove_disc(g: dict, seat: int, up: str) -> None:
    """Take one disc off an upgrade space, out of the game; the second unlocks the upgrade."""
    p = g["players"][seat]
    p["discs"][up] -= 1
    p["discs_gone"] += 1
    unlock_check(g, seat, up)


def unlock_check(g: dict, seat: int, up: str) -> None:
    """Both discs off: the upgrade is unlocked at once, and an income upgrade raises the income."""
    p = g["players"][seat]
    if p["discs"][up] == 0 and up not in p["unlocked"]:
        p["unlocked"].append(up)
        name = UPGRADES[up]["name"]
        note(g, seat, "upgrades", 1, f"{name} unlocked")
        for op in UPGRADES[up]["effects"]:
            if op["op"] in INCOME:
                income(g, seat, op["op"], op["n"], name)


def place_assistant(g: dict, seat: int, at: str, why: str) -> None:
    """An assistant card's figure goes from the personal supply to its location."""
    where = f"{why}: assistant to {LOCS[at]['name']}" if why else f"assistant to {LOCS[at]['name']}"
    note(g, seat, "figures", -1, where)
    note(g, seat, "assistants", 1, where)
