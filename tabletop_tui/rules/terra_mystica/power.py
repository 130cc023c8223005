"""Resources and the power bowls: gains fill bowl I→II then II→III, spending III→I; income."""
from __future__ import annotations

from tabletop_tui.rules.terra_mystica.data import BONUS, FACTIONS, FAVOR
from tabletop_tui.rules.terra_mystica.state import Player, State


def fac(p: Player) -> dict:
    return FACTIONS[p.faction]


def capacity(p: Player) -> int:
    return 2 * p.bowls[0] + p.bowls[1]


def gain_power(p: Player, n: int, s: State | None = None, why: str = "") -> int:
    """Move ``n`` power up the bowls (I→II first, then II→III); returns how much moved. With
    ``s``, power that could not move (all in bowl III) is noted as lost, for the ledger."""
    b = p.bowls
    got = 0
    m = min(n, b[0])
    b[0] -= m
    b[1] += m
    got += m
    n -= m
    m = min(n, b[1])
    b[1] -= m
    b[2] += m
    got += m
    if s is not None and n - m > 0:
        from tabletop_tui.rules.terra_mystica.ledger import lost_power, seat_of

        lost_power(s, seat_of(s, p), n - m, why)
    return got


def power_moves(bowls: list[int], n: int) -> tuple[int, int]:
    """How gaining ``n`` power moves tokens: (bowl I to II, bowl II to III), as gain_power moves them."""
    up = min(n, bowls[0])
    return up, min(n - up, bowls[1] + up)


def power_words(bowls: list[int], n: int) -> str:
    """"2 power, 1 from I to II and 1 from II to III" — a gain of power said as the tokens it moves."""
    up, on = power_moves(bowls, n)
    moves = ([f"{up} from I to II"] if up else []) + ([f"{on} from II to III"] if on else [])
    return f"{n} power, " + (" and ".join(moves) if moves else "none moved")


def priest_room(p: Player) -> int:
    return 7 - p.P - p.priests_sent


def gain(s: State, p: Player, res: dict, mult: int = 1, why: str = "") -> None:
    """``p`` gains ``res`` (times ``mult``); ``why`` names the gain for the ledger where priests
    are cut short (only 7 priests in all: "+1 P (income; 1 lost: all 7 priests in play)")."""
    for k, v in res.items():
        v *= mult
        if k == "C":
            p.C += v
        elif k == "W":
            p.W += v
        elif k == "P":
            got = max(0, min(v, priest_room(p)))
            p.P += got
            if got < v and why:
                from tabletop_tui.rules.terra_mystica.ledger import note, seat_of

                note(s, seat_of(s, p), "P", got, f"{why}; {v - got} lost: all 7 priests in play", zero=True)
        elif k == "PW":
            gain_power(p, v, s, why)
        elif k == "VP":
            p.VP += v


def can_pay(p: Player, cost: dict) -> bool:
    return p.C >= cost.get("C", 0) and p.W >= cost.get("W", 0) and p.P >= cost.get("P", 0)


def pay(p: Player, cost: dict) -> None:
    p.C -= cost.get("C", 0)
    p.W -= cost.get("W", 0)
    p.P -= cost.get("P", 0)


def income(s: State, seat: int) -> dict:
    p = s.players[seat]
    f = fac(p)
    tot: dict = {}

    def add(d):
        for k, v in d.items():
            tot[k] = tot.get(k, 0) + v

    add(f["base_income"])
    for b, spec in f["buildings"].items():
        for i in range(p.counts[b]):
            add(spec["income"][i])
    if p.bonus:
        add(BONUS[p.bonus]["income"])
    for fv in p.favors:
        add(FAVOR[fv].get("income", {}))
    return tot
