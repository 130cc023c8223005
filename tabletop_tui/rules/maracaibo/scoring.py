"""Final scoring (design.md 16): every step is a category of the result breakdown."""
from __future__ import annotations

from .content import CONST, INFLUENCE, NATIONS, card
from . import influence, prestige, ship
from .counters import counter

CATEGORIES = ["during play", "unused assistants", "VP income", "doubloon income", "influence",
              "ship upgrades", "card VP", "end-scoring cards", "prestige buildings", "doubloons"]


def end_cards(p: dict) -> list[dict]:
    """The "game end: N VP per …" effects of a player's bought cards (each with ``per``, ``n``
    and ``max``)."""
    return [op for c in p["bought"] for op in card(c)["effects"] if op["op"] == "end_vp_per"]


def end_card_vp(op: dict, count: float) -> float:
    """What an end-scoring card pays for its counter at ``count``: ``n`` VP each, up to ``max``."""
    return min(op["n"] * count, op["max"])


def final_scores(g: dict) -> dict:
    out = {}
    table = INFLUENCE["vp_per_rank_by_emptied_spaces"]
    for seat, p in enumerate(g["players"]):
        b = {c: 0 for c in CATEGORIES}
        b["during play"] = p["vp"]
        b["unused assistants"] = CONST["assistant_unused_vp"] * sum(1 for a in p["assistants"] if a["live"])
        b["VP income"] = p["inc_v"]
        b["doubloon income"] = p["inc_d"]
        b["influence"] = sum(influence.rank(p["infl"][n]) * table[influence.emptied(g, n)] for n in NATIONS)
        b["ship upgrades"] = 2 * ship.completed_upgrades(p)
        b["card VP"] = sum(card(c)["vp"] for c in p["bought"])
        b["end-scoring cards"] = sum(end_card_vp(op, counter(g, seat, op["per"])) for op in end_cards(p))
        b["prestige buildings"] = sum(prestige.end_vp(g, seat, bid) for bid in p["invested"])
        b["doubloons"] = p["dbl"] // CONST["money_vp_divisor"]
        out[str(seat)] = {"breakdown": b, "total": sum(b.values()), "doubloons": p["dbl"],
                          "quests": len(p["quests"])}
    return out
