"""Towns (4 directly connected structures worth 7 power), town and favor tiles, round tile VP."""
from __future__ import annotations

from tabletop_tui.rules.terra_mystica.board import adjacent, structures
from tabletop_tui.rules.terra_mystica.cults import advance_cult, key_arrived, key_candidates, keys_free
from tabletop_tui.rules.terra_mystica.data import FAVOR, POWER_VALUE, SCORING, TOWN
from tabletop_tui.rules.terra_mystica.ledger import add_vp, credit, note, round_tile_source
from tabletop_tui.rules.terra_mystica.power import fac, gain
from tabletop_tui.rules.terra_mystica.state import OWN_TURN_STEPS, Player, State


def round_tile(s: State) -> dict | None:
    if s.phase == "play" and 1 <= s.round <= 6:
        return SCORING[s.scoring[s.round - 1]]
    return None


def round_vp(s: State, p: Player, what: str, n: int = 1) -> None:
    t = round_tile(s)
    if t and t["on"] == what and s.step in OWN_TURN_STEPS:
        add_vp(s, p, t["vp"] * n, round_tile_source(t))


def component(s: State, seat: int, h: int) -> list[int]:
    seen = {h}
    stack = [h]
    while stack:
        x = stack.pop()
        for n in adjacent(s, x):
            if n not in seen and s.owner[n] == seat:
                seen.add(n)
                stack.append(n)
        for r in s.river_towns:
            if r[1] == seat and x in (r[2], r[3]):
                y = r[3] if x == r[2] else r[2]
                if y not in seen and s.owner[y] == seat:
                    seen.add(y)
                    stack.append(y)
    return list(seen)


def town_need(p: Player) -> int:
    return 6 if "FAV5" in p.favors else 7


def check_town(s: State, seat: int, h: int) -> None:
    if s.owner[h] != seat:
        return
    comp = component(s, seat, h)
    if any(s.in_town[x] for x in comp):
        for x in comp:
            s.in_town[x] = True
        return
    p = s.players[seat]
    size = len(comp) + sum(1 for x in comp if s.btype[x] == "SA")
    power = sum(POWER_VALUE[s.btype[x]] for x in comp)
    if size >= 4 and power >= town_need(p) and any(v > 0 for v in s.town_pool.values()):
        for x in comp:
            s.in_town[x] = True
        s.towns_due += 1


def check_all_towns(s: State, seat: int) -> None:
    for h in structures(s, seat):
        if not s.in_town[h]:
            check_town(s, seat, h)


def take_town(s: State, seat: int, tw: str) -> None:
    p = s.players[seat]
    t = TOWN[tw]
    s.town_pool[tw] -= 1
    p.towns.append(tw)
    # what founding a town pays comes with its tile, on the tile's entry (as the reference pays the
    # Swarmlings' workers: TW1..8 => W 3 — so they cannot be converted before the tile is taken)
    round_vp(s, p, "town")
    if p.faction == "witches":
        add_vp(s, p, 5, "Witches' town bonus")
    if p.faction == "swarmlings":
        p.W += 3
        note(s, seat, "W", 3, "Swarmlings' town bonus")
    add_vp(s, p, t["vp"], f"town tile {tw}")
    p.keys += t["keys"]
    with credit(s, seat, f"town tile {tw}"):
        key_arrived(s, seat)
        gain(s, p, t.get("gain", {}), why=f"town tile {tw}")
    if t.get("cult_each"):
        n = t["cult_each"]
        cands = key_candidates(s, seat, n)
        if 0 < keys_free(s, seat) < len(cands):
            # more tracks could reach 10 than there are keys: the player chooses (s.key_choice)
            for i in range(4):
                if i not in cands:
                    advance_cult(s, seat, i, n)
            s.key_choice = cands
        else:
            for i in range(4):
                advance_cult(s, seat, i, n)
    if t.get("ship"):
        if p.faction == "fakirs":
            p.carpet_bonus += 1
        elif p.ship < fac(p)["shipping"]["max"]:
            p.ship += 1
            add_vp(s, p, fac(p)["shipping"]["vp"].get(str(p.ship), fac(p)["shipping"]["vp"].get(p.ship, 0)),
                   "shipping advance")


def take_favor(s: State, seat: int, fv: str) -> None:
    p = s.players[seat]
    s.favor_pool[fv] -= 1
    p.favors.append(fv)
    tr, n = FAVOR[fv]["cult"]
    advance_cult(s, seat, tr, n)
    if fv == "FAV5":
        check_all_towns(s, seat)
