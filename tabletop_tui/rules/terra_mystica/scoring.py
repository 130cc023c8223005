"""Game-end scoring: cult tracks 8/4/2, largest network 18/12/6 (ties split, rounded down), resources."""
from __future__ import annotations

from tabletop_tui.rules.core import counted
from tabletop_tui.rules.terra_mystica.data import SHIP_DIST, WITHIN
from tabletop_tui.rules.terra_mystica.ledger import add_vp
from tabletop_tui.rules.terra_mystica.state import State


def tiered(values: dict[int, int], prizes: list[int]) -> dict[int, int]:
    """Seats with value > 0 ranked; tied seats share the prizes of the places they occupy."""
    out = {seat: 0 for seat in values}
    ranked = sorted((v for v in set(values.values()) if v > 0), reverse=True)
    place = 0
    for v in ranked:
        group = [seat for seat, x in values.items() if x == v]
        pot = sum(prizes[place:place + len(group)])
        for seat in group:
            out[seat] = pot // len(group)
        place += len(group)
        if place >= len(prizes):
            break
    return out


def network_size(s: State, seat: int) -> int:
    from tabletop_tui.rules.terra_mystica.board import adjacent, range_kind

    p = s.players[seat]
    own = [h for h in range(len(s.owner)) if s.owner[h] == seat]
    ownset = set(own)
    kind, dist = range_kind(p)
    best = 0
    seen: set[int] = set()
    for start in own:
        if start in seen:
            continue
        comp = {start}
        stack = [start]
        while stack:
            x = stack.pop()
            nbrs = set(adjacent(s, x))
            for t, d in SHIP_DIST[x].items():
                if d <= p.ship:
                    nbrs.add(t)
            if kind:
                for t, d in WITHIN[x].items():
                    if d <= dist:
                        nbrs.add(t)
            for n in nbrs:
                if n in ownset and n not in comp:
                    comp.add(n)
                    stack.append(n)
        seen |= comp
        best = max(best, len(comp))
    return best


def resources_words(p) -> str:
    """What the final scoring converts: "9 C, 3 W, 1 P, 4 power in bowl III and 7 in bowl II (burned to 3)"."""
    parts = [f"{n} {k}" for k, n in (("C", p.C), ("W", p.W), ("P", p.P)) if n]
    if p.bowls[2]:
        parts.append(f"{p.bowls[2]} power in bowl III")
    if p.bowls[1] >= 2:
        parts.append(f"{p.bowls[1]} in bowl II (burned to {p.bowls[1] // 2})")
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def final_scoring(s: State) -> None:
    n = len(s.players)
    for p in s.players:
        p.breakdown = {"game": p.VP}
    for t in range(4):
        got = tiered({i: s.players[i].cult[t] for i in range(n)}, [8, 4, 2])
        for i, v in got.items():
            add_vp(s, s.players[i], v, f"cult majority: {('Fire', 'Water', 'Earth', 'Air')[t]}")
            s.players[i].breakdown["cults"] = s.players[i].breakdown.get("cults", 0) + v
    got = tiered({i: network_size(s, i) for i in range(n)}, [18, 12, 6])
    for i, v in got.items():
        add_vp(s, s.players[i], v, "largest connected area")
        s.players[i].breakdown["network"] = v
    for p in s.players:
        coins = p.C + p.W + p.P + p.bowls[2] + p.bowls[1] // 2
        rate = 2 if p.faction == "alchemists" else 3
        v = coins // rate
        add_vp(s, p, v, f"resources: {resources_words(p)} make {counted(coins, 'coin')}, 1 VP per {rate}")
        p.breakdown["resources"] = v
    s.final = True
