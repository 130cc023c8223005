"""A seat's whole public board in words (the seat sheet): resources and power bowls, what is left
on the faction board and the income the next piece would free, shipping and digging, cults and
keys, tiles and cards. Pure: reads only the state (a view) it is given."""
from __future__ import annotations

from tabletop_tui.rules.core import counted
from tabletop_tui.rules.terra_mystica.data import BONUS, FACTIONS, FAVOR, TOWN
from tabletop_tui.rules.terra_mystica.log import amount
from tabletop_tui.rules.terra_mystica.state import State

NAMES = {"D": ("dwelling", "dwellings"), "TP": ("trading house", "trading houses"), "TE": ("temple", "temples"),
         "SH": ("stronghold", "stronghold"), "SA": ("sanctuary", "sanctuary")}
TRACKS = ("Fire", "Water", "Earth", "Air")


_n = counted


def income_words(d: dict) -> str:
    return amount(d) if d else "nothing"


def bonus_words(card: str) -> str:
    b = BONUS[card]
    parts = [f"{income_words(b['income'])} income"]
    if b.get("special") == "spade":
        parts.append("action: 1 free spade")
    if b.get("special") == "cult":
        parts.append("action: 1 cult step")
    if b.get("ship"):
        parts.append("+1 shipping this round")
    pv = b.get("pass_vp", {})
    words = {"stronghold": "4 VP for the stronghold and for the sanctuary when passing",
             "per_trading_house": "2 VP per trading house when passing",
             "per_dwelling": "1 VP per dwelling when passing",
             "per_shipping_level": "3 VP per shipping level when passing"}
    for k in pv:
        if k in words:
            parts.append(words[k])
    return f"{card}: " + "; ".join(dict.fromkeys(parts))


def favor_words(fv: str) -> str:
    f = FAVOR[fv]
    tr, n = f["cult"]
    parts = [f"+{n} {TRACKS[tr]}"]
    if f.get("income"):
        parts.append(f"{income_words(f['income'])} income")
    if f.get("town_power"):
        parts.append("towns of power 6")
    if f.get("special") == "cult":
        parts.append("action: 1 cult step")
    for b, v in f.get("on_build", {}).items():
        parts.append(f"{v} VP per {NAMES[b][0]} built")
    if f.get("pass_vp_by_tp"):
        parts.append("VP by trading houses when passing (" + "/".join(map(str, f["pass_vp_by_tp"][1:])) + ")")
    return f"{fv}: " + ", ".join(parts)


def seat_sheet(s: State, seat: int) -> list[tuple[str, list[str]]]:
    from tabletop_tui.rules.terra_mystica.board import range_kind, spade_rate
    from tabletop_tui.rules.terra_mystica.power import income

    if not (0 <= seat < len(s.players)):
        return []
    p = s.players[seat]
    if not p.faction:
        return [("Faction", ["Not chosen yet."])]
    f = FACTIONS[p.faction]
    out: list[tuple[str, list[str]]] = []
    head = [f"{f['name']} (home terrain {f['terrain']})", f"{p.VP} VP"]
    if p.dropped:
        head.append("Dropped out of the game.")
    elif p.passed and s.phase == "play":
        head.append("Passed this round.")
    out.append(("Faction", head))
    out.append(("Resources", [
        f"{_n(p.C, 'coin')}, {_n(p.W, 'worker')}, {_n(p.P, 'priest')} in supply",
        f"{_n(p.priests_sent, 'priest')} sent to cult order spaces; {7 - p.P - p.priests_sent} more can come",
        f"Power bowls I {p.bowls[0]} · II {p.bowls[1]} · III {p.bowls[2]} (ready to spend)"
        + (f"; {p.burned} burned" if p.burned else "")]))
    left = []
    for b, spec in f["buildings"].items():
        one, many = NAMES[b]
        on_map = p.counts[b]
        rest = spec["pieces"] - on_map
        text = f"{many.capitalize()}: {on_map} on the map, {rest} left"
        if rest > 0:
            nxt = spec["income"][on_map] if on_map < len(spec["income"]) else {}
            text += f"; the next frees {income_words(nxt)} income"
        left.append(text)
    left.append(f"Income next round: {income_words(income(s, seat))}")
    out.append(("Faction board", left))
    ship_max = f["shipping"]["max"]
    travel = []
    if ship_max:
        eff = p.ship + (1 if p.bonus == "BON4" else 0)
        travel.append(f"Shipping {p.ship} of {ship_max}" + (f" ({eff} with BON4 this round)" if eff != p.ship else ""))
    else:
        travel.append("No shipping")
    kind, dist = range_kind(p)
    if kind == "tunnel":
        travel.append(f"Tunnelling over one space ({1 if p.counts['SH'] else 2} more workers, +4 VP)")
    elif kind == "carpet":
        travel.append(f"Carpet flight up to {counted(dist - 1, 'space')} away (1 priest, +4 VP)")
    dmax = f["digging"]["max"]
    rate = spade_rate(p)
    travel.append(f"Digging {p.dig} of {dmax}: a spade costs {counted(rate, 'worker')}" if rate else "No digging (no spades bought)")
    out.append(("Shipping and digging", travel))
    cults = [", ".join(f"{TRACKS[i]} {p.cult[i]}" for i in range(4))]
    used = sum(1 for v in p.cult if v >= 10)
    cults.append(f"Keys: {p.keys} ({used} on space 10 of a track)")
    out.append(("Cults", cults))
    tiles = [("Bonus card " + bonus_words(p.bonus)) if p.bonus else "No bonus card"]
    tiles += ["Favor " + favor_words(fv) for fv in p.favors] or ["No favor tiles"]
    tiles += [f"Town {tw}: {town_words(tw)}" for tw in p.towns] or ["No towns"]
    if p.used:
        tiles.append("Special actions used this round: " + ", ".join(p.used))
    out.append(("Tiles", tiles))
    return out


def town_words(tw: str) -> str:
    """All a town tile gave, not only its VP: "8 VP, 1 step on each cult track"."""
    t = TOWN[tw]
    parts = [f"{t['vp']} VP"]
    if t.get("gain"):
        parts.append(amount(t["gain"]))
    if t.get("cult_each"):
        parts.append(f"{t['cult_each']} step{'s' if t['cult_each'] > 1 else ''} on each cult track")
    if t.get("ship"):
        parts.append("1 shipping level")
    if t.get("keys", 1) > 1:
        parts.append(f"{t['keys']} keys")
    return ", ".join(parts)
