"""Village actions: Sell off, Odd jobs, Buy or invest, and the options cards and upgrades unlock."""
from __future__ import annotations

from .content import VILLAGE_OPTIONS
from .notation import act
from .state import push, ops_tasks
from . import cards, prestige, ship

# notation word for each village option id
WORDS = {"discard_hand": "sell", "take_doubloon": "odd-job", "gain_combat_point": "drill",
         "draw_card": "news", "explore_1": "scout", "buy_disc": "fittings", "buy_influence": "palms"}
IDS = {w: k for k, w in WORDS.items()}


def village_auto(s, t) -> bool:
    if t["n"] <= 0:
        s.g["stack"].pop()
        return True
    return False


def village_options(s, t) -> list:
    g = s.g
    seat = t["seat"]
    p = g["players"][seat]
    out = []
    if p["hand"]:
        out.append(act("sell"))  # E18: not offered with an empty hand
    out.append(act("odd-job"))
    for c in cards.buyable(p):
        out.append(act(f"buy {c}", ("card", c)))
    out += prestige.invest_options(g, seat)
    extra = ship.village_options_unlocked(p)
    if "gain_combat_point" in extra:
        out.append(act("drill"))
    if "draw_card" in extra:  # E16: with nothing to draw, the draw is lost
        out.append(act("news"))
    if "explore_1" in extra:  # E12: with the explorer at END, the explore is lost
        out.append(act("scout"))
    if "buy_disc" in extra and p["dbl"] >= 2 and ship.discs_on_board(p) > 0:  # E38
        out.append(act("fittings"))
    if "buy_influence" in extra and p["dbl"] >= 3:  # E38
        out.append(act("palms"))
    # 5.3 "for each village action pick one option": a granted village action is never declined
    # (15.2 "exactly 1"); Odd jobs is always there, so there is always an option to pick
    return out


def village_choose(s, t, a) -> None:
    g = s.g
    seat = t["seat"]
    t["n"] -= 1
    if t["n"] <= 0:
        g["stack"].pop()
    if a.kind == "buy":
        cards.buy(s, seat, a.args[0])
    elif a.kind == "invest":
        prestige.invest(g, seat, a.args[0])
    else:
        push(g, *ops_tasks(seat, VILLAGE_OPTIONS[IDS[a.kind]]["effects"]))  # told by name: effects.reason
